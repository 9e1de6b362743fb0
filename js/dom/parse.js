// parse(), parseFragment(): the HTML parser (spec 13.2) in wasm
// (js/html/parse.js); the tree crosses the boundary as one flat buffer
// (docs/format.md) that decode() turns into DOM-like nodes or parse5-shaped
// objects.
import { BYTES_OPTIONS } from '../html/bytes.js';
import { COMMON, CONTEXT_OPTIONS, runInput } from '../html/parse.js';
import { reportErrors } from '../core/errors.js';
import { checkInput, checkOptions, oneOf } from '../core/options.js';
import { decodeOwn, decodeOwnBase } from './decode.js';
import { setFragmentParser } from './dom.js';
import { checkUrl } from './html-base.js';

// The document's URL (issue 18): what URL-reflecting attributes resolve against.
const URL_OPTION = { url: checkUrl };
const FORMAT = { format: oneOf('dom', 'object') };
export const PARSE_OPTIONS = { ...COMMON, ...FORMAT, ...BYTES_OPTIONS, ...URL_OPTION };
const FRAGMENT_OPTIONS = { ...COMMON, ...FORMAT, ...URL_OPTION, ...CONTEXT_OPTIONS };
/**
 * Parse a whole document.
 * @param {string|Uint8Array|ArrayBuffer} input the document; bytes are
 *   decoded as a browser does (js/html/bytes.js)
 * @param {object} [options] scriptingEnabled (default true), processingInstructions
 *   (default true: `<?target data>` is a ProcessingInstruction node, as the
 *   standard says since 2026; false: the bogus comment of earlier parsers),
 *   shadowRoots (default false: `<template shadowrootmode>` attaches a
 *   declarative shadow root, as Document.parseHTMLUnsafe() parses), format ('dom' | 'object'), sourceLocations,
 *   onParseError({ code, line, col, offset }), url (the document's URL, an
 *   absolute URL; default 'about:blank': document.URL, baseURI, a.href...); for bytes,
 *   encoding (the transport layer's label) and defaultEncoding
 */
export function parse(input, options) {
  setFragmentParser(parseFragment);
  return parseWith(decodeOwn, input, options);
}

/**
 * parse() and parseFragment() with the DOM's base only (html5-wasm/parse;
 * js/dom/decode.js decodeBase()): every HTML element an HTMLElement.
 * @type {typeof parse}
 */
export function parseBase(input, options) {
  setFragmentParser(parseFragmentBase);
  return parseWith(decodeOwnBase, input, options);
}
/** @type {typeof parseFragment} */
export function parseFragmentBase(html, options) { return fragmentWith(decodeOwnBase, html, options); }

function parseWith(decodeOwnWith, input, options) {
  const o = checkOptions('parse', options, PARSE_OPTIONS);
  // The tree takes its strings from `html` where they appear in it verbatim
  // (docs/format.md, SOURCE_REFS): no copy into the buffer, no decode.
  const { view, html, errors } = runInput('parse', input, o, false, true);
  // Decoded before the callback runs: it may parse again, which reuses the
  // module's memory where `view` is.
  const tree = decodeOwnWith(view, o.format ?? 'dom', { source: html, url: o.url });
  if (errors !== null) reportErrors(o.onParseError, errors);
  return tree;
}

/**
 * Parse a fragment in the context of an element (spec 13.4), as innerHTML
 * does.  context: a tag name ('td') or { localName, namespaceURI }; default
 * <template> (as parse5), which accepts any content.  quirksMode: the
 * context's node document's mode (default 'no-quirks'); contextInForm: the
 * context is a form or has a form ancestor (the form element pointer is set,
 * so a <form> start tag is ignored).
 */
export function parseFragment(html, options) { return fragmentWith(decodeOwn, html, options); }

function fragmentWith(decodeOwnWith, html, options) {
  const o = checkOptions('parseFragment', options, FRAGMENT_OPTIONS);
  checkInput('parseFragment', html);
  const { view, errors } = runInput('parseFragment', html, o, true, true);
  const tree = decodeOwnWith(view, o.format ?? 'dom', { source: html, url: o.url });
  if (errors !== null) reportErrors(o.onParseError, errors);
  return tree;
}

/**
 * innerHTML, outerHTML and insertAdjacentHTML of js/dom/dom.js parse with
 * parseFragment: the entry points that have the parser install it (and
 * parse() does, for trees made before).  Idempotent.
 */
export function installHtmlParser() { setFragmentParser(parseFragment); }
