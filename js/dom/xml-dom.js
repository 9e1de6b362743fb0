// The node classes of XML documents (parseXml, decode of a buffer with the
// XML section): js/dom/dom.js's classes with the XML section's names.  In an XML
// buffer an element's and an attribute's record name is the local name, and
// the namespace and prefix come from the XML section (js/core/xml-records.js);
// names are case-sensitive, no HTML rule applies.  A Tree of an XML buffer
// has `xml` set (attachXml) and makes its Element and Document nodes here.
import { ATTR_NS_URI, NONE, NS_OTHER, TYPE_DOCUMENT, TYPE_ELEMENT, TYPE_FRAGMENT, TYPE_TEXT } from '../core/abi.js';
import {
  ANS_OTHER, Attr, Document, Element, HTML_NS, Tree, XMLNS_NS, creationIs, domException, isValidAttributeLocalName, isValidElementLocalName,
} from './dom.js';
import { escapeAttr, serializeWellFormed, serializeXml } from './xml-serialize.js';

/** Make `tree` (a dom.js Tree) an XML document's: `xml` is readXmlSection's result. */
export function attachXml(tree, xml) {
  tree.xml = {
    ...xml,
    make(t, i) {
      const type = t.type(i);
      if (type === TYPE_ELEMENT) return isTemplate(t, i) ? new XmlTemplateElement(t, i) : new XmlElement(t, i);
      if (type === TYPE_DOCUMENT) return new XmlDocument(t, i);
      return null;
    },
    parseFragment: parseXmlFragment,
  };
  // The Tree's name accessors, for this tree only: a node or attribute of
  // the buffer has its namespace and prefix in the XML section, one made or
  // changed after parsing (index past the buffer's) in the overlay, as in
  // any tree.  Copies (cloneNode, importNode, attribute lists that change)
  // read them through these, so they carry the XML names.
  const x = tree.xml;
  const base = Tree.prototype;
  tree.nsURI = (i) => (i < tree.count ? x.ns[x.nq[i]] : base.nsURI.call(tree, i));
  tree.prefixOf = (i) => (i < tree.count ? x.prefix[x.nq[i]] : base.prefixOf.call(tree, i));
  tree.attrURI = (k) => (k < tree.acount ? x.ns[x.aq[k]] : base.attrURI.call(tree, k));
  tree.attrPrefix = (k) => (k < tree.acount ? x.prefix[x.aq[k]] : base.attrPrefix.call(tree, k));
  tree.attrNs = (k) => (k < tree.acount ? attrNsCode(x.ns[x.aq[k]]) : base.attrNs.call(tree, k));
  tree.attrQName = (k) => qualified(tree.attrPrefix(k), tree.attrName(k));
}
/** js/dom/dom.js's ANS_* code of an attribute namespace URI. */
function attrNsCode(uri) {
  const code = ATTR_NS_URI.indexOf(uri);
  return code >= 0 ? code : ANS_OTHER;
}

// ---- the XML fragment parsing algorithm -----------------------------------

/** parseXml (js/xml/xml.js registers it: this module cannot import it, xml.js imports decode.js, which imports this one). */
let xmlParser = null;
/** @param {(input: string, options: object) => XmlDocument} fn */
export function setXmlParser(fn) { xmlParser = fn; }

/**
 * The namespaces in scope on element i of tree t, as DOM 4.4 "locate a
 * namespace" finds them (lookupNamespaceURI; null: the default namespace):
 * prefix → URI, the nearest declaration winning (an element's own namespace
 * and prefix first, then its xmlns attributes; an empty value undeclares).
 * The xml and xmlns prefixes are always bound and not listed.
 */
function namespacesInScope(t, i) {
  const m = new Map();
  for (let e = i; e !== NONE && t.type(e) === TYPE_ELEMENT; e = t.parent(e)) {
    const uri = t.nsURI(e);
    const prefix = t.prefixOf(e);
    if (uri !== null && !m.has(prefix)) m.set(prefix, uri);
    for (let k = t.attrFirst(e), end = k + t.attrCount(e); k < end; k++) {
      if (t.attrURI(k) !== XMLNS_NS) continue;
      const p = t.attrPrefix(k) === 'xmlns' ? t.attrName(k) : t.attrName(k) === 'xmlns' ? null : undefined;
      if (p !== undefined && !m.has(p)) m.set(p, t.attrValue(k) === '' ? null : t.attrValue(k));
    }
  }
  m.delete('xml');
  m.delete('xmlns');
  return m;
}

/**
 * HTML "XML fragment parsing algorithm" (13.4, for innerHTML, outerHTML and
 * insertAdjacentHTML on elements of XML documents): the markup parsed by the
 * XML5 parser inside a start tag of the context element's qualified name
 * that declares the namespaces in scope on it, and its end tag; a
 * well-formedness or namespace well-formedness error (or anything beside
 * that element) is a SyntaxError DOMException, as in browsers.  Returns a
 * new DocumentFragment of the context's tree holding the element's
 * children.  (js/dom/dom.js calls it through tree.xml.parseFragment.)
 */
function parseXmlFragment(context, markup, fn) {
  if (xmlParser === null) throw new Error(`${fn}: needs js/xml/xml.js`);
  const t = context._t;
  const q = qualified(t.prefixOf(context._i), t.localName(context._i));
  let decls = '';
  for (const [p, uri] of namespacesInScope(t, context._i)) {
    if (uri !== null || p === null) decls += ` xmlns${p === null ? '' : ':' + p}="${escapeAttr(uri)}"`;
  }
  let doc;
  try {
    doc = xmlParser(`<${q}${decls}>${markup}</${q}>`, { strict: true });
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    throw domException(`${fn}: not well-formed XML (${e.code})`, 'SyntaxError');
  }
  const d = doc._t;
  const root = d.first(0);
  if (root === NONE || d.type(root) !== TYPE_ELEMENT || d.next(root) !== NONE) {
    throw domException(`${fn}: not well-formed XML (it closes the context element)`, 'SyntaxError');
  }
  // A template context (HTML 13.4): the parser appended the markup's nodes to its contents.
  const from = d.contents(root) !== NONE ? d.contents(root) : root;
  const f = t.create(TYPE_FRAGMENT, 0, null);
  for (let c = d.first(from); c !== NONE; c = d.next(c)) t.link(t.copyIn(d, c, true, false), f, NONE);
  return t.node(f);
}

const qualified = (prefix, local) => (prefix === null ? local : prefix + ':' + local);

/** An attribute of an XML element: names from the XML section. */
export class XmlAttr extends Attr {
  constructor(localName, value, namespaceURI, prefix, ownerElement) {
    super(localName, value, 0, ownerElement);
    this._uri = namespaceURI;
    this._prefix = prefix;
  }
  get name() { return qualified(this._prefix, this.localName); }
  get prefix() { return this._prefix; }
  get namespaceURI() { return this._uri; }
}

// tagName, namespaceURI, prefix and attributes are Element's (js/dom/dom.js), which read an XML tree's names.
export class XmlElement extends Element {
  _attr(k) {
    const t = this._t;
    return new XmlAttr(t.attrName(k), t.attrValue(k), t.attrURI(k), t.attrPrefix(k), this);
  }
  _qname(k) { return this._t.attrQName(k); }
  /** The attribute records of this element as `f(record index)`, in order. */
  _each(f) {
    const t = this._t;
    const a0 = t.attrFirst(this._i);
    return Array.from({ length: t.attrCount(this._i) }, (_, k) => f(a0 + k));
  }
  getAttributeNames() { return this._each((k) => this._qname(k)); }
  /** Attribute record index whose qualified name is `name` (exactly: XML is case-sensitive), or -1. */
  _find(name) {
    const t = this._t;
    const q = String(name);
    for (let k = t.attrFirst(this._i), e = k + t.attrCount(this._i); k < e; k++) if (this._qname(k) === q) return k;
    return -1;
  }
  getAttributeNS(namespace, localName) {
    const t = this._t;
    const uri = namespace === '' || namespace === undefined ? null : namespace;
    for (let k = t.attrFirst(this._i), e = k + t.attrCount(this._i); k < e; k++) {
      if (t.attrName(k) === localName && t.attrURI(k) === uri) return t.attrValue(k);
    }
    return null;
  }
  /**
   * The XML serialization (DOM Parsing 2.3) of the children / of the
   * element, with require well-formed: an InvalidStateError DOMException
   * where it would not be well-formed XML (serializeXml never throws).
   */
  get innerHTML() { return serializeWellFormed(this, true); }
  /** innerHTML / outerHTML setters: js/dom/dom.js's, which parse with parseXmlFragment in an XML document. */
  set innerHTML(markup) { super.innerHTML = markup; }
  get outerHTML() { return serializeWellFormed(this, false); }
  set outerHTML(markup) { super.outerHTML = markup; }
}

/** Is element i of tree t a template element (HTML 4.12.3: "template" in the HTML namespace, any prefix)? */
const isTemplate = (t, i) => t.localName(i) === 'template' && t.nsURI(i) === HTML_NS;

/**
 * A template element of an XML document (an XHTML <template>): what the XML
 * parser appends to it is in its template contents (HTML 13.4, "Parsing XML
 * documents"; src/xml5/xml5_tree_builder.c), as in Chromium's XML parser;
 * `content` is that DocumentFragment, made empty when it has none (an
 * element made by createElementNS), as an HTML template's is.
 */
export class XmlTemplateElement extends XmlElement {
  get content() { return this._t.node(this._t.contentsOf(this._i)); }
}

export class XmlDocument extends Document {
  /** application/xml, or what DOMImplementation.createDocument gave by namespace. */
  get contentType() { return this._t.xml.contentType ?? 'application/xml'; }
  /**
   * DOM createElement in an XML document: the name as given (no lowercasing),
   * in the HTML namespace when the content type is application/xhtml+xml,
   * else in none.
   */
  createElement(localName, options) {
    const s = String(localName);
    const is = creationIs(options, 'createElement'); // the is value, as in an HTML document (dom.js)
    if (!isValidElementLocalName(s)) throw domException(`createElement: '${s}' is not a valid element name`, 'InvalidCharacterError');
    const t = this._t;
    const i = t.create(TYPE_ELEMENT, NS_OTHER, s);
    const r = t.ov.get(i);
    r.uri = this.contentType === 'application/xhtml+xml' ? HTML_NS : null;
    t.storeIs(r, is);
    return t.node(i);
  }
  /**
   * DOM createElementNS: as the parser makes them in an XML document, the
   * element's namespace is kept as a URI whatever it is, so no HTML rule
   * (setAttribute lowercasing names) applies to an XHTML element here.
   */
  createElementNS(namespace, qualifiedName, options) {
    const e = super.createElementNS(namespace, qualifiedName, options);
    this._t.ov.get(e._i).ns = NS_OTHER;
    return e;
  }
  /**
   * DOM createCDATASection: a CDATASection (dom.js; a Text node flagged
   * `cdata` in the tree); InvalidCharacterError when the data contains `]]>`.
   */
  createCDATASection(data) {
    const d = String(data);
    if (d.includes(']]>')) throw domException("createCDATASection: the data contains ']]>'", 'InvalidCharacterError');
    const t = this._t;
    const i = t.create(TYPE_TEXT, 0, null);
    const r = t.ov.get(i);
    r.data = d;
    r.cdata = true;
    return t.node(i);
  }
  /** DOM createAttribute in an XML document: the name as given. */
  createAttribute(localName) {
    const s = String(localName);
    if (!isValidAttributeLocalName(s)) throw domException(`createAttribute: '${s}' is not a valid attribute name`, 'InvalidCharacterError');
    return new XmlAttr(s, '', null, null, null);
  }
  /** The XML declaration: { version, encoding, standalone } (null when absent), or null without one. */
  get xmlDeclaration() {
    const d = this._t.xml.declaration;
    return d === null ? null : { ...d };
  }
  get innerHTML() { return serializeXml(this, { children: true }); }
}
