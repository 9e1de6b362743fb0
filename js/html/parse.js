// parseToBuffer(), parseToView(): the HTML parser (spec 13.2) in wasm, its
// result the flat buffer (docs/format.md) as it leaves the module; the DOM
// layer's parse() (js/dom/parse.js) decodes it into nodes.  What a worker
// that only parses to buffers needs, without the DOM.
import {
  ELEMENT_NS_URI, NS_HTML, NS_MATHML, PARSE_CONFIDENCE_SHIFT, PARSE_ENCODING_SHIFT, PARSE_ERRORS, PARSE_FRAGMENT,
  PARSE_CONTEXT_IN_FORM, PARSE_LOCATIONS, PARSE_PROCESSING_INSTRUCTIONS, PARSE_QUIRKS_SHIFT, PARSE_SCRIPTING,
  PARSE_SHADOW_ROOTS, PARSE_SOURCE_REFS, QUIRKS_MODE_NAMES, STATUS_OK,
} from '../core/abi.js';
import { BYTES_OPTIONS, checkInputOrBytes, parseBytes } from './bytes.js';
import { copyErrors, reportErrors, statusError } from '../core/errors.js';
import { getWasm, withModuleLocked, writeInput } from '../core/loader.js';
import { describe, checkOptions, isBoolean, isFunction, oneOf } from '../core/options.js';
import { copyToNewBuffer } from '../core/text.js';

/** Namespace URI → the buffer's code, for the namespaces a context element may have. */
const NAMESPACES = new Map(ELEMENT_NS_URI.slice(NS_HTML, NS_MATHML + 1).map((uri, code) => [uri, code]));

// The context is checked where it is read (contextOf), once.
export function checkContext(v) {
  if (typeof v === 'string' || (v !== null && typeof v === 'object')) return null;
  return 'must be a tag name string or an element-like object { localName, namespaceURI }';
}

export const COMMON = {
  scriptingEnabled: isBoolean,
  processingInstructions: isBoolean,
  shadowRoots: isBoolean, // the parser's "allow declarative shadow roots" (Document.parseHTMLUnsafe)
  sourceCodeLocationInfo: isBoolean, // parse5's name for sourceLocations
  sourceLocations: isBoolean,
  onParseError: isFunction,
};
// 13.4 reads the context element's surroundings: its node document's quirks
// mode, and the nearest form at or above it (the form element pointer).
export const CONTEXT_OPTIONS = { context: checkContext, quirksMode: oneOf(...QUIRKS_MODE_NAMES), contextInForm: isBoolean };
const BUFFER_OPTIONS = { ...COMMON, ...BYTES_OPTIONS, fragment: isBoolean, ...CONTEXT_OPTIONS, includeErrors: isBoolean };



/** [localName, namespace code] of a fragment context option; reads each of its fields once. */
function contextOf(fn, context) {
  if (context === undefined) return ['template', NS_HTML];
  const bad = (problem) => new TypeError(`${fn}(): option 'context' ${problem}; got ${describe(context)}`);
  if (typeof context === 'string') {
    if (!context.length) throw bad('must not be empty');
    return [context.toLowerCase(), NS_HTML];
  }
  const localName = context.localName;
  if (typeof localName !== 'string' || !localName.length) throw bad('must be a tag name string or an element-like object { localName, namespaceURI }');
  const uri = context.namespaceURI ?? ELEMENT_NS_URI[NS_HTML];
  const ns = NAMESPACES.get(uri);
  if (ns === undefined) throw bad(`has an unsupported namespaceURI ${JSON.stringify(uri)} (HTML, SVG or MathML)`);
  return [localName, ns];
}

/**
 * The checked options (checkOptions) as h5w_parse's arguments, computed
 * once per call: { flags, ctxName, ctxNs } (abi.js PARSE_*).
 */
export function parseArgs(fn, o, fragment, sourceRefs) {
  const [ctxName, ctxNs] = fragment ? contextOf(fn, o.context) : ['', NS_HTML];
  const flags =
    ((o.scriptingEnabled ?? true) ? PARSE_SCRIPTING : 0) |
    ((o.processingInstructions ?? true) ? PARSE_PROCESSING_INSTRUCTIONS : 0) |
    (o.shadowRoots ? PARSE_SHADOW_ROOTS : 0) |
    (fragment ? PARSE_FRAGMENT : 0) |
    ((o.sourceLocations ?? o.sourceCodeLocationInfo) ? PARSE_LOCATIONS : 0) |
    (o.onParseError || o.includeErrors ? PARSE_ERRORS : 0) |
    (sourceRefs ? PARSE_SOURCE_REFS : 0) |
    (fragment && o.contextInForm ? PARSE_CONTEXT_IN_FORM : 0) |
    (fragment && o.quirksMode ? QUIRKS_MODE_NAMES.indexOf(o.quirksMode) << PARSE_QUIRKS_SHIFT : 0);
  return { flags, ctxName, ctxNs, report: o.onParseError !== undefined };
}

/**
 * Run the parser; leaves the flat buffer in wasm memory and returns a view
 * on it (valid until the next call into the module).  encoding/confidence:
 * of byte input (js/html/bytes.js), 0 for a string.  The parse errors, when
 * asked for, are copied out at once into `out.errors` (records.js
 * errorRecords): nothing of this parse is read from wasm memory after user
 * code has run.
 */
function run(fn, html, args, out, encoding = 0, confidence = 0) {
  const w = getWasm();
  writeInput(w, args.ctxName ? html + args.ctxName : html);
  const flags = args.flags | (encoding << PARSE_ENCODING_SHIFT) | (confidence << PARSE_CONFIDENCE_SHIFT);
  const status = w.h5w_parse(html.length, flags, args.ctxName.length, args.ctxNs);
  if (status !== STATUS_OK) statusError(fn, status, html.length);
  if (args.report) out.errors = copyErrors(w, html);
  return new Uint8Array(w.memory.buffer, w.h5w_out_buf(), w.h5w_out_buf_len());
}

/**
 * Parse a string, or bytes after sniffing and decoding them (which may take
 * a second parse, see js/html/bytes.js).  Returns { view, html, errors }: the
 * buffer (in wasm memory), the string parsed and the errors of the parse
 * whose buffer it is (null without onParseError), for the caller to report
 * (reportErrors) once it is done with the view.
 */
export function runInput(fn, input, o, fragment, sourceRefs = false) {
  const bytes = checkInputOrBytes(fn, input);
  const args = parseArgs(fn, o, fragment, sourceRefs);
  const out = { view: null, html: input, errors: null };
  if (bytes === null) {
    if (o.encoding !== undefined || o.defaultEncoding !== undefined || o.detectUtf8 !== undefined) {
      throw new TypeError(`${fn}(): options 'encoding', 'defaultEncoding' and 'detectUtf8' apply to byte input; the input is a string`);
    }
    out.view = run(fn, input, args, out);
  } else {
    if (fragment) throw new TypeError(`${fn}(): a fragment is parsed from a string, not bytes (13.4 has no encoding)`);
    ({ result: out.view, html: out.html } = parseBytes(fn, bytes, o, (text, encoding, confidence) =>
      run(fn, text, args, out, encoding, confidence)));
  }
  return out;
}

/**
 * Parse and return the raw flat buffer (docs/format.md): an ArrayBuffer
 * owned by the caller, transferable with postMessage; decode() it anywhere.
 * options: as parse(), plus fragment/context, includeErrors.
 */
export function parseToBuffer(html, options) {
  const o = bufferOptions('parseToBuffer', options);
  const { view, errors } = runInput('parseToBuffer', html, o, o.fragment === true);
  const buffer = copyToNewBuffer(view);
  if (errors !== null) reportErrors(o.onParseError, errors);
  return buffer;
}

/**
 * Parse and return the flat buffer where the parser wrote it, in the
 * module's memory: no copy.  Borrowed, valid until the next call into
 * html5-wasm (parse, tokenize, serialize, releaseMemory…), which may
 * overwrite or detach it: read it, decode() it (the tree owns its data) or
 * copy it before then.  options: as parseToBuffer().
 */
export function parseToView(html, options) {
  const o = bufferOptions('parseToView', options);
  const { view, errors } = runInput('parseToView', html, o, o.fragment === true);
  // The view stays in the module's memory: while the callback runs, calls
  // into the module (which would overwrite or detach it) are refused.
  if (errors !== null) withModuleLocked('parseToView', () => reportErrors(o.onParseError, errors));
  return view;
}

function bufferOptions(fn, options) {
  const o = checkOptions(fn, options, BUFFER_OPTIONS);
  for (const key of ['context', 'quirksMode', 'contextInForm']) {
    if (o[key] !== undefined && !o.fragment) throw new TypeError(`${fn}(): option '${key}' needs fragment: true`);
  }
  return o;
}

/** Test hook: cap the parser's arena per parse (MiB; 0 = no cap). */
export function setMemoryLimitForTesting(mb) {
  if (!Number.isInteger(mb) || mb < 0) throw new RangeError('setMemoryLimitForTesting(mb): mb must be a non-negative integer; got ' + describe(mb));
  getWasm().h5w_set_memory_limit(mb);
}
