// Parse error reporting shared by tokenize() and parse(): error codes come
// from the wasm module's own table (h5w_error_name), read once.
let names = null;

export function errorNames(w) {
  if (names) return names;
  const count = w.h5w_error_count_codes();
  const mem = new Uint8Array(w.memory.buffer);
  names = new Array(count);
  for (let i = 0; i < count; i++) {
    let p = w.h5w_error_name(i), s = '';
    while (mem[p] !== 0) s += String.fromCharCode(mem[p++]);
    names[i] = s;
  }
  return names;
}

/** Call onParseError for each (code, offset, line, col) quadruple in wasm memory. */
export function reportErrors(w, onParseError) {
  const n = w.h5w_out_errors_len();
  if (n === 0) return;
  const table = errorNames(w);
  // Copy first: the callback may parse again and reuse the buffers.
  const e = new Uint32Array(w.memory.buffer, w.h5w_out_errors(), n).slice();
  for (let i = 0; i < n; i += 4) {
    onParseError({ code: table[e[i]], offset: e[i + 1], line: e[i + 2], col: e[i + 3] });
  }
}

/** Turn a non-zero h5_status from the module into the right exception. */
export function statusError(fn, status, len) {
  if (status === 1) {
    throw new RangeError(`${fn}(): out of memory: the input (${len} UTF-16 code units) is too large for the parser's memory; the parser is still usable`);
  }
  if (status === 3) {
    throw new RangeError(`${fn}(): input of ${len} UTF-16 code units is too large (the limit is 2^31)`);
  }
  throw new Error(`${fn}(): internal error (status ${status}) on input of length ${len}`);
}
