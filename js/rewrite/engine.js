// The rewriting engine of HTMLRewriter (js/rewrite/index.js): bytes in,
// bytes out, as they arrive.
//
// The input's bytes are given to the wasm tokenizer as they are
// (h5w_rewrite_begin, wasm/exports.c; the module is built over bytes):
// markup is ASCII in every encoding HTMLRewriter accepts (ASCII-compatible
// ones, as lol-html), so the tokenizer's offsets are byte offsets, and its
// records carry offsets only (RTOKEN_*, scripts/data/abi.json).  The output is the input's own bytes,
// sliced by those offsets, except where a handler changed something: bytes
// no handler touches come out exactly as they came in (quotes, case,
// whitespace, entities, invalid bytes).  The tokenizer switches state for
// text-switching elements and foreign content as tree construction would
// (the simulation is in wasm/exports.c; docs/rewriter.md).
//
// The stack of open elements is lol-html's (for the selectors and the end
// tags): every start tag but a void one (and a self-closing one in SVG or
// MathML) is pushed; an end tag pops up to the last open element of its
// name, and the elements above it end there too (implied end tags).
import {
  RTOKEN_ATOM_SHIFT, RTOKEN_ATTR_WORDS, RTOKEN_DUPLICATES, RTOKEN_GIVEN, RTOKEN_MAYBE, RTOKEN_NS_MASK, RTOKEN_NS_SHIFT, RTOKEN_PUSHED, RTOKEN_SELF_CLOSING,
  RTOKEN_WORDS, STATUS_OK,
  TOKEN_CHARACTER, TOKEN_COMMENT, TOKEN_DOCTYPE, TOKEN_END_TAG, TOKEN_START_TAG,
} from '../core/abi.js';
import { ATOMS } from '../core/atoms.js';
import { statusError } from '../core/errors.js';
import { doctypeOf, getRewriteWasm } from './module.js';
import { Comment, Doctype, DocumentEnd, Element, EndTag, TextChunk } from './content.js';
import { matches } from './selector.js';
import { LEGACY_CI_ATTRS } from '../select/select.js';

// What a session records (h5w_rewrite_select, wasm/exports.c): every start tag (else those the filter passes),
// text (and every tag, as text node ends), comments, doctypes.
const RW_ALL_TAGS = 1, RW_TEXT = 2, RW_COMMENTS = 4, RW_DOCTYPE = 8;
const SIBLING_PSEUDOS = new Set(['first-child', 'nth-child', 'first-of-type', 'nth-of-type']);

/** Whether compound `c` (and its :not()s) looks at siblings. */
const looksAtSiblings = (c) => c.pseudos !== null && c.pseudos.some((p) => SIBLING_PSEUDOS.has(p.name) || (p.name === 'not' && p.list.some((x) => looksAtSiblings(x[0].c))));
// (The filter is bytes: a length must fit one.)
const isAsciiName = (n) => n.length < 0x100 && /^[\x01-\x7f]*$/.test(n);
// The tests of an attribute's value the session's filter makes (RF_*, wasm/exports.c): on values that are
// printable ASCII without '&' (so that the value as written passing implies the decoded value does).
const RF_PRESENT = 0, RF_EQUALS = 1, RF_PREFIX = 2, RF_WORD = 3;
const isPlainValue = (v) => typeof v === 'string' && v.length < 0x100 && /^[\x21-\x25\x27-\x7e][\x20-\x25\x27-\x7e]*$/.test(v);

/** [attribute name, RF_* test, value] a start tag must pass to match compound `c` (a superset), or null. */
function attributeTest(c) {
  if (c.id !== null) return ['id', isPlainValue(c.id) ? RF_EQUALS : RF_PRESENT, c.id];
  if (c.classes !== null) return ['class', isPlainValue(c.classes[0]) && !/ /.test(c.classes[0]) ? RF_WORD : RF_PRESENT, c.classes[0]];
  if (c.attrs === null) return null;
  // A case-sensitive '=' or '^=' if there is one (as selector.js's isCaseInsensitive: on HTML elements some attributes compare without case).
  const at = c.attrs.find((a) => (a.op === '=' || a.op === '^=') && isPlainValue(a.value) && (a.flag === 's' || (a.flag !== 'i' && !LEGACY_CI_ATTRS.has(a.nameLower))));
  if (at !== undefined) return [at.nameLower, at.op === '=' ? RF_EQUALS : RF_PREFIX, at.value];
  return [c.attrs[0].nameLower, RF_PRESENT, ''];
}

/**
 * The start tags the rules can match, as the filter of h5w_rewrite_select
 * (bytes, all ASCII: per selector its tag name, or any, and an attribute it needs
 * present), or null when a rule needs every element (combinators and
 * sibling counts look at elements no rule matches).
 */
export function tagFilter(rules) {
  const out = [];
  const seen = new Map(); // entry -> its index
  // Per rule (by index), the entries that decide it (a bit each), when its every selector is all its entry
  // tests (a tag, and one attribute present or with a plain value): a record's word 6 then tells whether it
  // matches; else 0 (selector.js decides).
  const masks = new Array(rules.length).fill(0);
  for (const r of rules) {
    let mask = 0;
    for (const s of r.selector) {
      if (s.compounds.length !== 1) return null;
      const c = s.compounds[0].c;
      if (looksAtSiblings(c)) return null;
      const tag = s.tag ?? '';
      const test = attributeTest(c);
      const [attr, op, value] = test ?? ['', RF_PRESENT, ''];
      if (!isAsciiName(tag) || !isAsciiName(attr)) return null;
      const key = JSON.stringify([tag, attr, op, op === RF_PRESENT ? '' : value]);
      let index = seen.get(key);
      const isNew = index === undefined;
      if (isNew) seen.set(key, (index = seen.size));
      const conditions = (c.id !== null ? 1 : 0) + (c.classes?.length ?? 0) + (c.attrs?.length ?? 0);
      const decided = index < 32 && mask !== -1 && (c.pseudos === null || c.pseudos.length === 0) &&
        (conditions === 0 || (conditions === 1 && (op !== RF_PRESENT || (c.attrs !== null && (c.attrs[0].op === null || c.attrs[0].op === undefined)))));
      mask = decided ? mask | (1 << index) : -1;
      if (!isNew) continue;
      out.push(tag.length);
      for (let i = 0; i < tag.length; i++) out.push(tag.charCodeAt(i));
      out.push(attr.length);
      for (let i = 0; i < attr.length; i++) out.push(attr.charCodeAt(i));
      if (attr === '') continue;
      const v = op === RF_PRESENT ? '' : value;
      out.push(op, v.length);
      for (let i = 0; i < v.length; i++) out.push(v.charCodeAt(i));
    }
    masks[r.index] = mask === -1 ? 0 : mask;
  }
  return { units: out, masks };
}
// tagFilter's answers by the rules' selectors (their source text, in order): the same for every transform of the
// same rules, and most programs have a few sets of rules.
const FILTERS = new Map();
const FILTERS_MAX = 64;

/** tagFilter(rules), made once per list of selectors. */
function filterOf(rules) {
  let key = '';
  for (const r of rules) key += r.source.length + ':' + r.source; // (each its length first: no two lists alike)
  let f = FILTERS.get(key);
  if (f === undefined) {
    f = tagFilter(rules);
    if (FILTERS.size >= FILTERS_MAX) FILTERS.clear();
    FILTERS.set(key, f);
  }
  return f;
}
// The most bytes given to the module at once.
const FEED_MAX = 1 << 20;
const TWO32 = 4294967296;

const sessions = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry(({ w, s }) => w.h5w_stream_free(s)) : null;

// Names met before, by a number that spells them exactly (names of at most
// 10 ASCII letters and digits: base 37), so that a tag name makes no string.
const NAMES = new Map();

/** The name of `len` bytes at `at` of `buf`, ASCII-lowercased (a tag or attribute name). */
function lowerName(buf, at, len, decode) {
  if (len <= 10) {
    let key = 0;
    let i = at;
    const e = at + len;
    for (; i < e; i++) {
      const c = buf[i] | 0x20;
      const d = c >= 0x61 && c <= 0x7a ? c - 0x60 : c >= 0x30 && c <= 0x39 && buf[i] === c ? c - 0x2f + 26 : 0;
      if (d === 0) break;
      key = key * 37 + d;
    }
    if (i === e) {
      let name = NAMES.get(key);
      if (name === undefined) {
        name = String.fromCharCode(...buf.subarray(at, e)).toLowerCase();
        if (NAMES.size < 4096) NAMES.set(key, name);
      }
      return name;
    }
  }
  let s = '';
  for (let i = at, e = at + len; i < e; i++) {
    let c = buf[i];
    if (c >= 0x80) return decode(buf.subarray(at, at + len)).replace(/[A-Z]+/g, (m) => m.toLowerCase());
    if (c >= 0x41 && c <= 0x5a) c += 32;
    s += String.fromCharCode(c);
  }
  return s;
}

const isSpace = (c) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;

/**
 * The attributes of start tag `raw` (its source text) with each repeated
 * name too, as lol-html keeps them (the tokenizer drops repeats, 13.2.5.33):
 * [[name, value as written, the attribute's source text]].  13.2.5.32-39,
 * on a tag the tokenizer has already delimited.  Only for tags that repeat
 * a name (RTOKEN_DUPLICATES).
 */
export function scanAttributes(raw, nameLen) {
  const out = [];
  const n = raw.length;
  let i = 1 + nameLen;
  for (;;) {
    while (i < n && (isSpace(raw.charCodeAt(i)) || raw[i] === '/')) i++;
    if (i >= n || raw[i] === '>') return out;
    const start = i;
    i++; // the first character is the name's, '=' too (13.2.5.32)
    while (i < n && !isSpace(raw.charCodeAt(i)) && raw[i] !== '/' && raw[i] !== '>' && raw[i] !== '=') i++;
    const name = raw.slice(start, i).replace(/[A-Z]+/g, (m) => m.toLowerCase());
    let j = i;
    while (j < n && isSpace(raw.charCodeAt(j))) j++;
    let value = '';
    if (raw[j] === '=') {
      j++;
      while (j < n && isSpace(raw.charCodeAt(j))) j++;
      const q = raw[j];
      if (q === '"' || q === "'") {
        const e = raw.indexOf(q, j + 1);
        const end = e < 0 ? n : e;
        value = raw.slice(j + 1, end);
        i = e < 0 ? n : e + 1;
      } else {
        let e = j;
        while (e < n && !isSpace(raw.charCodeAt(e)) && raw[e] !== '>') e++;
        value = raw.slice(j, e);
        i = e;
      }
    }
    out.push([name, value, raw.slice(start, i)]);
  }
}

const NO_ATTRS = Object.freeze([]);
const NO_RECORDS = new Uint32Array(0);
const SCRATCH = []; // the codes of a short string being made (str)
// The buffers a finished transform left for the next one (Engine.free), each up to SPARE_MAX bytes: the
// inserted bytes (Engine.ins), and the output of a whole input decoded to a string (Engine.assemble).
let spareIns = null;
let spareJoin = null;
const SPARE_MAX = 4 << 20;

/** Adds what an EndTag's handlers did to the end tag's mutations `m`. */
function endTagDone(t, m) {
  t._live = false;
  m.before += t._before;
  m.after = t._after + m.after;
  if (t._removed) m.removed = true;
  if (t._renamed) m.name = t._n;
}
const SELF_CLOSING_END = Uint8Array.of(0x20, 0x2f, 0x3e);
const EQ_QUOTE = Uint8Array.of(0x3d, 0x22);
// Where insert() encodes strings of up to ENCODED_MAX code units (3 bytes each at most in UTF-8).
const ENCODED_MAX = 256;
const ENCODED = new Uint8Array(3 * ENCODED_MAX);
// (Called through .call: `str.charCodeAt` on the many kinds of strings inserted, literals, joined and sliced,
// makes V8's property load megamorphic, a generic lookup per character.)
const charCodeAt = String.prototype.charCodeAt;
const isThenable = (r) => r !== null && (typeof r === 'object' || typeof r === 'function') && typeof r.then === 'function';

/**
 * An open element: its name, namespace, parent and position among its
 * siblings (for the selectors), and what its end tag must do.
 */
class Item {
  constructor(name, ns, parent) {
    this.name = name;
    this.ns = ns;
    this.parent = parent;
    this.children = 0;        // element children so far
    this.types = null;        // Map name -> count (:nth-of-type)
    this.childIndex = 0;
    this.typeIndex = 0;
    this.tag = null;            // its StartTag while it is matched (KeptAttributes after, if selectors need them)
    // The text and comment handlers in force inside it: those of the rules it and its ancestors matched
    // (each once, in the order they were added), then the document's; an element that matched none shares its parent's.
    this.text = parent === null ? null : parent.text;
    this.comments = parent === null ? null : parent.comments;
    this.element = null;      // its Element, when a handler changed what its end tag does
  }
  attrs() { return this.tag === null ? NO_ATTRS : this.tag.attrs(); }
  attr(name) { return this.tag === null ? null : this.tag.attr(name); }
  test(name, op, want) { return this.tag === null ? undefined : this.tag.test?.(name, op, want); }
}

/** An ancestor's attributes, kept for the selectors that look at them. */
class KeptAttributes {
  constructor(list) { this.list = list; }
  attrs() { return this.list; }
  attr(name) {
    for (const a of this.list) if (a[0] === name) return a[1];
    return null;
  }
}

/**
 * The start tag being handled: its attributes read from the input (names
 * lowercased, values as written) when asked, one by name without the others.
 */
class StartTag {
  constructor(engine, words, at, s, e, name, selfClosing) {
    this.x = engine;
    this.s = s;
    this.e = e;
    this.name = name;
    this.selfClosing = selfClosing;
    this.nameLen = words[at + 4];
    this.n = words[at + 5];
    this.duplicates = (words[at + 3] & RTOKEN_DUPLICATES) !== 0;
    // Each attribute's name start, name end, value start, value end are read from the record (the module's, not
    // copied: it stays where it is until the next feed, which waits for the handlers), from word `at` on.
    this.rec = at + RTOKEN_WORDS;
    this.list = null;
    this.scanned = null;
  }
  scan() { return (this.scanned ??= scanAttributes(this.x.str(this.s, this.e), this.nameLen)); }
  /** [name, value] pairs, in source order (repeated names too). */
  attrs() {
    if (this.list !== null) return this.list;
    if (this.duplicates) return (this.list = this.scan().map(([n, v]) => [n, v]));
    const { x } = this;
    const words = x.recs();
    const o = this.rec;
    const list = new Array(this.n);
    for (let k = 0, j = 0; k < this.n; k++, j += RTOKEN_ATTR_WORDS) {
      const ns = x.abs(words[o + j]);
      const ne = x.abs(words[o + j + 1]);
      const ve = x.abs(words[o + j + 3]);
      list[k] = [lowerName(x.buf, ns - x.base, ne - ns, x.enc.decode), ve === ne ? '' : x.str(x.abs(words[o + j + 2]), ve)];
    }
    return (this.list = list);
  }
  /** The attributes' names (lowercased), in source order. */
  names() {
    if (this.list !== null || this.duplicates) return this.attrs().map((a) => a[0]);
    const { x } = this;
    const words = x.recs();
    const o = this.rec;
    const out = new Array(this.n);
    for (let k = 0, j = 0; k < this.n; k++, j += RTOKEN_ATTR_WORDS) {
      const ns = x.abs(words[o + j]);
      out[k] = lowerName(x.buf, ns - x.base, x.abs(words[o + j + 1]) - ns, x.enc.decode);
    }
    return out;
  }
  /** The value as written of attribute k (source order). */
  valueAt(k) {
    if (this.list !== null || this.duplicates) return this.attrs()[k][1];
    const { x } = this;
    const words = x.recs();
    const o = this.rec;
    const j = k * RTOKEN_ATTR_WORDS;
    const ve = x.abs(words[o + j + 3]);
    return ve === x.abs(words[o + j + 1]) ? '' : x.str(x.abs(words[o + j + 2]), ve);
  }
  /** The record index (word) of the first attribute named `name` (lowercase), or -1; compares bytes. */
  find(name) {
    const { x } = this;
    const words = x.recs();
    const o = this.rec;
    const buf = x.buf;
    const len = name.length;
    outer: for (let k = 0, j = 0; k < this.n; k++, j += RTOKEN_ATTR_WORDS) {
      const ns = x.abs(words[o + j]);
      if (x.abs(words[o + j + 1]) - ns !== len) continue;
      for (let i = 0, b = ns - x.base; i < len; i++) {
        let c = buf[b + i];
        if (c >= 0x41 && c <= 0x5a) c += 32;
        if (c !== name.charCodeAt(i)) continue outer;
      }
      return j;
    }
    return -1;
  }
  /** The source index of the first attribute named `name` (lowercase), or -1. */
  indexOf(name) {
    const j = this.find(name);
    return j < 0 ? -1 : j / RTOKEN_ATTR_WORDS;
  }
  /** The value of the first attribute named `name` (lowercase), or null; decodes only that value. */
  attr(name) {
    if (this.list !== null || this.duplicates) {
      for (const a of this.attrs()) if (a[0] === name) return a[1];
      return null;
    }
    const j = this.find(name);
    if (j < 0) return null;
    const { x } = this;
    const words = x.recs();
    const o = this.rec;
    const ve = x.abs(words[o + j + 3]);
    return ve === x.abs(words[o + j + 1]) ? '' : x.str(x.abs(words[o + j + 2]), ve);
  }
  /**
   * Attribute selector `op` ('=', '^=', '$=', '*=') with the ASCII value
   * `want` on attribute `name`, case-sensitively, on the bytes as written
   * (no decoding); undefined when the bytes cannot tell (the caller compares
   * strings).
   */
  test(name, op, want) {
    if (this.list !== null || this.duplicates) return undefined;
    const j = this.find(name);
    if (j < 0) return false;
    const { x } = this;
    const words = x.recs();
    const o = this.rec;
    const ne = x.abs(words[o + j + 1]);
    const ve = x.abs(words[o + j + 3]);
    const vs = ve === ne ? ve : x.abs(words[o + j + 2]);
    const n = want.length;
    if (ve - vs < n || (op === '=' && ve - vs !== n)) return false;
    const buf = x.buf;
    const at = (from) => {
      for (let i = 0, b = from - x.base; i < n; i++) if (buf[b + i] !== want.charCodeAt(i)) return false;
      return true;
    };
    if (op === '=' || op === '^=') return at(vs);
    if (op === '$=') return at(ve - n);
    for (let p = vs; p + n <= ve; p++) if (at(p)) return true; // '*='
    return false;
  }
  rawName() { return this.x.str(this.s + 1, this.s + 1 + this.nameLen); }
  /** Each attribute's source offsets, [start, end, start, end, …] (name to the closing quote; no repeated names). */
  rawSpans() {
    const { x } = this;
    const words = x.recs();
    const o = this.rec;
    const out = new Array(2 * this.n);
    for (let k = 0, j = 0; k < this.n; k++, j += RTOKEN_ATTR_WORDS) {
      let b = x.abs(words[o + j + 3]);
      const q = x.buf[b - x.base];
      if (b !== x.abs(words[o + j + 1]) && (q === 0x22 || q === 0x27) && x.buf[x.abs(words[o + j + 2]) - 1 - x.base] === q) b++;
      out[2 * k] = x.abs(words[o + j]);
      out[2 * k + 1] = b;
    }
    return out;
  }
  /** Each attribute's source text (name to the closing quote), for a tag that repeats a name. */
  rawAttrs() { return this.scan().map((a) => a[2]); }

}

/**
 * One transform: write(bytes) and end() give the output bytes (through
 * `sink`) and return a Promise when a handler returned one.
 */
export class Engine {
  constructor(rules, doc, encoding, sink) {
    this.rules = rules;       // [{ selector (compiled), element, comments, text }]
    this.doc = doc;           // { doctype: [], comments: [], text: [], end: [] }
    this.enc = encoding;      // js/rewrite/encoding.js: { decode(bytes), slice(buf, a, b), boundary(buf, a, b), encode(string), … }
    this.sink = sink;
    // transform(string or bytes): a function given the whole output once, at its end (flushOut); null for
    // streams, whose output goes to `sink` feed by feed.
    this.whole = null;
    this.wholeDecoded = false; // (then `whole` is given a view of a buffer to decode, not bytes of its own)
    this.closed = false;
    this.textRules = rules.some((r) => r.text) || doc.text.length !== 0;
    this.commentRules = rules.some((r) => r.comments) || doc.comments.length !== 0;
    this.needTypes = rules.some((r) => r.selector.some((s) => s.compounds.some(({ c }) => c.pseudos?.some((p) => p.name.endsWith('of-type') || p.name === 'not'))));
    this.needAncestorAttrs = rules.some((r) => r.selector.some((s) => s.compounds.length > 1));
    this.byTag = new Map();   // tag -> rules whose selectors may match it
    for (const r of rules) {
      // (The same for every transform: a rule is the HTMLRewriter's, made by on().)
      r.solo ??= [r];
      r.soloElement ??= r.element ? [r.element] : null;
    }
    this.anyTag = [];
    this.byTagAny = new Map(); // tag -> its rules and anyTag's (bothLists)
    for (const r of rules) {
      const tags = new Set(r.selector.map((s) => s.tag));
      if (tags.has(null)) this.anyTag.push(r);
      else for (const t of tags) (this.byTag.get(t) ?? this.byTag.set(t, []).get(t)).push(r);
    }
    const w = getRewriteWasm();
    const s = w.h5w_rewrite_begin();
    if (s === 0) throw new RangeError('HTMLRewriter.transform(): out of memory: the tokenizer could not start');
    this.w = w;
    this.s = s;
    sessions?.register(this, { w, s }, this);
    // The records the session writes: only the tokens a handler can see (the rest is passed through as it came).
    const filter = filterOf(rules);
    const want = (filter === null ? RW_ALL_TAGS : 0) | (this.textRules ? RW_TEXT : 0) | (this.commentRules ? RW_COMMENTS : 0) | (doc.doctype.length !== 0 ? RW_DOCTYPE : 0);
    this.masks = filter?.masks ?? null;
    const units = filter?.units.length ?? 0;
    const at = w.h5w_stream_input(s, units);
    if (at !== 0) new Uint8Array(w.memory.buffer, at, units).set(filter?.units ?? []);
    if (at === 0 || w.h5w_rewrite_select(s, want, units) === 0) {
      this.free();
      throw new RangeError('HTMLRewriter.transform(): out of memory: the tokenizer could not start');
    }
    this.buf = new Uint8Array(0);
    this.store = null;        // the buffer buf is in when it joins an unfinished token to a new chunk
    this.base = 0;            // offset of buf[0] in the input
    this.baseLow = 0;         // base mod 2^32 (the records' offsets are)
    this.fed = 0;             // bytes given to the tokenizer
    this.flushFrom = 0;       // input before it is written out (or dropped)
    this.cursor = 0;          // input before it is tokenized and handled
    this.suppress = 0;        // > 0: inside removed content, nothing is written
    // The output of the feed, as pieces in order (flushOut joins them): runs of the input (of buf) and runs of
    // inserted bytes (of ins).  segs holds two numbers a piece: its start and length, the length negated for
    // inserted bytes.
    this.segs = new Float64Array(64);
    this.nsegs = 0;           // numbers used in segs
    this.outLen = 0;          // the bytes of the pieces in segs
    this.ins = null;          // the inserted bytes (strings encoded, constant bytes)
    this.at = 0;              // their length; those from insFrom on are not in segs yet
    this.insFrom = 0;
    // Input [runStart, runEnd) written out but not in segs yet (copy): it grows while what is written follows it
    // (-1: none).
    this.runStart = -1;
    this.runEnd = -1;
    this.root = new Item('', 0, null);
    this.root.text = { rules: [], fns: doc.text };
    this.root.comments = { rules: [], fns: doc.comments };
    // The stack of open elements (those JS has): its top, down to the root through each item's parent.
    this.top = this.root;
    this.inText = false;
    this.textFrom = 0;
    // The records of the feed (handle, recs).
    this.rw = NO_RECORDS;
    this.rwPtr = 0;
    this.rwLen = 0;
  }

  free() {
    // The buffer of inserted bytes serves the next transform (unless large).
    const ins = this.ins;
    if (ins !== null && ins.length <= SPARE_MAX && (spareIns === null || spareIns.length < ins.length)) spareIns = ins;
    this.ins = null;
    if (this.s === 0) return;
    sessions?.unregister(this);
    this.w.h5w_stream_free(this.s);
    this.s = 0;
  }

  // ---- output -------------------------------------------------------------
  // The output of a feed is noted as it is decided, as pieces: runs of the input (no copy until the feed's
  // end) and inserted bytes (strings encoded into a buffer of their own, ins).  At the feed's end (flushOut)
  // the pieces are copied once into a buffer of the output's size: the sink's, or the whole output's.
  /** Room for `n` more inserted bytes: ins, written from this.at. */
  room(n) {
    if (this.runEnd >= 0) this.endRun();
    const ins = this.ins;
    if (ins !== null && this.at + n <= ins.length) return ins;
    return this.grow(n);
  }
  /** A larger buffer of inserted bytes (`n` more than those so far). */
  grow(n) {
    const ins = this.ins;
    const need = Math.max(this.at + n, ins === null ? 4096 : 2 * ins.length);
    if (ins === null && spareIns !== null && spareIns.length >= need) {
      // A finished transform's buffer (written over: what it held was copied out).
      this.ins = spareIns;
      spareIns = null;
      return this.ins;
    }
    const grown = new Uint8Array(need);
    if (ins !== null) grown.set(ins.subarray(0, this.at));
    return (this.ins = grown);
  }
  /** Notes a piece of the output: `len` bytes from `start` of the input (buf), or of ins when negative. */
  piece(start, len) {
    let segs = this.segs;
    const k = this.nsegs;
    if (k === segs.length) {
      segs = new Float64Array(2 * k);
      segs.set(this.segs);
      this.segs = segs;
    }
    segs[k] = start;
    segs[k + 1] = len;
    this.nsegs = k + 2;
    this.outLen += len < 0 ? -len : len;
  }
  /** What is being noted (a run of input, inserted bytes) as pieces. */
  settle() {
    if (this.runEnd >= 0) this.endRun();
    if (this.at !== this.insFrom) this.endInserted();
  }
  /** The inserted bytes written since the last piece, as a piece. */
  endInserted() {
    const from = this.insFrom;
    if (this.at !== from) this.piece(from, from - this.at);
    this.insFrom = this.at;
  }
  /**
   * Writes input bytes [a, b) to the output: they join the run of input
   * being noted when they follow it (a start tag written again right after
   * the input before it: one piece, not two), else that run becomes a piece
   * and they start the next.
   */
  copy(a, b) {
    if (a === this.runEnd) {
      this.runEnd = b;
      return;
    }
    this.settle();
    this.runStart = a;
    this.runEnd = b;
  }
  /** The run of input being noted, as a piece (before anything is inserted, and at the feed's end). */
  endRun() {
    const a = this.runStart;
    const n = this.runEnd - a;
    this.runStart = this.runEnd = -1;
    if (n <= 0) return;
    const k = this.nsegs - 2;
    const segs = this.segs;
    if (n <= 32 && k >= 0 && segs[k + 1] < 0 && segs[k] - segs[k + 1] === this.at && this.at + n <= this.ins.length) {
      // A short run between inserted bytes (an unchanged attribute in a start tag written anew): copied after
      // them, to make one piece with them and those that follow.
      const ins = this.ins;
      for (let i = a - this.base, e = i + n, buf = this.buf, at = this.at; i < e; i++) ins[at++] = buf[i];
      this.at += n;
      this.insFrom = segs[k];
      this.outLen += segs[k + 1];
      this.nsegs = k;
      return;
    }
    this.piece(a - this.base, n);
  }
  /** Copies the feed's pieces, in order, into `out` (of their size at least); returns `out`. */
  join(out) {
    const segs = this.segs;
    const buf = this.buf;
    const ins = this.ins;
    let at = 0;
    for (let k = 0; k < this.nsegs; k += 2) {
      const start = segs[k];
      let n = segs[k + 1];
      let from = buf;
      if (n < 0) {
        from = ins;
        n = -n;
      }
      // Short pieces byte by byte (no view made), long ones in one copy (from a view made by the constructor:
      // subarray() also looks up the constructor to use, about 20 ns more a piece in Node 20).
      if (n <= 32) for (let i = start, e = start + n; i < e; i++) out[at++] = from[i];
      else {
        out.set(new Uint8Array(from.buffer, from.byteOffset + start, n), at);
        at += n;
      }
    }
    this.nsegs = 0;
    this.outLen = 0;
    this.at = this.insFrom = 0;
    return out;
  }
  /** Writes the input up to `pos` as it came (nothing inside removed content). */
  emitUpTo(pos) {
    if (pos <= this.flushFrom) return;
    if (this.suppress === 0) this.copy(this.flushFrom, pos);
    this.flushFrom = pos;
  }
  /** Drops the input up to `pos` (a token a handler removed or replaced). */
  skipTo(pos) {
    if (pos > this.flushFrom) this.flushFrom = pos;
  }
  /** Writes input bytes [a, b) that are not at the write position (a start tag written again). */
  emitRaw(a, b) {
    if (this.suppress !== 0 || b <= a) return;
    this.copy(a, b);
  }
  /** Writes a space, then input bytes [a, b) (an attribute written again). */
  emitSpaced(a, b) {
    if (this.suppress !== 0) return;
    this.room(1)[this.at++] = 0x20;
    this.copy(a, b);
  }
  /** Writes one constant byte (ASCII). */
  insertByte(c) {
    if (this.suppress !== 0) return;
    this.room(1)[this.at++] = c;
  }
  /** Writes constant bytes (ASCII, the same in every encoding HTMLRewriter takes). */
  insertBytes(bytes) {
    if (this.suppress !== 0) return;
    const out = this.room(bytes.length);
    if (bytes.length <= 32) for (let k = 0; k < bytes.length; k++) out[this.at++] = bytes[k];
    else {
      out.set(bytes, this.at);
      this.at += bytes.length;
    }
  }
  /** Writes inserted content. */
  insert(str) {
    if (str === '' || this.suppress !== 0) return;
    if (this.enc.encodeInto === null) {
      this.insertBytes(this.enc.encode(str));
      return;
    }
    const out = this.room(3 * str.length);
    this.at = this.encodeAt(out, this.at, str);
  }
  /**
   * Writes `str` in UTF-8 into `out` (with room for 3 bytes per code unit)
   * at `at`; returns where it ends.  ASCII byte by byte up to ENCODED_MAX
   * code units, from the first other character on by encodeInto, into a
   * buffer of its own and copied (no view of the output made for it).  (In
   * the rewriter, a loop to 256 beats encodeInto on URLs: by 4-6% the whole
   * job on a page of links, where alone, out of context, encodeInto is
   * faster from 16 characters on: its call, its checks and the object it
   * returns cost more in the engine than they do in a loop of their own.
   * Node 20.)
   */
  encodeAt(out, at, str) {
    const n = str.length;
    let k = 0;
    if (n <= ENCODED_MAX) {
      for (; k < n; k++) {
        const c = charCodeAt.call(str, k);
        if (c >= 0x80) break;
        out[at++] = c;
      }
    }
    if (k < n) {
      const rest = k === 0 ? str : str.slice(k);
      if (n - k <= ENCODED_MAX) {
        const m = this.enc.encodeInto(rest, ENCODED).written;
        for (let i = 0; i < m; i++) out[at++] = ENCODED[i];
      } else at += this.enc.encodeInto(rest, out.subarray(at)).written;
    }
    return at;
  }
  flushOut() {
    this.settle();
    if (this.outLen === 0) return;
    if (this.whole !== null) {
      // A whole input (transform(string or bytes)): all of the output at its end, given to `whole` (bytes of
      // its own; or, to be decoded, a view of a buffer that serves the next transform).
      if (this.closed) {
        const n = this.outLen;
        if (!this.wholeDecoded) this.whole(this.join(new Uint8Array(n)));
        else {
          let join = spareJoin;
          spareJoin = null;
          if (join === null || join.length < n) join = new Uint8Array(n);
          this.whole(this.join(join).subarray(0, n));
          if (join.length <= SPARE_MAX) spareJoin = join;
        }
      }
      return;
    }
    // The sink's own bytes, of the output's size (never a view of the input, which the caller may reuse).
    this.sink(this.join(new Uint8Array(this.outLen)));
  }

  /** The string of input bytes [a, b). */
  str(a, b) {
    const n = b - a;
    if (n <= 16) {
      // Short ASCII (as in every encoding HTMLRewriter takes): no view, no decoder call (up to 16 bytes this
      // is faster than TextDecoder, beyond it slower: 44 ns to 80 at 4 bytes, 120 to 92 at 24, in Node 20).
      const buf = this.buf;
      const o = a - this.base;
      SCRATCH.length = n;
      let i = 0;
      for (; i < n; i++) {
        const c = buf[o + i];
        if (c >= 0x80) break;
        SCRATCH[i] = c;
      }
      if (i === n) return n === 0 ? '' : String.fromCharCode.apply(null, SCRATCH);
    }
    return this.enc.slice(this.buf, a - this.base, b - this.base);
  }
  abs(off) { return this.base + ((off - this.baseLow) >>> 0); }

  // ---- input --------------------------------------------------------------
  /** Feeds `bytes` (a Uint8Array); returns a Promise when a handler did. */
  write(bytes) {
    if (bytes.length === 0) return undefined;
    // (The pieces of the output were copied out at the last feed's end, before the input they are in is let go.)
    if (this.whole === null && (this.nsegs !== 0 || this.runEnd >= 0 || this.at !== 0)) this.flushOut();
    const keep = Math.min(this.cursor, this.flushFrom, this.inText ? this.textFrom : Infinity);
    const tail = this.buf.subarray(keep - this.base);
    if (tail.length === 0) this.buf = bytes;
    else {
      // The unfinished token and the new bytes, in one buffer kept from chunk to chunk (every output was copied out).
      const need = tail.length + bytes.length;
      let store = this.store;
      if (store === null || store.length < need) store = this.store = new Uint8Array(Math.max(need, 2 * (store?.length ?? 0), 1 << 16));
      if (tail.buffer === store.buffer) store.copyWithin(0, tail.byteOffset, tail.byteOffset + tail.length);
      else store.set(tail);
      store.set(bytes, tail.length);
      this.buf = store.subarray(0, need);
    }
    this.base = keep;
    this.baseLow = keep % TWO32;
    return this.feedFrom(bytes, 0);
  }

  /** Feeds bytes[from..] in pieces of at most FEED_MAX, handling each piece's tokens. */
  feedFrom(bytes, from) {
    while (from < bytes.length) {
      const n = Math.min(FEED_MAX, bytes.length - from);
      const w = this.w;
      const ptr = w.h5w_stream_input(this.s, n);
      if (ptr === 0) throw new RangeError(`HTMLRewriter: out of memory: a chunk of ${n} bytes does not fit the module's memory`);
      new Uint8Array(w.memory.buffer, ptr, n).set(from === 0 && n === bytes.length ? bytes : bytes.subarray(from, from + n));
      const st = w.h5w_stream_feed(this.s, n);
      if (st !== STATUS_OK) statusError('HTMLRewriter', st, this.fed);
      this.fed += n;
      from += n;
      const r = this.handle(false);
      if (r !== undefined) return r.then(() => this.feedFrom(bytes, from));
    }
    return undefined;
  }

  /** The end of the input; returns a Promise when a handler did. */
  end() {
    const st = this.w.h5w_stream_finish(this.s);
    if (st !== STATUS_OK) statusError('HTMLRewriter', st, this.fed);
    const r = this.handle(true);
    return r === undefined ? this.finish() : r.then(() => this.finish());
  }

  finish() {
    // What no token covers (a tag the input ended in) is written as it came.
    this.emitUpTo(this.base + this.buf.length);
    this.cursor = this.base + this.buf.length;
    return this.chain(this.closeOpen(), () => this.documentEnd());
  }

  documentEnd() {
    const end = this.doc.end;
    if (end.length === 0) return this.closeOutput();
    const d = new DocumentEnd();
    const after = () => {
      d._live = false;
      this.insert(d._append);
      return this.closeOutput();
    };
    return this.chain(this.callAll(end, d), after);
  }

  closeOutput() {
    this.closed = true;
    this.flushOut();
    this.free();
    return undefined;
  }

  /** g(r), after r settles if it is a Promise. */
  chain(r, g) { return isThenable(r) ? r.then(g) : g(r); }

  /** Calls each handler with `arg`, in order, awaiting the Promises they return. */
  callAll(handlers, arg, from = 0) {
    for (let i = from; i < handlers.length; i++) {
      const r = handlers[i](arg);
      if (isThenable(r)) return Promise.resolve(r).then(() => this.callAll(handlers, arg, i + 1));
    }
    return undefined;
  }

  // ---- tokens -------------------------------------------------------------
  /** Handles the records of the last feed (or the finish). */
  handle(final) {
    const w = this.w;
    const n = w.h5w_stream_words_len(this.s);
    // A view of the session's records, not a copy: a view that a call into the module (a handler's, another
    // transform's while one awaits) detached by growing its memory is made again (the records stay where they are).
    const done = this.abs(w.h5w_rewrite_done(this.s));
    this.rwPtr = w.h5w_stream_words(this.s);
    this.rwLen = n;
    this.rw = new Uint32Array(w.memory.buffer, this.rwPtr, n);
    const r = n === 0 ? undefined : this.records(0);
    return r === undefined ? this.afterRecords(final, done) : r.then(() => this.afterRecords(final, done));
  }

  afterRecords(final, done) {
    // The tokens no record was written for are passed through as they came.
    if (done > this.cursor) this.cursor = done;
    const r = this.inText ? (final ? this.endText() : this.textChunk(false)) : undefined;
    if (r !== undefined) return r.then(() => this.flushFed());
    this.flushFed();
    return undefined;
  }

  flushFed() {
    this.emitUpTo(this.inText && this.textRules ? this.textFrom : this.cursor);
    this.flushOut();
  }

  /** The records of the feed (a view made again if a call into the module detached it by growing its memory). */
  recs() {
    const rw = this.rw;
    return rw.length !== 0 || this.rwLen === 0 ? rw : (this.rw = new Uint32Array(this.w.memory.buffer, this.rwPtr, this.rwLen));
  }

  records(i) {
    const n = this.rwLen;
    while (i < n) {
      const words = this.recs();
      const kind = words[i];
      const s = this.abs(words[i + 1]);
      const e = this.abs(words[i + 2]);
      if (kind === TOKEN_CHARACTER) {
        if (!this.inText) {
          this.inText = true;
          this.textFrom = this.cursor;
        }
        this.cursor = e;
        i += RTOKEN_WORDS;
        continue;
      }
      let r;
      if (this.textRules && (this.inText || s > this.cursor)) {
        // Text ends here (input no token covered, such as a CDATA section's brackets, is text).
        if (!this.inText) {
          this.inText = true;
          this.textFrom = this.cursor;
        }
        this.cursor = s;
        r = this.endText();
        if (r !== undefined) return r.then(() => this.records(i));
      }
      const at = i;
      i += RTOKEN_WORDS;
      if (kind === TOKEN_START_TAG) {
        i += words[at + 5] * RTOKEN_ATTR_WORDS;
        // (A tag the filter did not pass is recorded only as the end of a text node.)
        if ((words[at + 3] & RTOKEN_GIVEN) !== 0) r = this.startTag(words, at, s, e);
      } else if (kind === TOKEN_END_TAG) {
        if (words[at + 5] !== 0) r = this.endTag(words[at + 3], words[at + 4], words[at + 5] >>> 1, (words[at + 5] & 1) !== 0, s, e);
      }
      else if (kind === TOKEN_COMMENT) r = this.comment(s, e);
      else if (kind === TOKEN_DOCTYPE) r = this.doctype(s, e);
      this.cursor = e;
      if (r !== undefined) return r.then(() => this.records(i));
    }
    return undefined;
  }

  // ---- text ---------------------------------------------------------------
  /** The handlers of `key` ('text', 'comments') in force: the innermost open element's (Item). */
  contentHandlers(key) {
    return this.top[key].fns;
  }

  /** `inherited` ({ rules, fns }) with the rules of `own` that have handlers `key` added. */
  withRules(inherited, own, key) {
    // The same for every element that matches the same rules inside the same ones: made once.
    const cache = (inherited.cache ??= new Map());
    const id = own.length === 1 ? own[0] : own.map((r) => r.index).join();
    let out = cache.get(id);
    if (out === undefined) {
      const rules = [...new Set([...inherited.rules, ...own])].sort((a, b) => a.index - b.index);
      out = { rules, fns: rules.map((r) => r[key]).concat(this.doc[key]), cache: null };
      if (cache.size < 256) cache.set(id, out);
    }
    return out;
  }

  /** The text [textFrom, cursor) as a chunk (last: and the end of its text node). */
  textChunk(last) {
    if (!this.textRules) return undefined;
    const a = this.textFrom;
    // A chunk ends on a character boundary (the bytes of a character cut by the input's chunks wait for the rest).
    const b = last ? this.cursor : this.enc.boundary(this.buf, a - this.base, this.cursor - this.base) + this.base;
    if (a === b && !last) return undefined;
    const handlers = this.contentHandlers('text');
    if (handlers.length === 0) {
      this.textFrom = b;
      return undefined;
    }
    const text = a === b ? '' : this.str(a, b);
    if (last && text !== '') {
      // The text before the end, then the empty chunk that ends the node (as lol-html gives them).
      const first = this.runText(handlers, new TextChunk(text, false), a, b);
      if (first !== undefined) return first.then(() => this.runText(handlers, new TextChunk('', true), b, b));
      return this.runText(handlers, new TextChunk('', true), b, b);
    }
    return this.runText(handlers, new TextChunk(text, last), a, b);
  }

  runText(handlers, t, a, b) {
    this.textFrom = b;
    const r = this.callAll(handlers, t);
    if (r !== undefined) return r.then(() => this.textDone(t, a, b));
    this.textDone(t, a, b);
    return undefined;
  }

  textDone(t, a, b) {
    t._live = false;
    this.mutate(t, a, b, null);
  }

  endText() {
    const r = this.textChunk(true);
    if (r !== undefined) return r.then(() => { this.inText = false; });
    this.inText = false;
    return undefined;
  }

  /** Writes a token [a, b) with mutations `m`: before, the token (or `raw`, or its replacement), after. */
  mutate(m, a, b, raw) {
    if (m._before === '' && m._after === '' && !m._removed && raw === null) return;
    this.emitUpTo(a);
    this.insert(m._before);
    if (m._removed) {
      this.skipTo(b);
      this.insert(m._replacement);
    } else if (raw !== null) {
      this.skipTo(b);
      this.insert(raw);
    } else this.emitUpTo(b);
    this.insert(m._after);
  }

  // ---- comments, doctypes ------------------------------------------------
  comment(s, e) {
    if (!this.commentRules) return undefined;
    const list = this.contentHandlers('comments');
    if (list.length === 0) return undefined;
    const raw = this.str(s, e);
    // The text between the delimiters: <!--…-->, <!--…--!>, <!…>, <?…>, </…> (13.2.5.42-45, bogus comments), or to the end.
    let text;
    if (raw.startsWith('<!--')) {
      const body = raw.slice(4);
      text = body.endsWith('--!>') ? body.slice(0, -4) : body.endsWith('-->') ? body.slice(0, -3) : body.endsWith('>') && body.length <= 2 ? '' : body;
    } else {
      const from = raw.startsWith('<?') ? 1 : 2;
      text = raw.endsWith('>') ? raw.slice(from, -1) : raw.slice(from);
    }
    const c = new Comment(text);
    return this.chain(this.callAll(list, c), () => {
      c._live = false;
      this.mutate(c, s, e, c._changed ? `<!--${c._text}-->` : null);
    });
  }

  doctype(s, e) {
    const list = this.doc.doctype;
    if (list.length === 0) return undefined;
    const t = doctypeOf(this.w, this.str(s, e));
    const d = new Doctype(t?.name ?? null, t?.publicId ?? null, t?.systemId ?? null);
    return this.callAll(list, d);
  }

  // ---- elements -----------------------------------------------------------
  startTag(words, at, s, e) {
    const flags = words[at + 3];
    const ns = (flags >>> RTOKEN_NS_SHIFT) & RTOKEN_NS_MASK;
    const selfClosing = (flags & RTOKEN_SELF_CLOSING) !== 0;
    const nameLen = words[at + 4];
    const atom = flags >>> RTOKEN_ATOM_SHIFT;
    const name = atom !== 0 ? ATOMS[atom] : lowerName(this.buf, s + 1 - this.base, nameLen, this.enc.decode);
    const parent = this.top;
    const item = new Item(name, ns, parent);
    item.childIndex = ++parent.children;
    if (this.needTypes) {
      const types = (parent.types ??= new Map());
      const k = (types.get(name) ?? 0) + 1;
      types.set(name, k);
      item.typeIndex = k;
    }
    const canHaveContent = (flags & RTOKEN_PUSHED) !== 0;
    if (canHaveContent) this.top = item;
    const cands = this.byTag.get(name);
    if (cands === undefined && this.anyTag.length === 0 && !this.needAncestorAttrs) return undefined;

    const tag = new StartTag(this, words, at, s, e, name, selfClosing);
    item.tag = tag;
    // The rules that match, in the order they were added (one: its own list, made once).
    let matched = null;
    if (cands !== undefined || this.anyTag.length !== 0) {
      const list = cands === undefined ? this.anyTag : this.anyTag.length === 0 ? cands : this.bothLists(name, cands);
      let first = null;
      // The rules the session's filter decided (word 6: the entries the tag passes as written).
      const masks = (flags & RTOKEN_MAYBE) === 0 ? this.masks : null;
      const passed = words[at + 6];
      for (let k = 0; k < list.length; k++) {
        const r = list[k];
        const mask = masks === null ? 0 : masks[r.index];
        if (mask !== 0 ? (passed & mask) === 0 : !matches(r.selector, item)) continue;
        if (first === null) first = r;
        else (matched ??= [first]).push(r);
      }
      if (matched === null && first !== null) matched = first.solo;
    }
    // An ancestor's attributes are kept only when a selector looks at them (no input is kept for them).
    item.tag = this.needAncestorAttrs && canHaveContent ? new KeptAttributes(tag.attrs()) : null;
    if (matched === null) return undefined;
    let elementHandlers = null;
    let ownText = null;
    let ownComments = null;
    if (matched.length === 1) {
      const r = matched[0];
      elementHandlers = r.soloElement;
      if (canHaveContent) {
        if (r.text) ownText = matched;
        if (r.comments) ownComments = matched;
      }
    } else {
      for (let k = 0; k < matched.length; k++) {
        const r = matched[k];
        if (r.element) (elementHandlers ??= []).push(r.element);
        if (canHaveContent) {
          if (r.text) (ownText ??= []).push(r);
          if (r.comments) (ownComments ??= []).push(r);
        }
      }
    }
    if (ownText !== null) item.text = this.withRules(item.text, ownText, 'text');
    if (ownComments !== null) item.comments = this.withRules(item.comments, ownComments, 'comments');
    if (elementHandlers === null) return undefined;
    const el = new Element(tag, ns, canHaveContent, canHaveContent ? item : null);
    const r = this.callAll(elementHandlers, el);
    if (r !== undefined) return r.then(() => this.applyElement(el, item, s, e, canHaveContent));
    this.applyElement(el, item, s, e, canHaveContent);
    return undefined;
  }

  /** The rules for tag `name`'s candidates and for any tag, in the order they were added (made once per name). */
  bothLists(name, cands) {
    let list = this.byTagAny.get(name);
    if (list === undefined) {
      list = this.rules.filter((r) => cands.includes(r) || this.anyTag.includes(r));
      this.byTagAny.set(name, list);
    }
    return list;
  }

  applyElement(el, item, s, e, canHaveContent) {
    el._live = false;
    const m = el;
    const same = !m._removed && !el._keepContent && el._name === null && el._attrs === null && el._sets === null;
    // A start tag written as it came with nothing before it is not flushed: the input is copied in longer runs.
    if (!same || m._before !== '') this.emitUpTo(s);
    this.insert(m._before);
    if (m._removed && !el._keepContent) {
      // remove(), replace(): the start tag, the content and the end tag go.
      this.skipTo(e);
      this.insert(m._replacement);
      if (canHaveContent) {
        this.suppress++;
        item.element = { suppress: true, dropEnd: true, append: '', after: m._after, handlers: el._endTagHandlers, name: el._name };
      } else this.insert(m._after);
      return;
    }
    if (el._keepContent) this.skipTo(e);
    else if (!same) {
      this.skipTo(e);
      this.writeStartTag(el);
    } else if (el._prepend !== '' || el._inner !== null || (!canHaveContent && m._after !== '')) this.emitUpTo(e);
    this.insert(el._prepend);
    if (el._inner !== null) this.insert(el._inner);
    if (canHaveContent) {
      if (el._inner !== null) this.suppress++;
      if (el._inner !== null || el._keepContent || el._append !== '' || m._after !== '' || el._endTagHandlers !== null || el._name !== null) {
        item.element = { suppress: el._inner !== null, dropEnd: el._keepContent, append: el._append, after: m._after, handlers: el._endTagHandlers, name: el._name };
      }
    } else this.insert(m._after);
    return undefined;
  }

  /**
   * Writes the start tag after a change of name or attributes, as lol-html
   * writes it: `<`, the name, each attribute after one space (unchanged ones
   * as written: their bytes, not decoded), ` />` or `>`.
   */
  writeStartTag(el) {
    const tag = el._tag;
    if (el._attrs === null && !tag.duplicates) {
      this.writeStartTagSets(el, tag);
      return;
    }
    const spans = tag.duplicates ? null : tag.rawSpans();
    const raw = spans === null ? tag.rawAttrs() : null;
    if (el._name !== null) this.insert('<' + el._name);
    else this.emitRaw(tag.s, tag.s + 1 + tag.nameLen);
    const list = el._attrs ?? el._list();
    for (const [n, v, k, changed] of list) {
      if (!changed) {
        if (spans === null) this.insert(' ' + raw[k]);
        else this.emitSpaced(spans[2 * k], spans[2 * k + 1]);
        continue;
      }
      // A changed value: its name as written (a new attribute: as given), the value in double quotes.
      if (k < 0) this.insert(' ' + n);
      else if (spans === null) this.insert(' ' + raw[k].slice(0, n.length));
      else this.emitSpaced(spans[2 * k], spans[2 * k] + n.length);
      this.insertValue(v);
    }
    this.endStartTag(tag);
  }

  /**
   * writeStartTag for a tag whose attributes changed only by setAttribute
   * (Element._sets) or not at all: the same bytes, with the runs of the
   * source that it writes unchanged (the name, attributes one space apart)
   * copied in one piece each.
   */
  writeStartTagSets(el, tag) {
    const sets = el._sets;
    const words = this.recs();
    const o = tag.rec;
    const buf = this.buf;
    const base = this.base;
    // The source run [ra, rb) not yet written (-1: none).
    let ra = -1;
    let rb = -1;
    if (el._name !== null) this.insert('<' + el._name);
    else {
      ra = tag.s;
      rb = tag.s + 1 + tag.nameLen;
    }
    for (let k = 0, j = 0; k < tag.n; k++, j += RTOKEN_ATTR_WORDS) {
      let v = null;
      if (sets !== null) {
        for (let i = 2; i < sets.length; i += 3) {
          if (sets[i] === k) {
            v = sets[i - 1];
            break;
          }
        }
      }
      const a = this.abs(words[o + j]);
      // Unchanged: the attribute as written (to its closing quote); changed: its name as written.
      let b = this.abs(words[o + j + 1]);
      if (v === null) {
        const ve = this.abs(words[o + j + 3]);
        b = ve;
        if (ve !== this.abs(words[o + j + 1])) {
          const q = buf[ve - base];
          if ((q === 0x22 || q === 0x27) && buf[this.abs(words[o + j + 2]) - 1 - base] === q) b++;
        }
      }
      if (rb >= 0 && a === rb + 1 && buf[rb - base] === 0x20) rb = b;
      else {
        if (rb >= 0) this.emitRaw(ra, rb);
        this.insertByte(0x20);
        ra = a;
        rb = b;
      }
      if (v !== null) {
        this.emitRaw(ra, rb);
        ra = rb = -1;
        this.insertValue(v);
      }
    }
    if (rb >= 0) this.emitRaw(ra, rb);
    if (sets !== null) {
      for (let i = 0; i < sets.length; i += 3) {
        if (sets[i + 2] >= 0) continue;
        this.insertByte(0x20);
        this.insert(sets[i]);
        this.insertValue(sets[i + 1]);
      }
    }
    this.endStartTag(tag);
  }

  /** ` />` or `>`. */
  endStartTag(tag) {
    if (tag.selfClosing) this.insertBytes(SELF_CLOSING_END);
    else this.insertByte(0x3e);
  }

  /** `="value"`, with `"` in it as &quot; (lol-html's). */
  insertValue(v) {
    if (this.suppress !== 0) return;
    if (v.includes('"')) v = v.replace(/"/g, '&quot;');
    if (this.enc.encodeInto === null) {
      this.insertBytes(EQ_QUOTE);
      this.insert(v);
      this.insertByte(0x22);
      return;
    }
    // UTF-8: the quotes and the value written in one go.
    const out = this.room(3 * v.length + 3);
    out[this.at] = 0x3d;
    out[this.at + 1] = 0x22;
    const at = this.encodeAt(out, this.at + 2, v);
    out[at] = 0x22;
    this.at = at + 1;
  }


  /**
   * End tag [s, e) that ends `count` elements of the stack (the session's
   * stack has found the last open element of its name: it and the elements
   * above it end here, as in lol-html's stack; `count` of them are here,
   * the one of its name among them if `own`).
   */
  endTag(nameLen, atom, count, own, s, e) {
    // The elements above the one it ends end with it, innermost first.
    let below = this.top;
    let changed = false;
    for (let k = 0; k < count; k++, below = below.parent) if (below.element !== null) changed = true;
    if (!changed) {
      this.top = below;
      return undefined;
    }
    const top = this.top;
    this.top = below;
    const name = atom !== 0 ? ATOMS[atom] : lowerName(this.buf, s + 2 - this.base, nameLen, this.enc.decode);
    this.emitUpTo(s);
    const m = this.endTagMutations(top, below, name, null, false, own);
    if (m instanceof Promise) return m.then((mm) => this.writeEndTag(mm, s, e));
    return this.writeEndTag(m, s, e);
  }

  /**
   * What the end tag [s, e) becomes: the changes of the last of the elements
   * it ends that changed its end tag (as lol-html, where each one's replace
   * the one's before: an element ended by an ancestor's end tag acts on that
   * end tag).  The elements are `from` and its parents up to `below`,
   * innermost first.  Returns a Promise when a handler did.
   */
  endTagMutations(from, below, tokenName, m, atEnd = false, own = true) {
    for (let item = from; item !== below; item = item.parent) {
      const x = item.element;
      if (x === null) continue;
      if (x.suppress) this.suppress--;
      m = { before: x.append, after: x.after, removed: x.dropEnd, name: x.name };
      if (x.handlers === null) continue;
      const t = new EndTag(x.name ?? tokenName, atEnd || !own || item.parent !== below);
      const r = this.callAll(x.handlers, t);
      if (r !== undefined) {
        const mm = m;
        return r.then(() => {
          endTagDone(t, mm);
          return this.endTagMutations(item.parent, below, tokenName, mm, atEnd, own);
        });
      }
      endTagDone(t, m);
    }
    return m;
  }

  writeEndTag(m, s, e) {
    if (m === null) return undefined;
    this.insert(m.before);
    if (m.removed) this.skipTo(e);
    else if (m.name !== null) {
      this.skipTo(e);
      this.insert(`</${m.name}>`);
    } else this.emitUpTo(e);
    this.insert(m.after);
    return undefined;
  }

  /** Elements left open at the end: each one's end tag is implied there (workerd has none: docs/rewriter.md). */
  closeOpen() {
    while (this.top !== this.root) {
      const item = this.top;
      this.top = item.parent;
      if (item.element === null) continue;
      const at = this.cursor;
      const r = this.chain(this.endTagMutations(item, item.parent, item.name, null, true), (m) => this.writeEndTag(m && { ...m, removed: true }, at, at));
      if (r !== undefined) return r.then(() => this.closeOpen());
    }
    return undefined;
  }
}
