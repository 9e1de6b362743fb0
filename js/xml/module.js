// dist/xml5.wasm, the XML5 parser's own module (issue 29): loaded only by
// programs that use the XML API, so that a page that never parses XML
// downloads and compiles none of it.
//
// Where it comes from: in Node (js/node.js) and html5-wasm/inline the entry
// point's platform source gives its bytes on the first XML call; in browsers
// and workers, init() of the default entry point loads it beside html5.wasm
// when the program contains the XML API (xmlInit below, which init() calls),
// and initXml() / init() of html5-wasm/xml load it on their own.
import { WasmModule, companions } from '../core/loader.js';
import { xml5Url } from '../xml5-url.js';

export const xmlModule = new WasmModule('xml5.wasm', 'h5w_parse_xml', 'initXml()');

/** The XML module's exports (loaded on first use where the platform allows it). */
export function getXmlWasm() { return xmlModule.get(); }

/**
 * Load xml5.wasm: from `source`, or else from dist/xml5.wasm beside js/
 * (js/xml5-url.js: bundlers emit the file only when the XML API is in the
 * program).
 */
export function initXml(source, options) {
  return xmlModule.load(source, xml5Url, options);
}

/**
 * What init() of an entry point with the whole API runs for XML: start
 * loading xml5.wasm from its default place, without failing init() when it
 * cannot be had (the first XML call then throws why, and initXml(source)
 * loads it from elsewhere).
 */
export function initXmlQuietly() {
  return xmlModule.loadQuietly(xml5Url);
}

/** Synchronous initialisation from the bytes of xml5.wasm or its WebAssembly.Module. */
export function initXmlSync(source, options) { xmlModule.initSync(source, options, 'initXmlSync'); }

// init() of an entry point with the whole API (js/index.js) loads xml5.wasm
// too when the XML API is part of the program: in a bundle without it this
// module is not there, and nothing of XML is downloaded.
companions.push(initXmlQuietly);
