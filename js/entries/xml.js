// html5-wasm/xml: the XML5 parser (dist/xml5.wasm) and the DOM of XML
// documents, without html5.wasm.  init() and initSync() here load
// xml5.wasm; in Node the first call loads it by itself.
import { besidePackageSource, setPlatformSource } from '../core/loader.js';
import { installDom } from '../dom/install.js';
import { installXmlParser } from '../xml/xml.js';

export { parseXml, parseXmlToBuffer, serializeXml } from '../xml/xml.js';
export { tokenizeXml } from '../xml/xml-tokenize.js';
export { dumpXmlTree } from '../xml/xml-dump.js';
export { decode } from '../dom/decode.js';
export { initXml as init, initXmlSync as initSync } from '../xml/module.js';

// In Node the modules load on first use from the package's dist/ (no init() needed).
setPlatformSource(besidePackageSource, true);

installDom();
installXmlParser();
