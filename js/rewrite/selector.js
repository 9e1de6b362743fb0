// The selectors of HTMLRewriter.on(): the streaming subset of Selectors
// Level 4 that can be decided when a start tag is met, from the tag and its
// open ancestors only (what lol-html supports: `*`, type, `.class`, `#id`,
// attribute selectors with every operator and the `i`/`s` flags,
// `:nth-child()`, `:first-child`, `:nth-of-type()`, `:first-of-type`,
// `:not()` of those, the descendant and child combinators, lists).
// Parsing is js/select/select.js's (the same grammar as querySelector); what
// needs siblings after the element, or state no stream has, is refused
// with a TypeError naming the selector.
import { LEGACY_CI_ATTRS, compileSelector } from '../select/select.js';

const STREAMING_PSEUDOS = new Set(['nth-child', 'first-child', 'nth-of-type', 'first-of-type', 'not']);

function refuse(selector, why) {
  return new TypeError(`HTMLRewriter.on(selector): ${JSON.stringify(selector)} is not a selector HTMLRewriter can match while streaming: ${why}`);
}

/** Checks one compound (and the lists of its :not()s); `inNot`: no combinators there. */
function checkCompound(selector, c) {
  if (c.pe || c.rt !== null) throw refuse(selector, 'pseudo-elements are not supported');
  if (c.ns !== undefined && c.ns !== null) throw refuse(selector, 'namespace prefixes are not supported');
  for (const p of c.pseudos ?? []) {
    if (!STREAMING_PSEUDOS.has(p.name)) throw refuse(selector, `:${p.name} is not supported (it needs what comes after the element, or state a stream does not have)`);
    if (p.of) throw refuse(selector, `:${p.name}(… of S) is not supported`);
    if (p.name === 'not') {
      for (const complex of p.list) {
        if (complex.length !== 1) throw refuse(selector, ':not() takes compound selectors only (no combinators)');
        checkCompound(selector, complex[0].c);
      }
    }
  }
}

/**
 * A compiled selector list: [{ compounds: [{ c, comb }] (right to left),
 * tag: the rightmost compound's type selector, lowercased, or null }].
 */
export function compileRewriteSelector(selector) {
  if (typeof selector !== 'string') {
    throw new TypeError(`HTMLRewriter.on(selector): selector must be a string; got ${selector === null ? 'null' : typeof selector}`);
  }
  let list;
  try {
    list = compileSelector(selector);
  } catch (e) {
    throw new TypeError(`HTMLRewriter.on(selector): ${JSON.stringify(selector)} is not a valid selector (${e.message})`);
  }
  const out = [];
  for (const complex of list) {
    for (const { c, comb } of complex) {
      if (comb !== null && comb !== ' ' && comb !== '>') throw refuse(selector, `the '${comb}' combinator is not supported (it needs later siblings)`);
      checkCompound(selector, c);
      if (c.never) throw refuse(selector, 'it can never match');
    }
    out.push({ compounds: complex, tag: complex[0].c.tagLower === '*' ? null : complex[0].c.tagLower });
  }
  return out;
}

// ---- matching -------------------------------------------------------------
// An element is matched against the stack of open elements (js/rewrite/
// engine.js): items { name, ns, attr(name), test(name, op, value),
// childIndex, typeIndex, parent } where attr(name) gives the value as written
// of the first attribute of that (lowercase) name, or null, and test() an
// attribute selector's answer from the bytes, or undefined.

const isWs = (c) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;

function hasWord(list, word) {
  if (word === '' || /[\t\n\f\r ]/.test(word)) return false;
  let i = 0;
  const n = list.length;
  while (i < n) {
    while (i < n && isWs(list.charCodeAt(i))) i++;
    const s = i;
    while (i < n && !isWs(list.charCodeAt(i))) i++;
    if (i - s === word.length && list.startsWith(word, s)) return true;
  }
  return false;
}

const attrValue = (el, name) => el.attr(name);

/**
 * Selectors 4, 6.3: the attribute selector `at` against value `v` (null: no
 * attribute) of an element in namespace `ns`; without a flag, the attributes
 * of HTML 4.16.2's list match ASCII case-insensitively on HTML elements.
 */
const isCaseInsensitive = (at, ns) => at.flag === 'i' || (at.flag !== 's' && ns === 0 && LEGACY_CI_ATTRS.has(at.nameLower));
const BYTE_OPS = new Set(['=', '^=', '$=', '*=']);

function matchAttr(at, v, ns) {
  if (v === null) return false;
  if (at.op === null || at.op === undefined) return true;
  let want = at.value;
  if (isCaseInsensitive(at, ns)) {
    v = v.toLowerCase();
    want = want.toLowerCase();
  }
  switch (at.op) {
    case '=': return v === want;
    case '~=': return hasWord(v, want);
    case '|=': return v === want || v.startsWith(want + '-');
    case '^=': return want !== '' && v.startsWith(want);
    case '$=': return want !== '' && v.endsWith(want);
    case '*=': return want !== '' && v.includes(want);
    default: return false;
  }
}

/** Selectors 4, 14.4: is position `pos` (1-based) an+b for some n >= 0? */
function nth(a, b, pos) {
  if (a === 0) return pos === b;
  const n = (pos - b) / a;
  return Number.isInteger(n) && n >= 0;
}

function matchCompound(c, el) {
  if (c.tagLower !== null && c.tagLower !== '*' && c.tagLower !== el.name) return false;
  if (c.id !== null && attrValue(el, 'id') !== c.id) return false;
  if (c.classes !== null) {
    const cls = attrValue(el, 'class');
    if (cls === null) return false;
    for (const k of c.classes) if (!hasWord(cls, k)) return false;
  }
  if (c.attrs !== null) {
    for (const at of c.attrs) {
      // Case-sensitive operators with an ASCII value: compared on the bytes as written, nothing decoded.
      const fast = BYTE_OPS.has(at.op) && !isCaseInsensitive(at, el.ns) && /^[\x01-\x7f]+$/.test(at.value) ? el.test(at.nameLower, at.op, at.value) : undefined;
      if (fast === false || (fast === undefined && !matchAttr(at, attrValue(el, at.nameLower), el.ns))) return false;
    }
  }
  if (c.pseudos !== null) {
    for (const p of c.pseudos) {
      switch (p.name) {
        case 'first-child': if (el.childIndex !== 1) return false; break;
        case 'nth-child': if (!nth(p.a, p.b, el.childIndex)) return false; break;
        case 'first-of-type': if (el.typeIndex !== 1) return false; break;
        case 'nth-of-type': if (!nth(p.a, p.b, el.typeIndex)) return false; break;
        case 'not':
          for (const complex of p.list) if (matchCompound(complex[0].c, el)) return false;
          break;
        default: return false;
      }
    }
  }
  return true;
}

/** Whether `el` matches the complex selector `compounds` from index k (right to left). */
function matchFrom(compounds, k, el) {
  if (!matchCompound(compounds[k].c, el)) return false;
  if (k === compounds.length - 1) return true;
  const comb = compounds[k + 1 - 1].comb; // the combinator between compounds k and k + 1
  if (comb === '>') return el.parent !== null && matchFrom(compounds, k + 1, el.parent);
  for (let a = el.parent; a !== null; a = a.parent) if (matchFrom(compounds, k + 1, a)) return true;
  return false;
}

/** Whether element `el` (a stack item) matches the compiled `list`. */
export function matches(list, el) {
  for (const s of list) if ((s.tag === null || s.tag === el.name) && matchFrom(s.compounds, 0, el)) return true;
  return false;
}
