// html5-wasm: a WHATWG-exact HTML parser compiled to WebAssembly.
// Browser / worker / bundler entry point with the whole API; Node uses
// js/node.js, which initialises itself at import, js/inline.js has the wasm
// embedded, js/workerd.js is Cloudflare Workers'.  Narrower entry points:
// js/entries/.  Bundlers take these ES modules and drop what a program does
// not use (package.json "sideEffects" names only the entry points).
import { companions, load } from './core/loader.js';

export * from './api.js';

// Nothing is installed here: decode() and parse() install the DOM's members
// and the fragment parser on first use, so that a program that only parses
// to buffers carries no DOM (README, "What each entry costs").

/**
 * Load html5.wasm: from `source`, or else from `../dist/html5.wasm`
 * beside this file.  Written as `new URL('…', import.meta.url)` so that
 * Vite, webpack 5 and Rollup (with an assets plugin) emit the file and
 * rewrite the URL (README, Bundlers).  With no source, and when the program
 * contains the XML API, xml5.wasm loads from beside it too
 * (js/xml/module.js), and init() resolves once both are ready; a failure
 * there fails only the XML calls, which say so.  With a source, XML is
 * loaded by initXml(source) (the esbuild recipe: README, Bundlers).
 */
export function init(source, options) {
  const html = load(source, () => new URL('../dist/html5.wasm', import.meta.url), options);
  if (companions.length === 0 || (source !== undefined && source !== null)) return html;
  return Promise.all([html, ...companions.map((start) => start())]).then(() => undefined);
}
