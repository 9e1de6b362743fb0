// html5-wasm/inline: the same API with html5.wasm, xml5.wasm and rewrite.wasm embedded (base64 in the
// generated js/inline-wasm.js), for single-file bundles and runtimes
// without file access or a URL to fetch from.  It initialises at import
// where the platform compiles WebAssembly synchronously (Node, Deno, Bun,
// web workers); a browser's main thread compiles at most 4 KB that way,
// so there `await init()` (no argument needed) compiles it asynchronously.
import { initNowOrOnFirstUse, initSync, load, setPlatformSource } from './core/loader.js';
import { installAll } from './api.js';
import WASM_BASE64, { REWRITE_WASM, XML5_WASM } from './inline-wasm.js';

export * from './api.js';

installAll();

function fromBase64(text) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
  const s = atob(text);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

let bytes = null;
function wasmBytes() {
  if (bytes === null) bytes = fromBase64(WASM_BASE64);
  return bytes;
}
// xml5.wasm and rewrite.wasm are decoded and compiled on their first use.
const EMBEDDED = { 'xml5.wasm': XML5_WASM, 'rewrite.wasm': REWRITE_WASM };
setPlatformSource((file) => (file === 'html5.wasm' ? wasmBytes() : fromBase64(EMBEDDED[file])));

const initInline = () => {
  try {
    initSync(wasmBytes());
  } catch (e) {
    throw new Error('html5-wasm/inline: this platform does not compile WebAssembly synchronously here ' +
      "(a browser's main thread): call `await init()` before parsing", { cause: e });
  }
};
initNowOrOnFirstUse(initInline);

/** Compile the embedded html5.wasm (already done at import where possible); `source` overrides it. */
export function init(source, options) {
  return load(source, wasmBytes, options);
}
