// Types of html5-wasm/parse (js/entries/parse.js): parse() and parseFragment() with the DOM's base.
export {
  init, initSync, isReady, memoryUsage, releaseMemory, parse, parseFragment, serialize, serializeOuter, dumpTree,
} from '../index.js';
export type * from '../index.js';
