// Types of html5-wasm/sanitize (js/entries/sanitize.js): the HTML Sanitizer API and the parser it needs.
export { init, initSync, isReady, parse, parseFragment, serialize } from '../index.js';
export * from '../sanitize/index.js';
export type * from '../index.js';
