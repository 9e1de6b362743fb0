// Reading the flat tree buffer's records (docs/format.md; the numbers are
// js/core/abi.js, generated from scripts/data/abi.json): the header and its
// validation, views on the sections, the check of every record, source
// locations and parse errors, and the one line index (Locator): the C core
// reports offsets only, lines are counted here, in the string parsed.  decode.js builds trees with it, dom.js's
// Tree and select.js read the records it checked, object.js builds parse5
// objects from them.
import {
  A_NAME, A_NS, A_VALUE_LEN, A_VALUE_OFF, AL_NAME_END, AL_NAME_START, AL_VALUE_END, AL_VALUE_START, ATOM_COUNT,
  ATOM_HASH, ATTR_NS_PREFIX, ATTR_WORDS, E_CODE, E_OFFSET, ENC_CONFIDENCE_MASK, ENC_CONFIDENCE_SHIFT, ENC_ENCODING_MASK,
  ERROR_WORDS, FLAG_HAS_ERRORS, FLAG_HAS_LOCATIONS, FLAG_MODE_MASK, FLAG_MODE_SHIFT, FLAG_SCRIPTING, FLAG_SOURCE_REFS,
  FORMAT_VERSION, H_ATOM_COUNT, H_ATOM_HASH, H_ATTR_COUNT, H_ATTR_LOCS_OFF, H_ATTRS_OFF, H_ENCODING, H_ERROR_COUNT,
  H_ERRORS_OFF, H_FLAGS, H_MAGIC, H_NAME_COUNT, H_NAMES_OFF, H_NODE_COUNT, H_NODE_LOCS_OFF, H_NODES_OFF,
  H_STRING_UNITS, H_STRINGS_OFF, H_TOTAL_BYTES, H_VERSION, HEADER_BYTES, INFO_IMPLICIT, INFO_NS_MASK,
  INFO_NS_SHIFT, INFO_TEMPLATE_CONTENTS, INFO_TYPE_MASK, L_END, L_END_TAG_START, L_START, L_START_TAG_END, LOC_WORDS,
  MAGIC, N_ATTR_COUNT, N_ATTR_FIRST, N_DATA_LEN, N_DATA_OFF, N_END, N_LAST_CHILD, N_NAME, N_PARENT, N_PREV,
  N_PUBLIC_LEN, N_PUBLIC_OFF, N_SYSTEM_LEN, NAME_WORDS, NODE_WORDS, NONE, NS_HTML, NS_OTHER, ANS_NONE, ANS_XMLNS,
  QUIRKS_MODE_NAMES, FLAG_ROOT_MASK, FLAG_ROOT_DOCUMENT, FLAG_ROOT_FRAGMENT, ROOT_KIND_NAMES, TYPE_COMMENT, TYPE_DOCTYPE, TYPE_DOCUMENT, TYPE_ELEMENT, TYPE_FRAGMENT, TYPE_PI, TYPE_TEXT,
  ATTR_NS_URI, ELEMENT_NS_URI, INFO_CLONED, INFO_SHADOW_ROOT, SHADOW_ALL, SHADOW_CLONABLE, SHADOW_CLOSED,
  SHADOW_DELEGATES_FOCUS, SHADOW_KEEP_REGISTRY_NULL, SHADOW_SERIALIZABLE, SHADOW_SLOT_MANUAL, SOURCE_REF, FLAG_XML,
} from './abi.js';
import { ATOMS } from './atoms.js';
import { describe } from './options.js';
import { CONFIDENCE_NAMES, ENCODING_NAMES } from './encodings.js';
import { asBytes, isArrayBuffer, lastAtMost, unitsToString } from './text.js';
import { readXmlSection } from './xml-records.js';

/**
 * The buffer's layout constants that validate() here and object.js buildObject
 * destructure into locals (V8 checks an imported binding on every read, and
 * their loops read them per record).  A plain object, not `import * as`: a
 * namespace object keeps every export of js/core/abi.js in the browser bundle.
 */
export const LAYOUT = Object.freeze({
  ANS_XMLNS, ATTR_NS_PREFIX, ATTR_NS_URI, ATTR_WORDS, A_NAME, A_NS, A_VALUE_LEN, A_VALUE_OFF, ELEMENT_NS_URI,
  FLAG_ROOT_MASK, INFO_CLONED, INFO_NS_MASK, INFO_NS_SHIFT, INFO_SHADOW_ROOT, INFO_TEMPLATE_CONTENTS, INFO_TYPE_MASK,
  LOC_WORDS, NODE_WORDS, NONE, NS_HTML, NS_OTHER, N_ATTR_COUNT, N_ATTR_FIRST, N_DATA_LEN, N_DATA_OFF, N_END,
  N_LAST_CHILD, N_NAME, N_PARENT, N_PREV, N_PUBLIC_LEN, N_PUBLIC_OFF, N_SYSTEM_LEN, SHADOW_ALL, SHADOW_CLONABLE,
  SHADOW_CLOSED, SHADOW_DELEGATES_FOCUS, SHADOW_KEEP_REGISTRY_NULL, SHADOW_SERIALIZABLE, SHADOW_SLOT_MANUAL,
  SOURCE_REF, TYPE_COMMENT, TYPE_DOCTYPE, TYPE_DOCUMENT, TYPE_ELEMENT, TYPE_FRAGMENT, TYPE_PI, TYPE_TEXT,
});

// ---- the line index ----------------------------------------------------

/**
 * Maps UTF-16 offsets to 1-based line and column (lines end at LF, CRLF or
 * a lone CR, as parse5 counts them; an offset at a line break is on the line
 * the break ends).  Without the source only offsets are reported.
 */
export class Locator {
  constructor(source) {
    this.hasLines = typeof source === 'string';
    this.starts = null;
    this.hint = 0;
    this.line = 0;
    this.col = 0;
    if (this.hasLines) {
      const starts = [0];
      let i = source.indexOf('\n');
      while (i >= 0) {
        starts.push(i + 1);
        i = source.indexOf('\n', i + 1);
      }
      if (source.indexOf('\r') >= 0) {
        for (let j = source.indexOf('\r'); j >= 0; j = source.indexOf('\r', j + 1)) {
          if (source.charCodeAt(j + 1) !== 10) starts.push(j + 1);
        }
        starts.sort((a, b) => a - b);
      }
      this.starts = starts;
    }
  }
  // Sets this.line / this.col for `offset`.
  at(offset) {
    const s = this.starts;
    let h = this.hint;
    if (!(s[h] <= offset && (h + 1 === s.length || offset < s[h + 1]))) {
      h = this.hint = lastAtMost(s, offset);
    }
    this.line = h + 1;
    this.col = offset - s[h] + 1;
  }
  /** { startLine, startCol, startOffset, endLine, endCol, endOffset } */
  span(start, end) {
    if (!this.hasLines) return { startOffset: start, endOffset: end };
    this.at(start);
    const sl = this.line;
    const sc = this.col;
    this.at(end);
    return { startLine: sl, startCol: sc, startOffset: start, endLine: this.line, endCol: this.col, endOffset: end };
  }
}

// ---- the header and sections ----------------------------------------------

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The document's mode from the header flags. */
export const modeOf = (flags) => QUIRKS_MODE_NAMES[(flags >>> FLAG_MODE_SHIFT) & FLAG_MODE_MASK] ?? 'no-quirks';

/**
 * The bytes of an ArrayBuffer or view (any typed array, DataView,
 * SharedArrayBuffer), 4-byte aligned and private: an unaligned view, or one
 * of shared memory that another thread may change between the checks and
 * the reads, is copied once.  Anything else is a TypeError naming `fn`'s
 * argument.
 */
export function alignedBytes(buffer, fn = 'decode') {
  const bytes = asBytes(buffer, `${fn}(buffer): the buffer`);
  if (bytes === null) {
    throw new TypeError(`${fn}(buffer): expected an ArrayBuffer or a typed array; got ${describe(buffer)}`);
  }
  return bytes.byteOffset % 4 === 0 && isArrayBuffer(bytes.buffer) ? bytes : bytes.slice();
}

/**
 * Validate the header and the section table: the header words (a
 * Uint32Array), after checking magic, version, length, atom table and that
 * every section lies inside the buffer.
 * @param {Uint8Array} bytes 4-byte aligned
 * @returns {Uint32Array}
 */
export function readHeaderWords(bytes, fn = 'decode') {
  if (!LITTLE_ENDIAN) throw new Error(`${fn}: big-endian hosts are not supported`);
  if (bytes.byteLength < HEADER_BYTES) {
    throw new RangeError(`${fn}: buffer truncated: ${bytes.byteLength} bytes, the header alone is ${HEADER_BYTES}`);
  }
  const h = new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER_BYTES / 4);
  if (h[H_MAGIC] !== MAGIC) {
    const m = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]).replace(/[^\x20-\x7e]/g, '?');
    throw new RangeError(`${fn}: not an H5WT tree buffer (magic is "${m}", expected "H5WT")`);
  }
  if (h[H_VERSION] !== FORMAT_VERSION) {
    throw new RangeError(`${fn}: H5WT format version ${h[H_VERSION]} is not supported (this decoder reads version ${FORMAT_VERSION})`);
  }
  const total = h[H_TOTAL_BYTES];
  if (total > bytes.byteLength) {
    throw new RangeError(`${fn}: buffer truncated: header says ${total} bytes, got ${bytes.byteLength}`);
  }
  if (h[H_ATOM_COUNT] !== ATOM_COUNT || h[H_ATOM_HASH] !== ATOM_HASH) {
    throw new RangeError(
      `${fn}: atom table mismatch: the buffer was written with ${h[H_ATOM_COUNT]} atoms (hash ${h[H_ATOM_HASH]}), ` +
        `js/core/atoms.js has ${ATOM_COUNT} (hash ${ATOM_HASH}); the wasm module and the JS files are from different builds`,
    );
  }
  const section = (name, offWord, count, words) => {
    const off = h[offWord];
    const bytesLen = count * words * 4;
    if (off % 4 !== 0 || off < HEADER_BYTES || off + bytesLen > total) {
      throw new RangeError(`${fn}: corrupt buffer: ${name} section (offset ${off}, ${bytesLen} bytes) does not fit in ${total} bytes`);
    }
  };
  const flags = h[H_FLAGS];
  if ((flags & FLAG_ROOT_MASK) >= ROOT_KIND_NAMES.length || ((flags >>> FLAG_MODE_SHIFT) & FLAG_MODE_MASK) >= QUIRKS_MODE_NAMES.length) {
    throw new RangeError(`${fn}: corrupt buffer: header flags 0x${flags.toString(16)} name no root kind or quirks mode`);
  }
  const nodes = h[H_NODE_COUNT];
  const attrs = h[H_ATTR_COUNT];
  if (nodes === 0) throw new RangeError(`${fn}: corrupt buffer: no nodes`);
  section('node', H_NODES_OFF, nodes, NODE_WORDS);
  section('attribute', H_ATTRS_OFF, attrs, ATTR_WORDS);
  section('name', H_NAMES_OFF, h[H_NAME_COUNT], NAME_WORDS);
  section('string', H_STRINGS_OFF, h[H_STRING_UNITS], 0.5);
  if (h[H_FLAGS] & FLAG_HAS_LOCATIONS) {
    section('node location', H_NODE_LOCS_OFF, nodes, LOC_WORDS);
    section('attribute location', H_ATTR_LOCS_OFF, attrs, LOC_WORDS);
  }
  if (h[H_FLAGS] & FLAG_HAS_ERRORS) section('error', H_ERRORS_OFF, h[H_ERROR_COUNT], ERROR_WORDS);
  return h;
}

/** Header word 18: [encoding name, confidence name] of byte input, or [null, null]. */
export function encodingOf(h) {
  const encoding = ENCODING_NAMES[h[H_ENCODING] & ENC_ENCODING_MASK] ?? null;
  return [encoding, encoding === null ? null : CONFIDENCE_NAMES[(h[H_ENCODING] >>> ENC_CONFIDENCE_SHIFT) & ENC_CONFIDENCE_MASK] ?? null];
}

/**
 * Parse errors from (code, offset) records (the buffer's error section, or
 * the module's list after a parse): { code, offset }, plus line and col when
 * `source`, the string parsed, is given (Locator).
 */
export function errorRecords(u32, count, source) {
  const loc = typeof source === 'string' ? new Locator(source) : null;
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    const e = { code: u32[i * ERROR_WORDS + E_CODE], offset: u32[i * ERROR_WORDS + E_OFFSET] };
    if (loc !== null) {
      loc.at(e.offset);
      e.line = loc.line;
      e.col = loc.col;
    }
    out[i] = e;
  }
  return out;
}

/** The error records of a buffer with HAS_ERRORS (else []), checked (validateErrors). */
export function bufferErrors(bytes, h, source, codeCount = -1, fn = 'readErrors') {
  if (!(h[H_FLAGS] & FLAG_HAS_ERRORS) || h[H_ERROR_COUNT] === 0) return [];
  const u32 = new Uint32Array(bytes.buffer, bytes.byteOffset + h[H_ERRORS_OFF], h[H_ERROR_COUNT] * ERROR_WORDS);
  validateErrors(u32, h[H_ERROR_COUNT], typeof source === 'string' ? source.length : -1, codeCount, fn);
  return errorRecords(u32, h[H_ERROR_COUNT], source);
}

/**
 * Views over the sections (no copies) and the name table (atoms, then the
 * buffer's own names): what the builders of decode.js read.
 */
export function makeReader(bytes, h, fn = 'decode') {
  const flags = h[H_FLAGS];
  const units = h[H_STRING_UNITS];
  const nodeCount = h[H_NODE_COUNT];
  const attrCount = h[H_ATTR_COUNT];
  const nameCount = h[H_NAME_COUNT];
  const u32 = new Uint32Array(bytes.buffer, bytes.byteOffset, h[H_TOTAL_BYTES] >>> 2);
  const u16 = new Uint16Array(bytes.buffer, bytes.byteOffset + h[H_STRINGS_OFF], units);
  const names = ATOMS.slice();
  const nb = h[H_NAMES_OFF] >>> 2;
  for (let i = 0; i < nameCount; i++) {
    const off = u32[nb + NAME_WORDS * i];
    const len = u32[nb + NAME_WORDS * i + 1];
    if (off + len > units) throw new RangeError(`${fn}: corrupt buffer: name ${i} is out of the string section`);
    names.push(unitsToString(u16.subarray(off, off + len)));
  }
  const withLoc = (flags & FLAG_HAS_LOCATIONS) !== 0;
  const view = (offWord, words) => u32.subarray(h[offWord] >>> 2, (h[offWord] >>> 2) + words);
  const [encoding] = encodingOf(h);
  return {
    n: view(H_NODES_OFF, nodeCount * NODE_WORDS),
    a: view(H_ATTRS_OFF, attrCount * ATTR_WORDS),
    nl: withLoc ? view(H_NODE_LOCS_OFF, nodeCount * LOC_WORDS) : null,
    al: withLoc ? view(H_ATTR_LOCS_OFF, attrCount * LOC_WORDS) : null,
    u16,
    str: null, // decoded by the 'object' builder
    names,
    units,
    nodeCount,
    attrCount,
    flags,
    mode: modeOf(flags),
    scripting: (flags & FLAG_SCRIPTING) !== 0,
    sourceRefs: (flags & FLAG_SOURCE_REFS) !== 0,
    encoding,
    // XML documents (FLAG_XML): the XML section, checked (js/core/xml-records.js)
    xml: (flags & FLAG_XML) !== 0 ? readXmlSection(u32, h, nodeCount, attrCount, fn) : null,
    fn,
    bad(i, what) {
      throw new RangeError(`${fn}: corrupt buffer: node ${i}: ${what}`);
    },
  };
}

const CONTAINER = (1 << TYPE_ELEMENT) | (1 << TYPE_DOCUMENT) | (1 << TYPE_FRAGMENT);
const LEAF = (1 << TYPE_TEXT) | (1 << TYPE_COMMENT) | (1 << TYPE_PI) | (1 << TYPE_DOCTYPE);
const ROOT_TYPE = [TYPE_DOCUMENT, TYPE_FRAGMENT]; // by root kind; "other": neither
const TEMPLATE_ATOM = ATOMS.indexOf('template');

// Source offsets `w[q] .. w[q + 3]`: the ones present (not NONE) ascend and
// lie within the source (srcLen < 0: unknown).
function locationsOk(w, q, srcLen) {
  let last = 0;
  for (let k = q; k < q + LOC_WORDS; k++) {
    const v = w[k];
    if (v === NONE) continue;
    if (v < last || (srcLen >= 0 && v > srcLen)) return false;
    last = v;
  }
  return true;
}

/**
 * Check every record once, in one pass over the nodes with a stack of open
 * ancestors, so that every reader (the lazy DOM, the object builder, the
 * serialisers, select.js) meets a consistent tree: indexes and strings in
 * range, and links that agree with the pre-order layout: the parent is the
 * nearest node whose subtree encloses the node, the previous sibling is the
 * previous node with that parent, the last child the last one; template
 * contents only right after an HTML template (which has them), documents
 * and fragments only as the root (as the header's root kind says) or as
 * template contents; source locations ascending within each record (and
 * within the source when its length `srcLen` is known), error offsets too.
 * What it cannot see: a changed character in the strings (docs/format.md).
 * @param {ReturnType<typeof makeReader>} r
 * @param {number} [srcLen] the length of the parsed input, -1 if unknown
 */
export function validate(r, srcLen = -1) {
  // The layout constants as locals (as in object.js buildObject): V8 checks an
  // imported binding on every read, and this loop reads them per record.
  const {
    ANS_XMLNS, ATTR_WORDS, A_NAME, A_NS, A_VALUE_LEN, A_VALUE_OFF, FLAG_ROOT_MASK, INFO_NS_MASK, INFO_NS_SHIFT,
    INFO_SHADOW_ROOT, INFO_TEMPLATE_CONTENTS, INFO_TYPE_MASK, LOC_WORDS, NODE_WORDS, NONE, NS_OTHER, N_ATTR_COUNT,
    N_ATTR_FIRST, N_DATA_LEN, N_DATA_OFF, N_END, N_LAST_CHILD, N_NAME, N_PARENT, N_PREV, N_PUBLIC_LEN, N_PUBLIC_OFF,
    N_SYSTEM_LEN, SHADOW_ALL, TYPE_COMMENT, TYPE_DOCTYPE, TYPE_DOCUMENT, TYPE_ELEMENT, TYPE_FRAGMENT, TYPE_PI, TYPE_TEXT,
  } = LAYOUT;
  const { n, a, nl, al, nodeCount, attrCount, units, fn } = r;
  const names = r.names;
  const xml = r.xml;
  const nameCount = names.length;
  const corrupt = (what) => new RangeError(`${fn}: corrupt buffer: ${what}`);
  if (r.sourceRefs) {
    throw new RangeError(`${fn}: the buffer refers to the text it was parsed from (SOURCE_REFS); such buffers are decoded only by parse() itself`);
  }
  for (let k = 0; k < attrCount; k++) {
    const q = k * ATTR_WORDS;
    if (a[q + A_NAME] >= nameCount) throw corrupt(`attribute ${k}: name id ${a[q + A_NAME]} out of range`);
    if (a[q + A_VALUE_OFF] + a[q + A_VALUE_LEN] > units) throw corrupt(`attribute ${k}: value out of bounds`);
    if ((a[q + A_NS] & 0xff) > ANS_XMLNS) throw corrupt(`attribute ${k}: unknown namespace ${a[q + A_NS] & 0xff}`);
    if (al !== null && !locationsOk(al, k * LOC_WORDS, srcLen)) throw corrupt(`attribute ${k}: location out of order or range`);
  }
  const rootType = ROOT_TYPE[r.flags & FLAG_ROOT_MASK];
  const n0 = n[0] & INFO_TYPE_MASK;
  if (n[N_PARENT] !== NONE) r.bad(0, `parent index ${n[N_PARENT]} is invalid: the root has none`);
  if (n[N_PREV] !== NONE || (n[0] & (INFO_TEMPLATE_CONTENTS | INFO_SHADOW_ROOT)) !== 0) r.bad(0, 'the root has no sibling and is no template contents or shadow root');
  if (n[N_END] !== nodeCount) r.bad(0, 'root subtree does not span all nodes');
  if (rootType === undefined ? n0 === TYPE_DOCUMENT || n0 === TYPE_FRAGMENT : n0 !== rootType) {
    r.bad(0, `node type ${n0} does not match the root kind '${ROOT_KIND_NAMES[r.flags & FLAG_ROOT_MASK]}'`);
  }
  // The open ancestors of node i: index, subtree end, last child so far.
  if (stackIdx.length < 64) growStack(64);
  let openIdx = stackIdx;
  let openEnd = stackEnd;
  let openLast = stackLast;
  let top = -1;
  let attrNext = 0;
  for (let i = 0; i < nodeCount; i++) {
    const b = i * NODE_WORDS;
    const info = n[b];
    const type = info & INFO_TYPE_MASK;
    const end = n[b + N_END];
    if (type > 31 || ((CONTAINER | LEAF) & (1 << type)) === 0) r.bad(i, `unknown node type ${type}`);
    if (end <= i || end > nodeCount) r.bad(i, `subtree end ${end} is invalid`);
    if (i !== 0) {
      // Close the ancestors whose subtree ended before i.
      while (openEnd[top] <= i) {
        const q = openIdx[top];
        if (n[q * NODE_WORDS + N_LAST_CHILD] !== openLast[top]) r.bad(q, `last child ${n[q * NODE_WORDS + N_LAST_CHILD]} is not ${openLast[top] === NONE ? 'none' : openLast[top]}`);
        top--;
      }
      const p = n[b + N_PARENT];
      const prev = n[b + N_PREV];
      if (p !== openIdx[top]) r.bad(i, `parent index ${p} is invalid: the enclosing node is ${openIdx[top]}`);
      if (end > openEnd[top]) r.bad(i, `subtree end ${end} is invalid: beyond its parent's`);
      if ((info & INFO_TEMPLATE_CONTENTS) !== 0) {
        const pb = p * NODE_WORDS;
        if (type !== TYPE_FRAGMENT || p !== i - 1 || !isHtmlTemplate(n[pb], n[pb + N_NAME], names, p, xml)) r.bad(i, 'misplaced template contents');
        if (prev !== NONE) r.bad(i, `previous sibling ${prev} is invalid: template contents have none`);
        if ((info & INFO_SHADOW_ROOT) !== 0) r.bad(i, 'template contents and shadow root at once');
      } else if ((info & INFO_SHADOW_ROOT) !== 0) {
        // A shadow root (format version 2): right after its host, an
        // element that is no HTML template; no sibling; known state bits.
        const pb = p * NODE_WORDS;
        if (type !== TYPE_FRAGMENT || p !== i - 1 || (n[pb] & INFO_TYPE_MASK) !== TYPE_ELEMENT ||
          isHtmlTemplate(n[pb], n[pb + N_NAME], names, p, xml)) r.bad(i, 'misplaced shadow root');
        if (prev !== NONE) r.bad(i, `previous sibling ${prev} is invalid: a shadow root has none`);
        if ((n[b + 5] & ~SHADOW_ALL) !== 0) r.bad(i, `unknown shadow root bits ${n[b + 5]}`);
      } else {
        if (type === TYPE_DOCUMENT || type === TYPE_FRAGMENT) r.bad(i, 'a document or fragment inside the tree');
        if (prev !== openLast[top]) r.bad(i, `previous sibling ${prev} is invalid`);
        openLast[top] = i;
      }
    }
    if (type === TYPE_ELEMENT) {
      const id = n[b + N_NAME];
      if (id >= nameCount) r.bad(i, `name id ${id} out of range`);
      if ((info & (INFO_NS_MASK << INFO_NS_SHIFT)) > (NS_OTHER << INFO_NS_SHIFT)) r.bad(i, `unknown namespace ${(info >>> INFO_NS_SHIFT) & INFO_NS_MASK}`);
      if (n[b + N_ATTR_FIRST] !== attrNext || attrNext + n[b + N_ATTR_COUNT] > attrCount) r.bad(i, 'attribute range is invalid');
      attrNext += n[b + N_ATTR_COUNT];
      // An HTML template has its contents (the parser always makes them).
      if ((id === TEMPLATE_ATOM || id >= ATOM_COUNT) && isHtmlTemplate(info, id, names, i, xml) &&
        (i + 1 >= end || (n[b + NODE_WORDS] & INFO_TEMPLATE_CONTENTS) === 0)) r.bad(i, 'template without its contents');
    } else if (type === TYPE_TEXT || type === TYPE_COMMENT || type === TYPE_PI) {
      if (n[b + N_DATA_OFF] + n[b + N_DATA_LEN] > units) r.bad(i, 'data out of bounds');
      if (type === TYPE_PI && n[b + N_NAME] >= nameCount) r.bad(i, `name id ${n[b + N_NAME]} out of range`);
    } else if (type === TYPE_DOCTYPE) {
      if (n[b + N_NAME] >= nameCount) r.bad(i, `name id ${n[b + N_NAME]} out of range`);
      if (n[b + N_PUBLIC_OFF] + n[b + N_PUBLIC_LEN] + n[b + N_SYSTEM_LEN] > units) r.bad(i, 'doctype identifier out of bounds');
    }
    if ((CONTAINER & (1 << type)) !== 0) {
      if (++top === openIdx.length) {
        growStack(2 * top);
        openIdx = stackIdx;
        openEnd = stackEnd;
        openLast = stackLast;
      }
      openIdx[top] = i;
      openEnd[top] = end;
      openLast[top] = NONE;
    } else if (end !== i + 1) {
      r.bad(i, 'leaf with children');
    }
    if (nl !== null && !locationsOk(nl, i * LOC_WORDS, srcLen)) r.bad(i, 'location out of order or range');
  }
  for (; top >= 0; top--) {
    const q = openIdx[top];
    if (n[q * NODE_WORDS + N_LAST_CHILD] !== openLast[top]) r.bad(q, `last child ${n[q * NODE_WORDS + N_LAST_CHILD]} is not ${openLast[top] === NONE ? 'none' : openLast[top]}`);
  }
  if (attrNext !== attrCount) throw corrupt('attribute records not covered by elements');
}

// validate()'s stack, kept between calls (grown for deep trees).
let stackIdx = new Uint32Array(0);
let stackEnd = stackIdx;
let stackLast = stackIdx;
function growStack(size) {
  const grow = (a) => {
    const b = new Uint32Array(size);
    b.set(a);
    return b;
  };
  stackIdx = grow(stackIdx);
  stackEnd = grow(stackEnd);
  stackLast = grow(stackLast);
}

/**
 * Is node i (record word `info`, name id `id`) an HTML template element, which has template contents?
 * In an XML document (`xml`: the XML section, js/core/xml-records.js) elements are in namespace "other" and
 * one named template whose XML namespace is the HTML namespace is one: HTML 13.4 puts what the XML
 * parser appends to it in its template contents (src/xml5/xml5_tree_builder.c).
 */
function isHtmlTemplate(info, id, names, i, xml) {
  if ((info & INFO_TYPE_MASK) !== TYPE_ELEMENT || !(id === TEMPLATE_ATOM || names[id] === 'template')) return false;
  const ns = (info >>> INFO_NS_SHIFT) & INFO_NS_MASK;
  return xml === null ? ns === NS_HTML : ns === NS_OTHER && xml.ns[xml.nq[i]] === ELEMENT_NS_URI[NS_HTML];
}

/**
 * Parse-error records: each offset within the source when its length
 * `srcLen` is known, each code below `codeCount` when known.
 */
export function validateErrors(u32, count, srcLen, codeCount, fn) {
  for (let i = 0; i < count; i++) {
    const code = u32[i * ERROR_WORDS + E_CODE];
    const offset = u32[i * ERROR_WORDS + E_OFFSET];
    if ((srcLen >= 0 && offset > srcLen) || (codeCount >= 0 && code >= codeCount)) {
      throw new RangeError(`${fn}: corrupt buffer: parse error ${i} (code ${code}, offset ${offset}) out of range`);
    }
  }
}

/**
 * A buffer from outside the library, checked as every reader of it checks
 * it (decode, readHeader, readErrors, serializeBuffer all accept exactly the
 * same buffers): private aligned bytes (alignedBytes), the header
 * (readHeaderWords), every record (validate) and the error records
 * (validateErrors); with `source`, the string parsed, offsets must lie
 * within it.  Returns the reader (makeReader) with `bytes` and `h`.
 */
export function checkedReader(fn, buffer, source) {
  const bytes = alignedBytes(buffer, fn);
  const h = readHeaderWords(bytes, fn);
  const r = makeReader(bytes, h, fn);
  const srcLen = typeof source === 'string' ? source.length : -1;
  validate(r, srcLen);
  if ((h[H_FLAGS] & FLAG_HAS_ERRORS) !== 0) {
    validateErrors(new Uint32Array(bytes.buffer, bytes.byteOffset + h[H_ERRORS_OFF], h[H_ERROR_COUNT] * ERROR_WORDS), h[H_ERROR_COUNT], srcLen, -1, fn);
  }
  r.bytes = bytes;
  r.h = h;
  return r;
}

/**
 * parse5-style location of node `i`, or null when the node has no source
 * position.  `r` has the record arrays n, a, nl, al and names (the reader
 * of makeReader or a dom.js Tree); `loc` is a Locator over `source`.
 */
export function nodeLocation(r, i, loc, source) {
  const n = r.n;
  const nl = r.nl;
  const lb = i * LOC_WORDS;
  const b = i * NODE_WORDS;
  const start = nl[lb + L_START];
  // Elements the parser implied (no start tag) have none, as in parse5.
  if (start === NONE || (n[b] & INFO_IMPLICIT) !== 0) return null;
  let end = nl[lb + L_END];
  if ((n[b] & INFO_TYPE_MASK) !== TYPE_ELEMENT) return loc.span(start, end === NONE ? start : end);
  const stEnd = nl[lb + L_START_TAG_END];
  const etStart = nl[lb + L_END_TAG_START];
  if (end === NONE) end = stEnd === NONE ? start : stEnd;
  const l = loc.span(start, end);
  const cnt = n[b + N_ATTR_COUNT];
  if (cnt !== 0) {
    const ns = (n[b] >>> INFO_NS_SHIFT) & INFO_NS_MASK;
    const a0 = n[b + N_ATTR_FIRST];
    const al = r.al;
    const a = r.a;
    let attrs = null;
    for (let k = a0; k < a0 + cnt; k++) {
      const q = k * ATTR_WORDS;
      const ql = k * LOC_WORDS;
      const nameStart = al[ql + AL_NAME_START];
      if (nameStart === NONE || nameStart < start || (stEnd !== NONE && nameStart >= stEnd)) continue;
      let aEnd = al[ql + AL_NAME_END];
      const vs = al[ql + AL_VALUE_START];
      const ve = al[ql + AL_VALUE_END];
      if (vs !== NONE && ve !== NONE && vs > aEnd) {
        aEnd = ve;
        // The value's span is inside the quotes; parse5 ends the attribute after the closing quote.
        if (source !== undefined) {
          const quote = source.charCodeAt(vs - 1);
          if ((quote === 0x22 || quote === 0x27) && source.charCodeAt(ve) === quote) aEnd = ve + 1;
        }
      }
      const ans = a[q + A_NS] & 0xff;
      let key = r.names[a[q + A_NAME]];
      if (r.xml != null) {
        // XML (js/core/xml-records.js): the qualified name as written, case kept.
        const prefix = r.xml.prefix[r.xml.aq[k]];
        if (prefix !== null) key = prefix + ':' + key;
      } else {
        if (ans !== ANS_NONE && !(ans === ANS_XMLNS && key === 'xmlns')) key = ATTR_NS_PREFIX[ans] + ':' + key;
        // parse5 keys attribute locations by the name as tokenized (lowercase).
        if (ns !== NS_HTML) key = key.toLowerCase();
      }
      if (attrs === null) attrs = Object.create(null);
      attrs[key] = loc.span(nameStart, aEnd);
    }
    if (attrs !== null) l.attrs = attrs;
  }
  const st = loc.span(start, stEnd === NONE ? end : stEnd);
  if (l.attrs !== undefined) st.attrs = l.attrs;
  l.startTag = st;
  if (etStart !== NONE) l.endTag = loc.span(etStart, end);
  return l;
}
