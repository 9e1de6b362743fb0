// A ReadableStream of bytes cut in given chunk sizes, and back (HTMLRewriter's
// tests: test/js/unit/rewrite.test.js, test/js/differential/rewrite-workerd.test.js,
// test/js/lib/fuzz-rewrite.js).

/** A ReadableStream of copies of `bytes` cut in the sizes `sizes` gives (cycled, each at least 1). */
export function streamOf(bytes, sizes) {
  let at = 0;
  let k = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      const n = Math.max(1, sizes[k++ % sizes.length]);
      c.enqueue(bytes.slice(at, at + n));
      at += n;
    },
  });
}

/** Byte arrays joined into one. */
export function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Every chunk of a stream of bytes, joined. */
export async function readAll(stream) {
  const parts = [];
  for await (const c of stream) parts.push(c);
  return concat(parts);
}
