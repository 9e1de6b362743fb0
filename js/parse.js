// parse(), parseFragment(), parseToBuffer(): the HTML parser (spec 13.2)
// in wasm; the tree crosses the boundary as one flat buffer
// (docs/format.md) that decode() turns into DOM-like nodes or parse5-shaped
// objects.
import { BYTES_OPTIONS, checkInputOrBytes, parseBytes } from './bytes.js';
import { decodeOwn } from './decode.js';
import { reportErrors, statusError } from './errors.js';
import { describe, getWasm, writeInput } from './loader.js';
import { checkInput, checkOptions, isBoolean, isFunction, oneOf } from './options.js';
import { copyToNewBuffer } from './text.js';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const NAMESPACES = new Map([
  [HTML_NS, 0],
  ['http://www.w3.org/2000/svg', 1],
  ['http://www.w3.org/1998/Math/MathML', 2],
]);

const COMMON = {
  scriptingEnabled: isBoolean,
  sourceCodeLocationInfo: isBoolean, // parse5's name for sourceLocations
  sourceLocations: isBoolean,
  onParseError: isFunction,
};
const FORMAT = { format: oneOf('dom', 'object') };
const PARSE_OPTIONS = { ...COMMON, ...FORMAT, ...BYTES_OPTIONS };
const FRAGMENT_OPTIONS = { ...COMMON, ...FORMAT, context: checkContext };
const BUFFER_OPTIONS = { ...COMMON, ...BYTES_OPTIONS, fragment: isBoolean, context: checkContext, includeErrors: isBoolean };

function checkContext(v) {
  if (typeof v === 'string') return v.length ? null : 'must not be empty';
  if (v && typeof v === 'object' && typeof v.localName === 'string' && v.localName.length) {
    const ns = v.namespaceURI ?? HTML_NS;
    if (!NAMESPACES.has(ns)) return `has an unsupported namespaceURI ${JSON.stringify(ns)} (HTML, SVG or MathML)`;
    return null;
  }
  return "must be a tag name string or an element-like object { localName, namespaceURI }";
}

/** [localName, namespace number] of a fragment context option. */
function contextOf(context) {
  if (context === undefined) return ['template', 0];
  if (typeof context === 'string') return [context.toLowerCase(), 0];
  return [context.localName, NAMESPACES.get(context.namespaceURI ?? HTML_NS)];
}

/**
 * Run the parser; leaves the flat buffer in wasm memory and returns a view
 * on it (valid until the next call into the module).  encoding/confidence:
 * of byte input (js/bytes.js), 0 for a string.
 */
function run(fn, html, o, fragment, sourceRefs = false, encoding = 0, confidence = 0) {
  const w = getWasm();
  const [ctxName, ctxNs] = fragment ? contextOf(o.context) : ['', 0];
  writeInput(w, ctxName ? html + ctxName : html);
  const locations = o.sourceLocations ?? o.sourceCodeLocationInfo ?? false;
  const flags =
    ((o.scriptingEnabled ?? true) ? 1 : 0) |
    (fragment ? 2 : 0) |
    (locations ? 4 : 0) |
    (o.onParseError || o.includeErrors ? 8 : 0) |
    (sourceRefs ? 16 : 0) |
    (encoding << 8) |
    (confidence << 16);
  const status = w.h5w_parse(html.length, flags, ctxName.length, ctxNs);
  if (status !== 0) statusError(fn, status, html.length);
  return new Uint8Array(w.memory.buffer, w.h5w_out_buf(), w.h5w_out_buf_len());
}

/**
 * Parse a string, or bytes after sniffing and decoding them (which may take
 * a second parse, see js/bytes.js); onParseError hears the errors of the
 * parse whose tree is returned.  Returns { view, html }: the buffer and the
 * string parsed.
 */
function runInput(fn, input, o, fragment, sourceRefs = false) {
  const bytes = checkInputOrBytes(fn, input);
  let view;
  let html = input;
  if (bytes === null) {
    if (o.encoding !== undefined || o.defaultEncoding !== undefined || o.detectUtf8 !== undefined) {
      throw new TypeError(`${fn}(): options 'encoding', 'defaultEncoding' and 'detectUtf8' apply to byte input; the input is a string`);
    }
    view = run(fn, input, o, fragment, sourceRefs);
  } else {
    if (fragment) throw new TypeError(`${fn}(): a fragment is parsed from a string, not bytes (13.4 has no encoding)`);
    ({ result: view, html } = parseBytes(fn, bytes, o, (text, encoding, confidence) =>
      run(fn, text, o, fragment, sourceRefs, encoding, confidence)));
  }
  if (o.onParseError) reportErrors(getWasm(), o.onParseError);
  return { view, html };
}

/**
 * Parse a whole document.
 * @param {string|Uint8Array|ArrayBuffer} input the document; bytes are
 *   decoded as a browser does (js/bytes.js)
 * @param {object} [options] scriptingEnabled (default true), format ('dom' | 'object'),
 *   sourceLocations, onParseError({ code, line, col, offset }); for bytes,
 *   encoding (the transport layer's label) and defaultEncoding
 */
export function parse(input, options) {
  const o = checkOptions('parse', options, PARSE_OPTIONS);
  // The tree takes its strings from `html` where they appear in it verbatim
  // (docs/format.md, SOURCE_REFS): no copy into the buffer, no decode.
  const { view, html } = runInput('parse', input, o, false, true);
  return decodeOwn(view, o.format ?? 'dom', { source: html });
}

/**
 * Parse a fragment in the context of an element (spec 13.4), as innerHTML
 * does.  context: a tag name ('td') or { localName, namespaceURI }; default
 * <template> (as parse5), which accepts any content.
 */
export function parseFragment(html, options) {
  const o = checkOptions('parseFragment', options, FRAGMENT_OPTIONS);
  checkInput('parseFragment', html);
  const { view } = runInput('parseFragment', html, o, true, true);
  return decodeOwn(view, o.format ?? 'dom', { source: html });
}

/**
 * Parse and return the raw flat buffer (docs/format.md): an ArrayBuffer
 * owned by the caller, transferable with postMessage; decode() it anywhere.
 * options: as parse(), plus fragment/context, includeErrors.
 */
export function parseToBuffer(html, options) {
  return copyToNewBuffer(runBuffer('parseToBuffer', html, options));
}

/**
 * Parse and return the flat buffer where the parser wrote it, in the
 * module's memory: no copy.  Borrowed, valid until the next call into
 * html5-wasm (parse, tokenize, serialize, releaseMemory…), which may
 * overwrite or detach it: read it, decode() it (the tree owns its data) or
 * copy it before then.  options: as parseToBuffer().
 */
export function parseToView(html, options) {
  return runBuffer('parseToView', html, options);
}

function runBuffer(fn, html, options) {
  const o = checkOptions(fn, options, BUFFER_OPTIONS);
  if (o.context !== undefined && !o.fragment) {
    throw new TypeError(`${fn}(): option 'context' needs fragment: true`);
  }
  return runInput(fn, html, o, o.fragment === true).view;
}

/** Test hook: cap the parser's arena per parse (MiB; 0 = no cap). */
export function setMemoryLimitForTesting(mb) {
  if (!Number.isInteger(mb) || mb < 0) throw new RangeError('setMemoryLimitForTesting(mb): mb must be a non-negative integer; got ' + describe(mb));
  getWasm().h5w_set_memory_limit(mb);
}
