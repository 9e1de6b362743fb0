// html5-wasm/stream: parse and tokenize as chunks arrive (streams,
// iterables, a push API), with the DOM the parser builds; no XML.
import { besidePackageSource, load, setPlatformSource } from '../core/loader.js';
import { installDom } from '../dom/install.js';
import { installHtmlParser } from '../dom/parse.js';

export { initSync, isReady, memoryUsage, releaseMemory } from '../core/loader.js';
export { createParser, createTokenizer, parseStream, tokenizeStream } from '../stream/stream.js';
export { parse, parseFragment } from '../dom/parse.js';
export { serialize, serializeOuter } from '../html/serialize.js';

// In Node the modules load on first use from the package's dist/ (no init() needed).
setPlatformSource(besidePackageSource, true);

installDom();
installHtmlParser();

/** Load html5.wasm: from `source`, or else from beside this file; in Node the first call reads it by itself. */
export function init(source, options) {
  return load(source, () => new URL('../../dist/html5.wasm', import.meta.url), options);
}
