// Types of html5-wasm/xml (js/entries/xml.js): the XML5 parser (xml5.wasm) and XML documents.
export { parseXml, parseXmlToBuffer, serializeXml, tokenizeXml, dumpXmlTree, decode } from '../index.js';
export { initXml as init, initXmlSync as initSync } from '../index.js';
export type * from '../index.js';
