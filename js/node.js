// Node entry point ("node" condition of package.json exports): the module
// initialises itself synchronously at import, so `await init()` is optional.
//
// Bundled (esbuild --platform=node, webpack for node, ...) the package's
// dist/html5.wasm may no longer be where import.meta.url says: then import
// still succeeds, and the first parse (or init()) looks again and throws an
// Error naming every place it looked and how to pass the wasm instead.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initNowOrOnFirstUse, initSync, load, setPlatformSource } from './core/loader.js';
import { installAll } from './api.js';

export * from './api.js';

installAll();

// Where a module (html5.wasm, xml5.wasm, rewrite.wasm) may be, in order: the package's own copy (beside js/ in
// dist/); beside this file (a bundle with html5.wasm copied next to it);
// the html5-wasm package installed where the process runs.
function candidates(file) {
  const found = [];
  // Paths, not `new URL('…', import.meta.url)`: bundlers treat that as a
  // dependency, and webpack for Node then fails on html5.wasm's imports
  // (Can't resolve 'env').
  const here = () => dirname(fileURLToPath(import.meta.url));
  const beside = file;
  for (const make of [
    () => join(here(), '..', 'dist', beside),
    () => join(here(), beside),
    // A CommonJS bundle has no import.meta.url but its own __filename.
    () => (typeof __filename === 'string' ? join(dirname(__filename), beside) : null),
    () => installedCopy(file),
  ]) {
    try {
      const path = make();
      if (path && !found.includes(path)) found.push(path);
    } catch {
      // import.meta.url is empty in a CommonJS bundle; the package may not be installed
    }
  }
  return found;
}

// node_modules/html5-wasm in the working directory or above it, as Node
// resolves packages (by hand: webpack would take a require.resolve() for a
// dependency of the bundle); the working directory's when there is none.
function installedCopy(file) {
  const at = (d) => join(d, 'node_modules', 'html5-wasm', 'dist', file);
  for (let d = process.cwd(); ; d = dirname(d)) {
    if (existsSync(at(d))) return at(d);
    if (dirname(d) === d) return at(process.cwd());
  }
}

/** The bytes of a module from the first place that has them, or an Error saying where it looked. */
function readWasm(file = 'html5.wasm') {
  const tried = candidates(file);
  let refused = null;
  for (const path of tried) {
    try {
      return readFileSync(path);
    } catch (e) {
      // next place; an error other than a missing file (Deno without
      // --allow-read: NotCapable) is the real cause, said below
      if (refused === null && e?.code !== 'ENOENT' && e?.code !== 'ENOTDIR') refused = e;
    }
  }
  const [sync, async] = { 'xml5.wasm': ['initXmlSync', 'initXml'], 'rewrite.wasm': ['initRewriteSync', 'initRewrite'] }[file] ?? ['initSync', 'init'];
  const alt = `${sync}(readFileSync('/path/to/${file}')) or await ${async}('/path/to/${file}')`;
  if (refused !== null) {
    throw new Error(`html5-wasm: ${file} could not be read (${refused.message}). ` +
      "In Deno, import 'html5-wasm' resolves to the embedded build, which reads no file (README, Runtimes); " +
      `or grant read access, or pass the module before parsing: ${alt}`, { cause: refused });
  }
  throw new Error(
    `html5-wasm: ${file} was not found (looked in: ${tried.join(', ')}). ` +
    `When the library is bundled, copy node_modules/html5-wasm/dist/${file} beside the bundle, or pass it before parsing: ` +
    `${alt}; or import 'html5-wasm/inline' (the wasm embedded)`);
}

const initFromFile = () => initSync(readWasm());
initNowOrOnFirstUse(initFromFile);
// xml5.wasm (and html5.wasm after a failed first try) is read on first use.
setPlatformSource(readWasm);

/** Load html5.wasm (already done at import when the file was found): from `source`, or else from the file. */
export function init(source, options) {
  return load(source, readWasm, options);
}
