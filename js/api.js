// The whole API, which the entry points with everything share: js/index.js
// (browsers, workers, bundlers), js/node.js (Node), js/inline.js (the wasm
// embedded) and js/workerd.js (Cloudflare Workers).  Each adds its own init(),
// which differs only in where the wasm modules come from when it is given no
// source, and calls installAll() once.  The narrower entry points are in
// js/entries/ (README, "What each entry costs").
import { decode as decodeBuffer } from './dom/decode.js';
import { installDom } from './dom/install.js';
import { installHtmlParser } from './dom/parse.js';
import { installXmlParser } from './xml/xml.js';
import { installSanitizerMembers } from './sanitize/index.js';

export { initSync, isReady, memoryUsage, releaseMemory } from './core/loader.js';
export { tokenize } from './html/tokenize.js';
export { parseToBuffer, parseToView } from './html/parse.js';
export { parse, parseFragment } from './dom/parse.js';
export { sniffEncoding } from './html/bytes.js';
export { readHeader, readErrors } from './dom/decode.js';
export { serialize, serializeBuffer, serializeOuter } from './html/serialize.js';
export { dumpTree } from './dom/dump.js';
export { createParser, createTokenizer, parseStream, tokenizeStream } from './stream/stream.js';
export { parseXml, parseXmlToBuffer, serializeXml } from './xml/xml.js';
export { initXml, initXmlSync } from './xml/module.js';
export { tokenizeXml } from './xml/xml-tokenize.js';
export { dumpXmlTree } from './xml/xml-dump.js';
// DOMPurify and other libraries that take a window (js/window/): bundlers drop it from programs that do not use it.
export { createWindow } from './window/window.js';
export { HTMLRewriter } from './rewrite/index.js';
export { initRewrite, initRewriteSync } from './rewrite/module.js';
export { Sanitizer, installSanitizerMembers, isJavascriptURL, parseHTML, parseHTMLUnsafe, sanitize } from './sanitize/index.js';

/**
 * decode() with the HTML parser at hand: setting innerHTML, outerHTML or
 * insertAdjacentHTML on the tree parses (html5-wasm/decode's decode() has no
 * parser: those setters throw there).
 * @type {typeof decodeBuffer}
 */
export function decode(buffer, options) {
  installHtmlParser();
  return decodeBuffer(buffer, options);
}

/**
 * What an entry point with the whole API installs, explicitly, once: the
 * DOM's members from the modules above js/dom/dom.js (js/dom/install.js),
 * the parsers that innerHTML/outerHTML setters use in HTML and XML documents,
 * and setHTML()/setHTMLUnsafe() (the sanitizer, js/sanitize/).
 */
export function installAll() {
  installDom();
  installHtmlParser();
  installXmlParser();
  installSanitizerMembers();
}
