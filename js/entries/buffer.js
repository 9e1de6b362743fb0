// html5-wasm/buffer: parse to the flat buffer (docs/format.md) and nothing
// else: for a worker that parses and posts buffers to a page that decodes
// them (html5-wasm/decode), or a server that stores or forwards them.  No
// DOM, no XML, no streaming (README, "What each entry costs").
import { besidePackageSource, load, setPlatformSource } from '../core/loader.js';

export { initSync, isReady, memoryUsage, releaseMemory } from '../core/loader.js';
export { parseToBuffer, parseToView } from '../html/parse.js';
export { tokenize } from '../html/tokenize.js';
export { sniffEncoding } from '../html/bytes.js';
export { serializeBuffer } from '../html/serialize.js';
export { readErrors, readHeader } from '../html/read.js';

// In Node the modules load on first use from the package's dist/ (no init() needed).
setPlatformSource(besidePackageSource, true);

/**
 * Load html5.wasm: from `source`, or else from `../../dist/html5.wasm`
 * beside this file (the pattern bundlers recognise).  In Node the first call
 * reads it there by itself.
 */
export function init(source, options) {
  return load(source, () => new URL('../../dist/html5.wasm', import.meta.url), options);
}
