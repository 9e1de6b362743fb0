// UTF-16 code units ↔ string, exactly: lone surrogates and a leading U+FEFF
// are kept (the parser works on UTF-16 as JavaScript strings do).

// Node's (and Bun's) native Buffer copies UTF-16LE as is: fastest and exact.
const NodeBuffer =
  typeof globalThis.Buffer === 'function' && typeof globalThis.process === 'object' &&
  globalThis.process !== null && globalThis.process.versions != null && globalThis.process.versions.node
    ? globalThis.Buffer
    : null;
let decoder = null;

function fromCharCodes(u16) {
  const n = u16.length;
  if (n <= 8192) return String.fromCharCode.apply(null, u16);
  let s = '';
  for (let i = 0; i < n; i += 8192) s += String.fromCharCode.apply(null, u16.subarray(i, i + 8192));
  return s;
}

/**
 * The string of the code units in `u16` (a Uint16Array, little-endian host).
 * @param {Uint16Array} u16
 * @returns {string}
 */
export function unitsToString(u16) {
  const n = u16.length;
  if (n < 128) return n === 0 ? '' : String.fromCharCode.apply(null, u16);
  if (NodeBuffer !== null) return NodeBuffer.from(u16.buffer, u16.byteOffset, n * 2).toString('utf16le');
  if (typeof TextDecoder !== 'function') return fromCharCodes(u16);
  if (decoder === null) decoder = new TextDecoder('utf-16le', { ignoreBOM: true });
  // TextDecoder refuses views of shared memory in some engines.
  const s = decoder.decode(u16.buffer instanceof ArrayBuffer ? u16 : u16.slice());
  // TextDecoder replaces lone surrogates with U+FFFD; when one shows up,
  // take the exact path.
  return s.indexOf('\uFFFD') < 0 ? s : fromCharCodes(u16);
}

// A string section longer than this is decoded in pieces: a V8 string of
// up to 16 Ki code units (32 KB) is an ordinary young-generation object, a
// longer one a "large object" with its own memory mapping, whose
// allocation costs 10-20 times the copy (Node 20: the 23 M code units of
// the corpus's streamed trees in about 280 ms as one string per tree, 10 ms
// in pieces).  parse() trees take most of their text from the input string
// (SOURCE_REFS); streamed trees (js/stream/stream.js) have all of it here.
const PIECE_SHIFT = 14;
const PIECE_UNITS = 1 << PIECE_SHIFT; // 16384

/**
 * The text of a tree's string section, for `slice(start, end)` (0 <= start
 * <= end <= length, as String.prototype.slice): a string when the section
 * is short, else a PieceText.  Decoded at once: the section may be in the
 * module's memory, which the next call reuses.
 * @param {Uint16Array} u16
 * @returns {string | PieceText}
 */
export function sectionText(u16) {
  return u16.length <= PIECE_UNITS ? unitsToString(u16) : new PieceText(u16);
}

/**
 * A long text held as strings: of PIECE_UNITS code units each
 * (sectionText), or of any lengths (PieceText.of: the chunks a streamed
 * parse was written, js/stream/stream.js, whose tree slices its text from them as
 * parse()'s slices its input string).
 */
export class PieceText {
  constructor(u16) {
    const n = u16.length;
    const pieces = new Array(Math.ceil(n / PIECE_UNITS));
    for (let i = 0; i < pieces.length; i++) {
      pieces[i] = unitsToString(u16.subarray(i * PIECE_UNITS, Math.min(n, (i + 1) * PIECE_UNITS)));
    }
    this.init(pieces);
  }

  /**
   * The strings `pieces` (none empty) joined, without a copy.
   * @param {string[]} pieces
   * @returns {PieceText}
   */
  static of(pieces) {
    const t = Object.create(PieceText.prototype);
    t.init(pieces);
    return t;
  }

  init(pieces) {
    this.pieces = pieces;
    this.starts = new Array(pieces.length);
    let at = 0;
    for (let i = 0; i < pieces.length; i++) {
      this.starts[i] = at;
      at += pieces[i].length;
    }
    this.length = at;
  }

  /** The code units [start, end) as a string: a slice of one piece, or the pieces it spans joined. */
  slice(start, end) {
    if (end <= start) return '';
    const { pieces, starts } = this;
    let p = lastAtMost(starts, start);
    const last = pieces.length - 1;
    if (p === last || end <= starts[p + 1]) return pieces[p].slice(start - starts[p], end - starts[p]);
    let s = pieces[p].slice(start - starts[p]);
    for (p++; p < last && starts[p + 1] < end; p++) s += pieces[p];
    return s + pieces[p].slice(0, end - starts[p]);
  }

  /**
   * Drops the pieces that no range [offset, offset + length) of `spans`
   * (pairs, any order) overlaps: slices must then lie within the ranges.
   * @param {ArrayLike<number>} spans
   */
  keepOnly(spans) {
    const { pieces, starts } = this;
    const keep = new Uint8Array(pieces.length);
    for (let i = 0; i + 1 < spans.length; i += 2) {
      if (spans[i + 1] === 0) continue;
      const end = spans[i] + spans[i + 1];
      for (let p = lastAtMost(starts, spans[i]); p < pieces.length && starts[p] < end; p++) keep[p] = 1;
    }
    for (let p = 0; p < pieces.length; p++) if (keep[p] === 0) pieces[p] = '';
  }
}

/**
 * Write the code units of `s` into `buffer` at `byteOffset` (2 bytes per
 * unit, little-endian host; room for s.length units must be there).
 * @param {ArrayBuffer} buffer
 * @param {number} byteOffset even
 * @param {string} s
 */
export function writeUnits(buffer, byteOffset, s) {
  const n = s.length;
  if (NodeBuffer !== null && n > 64) {
    NodeBuffer.from(buffer, byteOffset, n * 2).write(s, 0, 'utf16le');
    return;
  }
  const u16 = new Uint16Array(buffer, byteOffset, n);
  for (let i = 0; i < n; i++) u16[i] = s.charCodeAt(i);
}

// Brand checks through the built-in getters (captured at load): they read
// internal slots, so a Proxy, an object that inherits from
// ArrayBuffer.prototype or one with its own `byteLength` is not taken for
// bytes, and no user code (getters, proxy traps) runs while they are read.
const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
const AB_LENGTH = getter(ArrayBuffer.prototype, 'byteLength');
const SAB_LENGTH = typeof SharedArrayBuffer === 'function' ? getter(SharedArrayBuffer.prototype, 'byteLength') : null;
const TYPED = Object.getPrototypeOf(Uint8Array.prototype);
const TA_BUFFER = getter(TYPED, 'buffer');
const TA_OFFSET = getter(TYPED, 'byteOffset');
const TA_LENGTH = getter(TYPED, 'byteLength');
// (Reads [[TypedArrayName]]: undefined, not a throw, for anything but a typed array.)
const TA_TAG = getter(TYPED, Symbol.toStringTag);
const DV_BUFFER = getter(DataView.prototype, 'buffer');
const DV_OFFSET = getter(DataView.prototype, 'byteOffset');
const DV_LENGTH = getter(DataView.prototype, 'byteLength');

function brand(f, v) {
  try {
    f.call(v);
    return true;
  } catch {
    return false;
  }
}

/** A real ArrayBuffer (not shared, not a proxy). */
export const isArrayBuffer = (v) => v !== null && typeof v === 'object' && brand(AB_LENGTH, v);
/** A real SharedArrayBuffer. */
export const isSharedArrayBuffer = (v) => SAB_LENGTH !== null && v !== null && typeof v === 'object' && brand(SAB_LENGTH, v);

// A detached ArrayBuffer: its length reads 0 and it cannot be viewed.
function isDetached(ab) {
  if (AB_LENGTH.call(ab) !== 0) return false;
  try {
    new Uint8Array(ab, 0, 0);
    return false;
  } catch {
    return true;
  }
}

/**
 * Bytes as a Uint8Array over the same memory (no copy): an ArrayBuffer,
 * SharedArrayBuffer, typed array of any kind or DataView; null for anything
 * else (proxies included).  `what` names the argument in the TypeError
 * thrown for a detached buffer.
 * @returns {Uint8Array|null}
 */
export function asBytes(v, what = 'the buffer') {
  if (v === null || typeof v !== 'object') return null;
  let buffer;
  let offset = 0;
  let length;
  if (ArrayBuffer.isView(v)) {
    // A view is a typed array or a DataView (told apart without a throw: they are common arguments).
    const dv = TA_TAG.call(v) === undefined;
    buffer = dv ? DV_BUFFER.call(v) : TA_BUFFER.call(v);
    offset = dv ? DV_OFFSET.call(v) : TA_OFFSET.call(v);
    length = dv ? DV_LENGTH.call(v) : TA_LENGTH.call(v);
  } else if (brand(AB_LENGTH, v) || isSharedArrayBuffer(v)) {
    buffer = v;
  } else {
    return null;
  }
  if (brand(AB_LENGTH, buffer) && isDetached(buffer)) {
    throw new TypeError(`${what} is a detached ArrayBuffer (transferred or released): its bytes are gone`);
  }
  return length === undefined ? new Uint8Array(buffer) : new Uint8Array(buffer, offset, length);
}

/**
 * `bytes`, or a private copy of them when other code could change them
 * while they are read: views of a SharedArrayBuffer (another thread) or of
 * `memory` (the wasm module's, which the next call into it may overwrite
 * or detach).
 * @param {Uint8Array} bytes
 * @param {ArrayBuffer} [memory]
 */
export function privateBytes(bytes, memory) {
  return bytes.buffer === memory || !isArrayBuffer(bytes.buffer) ? bytes.slice() : bytes;
}

/**
 * A copy of `bytes` in a new ArrayBuffer of exactly its length, owned by the
 * caller.  In Node the buffer is not zero-filled first (every byte is
 * overwritten): allocUnsafeSlow never hands out a slice of Node's pool.
 * @param {Uint8Array} bytes
 * @returns {ArrayBuffer}
 */
export function copyToNewBuffer(bytes) {
  if (NodeBuffer !== null) {
    const b = NodeBuffer.allocUnsafeSlow(bytes.length);
    b.set(bytes);
    return b.buffer;
  }
  return bytes.slice().buffer;
}

/** The last index k of the ascending array `sorted` (sorted[0] <= x) with sorted[k] <= x: binary search. */
export function lastAtMost(sorted, x) {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (sorted[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The byte arrays of `list` (`total` bytes) joined: the array itself when there is one. */
export function concatBytes(list, total) {
  if (list.length === 1) return list[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const b of list) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}
