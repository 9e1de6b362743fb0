// Node entry point ("node" condition of package.json exports): the module
// initialises itself synchronously at import, so `await init()` is optional.
//
// Bundled (esbuild --platform=node, webpack for node, ...) the package's
// dist/html5.wasm may no longer be where import.meta.url says: then import
// still succeeds, and the first parse (or init()) looks again and throws an
// Error naming every place it looked and how to pass the wasm instead.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initNowOrOnFirstUse, initSync, load } from './loader.js';

export * from './api.js';

// Where html5.wasm may be, in order: the package's own copy (beside js/ in
// dist/); beside this file (a bundle with html5.wasm copied next to it);
// the html5-wasm package installed where the process runs.
function candidates() {
  const found = [];
  // The file name is a variable so that bundlers do not try to resolve or
  // emit it (webpack would fail on a missing ./html5.wasm).
  const beside = 'html5.wasm';
  for (const make of [
    () => fileURLToPath(new URL('../dist/html5.wasm', import.meta.url)),
    () => fileURLToPath(new URL(beside, import.meta.url)),
    // A CommonJS bundle has no import.meta.url but its own __filename.
    () => (typeof __filename === 'string' ? join(dirname(__filename), beside) : null),
    () => createRequire(join(process.cwd(), 'package.json')).resolve('html5-wasm/html5.wasm'),
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

/** The bytes of html5.wasm from the first place that has them, or an Error saying where it looked. */
function readWasm() {
  const tried = candidates();
  for (const path of tried) {
    try {
      return readFileSync(path);
    } catch {
      // next place
    }
  }
  throw new Error(
    `html5-wasm: html5.wasm was not found (looked in: ${tried.join(', ')}). ` +
    'When the library is bundled, copy node_modules/html5-wasm/dist/html5.wasm beside the bundle, or pass it before parsing: ' +
    "initSync(readFileSync('/path/to/html5.wasm')) or await init('/path/to/html5.wasm'); or import 'html5-wasm/inline' (the wasm embedded)");
}

const initFromFile = () => initSync(readWasm());
initNowOrOnFirstUse(initFromFile);

/** Load html5.wasm (already done at import when the file was found): from `source`, or else from the file. */
export function init(source) {
  return load(source, readWasm);
}
