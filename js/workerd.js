// Cloudflare Workers entry point (the "workerd" condition of package.json
// exports, which wrangler and workerd resolve): workerd compiles WebAssembly
// only from modules it loads, and a worker has no file system nor a URL of
// its own, so the modules are imported as modules (wrangler bundles them
// as WebAssembly.Module values) and instantiated on first use: no init()
// call is needed (init() is there, and resolves at once).
import htmlWasm from '../dist/html5.wasm';
import xmlWasm from '../dist/xml5.wasm';
import rewriteWasm from '../dist/rewrite.wasm';
import { load, setPlatformSource } from './core/loader.js';
import { installAll } from './api.js';

export * from './api.js';

installAll();
const MODULES = { 'html5.wasm': htmlWasm, 'xml5.wasm': xmlWasm, 'rewrite.wasm': rewriteWasm };
setPlatformSource((file) => MODULES[file]);

/** Instantiate html5.wasm (done on first use anyway); `source` overrides the imported module. */
export function init(source, options) {
  return load(source, () => htmlWasm, options);
}
