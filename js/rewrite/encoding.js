// The document encoding of a transform: how HTMLRewriter decodes what its
// handlers read and encodes what they insert.  As lol-html, it takes the
// ASCII-compatible encodings of the Encoding Standard (every one but
// UTF-16BE/LE, ISO-2022-JP and replacement): in them markup is ASCII, so the
// tokenizer reads the bytes themselves (js/rewrite/engine.js).
import { createDecoder } from '../html/bytes.js';
import { ENCODING_NAMES } from '../core/encodings.js';

const NOT_ASCII_COMPATIBLE = new Set(['UTF-16BE', 'UTF-16LE', 'ISO-2022-JP', 'replacement']);

const MULTI_BYTE = new Set(['GBK', 'gb18030', 'Big5', 'EUC-JP', 'Shift_JIS', 'EUC-KR']);
const utf8Encoder = typeof TextEncoder === 'function' ? new TextEncoder() : null;

/** Short ASCII bytes (a tag name, a short value) as a string without a decoder call, or null. */
function ascii(bytes) {
  const n = bytes.length;
  if (n > 16) return null;
  let s = '';
  for (let i = 0; i < n; i++) {
    const c = bytes[i];
    if (c >= 0x80) return null;
    s += String.fromCharCode(c);
  }
  return s;
}

/**
 * An encoder for a legacy single-byte encoding: the inverse of its decoding
 * of 0x80-0xFF; what it cannot encode is written as a numeric character
 * reference, as encoding_rs (lol-html) does for HTML.  Multi-byte legacy
 * encodings: ASCII as is, the rest as references (docs/rewriter.md).
 */
function legacyEncoder(fn, id) {
  const inverse = new Map();
  const d = createDecoder(fn, id);
  const high = d.decode(Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i)) + d.end();
  if (high.length === 128) for (let i = 0; i < 128; i++) if (high.charCodeAt(i) !== 0xfffd) inverse.set(high.codePointAt(i), 0x80 + i);
  const single = high.length === 128 && !MULTI_BYTE.has(ENCODING_NAMES[id]);
  return (str) => {
    const out = [];
    for (const ch of str) {
      const cp = ch.codePointAt(0);
      if (cp < 0x80) out.push(cp);
      else if (single && inverse.has(cp)) out.push(inverse.get(cp));
      else for (const c of `&#${cp};`) out.push(c.charCodeAt(0));
    }
    return Uint8Array.from(out);
  };
}

/** UTF-8: the end of the last whole character in buf[a, b) (a lead byte whose sequence b cuts starts the rest). */
function utf8Boundary(buf, a, b) {
  for (let p = b - 1; p >= a && p >= b - 4; p--) {
    const c = buf[p];
    if ((c & 0xc0) === 0x80) continue;
    const n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    return p + n > b ? p : b;
  }
  return b;
}

/** A legacy multi-byte encoding: after the last byte below 0x40 (never part of a multi-byte character). */
function legacyBoundary(buf, a, b) {
  for (let p = b - 1; p >= a; p--) if (buf[p] < 0x40) return p + 1;
  return a;
}

// The runtime's own UTF-8 decoder of a range of bytes (Node's and Bun's Buffer.prototype.utf8Slice), where it
// decodes as TextDecoder does: checked once, on every range of bytes that the Encoding Standard's UTF-8 decoder
// treats specially (invalid, overlong, surrogate, cut and out-of-range sequences, a BOM), so that a stand-in (a
// browser's Buffer polyfill) that differs is not used.  It takes about half the time of
// TextDecoder.decode(subarray) on a URL (Node 20: 7% of the rewriter's time on a page of links).
const UTF8_PROBE = [0x41, 0xef, 0xbb, 0xbf, 0xc0, 0x80, 0xe0, 0x80, 0xed, 0xa0, 0x80, 0xf0, 0x90, 0x80, 0xf4, 0x90, 0x80, 0x80,
  0xc3, 0xa9, 0xe2, 0x82, 0xf0, 0x9f, 0x98, 0x80, 0xf8, 0xff, 0xe1, 0x80, 0x41];
let nativeUtf8Slice;
function utf8Slicer() {
  if (nativeUtf8Slice !== undefined) return nativeUtf8Slice;
  nativeUtf8Slice = null;
  const f = globalThis.Buffer?.prototype?.utf8Slice;
  if (typeof f !== 'function' || typeof TextDecoder !== 'function') return null;
  try {
    const probe = Uint8Array.from(UTF8_PROBE);
    const d = new TextDecoder('utf-8', { ignoreBOM: true });
    for (let a = 0; a < probe.length; a++) for (let b = a; b <= probe.length; b++) if (f.call(probe, a, b) !== d.decode(probe.subarray(a, b))) return null;
    nativeUtf8Slice = f;
  } catch {
    // (not this runtime's decoder after all)
  }
  return nativeUtf8Slice;
}

/**
 * { id, name, decode(bytes), slice(buf, a, b) (decodes buf[a, b)), boundary(buf, a, b), encode(string), encodeInto
 * (UTF-8) } of encoding `id`.
 */
export function encodingFor(fn, id) {
  const name = ENCODING_NAMES[id];
  if (NOT_ASCII_COMPATIBLE.has(name)) {
    throw new TypeError(`${fn}: the document's encoding ${name} is not ASCII-compatible; HTMLRewriter takes UTF-8 and the other ASCII-compatible encodings`);
  }
  // UTF-8: a U+FEFF is text here, not a byte order mark (the caller's bytes are the document's middle as often as its start).
  const utf8 = id === 1 ? new TextDecoder('utf-8', { ignoreBOM: true }) : null;
  const oneShot = utf8 === null ? createDecoder(fn, id) : null;
  const decode = utf8 !== null ? (bytes) => ascii(bytes) ?? utf8.decode(bytes) : (bytes) => ascii(bytes) ?? oneShot.decode(bytes) + oneShot.end();
  const encode = id === 1 ? (s) => utf8Encoder.encode(s) : legacyEncoder(fn, id);
  const multiByte = MULTI_BYTE.has(name);
  const boundary = id === 1 ? utf8Boundary : multiByte ? legacyBoundary : (buf, a, b) => b;
  const encodeInto = id === 1 ? (str, into) => utf8Encoder.encodeInto(str, into) : null;
  const native = id === 1 ? utf8Slicer() : null;
  const slice = native !== null ? (buf, a, b) => native.call(buf, a, b) : (buf, a, b) => decode(buf.subarray(a, b));
  return { id, name, decode, slice, boundary, encode, encodeInto };
}
