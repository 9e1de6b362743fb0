// The API every entry point shares: js/index.js (browsers, workers,
// bundlers), js/node.js (Node) and js/inline.js (the wasm embedded) add
// their own init(), which differs only in where html5.wasm comes from when
// it is given no source.
export { initSync, isReady, memoryUsage, releaseMemory } from './loader.js';
export { tokenize } from './tokenize.js';
export { parse, parseFragment, parseToBuffer, parseToView } from './parse.js';
export { sniffEncoding } from './bytes.js';
export { decode, readHeader, readErrors } from './decode.js';
export { serialize, serializeBuffer, serializeOuter } from './serialize.js';
export { dumpTree } from './dump.js';
export { createParser, createTokenizer, parseStream, tokenizeStream } from './stream.js';
export { parseXml, parseXmlToBuffer, serializeXml } from './xml.js';
export { tokenizeXml } from './xml-tokenize.js';
export { dumpXmlTree } from './xml-dump.js';
export { HTMLRewriter } from './rewrite/index.js';
