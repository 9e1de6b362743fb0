// Decoder of the flat tree buffer ("H5WT", docs/format.md) written by
// src/flatbuf.c.
//
//   decode(buffer, { format: 'dom' })     → Document / DocumentFragment of js/dom.js
//   decode(buffer, { format: 'object' })  → parse5-shaped plain objects (js/object.js)
//
// Cost model: names come from the shared atom table (js/atoms.js) plus a
// per-buffer table of other names decoded once, and all character data from
// ONE string decode of the buffer's UTF-16 section (strings are slices of
// it) -- or, in the buffers parse() asks for (SOURCE_REFS), slices of the
// input string wherever the text is verbatim in it.  'dom' copies the record
// sections (one memcpy each), checks them in one pass (decode() only: not
// for the buffers parse() has just had written) and makes node objects only
// when they are reached (js/dom.js);
// 'object' builds every parse5 object in one pass over the records.  The
// result never references `buffer`: it may be reused afterwards (wasm
// memory).  No recursion: any depth decodes.
import { ATOMS } from './atoms.js';
import { CONFIDENCE_NAMES, ENCODING_NAMES } from './encodings.js';
import { Tree } from './dom.js';
import { asBytes, unitsToString } from './text.js';
import { buildObject, Locator, NONE } from './object.js';

export const MAGIC = 0x54573548; // "H5WT" as a little-endian u32
export const FORMAT_VERSION = 1;
export const HEADER_BYTES = 80;

const H = {
  MAGIC: 0, VERSION: 1, FLAGS: 2, ATOM_COUNT: 3, ATOM_HASH: 4, NODE_COUNT: 5, ATTR_COUNT: 6, NAME_COUNT: 7,
  STRING_UNITS: 8, ERROR_COUNT: 9, NODES_OFF: 10, ATTRS_OFF: 11, NAMES_OFF: 12, NODE_LOCS_OFF: 13,
  ATTR_LOCS_OFF: 14, ERRORS_OFF: 15, STRINGS_OFF: 16, TOTAL_BYTES: 17, ENCODING: 18,
};
const FLAG_HAS_LOCATIONS = 1 << 4;
const FLAG_HAS_ERRORS = 1 << 5;
const FLAG_SCRIPTING = 1 << 6;
const FLAG_SOURCE_REFS = 1 << 7; // only in the buffers parse() decodes at once (with the input)
const TEMPLATE_CONTENTS = 1 << 18;
const MODES = ['no-quirks', 'quirks', 'limited-quirks'];
const ROOT_KINDS = ['document', 'fragment', 'other'];

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

let atomHash = -1;
/** FNV-1a of the atom names (1..n-1), each followed by LF; must equal the C side's. */
export function atomTableHash() {
  if (atomHash < 0) {
    let h = 0x811c9dc5;
    for (let a = 1; a < ATOMS.length; a++) {
      const s = ATOMS[a];
      for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
      h = Math.imul(h ^ 10, 16777619);
    }
    atomHash = h >>> 0;
  }
  return atomHash;
}

function toBytes(buffer) {
  const bytes = asBytes(buffer);
  if (bytes !== null) return bytes;
  const what = buffer === null ? 'null' : typeof buffer === 'object' ? buffer.constructor?.name ?? 'object' : typeof buffer;
  throw new TypeError(`decode: expected an ArrayBuffer or Uint8Array, got ${what}`);
}

/**
 * Validate the header and section table; returns the header fields.
 * @returns {object}
 */
function readHeaderWords(bytes) {
  if (!LITTLE_ENDIAN) throw new Error('decode: big-endian hosts are not supported');
  if (bytes.byteLength < HEADER_BYTES) {
    throw new RangeError(`decode: buffer truncated: ${bytes.byteLength} bytes, the header alone is ${HEADER_BYTES}`);
  }
  const h = new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER_BYTES / 4);
  if (h[H.MAGIC] !== MAGIC) {
    const m = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]).replace(/[^\x20-\x7e]/g, '?');
    throw new RangeError(`decode: not an H5WT tree buffer (magic is "${m}", expected "H5WT")`);
  }
  if (h[H.VERSION] !== FORMAT_VERSION) {
    throw new RangeError(`decode: H5WT format version ${h[H.VERSION]} is not supported (this decoder reads version ${FORMAT_VERSION})`);
  }
  const total = h[H.TOTAL_BYTES];
  if (total > bytes.byteLength) {
    throw new RangeError(`decode: buffer truncated: header says ${total} bytes, got ${bytes.byteLength}`);
  }
  if (h[H.ATOM_COUNT] !== ATOMS.length || h[H.ATOM_HASH] !== atomTableHash()) {
    throw new RangeError(
      `decode: atom table mismatch: the buffer was written with ${h[H.ATOM_COUNT]} atoms (hash ${h[H.ATOM_HASH]}), ` +
        `js/atoms.js has ${ATOMS.length} (hash ${atomTableHash()}); the wasm module and the JS files are from different builds`,
    );
  }
  const flags = h[H.FLAGS];
  const f = {
    flags,
    total,
    nodeCount: h[H.NODE_COUNT],
    attrCount: h[H.ATTR_COUNT],
    nameCount: h[H.NAME_COUNT],
    units: h[H.STRING_UNITS],
    errorCount: h[H.ERROR_COUNT],
    nodesOff: h[H.NODES_OFF],
    attrsOff: h[H.ATTRS_OFF],
    namesOff: h[H.NAMES_OFF],
    nodeLocsOff: h[H.NODE_LOCS_OFF],
    attrLocsOff: h[H.ATTR_LOCS_OFF],
    errorsOff: h[H.ERRORS_OFF],
    stringsOff: h[H.STRINGS_OFF],
    // Byte input: the document's encoding and the confidence in it.
    encoding: ENCODING_NAMES[h[H.ENCODING] & 0xff] ?? null,
    confidence: CONFIDENCE_NAMES[(h[H.ENCODING] >>> 8) & 3] ?? null,
  };
  const section = (name, off, bytesLen) => {
    if (off % 4 !== 0 || off < HEADER_BYTES || off + bytesLen > total) {
      throw new RangeError(`decode: corrupt buffer: ${name} section (offset ${off}, ${bytesLen} bytes) does not fit in ${total} bytes`);
    }
  };
  if (f.nodeCount === 0) throw new RangeError('decode: corrupt buffer: no nodes');
  section('node', f.nodesOff, f.nodeCount * 32);
  section('attribute', f.attrsOff, f.attrCount * 16);
  section('name', f.namesOff, f.nameCount * 8);
  section('string', f.stringsOff, f.units * 2);
  if (flags & FLAG_HAS_LOCATIONS) {
    section('node location', f.nodeLocsOff, f.nodeCount * 16);
    section('attribute location', f.attrLocsOff, f.attrCount * 16);
  }
  if (flags & FLAG_HAS_ERRORS) section('error', f.errorsOff, f.errorCount * 8);
  return f;
}

function alignedBytes(buffer) {
  const bytes = toBytes(buffer);
  // Typed-array views need 4-byte alignment; copy the rare unaligned input.
  return bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
}

/**
 * Header information without decoding the tree.
 * @param {ArrayBuffer|Uint8Array} buffer
 */
export function readHeader(buffer) {
  const f = readHeaderWords(alignedBytes(buffer));
  return {
    version: FORMAT_VERSION,
    root: ROOT_KINDS[f.flags & 3] ?? 'other',
    mode: MODES[(f.flags >>> 2) & 3] ?? 'no-quirks',
    scripting: (f.flags & FLAG_SCRIPTING) !== 0,
    hasLocations: (f.flags & FLAG_HAS_LOCATIONS) !== 0,
    hasErrors: (f.flags & FLAG_HAS_ERRORS) !== 0,
    encoding: f.encoding,
    confidence: f.encoding === null ? null : f.confidence,
    nodeCount: f.nodeCount,
    attributeCount: f.attrCount,
    errorCount: f.errorCount,
    byteLength: f.total,
  };
}

/**
 * The parse errors recorded in the buffer: [{ code, offset }] (+ line, col
 * when `source` is given; + name when `names[code]` is).  [] when the buffer
 * has no error section.
 * @param {ArrayBuffer|Uint8Array} buffer
 * @param {{ source?: string, names?: readonly string[] }} [options]
 */
export function readErrors(buffer, options) {
  const bytes = alignedBytes(buffer);
  const f = readHeaderWords(bytes);
  if (!(f.flags & FLAG_HAS_ERRORS) || f.errorCount === 0) return [];
  const u32 = new Uint32Array(bytes.buffer, bytes.byteOffset + f.errorsOff, f.errorCount * 2);
  const source = options && typeof options.source === 'string' ? options.source : undefined;
  const names = options && options.names;
  const loc = source !== undefined ? new Locator(source) : null;
  const out = new Array(f.errorCount);
  for (let i = 0; i < f.errorCount; i++) {
    const e = { code: u32[2 * i], offset: u32[2 * i + 1] };
    if (names) e.name = names[e.code];
    if (loc !== null) {
      loc.at(e.offset);
      e.line = loc.line;
      e.col = loc.col;
    }
    out[i] = e;
  }
  return out;
}

// Views over the sections (no copies) and the name table.
function makeReader(bytes, f) {
  const u32 = new Uint32Array(bytes.buffer, bytes.byteOffset, f.total >>> 2);
  const u16 = new Uint16Array(bytes.buffer, bytes.byteOffset + f.stringsOff, f.units);
  const names = ATOMS.slice();
  const nb = f.namesOff >>> 2;
  for (let i = 0; i < f.nameCount; i++) {
    const off = u32[nb + 2 * i];
    const len = u32[nb + 2 * i + 1];
    if (off + len > f.units) throw new RangeError(`decode: corrupt buffer: name ${i} is out of the string section`);
    names.push(unitsToString(u16.subarray(off, off + len)));
  }
  const withLoc = (f.flags & FLAG_HAS_LOCATIONS) !== 0;
  const view = (off, words) => u32.subarray(off >>> 2, (off >>> 2) + words);
  return {
    n: view(f.nodesOff, f.nodeCount * 8),
    a: view(f.attrsOff, f.attrCount * 4),
    nl: withLoc ? view(f.nodeLocsOff, f.nodeCount * 4) : null,
    al: withLoc ? view(f.attrLocsOff, f.attrCount * 4) : null,
    u16,
    str: null, // decoded by the 'object' builder
    names,
    units: f.units,
    nodeCount: f.nodeCount,
    attrCount: f.attrCount,
    flags: f.flags,
    mode: MODES[(f.flags >>> 2) & 3] ?? 'no-quirks',
    scripting: (f.flags & FLAG_SCRIPTING) !== 0,
    sourceRefs: (f.flags & FLAG_SOURCE_REFS) !== 0,
    encoding: f.encoding,
    bad(i, what) {
      throw new RangeError(`decode: corrupt buffer: node ${i}: ${what}`);
    },
  };
}

// Check every record once, so that the lazy DOM never meets an index or
// string reference out of range.
function validate(r) {
  const { n, a, nodeCount, attrCount, units } = r;
  const nameCount = r.names.length;
  for (let k = 0; k < attrCount; k++) {
    const q = k << 2;
    if (a[q] >= nameCount) throw new RangeError(`decode: corrupt buffer: attribute ${k}: name id ${a[q]} out of range`);
    if (a[q + 2] + a[q + 3] > units) throw new RangeError(`decode: corrupt buffer: attribute ${k}: value out of bounds`);
  }
  let attrNext = 0;
  for (let i = 0; i < nodeCount; i++) {
    const b = i << 3;
    const info = n[b];
    const type = info & 0xff;
    const p = n[b + 1];
    const end = n[b + 2];
    if (i === 0 ? p !== NONE : p >= i) r.bad(i, `parent index ${p} is invalid`);
    if (end <= i || end > nodeCount || (i !== 0 && end > n[(p << 3) + 2])) r.bad(i, `subtree end ${end} is invalid`);
    if (i !== 0) {
      const pt = n[p << 3] & 0xff;
      if (pt !== 1 && pt !== 9 && pt !== 11) r.bad(i, 'parent cannot have children');
      if ((info & TEMPLATE_CONTENTS) !== 0 && (type !== 11 || pt !== 1 || p !== i - 1)) r.bad(i, 'misplaced template contents');
    }
    const prev = n[b + 3];
    if (prev !== NONE && (prev >= i || n[(prev << 3) + 1] !== p)) r.bad(i, `previous sibling ${prev} is invalid`);
    switch (type) {
      case 1:
        if (n[b + 4] >= nameCount) r.bad(i, `name id ${n[b + 4]} out of range`);
        if (n[b + 5] !== attrNext || n[b + 5] + n[b + 6] > attrCount) r.bad(i, 'attribute range is invalid');
        attrNext += n[b + 6];
        if (n[b + 7] !== NONE && (n[b + 7] <= i || n[b + 7] >= end)) r.bad(i, 'last child is invalid');
        break;
      case 9:
      case 11:
        if (n[b + 7] !== NONE && (n[b + 7] <= i || n[b + 7] >= end)) r.bad(i, 'last child is invalid');
        break;
      case 3:
      case 8:
      case 7:
        if (n[b + 5] + n[b + 6] > units) r.bad(i, 'data out of bounds');
        if (type === 7 && n[b + 4] >= nameCount) r.bad(i, `name id ${n[b + 4]} out of range`);
        if (end !== i + 1) r.bad(i, 'leaf with children');
        break;
      case 10:
        if (n[b + 4] >= nameCount) r.bad(i, `name id ${n[b + 4]} out of range`);
        if (n[b + 5] + n[b + 6] + n[b + 7] > units) r.bad(i, 'doctype identifier out of bounds');
        if (end !== i + 1) r.bad(i, 'leaf with children');
        break;
      default:
        r.bad(i, `unknown node type ${type}`);
    }
  }
  if (attrNext !== attrCount) throw new RangeError('decode: corrupt buffer: attribute records not covered by elements');
  if (n[2] !== nodeCount) r.bad(0, 'root subtree does not span all nodes');
}

function buildDom(r, options) {
  // Copies: the result must not reference the buffer (wasm memory is reused).
  // The strings are decoded once, straight from the buffer (no copy of the
  // code units is kept).
  const t = new Tree(r.n.slice(), r.a.slice(), null, r.names, r.flags, unitsToString(r.u16));
  if (r.sourceRefs) t.src = options.source;
  if (r.encoding !== null) t.encoding = r.encoding;
  if (r.nl !== null) {
    t.nl = r.nl.slice();
    t.al = r.al.slice();
    t.source = options && typeof options.source === 'string' ? options.source : undefined;
  }
  return t.node(0);
}

/**
 * Decode a tree buffer.
 * @param {ArrayBuffer|ArrayBufferView} buffer
 * @param {{ format?: 'dom'|'object', source?: string }} [options]
 *   format: 'dom' (default) or 'object' (parse5 shape);
 *   source: the parsed input, used for line/column of source locations.
 */
export function decode(buffer, options) {
  const format = options == null || options.format === undefined ? 'dom' : options.format;
  if (format !== 'dom' && format !== 'object') {
    throw new TypeError(`decode: options.format must be 'dom' or 'object', got ${JSON.stringify(format)}`);
  }
  return decodeChecked(alignedBytes(buffer), format, options, true);
}

/**
 * decode() of a buffer that the wasm module's writer (src/flatbuf.c) has
 * just produced (parse(), parseFragment()): the header is still checked,
 * the per-record validation pass is skipped.  Buffers from anywhere else go
 * through decode().
 * @param {Uint8Array} bytes 4-byte aligned view
 * @param {'dom'|'object'} format
 * @param {{ source?: string }} options
 */
export function decodeOwn(bytes, format, options) {
  return decodeChecked(bytes.byteOffset % 4 === 0 ? bytes : bytes.slice(), format, options, false);
}

function decodeChecked(bytes, format, options, check) {
  const f = readHeaderWords(bytes);
  if ((f.flags & FLAG_SOURCE_REFS) !== 0 && (check || typeof options?.source !== 'string')) {
    throw new RangeError('decode: the buffer refers to the text it was parsed from (SOURCE_REFS); such buffers are decoded only by parse() itself');
  }
  const r = makeReader(bytes, f);
  if (check) validate(r);
  if (format === 'dom') return buildDom(r, options);
  r.str = unitsToString(r.u16);
  return buildObject(r, options);
}

export { NONE };
