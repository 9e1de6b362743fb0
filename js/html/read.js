// readHeader(), readErrors(): what a flat buffer (docs/format.md) says of
// itself, read without decoding its tree: for workers and servers that pass
// buffers on, without the DOM.
import { FLAG_HAS_ERRORS, FLAG_HAS_LOCATIONS, FLAG_ROOT_MASK, FLAG_SCRIPTING, FORMAT_VERSION, H_ATTR_COUNT, H_ERROR_COUNT, H_FLAGS, H_NODE_COUNT, H_TOTAL_BYTES, ROOT_KIND_NAMES } from '../core/abi.js';
import { checkOptions, isString } from '../core/options.js';
import { bufferErrors, checkedReader, encodingOf, modeOf } from '../core/records.js';

const isStringArray = (v) => (Array.isArray(v) ? null : 'must be an array of names');
const HEADER_OPTIONS = { source: isString };
const ERRORS_OPTIONS = { source: isString, names: isStringArray };

/**
 * Header information without decoding the tree; the buffer is checked as
 * decode() checks it (a buffer decode() refuses is refused here too).
 * @param {ArrayBuffer|ArrayBufferView} buffer
 * @param {{ source?: string }} [options] the string parsed: offsets must lie within it
 */
export function readHeader(buffer, options) {
  const o = checkOptions('readHeader', options, HEADER_OPTIONS);
  const { h } = checkedReader('readHeader', buffer, o.source);
  const flags = h[H_FLAGS];
  const [encoding, confidence] = encodingOf(h);
  return {
    version: FORMAT_VERSION,
    root: ROOT_KIND_NAMES[flags & FLAG_ROOT_MASK],
    mode: modeOf(flags),
    scripting: (flags & FLAG_SCRIPTING) !== 0,
    hasLocations: (flags & FLAG_HAS_LOCATIONS) !== 0,
    hasErrors: (flags & FLAG_HAS_ERRORS) !== 0,
    encoding,
    confidence,
    nodeCount: h[H_NODE_COUNT],
    attributeCount: h[H_ATTR_COUNT],
    errorCount: h[H_ERROR_COUNT],
    byteLength: h[H_TOTAL_BYTES],
  };
}

/**
 * The parse errors recorded in the buffer: [{ code, offset }] (+ line, col
 * when `source` is given; + name when `names[code]` is).  [] when the buffer
 * has no error section.  The buffer is checked as decode() checks it.
 * @param {ArrayBuffer|ArrayBufferView} buffer
 * @param {{ source?: string, names?: readonly string[] }} [options]
 */
export function readErrors(buffer, options) {
  const o = checkOptions('readErrors', options, ERRORS_OPTIONS);
  const { bytes, h } = checkedReader('readErrors', buffer, o.source);
  const errors = bufferErrors(bytes, h, o.source);
  const names = o.names;
  if (names !== undefined) for (const e of errors) e.name = names[e.code];
  return errors;
}
