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

/**
 * Bytes as a Uint8Array over the same memory (no copy): an ArrayBuffer,
 * SharedArrayBuffer or any view; null for anything else.
 * @returns {Uint8Array|null}
 */
export function asBytes(v) {
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  if (typeof SharedArrayBuffer === 'function' && v instanceof SharedArrayBuffer) return new Uint8Array(v);
  return null;
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
