// HTMLRewriter outside Node (docs/rewriter.md, "Everywhere"): the same code
// in Deno, Bun, a browser page and a web worker.  Run from the repository:
//   deno run --allow-read examples/rewrite/recipe.mjs
//   bun examples/rewrite/recipe.mjs
// In a browser or worker, `await init()` fetches the modules beside js/ (the
// rewriter's own, dist/rewrite.wasm, among them); `initRewrite()` fetches only it.
import { HTMLRewriter, initRewrite } from '../../js/index.js';

export async function rewriteExample() {
  const res = new HTMLRewriter()
    .on('a[href^="http:"]', { element(a) { a.setAttribute('href', 'https:' + a.getAttribute('href').slice(5)); a.setAttribute('rel', 'noopener'); } })
    .on('script', { element(s) { s.remove(); } })
    .transform(new Response('<p><a href="http://example.com">x</a><script>t()</script></p>', { headers: { 'content-type': 'text/html; charset=utf-8' } }));
  return res.text();
}

// Deno and Bun: the wasm read from disk (a browser passes nothing: initRewrite() fetches it).
if (typeof Deno !== 'undefined' || typeof Bun !== 'undefined') {
  const { readFile } = await import('node:fs/promises');
  await initRewrite(await readFile(new URL('../../dist/rewrite.wasm', import.meta.url)));
  console.log(await rewriteExample());
}
