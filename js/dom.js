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
import { Locator, nodeLocation, SOURCE_REF } from './object.js';
import { unitsToString } from './text.js';

export const ELEMENT_NODE = 1;
export const ATTRIBUTE_NODE = 2;
export const TEXT_NODE = 3;
export const PROCESSING_INSTRUCTION_NODE = 7;
export const COMMENT_NODE = 8;
export const DOCUMENT_NODE = 9;
export const DOCUMENT_TYPE_NODE = 10;
export const DOCUMENT_FRAGMENT_NODE = 11;

export const HTML_NS = 'http://www.w3.org/1999/xhtml';
export const SVG_NS = 'http://www.w3.org/2000/svg';
export const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Element namespace codes of the flat buffer → URI. */
export const ELEMENT_NS_URI = [HTML_NS, SVG_NS, MATHML_NS, null];
/** Attribute namespace codes → URI and prefix. */
export const ATTR_NS_URI = [null, XLINK_NS, XML_NS, XMLNS_NS];
export const ATTR_NS_PREFIX = [null, 'xlink', 'xml', 'xmlns'];

/** "No index" in the records. */
export const NONE = 0xffffffff;
/** Node flag (in record word 0): this FRAGMENT is its parent template's contents. */
export const TEMPLATE_CONTENTS = 1 << 18;
const MODES = ['no-quirks', 'quirks', 'limited-quirks'];
const EMPTY = Object.freeze([]);

/** Qualified name of an attribute from its local name and namespace code. */
export function attrQualifiedName(local, ns) {
  if (ns === 0) return local;
  if (ns === 3 && local === 'xmlns') return local;
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
    this.count = n.length >>> 3;
    this.mode = MODES[(flags >>> 2) & 3] ?? 'no-quirks';
    this.scripting = (flags & (1 << 6)) !== 0;
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
    const w = this.n[i << 3];
    switch (w & 0xff) {
      case 1:
        return (w & 0xff00) === 0 && this.names[this.n[(i << 3) + 4]] === 'template' ? new TemplateElement(this, i) : new Element(this, i);
      case 3:
        return new Text(this, i);
      case 8:
        return new Comment(this, i);
      case 7:
        return new ProcessingInstruction(this, i);
      case 10:
        return new DocumentType(this, i);
      case 9:
        return new Document(this, i);
      default:
        return new DocumentFragment(this, i);
    }
  }

  type(i) { return this.n[i << 3] & 0xff; }
  ns(i) { return (this.n[i << 3] >>> 8) & 0xff; }
  end(i) { return this.n[(i << 3) + 2]; }
  localName(i) { return this.names[this.n[(i << 3) + 4]]; }
  isContents(i) { return (this.n[i << 3] & TEMPLATE_CONTENTS) !== 0; }
  /** DOM parent: none for template contents (they hang off their template). */
  parent(i) { return (this.n[i << 3] & TEMPLATE_CONTENTS) !== 0 ? NONE : this.n[(i << 3) + 1]; }
  /** The template whose contents fragment i is, or NONE. */
  host(i) { return (this.n[i << 3] & TEMPLATE_CONTENTS) !== 0 ? this.n[(i << 3) + 1] : NONE; }
  prev(i) { return this.n[(i << 3) + 3]; }
  next(i) {
    const b = i << 3;
    const p = this.n[b + 1];
    if (p === NONE || (this.n[b] & TEMPLATE_CONTENTS) !== 0) return NONE;
    const e = this.n[b + 2];
    return e < this.n[(p << 3) + 2] ? e : NONE;
  }
  first(i) {
    const e = this.n[(i << 3) + 2];
    let c = i + 1;
    if (c >= e) return NONE;
    if ((this.n[c << 3] & TEMPLATE_CONTENTS) !== 0) {
      c = this.n[(c << 3) + 2];
      if (c >= e) return NONE;
    }
    return c;
  }
  last(i) {
    const t = this.n[i << 3] & 0xff;
    return t === 1 || t === 9 || t === 11 ? this.n[(i << 3) + 7] : NONE;
  }
  /** Index of template i's contents fragment, or NONE. */
  contents(i) {
    const c = i + 1;
    return c < this.n[(i << 3) + 2] && (this.n[c << 3] & TEMPLATE_CONTENTS) !== 0 ? c : NONE;
  }
  /** Next element after i in tree order, inside (scope, end(scope)), not entering template contents. */
  nextElement(i, scope) {
    const n = this.n;
    const end = n[(scope << 3) + 2];
    for (let j = i + 1; j < end; j++) {
      const w = n[j << 3];
      if ((w & TEMPLATE_CONTENTS) !== 0) j = n[(j << 3) + 2] - 1;
      else if ((w & 0xff) === 1) return j;
    }
    return NONE;
  }
  /** The string at (off, len) of the records: from the source or the string section. */
  string(off, len) {
    if (len === 0) return '';
    if (off >= SOURCE_REF) return this.src.slice(off - SOURCE_REF, off - SOURCE_REF + len);
    return this.str.slice(off, off + len);
  }
  /** Character data of a Text / Comment / PI node. */
  data(i) { return this.string(this.n[(i << 3) + 5], this.n[(i << 3) + 6]); }
  attrValue(k) { return this.string(this.a[(k << 2) + 2], this.a[(k << 2) + 3]); }
  /** Attribute record index of the no-namespace attribute `name` on element i, or -1. */
  findPlainAttr(i, name) {
    const b = i << 3;
    const cnt = this.n[b + 6];
    if (cnt === 0) return -1;
    const a = this.a;
    const names = this.names;
    for (let k = this.n[b + 5], e = k + cnt; k < e; k++) {
      if (a[(k << 2) + 1] === 0 && names[a[k << 2]] === name) return k;
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
    const b = i << 3;
    const cnt = this.n[b + 6];
    if (cnt === 0 || id < 0) return -1;
    const a = this.a;
    for (let k = this.n[b + 5], e = k + cnt; k < e; k++) {
      if (a[k << 2] === id && (a[(k << 2) + 1] & 0xff) === 0) return k;
    }
    return -1;
  }
  /** Concatenated data of the Text descendants of i (not template contents). */
  text(i) {
    const n = this.n;
    const end = n[(i << 3) + 2];
    let s = '';
    for (let j = i + 1; j < end; j++) {
      const w = n[j << 3];
      if ((w & TEMPLATE_CONTENTS) !== 0) j = n[(j << 3) + 2] - 1;
      else if ((w & 0xff) === 3) s += this.data(j);
    }
    return s;
  }
  /** parse5-style location of node i (null when it has none). */
  location(i) {
    const type = this.type(i);
    if (type === 9 || type === 11) return null;
    if ((this.n[i << 3] & (1 << 21)) !== 0) return undefined; // adoption-agency clone: none, as parse5
    if (this.locator === null) this.locator = new Locator(this.source);
    return nodeLocation(this, i, this.locator, this.source);
  }
  /** A detached, empty DocumentFragment (template without contents). */
  static emptyFragment(scripting) {
    const n = new Uint32Array([11, NONE, 1, NONE, 0, 0, 0, NONE]);
    return new Tree(n, new Uint32Array(0), new Uint16Array(0), [''], scripting ? 1 << 6 : 0).node(0);
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
  get prefix() { return this._ns === 0 || (this._ns === 3 && this.localName === 'xmlns') ? null : ATTR_NS_PREFIX[this._ns]; }
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
      const end = n[(this._i << 3) + 2];
      let k = 0;
      for (let j = first; j < end; j = n[(j << 3) + 2]) k++;
      c = new Array(k);
      k = 0;
      for (let j = first; j < end; j = n[(j << 3) + 2]) c[k++] = t.node(j);
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
        if (t.ns(j) === 0 ? name === lower : name === q) out.push(t.node(j));
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
  get localName() { return this._t.names[this._t.n[(this._i << 3) + 4]]; }
  get tagName() {
    const t = this._t;
    const b = this._i << 3;
    const id = t.n[b + 4];
    if ((t.n[b] & 0xff00) !== 0) return t.names[id];
    let u = t.upper[id];
    if (u === undefined) u = t.upper[id] = asciiUpper(t.names[id]);
    return u;
  }
  get namespaceURI() { return ELEMENT_NS_URI[(this._t.n[this._i << 3] >>> 8) & 3]; }
  get prefix() { return null; }

  get attributes() {
    const t = this._t;
    const b = this._i << 3;
    const cnt = t.n[b + 6];
    if (cnt === 0) return EMPTY;
    const a0 = t.n[b + 5];
    const out = new Array(cnt);
    for (let k = 0; k < cnt; k++) {
      const r = (a0 + k) << 2;
      out[k] = new Attr(t.names[t.a[r]], t.attrValue(a0 + k), t.a[r + 1] & 0xff, this);
    }
    return out;
  }
  hasAttributes() { return this._t.n[(this._i << 3) + 6] !== 0; }
  getAttributeNames() {
    const t = this._t;
    const b = this._i << 3;
    const cnt = t.n[b + 6];
    const a0 = t.n[b + 5];
    const out = new Array(cnt);
    for (let k = 0; k < cnt; k++) out[k] = attrQualifiedName(t.names[t.a[(a0 + k) << 2]], t.a[((a0 + k) << 2) + 1] & 0xff);
    return out;
  }
  // Attribute record index whose qualified name is `name` (lowercased first
  // on HTML elements, as in HTML documents), or -1.
  _find(name) {
    const t = this._t;
    const b = this._i << 3;
    const cnt = t.n[b + 6];
    if (cnt === 0) return -1;
    let q = String(name);
    if ((t.n[b] & 0xff00) === 0) q = asciiLower(q);
    const a = t.a;
    for (let k = t.n[b + 5], e = k + cnt; k < e; k++) {
      const ns = a[(k << 2) + 1] & 0xff;
      const local = t.names[a[k << 2]];
      if (ns === 0 ? local === q : attrQualifiedName(local, ns) === q) return k;
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
    const b = this._i << 3;
    const uri = namespace === '' || namespace === undefined ? null : namespace;
    for (let k = t.n[b + 5], e = k + t.n[b + 6]; k < e; k++) {
      if (t.names[t.a[k << 2]] === localName && ATTR_NS_URI[t.a[(k << 2) + 1] & 0xff] === uri) return t.attrValue(k);
    }
    return null;
  }
  hasAttributeNS(namespace, localName) { return this.getAttributeNS(namespace, localName) !== null; }
  getAttributeNode(name) {
    const k = this._find(name);
    if (k < 0) return null;
    const t = this._t;
    return new Attr(t.names[t.a[k << 2]], t.attrValue(k), t.a[(k << 2) + 1] & 0xff, this);
  }
  get id() { return this.getAttribute('id') ?? ''; }
  get className() { return this.getAttribute('class') ?? ''; }
  get classList() { return splitClasses(this.className); }

  get previousElementSibling() {
    const t = this._t;
    for (let j = t.prev(this._i); j !== NONE; j = t.prev(j)) if (t.type(j) === ELEMENT_NODE) return t.node(j);
    return null;
  }
  get nextElementSibling() {
    const t = this._t;
    for (let j = t.next(this._i); j !== NONE; j = t.next(j)) if (t.type(j) === ELEMENT_NODE) return t.node(j);
    return null;
  }
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
  get length() { return this._t.n[(this._i << 3) + 6]; }
  get previousElementSibling() {
    const t = this._t;
    for (let j = t.prev(this._i); j !== NONE; j = t.prev(j)) if (t.type(j) === ELEMENT_NODE) return t.node(j);
    return null;
  }
  get nextElementSibling() {
    const t = this._t;
    for (let j = t.next(this._i); j !== NONE; j = t.next(j)) if (t.type(j) === ELEMENT_NODE) return t.node(j);
    return null;
  }
}

export class Text extends CharacterData {
  get nodeType() { return TEXT_NODE; }
  get nodeName() { return '#text'; }
}

export class Comment extends CharacterData {
  get nodeType() { return COMMENT_NODE; }
  get nodeName() { return '#comment'; }
}

/** Processing instruction (XML5 mode only). */
export class ProcessingInstruction extends CharacterData {
  get nodeType() { return PROCESSING_INSTRUCTION_NODE; }
  get nodeName() { return this.target; }
  get target() { return this._t.names[this._t.n[(this._i << 3) + 4]]; }
}

export class DocumentType extends Node {
  get nodeType() { return DOCUMENT_TYPE_NODE; }
  get nodeName() { return this.name; }
  get name() { return this._t.names[this._t.n[(this._i << 3) + 4]]; }
  get publicId() {
    const b = this._i << 3;
    const off = this._t.n[b + 5];
    return this._t.str.slice(off, off + this._t.n[b + 6]);
  }
  get systemId() {
    const b = this._i << 3;
    const off = this._t.n[b + 5] + this._t.n[b + 6];
    return this._t.str.slice(off, off + this._t.n[b + 7]);
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
      if (t.type(j) === ELEMENT_NODE && t.ns(j) === 0) {
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
    if (root !== null && t.ns(root._i) === 1 && root.localName === 'svg') {
      for (let j = t.first(root._i); j !== NONE; j = t.next(j)) {
        if (t.type(j) === ELEMENT_NODE && t.ns(j) === 1 && t.localName(j) === 'title') {
          ti = j;
          break;
        }
      }
    } else {
      for (let j = t.nextElement(this._i, this._i); j !== NONE; j = t.nextElement(j, this._i)) {
        if (t.ns(j) === 0 && t.localName(j) === 'title') {
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
