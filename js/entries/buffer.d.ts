// Types of html5-wasm/buffer (js/entries/buffer.js): parsing to flat buffers, no DOM.
export {
  init, initSync, isReady, memoryUsage, releaseMemory, parseToBuffer, parseToView, tokenize, sniffEncoding,
  serializeBuffer, readErrors, readHeader,
} from '../index.js';
export type * from '../index.js';
