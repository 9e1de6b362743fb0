// html5-wasm/rewrite: HTMLRewriter, Cloudflare Workers' streaming rewriter
// API (docs/rewriter.md), on html5.wasm's tokenizer; no DOM, no XML.  In
// Node, Deno and Bun html5.wasm loads on first use; in browsers `await init()`.
import { besidePackageSource, load, setPlatformSource } from '../core/loader.js';

export { initSync, isReady } from '../core/loader.js';
export { HTMLRewriter } from '../rewrite/index.js';

// In Node the module loads on first use from the package's dist/ (no init() needed).
setPlatformSource(besidePackageSource, true);

/** Load html5.wasm: from `source`, or else from beside this file; in Node the first call reads it by itself. */
export function init(source, options) {
  return load(source, () => new URL('../../dist/html5.wasm', import.meta.url), options);
}
