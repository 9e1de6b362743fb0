// html5-wasm/rewrite: HTMLRewriter, Cloudflare Workers' streaming rewriter
// API (docs/rewriter.md), with its own module dist/rewrite.wasm (the
// tokenizer, no tree builder); no DOM, no XML.  In Node, Deno and Bun the
// module loads on first use; in browsers `await init()`.
import { besidePackageSource, setPlatformSource } from '../core/loader.js';

export { HTMLRewriter } from '../rewrite/index.js';
export { initRewrite as init, initRewriteSync as initSync } from '../rewrite/module.js';

// In Node the module loads on first use from the package's dist/ (no init() needed).
setPlatformSource(besidePackageSource, true);
