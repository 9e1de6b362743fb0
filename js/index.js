// html5-wasm: a WHATWG-exact HTML parser compiled to WebAssembly.
// Browser / worker / bundler entry point; Node uses js/node.js, which
// initialises itself at import, and js/inline.js has the wasm embedded.
import { load } from './loader.js';

export * from './api.js';

/**
 * Load html5.wasm: from `source`, or else from `../dist/html5.wasm`
 * beside this file.  Written as `new URL('…', import.meta.url)` so that
 * Vite, webpack 5 and Rollup (with an assets plugin) emit the file and
 * rewrite the URL (README, Bundlers).
 */
export function init(source, options) {
  return load(source, () => new URL('../dist/html5.wasm', import.meta.url), options);
}
