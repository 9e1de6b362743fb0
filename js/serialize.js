// HTML fragment serialisation (HTML spec 13.3 "Serializing HTML fragments")
// over both node shapes this package produces:
//   - the DOM-like tree of js/dom.js (nodeType, links), and
//   - parse5-shaped plain objects (nodeName strings, childNodes arrays),
// with output equal to parse5.serialize / parse5.serializeOuter.
// Iterative: no recursion over the tree's depth.
//
// DOM-like nodes are serialised by the C serialiser (src/serialize.c) when
// the wasm module is ready: the tree's records go to wasm memory as a flat
// buffer (once per tree: the copy stays there for the next call), ONE call
// serialises, one string comes back.  The JavaScript serialiser below is
// the fallback (no wasm, parse5-shaped objects, which users may modify)
// and serves small subtrees of a tree that is not in wasm memory yet,
// where copying the whole tree would cost more than serialising the
// subtree here.  Both give the same output.
//
// Escaping follows the living standard: attribute values escape < and >
// too (2025), as parse5 8 and the html5lib-tests serializer cases do.

import { ATOMS } from './atoms.js';
import { atomTableHash } from './decode.js';
import { describe, getWasm, isReady } from './loader.js';
import { asBytes, unitsToString } from './text.js';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** HTML elements that serialise without contents or end tag. */
export const VOID_ELEMENTS = new Set([
  'area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input', 'keygen', 'link',
  'meta', 'param', 'source', 'track', 'wbr',
]);

/** HTML elements whose text children are written unescaped (plus noscript when scripting is on). */
export const RAW_TEXT_ELEMENTS = new Set(['style', 'script', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

const TEXT_RE = /[&<>\u00A0]/;
const ATTR_RE = /["&<>\u00A0]/;

function escapeWith(re, s) {
  if (!re.test(s)) return s;
  let out = '';
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    let r;
    switch (s.charCodeAt(i)) {
      case 0x26: r = '&amp;'; break;
      case 0xa0: r = '&nbsp;'; break;
      case 0x3c: r = '&lt;'; break;
      case 0x3e: r = '&gt;'; break;
      case 0x22: if (re === ATTR_RE) { r = '&quot;'; break; } continue;
      default: continue;
    }
    if (last !== i) out += s.slice(last, i);
    out += r;
    last = i + 1;
  }
  return last === 0 ? out : out + s.slice(last);
}

/** Escape text content: & NBSP < >. */
export function escapeText(s) { return escapeWith(TEXT_RE, s); }
/** Escape an attribute value: & NBSP " < >. */
export function escapeAttribute(s) { return escapeWith(ATTR_RE, s); }

// ---- DOM-like tree (js/dom.js): straight from the records ---------------------
// The output is built as UTF-16 code units in one growing Uint16Array (copied
// straight from the tree's string section) and turned into a string once at
// the end: no string concatenation per node.

const NONE = 0xffffffff;
const TEMPLATE_CONTENTS = 1 << 18;

let out = new Uint16Array(1 << 12);
let pos = 0;

function grow(extra) {
  let cap = out.length * 2;
  while (cap < pos + extra) cap *= 2;
  const b = new Uint16Array(cap);
  b.set(out.subarray(0, pos));
  out = b;
}
function putString(str) {
  const n = str.length;
  if (pos + n > out.length) grow(n);
  for (let k = 0; k < n; k++) out[pos++] = str.charCodeAt(k);
}
function putEntity(c) {
  if (pos + 6 > out.length) grow(6);
  const o = out;
  let p = pos;
  o[p++] = 0x26; // &
  switch (c) {
    case 0x26: o[p++] = 0x61; o[p++] = 0x6d; o[p++] = 0x70; break; // amp
    case 0x3c: o[p++] = 0x6c; o[p++] = 0x74; break; // lt
    case 0x3e: o[p++] = 0x67; o[p++] = 0x74; break; // gt
    case 0x22: o[p++] = 0x71; o[p++] = 0x75; o[p++] = 0x6f; o[p++] = 0x74; break; // quot
    default: o[p++] = 0x6e; o[p++] = 0x62; o[p++] = 0x73; o[p++] = 0x70; // nbsp
  }
  o[p++] = 0x3b; // ;
  pos = p;
}
// Copy src[from, to); escape: 0 none, 1 text (& NBSP < >), 2 attribute (& NBSP " < >).
function putUnits(src, from, to, escape) {
  if (pos + (to - from) > out.length) grow(to - from);
  if (escape === 0) {
    const o = out;
    let p = pos;
    for (let k = from; k < to; k++) o[p++] = src[k];
    pos = p;
    return;
  }
  for (let k = from; k < to; k++) {
    const c = src[k];
    if (c === 0x26 || c === 0x3c || c === 0x3e || c === 0xa0 || (c === 0x22 && escape === 2)) {
      putEntity(c);
      if (pos + (to - k) > out.length) grow(to - k);
    } else out[pos++] = c;
  }
}
function take() {
  const s = unitsToString(out.subarray(0, pos));
  pos = 0;
  if (out.length > 1 << 22) out = new Uint16Array(1 << 12); // do not pin a huge buffer
  return s;
}

function putStartTag(t, i) {
  const n = t.n;
  const b = i << 3;
  const names = t.names;
  if (pos + 1 > out.length) grow(1);
  out[pos++] = 0x3c; // <
  putString(names[n[b + 4]]);
  const cnt = n[b + 6];
  if (cnt !== 0) {
    const a = t.a;
    const u16 = t.u16;
    for (let k = n[b + 5], e = k + cnt; k < e; k++) {
      const q = k << 2;
      const ns = a[q + 1] & 0xff;
      const local = names[a[q]];
      if (ns === 0) putString(' ');
      else if (ns === 1) putString(' xlink:');
      else if (ns === 2) putString(' xml:');
      else if (ns === 3 && local !== 'xmlns') putString(' xmlns:');
      else putString(' ');
      putString(local);
      putString('="');
      const off = a[q + 2];
      putUnits(u16, off, off + a[q + 3], 2);
      putString('"');
    }
  }
  putString('>');
}

const isVoid = (t, i) => (t.n[i << 3] & 0xffff) === 1 && VOID_ELEMENTS.has(t.localName(i));
const isTemplate = (t, i) => (t.n[i << 3] & 0xffff) === 1 && t.localName(i) === 'template';

function putText(t, j, scripting) {
  const b = j << 3;
  const off = t.n[b + 5];
  const end = off + t.n[b + 6];
  const p = t.parent(j);
  let escape = 1;
  if (p !== NONE && (t.n[p << 3] & 0xffff) === 1) {
    const name = t.localName(p);
    if (RAW_TEXT_ELEMENTS.has(name) || (scripting && name === 'noscript')) escape = 0;
  }
  putUnits(t.u16, off, end, escape);
}
function putData(t, j) {
  const b = j << 3;
  const off = t.n[b + 5];
  putUnits(t.u16, off, off + t.n[b + 6], 0);
}

// Serialise the nodes of pre-order range [from, to) of tree t: whole
// subtrees, in order.  Iterative: open elements are kept on a stack.
function putRange(t, from, to, scripting) {
  const n = t.n;
  const closeAt = []; // index at which the element's contents end
  const resumeAt = []; // where to continue after its end tag
  const names = [];
  let j = from;
  for (;;) {
    while (names.length !== 0 && j >= closeAt[closeAt.length - 1]) {
      putString('</');
      putString(names.pop());
      putString('>');
      closeAt.pop();
      j = resumeAt.pop();
    }
    if (j >= to) return;
    const w = n[j << 3];
    switch (w & 0xff) {
      case 1: {
        putStartTag(t, j);
        const end = n[(j << 3) + 2];
        const name = t.localName(j);
        if ((w & 0xff00) === 0) {
          if (VOID_ELEMENTS.has(name)) {
            j = end;
            continue;
          }
          if (name === 'template') {
            // Its contents, not its children.
            const c = t.contents(j);
            closeAt.push(c === NONE ? j + 1 : n[(c << 3) + 2]);
            resumeAt.push(end);
            names.push(name);
            j = c === NONE ? j + 1 : c + 1;
            continue;
          }
        }
        closeAt.push(end);
        resumeAt.push(end);
        names.push(name);
        j++;
        continue;
      }
      case 3:
        putText(t, j, scripting);
        break;
      case 8:
        putString('<!--');
        putData(t, j);
        putString('-->');
        break;
      case 7:
        putString('<?');
        putString(t.localName(j));
        putString(' ');
        putData(t, j);
        putString('>');
        break;
      case 10:
        putString('<!DOCTYPE ');
        putString(t.localName(j));
        putString('>');
        break;
      default:
        // A fragment inside the range: template contents met outside a
        // template (not produced by the writer); skip it.
        if ((w & TEMPLATE_CONTENTS) !== 0) {
          j = n[(j << 3) + 2];
          continue;
        }
    }
    j++;
  }
}

function serializeRange(t, from, to, scripting) {
  pos = 0;
  putRange(t, from, to, scripting);
  return take();
}

// Children of node i (for an HTML template: of its contents).
function domInner(t, i, scripting) {
  let c = i;
  if (isTemplate(t, i)) {
    c = t.contents(i);
    if (c === NONE) return '';
  }
  const first = t.first(c);
  if (first === NONE) return '';
  return serializeRange(t, first, t.end(c), scripting);
}

const isDomNode = (node) => node._t !== undefined && typeof node._i === 'number';

// ---- parse5-shaped objects ----------------------------------------------------

function objStartTag(el) {
  let s = '<' + el.tagName;
  const attrs = el.attrs;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i];
    s += ' ';
    if (a.namespace) {
      if (a.namespace === XML_NS) s += 'xml:' + a.name;
      else if (a.namespace === XMLNS_NS) s += a.name === 'xmlns' ? a.name : 'xmlns:' + a.name;
      else if (a.namespace === XLINK_NS) s += 'xlink:' + a.name;
      else s += a.prefix + ':' + a.name;
    } else s += a.name;
    s += '="' + escapeWith(ATTR_RE, a.value) + '"';
  }
  return s + '>';
}

const isObjElement = (n) => n.childNodes !== undefined && n.tagName !== undefined;
const isObjTemplate = (n) => n.tagName === 'template' && n.namespaceURI === HTML_NS;

function objNodes(nodes, scripting) {
  const stack = [];
  let html = '';
  let index = 0;
  for (;;) {
    if (index < nodes.length) {
      const node = nodes[index++];
      const name = node.nodeName;
      if (name === '#text') {
        const p = node.parentNode;
        html +=
          p && p.tagName !== undefined && p.namespaceURI === HTML_NS &&
          (RAW_TEXT_ELEMENTS.has(p.tagName) || (scripting && p.tagName === 'noscript'))
            ? node.value
            : escapeWith(TEXT_RE, node.value);
      } else if (name === '#comment') {
        html += '<!--' + node.data + '-->';
      } else if (name === '#documentType') {
        html += '<!DOCTYPE ' + node.name + '>';
      } else if (name === '#processing-instruction') {
        html += '<?' + node.target + ' ' + node.data + '>';
      } else if (isObjElement(node)) {
        const tn = node.tagName;
        html += objStartTag(node);
        const isHtml = node.namespaceURI === HTML_NS;
        if (!(isHtml && VOID_ELEMENTS.has(tn))) {
          stack.push(nodes, index, tn);
          const c = isHtml && tn === 'template' && node.content ? node.content : node;
          nodes = c.childNodes || [];
          index = 0;
        }
      }
    } else {
      if (stack.length === 0) return html;
      html += '</' + stack.pop() + '>';
      index = stack.pop();
      nodes = stack.pop();
    }
  }
}

// ---- the C serialiser (wasm) --------------------------------------------------

const HEADER_BYTES = 80;
const FLAG_SCRIPTING = 1 << 6;
let nextTreeId = 1;
let residentId = 0; // id of the tree whose buffer is in wasm memory (0: none)
let residentLen = 0;
let residentIn = null; // the instance's exports holding it (releaseMemory() makes a new one)

// Rebuild tree t's flat buffer (docs/format.md) in wasm memory: header,
// node and attribute records, name table, strings.  Locations and errors
// are left out: the serialiser does not read them.
function upload(w, t) {
  const nb = t.n.byteLength;
  const ab = t.a.byteLength;
  const mb = t.nameWords.byteLength;
  const sb = (t.u16.byteLength + 3) & ~3;
  const nodesOff = HEADER_BYTES;
  const attrsOff = nodesOff + nb;
  const namesOff = attrsOff + ab;
  const stringsOff = namesOff + mb;
  const total = stringsOff + sb;
  const ptr = w.h5w_serialize_input(total);
  residentId = 0;
  if (ptr === 0) return false;
  const mem = new Uint8Array(w.memory.buffer);
  const h = new Uint32Array(w.memory.buffer, ptr, HEADER_BYTES >>> 2);
  h.fill(0);
  h[0] = 0x54573548; // "H5WT"
  h[1] = 1;
  h[2] = (t.flags & 0xf) | (t.flags & FLAG_SCRIPTING); // root kind, mode, scripting
  h[3] = ATOMS.length;
  h[4] = atomTableHash();
  h[5] = t.count;
  h[6] = t.a.length >>> 2;
  h[7] = t.nameWords.length >>> 1;
  h[8] = t.u16.length;
  h[10] = nodesOff;
  h[11] = attrsOff;
  h[12] = namesOff;
  h[16] = stringsOff;
  h[17] = total;
  mem.set(asBytes(t.n), ptr + nodesOff);
  mem.set(asBytes(t.a), ptr + attrsOff);
  mem.set(asBytes(t.nameWords), ptr + namesOff);
  mem.set(asBytes(t.u16), ptr + stringsOff);
  if (t._serId === undefined) t._serId = nextTreeId++;
  residentId = t._serId;
  residentLen = total;
  residentIn = w;
  return true;
}

// Run the C serialiser on the resident buffer; null on failure.
function runC(w, node, outer, options) {
  let flags = outer ? 1 : 0;
  if (options && options.scriptingEnabled !== undefined) flags |= options.scriptingEnabled ? 2 : 4;
  if (w.h5w_serialize(residentLen, node, flags) !== 0) return null;
  const len = w.h5w_ser_out_len();
  return len === 0 ? '' : unitsToString(new Uint16Array(w.memory.buffer, w.h5w_ser_out(), len));
}

// The C serialisation of DOM-like node i of tree t, or null (use JS).
// force: skip the small-subtree shortcut (tests).
function viaC(t, i, outer, options, force) {
  if (!isReady() || t.nameWords === null) return null;
  const w = getWasm();
  if (t._serId === undefined || t._serId !== residentId || w !== residentIn) {
    // Not in wasm memory: a small subtree of a large tree is cheaper here.
    if (!force && t.end(i) - i < t.count >>> 5) return null;
    if (!upload(w, t)) return null;
  }
  return runC(w, i, outer, options);
}

/**
 * Serialise straight from a flat tree buffer (parseToBuffer(), docs/format.md)
 * without decoding it, with the C serialiser (needs the wasm module).
 * @param {ArrayBuffer|ArrayBufferView} buffer
 * @param {{ node?: number, outer?: boolean, scriptingEnabled?: boolean }} [options]
 *   node: record index (default 0, the root); outer: the node itself
 *   (outerHTML; for a document or fragment: its children, doctype included)
 *   instead of its children; scriptingEnabled: default the buffer's flag.
 */
export function serializeBuffer(buffer, options) {
  let bytes;
  if (buffer instanceof ArrayBuffer) bytes = new Uint8Array(buffer);
  else if (ArrayBuffer.isView(buffer)) bytes = asBytes(buffer);
  else throw new TypeError('serializeBuffer(buffer): expected an ArrayBuffer or a typed array; got ' + describe(buffer));
  const node = options && options.node !== undefined ? options.node : 0;
  if (!Number.isInteger(node) || node < 0 || node > 0xfffffffe) {
    throw new RangeError('serializeBuffer(): options.node must be a node index; got ' + describe(node));
  }
  const w = getWasm();
  residentId = 0;
  const ptr = w.h5w_serialize_input(bytes.byteLength);
  if (ptr === 0) throw new RangeError(`serializeBuffer(): a buffer of ${bytes.byteLength} bytes does not fit in the module's memory`);
  new Uint8Array(w.memory.buffer, ptr, bytes.byteLength).set(bytes);
  residentLen = bytes.byteLength;
  const s = runC(w, node, !!(options && options.outer), options);
  if (s === null) {
    throw new RangeError(`serializeBuffer(): not a valid tree buffer, or no node ${node} in it (or out of memory)`);
  }
  return s;
}

// ---- public entry points ------------------------------------------------------

// A DOM-like node, inner or outer, by engine 'auto' (C when possible), 'c'
// (C, or an Error) or 'js'.
function domSerialize(node, outer, options, engine) {
  const t = node._t;
  const i = node._i;
  t.resolveSourceRefs(); // both engines read string offsets from the records
  if (!outer && isVoid(t, i)) return '';
  if (engine !== 'js') {
    const c = viaC(t, i, outer, options, engine === 'c');
    if (c !== null) return c;
    if (engine === 'c') throw new Error('the C serialiser is not available for this node');
  }
  const scripting = options && options.scriptingEnabled !== undefined ? !!options.scriptingEnabled : t.scripting;
  return outer ? serializeRange(t, i, t.end(i), scripting) : domInner(t, i, scripting);
}

/**
 * Internal (tests, benchmarks): serialise a DOM-like node with one engine.
 * @param {object} node DOM-like node
 * @param {'c'|'js'|'auto'} engine
 * @param {{ outer?: boolean, scriptingEnabled?: boolean }} [options]
 */
export function serializeWithEngine(node, engine, options) {
  checkNode(node, 'serializeWithEngine');
  if (!isDomNode(node)) throw new TypeError('serializeWithEngine: expected a DOM-like node');
  return domSerialize(node, !!(options && options.outer), options, engine);
}

function checkNode(node, fn) {
  if (node === null || typeof node !== 'object') {
    throw new TypeError(`${fn}: expected a node, got ${node === null ? 'null' : typeof node}`);
  }
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
  if (isDomNode(node)) return domSerialize(node, false, options, 'auto');
  const scripting = options && options.scriptingEnabled !== undefined ? !!options.scriptingEnabled : true;
  if (isObjElement(node) && node.namespaceURI === HTML_NS && VOID_ELEMENTS.has(node.tagName)) return '';
  const c = isObjElement(node) && isObjTemplate(node) && node.content ? node.content : node;
  return objNodes(c.childNodes || [], scripting);
}

/**
 * Serialise `node` itself and its subtree (outerHTML).  A document or
 * fragment gives '' (as parse5.serializeOuter); use serialize() for those.
 * @param {object} node DOM-like node or parse5-shaped object
 * @param {{ scriptingEnabled?: boolean }} [options]
 */
export function serializeOuter(node, options) {
  checkNode(node, 'serializeOuter');
  if (isDomNode(node)) {
    const type = node._t.type(node._i);
    if (type === 9 || type === 11) return ''; // as parse5.serializeOuter
    return domSerialize(node, true, options, 'auto');
  }
  const scripting = options && options.scriptingEnabled !== undefined ? !!options.scriptingEnabled : true;
  return objNodes([node], scripting);
}

/** innerHTML of a DOM-like node. */
export function serializeInner(node) {
  return serialize(node);
}
