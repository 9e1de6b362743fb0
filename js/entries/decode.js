// html5-wasm/decode: trees from flat buffers, with no WebAssembly at all:
// for the page (or server) that receives buffers from a worker running
// html5-wasm/buffer.  decode() makes the same DOM as parse() (queries,
// serialization and changes included; setting innerHTML needs the parser, so
// it throws here), or parse5-shaped objects.  HTML buffers only: an XML
// document's buffer decodes with the default entry or html5-wasm/xml.
import { installDom } from '../dom/install.js';

export { decode, readErrors, readHeader } from '../dom/decode.js';
export { serialize, serializeOuter } from '../html/serialize.js';
export { dumpTree } from '../dom/dump.js';

installDom();
