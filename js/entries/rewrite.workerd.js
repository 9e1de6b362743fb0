// html5-wasm/rewrite in Cloudflare Workers (the "workerd" condition of its
// export, which wrangler and workerd resolve): as js/workerd.js does for the
// default entry, rewrite.wasm is imported as a module (wrangler bundles it as
// a WebAssembly.Module; a worker has no file system nor a URL of its own to
// fetch it from) and instantiated on first use, and only it: a worker that
// rewrites carries neither html5.wasm nor xml5.wasm.
import rewriteWasm from '../../dist/rewrite.wasm';
import { setPlatformSource } from '../core/loader.js';

export * from './rewrite.js';

// (Set after ./rewrite.js's fallback, which it replaces.)
setPlatformSource((file) => (file === 'rewrite.wasm' ? rewriteWasm : null));
