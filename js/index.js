// html5-wasm: a WHATWG-exact HTML parser compiled to WebAssembly.
// Browser / worker / bundler entry point; Node uses js/node.js, which
// initialises itself at import.
export { init, initSync, isReady, memoryUsage, releaseMemory } from './loader.js';
export { tokenize } from './tokenize.js';
export { parse, parseFragment, parseToBuffer, parseToView } from './parse.js';
export { sniffEncoding } from './bytes.js';
export { decode } from './decode.js';
export { serialize, serializeBuffer, serializeOuter } from './serialize.js';
export { dumpTree } from './dump.js';
export { parseXml, parseXmlToBuffer, serializeXml } from './xml.js';
export { tokenizeXml } from './xml-tokenize.js';
export { dumpXmlTree } from './xml-dump.js';
