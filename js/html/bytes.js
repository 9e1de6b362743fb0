// Byte input (spec 13.2.3 "The input byte stream"): the encoding sniffing
// algorithm runs in the C core (src/encoding/encoding.c: BOM, the transport layer's
// encoding, the <meta> prescan of the first 1024 bytes, the default); the
// bytes are decoded with the platform's TextDecoder (one call per document);
// and a <meta> that declares another encoding while the confidence is
// tentative makes parse() decode and parse again (13.2.3.4).
import {
  SNIFF_BOM_MASK, SNIFF_BOM_SHIFT, SNIFF_CONFIDENCE_MASK, SNIFF_CONFIDENCE_SHIFT, SNIFF_ENCODING_MASK,
  SNIFF_ENCODING_SHIFT, SNIFF_PRESCAN_BYTES, SNIFF_SOURCE_DEFAULT, SNIFF_SOURCE_SHIFT,
} from '../core/abi.js';
import { CONFIDENCE_NAMES, ENCODING_NAMES, WINDOWS_1252_80 } from '../core/encodings.js';
import { getWasm, writeInput } from '../core/loader.js';
import { describe, checkOptions, isBoolean, isString } from '../core/options.js';
import { asBytes, privateBytes, unitsToString } from '../core/text.js';

/** The options of byte input (parse(), parseToBuffer(), sniffEncoding()). */
export const BYTES_OPTIONS = { encoding: isString, defaultEncoding: isString, detectUtf8: isBoolean };

export const TENTATIVE = 1;
export const CERTAIN = 2;

/**
 * null for a string, else the bytes of `input` (any typed array, DataView,
 * ArrayBuffer or SharedArrayBuffer; anything else, proxies included, is a
 * TypeError naming the argument), private: a view of shared memory or of
 * the module's own memory is copied, since they are read more than once
 * with calls into the module in between.
 */
export function checkInputOrBytes(fn, input, what = 'input', memoryOf = getWasm) {
  if (typeof input === 'string') return null;
  const bytes = asBytes(input, `${fn}(${what}): the ${what}`);
  if (bytes === null) {
    const wanted = what === 'input' ? 'a string, or bytes' : 'bytes';
    throw new TypeError(`${fn}(${what}): ${what} must be ${wanted} (Uint8Array, ArrayBuffer); got ${describe(input)}`);
  }
  return privateBytes(bytes, memoryOf().memory.buffer);
}

/** Encoding Standard "get an encoding": the encoding id of `label`, 0 if none. */
export function encodingOf(w, label) {
  writeInput(w, label);
  return w.h5w_get_encoding(label.length);
}

/**
 * Ids of the `encoding` (transport layer / user choice) and
 * `defaultEncoding` options.  An unknown transport label is ignored, as
 * 13.2.3.2 says ("if the transport layer specifies a character encoding,
 * and it is supported"): it usually comes from a server's Content-Type.  An
 * unknown default is the caller's own mistake: a RangeError.
 */
export function encodingOptions(fn, w, o) {
  const transport = o.encoding !== undefined ? encodingOf(w, o.encoding) : 0;
  let fallback = 0;
  if (o.defaultEncoding !== undefined) {
    fallback = encodingOf(w, o.defaultEncoding);
    if (fallback === 0) {
      throw new RangeError(`${fn}(): option 'defaultEncoding' is not an encoding label of the Encoding Standard; got ${describe(o.defaultEncoding)}`);
    }
  }
  return [transport, fallback];
}

export const UTF_8 = 1;
let utf8Fatal = null;

/**
 * The encoding sniffing algorithm over the first bytes of a document (the
 * prescan needs at most SNIFF_PRESCAN_BYTES): { id, confidence, bom,
 * undecided }, all but the UTF-8 detection, which needs every byte
 * (`undecided`: nothing decided, the detection may still apply).
 */
export function sniffPrefix(w, bytes, transport, fallback) {
  const n = Math.min(bytes.length, SNIFF_PRESCAN_BYTES);
  const ptr = w.h5w_input((n + 1) >>> 1);
  if (ptr === 0) throw new RangeError('the parser is out of memory');
  new Uint8Array(w.memory.buffer, ptr, n).set(bytes.subarray(0, n));
  const r = w.h5w_sniff(n, transport, fallback);
  return {
    id: (r >>> SNIFF_ENCODING_SHIFT) & SNIFF_ENCODING_MASK,
    confidence: (r >>> SNIFF_CONFIDENCE_SHIFT) & SNIFF_CONFIDENCE_MASK,
    bom: (r >>> SNIFF_BOM_SHIFT) & SNIFF_BOM_MASK,
    undecided: r >>> SNIFF_SOURCE_SHIFT === SNIFF_SOURCE_DEFAULT,
  };
}

/**
 * The UTF-8 detection (13.2.3.2, optional step): the decoding of `bytes`
 * when they are non-ASCII and all valid UTF-8 (fewer code units than
 * bytes), else null.  TextDecoder validates and decodes in one step.
 */
export function detectUtf8(bytes) {
  utf8Fatal ??= new TextDecoder('utf-8', { fatal: true });
  try {
    const text = utf8Fatal.decode(shareable(bytes));
    return text.length < bytes.length ? text : null;
  } catch {
    return null; // not UTF-8: the default stays
  }
}

/**
 * The encoding sniffing algorithm: { id, confidence, bom, text }.  The
 * wasm core does all but the UTF-8 detection; `text` is the decoding when
 * that chose UTF-8.
 */
function sniff(w, bytes, transport, fallback, detect) {
  const s = sniffPrefix(w, bytes, transport, fallback);
  s.text = s.undecided && detect !== false ? detectUtf8(bytes) : null;
  if (s.text !== null) s.id = UTF_8;
  return s;
}

// TextDecoder refuses views of shared memory in some engines (as in text.js).
const shareable = (bytes) => (bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice());

const decoders = new Map();

/** A single-byte decoding: byte b < 0x80 is U+00bb, others high[b - 0x80]. */
function decodeByTable(bytes, high) {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    units[i] = b < 0x80 ? b : high[b - 0x80];
  }
  return unitsToString(units);
}

let windows1252 = null;
let xUserDefined = null;

/** The table of a single-byte encoding the library decodes itself, else null. */
function byteTable(name) {
  if (name === 'x-user-defined') return (xUserDefined ??= Array.from({ length: 128 }, (_, i) => 0xf780 + i));
  if (name === 'windows-1252') return (windows1252 ??= [...WINDOWS_1252_80, ...Array.from({ length: 96 }, (_, i) => 0xa0 + i)]);
  return null;
}

/** The platform's TextDecoder for `name` (one per encoding, kept), or a RangeError. */
function platformDecoder(fn, name) {
  let d = decoders.get(name);
  if (d === undefined) {
    d = newTextDecoder(fn, name);
    decoders.set(name, d);
  }
  return d;
}

function newTextDecoder(fn, name) {
  try {
    return new TextDecoder(name);
  } catch {
    throw new RangeError(
      `${fn}(): the document's encoding is ${name}, which this platform's TextDecoder does not support; ` +
        'decode the bytes some other way and pass a string',
    );
  }
}

/**
 * Encoding Standard "decode" of `bytes` with encoding `id` (a BOM wins and
 * is removed; errors become U+FFFD), by the platform's TextDecoder, which
 * implements the Encoding Standard.  Done here: the two encodings that
 * TextDecoder does not offer by design, and windows-1252 (the default
 * encoding), which some TextDecoders decode as ISO-8859-1 (Node 20 maps
 * bytes 0x80-0x9F to U+0080-U+009F).
 */
export function decodeBytes(fn, id, bytes) {
  const name = ENCODING_NAMES[id];
  if (name === 'replacement') return bytes.length === 0 ? '' : '\uFFFD';
  const table = byteTable(name);
  if (table !== null) {
    // Every encoding gives at most one code unit per byte.
    checkLength(fn, name, bytes.length);
    return decodeByTable(bytes, table);
  }
  const d = platformDecoder(fn, name);
  let text;
  try {
    text = d.decode(shareable(bytes));
  } catch (e) {
    // The engine's own limit on string length (V8: 2^29 - 24 code units).
    if (bytes.length > maxLength) checkLength(fn, name, Infinity);
    throw e;
  }
  checkLength(fn, name, text.length);
  return text;
}

/**
 * An incremental decoder for encoding `id` (streaming): decode(bytes)
 * gives the text of the bytes so far that is complete (a multi-byte
 * sequence split between chunks waits for the next), end() the rest.  The
 * chunks' texts joined equal decodeBytes() of the bytes joined.
 */
export function createDecoder(fn, id) {
  const name = ENCODING_NAMES[id];
  if (name === 'replacement') {
    // The whole input decodes to one U+FFFD (none when empty).
    let done = false;
    return {
      decode(bytes) {
        if (done || bytes.length === 0) return '';
        done = true;
        return '\uFFFD';
      },
      end: () => '',
    };
  }
  const table = byteTable(name);
  if (table !== null) return { decode: (bytes) => decodeByTable(bytes, table), end: () => '' };
  const d = newTextDecoder(fn, name);
  return {
    decode: (bytes) => d.decode(shareable(bytes), { stream: true }),
    end: () => d.decode(),
  };
}

// The longest string the platform makes (V8's limit, 2^29 - 24 code units);
// tests lower it (setMaxStringLengthForTesting).
const MAX_STRING_LENGTH = (1 << 29) - 24;
let maxLength = MAX_STRING_LENGTH;

function checkLength(fn, name, length) {
  if (length > maxLength) {
    throw new RangeError(
      `${fn}(): the bytes decode (${name}) to ${length === Infinity ? 'more' : length} UTF-16 code units${length === Infinity ? ' than' : ', over'} ` +
        `the longest string JavaScript can hold (${maxLength})`,
    );
  }
}

/** Test hook: the longest decoded document (code units); no argument restores the platform's limit. */
export function setMaxStringLengthForTesting(n = MAX_STRING_LENGTH) {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`setMaxStringLengthForTesting(n): n must be a non-negative integer; got ${describe(n)}`);
  maxLength = n;
}

/**
 * Sniff, decode and parse bytes: `run(html, encodingId, confidence)` parses
 * a decoding; when a <meta> declared another encoding while the confidence
 * was tentative, decode with it and run again (confidence certain).
 * Returns run's result and the string parsed.
 */
export function parseBytes(fn, bytes, o, run) {
  const w = getWasm();
  const [transport, fallback] = encodingOptions(fn, w, o);
  const s = sniff(w, bytes, transport, fallback, o.detectUtf8);
  if (s.text !== null) checkLength(fn, 'UTF-8', s.text.length);
  let html = s.text ?? decodeBytes(fn, s.id, bytes);
  let result = run(html, s.id, s.confidence);
  if (s.confidence === TENTATIVE) {
    const change = w.h5w_encoding_change();
    if (change !== 0) {
      html = decodeBytes(fn, change, bytes);
      result = run(html, change, CERTAIN);
    }
  }
  return { result, html };
}

/**
 * The encoding sniffing algorithm (spec 13.2.3.2) alone: the encoding a
 * browser starts decoding `bytes` with, before parsing.  (A <meta> after
 * the first 1024 bytes can still change it: parse() does that.)
 * @param {Uint8Array|ArrayBuffer} bytes
 * @param {{ encoding?: string, defaultEncoding?: string, detectUtf8?: boolean }} [options]
 * @returns {{ encoding: string, confidence: 'tentative'|'certain', bomLength: number }}
 */
export function sniffEncoding(bytes, options) {
  if (typeof bytes === 'string') throw new TypeError('sniffEncoding(bytes): bytes must be a Uint8Array or ArrayBuffer; got a string');
  const o = checkOptions('sniffEncoding', options, BYTES_OPTIONS);
  const u8 = checkInputOrBytes('sniffEncoding', bytes, 'bytes');
  const w = getWasm();
  const [transport, fallback] = encodingOptions('sniffEncoding', w, o);
  const s = sniff(w, u8, transport, fallback, o.detectUtf8);
  return { encoding: ENCODING_NAMES[s.id], confidence: CONFIDENCE_NAMES[s.confidence], bomLength: s.bom };
}
