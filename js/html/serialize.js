// HTML fragment serialisation (HTML spec 13.3 "Serializing HTML fragments").
//
// Two serialisers, one per representation:
//   - serialize() / serializeOuter() (and innerHTML / outerHTML): the one
//     JavaScript serialiser below, over a small traversal adapter for each
//     node shape this package produces: DomWalk reads the records of a
//     js/dom/dom.js tree directly (nodes are record indexes, no node objects are
//     made), ObjectWalk reads parse5-shaped objects (which users may modify);
//   - serializeBuffer(): src/output/serialize.c in the wasm module, straight from a
//     flat tree buffer (docs/format.md).
// Both give the same output (test/js/conformance/serializer.test.js checks them against
// each other and against parse5 on every corpus page and html5lib input).
//
// The algorithm, for a node (step numbers of the standard):
//   1. If the node serializes as void (an HTML element named area, base,
//      basefont, bgsound, br, col, embed, frame, hr, img, input, keygen,
//      link, meta, param, source, track or wbr), return "".
//   3. If the node is a template element, use its template contents.
//   5. For each child, in tree order, append:
//      - Element: "<" tag name (the local name: the tree stores the adjusted
//        case of SVG and MathML names), then for each attribute " ", its
//        serialized name ("xml:", "xmlns:" (not for xmlns itself) or "xlink:"
//        + local name in those namespaces, else the local name), '="', the
//        value escaped in attribute mode and '"'; then ">".  If it serializes
//        as void, continue; else its children (template: contents) and
//        "</" tag name ">".
//      - Text: the data as is if the parent is an HTML style, script, xmp,
//        iframe, noembed, noframes or plaintext element, or noscript with
//        scripting enabled; else the data escaped.
//   4. (After an element's start tag, before its children.)  If it is a
//      shadow host whose shadow root is chosen (option serializableShadowRoots
//      and the root's serializable set, or the root in option shadowRoots):
//      '<template shadowrootmode="open|closed"', then ' shadowrootdelegatesfocus=""',
//      ' shadowrootserializable=""', ' shadowrootslotassignment="manual"',
//      ' shadowrootclonable=""', ' shadowrootcustomelementregistry=""' for the
//      flags set, ">", the shadow root's serialization, "</template>".
//      (The registry attribute: the spec writes it when the root's registry
//      is null and the document's a global one, as for a page's document.)
//      - Comment: "<!--" data "-->".  ProcessingInstruction: "<?" target " "
//        data "?>" (whatwg/html PR 12654: the "?" keeps data that ends in
//        "?" intact on the next parse; empty data gives "<?target ?>").
//        DocumentType: "<!DOCTYPE " name ">".
// Escaping a string: "&" → "&amp;", U+00A0 → "&nbsp;", "<" → "&lt;",
// ">" → "&gt;", and in attribute mode '"' → "&quot;" (the living standard
// escapes < and > in attribute values since 2025, as parse5 8 and the
// html5lib-tests serializer cases do).
//
// Iterative: an explicit stack, no recursion over the tree's depth.

import {
  A_NAME, A_NS, A_VALUE_LEN, A_VALUE_OFF, ANS_NONE, ANS_XMLNS, ATTR_NS_PREFIX, ATTR_NS_URI, ATTR_WORDS, ELEMENT_NS_URI,
  INFO_NS_MASK, INFO_NS_SHIFT, INFO_TYPE_MASK, N_ATTR_COUNT, N_ATTR_FIRST, N_DATA_LEN, N_DATA_OFF, N_INFO, N_NAME,
  N_PARENT, NODE_WORDS, NONE, NS_HTML, SER_ALL_SHADOW_ROOTS, SER_OUTER, SER_SCRIPTING_OFF, SER_SCRIPTING_ON,
  SER_SERIALIZABLE_SHADOW_ROOTS, TYPE_COMMENT, TYPE_DOCTYPE,
  TYPE_DOCUMENT, TYPE_ELEMENT, TYPE_FRAGMENT, TYPE_PI, TYPE_TEXT, HEADER_BYTES, H_NODE_COUNT, STATUS_ERR_OOM,
} from '../core/abi.js';
import { getWasm } from '../core/loader.js';
import { describe, checkOptions, isBoolean } from '../core/options.js';
import { checkedReader } from '../core/records.js';
import { unitsToString } from '../core/text.js';

const [HTML_NS] = ELEMENT_NS_URI;
const [, XLINK_NS, XML_NS, XMLNS_NS] = ATTR_NS_URI;

/** HTML elements that serialise without contents or end tag. */
export const VOID_ELEMENTS = new Set([
  'area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input', 'keygen', 'link',
  'meta', 'param', 'source', 'track', 'wbr',
]);

/** HTML elements whose text children are written unescaped (plus noscript when scripting is on). */
export const RAW_TEXT_ELEMENTS = new Set(['style', 'script', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

// ---- escaping: a test with a precompiled expression, replace only when needed --

const ENTITIES = { '&': '&amp;', '\u00a0': '&nbsp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const entity = (c) => ENTITIES[c];
const TEXT_TEST = /[&<>\u00a0]/;
const TEXT_ALL = /[&<>\u00a0]/g;
const ATTR_TEST = /["&<>\u00a0]/;
const ATTR_ALL = /["&<>\u00a0]/g;

/** Escape text content: & NBSP < >. */
export function escapeText(s) { return TEXT_TEST.test(s) ? s.replace(TEXT_ALL, entity) : s; }
/** Escape an attribute value: & NBSP " < >. */
export function escapeAttribute(s) { return ATTR_TEST.test(s) ? s.replace(ATTR_ALL, entity) : s; }

// ---- traversal adapters ---------------------------------------------------------
// An adapter gives the serialiser what it reads of a node x:
//   kind(x)          1 element, 3 text, 7 processing instruction, 8 comment,
//                    10 doctype; anything else writes nothing
//   name(x)          element local name, doctype name, PI target
//   isHtml(x)        element in the HTML namespace
//   attrCount(x), attrName(x, k), attrValue(x, k)   attribute k: serialized name, value
//   isValue(x)       the is value to write before the attributes (HTML 13.3), or null
//   data(x)          character data of text, comment, PI
//   rawParent(x, scripting)   x's parent is an element whose text is written as is
//   list(x)          x's children in serialisation order (template: its contents)
// and walks a list with a cursor: first(l), more(l, c), at(l, c), after(l, c).


/** DOM-like trees of js/dom/dom.js: node, list and cursor are record indexes (a
 *  list is its first child's, NONE when empty; the next is the next sibling). */
export class DomWalk {
  constructor(t) {
    this.t = t;
    this.n = t.n;
    this.a = t.a;
    this.names = t.names;
  }
  kind(i) {
    const type = this.n[i * NODE_WORDS + N_INFO] & INFO_TYPE_MASK;
    return type === TYPE_DOCUMENT || type === TYPE_FRAGMENT ? 0 : type;
  }
  name(i) { return this.names[this.n[i * NODE_WORDS + N_NAME]]; }
  isHtml(i) { return ((this.n[i * NODE_WORDS + N_INFO] >>> INFO_NS_SHIFT) & INFO_NS_MASK) === NS_HTML; }
  attrCount(i) { return this.n[i * NODE_WORDS + N_ATTR_COUNT]; }
  attrName(i, k) {
    const q = (this.n[i * NODE_WORDS + N_ATTR_FIRST] + k) * ATTR_WORDS;
    const ns = this.a[q + A_NS] & 0xff;
    const local = this.names[this.a[q + A_NAME]];
    // The attribute xmlns itself has no prefix.
    if (ns === ANS_NONE || ns > ANS_XMLNS || (ns === ANS_XMLNS && local === 'xmlns')) return local;
    return ATTR_NS_PREFIX[ns] + ':' + local;
  }
  attrValue(i, k) {
    const q = (this.n[i * NODE_WORDS + N_ATTR_FIRST] + k) * ATTR_WORDS;
    return this.t.string(this.a[q + A_VALUE_OFF], this.a[q + A_VALUE_LEN]);
  }
  isValue() { return null; } // a parsed element's is value is its is attribute
  data(i) { return this.t.string(this.n[i * NODE_WORDS + N_DATA_OFF], this.n[i * NODE_WORDS + N_DATA_LEN]); }
  rawParent(i, scripting) {
    const n = this.n;
    const p = n[i * NODE_WORDS + N_PARENT];
    if (p === NONE || this.kind(p) !== TYPE_ELEMENT || !this.isHtml(p)) return false;
    const name = this.names[n[p * NODE_WORDS + N_NAME]];
    return RAW_TEXT_ELEMENTS.has(name) || (scripting && name === 'noscript' && !inTemplateContents(this.t, p));
  }
  /** The shadow root of host i (a ShadowRoot node of js/dom/dom.js, which list() takes too), or null. */
  shadow(i) { return this.t.node(this.t.shadowRootIndex(i)); } // null when it has none
  list(i) {
    if (typeof i === 'object') return this.t.first(i._i); // a shadow root (step 4)
    // A template element (HTML namespace by URI: an XML document's XHTML template too): its contents.
    if (this.kind(i) === TYPE_ELEMENT && this.t.localName(i) === 'template' && this.t.nsURI(i) === HTML_NS) {
      const c = this.t.contents(i);
      return c === NONE ? NONE : this.t.first(c);
    }
    return this.t.first(i);
  }
  first(l) { return l; }
  more(l, c) { return c !== NONE; }
  at(l, c) { return c; }
  after(l, c) { return this.t.next(c); }
}

/** A js/dom/dom.js tree that has changed (docs/dom.md): the same, through the
 *  Tree's accessors, which consult its overlay. */
class TreeWalk {
  constructor(t) { this.t = t; }
  kind(i) {
    const type = this.t.type(i);
    return type === TYPE_DOCUMENT || type === TYPE_FRAGMENT ? 0 : type;
  }
  // The qualified name, as Chromium writes it (HTML 13.3 says: the local name in the HTML,
  // SVG and MathML namespaces); only createElementNS gives a prefix.
  name(i) {
    const t = this.t;
    const p = t.type(i) === TYPE_ELEMENT ? t.prefixOf(i) : null;
    return p === null ? t.localName(i) : p + ':' + t.localName(i);
  }
  isHtml(i) { return this.t.ns(i) === NS_HTML; }
  attrCount(i) { return this.t.attrCount(i); }
  // HTML 13.3 "serialized name" of an attribute: by its namespace.
  attrName(i, k) {
    const t = this.t;
    const a = t.attrFirst(i) + k;
    const ns = t.attrNs(a);
    const local = t.attrName(a);
    if (ns === ANS_NONE || (ns === ANS_XMLNS && local === 'xmlns')) return local;
    if (ns <= ANS_XMLNS) return ATTR_NS_PREFIX[ns] + ':' + local;
    return t.attrQName(a);
  }
  attrValue(i, k) { return this.t.attrValue(this.t.attrFirst(i) + k); }
  // HTML 13.3: "If current node's is value is not null, and the element does not have an is content
  // attribute in its attribute list", the is value (else null).
  isValue(i) {
    if (!this.t.isStored) return null; // every is value is an is attribute
    const is = this.t.isValue(i);
    return is === null || this.t.findPlainAttr(i, 'is') >= 0 ? null : is;
  }
  data(i) { return this.t.data(i); }
  rawParent(i, scripting) {
    const t = this.t;
    const p = t.parent(i);
    if (p === NONE || t.type(p) !== TYPE_ELEMENT || t.ns(p) !== NS_HTML) return false;
    const name = t.localName(p);
    return RAW_TEXT_ELEMENTS.has(name) || (scripting && name === 'noscript' && !inTemplateContents(t, p));
  }
  list(i) { return DomWalk.prototype.list.call(this, i); }
  shadow(i) { return DomWalk.prototype.shadow.call(this, i); }
  first(l) { return l; }
  more(l, c) { return c !== NONE; }
  at(l, c) { return c; }
  after(l, c) { return this.t.next(c); }
}

/** parse5-shaped objects (js/html/object.js, or made by the user): cursor = index in a childNodes array.
 *  A processing instruction is a comment with `processingInstruction: { target, data }` (js/html/object.js)
 *  or a user-built { nodeName: '#processing-instruction', target, data }. */
class ObjectWalk {
  kind(x) {
    switch (x.nodeName) {
      case '#text': return TYPE_TEXT;
      case '#comment': return x.processingInstruction ? TYPE_PI : TYPE_COMMENT;
      case '#documentType': return TYPE_DOCTYPE;
      case '#processing-instruction': return TYPE_PI;
      default: return x.childNodes !== undefined && x.tagName !== undefined ? TYPE_ELEMENT : 0;
    }
  }
  name(x) {
    switch (x.nodeName) {
      case '#documentType': return x.name;
      case '#processing-instruction': return x.target;
      case '#comment': return x.processingInstruction.target;
      default: return x.tagName;
    }
  }
  isHtml(x) { return x.namespaceURI === HTML_NS; }
  attrCount(x) { return x.attrs.length; }
  attrName(x, k) {
    const a = x.attrs[k];
    const ns = a.namespace;
    if (!ns) return a.name;
    if (ns === XML_NS) return 'xml:' + a.name;
    if (ns === XMLNS_NS) return a.name === 'xmlns' ? a.name : 'xmlns:' + a.name;
    if (ns === XLINK_NS) return 'xlink:' + a.name;
    return a.prefix + ':' + a.name;
  }
  attrValue(x, k) { return x.attrs[k].value; }
  isValue() { return null; } // no is value but an is attribute
  data(x) {
    if (x.nodeName === '#text') return x.value;
    return x.processingInstruction ? x.processingInstruction.data : x.data;
  }
  rawParent(x, scripting) {
    const p = x.parentNode;
    if (!p || p.tagName === undefined || p.namespaceURI !== HTML_NS) return false;
    return RAW_TEXT_ELEMENTS.has(p.tagName) || (scripting && p.tagName === 'noscript');
  }
  shadow(x) { return x.shadowRoot ?? null; } // js/html/object.js
  list(x) {
    const c = x.tagName === 'template' && x.namespaceURI === HTML_NS && x.content ? x.content : x;
    return c.childNodes || [];
  }
  first() { return 0; }
  more(l, c) { return c < l.length; }
  at(l, c) { return l[c]; }
  after(l, c) { return c + 1; }
}
const OBJECTS = new ObjectWalk();

// ---- the serialiser ---------------------------------------------------------------

const isVoid = (A, x) => A.isHtml(x) && VOID_ELEMENTS.has(A.name(x));

/**
 * Serialise the nodes of list l from cursor c on (outer: only the node at c,
 * with its subtree) through adapter A.  Open elements are kept on a stack
 * with the list and cursor to resume after their end tag.
 *
 * The output: pieces are appended to a short string, which is flattened and
 * moved to a list every CHUNK units; the list is joined at the end.  (One
 * string built by += from millions of pieces costs more to flatten, and to
 * collect, than to build; a Uint16Array filled and converted at the end
 * measured the same as this, with more code.)
 */
const CHUNK = 4096;
/**
 * Is node i of tree t in a template's contents?  Their node document is the
 * inert template document, which has no browsing context: scripting is
 * disabled there, so a noscript's text is escaped (HTML 13.3, as Chromium).
 */
function inTemplateContents(t, i) {
  let r = i;
  for (let p = t.parent(r); p !== NONE; p = t.parent(r)) r = p;
  const h = t.host(r);
  return h !== NONE && t.shadowRootIndex(h) !== r;
}

function run(A, l, c, outer, scripting, pick = null, stack = [], out = '') {
  const chunks = [];
  for (;;) {
    if (A.more(l, c)) {
      const x = A.at(l, c);
      c = A.after(l, c);
      switch (A.kind(x)) {
        case TYPE_ELEMENT: {
          const name = A.name(x);
          out += '<' + name;
          const is = A.isValue(x);
          if (is !== null) out += ' is="' + escapeAttribute(is) + '"';
          for (let k = 0, m = A.attrCount(x); k < m; k++) {
            out += ' ' + A.attrName(x, k) + '="' + escapeAttribute(A.attrValue(x, k)) + '"';
          }
          out += '>';
          if (!(A.isHtml(x) && VOID_ELEMENTS.has(name))) {
            stack.push(l, c, name);
            l = A.list(x);
            c = A.first(l);
            const sr = pick === null ? null : A.shadow(x);
            if (sr !== null && pick(sr)) { // step 4
              out += shadowStart(sr);
              stack.push(l, c, 'template');
              l = A.list(sr);
              c = A.first(l);
            }
            continue;
          }
          break;
        }
        case TYPE_TEXT:
          out += A.rawParent(x, scripting) ? A.data(x) : escapeText(A.data(x));
          break;
        case TYPE_COMMENT:
          out += '<!--' + A.data(x) + '-->';
          break;
        case TYPE_PI:
          out += '<?' + A.name(x) + ' ' + A.data(x) + '?>';
          break;
        case TYPE_DOCTYPE:
          out += '<!DOCTYPE ' + A.name(x) + '>';
          break;
      }
      if (out.length > CHUNK) {
        out.charCodeAt(0); // V8 flattens the rope here, while it is small and young
        chunks.push(out);
        out = '';
      }
    } else {
      if (stack.length === 0) break;
      out += '</' + stack.pop() + '>';
      c = stack.pop();
      l = stack.pop();
    }
    if (outer && stack.length === 0) break;
  }
  if (chunks.length === 0) return out;
  chunks.push(out);
  return chunks.join('');
}

const isDomNode = (node) => node._t !== undefined && typeof node._i === 'number';

// What a parse5-shaped object of each nodeName must have (js/html/object.js);
// any other nodeName is an element's.
const OBJECT_FIELDS = {
  '#document': { childNodes: Array.isArray },
  '#document-fragment': { childNodes: Array.isArray },
  '#text': { value: (v) => typeof v === 'string' },
  '#comment': { data: (v) => typeof v === 'string' },
  '#documentType': { name: (v) => typeof v === 'string' },
  '#processing-instruction': { target: (v) => typeof v === 'string', data: (v) => typeof v === 'string' },
};
const ELEMENT_FIELDS = { tagName: (v) => typeof v === 'string', attrs: Array.isArray, childNodes: Array.isArray };

/**
 * `node` is a DOM-like node of js/dom/dom.js or a parse5-shaped object whose
 * fields the serialiser reads are there (its descendants are read as they
 * come); anything else is a TypeError naming what is wrong.
 */
function checkNode(node, fn) {
  const bad = (what) => new TypeError(`${fn}(node): ${what}; got ${describe(node)}`);
  if (node === null || typeof node !== 'object') throw bad('node must be a node (a DOM-like node of html5-wasm or a parse5-shaped object)');
  if (isDomNode(node)) return;
  const name = node.nodeName;
  if (typeof name !== 'string') throw bad('node must be a node (a DOM-like node of html5-wasm or a parse5-shaped object): it has no nodeName');
  const fields = OBJECT_FIELDS[name] ?? ELEMENT_FIELDS;
  for (const [key, ok] of Object.entries(fields)) {
    if (!ok(node[key])) {
      const kind = fields === ELEMENT_FIELDS ? `an element (nodeName ${JSON.stringify(name)})` : `a ${name} node`;
      const browser = fields === ELEMENT_FIELDS && node.attrs === undefined && node.attributes !== undefined
        ? ' (a DOM node of another implementation? serialise it with its own outerHTML)' : '';
      throw bad(`node is ${kind} in parse5's shape without ${key === 'attrs' || key === 'childNodes' ? 'an array' : 'a string'} '${key}'${browser}`);
    }
  }
}

// The adapter, node handle, scripting flag and shadow root choice (step 4)
// for `node`: DOM-like nodes default to their tree's flag, objects to true
// (as parse5).
function walkOf(node, options, fn) {
  const { scriptingEnabled, serializableShadowRoots, shadowRoots } = checkOptions(fn, options, SERIALIZE_OPTIONS); // read once
  let pick = null;
  if (shadowRoots === true) pick = () => true;
  else if (serializableShadowRoots || (shadowRoots !== undefined && shadowRoots.length > 0)) {
    const chosen = new Set(shadowRoots === undefined ? [] : Array.from(shadowRoots));
    pick = (sr) => (serializableShadowRoots === true && sr.serializable === true) || chosen.has(sr);
  }
  if (isDomNode(node)) {
    const t = node._t;
    return [t.ov === null ? new DomWalk(t) : new TreeWalk(t), node._i, scriptingEnabled ?? t.scripting, pick];
  }
  return [OBJECTS, node, scriptingEnabled ?? true, pick];
}
const isShadowRoots = (v) => (v === true || (Array.isArray(v) && v.every((x) => x !== null && typeof x === 'object'))
  ? null : 'must be an array of shadow roots (or true: every shadow root)');
const SERIALIZE_OPTIONS = { scriptingEnabled: isBoolean, serializableShadowRoots: isBoolean, shadowRoots: isShadowRoots };

/** Step 4's start tag for shadow root sr (a ShadowRoot of js/dom/dom.js or js/html/object.js's object). */
function shadowStart(sr) {
  let s = '<template shadowrootmode="' + (sr.mode === 'closed' ? 'closed' : 'open') + '"';
  if (sr.delegatesFocus) s += ' shadowrootdelegatesfocus=""';
  if (sr.serializable) s += ' shadowrootserializable=""';
  if (sr.slotAssignment === 'manual') s += ' shadowrootslotassignment="manual"';
  if (sr.clonable) s += ' shadowrootclonable=""';
  if (sr.keepCustomElementRegistryNull) s += ' shadowrootcustomelementregistry=""';
  return s + '>';
}

/**
 * The children of record i of a tree as the parser made it, serialised
 * through adapter A, a DomWalk that leaves nodes out (the sanitizer's,
 * js/sanitize/): no shadow roots.
 */
export function serializeThrough(A, i, scripting) {
  const l = A.list(i);
  return run(A, l, A.first(l), false, scripting);
}

/**
 * Serialise the children of `node` (innerHTML; for a template, its contents).
 * An HTML void element gives ''.
 * @param {object} node DOM-like node or parse5-shaped object
 * @param {{ scriptingEnabled?: boolean }} [options] defaults: the tree's own
 *   scripting flag for DOM-like nodes, true for objects (as parse5)
 */
export function serialize(node, options) {
  checkNode(node, 'serialize');
  const [A, x, scripting, pick] = walkOf(node, options, 'serialize');
  if (A.kind(x) === TYPE_ELEMENT && isVoid(A, x)) return '';
  const l = A.list(x);
  const sr = pick === null || A.kind(x) !== TYPE_ELEMENT ? null : A.shadow(x);
  if (sr !== null && pick(sr)) { // step 4: the node's own shadow root first
    const ls = A.list(sr);
    return run(A, ls, A.first(ls), false, scripting, pick, [l, A.first(l), 'template'], shadowStart(sr));
  }
  return run(A, l, A.first(l), false, scripting, pick);
}

/**
 * Serialise `node` itself and its subtree (outerHTML).  A document or
 * fragment gives '' (as parse5.serializeOuter); use serialize() for those.
 * @param {object} node DOM-like node or parse5-shaped object
 * @param {{ scriptingEnabled?: boolean }} [options]
 */
export function serializeOuter(node, options) {
  checkNode(node, 'serializeOuter');
  const [A, x, scripting, pick] = walkOf(node, options, 'serializeOuter');
  if (A === OBJECTS) return run(A, [x], 0, true, scripting, pick);
  return run(A, NONE, x, true, scripting, pick);
}

// ---- the C serialiser (wasm), over flat buffers -------------------------------------

/**
 * Serialise straight from a flat tree buffer (parseToBuffer(), docs/format.md)
 * without decoding it, with the C serialiser (needs the wasm module).
 * @param {ArrayBuffer|ArrayBufferView} buffer
 * @param {{ node?: number, outer?: boolean, scriptingEnabled?: boolean, serializableShadowRoots?: boolean, shadowRoots?: boolean }} [options]
 *   node: record index (default 0, the root); outer: the node itself
 *   (outerHTML; for a document or fragment: its children, doctype included)
 *   instead of its children; scriptingEnabled: default the buffer's flag.
 */
export function serializeBuffer(buffer, options) {
  const o = checkOptions('serializeBuffer', options, SER_BUFFER_OPTIONS);
  const node = o.node ?? 0;
  if (!Number.isInteger(node) || node < 0) throw new RangeError(`serializeBuffer(): option 'node' must be a node index; got ${node}`);
  // Checked as decode() checks it: the C serialiser then meets only buffers
  // that decode() accepts, so both refuse the same ones.
  let { bytes } = checkedReader('serializeBuffer', buffer);
  if (node >= readNodeCount(bytes)) throw new RangeError(`serializeBuffer(): option 'node' is ${node}, the buffer has ${readNodeCount(bytes)} nodes`);
  const w = getWasm();
  // A view of the module's own memory (parseToView()) moves or detaches
  // when the module allocates: copy it first.
  if (bytes.buffer === w.memory.buffer) bytes = bytes.slice();
  const ptr = w.h5w_serialize_input(bytes.byteLength);
  if (ptr === 0) throw new RangeError(`serializeBuffer(): a buffer of ${bytes.byteLength} bytes does not fit in the module's memory`);
  new Uint8Array(w.memory.buffer, ptr, bytes.byteLength).set(bytes);
  let flags = o.outer ? SER_OUTER : 0;
  if (o.scriptingEnabled !== undefined) flags |= o.scriptingEnabled ? SER_SCRIPTING_ON : SER_SCRIPTING_OFF;
  if (o.serializableShadowRoots) flags |= SER_SERIALIZABLE_SHADOW_ROOTS;
  if (o.shadowRoots) flags |= SER_ALL_SHADOW_ROOTS;
  const status = w.h5w_serialize(bytes.byteLength, node, flags);
  if (status !== 0) {
    if (status === STATUS_ERR_OOM) throw new RangeError(`serializeBuffer(): out of memory serialising a buffer of ${bytes.byteLength} bytes`);
    throw new Error(`serializeBuffer(): internal error: the C serialiser refused a buffer that decode() accepts (status ${status})`);
  }
  const len = w.h5w_ser_out_len();
  return len === 0 ? '' : unitsToString(new Uint16Array(w.memory.buffer, w.h5w_ser_out(), len));
}

const isNumber = (v) => (typeof v === 'number' ? null : 'must be a node index (a number)');
const SER_BUFFER_OPTIONS = {
  node: isNumber, outer: isBoolean, scriptingEnabled: isBoolean,
  serializableShadowRoots: isBoolean, // shadow roots whose serializable is set, as declarative templates
  shadowRoots: isBoolean, // true: every shadow root
};
const readNodeCount = (bytes) => new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER_BYTES / 4)[H_NODE_COUNT];
