// The node classes of XML documents (parseXml, decode of a buffer with the
// XML section): js/dom.js's classes with the XML section's names.  In an XML
// buffer an element's and an attribute's record name is the local name, and
// the namespace and prefix come from the XML section (js/xml-records.js);
// names are case-sensitive, no HTML rule applies.  A Tree of an XML buffer
// has `xml` set (attachXml) and makes its Element and Document nodes here.
import { ATTR_NS_URI, NS_OTHER, TYPE_DOCUMENT, TYPE_ELEMENT, TYPE_TEXT } from './abi.js';
import { ANS_OTHER, Attr, Document, Element, Tree, domException, isValidAttributeLocalName, isValidElementLocalName } from './dom.js';
import { serializeXml } from './xml-serialize.js';

const EMPTY = Object.freeze([]);

/** Make `tree` (a dom.js Tree) an XML document's: `xml` is readXmlSection's result. */
export function attachXml(tree, xml) {
  tree.xml = {
    ...xml,
    make(t, i) {
      const type = t.type(i);
      if (type === TYPE_ELEMENT) return new XmlElement(t, i);
      if (type === TYPE_DOCUMENT) return new XmlDocument(t, i);
      return null;
    },
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
/** js/dom.js's ANS_* code of an attribute namespace URI. */
function attrNsCode(uri) {
  const code = ATTR_NS_URI.indexOf(uri);
  return code >= 0 ? code : ANS_OTHER;
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

export class XmlElement extends Element {
  get tagName() { return qualified(this.prefix, this.localName); }
  get namespaceURI() { return this._t.nsURI(this._i); }
  get prefix() { return this._t.prefixOf(this._i); }
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
  get attributes() { return this._t.attrCount(this._i) === 0 ? EMPTY : this._each((k) => this._attr(k)); }
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
  getAttributeNode(name) {
    const k = this._find(name);
    return k < 0 ? null : this._attr(k);
  }
  /** The XML serialization (DOM Parsing) of the children / of the element. */
  get innerHTML() { return serializeXml(this, { children: true }); }
  get outerHTML() { return serializeXml(this); }
}

export class XmlDocument extends Document {
  get contentType() { return 'application/xml'; }
  /**
   * DOM createElement in an XML document: the name as given (no lowercasing),
   * no namespace (the content type is not application/xhtml+xml).
   */
  createElement(localName) {
    const s = String(localName);
    if (!isValidElementLocalName(s)) throw domException(`createElement: '${s}' is not a valid element name`, 'InvalidCharacterError');
    const t = this._t;
    const i = t.create(TYPE_ELEMENT, NS_OTHER, s);
    t.ov.get(i).uri = null;
    return t.node(i);
  }
  /**
   * DOM createElementNS: as the parser makes them in an XML document, the
   * element's namespace is kept as a URI whatever it is, so no HTML rule
   * (setAttribute lowercasing names) applies to an XHTML element here.
   */
  createElementNS(namespace, qualifiedName) {
    const e = super.createElementNS(namespace, qualifiedName);
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
