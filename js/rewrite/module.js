// dist/rewrite.wasm, HTMLRewriter's own module (issue 33): the tokenizer and
// the rewrite sessions (wasm/exports.c, H5W_REWRITE_MODULE), no tree builder,
// loaded only by programs that rewrite; the rest of the package never pays
// for it.  Where it comes from: in Node and html5-wasm/inline the entry
// point's platform source gives its bytes on first use; Cloudflare Workers
// import it as a module (js/workerd.js); in browsers init() of the default
// entry loads it when the program contains the rewriter (companions), and
// initRewrite() / init() of html5-wasm/rewrite load it on their own.
import { WasmModule, companions } from '../core/loader.js';
import { rewriteUrl } from '../rewrite-url.js';

export const rewriteModule = new WasmModule('rewrite.wasm', 'h5w_rewrite_begin', 'initRewrite()');

/** The rewriter module's exports (loaded on first use where the platform allows it). */
export function getRewriteWasm() { return rewriteModule.get(); }

/** Load rewrite.wasm: from `source`, or else from dist/rewrite.wasm beside js/ (js/rewrite-url.js). */
export function initRewrite(source, options) {
  return rewriteModule.load(source, rewriteUrl, options);
}

/** Synchronous initialisation from the bytes of rewrite.wasm or its WebAssembly.Module. */
export function initRewriteSync(source, options) { rewriteModule.initSync(source, options, 'initRewriteSync'); }

// init() of an entry point with the whole API (js/index.js) loads rewrite.wasm
// too when the rewriter is part of the program (a failure there is thrown by
// the first transform(), which says how to load it).
companions.push(() => rewriteModule.loadQuietly(rewriteUrl));
