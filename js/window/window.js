// createWindow(): a window-like object over this library's DOM, for libraries
// written against a browser's window that only read and change a DOM:
// DOMPurify (`createDOMPurify(createWindow())`), and others that take a
// window the same way (issue 32, item 3; docs/dom.md, "DOMPurify and other
// DOM libraries").
//
// It is a plain object holding a document and the interface objects (Node,
// Element, HTMLTemplateElement, NodeFilter, DOMParser, ...), whose members are
// on the interface that defines them, as WebIDL puts them (DOMPurify calls
// Node.prototype's and Element.prototype's getters directly).  Nothing here
// has a browsing context: no script runs, no event handler is evaluated
// (there are no events), no URL is fetched, whatever the markup (item 5).
import { parse } from '../dom/parse.js';
import { parseXml, serializeXml } from '../xml/xml.js';
import {
  Attr, CDATASection, CharacterData, Comment, Document, DocumentFragment, DocumentType, Element, NamedNodeMap, Node,
  ProcessingInstruction, ShadowRoot, TemplateElement, Text,
} from '../dom/dom.js';
import { installAttributeMaps, keepAttributes } from './attribute-maps.js';
import { installIdlAttributes } from './idl-attributes.js';
import { installDom } from '../dom/install.js';
import { HTMLElement, MathMLElement, SVGElement, htmlInterfaces } from '../dom/html-elements.js';
import { NodeFilter, NodeIterator, TreeWalker } from '../dom/traversal.js';
import { DOMImplementation } from '../dom/dom-implementation.js';
import { HTMLCollection, HTMLFormControlsCollection, HTMLOptionsCollection, NodeList, RadioNodeList } from '../dom/collections.js';
import { DOMTokenList } from '../dom/tokenlist.js';
import { XmlDocument } from '../dom/xml-dom.js';
import { checkInput, checkOptions, isString } from '../core/options.js';

const WINDOW_OPTIONS = { url: isString, html: isString };

// HTML 8.5.1 parseFromString: the namespace of the root element of a document that is not well-formed XML,
// and the DOMParserSupportedType values that parse XML.
const PARSERERROR_NS = 'http://www.mozilla.org/newlayout/xml/parsererror.xml';
const XML_TYPES = new Set(['text/xml', 'application/xml', 'application/xhtml+xml', 'image/svg+xml']);

// The window's documents, and those made from them, keep their elements'
// NamedNodeMaps: `attributes` gives the same object on every read, as in a
// browser (js/window/attribute-maps.js).
function kept(doc) {
  keepAttributes(doc._t);
  return doc;
}

/** A DOMParser class whose documents get `url` as their URL (HTML 8.5.1: the associated Document's URL). */
function domParserClass(url) {
  return class DOMParser {
    /**
     * HTML 8.5.1 parseFromString(string, type): 'text/html' parses HTML with
     * scripting disabled (the document has no browsing context); the XML
     * types parse XML, and a document that is not well-formed gives a
     * document holding only a `parsererror` element (its text: the error).
     */
    parseFromString(string, type) {
      if (arguments.length < 2) throw new TypeError(`DOMParser.parseFromString: 2 arguments required, but only ${arguments.length} present`);
      const s = String(string);
      const t = String(type);
      if (t === 'text/html') return kept(parse(s, { scriptingEnabled: false, url }));
      if (!XML_TYPES.has(t)) {
        throw new TypeError(`DOMParser.parseFromString: '${t}' is not a valid DOMParserSupportedType (text/html, text/xml, application/xml, application/xhtml+xml, image/svg+xml)`);
      }
      let doc;
      try {
        doc = parseXml(s, { strict: true });
      } catch (e) {
        if (!(e instanceof SyntaxError) || typeof e.code !== 'string') throw e;
        doc = parseXml(`<parsererror xmlns="${PARSERERROR_NS}"/>`);
        doc.documentElement.textContent = e.message;
      }
      doc._t.xml.contentType = t;
      doc._t.url = url;
      return kept(doc);
    }
    get [Symbol.toStringTag]() { return 'DOMParser'; }
  };
}

/** DOM Parsing 2.1 XMLSerializer: serializeToString(node) (this library's serializeXml). */
class XMLSerializer {
  serializeToString(root) {
    if (!(root instanceof Node) && !(root instanceof Attr)) throw new TypeError('XMLSerializer.serializeToString: the argument is not a Node');
    return serializeXml(root);
  }
  get [Symbol.toStringTag]() { return 'XMLSerializer'; }
}

/**
 * A window-like object: `document` (an empty HTML document, or `html`
 * parsed with scripting disabled; its URL `url`, default 'about:blank'),
 * `window` and `self` (the object itself), `DOMParser`, `XMLSerializer`,
 * `NodeFilter` and the DOM and HTML interface objects.  No `trustedTypes`,
 * `location`, timers or events: nothing it holds can run code or load a URL.
 * @param {{ url?: string, html?: string }} [options]
 */
export function createWindow(options) {
  const o = checkOptions('createWindow', options, WINDOW_OPTIONS);
  // The members a browser's DOM has that mean nothing here (event handler
  // attributes, ...) and the kept attribute maps: installed on the first call.
  installDom();
  installIdlAttributes();
  installAttributeMaps();
  const url = o.url ?? 'about:blank';
  if (o.url !== undefined && !URL.canParse(url)) throw new TypeError(`createWindow(): option 'url' must be an absolute URL; got ${JSON.stringify(url)}`);
  if (o.html !== undefined) checkInput('createWindow', o.html);
  const document = kept(parse(o.html ?? '<!DOCTYPE html><html><head></head><body></body></html>', { scriptingEnabled: false, url }));
  const window = {
    document,
    DOMParser: domParserClass(url),
    XMLSerializer,
    NodeFilter,
    Node, Attr, CharacterData, Text, CDATASection, Comment, ProcessingInstruction, DocumentType, Document, XMLDocument: XmlDocument,
    DocumentFragment, ShadowRoot, Element, HTMLElement, SVGElement, MathMLElement, HTMLTemplateElement: TemplateElement,
    NamedNodeMap, NodeList, HTMLCollection, HTMLFormControlsCollection, HTMLOptionsCollection, RadioNodeList, DOMTokenList,
    NodeIterator, TreeWalker, DOMImplementation,
    DOMException: globalThis.DOMException,
  };
  for (const C of htmlInterfaces()) window[C.name] = C;
  window.window = window;
  window.self = window;
  return window;
}
