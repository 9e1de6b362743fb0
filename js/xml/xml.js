// parseXml(), parseXmlToBuffer(), serializeXml(): the XML5 parser (seed
// 002, src/xml5/) in the same wasm module as the HTML parser.  Every input
// gives a tree; a well-formed XML document gives the tree an XML parser
// gives (docs/xml5.md).  The tree crosses the boundary as a flat buffer with
// the XML section (docs/format.md, "XML documents"), decoded by decode()
// into js/dom/xml-dom.js nodes or parse5-shaped objects (js/html/xml-object.js).
import { ERROR_WORDS, FLAG_HAS_ERRORS, H_ERROR_COUNT, H_ERRORS_OFF, H_FLAGS, PARSE_ERRORS, PARSE_LOCATIONS, PARSE_SOURCE_REFS, PARSE_XML_STRICT, STATUS_OK } from '../core/abi.js';
import { checkInputOrBytes, decodeBytes, encodingOf } from '../html/bytes.js';
import { decodeOwn } from '../dom/decode.js';
import { reportErrors, statusError } from '../core/errors.js';
import { ENCODING_NAMES } from '../core/encodings.js';
import { writeInput } from '../core/loader.js';
import { getXmlWasm } from './module.js';
import { checkOptions, isBoolean, isFunction, isString, oneOf } from '../core/options.js';
import { alignedBytes, errorRecords, readHeaderWords } from '../core/records.js';
import { copyToNewBuffer } from '../core/text.js';
import { setXmlParser } from '../dom/xml-dom.js';

export { serializeXml } from '../dom/xml-serialize.js';

const COMMON = { onParseError: isFunction, strict: isBoolean, encoding: isString, sourceLocations: isBoolean };
const PARSE_OPTIONS = { ...COMMON, format: oneOf('dom', 'object') };
const BUFFER_OPTIONS = { ...COMMON, includeErrors: isBoolean };

let xmlNames = null;
/** The XML5 parser's error code names (src/xml5/xml5_errors.h), read from the module once. */
export function xmlErrorNames(w = getXmlWasm()) {
  if (xmlNames !== null) return xmlNames;
  const count = w.h5w_xml_error_count_codes();
  const mem = new Uint8Array(w.memory.buffer);
  const names = new Array(count);
  for (let i = 0; i < count; i++) {
    let p = w.h5w_xml_error_name(i), s = '';
    while (mem[p] !== 0) s += String.fromCharCode(mem[p++]);
    names[i] = s;
  }
  return (xmlNames = names);
}

/**
 * The encoding of an XML document's bytes (XML 1.0 4.3.3 and Appendix F, as
 * browsers apply them): a byte order mark; else the `encoding` option (the
 * transport layer's, e.g. a Content-Type charset) when it is a known label;
 * else UTF-16 recognised from `<?` without a BOM; else the encoding
 * declaration of `<?xml ... encoding="..."?>` (UTF-16 labels ignored there:
 * the bytes are ASCII-compatible); else UTF-8.  Returns an encoding id.
 */
function xmlEncoding(w, bytes, label) {
  const b = bytes;
  const id = (name) => ENCODING_NAMES.indexOf(name);
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return id('UTF-8');
  if (b[0] === 0xfe && b[1] === 0xff) return id('UTF-16BE');
  if (b[0] === 0xff && b[1] === 0xfe) return id('UTF-16LE');
  if (label !== undefined) {
    const t = encodingOf(w, label);
    if (t !== 0) return t;
  }
  if (b[0] === 0x3c && b[1] === 0 && b[2] === 0x3f && b[3] === 0) return id('UTF-16LE');
  if (b[0] === 0 && b[1] === 0x3c && b[2] === 0 && b[3] === 0x3f) return id('UTF-16BE');
  // <?xml version="1.0" encoding="label"?> within the first 1024 bytes.
  let head = '';
  for (let i = 0; i < b.length && i < 1024 && b[i] < 0x80; i++) head += String.fromCharCode(b[i]);
  const m = /^<\?xml\s[^>]*?\bencoding\s*=\s*(["'])([A-Za-z0-9._:-]+)\1/.exec(head);
  if (m !== null) {
    const d = encodingOf(w, m[2]);
    if (d !== 0 && !ENCODING_NAMES[d].startsWith('UTF-16')) return d;
  }
  return id('UTF-8');
}

/**
 * Run the XML5 parser; returns { view, text, encoding, errors } (errors:
 * copied, with names).  sourceRefs: text and attribute values verbatim in
 * the input are offsets into `text` (docs/format.md, SOURCE_REFS), for
 * parseXml, which decodes with `text` at hand.
 */
function run(fn, input, o, sourceRefs = false) {
  const bytes = checkInputOrBytes(fn, input, 'input', getXmlWasm);
  if (bytes === null && o.encoding !== undefined) {
    throw new TypeError(`${fn}(): option 'encoding' applies to byte input; the input is a string`);
  }
  const w = getXmlWasm();
  const encoding = bytes === null ? null : xmlEncoding(w, bytes, o.encoding);
  const text = bytes === null ? input : decodeBytes(fn, encoding, bytes);
  writeInput(w, text);
  const wantErrors = o.onParseError !== undefined || o.strict === true || o.includeErrors === true;
  const flags = (wantErrors ? PARSE_ERRORS : 0) | (sourceRefs ? PARSE_SOURCE_REFS : 0) | (o.sourceLocations === true ? PARSE_LOCATIONS : 0) |
    (o.strict === true ? PARSE_XML_STRICT : 0);
  const status = w.h5w_parse_xml(text.length, flags);
  if (status !== STATUS_OK) statusError(fn, status, text.length);
  const view = new Uint8Array(w.memory.buffer, w.h5w_out_buf(), w.h5w_out_buf_len());
  let errors = null;
  if (o.onParseError !== undefined || o.strict === true) {
    const aligned = alignedBytes(view);
    const h = readHeaderWords(aligned, fn);
    errors = [];
    if ((h[H_FLAGS] & FLAG_HAS_ERRORS) !== 0 && h[H_ERROR_COUNT] > 0) {
      const u32 = new Uint32Array(aligned.buffer, aligned.byteOffset + h[H_ERRORS_OFF], h[H_ERROR_COUNT] * ERROR_WORDS);
      errors = errorRecords(u32, h[H_ERROR_COUNT], text);
      const names = xmlErrorNames(w);
      for (const e of errors) e.code = names[e.code];
    }
  }
  return { view, text, encoding: encoding === null ? null : ENCODING_NAMES[encoding], errors };
}

/**
 * strict: the first well-formedness error as a SyntaxError with code, line,
 * col and offset (the parser, told PARSE_XML_STRICT, reports those of XML
 * 1.0 and Namespaces, and none for what they allow: docs/xml5.md).
 */
function throwIfStrict(fn, o, errors) {
  if (o.strict !== true || errors.length === 0) return;
  const e = errors.reduce((a, b) => (b.offset < a.offset ? b : a));
  const err = new SyntaxError(`${fn}(): not well-formed XML: ${e.code} at line ${e.line}, column ${e.col}`);
  Object.assign(err, { code: e.code, line: e.line, col: e.col, offset: e.offset });
  throw err;
}

/**
 * Parse an XML document with the XML5 parser: every input gives a tree.
 * @param {string|Uint8Array|ArrayBuffer} input the document; bytes are decoded
 *   by their BOM, the `encoding` option, the XML declaration, or as UTF-8
 * @param {object} [options] format ('dom' | 'object'),
 *   sourceLocations (nodes get sourceCodeLocation: offsets, lines and
 *   columns of their tags, attributes, text, comments, PIs and doctype),
 *   onParseError({ code, line, col, offset }), strict (throw a SyntaxError at
 *   the first error, as a browser's XML parser rejects the document),
 *   encoding (byte input: the transport layer's label)
 */
export function parseXml(input, options) {
  const o = checkOptions('parseXml', options, PARSE_OPTIONS);
  setXmlParser(parseXml);
  const { view, text, encoding, errors } = run('parseXml', input, o, true);
  if (errors !== null) throwIfStrict('parseXml', o, errors);
  const format = o.format ?? 'dom';
  const tree = decodeOwn(view, format, { source: text });
  if (encoding !== null && format === 'dom') tree._t.encoding = encoding;
  if (errors !== null && o.onParseError !== undefined) reportErrors(o.onParseError, errors);
  return tree;
}

/**
 * Parse XML and return the flat buffer (docs/format.md, with the XML
 * section): an ArrayBuffer owned by the caller; decode() it anywhere.
 * options: as parseXml() (no format), plus includeErrors.
 */
export function parseXmlToBuffer(input, options) {
  const o = checkOptions('parseXmlToBuffer', options, BUFFER_OPTIONS);
  const { view, errors } = run('parseXmlToBuffer', input, o);
  if (errors !== null) throwIfStrict('parseXmlToBuffer', o, errors);
  const buffer = copyToNewBuffer(view);
  if (errors !== null && o.onParseError !== undefined) reportErrors(o.onParseError, errors);
  return buffer;
}

// innerHTML and friends on XML documents' elements (js/dom/xml-dom.js, the XML fragment parsing algorithm).
/** The XML fragment parsing of XML documents' innerHTML (js/dom/xml-dom.js): installed by the entry points that have parseXml, and by parseXml(). */
export function installXmlParser() { setXmlParser(parseXml); }
