// The node classes of XML documents (parseXml, decode of a buffer with the
// XML section): js/dom.js's classes with the XML section's names.  In an XML
// buffer an element's and an attribute's record name is the local name, and
// the namespace and prefix come from the XML section (js/xml-records.js);
// names are case-sensitive, no HTML rule applies.  A Tree of an XML buffer
// has `xml` set (attachXml) and makes its Element and Document nodes here.
import { TYPE_DOCUMENT, TYPE_ELEMENT } from './abi.js';
import { Attr, Document, Element } from './dom.js';
import { serializeXml } from './xml-serialize.js';

const EMPTY = Object.freeze([]);

/** Make `tree` (a dom.js Tree) an XML document's: `xml` is readXmlSection's result. */
export function attachXml(tree, xml) {
  // The tree's own answers for the namespace and prefix of an element
  // record come from the XML section (its record namespace is "other"), so
  // that everything asking the tree (getElementsByTagName's qualified
  // names, getElementsByTagNameNS, cloneNode, the serializers) sees them;
  // nodes made after parsing keep theirs (dom.js).
  const nsURI = tree.nsURI, prefixOf = tree.prefixOf;
  tree.nsURI = function (i) { return i < this.count ? xml.ns[xml.nq[i]] : nsURI.call(this, i); };
  tree.prefixOf = function (i) { return i < this.count ? xml.prefix[xml.nq[i]] : prefixOf.call(this, i); };
  tree.xml = {
    ...xml,
    make(t, i) {
      const type = t.type(i);
      if (type === TYPE_ELEMENT) return new XmlElement(t, i);
      if (type === TYPE_DOCUMENT) return new XmlDocument(t, i);
      return null;
    },
  };
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
  _attr(k) {
    const t = this._t, q = t.xml.aq[k];
    return new XmlAttr(t.attrName(k), t.attrValue(k), t.xml.ns[q], t.xml.prefix[q], this);
  }
  _qname(k) {
    const t = this._t;
    return qualified(t.xml.prefix[t.xml.aq[k]], t.attrName(k));
  }
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
      if (t.attrName(k) === localName && t.xml.ns[t.xml.aq[k]] === uri) return t.attrValue(k);
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
  /** The XML declaration: { version, encoding, standalone } (null when absent), or null without one. */
  get xmlDeclaration() {
    const d = this._t.xml.declaration;
    return d === null ? null : { ...d };
  }
  get innerHTML() { return serializeXml(this, { children: true }); }
}
