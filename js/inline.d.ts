// Types of html5-wasm/inline (js/inline.js): the same API as the main entry.
export * from './index.js';
