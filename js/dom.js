// DOM-like, read-only node classes: the result of decode(buffer, { format: 'dom' }).
//
// The tree stays in the flat form of the buffer (docs/format.md): a Tree
// holds copies of the node and attribute records (Uint32Arrays), the one
// string all character data is sliced from, and the name table.  Node
// objects are small views {tree, index} made on first access and cached, so
// decoding allocates no per-node objects at all; a node that is never
// touched costs nothing.  Navigation is O(1) through the records (parent,
// previous sibling, last child and subtree end are stored), queries and
// serialisation run over the records in document order, and every walk is
// iterative: trees of any depth work.
import { serialize, serializeOuter } from './serialize.js';
import { compileSelector, matchesSelector, selectAll, selectFirst, closestMatch } from './select.js';
import {
  A_NAME, A_NS, A_VALUE_LEN, A_VALUE_OFF, ANS_NONE, ANS_XMLNS, ATTR_NS_PREFIX, ATTR_NS_URI, ATTR_WORDS, ELEMENT_NS_URI,
  FLAG_SCRIPTING, INFO_CLONED, INFO_NS_MASK, INFO_NS_SHIFT, INFO_TEMPLATE_CONTENTS, INFO_TYPE_MASK, N_ATTR_COUNT,
  N_ATTR_FIRST, N_DATA_LEN, N_DATA_OFF, N_END, N_LAST_CHILD, N_NAME, N_PARENT, N_PREV, N_PUBLIC_LEN, N_PUBLIC_OFF,
  N_SYSTEM_LEN, NODE_WORDS, NONE, NS_HTML, NS_MATHML, NS_SVG, SOURCE_REF, TYPE_COMMENT, TYPE_DOCTYPE, TYPE_DOCUMENT,
  TYPE_ELEMENT, TYPE_FRAGMENT, TYPE_PI, TYPE_TEXT,
} from './abi.js';
import { Locator, modeOf, nodeLocation } from './records.js';
import { unitsToString } from './text.js';

export const ELEMENT_NODE = 1;
export const ATTRIBUTE_NODE = 2;
export const TEXT_NODE = 3;
export const PROCESSING_INSTRUCTION_NODE = 7;
export const COMMENT_NODE = 8;
export const DOCUMENT_NODE = 9;
export const DOCUMENT_TYPE_NODE = 10;
export const DOCUMENT_FRAGMENT_NODE = 11;

// The namespaces (the buffer's codes and URIs are js/abi.js's).
export const HTML_NS = ELEMENT_NS_URI[NS_HTML];
export const SVG_NS = ELEMENT_NS_URI[NS_SVG];
export const MATHML_NS = ELEMENT_NS_URI[NS_MATHML];
export const [, XLINK_NS, XML_NS, XMLNS_NS] = ATTR_NS_URI;

const TEMPLATE_CONTENTS = INFO_TEMPLATE_CONTENTS;
const EMPTY = Object.freeze([]);

/** Qualified name of an attribute from its local name and namespace code. */
export function attrQualifiedName(local, ns) {
  if (ns === ANS_NONE) return local;
  if (ns === ANS_XMLNS && local === 'xmlns') return local;
  return ATTR_NS_PREFIX[ns] + ':' + local;
}

// ASCII uppercase (the DOM's tagName rule), cached for repeated names.
const upperCache = new Map();
function asciiUpper(s) {
  let u = upperCache.get(s);
  if (u !== undefined) return u;
  u = /[^\x00-\x7f]/.test(s) ? s.replace(/[a-z]+/g, (m) => m.toUpperCase()) : s.toUpperCase();
  if (upperCache.size < 4096) upperCache.set(s, u);
  return u;
}
export function asciiLower(s) {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s;
}
const splitClasses = (s) => s.split(/[\t\n\f\r ]+/).filter(Boolean);

/**
 * The decoded tree: records plus strings.  Record layout (8 words per node,
 * 4 per attribute) is documented in docs/format.md.
 */
export class Tree {
  /**
   * @param {Uint32Array} n node records
   * @param {Uint32Array} a attribute records
   * @param {Uint16Array|null} u16 the string section (all character data) as code units,
   *   or null when `str` is given
   * @param {string[]} names name table (atoms, then the buffer's own names)
   * @param {number} flags header flags
   * @param {string|null} [str] the string section as one string
   */
  constructor(n, a, u16, names, flags, str = null) {
    this.n = n;
    this.a = a;
    this._u16 = u16;
    this._str = str;
    this.names = names;
    this.count = (n.length / NODE_WORDS) | 0;
    this.mode = modeOf(flags);
    this.scripting = (flags & FLAG_SCRIPTING) !== 0;
    this.quirks = this.mode === 'quirks';
    this.encoding = 'UTF-8'; // Document.characterSet; decode.js sets byte input's
    // Node objects by index, made on first access, in chunks of 256 made
    // on first use: a chunk is young while the nodes stored into it are, so
    // the GC keeps no remembered slot per node (it did for one big array).
    this.chunks = new Array((this.count + 255) >>> 8);
    this.upper = []; // tagName (ASCII uppercase) by name id, filled on use
    this._ids = null; // name → id, built on first use
    this._dup = false; // some name has two ids (then compare strings)
    /** Node / attribute location records (Uint32Array) or null; set by decode. */
    this.nl = null;
    this.al = null;
    this.source = undefined;
    this.locator = null;
    /** The parsed input when text and attribute-value offsets may be source
     *  references (SOURCE_REFS: set by decode for parse()'s own buffers). */
    this.src = null;
    /** XML documents: the XML section's names and node classes (js/xml-dom.js attachXml), else null. */
    this.xml = null;
  }

  /** All character data as one string (decoded on first use when made from code units). */
  get str() {
    let s = this._str;
    if (s === null) s = this._str = unitsToString(this._u16);
    return s;
  }

  /** The node object of index i (null for NONE). */
  node(i) {
    if (i === NONE) return null;
    let c = this.chunks[i >>> 8];
    if (c === undefined) c = this.chunks[i >>> 8] = new Array(256);
    let x = c[i & 255];
    if (x === undefined) x = c[i & 255] = this.make(i);
    return x;
  }
  make(i) {
    if (this.xml !== null) {
      const x = this.xml.make(this, i);
      if (x !== null) return x;
    }
    const w = this.n[i * NODE_WORDS];
    switch (w & INFO_TYPE_MASK) {
      case TYPE_ELEMENT:
        return ((w >>> INFO_NS_SHIFT) & INFO_NS_MASK) === NS_HTML && this.localName(i) === 'template' ? new TemplateElement(this, i) : new Element(this, i);
      case TYPE_TEXT:
        return new Text(this, i);
      case TYPE_COMMENT:
        return new Comment(this, i);
      case TYPE_PI:
        return new ProcessingInstruction(this, i);
      case TYPE_DOCTYPE:
        return new DocumentType(this, i);
      case TYPE_DOCUMENT:
        return new Document(this, i);
      default:
        return new DocumentFragment(this, i);
    }
  }

  // Record accessors (docs/format.md, "Node records"; the word offsets are js/abi.js's).
  type(i) { return this.n[i * NODE_WORDS] & INFO_TYPE_MASK; }
  ns(i) { return (this.n[i * NODE_WORDS] >>> INFO_NS_SHIFT) & INFO_NS_MASK; }
  end(i) { return this.n[i * NODE_WORDS + N_END]; }
  localName(i) { return this.names[this.n[i * NODE_WORDS + N_NAME]]; }
  isContents(i) { return (this.n[i * NODE_WORDS] & TEMPLATE_CONTENTS) !== 0; }
  /** DOM parent: none for template contents (they hang off their template). */
  parent(i) { return (this.n[i * NODE_WORDS] & TEMPLATE_CONTENTS) !== 0 ? NONE : this.n[i * NODE_WORDS + N_PARENT]; }
  /** The template whose contents fragment i is, or NONE. */
  host(i) { return (this.n[i * NODE_WORDS] & TEMPLATE_CONTENTS) !== 0 ? this.n[i * NODE_WORDS + N_PARENT] : NONE; }
  prev(i) { return this.n[i * NODE_WORDS + N_PREV]; }
  next(i) {
    const b = i * NODE_WORDS;
    const p = this.n[b + N_PARENT];
    if (p === NONE || (this.n[b] & TEMPLATE_CONTENTS) !== 0) return NONE;
    const e = this.n[b + N_END];
    return e < this.n[p * NODE_WORDS + N_END] ? e : NONE;
  }
  first(i) {
    const e = this.n[i * NODE_WORDS + N_END];
    let c = i + 1;
    if (c >= e) return NONE;
    if ((this.n[c * NODE_WORDS] & TEMPLATE_CONTENTS) !== 0) {
      c = this.n[c * NODE_WORDS + N_END];
      if (c >= e) return NONE;
    }
    return c;
  }
  last(i) {
    const t = this.n[i * NODE_WORDS] & INFO_TYPE_MASK;
    return t === TYPE_ELEMENT || t === TYPE_DOCUMENT || t === TYPE_FRAGMENT ? this.n[i * NODE_WORDS + N_LAST_CHILD] : NONE;
  }
  /** Index of template i's contents fragment, or NONE. */
  contents(i) {
    const c = i + 1;
    return c < this.n[i * NODE_WORDS + N_END] && (this.n[c * NODE_WORDS] & TEMPLATE_CONTENTS) !== 0 ? c : NONE;
  }
  /** Next element after i in tree order, inside (scope, end(scope)), not entering template contents. */
  nextElement(i, scope) {
    const n = this.n;
    const end = n[scope * NODE_WORDS + N_END];
    for (let j = i + 1; j < end; j++) {
      const w = n[j * NODE_WORDS];
      if ((w & TEMPLATE_CONTENTS) !== 0) j = n[j * NODE_WORDS + N_END] - 1;
      else if ((w & INFO_TYPE_MASK) === TYPE_ELEMENT) return j;
    }
    return NONE;
  }
  /** The previous (next = false) or next element sibling of i, or NONE. */
  elementSibling(i, next) {
    let j = i;
    do j = next ? this.next(j) : this.prev(j);
    while (j !== NONE && this.type(j) !== TYPE_ELEMENT);
    return j;
  }
  /** Element i's attributes are the records attrFirst(i) .. attrFirst(i) + attrCount(i) - 1. */
  attrFirst(i) { return this.n[i * NODE_WORDS + N_ATTR_FIRST]; }
  attrCount(i) { return this.n[i * NODE_WORDS + N_ATTR_COUNT]; }
  attrName(k) { return this.names[this.a[k * ATTR_WORDS + A_NAME]]; }
  attrNs(k) { return this.a[k * ATTR_WORDS + A_NS] & 0xff; }
  /** The string at (off, len) of the records: from the source or the string section. */
  string(off, len) {
    if (len === 0) return '';
    if (off >= SOURCE_REF) return this.src.slice(off - SOURCE_REF, off - SOURCE_REF + len);
    return this.str.slice(off, off + len);
  }
  /** Character data of a Text / Comment / PI node. */
  data(i) { return this.string(this.n[i * NODE_WORDS + N_DATA_OFF], this.n[i * NODE_WORDS + N_DATA_LEN]); }
  attrValue(k) { return this.string(this.a[k * ATTR_WORDS + A_VALUE_OFF], this.a[k * ATTR_WORDS + A_VALUE_LEN]); }
  /** Attribute record index of the no-namespace attribute `name` on element i, or -1. */
  findPlainAttr(i, name) {
    const b = i * NODE_WORDS;
    const cnt = this.n[b + N_ATTR_COUNT];
    if (cnt === 0) return -1;
    const a = this.a;
    const names = this.names;
    for (let k = this.n[b + N_ATTR_FIRST], e = k + cnt; k < e; k++) {
      if (a[k * ATTR_WORDS + A_NS] === ANS_NONE && names[a[k * ATTR_WORDS + A_NAME]] === name) return k;
    }
    return -1;
  }
  plainAttr(i, name) {
    const k = this.findPlainAttr(i, name);
    return k < 0 ? null : this.attrValue(k);
  }
  /**
   * The id of name `s` in this tree, or -1 when nothing in the tree has that
   * name.  Ids identify names only when `_dup` is false (the writer gives a
   * name one id unless a caller bypassed the atom table).
   */
  nameId(s) {
    let m = this._ids;
    if (m === null) {
      m = new Map();
      const names = this.names;
      for (let k = names.length - 1; k >= 0; k--) {
        if (m.has(names[k])) this._dup = true;
        m.set(names[k], k);
      }
      this._ids = m;
    }
    const id = m.get(s);
    return id === undefined ? -1 : id;
  }
  /** Like findPlainAttr, by name id (see nameId). */
  findPlainAttrId(i, id) {
    const b = i * NODE_WORDS;
    const cnt = this.n[b + N_ATTR_COUNT];
    if (cnt === 0 || id < 0) return -1;
    const a = this.a;
    for (let k = this.n[b + N_ATTR_FIRST], e = k + cnt; k < e; k++) {
      if (a[k * ATTR_WORDS + A_NAME] === id && (a[k * ATTR_WORDS + A_NS] & 0xff) === ANS_NONE) return k;
    }
    return -1;
  }
  /** Concatenated data of the Text descendants of i (not template contents). */
  text(i) {
    const n = this.n;
    const end = n[i * NODE_WORDS + N_END];
    let s = '';
    for (let j = i + 1; j < end; j++) {
      const w = n[j * NODE_WORDS];
      if ((w & TEMPLATE_CONTENTS) !== 0) j = n[j * NODE_WORDS + N_END] - 1;
      else if ((w & INFO_TYPE_MASK) === TYPE_TEXT) s += this.data(j);
    }
    return s;
  }
  /** parse5-style location of node i (null when it has none). */
  location(i) {
    const type = this.type(i);
    if (type === TYPE_DOCUMENT || type === TYPE_FRAGMENT) return null;
    if ((this.n[i * NODE_WORDS] & INFO_CLONED) !== 0) return undefined; // adoption-agency clone: none, as parse5
    if (this.locator === null) this.locator = new Locator(this.source);
    return nodeLocation(this, i, this.locator, this.source);
  }
  /** A detached, empty DocumentFragment (template without contents). */
  static emptyFragment(scripting) {
    const n = new Uint32Array(NODE_WORDS);
    n[0] = TYPE_FRAGMENT;
    n[N_PARENT] = n[N_PREV] = n[N_LAST_CHILD] = NONE;
    n[N_END] = 1;
    return new Tree(n, new Uint32Array(0), new Uint16Array(0), [''], scripting ? FLAG_SCRIPTING : 0).node(0);
  }
}

/** An attribute as listed by Element#attributes. */
export class Attr {
  constructor(localName, value, ns, ownerElement) {
    this.localName = localName;
    this.value = value;
    this._ns = ns;
    this.ownerElement = ownerElement;
  }
  get name() { return attrQualifiedName(this.localName, this._ns); }
  get prefix() { return this._ns === ANS_NONE || (this._ns === ANS_XMLNS && this.localName === 'xmlns') ? null : ATTR_NS_PREFIX[this._ns]; }
  get namespaceURI() { return ATTR_NS_URI[this._ns]; }
  get nodeType() { return ATTRIBUTE_NODE; }
  get nodeName() { return this.name; }
  get nodeValue() { return this.value; }
  get textContent() { return this.value; }
  get specified() { return true; }
}

export class Node {
  constructor(tree, index) {
    this._t = tree;
    this._i = index;
    this._c = null; // cached childNodes
  }
  get parentNode() { return this._t.node(this._t.parent(this._i)); }
  get parentElement() {
    const t = this._t;
    const p = t.parent(this._i);
    return p !== NONE && t.type(p) === ELEMENT_NODE ? t.node(p) : null;
  }
  get firstChild() { return this._t.node(this._t.first(this._i)); }
  get lastChild() { return this._t.node(this._t.last(this._i)); }
  get nextSibling() { return this._t.node(this._t.next(this._i)); }
  get previousSibling() { return this._t.node(this._t.prev(this._i)); }
  /** The children (an array, made once; one shared frozen empty array for nodes without children). */
  get childNodes() {
    let c = this._c;
    if (c === null) {
      const t = this._t;
      const first = t.first(this._i);
      if (first === NONE) return EMPTY;
      // Children are consecutive subtrees in the records: each next sibling
      // starts at the end of the one before, up to the parent's end.
      // Counted first: an array made at its final length (push over-allocates).
      const n = t.n;
      const end = n[this._i * NODE_WORDS + N_END];
      let k = 0;
      for (let j = first; j < end; j = n[j * NODE_WORDS + N_END]) k++;
      c = new Array(k);
      k = 0;
      for (let j = first; j < end; j = n[j * NODE_WORDS + N_END]) c[k++] = t.node(j);
      this._c = c;
    }
    return c;
  }
  hasChildNodes() { return this._t.first(this._i) !== NONE; }
  get nodeValue() { return null; }
  get textContent() { return null; }
  get ownerDocument() {
    const t = this._t;
    return this._i !== 0 && t.type(0) === DOCUMENT_NODE ? t.node(0) : null;
  }
  /** Root of the node's tree (template contents are a tree of their own, as in the DOM). */
  getRootNode() {
    const t = this._t;
    let i = this._i;
    for (let p = t.parent(i); p !== NONE; p = t.parent(i)) i = p;
    return t.node(i);
  }
  get isConnected() { return this.getRootNode().nodeType === DOCUMENT_NODE; }
  /** Is `other` this node or one of its descendants? */
  contains(other) {
    if (other == null || other._t !== this._t) return false;
    const t = this._t;
    for (let i = other._i; i !== NONE; i = t.parent(i)) if (i === this._i) return true;
    return false;
  }
  /** parse5-style source location (when decoded from a buffer with locations), else undefined. */
  get sourceCodeLocation() {
    const t = this._t;
    return t.nl === null ? undefined : t.location(this._i);
  }
}

// Document, DocumentFragment and Element.
class ParentNode extends Node {
  get children() {
    const t = this._t;
    const out = [];
    for (let j = t.first(this._i); j !== NONE; j = t.next(j)) if (t.type(j) === ELEMENT_NODE) out.push(t.node(j));
    return out;
  }
  get childElementCount() {
    const t = this._t;
    let k = 0;
    for (let j = t.first(this._i); j !== NONE; j = t.next(j)) if (t.type(j) === ELEMENT_NODE) k++;
    return k;
  }
  get firstElementChild() {
    const t = this._t;
    for (let j = t.first(this._i); j !== NONE; j = t.next(j)) if (t.type(j) === ELEMENT_NODE) return t.node(j);
    return null;
  }
  get lastElementChild() {
    const t = this._t;
    for (let j = t.last(this._i); j !== NONE; j = t.prev(j)) if (t.type(j) === ELEMENT_NODE) return t.node(j);
    return null;
  }
  get textContent() { return this._t.text(this._i); }
  getElementById(id) {
    const t = this._t;
    const s = String(id);
    for (let j = t.nextElement(this._i, this._i); j !== NONE; j = t.nextElement(j, this._i)) {
      if (t.plainAttr(j, 'id') === s) return t.node(j);
    }
    return null;
  }
  getElementsByTagName(qualifiedName) {
    const t = this._t;
    const q = String(qualifiedName);
    const lower = asciiLower(q);
    const all = q === '*';
    const out = [];
    for (let j = t.nextElement(this._i, this._i); j !== NONE; j = t.nextElement(j, this._i)) {
      if (all) out.push(t.node(j));
      else {
        const name = t.localName(j);
        if (t.ns(j) === NS_HTML ? name === lower : name === q) out.push(t.node(j));
      }
    }
    return out;
  }
  getElementsByTagNameNS(namespace, localName) {
    const t = this._t;
    const ns = namespace === '' || namespace === undefined ? null : namespace;
    const out = [];
    for (let j = t.nextElement(this._i, this._i); j !== NONE; j = t.nextElement(j, this._i)) {
      if ((ns === '*' || ELEMENT_NS_URI[t.ns(j)] === ns) && (localName === '*' || t.localName(j) === localName)) out.push(t.node(j));
    }
    return out;
  }
  getElementsByClassName(classNames) {
    const t = this._t;
    let wanted = splitClasses(String(classNames));
    const out = [];
    if (wanted.length === 0) return out;
    if (t.quirks) wanted = wanted.map(asciiLower);
    for (let j = t.nextElement(this._i, this._i); j !== NONE; j = t.nextElement(j, this._i)) {
      const c = t.plainAttr(j, 'class');
      if (c === null) continue;
      const have = splitClasses(t.quirks ? asciiLower(c) : c);
      let ok = true;
      for (let k = 0; k < wanted.length && ok; k++) ok = have.includes(wanted[k]);
      if (ok) out.push(t.node(j));
    }
    return out;
  }
  querySelector(selectors) { return selectFirst(this._t, this._i, compileSelector(selectors)); }
  querySelectorAll(selectors) { return selectAll(this._t, this._i, compileSelector(selectors)); }
}

export class Element extends ParentNode {
  get nodeType() { return ELEMENT_NODE; }
  get nodeName() { return this.tagName; }
  get localName() { return this._t.localName(this._i); }
  get tagName() {
    const t = this._t;
    const id = t.n[this._i * NODE_WORDS + N_NAME];
    if (t.ns(this._i) !== NS_HTML) return t.names[id];
    let u = t.upper[id];
    if (u === undefined) u = t.upper[id] = asciiUpper(t.names[id]);
    return u;
  }
  get namespaceURI() { return ELEMENT_NS_URI[this._t.ns(this._i) & 3]; }
  get prefix() { return null; }

  get attributes() {
    const t = this._t;
    const cnt = t.attrCount(this._i);
    if (cnt === 0) return EMPTY;
    const a0 = t.attrFirst(this._i);
    const out = new Array(cnt);
    for (let k = 0; k < cnt; k++) out[k] = new Attr(t.attrName(a0 + k), t.attrValue(a0 + k), t.attrNs(a0 + k), this);
    return out;
  }
  hasAttributes() { return this._t.attrCount(this._i) !== 0; }
  getAttributeNames() {
    const t = this._t;
    const cnt = t.attrCount(this._i);
    const a0 = t.attrFirst(this._i);
    const out = new Array(cnt);
    for (let k = 0; k < cnt; k++) out[k] = attrQualifiedName(t.attrName(a0 + k), t.attrNs(a0 + k));
    return out;
  }
  // Attribute record index whose qualified name is `name` (lowercased first
  // on HTML elements, as in HTML documents), or -1.
  _find(name) {
    const t = this._t;
    const cnt = t.attrCount(this._i);
    if (cnt === 0) return -1;
    let q = String(name);
    if (t.ns(this._i) === NS_HTML) q = asciiLower(q);
    for (let k = t.attrFirst(this._i), e = k + cnt; k < e; k++) {
      const ns = t.attrNs(k);
      const local = t.attrName(k);
      if (ns === ANS_NONE ? local === q : attrQualifiedName(local, ns) === q) return k;
    }
    return -1;
  }
  getAttribute(name) {
    const k = this._find(name);
    return k < 0 ? null : this._t.attrValue(k);
  }
  hasAttribute(name) { return this._find(name) >= 0; }
  getAttributeNS(namespace, localName) {
    const t = this._t;
    const uri = namespace === '' || namespace === undefined ? null : namespace;
    for (let k = t.attrFirst(this._i), e = k + t.attrCount(this._i); k < e; k++) {
      if (t.attrName(k) === localName && ATTR_NS_URI[t.attrNs(k)] === uri) return t.attrValue(k);
    }
    return null;
  }
  hasAttributeNS(namespace, localName) { return this.getAttributeNS(namespace, localName) !== null; }
  getAttributeNode(name) {
    const k = this._find(name);
    if (k < 0) return null;
    const t = this._t;
    return new Attr(t.attrName(k), t.attrValue(k), t.attrNs(k), this);
  }
  get id() { return this.getAttribute('id') ?? ''; }
  get className() { return this.getAttribute('class') ?? ''; }
  get classList() { return splitClasses(this.className); }

  get previousElementSibling() { return this._t.node(this._t.elementSibling(this._i, false)); }
  get nextElementSibling() { return this._t.node(this._t.elementSibling(this._i, true)); }
  get innerHTML() { return serialize(this); }
  get outerHTML() { return serializeOuter(this); }
  matches(selectors) { return matchesSelector(this._t, this._i, compileSelector(selectors)); }
  closest(selectors) {
    const i = closestMatch(this._t, this._i, compileSelector(selectors));
    return this._t.node(i);
  }
}

/** An HTML <template>: `content` holds its contents. */
export class TemplateElement extends Element {
  get content() {
    const t = this._t;
    const c = t.contents(this._i);
    if (c !== NONE) return t.node(c);
    // No contents record: a detached empty fragment, made once.
    if (this._empty === undefined) this._empty = Tree.emptyFragment(t.scripting);
    return this._empty;
  }
}

export class CharacterData extends Node {
  get data() { return this._t.data(this._i); }
  get nodeValue() { return this._t.data(this._i); }
  get textContent() { return this._t.data(this._i); }
  get length() { return this._t.n[this._i * NODE_WORDS + N_DATA_LEN]; }
  get previousElementSibling() { return this._t.node(this._t.elementSibling(this._i, false)); }
  get nextElementSibling() { return this._t.node(this._t.elementSibling(this._i, true)); }
}

export class Text extends CharacterData {
  get nodeType() { return TEXT_NODE; }
  get nodeName() { return '#text'; }
}

export class Comment extends CharacterData {
  get nodeType() { return COMMENT_NODE; }
  get nodeName() { return '#comment'; }
}

/**
 * `<?target data>` (whatwg/html 320c05f6, 2026; with processingInstructions:
 * false the parser makes a Comment instead).  As the DOM standard says:
 * nodeName is the target; data, nodeValue and textContent are the data.
 */
export class ProcessingInstruction extends CharacterData {
  get nodeType() { return PROCESSING_INSTRUCTION_NODE; }
  get nodeName() { return this.target; }
  get target() { return this._t.localName(this._i); }
}

export class DocumentType extends Node {
  get nodeType() { return DOCUMENT_TYPE_NODE; }
  get nodeName() { return this.name; }
  get name() { return this._t.localName(this._i); }
  get publicId() {
    const b = this._i * NODE_WORDS;
    const off = this._t.n[b + N_PUBLIC_OFF];
    return this._t.str.slice(off, off + this._t.n[b + N_PUBLIC_LEN]);
  }
  get systemId() {
    const b = this._i * NODE_WORDS;
    const off = this._t.n[b + N_PUBLIC_OFF] + this._t.n[b + N_PUBLIC_LEN];
    return this._t.str.slice(off, off + this._t.n[b + N_SYSTEM_LEN]);
  }
}

export class DocumentFragment extends ParentNode {
  get nodeType() { return DOCUMENT_FRAGMENT_NODE; }
  get nodeName() { return '#document-fragment'; }
  /** Non-standard: serialisation of the children. */
  get innerHTML() { return serialize(this); }
}

export class Document extends ParentNode {
  get nodeType() { return DOCUMENT_NODE; }
  get nodeName() { return '#document'; }
  /** 'no-quirks' | 'quirks' | 'limited-quirks' */
  get mode() { return this._t.mode; }
  get compatMode() { return this._t.quirks ? 'BackCompat' : 'CSS1Compat'; }
  /** The encoding byte input was decoded with; 'UTF-8' for a string (as DOMParser's documents). */
  get characterSet() { return this._t.encoding; }
  get charset() { return this._t.encoding; }
  get inputEncoding() { return this._t.encoding; }
  get textContent() { return null; }
  get doctype() {
    const t = this._t;
    for (let j = t.first(this._i); j !== NONE; j = t.next(j)) if (t.type(j) === DOCUMENT_TYPE_NODE) return t.node(j);
    return null;
  }
  get documentElement() { return this.firstElementChild; }
  // Child element of <html> named `a` or `b`, or NONE.
  _htmlChild(a, b) {
    const t = this._t;
    let html = NONE;
    for (let j = t.first(this._i); j !== NONE; j = t.next(j)) {
      if (t.type(j) === ELEMENT_NODE) {
        html = j;
        break;
      }
    }
    if (html === NONE || t.ns(html) !== 0 || t.localName(html) !== 'html') return NONE;
    for (let j = t.first(html); j !== NONE; j = t.next(j)) {
      if (t.type(j) === ELEMENT_NODE && t.ns(j) === NS_HTML) {
        const n = t.localName(j);
        if (n === a || n === b) return j;
      }
    }
    return NONE;
  }
  get head() { return this._t.node(this._htmlChild('head', 'head')); }
  get body() { return this._t.node(this._htmlChild('body', 'frameset')); }
  get title() {
    const t = this._t;
    const root = this.documentElement;
    let ti = NONE;
    if (root !== null && t.ns(root._i) === NS_SVG && root.localName === 'svg') {
      for (let j = t.first(root._i); j !== NONE; j = t.next(j)) {
        if (t.type(j) === ELEMENT_NODE && t.ns(j) === NS_SVG && t.localName(j) === 'title') {
          ti = j;
          break;
        }
      }
    } else {
      for (let j = t.nextElement(this._i, this._i); j !== NONE; j = t.nextElement(j, this._i)) {
        if (t.ns(j) === NS_HTML && t.localName(j) === 'title') {
          ti = j;
          break;
        }
      }
    }
    if (ti === NONE) return '';
    let s = '';
    for (let j = t.first(ti); j !== NONE; j = t.next(j)) if (t.type(j) === TEXT_NODE) s += t.data(j);
    return s.replace(/[\t\n\f\r ]+/g, ' ').replace(/^ | $/g, '');
  }
  /** Non-standard: serialisation of the children. */
  get innerHTML() { return serialize(this); }
}
