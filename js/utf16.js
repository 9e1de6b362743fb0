// UTF-16 text out of wasm memory: one decode per result, never one per node.
const decoder = typeof TextDecoder === 'function' ? new TextDecoder('utf-16le') : null;

/** Decode `units` UTF-16 code units at byte address `ptr` of `buffer`. */
export function decodeUtf16(buffer, ptr, units) {
  const u16 = new Uint16Array(buffer, ptr, units);
  // TextDecoder replaces lone surrogates with U+FFFD, but the parser keeps
  // them as the input had them; use it only when the data has none.
  if (decoder && units > 64 && !hasLoneSurrogate(u16)) return decoder.decode(u16);
  let out = '';
  for (let i = 0; i < units; i += 8192) {
    out += String.fromCharCode.apply(null, u16.subarray(i, Math.min(units, i + 8192)));
  }
  return out;
}

export function hasLoneSurrogate(u16) {
  for (let i = 0, n = u16.length; i < n; i++) {
    const c = u16[i];
    if ((c & 0xf800) === 0xd800) {
      if (c <= 0xdbff && i + 1 < n && (u16[i + 1] & 0xfc00) === 0xdc00) { i++; continue; }
      return true;
    }
  }
  return false;
}
