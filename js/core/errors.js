// Parse error reporting shared by tokenize() and parse(): error codes come
// from the wasm module's own table (h5w_error_name), read once; lines and
// columns from the string parsed (js/core/records.js, Locator).
import { ERROR_WORDS, STATUS_ERR_OOM, STATUS_ERR_TOO_LARGE } from './abi.js';
import { errorRecords } from './records.js';

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

/**
 * The errors the module recorded in the last call, copied out of its memory
 * (before any user code runs: a callback may parse again and reuse it):
 * [{ code, offset, line, col }], `source` being the string parsed.
 */
export function copyErrors(w, source) {
  const n = w.h5w_out_errors_len();
  if (n === 0) return [];
  const table = errorNames(w);
  const errors = errorRecords(new Uint32Array(w.memory.buffer, w.h5w_out_errors(), n), n / ERROR_WORDS, source);
  for (const e of errors) e.code = table[e.code];
  return errors;
}

/** Call onParseError({ code, line, col, offset }) for each of `errors` (copyErrors). */
export function reportErrors(onParseError, errors) {
  for (const e of errors) onParseError({ code: e.code, offset: e.offset, line: e.line, col: e.col });
}

/** Turn a non-zero h5_status from the module into the right exception. */
export function statusError(fn, status, len) {
  if (status === STATUS_ERR_OOM) {
    throw new RangeError(`${fn}(): out of memory: the input (${len} UTF-16 code units) is too large for the parser's memory; the parser is still usable`);
  }
  if (status === STATUS_ERR_TOO_LARGE) {
    throw new RangeError(`${fn}(): input of ${len} UTF-16 code units is too large (the limit is 2^31)`);
  }
  throw new Error(`${fn}(): internal error (status ${status}) on input of length ${len}`);
}
