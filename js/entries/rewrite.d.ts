// Types of html5-wasm/rewrite (js/entries/rewrite.js): HTMLRewriter with its own module, rewrite.wasm.
export { initRewrite as init, initRewriteSync as initSync } from '../index.js';
export * from '../rewrite/index.js';
