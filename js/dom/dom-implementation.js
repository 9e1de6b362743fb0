// DOM 4.5.1 DOMImplementation (issue 18): document.implementation with
// createDocumentType, createDocument (an XML document), createHTMLDocument
// and hasFeature.  Imported by js/dom/traversal.js, so every tree decode() makes
// has it.
import { TYPE_DOCTYPE } from '../core/abi.js';
import { Document, DocumentType, HTML_NS, SVG_NS, Tree, domException } from './dom.js';
import { attachXml } from './xml-dom.js';

/** One per document (DOM: "each document has an associated DOMImplementation object"). */
const implementations = new WeakMap();

export class DOMImplementation {
  /** @param {Document} document */
  constructor(document) {
    this._d = document;
  }
  /**
   * DOM "createDocumentType(name, publicId, systemId)": a doctype of this
   * document.  InvalidCharacterError when name is not a valid doctype name
   * (ASCII whitespace, NULL or '>').
   */
  createDocumentType(name, publicId, systemId) {
    if (arguments.length < 3) throw new TypeError(`createDocumentType: 3 arguments required, but only ${arguments.length} present`);
    const n = String(name);
    if (/[\t\n\f\r \0>]/.test(n)) throw domException(`createDocumentType: '${n}' is not a valid doctype name`, 'InvalidCharacterError');
    const t = this._d._t;
    const i = t.create(TYPE_DOCTYPE, 0, n);
    const r = t.ov.get(i);
    r.pub = String(publicId);
    r.sys = String(systemId);
    return t.node(i);
  }
  /**
   * DOM "createDocument(namespace, qualifiedName, doctype)": a new XML
   * document (js/dom/xml-dom.js XmlDocument) holding `doctype` when given, then
   * the element createElementNS(namespace, qualifiedName) makes (its
   * InvalidCharacterError and NamespaceError) unless qualifiedName is empty
   * (null counts as empty).  Its content type follows the namespace:
   * application/xhtml+xml for the HTML namespace (createElement then makes
   * HTML elements), image/svg+xml for SVG's, else application/xml.
   */
  createDocument(namespace, qualifiedName, doctype = null) {
    if (arguments.length < 2) throw new TypeError('createDocument: 2 arguments required');
    if (doctype !== null && !(doctype instanceof DocumentType)) throw new TypeError('createDocument: doctype is not a DocumentType');
    const t = Tree.emptyDocument(false);
    if (this._d._t.maps !== null) t.maps = new Map(); // (a document made from one that keeps its NamedNodeMaps keeps them: js/window/attribute-maps.js)
    // An XML section with one qualifier, no namespace, for the document node.
    attachXml(t, { nq: new Uint32Array(1), aq: new Uint32Array(0), ns: [null], prefix: [null], declaration: null });
    t.xml.contentType = namespace === HTML_NS ? 'application/xhtml+xml' : namespace === SVG_NS ? 'image/svg+xml' : 'application/xml';
    const doc = t.node(0);
    const q = qualifiedName === null ? '' : String(qualifiedName);
    const element = q === '' ? null : doc.createElementNS(namespace, q);
    if (doctype !== null) doc.appendChild(doctype);
    if (element !== null) doc.appendChild(element);
    return doc;
  }
  /**
   * DOM "createHTMLDocument(title)": a new HTML document in no-quirks mode
   * with a doctype "html", html, head, a title when `title` is given, and
   * body.  It has no browsing context, so scripting is disabled in it
   * (innerHTML parses <noscript> content as markup).
   */
  createHTMLDocument(title) {
    const t = Tree.emptyDocument(false);
    if (this._d._t.maps !== null) t.maps = new Map();
    const doc = t.node(0);
    doc.appendChild(new DOMImplementation(doc).createDocumentType('html', '', ''));
    const html = doc.appendChild(doc.createElement('html'));
    const head = html.appendChild(doc.createElement('head'));
    if (title !== undefined) head.appendChild(doc.createElement('title')).appendChild(doc.createTextNode(String(title)));
    html.appendChild(doc.createElement('body'));
    return doc;
  }
  /** DOM: useless; always true. */
  hasFeature() { return true; }
  get [Symbol.toStringTag]() { return 'DOMImplementation'; }
}

let installed = false;
/** Install Document#implementation; called once by installDom() (js/dom/install.js). */
export function installImplementation() {
  if (installed) return;
  installed = true;
  Object.defineProperty(Document.prototype, 'implementation', {
    get() {
      let impl = implementations.get(this);
      if (impl === undefined) implementations.set(this, (impl = new DOMImplementation(this)));
      return impl;
    },
    configurable: true,
  });
}
