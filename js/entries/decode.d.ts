// Types of html5-wasm/decode (js/entries/decode.js): trees from flat buffers, no WebAssembly, with the
// DOM's base: a document is a BaseDocument (js/dom/decode.d.ts says what the base leaves out); the rest
// of the types are the default entry's.
import type { Buffer, BaseDecodedRoot, DecodeOptions, Format, RootKind, TreeKind } from '../dom/decode.js';

export { readErrors, readHeader, serialize, serializeOuter, dumpTree } from '../index.js';
export type * from '../index.js';

/** decode() of the default entry (the same checks and errors), into the DOM's base. */
export declare function decode<F extends Format = 'dom', K extends RootKind = RootKind>(
  buffer: Buffer & TreeKind<K>,
  options?: DecodeOptions<F>,
): BaseDecodedRoot<F, K>;
