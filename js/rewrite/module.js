// dist/rewrite.wasm, HTMLRewriter's own module (issue 33): the tokenizer and
// the rewrite sessions (wasm/exports.c, H5W_REWRITE_MODULE), no tree builder,
// loaded only by programs that rewrite; the rest of the package never pays
// for it.  Where it comes from: in Node and html5-wasm/inline the entry
// point's platform source gives its bytes on first use; Cloudflare Workers
// import it as a module (js/workerd.js); in browsers init() of the default
// entry loads it when the program contains the rewriter (companions), and
// initRewrite() / init() of html5-wasm/rewrite load it on their own.
//
// The module is built over bytes (H5_CHAR8, src/common/h5.h): its input and
// its tokens' strings are bytes, not UTF-16 code units as in html5.wasm.
import { TOKEN_DOCTYPE, TOKEN_HAS_NAME, TOKEN_HAS_PUBLIC_ID, TOKEN_HAS_SYSTEM_ID, STATUS_OK } from '../core/abi.js';
import { WasmModule, companions } from '../core/loader.js';
import { statusError } from '../core/errors.js';
import { rewriteUrl } from '../rewrite-url.js';

export const rewriteModule = new WasmModule('rewrite.wasm', 'h5w_rewrite_begin', 'initRewrite()');

/** The rewriter module's exports (loaded on first use where the platform allows it). */
export function getRewriteWasm() { return rewriteModule.get(); }

/** Load rewrite.wasm: from `source`, or else from dist/rewrite.wasm beside js/ (js/rewrite-url.js). */
export function initRewrite(source, options) {
  return rewriteModule.load(source, rewriteUrl, options);
}

/** Synchronous initialisation from the bytes of rewrite.wasm or its WebAssembly.Module. */
export function initRewriteSync(source, options) { rewriteModule.initSync(source, options, 'initRewriteSync'); }

// init() of an entry point with the whole API (js/index.js) loads rewrite.wasm
// too when the rewriter is part of the program (a failure there is thrown by
// the first transform(), which says how to load it).
companions.push(() => rewriteModule.loadQuietly(rewriteUrl));

/** Writes `bytes` (an array of byte values) as the module's one-shot input; its address. */
function writeBytes(w, bytes, what) {
  const ptr = w.h5w_input(bytes.length);
  if (ptr === 0) throw new RangeError(`HTMLRewriter: out of memory: ${what} of ${bytes.length} bytes does not fit the module's memory`);
  new Uint8Array(w.memory.buffer, ptr, bytes.length).set(bytes);
  return ptr;
}

/** The id of encoding label `label` (src/encoding/: ASCII, so any other character is a byte no label has), or 0. */
export function encodingOfLabel(w, label) {
  const bytes = new Uint8Array(label.length);
  for (let i = 0; i < label.length; i++) {
    const c = label.charCodeAt(i);
    bytes[i] = c < 0x80 ? c : 0xff;
  }
  writeBytes(w, bytes, 'an encoding label');
  return w.h5w_get_encoding(bytes.length);
}

// The byte the module writes for a U+0000 it replaces (H5_FFFD, src/common/h5.h: UTF-8 never has it).
const FFFD_BYTE = 0xff;

/**
 * The name, public id and system id of the DOCTYPE token that string
 * `markup` starts with (13.2.5.53-68), each null when missing; null when
 * it is no DOCTYPE.  Tokenized as UTF-8.  As lol-html gives them, they are
 * as written but for the name's ASCII case: a U+0000 stays one (the module
 * gives FFFD_BYTE for it), and so does a CR, which is given to the module
 * as a whitespace character the markup does not have (a DOCTYPE's states
 * treat every whitespace character as they treat a CR, in an id as one of
 * its characters) and taken back (markup with CR and every other
 * whitespace character: CRs are given as they are, and come back as LF).
 */
export function doctypeOf(w, markup) {
  const bytes = new TextEncoder().encode(markup);
  const cr = markup.includes('\r') ? [0x0c, 0x09, 0x0a, 0x20].find((c) => !markup.includes(String.fromCharCode(c))) ?? 0x0d : 0x0d;
  if (cr !== 0x0d) for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0d) bytes[i] = cr;
  writeBytes(w, bytes, 'a doctype');
  const st = w.h5w_tokenize(bytes.length, 0, 0, 0);
  if (st !== STATUS_OK) statusError('HTMLRewriter', st, bytes.length);
  const words = new Uint32Array(w.memory.buffer, w.h5w_out_words(), w.h5w_out_words_len());
  if (words.length === 0 || words[0] !== TOKEN_DOCTYPE) return null;
  const str = new Uint8Array(w.memory.buffer, w.h5w_out_str(), w.h5w_out_str_len());
  const utf8 = new TextDecoder();
  const field = (has, i) => {
    if ((words[1] & has) === 0) return null;
    const b = str.slice(words[i], words[i] + words[i + 1]);
    for (let k = 0; k < b.length; k++) if (b[k] === FFFD_BYTE) b[k] = 0; else if (b[k] === cr) b[k] = 0x0d;
    return utf8.decode(b);
  };
  return { name: field(TOKEN_HAS_NAME, 2), publicId: field(TOKEN_HAS_PUBLIC_ID, 4), systemId: field(TOKEN_HAS_SYSTEM_ID, 6) };
}
