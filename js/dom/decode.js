// Decoder of the flat tree buffer ("H5WT", docs/format.md) written by
// src/output/flatbuf.c.
//
//   decode(buffer, { format: 'dom' })     → Document / DocumentFragment of js/dom/dom.js
//   decode(buffer, { format: 'object' })  → parse5-shaped plain objects (js/html/object.js)
//
// Cost model: names come from the shared atom table (js/core/atoms.js) plus a
// per-buffer table of other names decoded once, and all character data from
// ONE string decode of the buffer's UTF-16 section (strings are slices of
// it) -- or, in the buffers parse() asks for (SOURCE_REFS), slices of the
// input string wherever the text is verbatim in it.  'dom' copies the record
// sections (one memcpy each), checks them in one pass (decode() only: not
// for the buffers parse() has just had written) and makes node objects only
// when they are reached (js/dom/dom.js);
// 'object' builds every parse5 object in one pass over the records.  The
// result never references `buffer`: it may be reused afterwards (wasm
// memory).  No recursion: any depth decodes.
import { FLAG_SOURCE_REFS, H_FLAGS } from '../core/abi.js';
import { Tree } from './dom.js';
import { checkUrl, installHtmlBase } from './html-base.js';
// The DOM's members from the modules above js/dom/dom.js (element classes and
// reflected attributes, collections, traversal), installed on first decode.
import { installDom } from './install.js';
import { buildObject } from '../html/object.js';
import { checkOptions, isString, oneOf } from '../core/options.js';
import { alignedBytes, checkedReader, makeReader, readHeaderWords } from '../core/records.js';
import { sectionText } from '../core/text.js';
import { attachXml } from './xml-dom.js';
import { xmlObjects } from '../html/xml-object.js';

export { NONE } from '../core/abi.js';
export { readErrors, readHeader } from '../html/read.js';

const DECODE_OPTIONS = { format: oneOf('dom', 'object'), source: isString, url: checkUrl };

/**
 * What a decode makes its trees with: the whole DOM (installDom(): the
 * element interfaces, traversal, document.implementation) and XML documents
 * (decode(), decodeOwn(): the default entry point and those with the whole
 * DOM), or only the DOM's base (installHtmlBase(): the nodes, HTMLElement,
 * selectors, serialization) and HTML documents (decodeBase(),
 * decodeOwnBase(): html5-wasm/decode and html5-wasm/parse, issue 29).  A
 * bundler keeps only the one a program calls.
 */
const FULL = { install: installDom, attachXml, xmlObjects };
const BASE = { install: installHtmlBase, attachXml: null, xmlObjects: null };

function noXml(fn) {
  return new TypeError(`${fn}: the buffer holds an XML document, which this entry point does not decode: decode it with html5-wasm or html5-wasm/xml`);
}

function buildDom(r, options, dom) {
  dom.install();
  // Copies: the result must not reference the buffer (wasm memory is reused).
  // The strings are decoded once, straight from the buffer.
  const t = new Tree(r.n.slice(), r.a.slice(), null, r.names, r.flags, sectionText(r.u16));
  if (r.sourceRefs) t.src = options.source;
  if (r.encoding !== null) t.encoding = r.encoding;
  if (options.url !== undefined) t.url = new URL(options.url).href;
  if (r.xml !== null) {
    if (dom.attachXml === null) throw noXml('decode');
    dom.attachXml(t, r.xml);
  }
  if (r.nl !== null) {
    t.nl = r.nl.slice();
    t.al = r.al.slice();
    t.source = typeof options.source === 'string' ? options.source : undefined;
  }
  return t.node(0);
}

/**
 * Decode a tree buffer, from anywhere (another worker, a file): it is
 * checked whole first (js/core/records.js, validate), and a buffer whose
 * structure is not consistent is a RangeError saying what is wrong.
 * @param {ArrayBuffer|ArrayBufferView} buffer
 * @param {{ format?: 'dom'|'object', source?: string, url?: string }} [options]
 *   format: 'dom' (default) or 'object' (parse5 shape);
 *   source: the parsed input, used for line/column of source locations
 *   (offsets must then lie within it);
 *   url: the document's URL (an absolute URL; default 'about:blank'): what
 *   document.URL, baseURI and the URL-reflecting attributes (a.href, ...)
 *   resolve against ('dom' format).
 */
export function decode(buffer, options) {
  return decodeWith(FULL, buffer, options);
}

/**
 * decode() with the DOM's base only (html5-wasm/decode): the same trees,
 * queries, serialization and changes, every HTML element an HTMLElement
 * (no element interfaces: those come with the default entry point); HTML
 * buffers only.
 * @type {typeof decode}
 */
export function decodeBase(buffer, options) {
  return decodeWith(BASE, buffer, options);
}

function decodeWith(dom, buffer, options) {
  const o = checkOptions('decode', options, DECODE_OPTIONS);
  return build(checkedReader('decode', buffer, o.source), o.format ?? 'dom', o, dom);
}

/**
 * decode() of a buffer that the wasm module's writer (src/output/flatbuf.c) has
 * just produced (parse(), parseFragment()): the header is still checked,
 * the per-record validation pass is skipped.  Buffers from anywhere else go
 * through decode().
 * @param {Uint8Array} bytes 4-byte aligned view
 * @param {'dom'|'object'} format
 * @param {{ source?: string }} options
 */
export function decodeOwn(bytes, format, options) {
  return own(FULL, bytes, format, options);
}
/** decodeOwn() with the DOM's base only (decodeBase()). */
export function decodeOwnBase(bytes, format, options) {
  return own(BASE, bytes, format, options);
}

function own(dom, bytes, format, options) {
  const aligned = alignedBytes(bytes);
  const h = readHeaderWords(aligned);
  if ((h[H_FLAGS] & FLAG_SOURCE_REFS) !== 0 && options.source === undefined) {
    throw new RangeError('decode: the buffer refers to the text it was parsed from (SOURCE_REFS); such buffers are decoded only by parse() itself');
  }
  return build(makeReader(aligned, h), format, options, dom);
}

function build(r, format, options, dom) {
  if (format === 'dom') return buildDom(r, options, dom);
  r.str = sectionText(r.u16);
  const root = buildObject(r, options);
  if (r.xml === null) return root;
  if (dom.xmlObjects === null) throw noXml('decode');
  return dom.xmlObjects(root, r.xml, r.n);
}
