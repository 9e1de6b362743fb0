// A ReadableStream of bytes cut in given chunk sizes (HTMLRewriter's tests:
// test/js/unit/rewrite.test.js, test/js/differential/rewrite-workerd.test.js).

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
