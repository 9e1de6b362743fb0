// Types of html5-wasm/rewrite (js/entries/rewrite.js): HTMLRewriter on html5.wasm's tokenizer.
export { init, initSync, isReady } from '../index.js';
export * from '../rewrite/index.js';
