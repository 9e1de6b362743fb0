// Where rewrite.wasm is by default: dist/rewrite.wasm beside js/ (as
// js/xml5-url.js says for xml5.wasm: at this depth so that the bundles in
// dist/ and js/ name the same file, and bundlers emit it only when the
// rewriter, js/rewrite/module.js, is part of the program).
export const rewriteUrl = () => new URL('../dist/rewrite.wasm', import.meta.url);
