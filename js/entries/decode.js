// html5-wasm/decode: trees from flat buffers, with no WebAssembly at all:
// for the page (or server) that receives buffers from a worker running
// html5-wasm/buffer.  decode() makes the DOM's base (issue 29, "What each
// entry costs"): the same nodes as parse() makes, with queries,
// serialization and changes (setting innerHTML needs the parser, so it
// throws here), HTMLElement's members and every element's id, className,
// classList and dataset, but every HTML element an HTMLElement: the element
// interfaces (HTMLInputElement's value, HTMLTableElement's rows, ...),
// traversal (TreeWalker, live collections) and document.implementation come
// with decode() of the default entry.  Or parse5-shaped objects.  HTML
// buffers only: an XML document's buffer decodes with the default entry or
// html5-wasm/xml.
export { decodeBase as decode, readErrors, readHeader } from '../dom/decode.js';
export { serialize, serializeOuter } from '../html/serialize.js';
export { dumpTree } from '../dom/dump.js';
