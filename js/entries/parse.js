// html5-wasm/parse: parse() and parseFragment() with the DOM's base (issue
// 29, "What each entry costs"): the nodes as the default entry makes them,
// with queries, serialization, innerHTML and changes, HTMLElement's members
// and every element's id, className, classList and dataset, but every HTML
// element an HTMLElement: the element interfaces (HTMLInputElement's value,
// HTMLTableElement's rows, ..., the pseudo-classes of element state such as
// :checked), traversal (TreeWalker, live collections) and
// document.implementation come with the default entry.  For a page or
// server that parses and queries, at about 22 KB gzipped less than the default
// entry's parse() in a bundle.
import { besidePackageSource, load, setPlatformSource } from '../core/loader.js';

export { initSync, isReady, memoryUsage, releaseMemory } from '../core/loader.js';
export { parseBase as parse, parseFragmentBase as parseFragment } from '../dom/parse.js';
export { serialize, serializeOuter } from '../html/serialize.js';
export { dumpTree } from '../dom/dump.js';

// In Node the module loads on first use from the package's dist/ (no init() needed).
setPlatformSource(besidePackageSource, true);

/** Load html5.wasm: from `source`, or else from beside this file; in Node the first call reads it by itself. */
export function init(source, options) {
  return load(source, () => new URL('../../dist/html5.wasm', import.meta.url), options);
}
