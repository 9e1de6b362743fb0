// Types of html5-wasm/decode (js/entries/decode.js): trees from flat buffers, no WebAssembly.
export { decode, readErrors, readHeader, serialize, serializeOuter, dumpTree } from '../index.js';
export type * from '../index.js';
