// Types of html5-wasm/stream (js/entries/stream.js): streaming parse and tokenize, and the DOM they build.
export {
  init, initSync, isReady, memoryUsage, releaseMemory, createParser, createTokenizer, parseStream, tokenizeStream,
  parse, parseFragment, serialize, serializeOuter,
} from '../index.js';
export type * from '../index.js';
