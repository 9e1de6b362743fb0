// Where xml5.wasm is by default: dist/xml5.wasm beside js/.  A module of its
// own, at this depth, because the bundles made of js/ (dist/*.min.js,
// js/node.bundle.js) sit one folder deep too, so `new URL('../dist/…',
// import.meta.url)` names the same file from all of them; and bundlers see
// the pattern and emit xml5.wasm only when this module (imported by
// js/xml/module.js alone) is part of the program.
export const xml5Url = () => new URL('../dist/xml5.wasm', import.meta.url);
