// DOM-like node classes: the result of decode(buffer, { format: 'dom' }) and parse().
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
//
// The tree can be changed with the DOM standard's methods (appendChild,
// innerHTML, setAttribute, ...).  The records are never rewritten: the
// first change gives the Tree an overlay (Tree#ov) holding records for the
// nodes made or changed since, and the accessors consult it only when it
// exists; docs/dom.md explains the design.
import { serialize, serializeOuter } from '../html/serialize.js';
import { compileSelector, matchesSelector, selectAll, selectFirst, closestMatch } from '../select/select.js';
import {
  A_NAME, A_NS, A_VALUE_LEN, A_VALUE_OFF, ANS_NONE, ANS_XMLNS, ATTR_NS_PREFIX, ATTR_NS_URI, ATTR_WORDS, ELEMENT_NS_URI,
  FLAG_SCRIPTING, INFO_CDATA, INFO_CLONED, INFO_NS_MASK, INFO_NS_SHIFT, INFO_SHADOW_ROOT, INFO_TEMPLATE_CONTENTS, INFO_TYPE_MASK, N_ATTR_COUNT,
  N_ATTR_FIRST, N_DATA_LEN, N_DATA_OFF, N_END, N_LAST_CHILD, N_NAME, N_PARENT, N_PREV, N_PUBLIC_LEN, N_PUBLIC_OFF,
  N_SYSTEM_LEN, NODE_WORDS, NONE, NS_HTML, NS_MATHML, NS_OTHER, NS_SVG, SOURCE_REF, TYPE_COMMENT, TYPE_DOCTYPE, TYPE_DOCUMENT,
  TYPE_ELEMENT, TYPE_FRAGMENT, TYPE_PI, TYPE_TEXT, SHADOW_CLONABLE, SHADOW_CLOSED, SHADOW_DELEGATES_FOCUS,
  SHADOW_KEEP_REGISTRY_NULL, SHADOW_SERIALIZABLE, SHADOW_SLOT_MANUAL,
} from '../core/abi.js';
import { installDebugging } from './inspect.js';
import { Locator, modeOf, nodeLocation } from '../core/records.js';
import { sectionText } from '../core/text.js';
import { NodeList } from './collections.js';

export const ELEMENT_NODE = 1;
export const ATTRIBUTE_NODE = 2;
export const TEXT_NODE = 3;
export const CDATA_SECTION_NODE = 4;
export const PROCESSING_INSTRUCTION_NODE = 7;
export const COMMENT_NODE = 8;
export const DOCUMENT_NODE = 9;
export const DOCUMENT_TYPE_NODE = 10;
export const DOCUMENT_FRAGMENT_NODE = 11;

// The namespaces (the buffer's codes and URIs are js/core/abi.js's).
export const HTML_NS = ELEMENT_NS_URI[NS_HTML];
export const SVG_NS = ELEMENT_NS_URI[NS_SVG];
export const MATHML_NS = ELEMENT_NS_URI[NS_MATHML];
export const [, XLINK_NS, XML_NS, XMLNS_NS] = ATTR_NS_URI;

// The fragments that hang off an element, no child of it: a template's
// contents and a shadow host's shadow root (docs/format.md).
const TEMPLATE_CONTENTS = INFO_TEMPLATE_CONTENTS | INFO_SHADOW_ROOT;
const EMPTY_NODES = Object.freeze(new NodeList()); // childNodes of a node without children

/**
 * Hook (issue 18): the class of an element by namespace URI, then local
 * name ('' for any other name of that namespace).  js/dom/html-elements.js
 * fills it (HTMLInputElement, HTMLElement, SVGElement, ...); Tree#make uses
 * it when it makes an element's node object.
 * @type {Map<string, Map<string, typeof Element>>}
 */
export const elementClasses = new Map();

/**
 * Hooks (issue 18) for the HTML standard's element state that mutations
 * change: js/dom/html-elements.js sets them (the checkedness of inputs, HTML
 * 4.10.5.1.x), each stays null otherwise.  All are called with the tree and
 * node indexes:
 * - changing(t): before t's first change (the overlay does not exist yet,
 *   so the tree still reads as parsed);
 * - attribute(t, i, localName, namespace, oldValue, value): after element
 *   i's attribute changed (null old value: added; null value: removed);
 * - inserted(t, c): after node c was inserted (with its subtree);
 * - removing(t, c): before node c (with its subtree) leaves its parent;
 *   what it returns is given to removed(t, before) after;
 * - copied(src, s, t, i, moved): element s of tree src was copied (moved:
 *   and is being moved) to element i of tree t (cloneNode, importNode,
 *   adoption, innerHTML's fragment).
 */
export const stateHooks = { changing: null, attribute: null, inserted: null, removing: null, removed: null, copied: null };
/**
 * Hook: the one class HTML element objects are made of (js/dom/html-elements.js
 * sets it; the element's interface is virtual, docs/dom.md "Keeping reads
 * fast"), or null.  Tree#make constructs it at a `new` of its own, which V8
 * then inlines.
 */
let HTMLObject = null;
/** @param {typeof Element} C */
export function setHTMLElementObjectClass(C) { HTMLObject = C; }
function elementClass(namespace, localName) {
  const m = elementClasses.get(namespace);
  return (m === undefined ? undefined : (m.get(localName) ?? m.get(''))) ?? Element;
}

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
 * Overlay record of one node that was created or changed after decoding
 * (docs/dom.md, "From buffer-backed to mutable").  A node of the buffer gets
 * one when one of its links, its data or its attributes change, with all its
 * links copied first; a node made by a mutation (createElement, a clone, an
 * imported or parsed node) has one from the start.  Links are node indexes
 * (NONE for none), as in the records.
 */
export class Rec {
  constructor(type, ns, name) {
    this.type = type;
    this.ns = ns; // element: NS_* code (NS_OTHER: `uri`)
    this.name = name; // element local name, PI target, doctype name: name id
    this.parent = NONE;
    this.prev = NONE;
    this.next = NONE;
    this.first = NONE;
    this.last = NONE;
    this.host = NONE; // template contents: the template
    this.contents = NONE; // template: its contents fragment
    this.data = null; // character data; null: the buffer's
    this.attrs = null; // element: AttrRec[]; null: the buffer's
    this.uri = null; // element namespace URI when ns is NS_OTHER
    this.prefix = null; // element namespace prefix (createElementNS)
    this.inert = false; // a detached root whose node document is the inert template document
    this.pub = ''; // doctype public / system identifiers
    this.sys = '';
    this.cdata = false; // Text: a CDATASection
    this.is = null; // element with `attrs`: its is value (Tree#isValue)
  }
}

/** Attribute of an element whose attribute list changed: the names and namespace as the DOM has them. */
export class AttrRec {
  constructor(local, ns, uri, prefix, value) {
    this.local = local;
    this.ns = ns; // ANS_* code, ANS_OTHER for any other namespace (then `uri`)
    this.uri = uri;
    this.prefix = prefix;
    this.value = value;
  }
}

/** Attribute namespace code of a namespace the buffer has no code for. */
export const ANS_OTHER = 4;
// Changed attribute lists are numbered past the buffer's attribute records:
// attribute k of node i's list has index acount + i * ATTR_STRIDE + k.
const ATTR_STRIDE = 2 ** 20;

// Tree#chunks and Tree#lists: values by node index in arrays of 256 made on first use.
function chunkGet(chunks, i) {
  const c = chunks[i >>> 8];
  return c === undefined ? undefined : c[i & 255];
}
function chunkSet(chunks, i, x) {
  let c = chunks[i >>> 8];
  if (c === undefined) c = chunks[i >>> 8] = new Array(256);
  c[i & 255] = x;
}

/**
 * The decoded tree: records plus strings.  Record layout (8 words per node,
 * 4 per attribute) is documented in docs/format.md.  A tree that has not
 * changed reads only the records; the first change adds the overlay (`ov`,
 * docs/dom.md), which every accessor below consults first.
 */
/**
 * A changed tree's records (Tree#ov): the Recs of the buffer's nodes that
 * changed, by index, in a Map, and those of the nodes made since (indexes
 * from `count` on, dense) in an array: a subtree copied in by innerHTML or
 * setHTML makes thousands of them, which a Map stored about twice as slowly
 * (hashing each index) and read back the same way on every access.
 */
class Overlay {
  constructor(count) {
    this.count = count;
    this.old = new Map();
    this.made = [];
    this.live = 0; // Recs in `made`
    this.grafts = null; // js/sanitize/graft.js's grafts, by index range, or null
  }
  get(i) {
    if (i < this.count) return this.old.get(i);
    const r = this.made[i - this.count];
    return r !== undefined || this.grafts === null ? r : graftReader(this, i);
  }
  set(i, r) {
    if (i < this.count) this.old.set(i, r);
    else {
      if (this.made[i - this.count] === undefined) this.live++;
      this.made[i - this.count] = r;
    }
    return this;
  }
  has(i) { return this.get(i) !== undefined; }
  delete(i) {
    if (i < this.count) return this.old.delete(i);
    if (this.get(i) === undefined) return false;
    this.made[i - this.count] = undefined;
    this.live--;
    return true;
  }
  /** How many nodes have a Rec (tests: what a change costs). */
  get size() { return this.old.size + this.live; }
}

/**
 * Hook: Overlay#get's reader of a graft's node that has no Rec yet
 * (js/sanitize/graft.js sets it with its first graft; docs/dom.md).
 */
let graftReader = null;
/** @param {(o: Overlay, i: number) => Rec | undefined} f */
export function setGraftReader(f) { graftReader = f; }

export class Tree {
  /**
   * @param {Uint32Array} n node records
   * @param {Uint32Array} a attribute records
   * @param {Uint16Array|null} u16 the string section (all character data) as code units,
   *   or null when `str` is given
   * @param {string[]} names name table (atoms, then the buffer's own names)
   * @param {number} flags header flags
   * @param {string|import('../core/text.js').PieceText|null} [str] the string section (js/core/text.js sectionText)
   */
  constructor(n, a, u16, names, flags, str = null) {
    this.n = n;
    this.a = a;
    this._u16 = u16;
    this._str = str;
    this.names = names;
    this.count = (n.length / NODE_WORDS) | 0;
    this.acount = (a.length / ATTR_WORDS) | 0;
    this.mode = modeOf(flags);
    this.scripting = (flags & FLAG_SCRIPTING) !== 0;
    this.quirks = this.mode === 'quirks';
    this.encoding = 'UTF-8'; // Document.characterSet; decode.js sets byte input's
    this.url = 'about:blank'; // Document.URL (parse()/decode() option `url`)
    this.classes = []; // HTML element class by name id (Tree#make)
    // Node objects by index, made on first access, in chunks of 256 made
    // on first use: a chunk is young while the nodes stored into it are, so
    // the GC keeps no remembered slot per node (it did for one big array).
    this.chunks = new Array((this.count + 255) >>> 8);
    // childNodes NodeLists by node index, chunked the same way.  They live
    // here, not on the node objects: a node read through a getter shared by
    // all node classes (childNodes) has a megamorphic read per field
    // (docs/dom.md, "Keeping reads fast").
    this.lists = new Array(this.chunks.length);
    // Element#attributes NamedNodeMaps by node index (a Map) in a tree that
    // keeps them (js/window/attribute-maps.js), else null.
    this.maps = null;
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
    /** The overlay: Map of node index → Rec, null while the tree is as decoded. */
    this.ov = null;
    this._recs = null;
    /** Some element's stored is value (Rec#is) is not null: the serializer looks for is values without an is attribute. */
    this.isStored = false;
    /** The index the next new node gets. */
    this.top = this.count;
    /** Changes with every mutation (live collections and caches compare it). */
    this.version = 0;
    this._inert = null; // the associated inert template document's tree
    /** XML documents: the XML section's names and node classes (js/dom/xml-dom.js attachXml), else null. */
    this.xml = null;
  }

  /** All character data, for slice(start, end): a string or js/core/text.js PieceText (decoded on first use when made from code units). */
  get str() {
    let s = this._str;
    if (s === null) s = this._str = sectionText(this._u16);
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
  /** The node object of index i if one was made, else undefined. */
  cached(i) { return chunkGet(this.chunks, i); }
  _setCached(i, x) { chunkSet(this.chunks, i, x); }
  /** Node i's childNodes: a NodeList made on first use and kept up to date by link / unlink. */
  childNodes(i) {
    const c = this.lists[i >>> 8];
    if (c !== undefined) {
      const l = c[i & 255];
      if (l !== undefined) return l;
    }
    const l = childNodesOf(this, i);
    if (l !== EMPTY_NODES) chunkSet(this.lists, i, l);
    return l;
  }
  /** Node i's childNodes NodeList if one was made, else undefined. */
  cachedList(i) { return chunkGet(this.lists, i); }
  _setList(i, l) { chunkSet(this.lists, i, l); }
  make(i) {
    if (this.xml !== null) {
      const x = this.xml.make(this, i);
      if (x !== null) return x;
    }
    switch (this.type(i)) {
      case TYPE_ELEMENT: {
        const ns = this.ns(i);
        if (ns !== NS_HTML) return new (elementClass(this.nsURI(i), this.localName(i)))(this, i);
        // An HTML element's class by name id, looked up in elementClasses once per tree (not
        // kept 1024 or more past the array's end, which would make it a slow dictionary).
        const id = this.nameIdOf(i);
        const cl = this.classes;
        let C = cl[id];
        if (C === undefined) {
          C = elementClass(HTML_NS, this.names[id]);
          if (id - cl.length < 1024) cl[id] = C;
        }
        return C === HTMLObject ? new HTMLObject(this, i) : new C(this, i);
      }
      case TYPE_TEXT:
        return this.isCdata(i) ? new CDATASection(this, i) : new Text(this, i);
      case TYPE_COMMENT:
        return new Comment(this, i);
      case TYPE_PI:
        return new ProcessingInstruction(this, i);
      case TYPE_DOCTYPE:
        return new DocumentType(this, i);
      case TYPE_DOCUMENT:
        return new Document(this, i);
      default:
        return i < this.count && (this.n[i * NODE_WORDS] & INFO_SHADOW_ROOT) !== 0 ? new ShadowRoot(this, i) : new DocumentFragment(this, i);
    }
  }

  /** Element i's declarative shadow root record, or NONE. */
  shadowRootIndex(i) {
    // Only the parser attaches shadow roots: an element the DOM methods made has none.
    if (i >= this.count || this.type(i) !== TYPE_ELEMENT) return NONE;
    const r = i + 1; // a root's record follows its host's (docs/format.md)
    return r < this.count && (this.n[r * NODE_WORDS] & INFO_SHADOW_ROOT) !== 0 && this.n[r * NODE_WORDS + N_PARENT] === i ? r : NONE;
  }
  /** Node i's overlay Rec, or undefined (always, in a tree that has not changed). */
  rec(i) {
    const o = this.ov;
    // A node of the buffer has a Rec only if mat() gave it one (`_recs` says which): no Map lookup for the others.
    return o === null || (i < this.count && this._recs[i] === 0) ? undefined : o.get(i);
  }

  // Record accessors (docs/format.md, "Node records"; the word offsets are
  // js/core/abi.js's).  Type, namespace and name never change: only new nodes
  // (i >= count) look them up in the overlay.  Links, data and attributes
  // are the overlay's when the node has a Rec.
  type(i) { return i < this.count ? this.n[i * NODE_WORDS] & INFO_TYPE_MASK : this.ov.get(i).type; }
  /** Is Text node i a CDATASection (XML documents: node flag CDATA, docs/format.md)? */
  isCdata(i) { return i < this.count ? (this.n[i * NODE_WORDS] & INFO_CDATA) !== 0 : this.ov.get(i).cdata; }
  ns(i) { return i < this.count ? (this.n[i * NODE_WORDS] >>> INFO_NS_SHIFT) & INFO_NS_MASK : this.ov.get(i).ns; }
  /** Element namespace URI (null for none). */
  nsURI(i) {
    if (i < this.count) return ELEMENT_NS_URI[(this.n[i * NODE_WORDS] >>> INFO_NS_SHIFT) & INFO_NS_MASK];
    const r = this.ov.get(i);
    return r.ns === NS_OTHER ? r.uri : ELEMENT_NS_URI[r.ns];
  }
  /** Element namespace prefix (only createElementNS gives one). */
  prefixOf(i) { return i < this.count ? null : this.ov.get(i).prefix; }
  /** Name id of element i's local name, a PI's target or a doctype's name. */
  nameIdOf(i) { return i < this.count ? this.n[i * NODE_WORDS + N_NAME] : this.ov.get(i).name; }
  localName(i) { return this.names[i < this.count ? this.n[i * NODE_WORDS + N_NAME] : this.ov.get(i).name]; }
  /** Subtree end in the records: for an unchanged tree only (a changed one walks links: following, skip). */
  end(i) {
    if (this.ov !== null) throw new Error('Tree#end: the tree has changed; record ranges no longer hold (use following() / skip())');
    return this.n[i * NODE_WORDS + N_END];
  }
  isContents(i) { return i < this.count ? (this.n[i * NODE_WORDS] & TEMPLATE_CONTENTS) !== 0 : this.ov.get(i).host !== NONE; }
  /** DOM parent: none for template contents (they hang off their template). */
  parent(i) {
    const r = this.rec(i);
    if (r !== undefined) return r.parent;
    return (this.n[i * NODE_WORDS] & TEMPLATE_CONTENTS) !== 0 ? NONE : this.n[i * NODE_WORDS + N_PARENT];
  }
  /** The template whose contents fragment i is, or NONE. */
  host(i) {
    const r = this.rec(i);
    if (r !== undefined) return r.host;
    return (this.n[i * NODE_WORDS] & TEMPLATE_CONTENTS) !== 0 ? this.n[i * NODE_WORDS + N_PARENT] : NONE;
  }
  prev(i) {
    const r = this.rec(i);
    if (r !== undefined) return r.prev;
    return this.n[i * NODE_WORDS + N_PREV];
  }
  next(i) {
    const r = this.rec(i);
    if (r !== undefined) return r.next;
    const b = i * NODE_WORDS;
    const p = this.n[b + N_PARENT];
    if (p === NONE || (this.n[b] & TEMPLATE_CONTENTS) !== 0) return NONE;
    const e = this.n[b + N_END];
    return e < this.n[p * NODE_WORDS + N_END] ? e : NONE;
  }
  first(i) {
    const r = this.rec(i);
    if (r !== undefined) return r.first;
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
    const r = this.rec(i);
    if (r !== undefined) return r.last;
    const t = this.n[i * NODE_WORDS] & INFO_TYPE_MASK;
    return t === TYPE_ELEMENT || t === TYPE_DOCUMENT || t === TYPE_FRAGMENT ? this.n[i * NODE_WORDS + N_LAST_CHILD] : NONE;
  }
  /** Index of template i's contents fragment, or NONE. */
  contents(i) {
    const r = this.rec(i);
    if (r !== undefined) return r.contents;
    const c = i + 1;
    return c < this.n[i * NODE_WORDS + N_END] && (this.n[c * NODE_WORDS] & TEMPLATE_CONTENTS) !== 0 ? c : NONE;
  }
  /**
   * The node after i in tree order inside scope's subtree (i itself inside
   * it), not entering template contents, or NONE.
   */
  following(i, scope) {
    if (this.ov === null) {
      const n = this.n;
      let j = i + 1;
      if (j < n[scope * NODE_WORDS + N_END] && (n[j * NODE_WORDS] & TEMPLATE_CONTENTS) !== 0) j = n[j * NODE_WORDS + N_END];
      return j < n[scope * NODE_WORDS + N_END] ? j : NONE;
    }
    const f = this.first(i);
    return f !== NONE ? f : this.skip(i, scope);
  }
  /** Like following(), without entering i's own subtree. */
  skip(i, scope) {
    if (this.ov === null) {
      const j = this.n[i * NODE_WORDS + N_END];
      return i !== scope && j < this.n[scope * NODE_WORDS + N_END] ? j : NONE;
    }
    for (let j = i; j !== scope && j !== NONE; j = this.parent(j)) {
      const s = this.next(j);
      if (s !== NONE) return s;
    }
    return NONE;
  }
  /** Next element after i in tree order, inside (scope, end(scope)), not entering template contents. */
  nextElement(i, scope) {
    if (this.ov !== null) {
      let j = this.following(i, scope);
      while (j !== NONE && this.type(j) !== TYPE_ELEMENT) j = this.following(j, scope);
      return j;
    }
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
  attrFirst(i) {
    const r = this.rec(i);
    if (r !== undefined && r.attrs !== null) return this.acount + i * ATTR_STRIDE;
    return this.n[i * NODE_WORDS + N_ATTR_FIRST];
  }
  attrCount(i) {
    const r = this.rec(i);
    if (r !== undefined && r.attrs !== null) return r.attrs.length;
    return this.n[i * NODE_WORDS + N_ATTR_COUNT];
  }
  _ar(k) {
    const x = k - this.acount;
    return this.ov.get(Math.floor(x / ATTR_STRIDE)).attrs[x % ATTR_STRIDE];
  }
  attrName(k) { return k < this.acount ? this.names[this.a[k * ATTR_WORDS + A_NAME]] : this._ar(k).local; }
  /** ANS_* code of attribute k's namespace (ANS_OTHER: attrURI). */
  attrNs(k) { return k < this.acount ? this.a[k * ATTR_WORDS + A_NS] & 0xff : this._ar(k).ns; }
  attrURI(k) { return k < this.acount ? ATTR_NS_URI[this.a[k * ATTR_WORDS + A_NS] & 0xff] : this._ar(k).uri; }
  attrPrefix(k) {
    if (k >= this.acount) return this._ar(k).prefix;
    const ns = this.a[k * ATTR_WORDS + A_NS] & 0xff;
    return ns === ANS_NONE || (ns === ANS_XMLNS && this.attrName(k) === 'xmlns') ? null : ATTR_NS_PREFIX[ns];
  }
  /** Attribute k's qualified name (Attr.name). */
  attrQName(k) {
    if (k < this.acount) return attrQualifiedName(this.names[this.a[k * ATTR_WORDS + A_NAME]], this.a[k * ATTR_WORDS + A_NS] & 0xff);
    const r = this._ar(k);
    return r.prefix === null ? r.local : r.prefix + ':' + r.local;
  }
  /** The string at (off, len) of the records: from the source or the string section. */
  string(off, len) {
    if (len === 0) return '';
    if (off >= SOURCE_REF) return this.src.slice(off - SOURCE_REF, off - SOURCE_REF + len);
    return this.str.slice(off, off + len);
  }
  /** Character data of a Text / Comment / PI node. */
  data(i) {
    const r = this.rec(i);
    if (r !== undefined && r.data !== null) return r.data;
    return this.string(this.n[i * NODE_WORDS + N_DATA_OFF], this.n[i * NODE_WORDS + N_DATA_LEN]);
  }
  /** Length of data(i) in UTF-16 code units. */
  dataLength(i) {
    const r = this.rec(i);
    if (r !== undefined && r.data !== null) return r.data.length;
    return this.n[i * NODE_WORDS + N_DATA_LEN];
  }
  attrValue(k) {
    if (k >= this.acount) return this._ar(k).value;
    return this.string(this.a[k * ATTR_WORDS + A_VALUE_OFF], this.a[k * ATTR_WORDS + A_VALUE_LEN]);
  }
  /** Attribute record index of the no-namespace attribute `name` on element i, or -1. */
  findPlainAttr(i, name) {
    if (this.ov !== null) {
      const r = this.ov.get(i);
      if (r !== undefined && r.attrs !== null) {
        const l = r.attrs;
        for (let k = 0; k < l.length; k++) if (l[k].ns === ANS_NONE && l[k].local === name) return this.acount + i * ATTR_STRIDE + k;
        return -1;
      }
    }
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
   * name one id unless a caller bypassed the atom table; a changed tree
   * sets it: its new names are added as they come).
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
    if (id < 0) return -1;
    const r = this.rec(i);
    if (r !== undefined && r.attrs !== null) return this.findPlainAttr(i, this.names[id]);
    const b = i * NODE_WORDS;
    const cnt = this.n[b + N_ATTR_COUNT];
    if (cnt === 0) return -1;
    const a = this.a;
    for (let k = this.n[b + N_ATTR_FIRST], e = k + cnt; k < e; k++) {
      if (a[k * ATTR_WORDS + A_NAME] === id && (a[k * ATTR_WORDS + A_NS] & 0xff) === ANS_NONE) return k;
    }
    return -1;
  }
  /** Concatenated data of the Text descendants of i (not template contents). */
  text(i) {
    let s = '';
    if (this.ov !== null) {
      for (let j = this.following(i, i); j !== NONE; j = this.following(j, i)) if (this.type(j) === TYPE_TEXT) s += this.data(j);
      return s;
    }
    const n = this.n;
    const end = n[i * NODE_WORDS + N_END];
    for (let j = i + 1; j < end; j++) {
      const w = n[j * NODE_WORDS];
      if ((w & TEMPLATE_CONTENTS) !== 0) j = n[j * NODE_WORDS + N_END] - 1;
      else if ((w & INFO_TYPE_MASK) === TYPE_TEXT) s += this.data(j);
    }
    return s;
  }
  /** Doctype i's public and system identifiers. */
  publicId(i) {
    if (i >= this.count) return this.ov.get(i).pub;
    const b = i * NODE_WORDS;
    const off = this.n[b + N_PUBLIC_OFF];
    return this.str.slice(off, off + this.n[b + N_PUBLIC_LEN]);
  }
  systemId(i) {
    if (i >= this.count) return this.ov.get(i).sys;
    const b = i * NODE_WORDS;
    const off = this.n[b + N_PUBLIC_OFF] + this.n[b + N_PUBLIC_LEN];
    return this.str.slice(off, off + this.n[b + N_SYSTEM_LEN]);
  }
  /** parse5-style location of node i (null when it has none; undefined for nodes made after parsing). */
  location(i) {
    if (i >= this.count) return undefined;
    const type = this.type(i);
    if (type === TYPE_DOCUMENT || type === TYPE_FRAGMENT) return null;
    if ((this.n[i * NODE_WORDS] & INFO_CLONED) !== 0) return undefined; // adoption-agency clone: none, as parse5
    if (this.locator === null) this.locator = new Locator(this.source);
    return nodeLocation(this, i, this.locator, this.source);
  }

  // ---- ownership -----------------------------------------------------------

  /** The Document node of this tree (index 0), or null for a fragment's tree. */
  documentNode() { return this.count > 0 && this.type(0) === TYPE_DOCUMENT ? this.node(0) : null; }
  /**
   * The associated inert template document (HTML 4.12.3): the owner of
   * template contents, an empty HTML document of its own tree, made once
   * (its own inert document is itself).  null for a fragment's tree.
   */
  inertDocument() {
    if (this.documentNode() === null) return null;
    if (this._inert === null) {
      this._inert = Tree.emptyDocument(false);
      this._inert._inert = this._inert;
      if (this.maps !== null) this._inert.maps = new Map(); // (js/window/attribute-maps.js)
    }
    return this._inert.node(0);
  }
  /** Node i's node document (DOM "node document"): null for a document itself. */
  ownerDocumentOf(i) {
    if (this.type(i) === TYPE_DOCUMENT) return null;
    let r = i;
    for (let p = this.parent(r); p !== NONE; p = this.parent(r)) r = p;
    if (this.type(r) === TYPE_DOCUMENT) return this.node(r);
    if (this.isContents(r)) return this.inertDocument();
    if (this.ov !== null) {
      const x = this.ov.get(r);
      if (x !== undefined && x.inert) return this.inertDocument();
    }
    return this.documentNode();
  }

  // ---- changing the tree (docs/dom.md) -----------------------------------------

  _overlay() {
    if (stateHooks.changing !== null) stateHooks.changing(this);
    this._dup = true; // new names get new ids: select.js compares names as strings from now on
    this._recs = new Uint8Array(this.count); // 1: the buffer node has a Rec (Tree#rec)
    return (this.ov = new Overlay(this.count));
  }
  /** The overlay Rec of node i, made from its records (all links copied) on first need. */
  mat(i) {
    const o = this.ov === null ? this._overlay() : this.ov;
    let r = o.get(i);
    if (r === undefined) {
      const w = this.n[i * NODE_WORDS];
      r = new Rec(w & INFO_TYPE_MASK, (w >>> INFO_NS_SHIFT) & INFO_NS_MASK, this.n[i * NODE_WORDS + N_NAME]);
      r.parent = this.parent(i);
      r.prev = this.prev(i);
      r.next = this.next(i);
      r.first = this.first(i);
      r.last = this.last(i);
      r.host = this.host(i);
      if (r.type === TYPE_ELEMENT) r.contents = this.contents(i);
      o.set(i, r);
      if (i < this.count) this._recs[i] = 1;
    }
    return r;
  }
  /** Element i's attribute list as AttrRecs (copied from the records on first need). */
  attrList(i) {
    const cnt = this.attrCount(i);
    const a0 = this.attrFirst(i);
    const r = this.mat(i);
    if (r.attrs === null) {
      const l = new Array(cnt);
      for (let k = 0; k < cnt; k++) {
        const x = l[k] = new AttrRec(this.attrName(a0 + k), this.attrNs(a0 + k), this.attrURI(a0 + k), this.attrPrefix(a0 + k), this.attrValue(a0 + k));
        if (x.ns === ANS_NONE && x.local === 'is') this.storeIs(r, x.value); // the is value stays what was parsed
      }
      r.attrs = l;
    }
    return r.attrs;
  }
  /**
   * Element i's is value (DOM 4.9): fixed when it was made.  The parser took
   * the `is` attribute of its start tag (HTML 13.2.6.1 "create an element
   * for a token"), so a node whose attribute list never changed reads it
   * there; the first change of that list stores it (attrList), and made
   * nodes store theirs (createElement's options, a copy's source).  (An
   * `is` attribute the parser added to html or body from a later start tag
   * is read as theirs too: the buffer does not tell them apart.)
   */
  isValue(i) {
    const r = this.ov === null ? undefined : this.ov.get(i);
    if (r !== undefined && r.attrs !== null) return r.is;
    return i < this.count ? this.plainAttr(i, 'is') : null;
  }
  /** Stores element Rec r's is value (isStored: one is not null). */
  storeIs(r, is) {
    r.is = is;
    if (is !== null) this.isStored = true;
  }
  /** The id of name s, added to the name table if new. */
  intern(s) {
    let id = this.nameId(s);
    if (id < 0) {
      id = this.names.length;
      this.names.push(s);
      this._ids.set(s, id);
    }
    return id;
  }
  /** A new detached node: its index. */
  create(type, ns, name) {
    if (this.ov === null) this._overlay();
    const i = this.top++;
    const r = new Rec(type, ns, typeof name === 'string' ? this.intern(name) : 0);
    if (type === TYPE_ELEMENT) r.attrs = [];
    else if (type === TYPE_TEXT || type === TYPE_COMMENT || type === TYPE_PI) r.data = '';
    this.ov.set(i, r);
    return i;
  }
  /** Template i's contents fragment, made when it has none. */
  contentsOf(i) {
    let c = this.contents(i);
    if (c === NONE) {
      c = this.create(TYPE_FRAGMENT, 0, null);
      this.ov.get(c).host = i;
      this.mat(i).contents = c;
    }
    return c;
  }
  /** Links detached node c into p before ref (NONE: as the last child); childNodes arrays follow. */
  link(c, p, ref) {
    const prev = ref === NONE ? this.last(p) : this.prev(ref);
    const rc = this.mat(c);
    const rp = this.mat(p);
    rc.parent = p;
    rc.prev = prev;
    rc.next = ref;
    rc.inert = false;
    if (prev === NONE) rp.first = c;
    else this.mat(prev).next = c;
    if (ref === NONE) rp.last = c;
    else this.mat(ref).prev = c;
    this.version++;
    const l = this.cachedList(p);
    if (l !== undefined) {
      const k = ref === NONE ? -1 : l.indexOf(this.node(ref));
      if (k < 0) l.push(this.node(c));
      else l.splice(k, 0, this.node(c));
    }
  }
  /** Removes node c from its parent (DOM "remove", without the checks). */
  unlink(c) {
    const p = this.parent(c);
    if (p === NONE) return;
    // DOM "remove": live NodeIterators adjust first (js/dom/traversal.js sets the hook).
    if (this.preRemove !== undefined) this.preRemove(c);
    const inert = this.ownerDocumentOf(p) !== this.documentNode();
    const rc = this.mat(c);
    const rp = this.mat(p);
    const before = stateHooks.removing !== null ? stateHooks.removing(this, c) : null; // (the overlay made: the tree's first change)
    const { prev, next } = rc;
    if (prev === NONE) rp.first = next;
    else this.mat(prev).next = next;
    if (next === NONE) rp.last = prev;
    else this.mat(next).prev = prev;
    rc.parent = rc.prev = rc.next = NONE;
    rc.inert = inert;
    this.version++;
    const l = this.cachedList(p);
    if (l !== undefined) {
      const k = l.indexOf(this.node(c));
      if (k >= 0) l.splice(k, 1);
    }
    if (before !== null) stateHooks.removed(this, before);
  }
  /** Sets character data. */
  setData(i, s) {
    this.mat(i).data = s;
    this.version++;
  }
  /**
   * Copies node j of tree `src` (with its subtree when `deep`, and a
   * template's contents with it) into this tree as a new detached subtree;
   * returns its index.  `move`: the DOM's adopt, across trees: the node
   * objects already made move with their nodes (identity is kept) and the
   * source's records of them are dropped.  Iterative: any depth.
   */
  copyIn(src, j, deep, move) {
    const full = deep || move;
    const moved = move ? [] : null;
    const root = this._copyRec(src, j, moved);
    const stack = [j, root];
    while (stack.length > 0) {
      const d = stack.pop();
      const s = stack.pop();
      if (!full) break;
      if (src.type(s) === TYPE_ELEMENT) {
        const sc = src.contents(s);
        if (sc !== NONE) {
          const dc = this._copyRec(src, sc, moved);
          this.ov.get(dc).host = d;
          this.ov.get(d).contents = dc;
          stack.push(sc, dc);
        }
      }
      const rd = this.ov.get(d);
      for (let c = src.first(s); c !== NONE; c = src.next(c)) {
        const nc = this._copyRec(src, c, moved);
        const rn = this.ov.get(nc);
        rn.parent = d;
        rn.prev = rd.last;
        if (rd.last === NONE) rd.first = nc;
        else this.ov.get(rd.last).next = nc;
        rd.last = nc;
        stack.push(c, nc);
      }
    }
    if (move) {
      for (let k = 0; k < moved.length; k++) if (moved[k] >= src.count) src.ov.delete(moved[k]);
      src.version++;
    }
    this.version++;
    return root;
  }
  _copyRec(src, s, moved) {
    const type = src.type(s);
    const name = type === TYPE_ELEMENT || type === TYPE_PI || type === TYPE_DOCTYPE ? src.localName(s) : null;
    const i = this.create(type, type === TYPE_ELEMENT ? src.ns(s) : 0, name);
    const r = this.ov.get(i);
    if (type === TYPE_ELEMENT) {
      r.uri = src.nsURI(s);
      r.prefix = src.prefixOf(s);
      this.storeIs(r, src.isValue(s)); // DOM "clone a node": created with node's is value
      const cnt = src.attrCount(s);
      const a0 = src.attrFirst(s);
      for (let k = a0; k < a0 + cnt; k++) r.attrs.push(new AttrRec(src.attrName(k), src.attrNs(k), src.attrURI(k), src.attrPrefix(k), src.attrValue(k)));
    } else if (type === TYPE_TEXT || type === TYPE_COMMENT || type === TYPE_PI) {
      r.data = src.data(s);
      if (type === TYPE_TEXT) r.cdata = src.isCdata(s);
    } else if (type === TYPE_DOCTYPE) {
      r.pub = src.publicId(s);
      r.sys = src.systemId(s);
    }
    if (type === TYPE_ELEMENT && stateHooks.copied !== null) stateHooks.copied(src, s, this, i, moved !== null);
    if (moved !== null) {
      moved.push(s);
      const x = src.cached(s);
      if (x !== undefined) {
        src._setCached(s, undefined);
        x._t = this;
        x._i = i;
        this._setCached(i, x);
      }
      const l = src.cachedList(s);
      if (l !== undefined) {
        src._setList(s, undefined);
        this._setList(i, l);
      }
    }
    return i;
  }

  /** A tree holding one empty Document (the inert template document, a document's clone). */
  static emptyDocument(scripting, mode = 'no-quirks') {
    const n = new Uint32Array(NODE_WORDS);
    n[0] = TYPE_DOCUMENT;
    n[N_PARENT] = n[N_PREV] = n[N_LAST_CHILD] = NONE;
    n[N_END] = 1;
    const t = new Tree(n, new Uint32Array(0), new Uint16Array(0), [''], scripting ? FLAG_SCRIPTING : 0);
    t.mode = mode;
    t.quirks = mode === 'quirks';
    return t;
  }
}

// ---- DOMException, names, checks --------------------------------------------

/**
 * The platform's DOMException (Node 17+, browsers, workers); a fallback
 * Error subclass with the same name / message / code where it is missing.
 */
export const DOMException = typeof globalThis.DOMException === 'function' ? globalThis.DOMException : (() => {
  const CODES = {
    IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5,
    NoModificationAllowedError: 7, NotFoundError: 8, NotSupportedError: 9, InUseAttributeError: 10,
    InvalidStateError: 11, SyntaxError: 12, NamespaceError: 14,
  };
  return class DOMException extends Error {
    constructor(message = '', name = 'Error') {
      super(message);
      Object.defineProperty(this, 'name', { value: String(name), configurable: true, writable: true });
    }
    get code() { return CODES[this.name] ?? 0; }
  };
})();
/** A DOMException with `name` (HierarchyRequestError, NotFoundError, ...). */
export function domException(message, name) { return new DOMException(message, name); }

const ASCII_ALPHA = /^[A-Za-z]/;
// DOM 1.? (2025 names): "valid element local name", "valid attribute local
// name", "valid namespace prefix", "valid doctype name".
export function isValidElementLocalName(s) {
  if (s.length === 0) return false;
  if (ASCII_ALPHA.test(s)) return !/[\t\n\f\r \0/>]/.test(s);
  return /^[:_\u0080-\uffff][A-Za-z0-9\-.:_\u0080-\uffff]*$/.test(s);
}
export const isValidAttributeLocalName = (s) => s.length > 0 && !/[\t\n\f\r \0/=>]/.test(s);
const isValidNamespacePrefix = (s) => s.length > 0 && !/[\t\n\f\r \0/>]/.test(s);
// XML 1.0 Name production (createProcessingInstruction's target; the XML serialization's require well-formed).
export const XML_NAME = /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800-\uDBFF\uDC00-\uDFFF][-.0-9:A-Z_a-z\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800-\uDBFF\uDC00-\uDFFF]*$/;

/**
 * DOM "validate and extract" a namespace and qualified name (context
 * 'element' or 'attribute'): [namespace, prefix, localName] or a
 * DOMException (InvalidCharacterError, NamespaceError).
 */
export function validateAndExtract(namespace, qualifiedName, context, fn) {
  let ns = namespace === undefined || namespace === null || namespace === '' ? null : String(namespace);
  const q = String(qualifiedName);
  let prefix = null;
  let local = q;
  const colon = q.indexOf(':');
  if (colon >= 0) {
    // "strictly split" on ':': the prefix and the second part ('a:b:c' is a:b)
    const second = q.indexOf(':', colon + 1);
    prefix = q.slice(0, colon);
    local = second < 0 ? q.slice(colon + 1) : q.slice(colon + 1, second);
    if (!isValidNamespacePrefix(prefix)) throw domException(`${fn}: '${q}' has an invalid namespace prefix`, 'InvalidCharacterError');
  }
  if (context === 'attribute' ? !isValidAttributeLocalName(local) : !isValidElementLocalName(local)) {
    throw domException(`${fn}: '${q}' is not a valid ${context} name`, 'InvalidCharacterError');
  }
  if (prefix !== null && ns === null) throw domException(`${fn}: a prefixed name ('${q}') needs a namespace`, 'NamespaceError');
  if (prefix === 'xml' && ns !== XML_NS) throw domException(`${fn}: the prefix 'xml' is for the XML namespace`, 'NamespaceError');
  if ((q === 'xmlns' || prefix === 'xmlns') !== (ns === XMLNS_NS)) {
    throw domException(`${fn}: 'xmlns' and the XMLNS namespace go together ('${q}', ${JSON.stringify(ns)})`, 'NamespaceError');
  }
  return [ns, prefix, local];
}

const ELEMENT_NS_CODE = new Map([[HTML_NS, NS_HTML], [SVG_NS, NS_SVG], [MATHML_NS, NS_MATHML]]);
const ATTR_NS_CODE = new Map([[null, ANS_NONE], [XLINK_NS, 1], [XML_NS, 2], [XMLNS_NS, ANS_XMLNS]]);
const attrNsCode = (uri) => ATTR_NS_CODE.get(uri) ?? ANS_OTHER;

/**
 * DOM 4.5 "flatten element creation options": the is value of createElement's
 * options, WebIDL's (DOMString or ElementCreationOptions): undefined, null or
 * an object is the dictionary, whose `is` (a DOMString) is the value; a
 * string (anything else converted to one) is ignored.
 */
export function creationIs(options, fn) {
  if (options === undefined || options === null) return null;
  const is = typeof options === 'object' || typeof options === 'function' ? options.is : undefined;
  if (typeof options === 'symbol' || typeof is === 'symbol') throw new TypeError(`${fn}: options: a Symbol is not a string`);
  return is === undefined ? null : String(is);
}

function checkNodeArg(x, fn) {
  if (!(x instanceof Node)) throw new TypeError(`${fn}: the argument is not a Node of this library (got ${x === null ? 'null' : typeof x})`);
  return x;
}
const isParentType = (type) => type === ELEMENT_NODE || type === DOCUMENT_NODE || type === DOCUMENT_FRAGMENT_NODE;

// Is a a host-including inclusive ancestor of b (DOM 4.2.2; template contents' host is their template)?
function hostIncludingAncestor(a, b) {
  if (a._t !== b._t) return false;
  const t = b._t;
  for (let i = b._i; i !== NONE;) {
    if (i === a._i) return true;
    const p = t.parent(i);
    i = p !== NONE ? p : t.host(i);
  }
  return false;
}
function hasChildOfType(t, p, type, except) {
  for (let j = t.first(p); j !== NONE; j = t.next(j)) if (j !== except && t.type(j) === type) return true;
  return false;
}
function siblingOfType(t, i, type, following) {
  for (let j = following ? t.next(i) : t.prev(i); j !== NONE; j = following ? t.next(j) : t.prev(j)) if (t.type(j) === type) return true;
  return false;
}

/**
 * DOM 4.2.3 "ensure pre-insert validity" (child: the reference child or
 * null) and, with `replaced`, the checks of "replace a child" (child: the
 * child replaced).
 */
function ensureValidity(parent, node, child, replaced, fn) {
  const pt = parent.nodeType;
  if (!isParentType(pt)) throw domException(`${fn}: a ${parent.nodeName} node has no children`, 'HierarchyRequestError');
  if (hostIncludingAncestor(node, parent)) throw domException(`${fn}: the new child contains the parent`, 'HierarchyRequestError');
  const t = parent._t;
  if (child !== null && (child._t !== t || t.parent(child._i) !== parent._i)) {
    throw domException(`${fn}: the ${replaced ? 'node to be replaced' : 'reference node'} is not a child of this node`, 'NotFoundError');
  }
  const nt = node.nodeType;
  if (nt === DOCUMENT_NODE || nt === ATTRIBUTE_NODE) throw domException(`${fn}: a ${node.nodeName} node cannot be a child`, 'HierarchyRequestError');
  if ((nt === TEXT_NODE && pt === DOCUMENT_NODE) || (nt === DOCUMENT_TYPE_NODE && pt !== DOCUMENT_NODE)) {
    throw domException(`${fn}: a ${node.nodeName} node cannot be a child of a ${parent.nodeName} node`, 'HierarchyRequestError');
  }
  if (pt !== DOCUMENT_NODE) return;
  const p = parent._i;
  const c = child === null ? NONE : child._i;
  const except = replaced ? c : NONE;
  const childIsDoctype = c !== NONE && t.type(c) === DOCUMENT_TYPE_NODE;
  const doctypeAfter = c !== NONE && siblingOfType(t, c, DOCUMENT_TYPE_NODE, true);
  const bad = (why) => domException(`${fn}: a document ${why}`, 'HierarchyRequestError');
  if (nt === DOCUMENT_FRAGMENT_NODE) {
    const ft = node._t;
    let elements = 0;
    for (let j = ft.first(node._i); j !== NONE; j = ft.next(j)) {
      if (ft.type(j) === TEXT_NODE) throw bad('cannot have text children');
      if (ft.type(j) === ELEMENT_NODE) elements++;
    }
    if (elements > 1) throw bad('has one element child at most');
    if (elements === 1 && (hasChildOfType(t, p, ELEMENT_NODE, except) || (!replaced && childIsDoctype) || doctypeAfter)) throw bad('has one element child, after its doctype');
  } else if (nt === ELEMENT_NODE) {
    if (hasChildOfType(t, p, ELEMENT_NODE, except) || (!replaced && childIsDoctype) || doctypeAfter) throw bad('has one element child, after its doctype');
  } else if (nt === DOCUMENT_TYPE_NODE) {
    if (hasChildOfType(t, p, DOCUMENT_TYPE_NODE, except) || (c !== NONE && siblingOfType(t, c, ELEMENT_NODE, false)) ||
      (c === NONE && hasChildOfType(t, p, ELEMENT_NODE, NONE))) throw bad('has one doctype, before its element');
  }
}

/**
 * Moves `node` into tree t, detached (DOM "adopt", and the removal from its
 * old parent): within one tree only the links change; from another tree the
 * subtree is copied into t's overlay and the node objects move with it.
 */
function adoptInto(node, t) {
  const st = node._t;
  st.unlink(node._i);
  if (st !== t) t.copyIn(st, node._i, true, true);
  else if (t.ov !== null && t.ov.has(node._i)) t.ov.get(node._i).inert = false;
}

/** DOM "insert" (after the checks): node (its children for a fragment) into parent before ref (a node or null). */
function insertNode(node, parent, ref) {
  const t = parent._t;
  let kids;
  if (node.nodeType === DOCUMENT_FRAGMENT_NODE) {
    kids = [];
    const ft = node._t;
    for (let j = ft.first(node._i); j !== NONE; j = ft.next(j)) kids.push(ft.node(j));
  } else kids = [node];
  for (let k = 0; k < kids.length; k++) adoptInto(kids[k], t);
  const r = ref === null ? NONE : ref._i;
  for (let k = 0; k < kids.length; k++) {
    t.link(kids[k]._i, parent._i, r);
    if (stateHooks.inserted !== null) stateHooks.inserted(t, kids[k]._i);
  }
}

/** DOM "pre-insert". */
function preInsert(node, parent, child, fn) {
  ensureValidity(parent, node, child, false, fn);
  let ref = child;
  if (ref === node) ref = node.nextSibling;
  insertNode(node, parent, ref);
  return node;
}

/** DOM "replace all" with node (null: remove every child). */
function replaceAll(node, parent) {
  const t = parent._t;
  const l = t.cachedList(parent._i);
  if (l !== undefined) l.length = 0; // emptied at once, not child by child
  for (let j = t.first(parent._i); j !== NONE; j = t.first(parent._i)) t.unlink(j);
  if (node !== null) insertNode(node, parent, null);
}

/** A new Text node of tree t holding s. */
function newText(t, s) {
  const i = t.create(TYPE_TEXT, 0, null);
  t.ov.get(i).data = s;
  return t.node(i);
}
/** DOM "convert nodes into a node": strings become Text nodes of document `doc`'s tree. */
function convertNodes(owner, nodes, fn) {
  const t = owner._t;
  const make = (x) => (x instanceof Node ? x : newText(t, String(x)));
  if (nodes.length === 1) return make(nodes[0]);
  const f = t.node(t.create(TYPE_FRAGMENT, 0, null));
  for (const x of nodes) preInsert(make(x), f, null, fn);
  return f;
}

/** The fragment parser (parse.js registers it: parseFragment with a context), for innerHTML and friends. */
let fragmentParser = null;
/** @param {(html: string, options: object) => DocumentFragment} fn */
export function setFragmentParser(fn) { fragmentParser = fn; }

/**
 * HTML "fragment parsing algorithm steps" with element `context`: the
 * children of a new DocumentFragment of context's tree.
 */
function parseFragmentFor(context, markup, fn) {
  // An XML document's element: the XML fragment parsing algorithm (js/dom/xml-dom.js).
  if (context._t.xml !== null) return context._t.xml.parseFragment(context, String(markup), fn);
  return parseHTMLFragmentFor(context, markup, fn);
}

/**
 * HTML "HTML fragment parsing algorithm" with element `context`, whatever
 * its document (setHTML parses HTML in XML documents too): the children of
 * a new DocumentFragment of context's tree.  Options: shadowRoots (allow
 * declarative shadow roots; they stay in the parser's tree: a copy has
 * none), scriptingEnabled (default: context's document's), prepare(fragment,
 * tree) (run on the parser's own fragment before its nodes are copied: the
 * sanitizer, js/sanitize/; when it returns a node index of context's tree,
 * that node, which it made with js/sanitize/graft.js graft(), is the result and
 * nothing is copied).
 */
export function parseHTMLFragmentFor(context, markup, fn, { shadowRoots = false, scriptingEnabled, prepare } = {}) {
  if (fragmentParser === null) throw new Error(`${fn}: needs the HTML parser: import 'html5-wasm' (or js/dom/parse.js), not only js/dom/decode.js`);
  const t = context._t;
  let ns = t.nsURI(context._i);
  let name = t.localName(context._i);
  // A context the parser has no namespace for is parsed as a <div> would be.
  if (!ELEMENT_NS_CODE.has(ns)) {
    ns = HTML_NS;
    name = 'div';
  }
  const f = fragmentParser(String(markup), {
    context: { localName: name, namespaceURI: ns },
    scriptingEnabled: scriptingEnabled ?? t.scripting,
    quirksMode: t.ownerDocumentOf(context._i)?.mode ?? 'no-quirks',
    contextInForm: formAtOrAbove(t, context._i),
    shadowRoots,
  });
  if (prepare !== undefined) {
    // prepare may give the result as a graft of the parser's tree into t (js/sanitize/graft.js): its root's index.
    const g = prepare(f, t);
    if (typeof g === 'number' && g !== NONE) return t.node(g);
  }
  return t.node(t.copyIn(f._t, f._i, true, false));
}

/** 13.4: is there a form element at `i` or on its ancestor chain (the parser's form element pointer)? */
function formAtOrAbove(t, i) {
  for (; i !== NONE; i = t.parent(i)) {
    if (t.type(i) === ELEMENT_NODE && t.ns(i) === NS_HTML && t.localName(i) === 'form') return true;
  }
  return false;
}

// ---- nodes -----------------------------------------------------------------

/** An attribute as listed by Element#attributes (a snapshot; setting `value` changes the element). */
export class Attr {
  constructor(localName, value, ns, ownerElement) {
    this.localName = localName;
    this._v = value;
    this._ns = ns;
    this.ownerElement = ownerElement;
  }
  get value() { return this._v; }
  set value(v) {
    const s = String(v);
    const e = this.ownerElement;
    if (e !== null) {
      const k = e._findNS(this.namespaceURI, this.localName);
      if (k >= 0) e._setValue(k, s);
    }
    this._v = s;
  }
  get name() {
    if (this._ns === ANS_NONE) return this.localName; // no namespace, no prefix
    const p = this.prefix;
    return p === null ? this.localName : p + ':' + this.localName;
  }
  get prefix() {
    if (this._pre !== undefined) return this._pre;
    return this._ns === ANS_NONE || (this._ns === ANS_XMLNS && this.localName === 'xmlns') ? null : ATTR_NS_PREFIX[this._ns];
  }
  get namespaceURI() { return this._uri !== undefined ? this._uri : ATTR_NS_URI[this._ns]; }
  get nodeType() { return ATTRIBUTE_NODE; }
  get nodeName() { return this.name; }
  get nodeValue() { return this._v; }
  set nodeValue(v) { this.value = v; }
  get textContent() { return this._v; }
  set textContent(v) { this.value = v; }
  get specified() { return true; }
}
const OWNER = Symbol('element');
/**
 * DOM 4.9.1 NamedNodeMap, as Element#attributes gives it: an Array subclass
 * (as cheap to make and index as an array) of Attr snapshots taken when it
 * was made; its methods act on the element now (through its attribute API).
 */
export class NamedNodeMap extends Array {
  item(index) {
    const k = index >>> 0;
    return k < this.length ? this[k] : null;
  }
  getNamedItem(qualifiedName) { return this[OWNER].getAttributeNode(qualifiedName); }
  getNamedItemNS(namespace, localName) { return this[OWNER].getAttributeNodeNS(namespace, localName); }
  setNamedItem(attr) { return this[OWNER].setAttributeNode(attr); }
  setNamedItemNS(attr) { return this[OWNER].setAttributeNode(attr); }
  removeNamedItem(qualifiedName) { return removed(this[OWNER], this.getNamedItem(qualifiedName), qualifiedName); }
  removeNamedItemNS(namespace, localName) { return removed(this[OWNER], this.getNamedItemNS(namespace, localName), localName); }
  get [Symbol.toStringTag]() { return 'NamedNodeMap'; }
  // util.inspect: the Attr list only.
  [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) { return inspect([...this], options); }
}
// map / filter / slice give plain arrays (a data property: a getter here makes every construction slow in V8).
Object.defineProperty(NamedNodeMap, Symbol.species, { value: Array });
function removed(e, attr, name) {
  if (attr === null) throw domException(`removeNamedItem: no attribute '${name}'`, 'NotFoundError');
  return e.removeAttributeNode(attr);
}
/** A NamedNodeMap of element e holding `cnt` entries (to fill). */
export function namedNodeMap(e, cnt) {
  const out = new NamedNodeMap(cnt);
  out[OWNER] = e;
  return out;
}
/** Element#attributes of element e (index i of tree t): a new NamedNodeMap of Attr snapshots. */
function attributesOf(t, i, e) {
  if (t.xml === null && i < t.count && (t.ov === null || t.rec(i)?.attrs == null)) {
    // As decoded (the element's attribute list never changed): straight from the attribute records.
    const n = t.n;
    const cnt = n[i * NODE_WORDS + N_ATTR_COUNT];
    const out = namedNodeMap(e, cnt);
    if (cnt === 0) return out;
    const a = t.a;
    const names = t.names;
    for (let k = 0, r = n[i * NODE_WORDS + N_ATTR_FIRST] * ATTR_WORDS; k < cnt; k++, r += ATTR_WORDS) {
      out[k] = new Attr(names[a[r + A_NAME]], t.string(a[r + A_VALUE_OFF], a[r + A_VALUE_LEN]), a[r + A_NS] & 0xff, e);
    }
    return out;
  }
  const cnt = t.attrCount(i);
  const out = namedNodeMap(e, cnt);
  for (let k = 0, a0 = t.attrFirst(i); k < cnt; k++) out[k] = e._attr(a0 + k); // (an XML element's are XmlAttrs)
  return out;
}
// Attr of attribute record k of element e (the overlay's namespace and prefix when they differ from the code's).
function attrAt(t, k, e) {
  const a = new Attr(t.attrName(k), t.attrValue(k), t.attrNs(k), e);
  if (k >= t.acount) {
    a._pre = t.attrPrefix(k);
    a._uri = t.attrURI(k);
  }
  return a;
}


/** A new NodeList of node i's children (EMPTY_NODES for none in a tree that has not changed). */
function childNodesOf(t, i) {
  if (t.ov !== null) {
    const c = new NodeList();
    for (let j = t.first(i); j !== NONE; j = t.next(j)) c.push(t.node(j));
    return c;
  }
  const first = t.first(i);
  if (first === NONE) return EMPTY_NODES;
  // Children are consecutive subtrees in the records: each next sibling
  // starts at the end of the one before, up to the parent's end.
  // Counted first: an array made at its final length (push over-allocates).
  const n = t.n;
  const end = n[i * NODE_WORDS + N_END];
  let k = 0;
  for (let j = first; j < end; j = n[j * NODE_WORDS + N_END]) k++;
  const c = new NodeList(k);
  k = 0;
  for (let j = first; j < end; j = n[j * NODE_WORDS + N_END]) c[k++] = t.node(j);
  return c;
}

const isCharacterData = (type) => type === TEXT_NODE || type === COMMENT_NODE || type === PROCESSING_INSTRUCTION_NODE;
/** DOM 4.4 nodeType of node i (a Text node of an XML document's CDATA section: CDATA_SECTION_NODE). */
function nodeTypeOf(t, i) {
  const type = t.type(i);
  return type === TEXT_NODE && t.isCdata(i) ? CDATA_SECTION_NODE : type;
}
// DOM 4.4 nodeName by nodeType (none: a processing instruction's target, a doctype's name).
const NODE_NAMES = { 3: '#text', 4: '#cdata-section', 8: '#comment', 9: '#document', 11: '#document-fragment' };
/** DOM 4.4 nodeName of node i. */
function nodeNameOf(t, i) {
  const type = nodeTypeOf(t, i);
  return type === ELEMENT_NODE ? elementTagName(t, i) : NODE_NAMES[type] ?? t.localName(i);
}

export class Node {
  constructor(tree, index) {
    this._t = tree;
    this._i = index;
  }
  // DOM 4.4 interface Node: nodeType, nodeName, nodeValue and textContent
  // are Node's (one getter for every kind of node, as WebIDL defines them:
  // DOMPurify and other libraries call Node.prototype's getters directly).
  get nodeType() { return nodeTypeOf(this._t, this._i); }
  get nodeName() { return nodeNameOf(this._t, this._i); }
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
  /**
   * The children: a NodeList (an Array subclass, js/dom/collections.js) made once
   * and kept up to date when they change (so it is live, as the DOM's); one
   * shared frozen empty one for nodes without children in a tree that has
   * not changed.
   */
  get childNodes() {
    const t = this._t;
    const i = this._i;
    return isCharacterData(t.type(i)) ? EMPTY_NODES : t.childNodes(i); // (CharacterData's, which a walk reads, gives the same)
  }
  hasChildNodes() { return this._t.first(this._i) !== NONE; }
  /** DOM 4.4 nodeValue: CharacterData's data, else null (setting does nothing on other nodes). */
  get nodeValue() { return isCharacterData(this._t.type(this._i)) ? this.data : null; }
  set nodeValue(v) {
    if (isCharacterData(this._t.type(this._i))) this.data = v;
  }
  /** DOM 4.4 textContent: the descendant text of an element or fragment, a CharacterData's data, else null. */
  get textContent() {
    const t = this._t;
    const type = t.type(this._i);
    if (type === ELEMENT_NODE || type === DOCUMENT_FRAGMENT_NODE) return t.text(this._i);
    return isCharacterData(type) ? this.data : null;
  }
  /** DOM "string replace all" for an element or fragment (the children become one Text node, none for ''); a CharacterData's data. */
  set textContent(v) {
    const t = this._t;
    const type = t.type(this._i);
    if (type === ELEMENT_NODE || type === DOCUMENT_FRAGMENT_NODE) {
      const s = v === null ? '' : String(v);
      replaceAll(s === '' ? null : newText(t, s), this);
    } else if (isCharacterData(type)) this.data = v;
  }
  get ownerDocument() { return this._t.ownerDocumentOf(this._i); }
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

  // ---- mutation (DOM 4.4) ----
  appendChild(node) { return preInsert(checkNodeArg(node, 'appendChild'), this, null, 'appendChild'); }
  insertBefore(node, child) {
    checkNodeArg(node, 'insertBefore');
    if (child === undefined) throw new TypeError('insertBefore: 2 arguments required (the reference child may be null)');
    return preInsert(node, this, child === null ? null : checkNodeArg(child, 'insertBefore'), 'insertBefore');
  }
  removeChild(child) {
    checkNodeArg(child, 'removeChild');
    if (child._t !== this._t || this._t.parent(child._i) !== this._i) throw domException('removeChild: the node is not a child of this node', 'NotFoundError');
    this._t.unlink(child._i);
    return child;
  }
  replaceChild(node, child) {
    checkNodeArg(node, 'replaceChild');
    checkNodeArg(child, 'replaceChild');
    ensureValidity(this, node, child, true, 'replaceChild');
    let ref = child.nextSibling;
    if (ref === node) ref = node.nextSibling;
    this._t.unlink(child._i);
    insertNode(node, this, ref);
    return child;
  }
  /** DOM cloneNode: a copy in the same document (with its subtree when deep). */
  cloneNode(deep = false) {
    const t = this._t;
    if (this.nodeType === DOCUMENT_NODE) {
      const d = Tree.emptyDocument(t.scripting, t.mode);
      if (t.maps !== null) d.maps = new Map();
      d.encoding = t.encoding;
      const doc = d.node(0);
      if (deep) for (let j = t.first(this._i); j !== NONE; j = t.next(j)) d.link(d.copyIn(t, j, true, false), 0, NONE);
      return doc;
    }
    const i = t.copyIn(t, this._i, Boolean(deep), false);
    if (t.ownerDocumentOf(this._i) !== t.documentNode()) t.ov.get(i).inert = true;
    return t.node(i);
  }
  /**
   * DOM normalize(): no empty Text nodes, no adjacent ones (their data
   * joined); CDATASections are not "exclusive Text nodes": kept as they are.
   */
  normalize() {
    const t = this._t;
    for (let j = t.following(this._i, this._i); j !== NONE;) {
      if (t.type(j) !== TEXT_NODE || t.isCdata(j)) {
        j = t.following(j, this._i);
        continue;
      }
      let s = t.data(j);
      for (let k = t.next(j); k !== NONE && t.type(k) === TEXT_NODE && !t.isCdata(k); k = t.next(j)) {
        s += t.data(k);
        t.unlink(k);
      }
      const after = t.skip(j, this._i);
      if (s.length === 0) t.unlink(j);
      else if (s !== t.data(j)) t.setData(j, s);
      j = after;
    }
  }
}

// DOM "viable next sibling": the first following sibling of x not among nodes, or null.
function viableNextSibling(x, nodes) {
  const t = x._t;
  let next = t.next(x._i);
  while (next !== NONE && nodes.includes(t.node(next))) next = t.next(next);
  return t.node(next);
}

// ChildNode (DOM 4.2.8): before, after, replaceWith, remove.
const CHILD_NODE = {
  before(...nodes) {
    const t = this._t;
    const p = t.parent(this._i);
    if (p === NONE) return;
    let prev = t.prev(this._i);
    while (prev !== NONE && nodes.includes(t.node(prev))) prev = t.prev(prev);
    const node = convertNodes(this, nodes, 'before');
    const parent = t.node(p);
    preInsert(node, parent, prev === NONE ? parent.firstChild : t.node(t.next(prev)), 'before');
  },
  after(...nodes) {
    const p = this._t.parent(this._i);
    if (p === NONE) return;
    const next = viableNextSibling(this, nodes);
    preInsert(convertNodes(this, nodes, 'after'), this._t.node(p), next, 'after');
  },
  replaceWith(...nodes) {
    const t = this._t;
    const p = t.parent(this._i);
    if (p === NONE) return;
    const next = viableNextSibling(this, nodes);
    const node = convertNodes(this, nodes, 'replaceWith');
    const parent = t.node(p);
    if (t.parent(this._i) === p) parent.replaceChild(node, this);
    else preInsert(node, parent, next, 'replaceWith');
  },
  remove() { this._t.unlink(this._i); },
};
function mixin(C, members) {
  for (const k of Object.keys(members)) Object.defineProperty(C.prototype, k, { value: members[k], writable: true, configurable: true });
}

// The DOM's ParentNode mixin (4.2.6), with NonElementParentNode's getElementById and the
// getElementsBy* of Document and Element: their members are copied onto Document's,
// DocumentFragment's and Element's prototypes (parentNodeMixin), as WebIDL puts a mixin's
// members on each interface that includes it; this class is in no prototype chain.
class ParentNode {
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
        const name = qualifiedNameOf(t, j);
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
      if ((ns === '*' || t.nsURI(j) === ns) && (localName === '*' || t.localName(j) === localName)) out.push(t.node(j));
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
  // ParentNode mixin (DOM 4.2.6)
  append(...nodes) { preInsert(convertNodes(this, nodes, 'append'), this, null, 'append'); }
  prepend(...nodes) { preInsert(convertNodes(this, nodes, 'prepend'), this, this.firstChild, 'prepend'); }
  replaceChildren(...nodes) {
    const node = convertNodes(this, nodes, 'replaceChildren');
    ensureValidity(this, node, null, false, 'replaceChildren');
    replaceAll(node, this);
  }
}

// Element i's qualified name (prefix:local when createElementNS gave a prefix).
/** Element i's tagName (DOM: the qualified name, ASCII uppercase for an HTML element). */
function tagNameOf(t, i) {
  if (i < t.count) {
    const w = t.n[i * NODE_WORDS];
    const id = t.n[i * NODE_WORDS + N_NAME];
    if (((w >>> INFO_NS_SHIFT) & INFO_NS_MASK) !== NS_HTML) return t.names[id];
    const u = t.upper[id];
    return u !== undefined ? u : (t.upper[id] = asciiUpper(t.names[id]));
  }
  if (t.prefixOf(i) !== null) {
    const q = qualifiedNameOf(t, i);
    return t.ns(i) === NS_HTML ? asciiUpper(q) : q;
  }
  const id = t.nameIdOf(i);
  if (t.ns(i) !== NS_HTML) return t.names[id];
  const u = t.upper[id];
  return u !== undefined ? u : (t.upper[id] = asciiUpper(t.names[id]));
}
/** DOM 4.9 tagName of element i: in an XML document the qualified name as it is (js/dom/xml-dom.js). */
function elementTagName(t, i) { return t.xml === null ? tagNameOf(t, i) : qualifiedNameOf(t, i); }
function qualifiedNameOf(t, i) {
  const p = t.prefixOf(i);
  return p === null ? t.localName(i) : p + ':' + t.localName(i);
}
// HTML element in an HTML document: names of attributes given to it are lowercased.
const lowersNames = (t, i) => t.ns(i) === NS_HTML;

export class Element extends Node {
  // Node's nodeType and nodeName again, for elements, Text and Comment nodes:
  // Node's read `_t` and `_i` through V8's megamorphic path (a walk reads
  // both for every node), these return a constant or read them once and call
  // elementTagName (docs/dom.md, "Keeping reads fast"; Node's give the same
  // answers, for libraries that call Node.prototype's getters).
  get nodeType() { return ELEMENT_NODE; }
  get nodeName() { return elementTagName(this._t, this._i); }
  // tagName reads `_t` and `_i` once and calls elementTagName: a read on
  // `this` is an inline cache over every element class (HTML elements share
  // one, docs/dom.md "Keeping reads fast").
  get localName() { return this._t.localName(this._i); }
  get tagName() { return elementTagName(this._t, this._i); }
  get namespaceURI() { return this._t.nsURI(this._i); }
  get prefix() { return this._t.prefixOf(this._i); }

  /**
   * DOM 4.9 attributes: the element's NamedNodeMap.  A new snapshot per read,
   * except in a tree that keeps them (js/window/attribute-maps.js: js/window/window.js's
   * documents), where one made on first use is given on every read and kept
   * live (keeping them costs a parse and full walk 8% more time: the maps and
   * Attrs outlive the young generation; docs/dom.md, "Keeping reads fast").
   */
  get attributes() {
    const t = this._t;
    if (t.maps === null) return attributesOf(t, this._i, this);
    let m = t.maps.get(this._i);
    if (m === undefined) t.maps.set(this._i, (m = attributesOf(t, this._i, this)));
    return m;
  }
  // The Attr of attribute record k (js/dom/xml-dom.js's XmlElement has its own).
  _attr(k) { return attrAt(this._t, k, this); }
  hasAttributes() { return this._t.attrCount(this._i) !== 0; }
  getAttributeNames() {
    const t = this._t;
    const cnt = t.attrCount(this._i);
    const a0 = t.attrFirst(this._i);
    const out = new Array(cnt);
    for (let k = 0; k < cnt; k++) out[k] = t.attrQName(a0 + k);
    return out;
  }
  // Attribute record index whose qualified name is `name` (lowercased first
  // on HTML elements, as in HTML documents), or -1.
  _find(name) {
    const t = this._t;
    const cnt = t.attrCount(this._i);
    if (cnt === 0) return -1;
    let q = String(name);
    if (lowersNames(t, this._i)) q = asciiLower(q);
    for (let k = t.attrFirst(this._i), e = k + cnt; k < e; k++) {
      if (t.attrNs(k) === ANS_NONE ? t.attrName(k) === q : t.attrQName(k) === q) return k;
    }
    return -1;
  }
  // Attribute record index of (namespace, localName), or -1.
  _findNS(namespace, localName) {
    const t = this._t;
    const uri = namespace === '' || namespace === undefined ? null : namespace;
    const name = String(localName);
    for (let k = t.attrFirst(this._i), e = k + t.attrCount(this._i); k < e; k++) {
      if (t.attrName(k) === name && t.attrURI(k) === uri) return k;
    }
    return -1;
  }
  // Position in the attribute list of record k.
  _pos(k) { return k - this._t.attrFirst(this._i); }
  _setValue(k, value) {
    const t = this._t;
    const pos = this._pos(k);
    const a = t.attrList(this._i)[pos];
    const old = a.value;
    a.value = value;
    t.version++;
    if (stateHooks.attribute !== null) stateHooks.attribute(t, this._i, a.local, a.uri, old, value);
  }
  _append(local, uri, prefix, value) {
    const t = this._t;
    const l = t.attrList(this._i);
    if (l.length >= ATTR_STRIDE - 1) throw new RangeError(`setAttribute: an element holds at most ${ATTR_STRIDE - 1} attributes`);
    l.push(new AttrRec(local, attrNsCode(uri), uri, prefix, value));
    t.version++;
    if (stateHooks.attribute !== null) stateHooks.attribute(t, this._i, local, uri, null, value);
  }
  _removeAt(k) {
    const t = this._t;
    const pos = this._pos(k);
    const [a] = t.attrList(this._i).splice(pos, 1);
    t.version++;
    if (stateHooks.attribute !== null) stateHooks.attribute(t, this._i, a.local, a.uri, a.value, null);
  }
  getAttribute(name) {
    const k = this._find(name);
    return k < 0 ? null : this._t.attrValue(k);
  }
  hasAttribute(name) { return this._find(name) >= 0; }
  getAttributeNS(namespace, localName) {
    const k = this._findNS(namespace, localName);
    return k < 0 ? null : this._t.attrValue(k);
  }
  hasAttributeNS(namespace, localName) { return this._findNS(namespace, localName) >= 0; }
  // The Attr of attribute record k: the one `attributes` holds (the same object, as in the DOM).
  _attrNode(k) { return k < 0 ? null : this._t.maps === null ? this._attr(k) : this.attributes[this._pos(k)]; }
  getAttributeNode(name) { return this._attrNode(this._find(name)); }
  getAttributeNodeNS(namespace, localName) { return this._attrNode(this._findNS(namespace, localName)); }
  /** DOM setAttribute: InvalidCharacterError for an invalid name; lowercased on HTML elements. */
  setAttribute(qualifiedName, value) {
    let q = String(qualifiedName);
    if (!isValidAttributeLocalName(q)) throw domException(`setAttribute: '${q}' is not a valid attribute name`, 'InvalidCharacterError');
    if (lowersNames(this._t, this._i)) q = asciiLower(q);
    const v = String(value);
    const k = this._find(q);
    if (k < 0) this._append(q, null, null, v);
    else this._setValue(k, v);
  }
  setAttributeNS(namespace, qualifiedName, value) {
    const [ns, prefix, local] = validateAndExtract(namespace, qualifiedName, 'attribute', 'setAttributeNS');
    const v = String(value);
    const k = this._findNS(ns, local);
    if (k < 0) this._append(local, ns, prefix, v);
    else this._setValue(k, v);
  }
  removeAttribute(qualifiedName) {
    const k = this._find(qualifiedName);
    if (k >= 0) this._removeAt(k);
  }
  removeAttributeNS(namespace, localName) {
    const k = this._findNS(namespace, localName);
    if (k >= 0) this._removeAt(k);
  }
  /** DOM toggleAttribute: true when the attribute is there afterwards. */
  toggleAttribute(qualifiedName, force) {
    let q = String(qualifiedName);
    if (!isValidAttributeLocalName(q)) throw domException(`toggleAttribute: '${q}' is not a valid attribute name`, 'InvalidCharacterError');
    if (lowersNames(this._t, this._i)) q = asciiLower(q);
    const k = this._find(q);
    if (k < 0) {
      if (force === undefined || force) {
        this._append(q, null, null, '');
        return true;
      }
      return false;
    }
    if (force === undefined || !force) {
      this._removeAt(k);
      return false;
    }
    return true;
  }
  /** DOM setAttributeNode(NS): sets attr's name and value here; the replaced Attr or null. */
  setAttributeNode(attr) {
    if (!(attr instanceof Attr)) throw new TypeError('setAttributeNode: the argument is not an Attr');
    if (attr.ownerElement !== null && attr.ownerElement !== this && attr.ownerElement._findNS(attr.namespaceURI, attr.localName) >= 0) {
      throw domException('setAttributeNode: the attribute is in use by another element', 'InUseAttributeError');
    }
    const k = this._findNS(attr.namespaceURI, attr.localName);
    const old = k < 0 ? null : attrAt(this._t, k, this);
    if (old !== null && old.value === attr.value && attr.ownerElement === this) return attr;
    if (k < 0) this._append(attr.localName, attr.namespaceURI, attr.prefix, attr.value);
    else this._setValue(k, attr.value);
    if (old !== null) old.ownerElement = null;
    attr.ownerElement = this;
    return old;
  }
  setAttributeNodeNS(attr) { return this.setAttributeNode(attr); }
  removeAttributeNode(attr) {
    const k = attr instanceof Attr && attr.ownerElement === this ? this._findNS(attr.namespaceURI, attr.localName) : -1;
    if (k < 0) throw domException('removeAttributeNode: the attribute is not on this element', 'NotFoundError');
    this._removeAt(k);
    attr.ownerElement = null;
    return attr;
  }
  // id, className, classList, dataset and the reflected attributes: js/dom/html-elements.js.

  get previousElementSibling() { return this._t.node(this._t.elementSibling(this._i, false)); }
  get nextElementSibling() { return this._t.node(this._t.elementSibling(this._i, true)); }
  get innerHTML() { return serialize(this); }
  /** HTML innerHTML setter: the markup parsed with this element as the context (a template: its contents). */
  set innerHTML(markup) {
    const f = parseFragmentFor(this, markup === null ? '' : markup, 'innerHTML');
    const t = this._t;
    // A template element (HTML namespace, by URI: an XML document's XHTML template too): its contents.
    const target = t.nsURI(this._i) === HTML_NS && t.localName(this._i) === 'template' ? t.node(t.contentsOf(this._i)) : this;
    replaceAll(f, target);
  }
  get outerHTML() { return serializeOuter(this); }
  /** HTML outerHTML setter: this element replaced by the markup parsed in its parent's context. */
  set outerHTML(markup) {
    const t = this._t;
    const p = t.parent(this._i);
    if (p === NONE) return;
    if (t.type(p) === DOCUMENT_NODE) throw domException('outerHTML: the element is the document element', 'NoModificationAllowedError');
    const context = t.type(p) === ELEMENT_NODE ? t.node(p) : newBody(t);
    const f = parseFragmentFor(context, markup === null ? '' : markup, 'outerHTML');
    t.node(p).replaceChild(f, this);
  }
  /** HTML insertAdjacentHTML(position, markup): beforebegin, afterbegin, beforeend, afterend. */
  insertAdjacentHTML(position, markup) {
    const t = this._t;
    const where = asciiLower(String(position));
    let context;
    if (where === 'beforebegin' || where === 'afterend') {
      const p = t.parent(this._i);
      if (p === NONE || t.type(p) === DOCUMENT_NODE) throw domException(`insertAdjacentHTML: '${where}' needs a parent element`, 'NoModificationAllowedError');
      context = t.node(p);
    } else if (where === 'afterbegin' || where === 'beforeend') {
      context = this;
    } else throw domException(`insertAdjacentHTML: '${position}' is not beforebegin, afterbegin, beforeend or afterend`, 'SyntaxError');
    if (context.nodeType !== ELEMENT_NODE || (t.xml === null && t.ns(context._i) === NS_HTML && t.localName(context._i) === 'html')) context = newBody(t);
    const f = parseFragmentFor(context, String(markup), 'insertAdjacentHTML');
    if (where === 'beforebegin') insertNode(f, this.parentNode, this);
    else if (where === 'afterbegin') insertNode(f, this, this.firstChild);
    else if (where === 'beforeend') insertNode(f, this, null);
    else insertNode(f, this.parentNode, this.nextSibling);
  }
  /** DOM insertAdjacentElement: the element inserted, or null when there is no parent. */
  insertAdjacentElement(where, element) {
    checkNodeArg(element, 'insertAdjacentElement');
    if (element.nodeType !== ELEMENT_NODE) throw new TypeError('insertAdjacentElement: the argument is not an Element');
    return insertAdjacent(this, where, element, 'insertAdjacentElement');
  }
  insertAdjacentText(where, data) {
    insertAdjacent(this, where, newText(this._t, String(data)), 'insertAdjacentText');
  }
  matches(selectors) { return matchesSelector(this._t, this._i, compileSelector(selectors)); }
  /** The legacy alias of matches (DOM 4.9). */
  webkitMatchesSelector(selectors) { return this.matches(selectors); }
  closest(selectors) {
    const i = closestMatch(this._t, this._i, compileSelector(selectors));
    return this._t.node(i);
  }
}
mixin(Element, CHILD_NODE);

// A new <body> of tree t (the fragment parsing context of HTML's outerHTML / insertAdjacentHTML rules).
function newBody(t) { return t.node(t.create(TYPE_ELEMENT, NS_HTML, 'body')); }

// DOM "insert adjacent".
function insertAdjacent(element, where, node, fn) {
  switch (asciiLower(String(where))) {
    case 'beforebegin': {
      const p = element.parentNode;
      return p === null ? null : preInsert(node, p, element, fn);
    }
    case 'afterbegin':
      return preInsert(node, element, element.firstChild, fn);
    case 'beforeend':
      return preInsert(node, element, null, fn);
    case 'afterend': {
      const p = element.parentNode;
      return p === null ? null : preInsert(node, p, element.nextSibling, fn);
    }
    default:
      throw domException(`${fn}: '${where}' is not beforebegin, afterbegin, beforeend or afterend`, 'SyntaxError');
  }
}

/** An HTML <template>: `content` holds its contents (owned by the inert template document). */
export class TemplateElement extends Element {
  get content() { return this._t.node(this._t.contentsOf(this._i)); }
}

export class CharacterData extends Node {
  get data() { return this._t.data(this._i); }
  set data(v) { this._t.setData(this._i, v === null ? '' : String(v)); }
  get length() { return this._t.dataLength(this._i); }
  get childNodes() { return EMPTY_NODES; } // Node's again: never any (and no megamorphic read of `_t`, `_i`: docs/dom.md "Keeping reads fast")
  get previousElementSibling() { return this._t.node(this._t.elementSibling(this._i, false)); }
  get nextElementSibling() { return this._t.node(this._t.elementSibling(this._i, true)); }
  substringData(offset, count) {
    const d = this.data;
    const o = offset >>> 0;
    if (o > d.length) throw domException(`substringData: offset ${o} is past the length ${d.length}`, 'IndexSizeError');
    return d.slice(o, o + (count >>> 0));
  }
  appendData(data) { this.data = this.data + String(data); }
  insertData(offset, data) { this.replaceData(offset, 0, data); }
  deleteData(offset, count) { this.replaceData(offset, count, ''); }
  /** DOM "replace data": IndexSizeError when offset is past the length. */
  replaceData(offset, count, data) {
    const d = this.data;
    const o = offset >>> 0;
    if (o > d.length) throw domException(`replaceData: offset ${o} is past the length ${d.length}`, 'IndexSizeError');
    this.data = d.slice(0, o) + String(data) + d.slice(o + (count >>> 0));
  }
}
mixin(CharacterData, CHILD_NODE);

export class Text extends CharacterData {
  get nodeType() { return TEXT_NODE; } // Node's again (Element's comment says why); CDATASection's are Node's
  get nodeName() { return '#text'; }
  /**
   * DOM splitText: this keeps data before offset, a new Text after it gets
   * the rest; a CDATASection's is a CDATASection (as browsers clone it;
   * whatwg/dom#719: "Text node" there includes CDATASection).
   */
  splitText(offset) {
    const t = this._t;
    const d = this.data;
    const o = offset >>> 0;
    if (o > d.length) throw domException(`splitText: offset ${o} is past the length ${d.length}`, 'IndexSizeError');
    const i = t.create(TYPE_TEXT, 0, null);
    const r = t.ov.get(i);
    r.data = d.slice(o);
    r.cdata = t.isCdata(this._i);
    const node = t.node(i);
    const p = t.parent(this._i);
    if (p !== NONE) t.link(i, p, t.next(this._i));
    this.data = d.slice(0, o);
    return node;
  }
  /** The data of this and the adjacent Text siblings. */
  get wholeText() {
    const t = this._t;
    let j = this._i;
    while (t.prev(j) !== NONE && t.type(t.prev(j)) === TEXT_NODE) j = t.prev(j);
    let s = '';
    for (; j !== NONE && t.type(j) === TEXT_NODE; j = t.next(j)) s += t.data(j);
    return s;
  }
}

/** A CDATA section of an XML document (DOM 4.11): a Text node with its own nodeType and nodeName. */
export class CDATASection extends Text {
  get nodeType() { return CDATA_SECTION_NODE; }
  get nodeName() { return '#cdata-section'; }
}

export class Comment extends CharacterData {
  get nodeType() { return COMMENT_NODE; } // Node's again (Element's comment says why)
  get nodeName() { return '#comment'; }
}

/**
 * `<?target data>` (whatwg/html 320c05f6, 2026; with processingInstructions:
 * false the parser makes a Comment instead).  As the DOM standard says:
 * nodeName is the target; data, nodeValue and textContent are the data.
 */
export class ProcessingInstruction extends CharacterData {
  get target() { return this._t.localName(this._i); }
}

export class DocumentType extends Node {
  get name() { return this._t.localName(this._i); }
  get publicId() { return this._t.publicId(this._i); }
  get systemId() { return this._t.systemId(this._i); }
}
mixin(DocumentType, CHILD_NODE);

export class DocumentFragment extends Node {
  /** Non-standard: serialisation of the children. */
  get innerHTML() { return serialize(this); }
}

export class Document extends Node {
  /** 'no-quirks' | 'quirks' | 'limited-quirks' */
  get mode() { return this._t.mode; }
  get compatMode() { return this._t.quirks ? 'BackCompat' : 'CSS1Compat'; }
  /** The encoding byte input was decoded with; 'UTF-8' for a string (as DOMParser's documents). */
  get characterSet() { return this._t.encoding; }
  get charset() { return this._t.encoding; }
  get inputEncoding() { return this._t.encoding; }
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
    if (html === NONE || t.ns(html) !== NS_HTML || t.localName(html) !== 'html') return NONE;
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
  /** HTML 3.1.3 title setter: the title element's text (one made in the head when there is none). */
  set title(v) {
    const t = this._t;
    const root = this.documentElement;
    if (root === null) return;
    let ti = null;
    if (t.ns(root._i) === NS_SVG && root.localName === 'svg') {
      for (let j = t.first(root._i); j !== NONE && ti === null; j = t.next(j)) {
        if (t.type(j) === ELEMENT_NODE && t.ns(j) === NS_SVG && t.localName(j) === 'title') ti = t.node(j);
      }
      if (ti === null) ti = root.insertBefore(this.createElementNS(SVG_NS, 'title'), root.firstChild);
    } else if (t.ns(root._i) === NS_HTML) {
      for (let j = t.nextElement(this._i, this._i); j !== NONE && ti === null; j = t.nextElement(j, this._i)) {
        if (t.ns(j) === NS_HTML && t.localName(j) === 'title') ti = t.node(j);
      }
      if (ti === null) {
        const head = this.head;
        if (head === null) return;
        ti = head.appendChild(this.createElement('title'));
      }
    } else return;
    ti.textContent = v;
  }
  /** Non-standard: serialisation of the children. */
  get innerHTML() { return serialize(this); }

  // ---- making nodes (DOM 4.5) ----
  /**
   * An HTML element (the name lowercased: an HTML document); InvalidCharacterError for an invalid name.
   * `options`: a string (ignored) or { is } (DOM 4.5), the element's is value.
   */
  createElement(localName, options) {
    const s = String(localName);
    const is = creationIs(options, 'createElement'); // (WebIDL converts the arguments first)
    if (!isValidElementLocalName(s)) throw domException(`createElement: '${s}' is not a valid element name`, 'InvalidCharacterError');
    const t = this._t;
    const i = t.create(TYPE_ELEMENT, NS_HTML, asciiLower(s));
    t.storeIs(t.ov.get(i), is);
    return t.node(i);
  }
  createElementNS(namespace, qualifiedName, options) {
    const is = creationIs(options, 'createElementNS');
    const [ns, prefix, local] = validateAndExtract(namespace, qualifiedName, 'element', 'createElementNS');
    const t = this._t;
    const code = ELEMENT_NS_CODE.get(ns) ?? NS_OTHER;
    const i = t.create(TYPE_ELEMENT, code, local);
    const r = t.ov.get(i);
    r.uri = ns;
    r.prefix = prefix;
    t.storeIs(r, is);
    return t.node(i);
  }
  createTextNode(data) { return this._char(TYPE_TEXT, null, data); }
  createComment(data) { return this._char(TYPE_COMMENT, null, data); }
  /** DOM createCDATASection: an HTML document has none (XmlDocument overrides it). */
  createCDATASection() { throw domException('createCDATASection: an HTML document cannot have CDATA sections', 'NotSupportedError'); }
  createProcessingInstruction(target, data) {
    const s = String(target);
    const d = String(data);
    if (!XML_NAME.test(s)) throw domException(`createProcessingInstruction: '${s}' is not a valid target`, 'InvalidCharacterError');
    if (d.includes('?>')) throw domException("createProcessingInstruction: the data contains '?>'", 'InvalidCharacterError');
    return this._char(TYPE_PI, s, d);
  }
  _char(type, name, data) {
    const t = this._t;
    const i = t.create(type, 0, name);
    t.ov.get(i).data = String(data);
    return t.node(i);
  }
  createDocumentFragment() { return this._t.node(this._t.create(TYPE_FRAGMENT, 0, null)); }
  createAttribute(localName) {
    let s = String(localName);
    if (!isValidAttributeLocalName(s)) throw domException(`createAttribute: '${s}' is not a valid attribute name`, 'InvalidCharacterError');
    s = asciiLower(s);
    return new Attr(s, '', ANS_NONE, null);
  }
  createAttributeNS(namespace, qualifiedName) {
    const [ns, prefix, local] = validateAndExtract(namespace, qualifiedName, 'attribute', 'createAttributeNS');
    const a = new Attr(local, '', attrNsCode(ns), null);
    a._pre = prefix;
    a._uri = ns;
    return a;
  }
  /** DOM importNode: a copy of `node` (from any tree) in this document. */
  importNode(node, deep = false) {
    checkNodeArg(node, 'importNode');
    if (node.nodeType === DOCUMENT_NODE) throw domException('importNode: a document cannot be imported', 'NotSupportedError');
    return this._t.node(this._t.copyIn(node._t, node._i, Boolean(deep), false));
  }
  /** DOM adoptNode: `node` (with its subtree) moved into this document, detached; the same object. */
  adoptNode(node) {
    checkNodeArg(node, 'adoptNode');
    if (node.nodeType === DOCUMENT_NODE) throw domException('adoptNode: a document cannot be adopted', 'NotSupportedError');
    if (node.nodeType === DOCUMENT_FRAGMENT_NODE && node._t.host(node._i) !== NONE) return node;
    adoptInto(node, this._t);
    return node;
  }
}

// ParentNode's members on the prototypes of the interfaces that include the mixin (those they define themselves kept).
for (const C of [Element, DocumentFragment, Document]) {
  for (const k of Object.getOwnPropertyNames(ParentNode.prototype)) {
    if (!(k in C.prototype)) Object.defineProperty(C.prototype, k, Object.getOwnPropertyDescriptor(ParentNode.prototype, k));
  }
}

// console.log / util.inspect, toJSON, isEqualNode, deep equality (js/dom/inspect.js).
installDebugging({ Node, Attr, Element, TemplateElement, Text, Comment, ProcessingInstruction, DocumentType, Document, DocumentFragment });

// ---- declarative shadow roots (parse(html, { shadowRoots: true })) ----------

/**
 * The shadow root of a host, open or closed (element.shadowRoot is null for
 * closed ones, as the DOM says; dumpTree() and tools need them all), or null.
 * @param {Element} element
 */
export function shadowRootOf(element) {
  if (!(element instanceof Element)) return null;
  return element._t.node(element._t.shadowRootIndex(element._i));
}

/**
 * A shadow root that a `<template shadowrootmode>` attached to its parent
 * while parsing (HTML 13.2.6.4.4; DOM 4.2.2.2 "attach a shadow root"): a
 * DocumentFragment (nodeType 11, nodeName "#document-fragment") whose host is
 * the element, no child of it (parentNode is null, as in the DOM).
 */
export class ShadowRoot extends DocumentFragment {
  _w() { return this._t.n[this._i * NODE_WORDS + 5]; }
  /** 'open' | 'closed' */
  get mode() { return (this._w() & SHADOW_CLOSED) !== 0 ? 'closed' : 'open'; }
  get host() { return this._t.node(this._t.host(this._i)); }
  get delegatesFocus() { return (this._w() & SHADOW_DELEGATES_FOCUS) !== 0; }
  get clonable() { return (this._w() & SHADOW_CLONABLE) !== 0; }
  get serializable() { return (this._w() & SHADOW_SERIALIZABLE) !== 0; }
  /** 'named' | 'manual' */
  get slotAssignment() { return (this._w() & SHADOW_SLOT_MANUAL) !== 0 ? 'manual' : 'named'; }
  /** The template had shadowrootcustomelementregistry: the root's custom element registry stays null (DOM). */
  get keepCustomElementRegistryNull() { return (this._w() & SHADOW_KEEP_REGISTRY_NULL) !== 0; }
  get innerHTML() { return serialize(this); }
  /** HTML ShadowRoot innerHTML setter: the markup parsed with the host as the context, replacing the children. */
  set innerHTML(markup) { replaceAll(parseFragmentFor(this.host, markup === null ? '' : markup, 'innerHTML'), this); }
  /** HTML "getHTML()": options { serializableShadowRoots, shadowRoots } as serialize() takes them. */
  getHTML(options) { return serialize(this, options); }
}

Object.defineProperties(Element.prototype, {
  /** DOM: the shadow root if it is open, else null. */
  shadowRoot: {
    get() {
      const r = shadowRootOf(this);
      return r !== null && r.mode === 'open' ? r : null;
    },
    configurable: true,
  },
  /** HTML "getHTML()": the children, shadow roots chosen by { serializableShadowRoots, shadowRoots } included. */
  getHTML: {
    value(options) { return serialize(this, options); },
    writable: true,
    configurable: true,
  },
});
