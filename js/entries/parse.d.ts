// Types of html5-wasm/parse (js/entries/parse.js): parse() and parseFragment() with the DOM's base.
// A document is a BaseDocument (js/dom/decode.d.ts says what the base leaves out); the rest of the
// types are the default entry's.
import type { Bytes } from '../types.js';
import type { BaseDecodedRoot, Format } from '../dom/decode.js';
import type { ParseDocumentOptions } from '../index.js';

export {
  init, initSync, isReady, memoryUsage, releaseMemory, parseFragment, serialize, serializeOuter, dumpTree,
} from '../index.js';
export type * from '../index.js';

/** Parse a document (HTML 13.2) into the DOM's base, or parse5's objects with `format: 'object'`. */
export declare function parse<F extends Format = 'dom'>(input: string | Bytes, options?: ParseDocumentOptions<F>): BaseDecodedRoot<F, 'document'>;
