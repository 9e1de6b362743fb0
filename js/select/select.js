// The CSS selector engine of the DOM-like tree of js/dom/dom.js (querySelector,
// querySelectorAll, matches, closest): Selectors Level 4 without layout.
// docs/selectors.md lists what is supported and how each pseudo-class is
// decided; the short version:
//
// - Syntax: CSS Syntax 3 / Selectors 4 as Chromium accepts it for
//   querySelector: a selector Chromium rejects throws a DOMException named
//   SyntaxError here too (where Chromium and the standards disagree we follow
//   the standard; docs/chromium-differences.md lists those cases).
// - Case rules of HTML documents (HTML 4.16.2 "Case-sensitivity of
//   selectors"): type and attribute names ignore ASCII case on HTML elements,
//   class and id ignore it in quirks mode, and the values of the attributes
//   HTML lists compare ignoring ASCII case unless the `s` flag is given.
// - What each pseudo-class matches follows HTML 4.16.3 "Pseudo-classes" as
//   a freshly parsed document has it: no user interaction, no scripts, no
//   layout.  User-state pseudo-classes (:hover, :focus, ...) parse and never
//   match.
// - Matching is linear in the elements visited: the structural
//   pseudo-classes count siblings once per parent and query, and :has() is
//   evaluated left to right with per-query memos (see HasState).
//
// The tree is read only through js/dom/dom.js's Tree accessor methods.

import {
  ANS_NONE, ANS_XLINK, ANS_XML, ELEMENT_NS_URI, NODE_WORDS, NONE, NS_HTML, NS_SVG, SHADOW_SLOT_MANUAL, TYPE_DOCUMENT, TYPE_ELEMENT, TYPE_TEXT,
} from '../core/abi.js';
import { BIDI_RUN_COUNT, BIDI_RUNS } from './bidi.js';
import { lastAtMost } from '../core/text.js';
import { isValidCustomElementName } from './custom-element-name.js';

function syntaxError(message) {
  if (typeof DOMException === 'function') return new DOMException(message, 'SyntaxError');
  return new SyntaxError(message);
}

// HTML 4.16.2: attributes whose values match ASCII case-insensitively on
// HTML elements in HTML documents.
export const LEGACY_CI_ATTRS = new Set(
  ('accept accept-charset align alink axis bgcolor charset checked clear codetype color compact declare defer dir ' +
    'direction disabled enctype face frame hreflang http-equiv lang language link media method multiple nohref ' +
    'noresize noshade nowrap readonly rel rev rules scope scrolling selected shape target text type valign ' +
    'valuetype vlink').split(' '),
);

const lower = (s) => (/[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s);
const isWs = (c) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
const isDigit = (c) => c >= 0x30 && c <= 0x39;

// ---- the pseudo-classes and pseudo-elements known -------------------------

// Pseudo-classes without arguments that this engine decides.
const DECIDED = new Set([
  'first-child', 'last-child', 'only-child', 'first-of-type', 'last-of-type', 'only-of-type', 'empty', 'root', 'scope',
  'defined', 'checked', 'indeterminate', 'default', 'placeholder-shown', 'in-range', 'out-of-range', 'read-only',
  'read-write', 'required', 'optional', 'link', 'any-link', 'enabled', 'disabled', 'open', 'valid', 'invalid',
]);
const ALIASES = { '-webkit-any-link': 'any-link' };
// Pseudo-classes that Chromium accepts and that depend on user interaction,
// focus, media playback, a window or shadow trees: in a parsed document
// nobody looks at they never match.
const NEVER = new Set([
  'hover', 'active', 'focus', 'focus-visible', 'focus-within', 'target', 'visited', 'current', 'past', 'future',
  'user-invalid', 'user-valid', 'autofill', '-webkit-autofill', 'modal', 'fullscreen',
  '-webkit-full-screen', 'picture-in-picture', 'popover-open', 'host', 'window-inactive', 'horizontal', 'vertical',
  'decrement', 'increment', 'start', 'end', 'double-button', 'single-button', 'no-button', 'corner-present',
  'xr-overlay', '-webkit-drag',
]);
// Pseudo-elements (they never match an element: querySelectorAll('::before')
// is empty, as in browsers); functional ones take any balanced argument.
const PSEUDO_ELEMENTS = new Set([
  'before', 'after', 'marker', 'placeholder', 'selection', 'first-line', 'first-letter', 'backdrop',
  'file-selector-button', 'cue', 'grammar-error', 'spelling-error', 'target-text', 'view-transition',
  'details-content', 'column', 'scroll-marker', 'scroll-marker-group', 'checkmark', 'picker-icon', 'search-text',
]);
const PSEUDO_ELEMENT_FUNCTIONS = new Set([
  'part', 'slotted', 'highlight', 'cue', 'picker', 'view-transition-group', 'view-transition-image-pair',
  'view-transition-old', 'view-transition-new', 'scroll-button',
]);
const LEGACY_PSEUDO_ELEMENTS = new Set(['before', 'after', 'first-line', 'first-letter']);

// ---- parsing --------------------------------------------------------------
//
// A selector list is an array of complex selectors.  A complex selector is
// an array of {c: compound, comb} from the subject leftwards: comb joins
// the compound to the next one in the array; a relative selector (in :has())
// also has `lead`, the combinator between the anchor and its leftmost
// compound.

class Parser {
  constructor(text) {
    this.s = text;
    this.i = 0;
    this.inHas = 0; // nesting depth of :has() arguments (:has() inside is invalid)
  }
  fail(what) {
    return syntaxError(`'${this.s}' is not a valid selector: ${what} at position ${this.i}`);
  }
  peek() { return this.i < this.s.length ? this.s.charCodeAt(this.i) : -1; }
  at(k) { return this.i + k < this.s.length ? this.s.charCodeAt(this.i + k) : -1; }
  skipWs() {
    let any = false;
    for (;;) {
      while (this.i < this.s.length && isWs(this.s.charCodeAt(this.i))) {
        this.i++;
        any = true;
      }
      if (this.s.startsWith('/*', this.i)) {
        // a comment is no whitespace: 'a/**/b' is one compound (invalid)
        const e = this.s.indexOf('*/', this.i + 2);
        this.i = e < 0 ? this.s.length : e + 2;
        continue;
      }
      return any;
    }
  }
  isNameChar(c) {
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || isDigit(c) || c === 0x2d || c === 0x5f || c >= 0x80;
  }
  // CSS Syntax 3, 4.3.9 "check if three code points would start an ident sequence", at i + k.
  startsIdent(k = 0) {
    const s = this.s;
    let i = this.i + k;
    let c = s.charCodeAt(i);
    if (c === 0x2d) {
      c = s.charCodeAt(++i);
      if (c === 0x2d) return true;
    }
    if (c === 0x5c) return i < s.length && s.charCodeAt(i + 1) !== 0x0a;
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c >= 0x80;
  }
  escape() {
    // at the character after a backslash (CSS Syntax 3, 4.3.7)
    const s = this.s;
    let hex = '';
    while (hex.length < 6 && this.i < s.length && /[0-9a-fA-F]/.test(s[this.i])) hex += s[this.i++];
    if (hex) {
      if (isWs(this.peek())) this.i++;
      const cp = parseInt(hex, 16);
      return cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(cp);
    }
    if (this.i >= s.length) return '\uFFFD';
    const cp = s.codePointAt(this.i);
    this.i += cp > 0xffff ? 2 : 1;
    return String.fromCodePoint(cp);
  }
  ident() {
    if (!this.startsIdent()) throw this.fail('expected an identifier');
    return this.name();
  }
  // Name code points and escapes (CSS Syntax 3, 4.3.11 "consume an ident sequence").
  name() {
    let out = '';
    while (this.i < this.s.length) {
      const c = this.s.charCodeAt(this.i);
      if (c === 0x5c) {
        if (this.at(1) === 0x0a) break;
        this.i++;
        out += this.escape();
      } else if (this.isNameChar(c)) {
        out += this.s[this.i++];
      } else break;
    }
    return out;
  }
  string() {
    const q = this.s.charCodeAt(this.i++);
    let out = '';
    while (this.i < this.s.length) {
      const c = this.s.charCodeAt(this.i);
      if (c === q) {
        this.i++;
        return out;
      }
      if (c === 0x0a) throw this.fail('newline in string');
      if (c === 0x5c) {
        this.i++;
        if (this.peek() === 0x0a) this.i++;
        else out += this.escape();
      } else out += this.s[this.i++];
    }
    return out; // EOF closes the string
  }
  // Skip a balanced run up to (not over) the ',' or ')' that ends a list
  // item; used to drop an invalid item of a forgiving list.
  skipItem() {
    let depth = 0;
    while (this.i < this.s.length) {
      const c = this.s.charCodeAt(this.i);
      if (c === 0x22 || c === 0x27) {
        try {
          this.string();
        } catch {
          this.i++;
        }
        continue;
      }
      if (c === 0x5c) {
        this.i += 2;
        continue;
      }
      if (c === 0x28 || c === 0x5b) depth++;
      else if (c === 0x29 || c === 0x5d) {
        if (depth === 0) return;
        depth--;
      } else if (c === 0x2c && depth === 0) return;
      this.i++;
    }
  }

  /**
   * A selector list.  `nested`: ends at ')' instead of the end;
   * `forgiving`: invalid items are dropped (Selectors 4, 4.3.1);
   * `relative`: items may start with a combinator (:has());
   * `pe`: pseudo-elements are allowed (they never match).
   */
  list(nested, forgiving = false, relative = false, pe = true) {
    const out = [];
    for (;;) {
      this.skipWs();
      if (forgiving) {
        const start = this.i;
        try {
          const cx = this.complex(relative, pe);
          this.skipWs();
          const c = this.peek();
          if (c !== 0x2c && c !== 0x29 && c !== -1) throw this.fail('unexpected character');
          out.push(cx);
        } catch (e) {
          if (e?.name !== 'SyntaxError') throw e;
          this.i = start;
          this.skipItem();
        }
      } else {
        out.push(this.complex(relative, pe));
      }
      this.skipWs();
      const c = this.peek();
      if (c === 0x2c) {
        this.i++;
        continue;
      }
      if (c === -1 || (nested && c === 0x29)) return out;
      throw this.fail(c === -1 ? "expected ')'" : 'unexpected character');
    }
  }

  combinator() {
    const c = this.peek();
    if (c === 0x3e || c === 0x2b || c === 0x7e) {
      this.i++;
      this.skipWs();
      return String.fromCharCode(c);
    }
    return null;
  }

  complex(relative, pe) {
    let lead = null;
    if (relative) {
      lead = this.combinator() ?? ' ';
    }
    const parts = [];
    let comb = null;
    for (;;) {
      const compound = this.compound(pe);
      parts.push({ c: compound, comb: null });
      if (comb !== null) parts[parts.length - 2].combNext = comb;
      const ws = this.skipWs();
      const c = this.peek();
      const explicit = this.combinator();
      if (explicit !== null) comb = explicit;
      else if (ws && c !== -1 && c !== 0x2c && c !== 0x29) comb = ' ';
      else break;
      if (compound.pe) throw this.fail('a pseudo-element must come last');
    }
    // parts are left to right with combNext joining part k to part k+1;
    // reverse so matching starts at the subject.
    const rtl = [];
    for (let k = parts.length - 1; k >= 0; k--) {
      rtl.push({ c: parts[k].c, comb: k > 0 ? parts[k - 1].combNext : null });
    }
    if (relative) rtl.lead = lead;
    return rtl;
  }

  // `ns|` before a type selector or attribute name: '*' (any namespace), ''
  // (no namespace) or undefined when there is no prefix.  querySelector has
  // no @namespace rules, so any other prefix is undeclared: a SyntaxError
  // (Selectors 4, 6.1.1; as browsers do).
  nsPrefix(attr) {
    const c = this.peek();
    const bar = (k) => this.at(k) === 0x7c && this.at(k + 1) !== 0x3d && (attr || this.at(k + 1) !== 0x7c);
    if (c === 0x7c && (attr ? this.at(1) !== 0x3d : true)) {
      this.i++;
      return '';
    }
    if (c === 0x2a && bar(1)) {
      this.i += 2;
      return '*';
    }
    if (this.startsIdent()) {
      const save = this.i;
      this.name();
      if (bar(0)) throw this.fail('undeclared namespace prefix');
      this.i = save;
    }
    return undefined;
  }

  compound(pe) {
    // rt/tagHtml/tagOther: name ids resolved for tree rt (see resolve()).
    const cp = {
      tag: null, tagLower: null, ns: undefined, id: null, classes: null, attrs: null, pseudos: null, never: false,
      pe: false, rt: null, tagHtml: -1, tagOther: -1,
    };
    let any = false;
    const ns = this.nsPrefix(false);
    if (ns !== undefined) {
      cp.ns = ns;
      if (ns === '') cp.never = true; // HTML documents have no elements in no namespace
    }
    let c = this.peek();
    if (c === 0x2a) {
      this.i++;
      any = true;
    } else if (c !== -1 && this.startsIdent()) {
      cp.tag = this.ident();
      cp.tagLower = lower(cp.tag);
      any = true;
    } else if (ns !== undefined) throw this.fail('expected a type selector');
    for (;;) {
      c = this.peek();
      if (c === 0x23) {
        this.i++;
        if (!this.startsIdent()) throw this.fail('expected an id');
        const id = this.name();
        if (cp.id !== null && cp.id !== id) cp.never = true;
        cp.id = id;
      } else if (c === 0x2e) {
        this.i++;
        (cp.classes ||= []).push(this.ident());
      } else if (c === 0x5b) {
        this.i++;
        (cp.attrs ||= []).push(this.attr());
      } else if (c === 0x26) {
        // The nesting selector: outside a style rule it is :scope (CSS Nesting 1, 3.1).
        this.i++;
        (cp.pseudos ||= []).push({ name: 'scope' });
      } else if (c === 0x3a) {
        if (this.at(1) === 0x3a) {
          this.i += 2;
          this.pseudoElement(pe);
          cp.pe = cp.never = true;
          any = true;
          break;
        }
        this.i++;
        const save = this.i;
        if (this.startsIdent() && LEGACY_PSEUDO_ELEMENTS.has(lower(this.name())) && this.peek() !== 0x28) {
          if (!pe) throw this.fail('pseudo-element not allowed here');
          cp.pe = cp.never = true;
          any = true;
          break;
        }
        this.i = save;
        (cp.pseudos ||= []).push(this.pseudo());
      } else break;
      any = true;
    }
    if (!any) throw this.fail(this.i >= this.s.length ? 'unexpected end' : 'expected a selector');
    return cp;
  }

  pseudoElement(pe) {
    if (!pe) throw this.fail('pseudo-element not allowed here');
    const name = lower(this.ident());
    if (this.peek() === 0x28) {
      if (!PSEUDO_ELEMENT_FUNCTIONS.has(name)) throw this.fail(`unknown pseudo-element '::${name}()'`);
      this.i++;
      this.skipWs();
      const start = this.i;
      this.skipItem();
      while (this.peek() === 0x2c) {
        this.i++;
        this.skipItem();
      }
      if (this.s.slice(start, this.i).trim() === '') throw this.fail('bad pseudo-element argument');
      this.close(0x29);
    } else if (!PSEUDO_ELEMENTS.has(name) && !name.startsWith('-webkit-')) {
      throw this.fail(`unknown pseudo-element '::${name}'`);
    }
    // Chromium accepts nothing after a pseudo-element in querySelector.
    const c = this.peek();
    if (c !== -1 && !isWs(c) && c !== 0x2c && c !== 0x29 && c !== 0x2f) throw this.fail('nothing may follow a pseudo-element');
  }

  attr() {
    this.skipWs();
    const ns = this.nsPrefix(true);
    if (ns !== undefined && !this.startsIdent()) throw this.fail('expected an attribute name');
    const name = this.ident();
    this.skipWs();
    const a = { name, nameLower: lower(name), ns, op: null, value: null, flag: null, idHtml: -1, idOther: -1 };
    let c = this.peek();
    if (c === 0x5d || c === -1) return this.close(0x5d, a);
    if (c === 0x3d) {
      a.op = '=';
      this.i++;
    } else if ((c === 0x7e || c === 0x7c || c === 0x5e || c === 0x24 || c === 0x2a) && this.at(1) === 0x3d) {
      a.op = this.s[this.i] + '=';
      this.i += 2;
    } else throw this.fail('expected an attribute operator');
    this.skipWs();
    c = this.peek();
    if (c === 0x22 || c === 0x27) a.value = this.string();
    else a.value = this.ident();
    this.skipWs();
    c = this.peek();
    if ((c === 0x69 || c === 0x49 || c === 0x73 || c === 0x53) && !this.isNameChar(this.at(1)) && this.at(1) !== 0x5c) {
      a.flag = String.fromCharCode(c | 0x20);
      this.i++;
      this.skipWs();
    }
    return this.close(0x5d, a);
  }

  pseudo() {
    let name = lower(this.ident());
    name = ALIASES[name] ?? name;
    if (this.peek() !== 0x28) {
      if (DECIDED.has(name)) return { name };
      if (NEVER.has(name)) return { name: 'never' };
      throw this.fail(`unknown pseudo-class ':${name}'`);
    }
    this.i++;
    this.skipWs();
    let p;
    switch (name) {
      case 'not':
        p = { name, list: this.list(true, false, false, false) };
        break;
      case 'is':
      case 'where':
      case '-webkit-any':
        p = { name: 'is', list: this.list(true, true, false, false) };
        break;
      case 'has':
        if (this.inHas > 0) throw this.fail(':has() inside :has()');
        this.inHas++;
        try {
          p = { name, list: this.list(true, false, true, false) };
        } finally {
          this.inHas--;
        }
        break;
      case 'nth-child':
      case 'nth-last-child':
      case 'nth-of-type':
      case 'nth-last-of-type': {
        const [a, b] = this.anb();
        let of = null;
        if (name === 'nth-child' || name === 'nth-last-child') {
          const ws = this.skipWs();
          if (ws && this.startsIdent() && this.s.slice(this.i, this.i + 2).toLowerCase() === 'of' && !this.isNameChar(this.at(2)) && this.at(2) !== 0x5c) {
            this.i += 2;
            if (!this.skipWs()) throw this.fail("expected whitespace after 'of'");
            of = this.list(true);
          }
        }
        p = { name, a, b, of };
        break;
      }
      case 'lang': {
        // Selectors 4, 13.2: a list of <ident> or <string> language ranges.
        const ranges = [];
        for (;;) {
          const c = this.peek();
          ranges.push(lower(c === 0x22 || c === 0x27 ? this.string() : this.ident()));
          this.skipWs();
          if (this.peek() !== 0x2c) break;
          this.i++;
          this.skipWs();
        }
        p = { name, ranges };
        break;
      }
      case 'dir':
        p = { name, dir: lower(this.ident()) };
        break;
      case 'host':
      case 'host-context':
        this.compound(false);
        p = { name: 'never' };
        break;
      case 'state':
        this.ident();
        p = { name: 'never' };
        break;
      default:
        throw this.fail(`unknown pseudo-class ':${name}()'`);
    }
    this.skipWs();
    return this.close(0x29, p);
  }

  // The closing ']' or ')'; the end of the input closes them too.
  close(c, value) {
    if (this.peek() === c) this.i++;
    else if (this.peek() !== -1) throw this.fail(`expected '${String.fromCharCode(c)}'`);
    return value;
  }

  // One token of the An+B microsyntax (CSS Syntax 3, 6.2): a number
  // {t:'num', v, signed}, a dimension {t:'dim', v, unit}, an ident, or a
  // delim '+' / '-'; null at ')' or the end.
  anbToken() {
    const s = this.s;
    const c = this.peek();
    if (c === -1 || c === 0x29) return null;
    const start = this.i;
    const m = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(s.slice(start, start + 40));
    if (m) {
      this.i += m[0].length;
      const integer = m[2] === undefined && m[3] === undefined && !m[1].startsWith('.');
      const v = integer ? parseInt(m[0], 10) : NaN;
      const signed = c === 0x2b || c === 0x2d;
      if (this.startsIdent()) return { t: 'dim', v, unit: lower(this.name()), signed };
      if (this.peek() === 0x25) {
        this.i++;
        return { t: 'other' };
      }
      return { t: 'num', v, signed };
    }
    if (this.startsIdent()) return { t: 'ident', v: lower(this.name()) };
    this.i++;
    return { t: 'delim', v: s[start] };
  }

  anb() {
    const bad = () => this.fail('expected An+B');
    let tok = this.anbToken();
    if (tok === null) throw bad();
    let plus = false;
    if (tok.t === 'delim' && tok.v === '+') {
      // '+' directly followed by an ident starting with n
      if (!this.startsIdent()) throw bad();
      tok = this.anbToken();
      if (tok.t !== 'ident' || tok.v.startsWith('-')) throw bad();
      plus = true;
    }
    const checkInt = (v) => {
      if (Number.isNaN(v)) throw bad();
      return v;
    };
    if (tok.t === 'num') {
      if (plus) throw bad();
      return [0, checkInt(tok.v)];
    }
    if (tok.t === 'ident' && (tok.v === 'odd' || tok.v === 'even') && !plus) return tok.v === 'odd' ? [2, 1] : [2, 0];
    let a;
    let rest; // the part of the unit / ident after the 'n'
    if (tok.t === 'dim') {
      a = checkInt(tok.v);
      rest = tok.unit;
    } else if (tok.t === 'ident') {
      if (tok.v.startsWith('-')) {
        a = -1;
        rest = tok.v.slice(1);
      } else {
        a = 1;
        rest = tok.v;
      }
    } else throw bad();
    if (rest[0] !== 'n') throw bad();
    rest = rest.slice(1);
    if (rest !== '') {
      // n-digits (ndashdigit) or 'n-' (ndash, a signless integer follows)
      if (/^-\d+$/.test(rest)) return [a, parseInt(rest, 10)];
      if (rest !== '-') throw bad();
      this.skipWs();
      const t2 = this.anbToken();
      if (t2 === null || t2.t !== 'num' || t2.signed) throw bad();
      return [a, -checkInt(t2.v)];
    }
    const save = this.i;
    this.skipWs();
    const t2 = this.anbToken();
    if (t2 === null) return [a, 0];
    if (t2.t === 'num' && t2.signed) return [a, checkInt(t2.v)];
    if (t2.t === 'delim' && (t2.v === '+' || t2.v === '-')) {
      this.skipWs();
      const t3 = this.anbToken();
      if (t3 === null || t3.t !== 'num' || t3.signed) throw bad();
      return [a, (t2.v === '-' ? -1 : 1) * checkInt(t3.v)];
    }
    this.i = save;
    return [a, 0];
  }
}

const cache = new Map();

/** Parse a selector list (cached). */
export function compileSelector(selectors) {
  const text = String(selectors);
  let c = cache.get(text);
  if (c === undefined) {
    c = new Parser(text).list(false);
    if (cache.size >= 512) cache.clear();
    cache.set(text, c);
  }
  return c;
}

// ---- matching -------------------------------------------------------------
// Elements are (tree, index) pairs of js/dom/dom.js's Tree; no node objects are
// made except for the results.  A Ctx lives for one query and holds its
// caches, so work done for one element (sibling positions, :has() results,
// inherited languages, form state) is reused for the others.

/**
 * Work counters, summed over all queries: siblings stepped over to find
 * positions, and elements matched against a :has() argument's compounds.
 * Instrumentation for the tests that assert linear behaviour
 * (test/js/unit/select.test.js); off the common paths.
 */
export const selectStats = { siblingScan: 0, hasMatch: 0 };

class Ctx {
  constructor(t, scope) {
    t.nameId(''); // builds the name map and t._dup
    this.t = t;
    this.scope = scope;
    this.quirks = t.quirks;
    this.memo = new Map(); // per pseudo-class object / cache name → its state
  }
  map(key) {
    let m = this.memo.get(key);
    if (m === undefined) this.memo.set(key, (m = new Map()));
    return m;
  }
  /** A per-element memo of small non-negative integers (see ElementInts). */
  ints(key) {
    let m = this.memo.get(key);
    if (m === undefined) this.memo.set(key, (m = new ElementInts(this.t)));
    return m;
  }
}

/**
 * Non-negative integers by element index: a Map while small, then an
 * Int32Array over the tree's node indices (value + 1; 0 is "unknown"), so
 * that per-query memos over large documents stay cheap.  Indices beyond
 * the array (or trees without a node count) stay in the Map.
 */
class ElementInts {
  constructor(t) {
    this.size = typeof t.count === 'number' ? t.count : 0;
    this.map = new Map();
    this.arr = null;
  }
  get(i) {
    if (this.arr !== null && i < this.size) {
      const v = this.arr[i];
      return v === 0 ? undefined : v - 1;
    }
    return this.map.get(i);
  }
  has(i) { return this.get(i) !== undefined; }
  set(i, v) {
    if (this.arr === null && this.map.size >= 256 && this.size > 0) {
      this.arr = new Int32Array(this.size);
      const rest = new Map();
      for (const [k, x] of this.map) {
        if (k < this.size) this.arr[k] = x + 1;
        else rest.set(k, x);
      }
      this.map = rest;
    }
    if (this.arr !== null && i < this.size) this.arr[i] = v + 1;
    else this.map.set(i, v);
  }
}

function parentEl(t, i) {
  const p = t.parent(i);
  return p !== NONE && t.type(p) === TYPE_ELEMENT ? p : NONE;
}
function prevEl(t, i) {
  let j = t.prev(i);
  while (j !== NONE && t.type(j) !== TYPE_ELEMENT) j = t.prev(j);
  return j;
}
function nextEl(t, i) {
  let j = t.next(i);
  while (j !== NONE && t.type(j) !== TYPE_ELEMENT) j = t.next(j);
  return j;
}
function firstEl(t, i) {
  let j = t.first(i);
  while (j !== NONE && t.type(j) !== TYPE_ELEMENT) j = t.next(j);
  return j;
}
const isHtml = (t, i) => t.ns(i) === NS_HTML;
const isHtmlNamed = (t, i, name) => t.ns(i) === NS_HTML && t.localName(i) === name;
const hasAttr = (t, i, name) => t.findPlainAttr(i, name) >= 0;

function hasClass(list, cls, quirks) {
  if (quirks) {
    list = lower(list);
    cls = lower(cls);
  }
  let from = 0;
  for (;;) {
    const i = list.indexOf(cls, from);
    if (i < 0) return false;
    const e = i + cls.length;
    if ((i === 0 || isWs(list.charCodeAt(i - 1))) && (e === list.length || isWs(list.charCodeAt(e)))) return true;
    from = i + 1;
  }
}

// Name ids of a compound's tag and attribute names in tree t, so matching
// compares integers.  Stored on the (cached, shared) compound for the last
// tree it ran on.
function resolve(c, t) {
  c.rt = t;
  if (c.tag !== null) {
    c.tagHtml = t.nameId(c.tagLower);
    c.tagOther = t.nameId(c.tag);
  }
  if (c.attrs !== null) {
    for (const at of c.attrs) {
      at.idHtml = t.nameId(at.nameLower);
      at.idOther = t.nameId(at.name);
    }
  }
}

function findAttr(t, i, at, html) {
  if (at.ns !== '*') {
    // no prefix or '|': attributes in no namespace
    return t._dup ? t.findPlainAttr(i, html ? at.nameLower : at.name) : t.findPlainAttrId(i, html ? at.idHtml : at.idOther);
  }
  const want = html ? at.nameLower : at.name;
  for (let k = t.attrFirst(i), e = k + t.attrCount(i); k < e; k++) if (t.attrName(k) === want) return k;
  return -1;
}

function matchAttr(t, i, at) {
  const html = isHtml(t, i);
  const k = findAttr(t, i, at, html);
  if (k < 0) return false;
  if (at.op === null) return true;
  let v = t.attrValue(k);
  let want = at.value;
  const ci = at.flag === 'i' || (at.flag === null && html && t.attrNs(k) === ANS_NONE && LEGACY_CI_ATTRS.has(at.nameLower));
  if (ci) {
    v = lower(v);
    want = lower(want);
  }
  switch (at.op) {
    case '=':
      return v === want;
    case '~=':
      if (want === '' || /[\t\n\f\r ]/.test(want)) return false;
      return hasClass(v, want, false);
    case '|=':
      return v === want || (v.length > want.length && v.startsWith(want) && v.charCodeAt(want.length) === 0x2d);
    case '^=':
      return want !== '' && v.startsWith(want);
    case '$=':
      return want !== '' && v.endsWith(want);
    case '*=':
      return want !== '' && v.includes(want);
  }
  return false;
}

function nthMatches(a, b, pos) {
  // pos is 1-based; is there n >= 0 with a*n + b === pos?
  if (a === 0) return pos === b;
  const d = pos - b;
  return d % a === 0 && d / a >= 0;
}

function isRoot(t, i) {
  const p = t.parent(i);
  return p !== NONE && t.type(p) === TYPE_DOCUMENT;
}

// ---- structural pseudo-classes: positions counted once per parent ---------
//
// For each parent met, one pass over its children records every element
// child's position (from the start, and among the siblings matching the
// `of S` list or of the same type) and the totals; nth-last-* positions are
// total - position + 1.  An element without a parent is the only child.

const KEY_CHILD = { name: 'child positions' };
const KEY_TYPE = { name: 'type positions' };
// Up to this many siblings are simply counted; beyond, the per-parent
// caches are filled (the cost per element stays bounded either way).
const SCAN_LIMIT = 24;

const sameType = (t, a, b) =>
  (t._dup ? t.localName(a) === t.localName(b) : t.nameIdOf(a) === t.nameIdOf(b)) && t.ns(a) === t.ns(b);
function typeKey(t, i) {
  return t._dup ? t.localName(i) + ' ' + t.ns(i) : t.nameIdOf(i) * 8 + t.ns(i);
}

/**
 * 1-based position of element i among its element siblings, counted from
 * the start (last = false) or the end, among those of its type (ofType),
 * or -1 when more than SCAN_LIMIT siblings lie on that side.
 */
function scanPosition(t, i, last, ofType) {
  let pos = 1;
  let steps = 0;
  for (let s = last ? t.next(i) : t.prev(i); s !== NONE; s = last ? t.next(s) : t.prev(s)) {
    if (++steps > SCAN_LIMIT) {
      selectStats.siblingScan += SCAN_LIMIT;
      return -1;
    }
    if (t.type(s) === TYPE_ELEMENT && (!ofType || sameType(t, s, i))) pos++;
  }
  selectStats.siblingScan += steps;
  return pos;
}

/**
 * Position of element i among its parent's element children (those
 * matching `of`, when given; 0 when i does not), from the start or the end
 * (last), from a cache filled for the whole parent in one pass.
 */
function cachedChildPosition(t, i, ctx, key, of, last) {
  const p = t.parent(i);
  if (p === NONE) return 1;
  let st = ctx.memo.get(key);
  if (st === undefined) ctx.memo.set(key, (st = { pos: new ElementInts(t), total: new ElementInts(t) }));
  let pos = st.pos.get(i);
  if (pos === undefined) {
    if (st.total.has(p)) return 0; // filled: i does not match `of`
    let n = 0;
    for (let c = t.first(p); c !== NONE; c = t.next(c)) {
      selectStats.siblingScan++;
      if (t.type(c) === TYPE_ELEMENT && (of === null || matchList(t, c, of, ctx))) st.pos.set(c, ++n);
    }
    st.total.set(p, n);
    pos = st.pos.get(i);
    if (pos === undefined) return 0;
  }
  return last ? st.total.get(p) - pos + 1 : pos;
}

function cachedTypePosition(t, i, ctx, last) {
  const p = t.parent(i);
  if (p === NONE) return 1;
  let st = ctx.memo.get(KEY_TYPE);
  if (st === undefined) ctx.memo.set(KEY_TYPE, (st = { pos: new ElementInts(t), totals: new Map() }));
  let pos = st.pos.get(i);
  if (pos === undefined) {
    const totals = new Map();
    for (let c = t.first(p); c !== NONE; c = t.next(c)) {
      selectStats.siblingScan++;
      if (t.type(c) !== TYPE_ELEMENT) continue;
      const k = typeKey(t, c);
      const n = (totals.get(k) ?? 0) + 1;
      totals.set(k, n);
      st.pos.set(c, n);
    }
    st.totals.set(p, totals);
    pos = st.pos.get(i);
  }
  return last ? st.totals.get(p).get(typeKey(t, i)) - pos + 1 : pos;
}

/** Position among element siblings (of i's type when ofType), from the end when last. */
function position(t, i, ctx, last, ofType) {
  const pos = scanPosition(t, i, last, ofType);
  if (pos > 0) return pos;
  return ofType ? cachedTypePosition(t, i, ctx, last) : cachedChildPosition(t, i, ctx, KEY_CHILD, null, last);
}

function nthChild(t, i, p, ctx) {
  const last = p.name === 'nth-last-child';
  let pos;
  if (p.of === null) pos = position(t, i, ctx, last, false);
  else {
    pos = cachedChildPosition(t, i, ctx, p, p.of, last);
    if (pos === 0) return false;
  }
  return nthMatches(p.a, p.b, pos);
}

// ---- :has(): relative selectors evaluated left to right -------------------
//
// For a relative selector `lead C1 c1 C2 ... Cm`, F_k(x) says "x matches
// C_k and the rest C_k+1 ... Cm can be matched from x onwards"; :has() then
// asks for an F_1 element among the anchor's descendants (' '), children
// ('>'), next element sibling ('+') or later siblings ('~').  F_k, "some
// strict descendant is F_k" (sub) and "some later sibling is F_k" (later)
// are memoised per element for the query, and sub / later are filled by
// iterative walks that stop at memoised elements: every element is matched
// against every compound at most once per query, whatever the anchors.

class HasState {
  constructor(rel, t) {
    // left to right: comps[k] joined to comps[k + 1] by combs[k]
    this.lead = rel.lead;
    this.comps = [];
    this.combs = [];
    for (let k = rel.length - 1; k >= 0; k--) {
      this.comps.push(rel[k].c);
      if (k > 0) this.combs.push(rel[k - 1].comb);
    }
    const m = this.comps.length;
    // 1 / 0 by element index
    this.f = Array.from({ length: m }, () => new ElementInts(t));
    this.sub = Array.from({ length: m }, () => new ElementInts(t));
    this.later = Array.from({ length: m }, () => new ElementInts(t));
  }
}

function hasF(t, x, st, k, ctx) {
  const memo = st.f[k];
  let r = memo.get(x);
  if (r !== undefined) return r;
  selectStats.hasMatch++;
  r = matchCompound(t, x, st.comps[k], ctx);
  if (r && k + 1 < st.comps.length) r = hasFrom(t, x, st.combs[k], st, k + 1, ctx);
  memo.set(x, r ? 1 : 0);
  return r;
}

/** Is there an element related to x by `comb` that is F_k? */
function hasFrom(t, x, comb, st, k, ctx) {
  switch (comb) {
    case ' ':
      return hasSub(t, x, st, k, ctx);
    case '>':
      for (let c = firstEl(t, x); c !== NONE; c = nextEl(t, c)) if (hasF(t, c, st, k, ctx)) return true;
      return false;
    case '+': {
      const n = nextEl(t, x);
      return n !== NONE && hasF(t, n, st, k, ctx);
    }
    default:
      return hasLater(t, x, st, k, ctx);
  }
}

function hasSub(t, x, st, k, ctx) {
  const memo = st.sub[k];
  const known = memo.get(x);
  if (known !== undefined) return known === 1;
  // Post-order over x's element subtree; memoised subtrees are leaves.
  // A stack entry y >= 0 is "expand y", -1 - y is "finish y".
  const stack = [x];
  while (stack.length > 0) {
    const e = stack.pop();
    if (e >= 0) {
      stack.push(-1 - e);
      for (let c = firstEl(t, e); c !== NONE; c = nextEl(t, c)) if (!memo.has(c)) stack.push(c);
    } else {
      const y = -1 - e;
      let v = false;
      for (let c = firstEl(t, y); c !== NONE && !v; c = nextEl(t, c)) v = hasF(t, c, st, k, ctx) || memo.get(c) === 1;
      memo.set(y, v ? 1 : 0);
    }
  }
  return memo.get(x) === 1;
}

function hasLater(t, x, st, k, ctx) {
  const memo = st.later[k];
  const run = [];
  let y = x;
  while (y !== NONE && !memo.has(y)) {
    run.push(y);
    y = nextEl(t, y);
  }
  for (let j = run.length - 1; j >= 0; j--) {
    const n = nextEl(t, run[j]);
    memo.set(run[j], n !== NONE && (hasF(t, n, st, k, ctx) || memo.get(n) === 1) ? 1 : 0);
  }
  return memo.get(x) === 1;
}

function matchHas(t, i, p, ctx) {
  const res = ctx.ints(p);
  const known = res.get(i);
  if (known !== undefined) return known === 1;
  let states = ctx.memo.get(p.list);
  if (states === undefined) ctx.memo.set(p.list, (states = p.list.map((rel) => new HasState(rel, t))));
  let r = false;
  for (let k = 0; k < states.length && !r; k++) r = hasFrom(t, i, states[k].lead, states[k], 0, ctx);
  res.set(i, r ? 1 : 0);
  return r;
}

// ---- inherited state: walk up to the nearest decided ancestor, cache -----

/**
 * The value of an inherited property at element i: own(t, j) gives the
 * value set on j (undefined when j inherits), `dflt` applies at the top.
 * Results are cached per query for every element on the walk.
 */
function inherited(t, i, ctx, key, own, dflt) {
  const memo = ctx.map(key);
  const path = [];
  let v;
  for (let j = i; ; ) {
    v = memo.get(j);
    if (v !== undefined) break;
    v = own(t, j);
    if (v !== undefined) {
      memo.set(j, v);
      break;
    }
    path.push(j);
    const p = t.parent(j);
    if (p === NONE || t.type(p) !== TYPE_ELEMENT) {
      v = typeof dflt === 'function' ? dflt(t, j, ctx) : dflt;
      break;
    }
    j = p;
  }
  for (const j of path) memo.set(j, v);
  return v;
}

// :lang() -- HTML 3.2.6.2 "The lang and xml:lang attributes": xml:lang (in
// the XML namespace) wins, then lang in no namespace on HTML and SVG
// elements, then the parent's language, then the pragma-set default
// language (<meta http-equiv=content-language>).
function ownLang(t, j) {
  let lang;
  for (let k = t.attrFirst(j), e = k + t.attrCount(j); k < e; k++) {
    const ns = t.attrNs(k);
    if (ns === ANS_XML && t.attrName(k) === 'lang') return t.attrValue(k);
    if (ns === ANS_NONE && t.attrName(k) === 'lang') lang = t.attrValue(k);
  }
  if (lang !== undefined && (t.ns(j) === NS_HTML || t.ns(j) === NS_SVG)) return lang;
  return undefined;
}

function rootOf(t, i) {
  let r = i;
  for (let p = t.parent(r); p !== NONE; p = t.parent(r)) r = p;
  return r;
}

const KEY_PRAGMA = { name: 'pragma-set default language' };
function pragmaLanguage(t, i, ctx) {
  const m = ctx.map(KEY_PRAGMA);
  const root = rootOf(t, i);
  let v = m.get(root);
  if (v !== undefined) return v;
  v = '';
  if (t.type(root) === TYPE_DOCUMENT) {
    // HTML 4.2.5.3 "Content language state": the last such meta inserted wins.
    for (let j = t.nextElement(root, root); j !== NONE; j = t.nextElement(j, root)) {
      if (!isHtmlNamed(t, j, 'meta')) continue;
      const he = t.plainAttr(j, 'http-equiv');
      const content = t.plainAttr(j, 'content');
      if (he === null || lower(he) !== 'content-language' || content === null) continue;
      const cand = content.split(',')[0].replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
      if (cand !== '') v = cand;
    }
  }
  m.set(root, v);
  return v;
}

// Selectors 4, 13.2: extended filtering (RFC 4647, 3.3.2) with implicit
// wildcard matching; both are ASCII-lowercased.
function langMatches(tag, range) {
  if (tag === '') return false;
  if (range === '') return false;
  const t = tag.split('-');
  const r = range.split('-');
  if (r[0] !== '*' && r[0] !== t[0]) return false;
  let ti = 1;
  for (let ri = 1; ri < r.length; ri++) {
    if (r[ri] === '*') continue;
    for (;;) {
      if (ti >= t.length) return false;
      if (t[ti] === r[ri]) {
        ti++;
        break;
      }
      if (t[ti].length === 1) return false;
      ti++;
    }
  }
  return true;
}

const KEY_LANG = { name: 'language' };
function matchLang(t, i, p, ctx) {
  const lang = lower(inherited(t, i, ctx, KEY_LANG, ownLang, pragmaLanguage));
  for (const r of p.ranges) if (langMatches(lang, r)) return true;
  return false;
}

// :dir() -- HTML 3.2.6.4 "The dir attribute", "directionality".
/** js/select/bidi.js decoded on first use: run k covers bidiStarts[k] .. bidiStarts[k + 1] - 1, of class bidiClasses[k]. */
let bidiStarts = null;
let bidiClasses = null;
/** Decodes js/select/bidi.js's BIDI_RUNS (the encoding is described there). */
function decodeBidi() {
  const starts = new Uint32Array(BIDI_RUN_COUNT);
  const classes = new Uint8Array(BIDI_RUN_COUNT);
  // 76 'L', 82 'R', 78 'N': the class after each, then the third after '!'
  const next = { 76: 78, 82: 78, 78: 76 };
  const third = { 76: 82, 82: 76, 78: 82 };
  let k = 0;
  let start = 0;
  let cls = 78;
  let mark = false;
  let n = 0;
  for (let i = 0; i < BIDI_RUNS.length; i++) {
    const d = BIDI_RUNS.charCodeAt(i);
    if (d === 0x21) mark = true;
    else if (d < 0x40) n = n * 24 + (d - 0x28);
    else {
      if (k > 0) cls = mark ? third[cls] : next[cls];
      starts[k] = start;
      classes[k++] = cls;
      start += n * 63 + (d - 0x40);
      n = 0;
      mark = false;
    }
  }
  if (k !== BIDI_RUN_COUNT || start !== 0x110000) throw new Error('js/select/bidi.js is corrupt');
  bidiClasses = classes;
  bidiStarts = starts;
}
/** The strong bidirectional type of code point c (js/select/bidi.js): 76 'L', 82 'R' (R or AL), 78 'N' (not strong). */
function bidiStrong(c) {
  if (bidiStarts === null) decodeBidi();
  return bidiClasses[lastAtMost(bidiStarts, c)];
}
/**
 * HTML "text node directionality" of the text s: 'ltr' or 'rtl' by the
 * first code point whose bidirectional type is L, or R / AL; null when
 * there is none.
 */
function firstStrong(s) {
  for (let k = 0; k < s.length; k++) {
    let c = s.charCodeAt(k);
    if (c < 0x80) {
      const l = c | 0x20;
      if (l >= 0x61 && l <= 0x7a) return 'ltr';
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && k + 1 < s.length) {
      const d = s.charCodeAt(k + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        k++;
      }
    }
    const b = bidiStrong(c);
    if (b === 76) return 'ltr';
    if (b === 82) return 'rtl';
  }
  return null;
}

// HTML 3.2.6.4: the auto-directionality form-associated elements are these
// inputs and textarea; their value decides.
const DIR_AUTO_INPUT_TYPES = new Set(['hidden', 'text', 'search', 'tel', 'url', 'email', 'password', 'submit', 'reset', 'button']);
/** The value of input or textarea j as JS sees it: the dirty value it set (js/dom/html-elements.js `_value`), else the default. */
function dirValue(t, j, textarea) {
  const v = t.cached(j)?._value;
  if (v !== undefined) return v;
  return textarea ? t.text(j) : t.plainAttr(j, 'value') ?? '';
}
/** The shadow root's host when node p is a shadow root, else NONE. */
function shadowHost(t, p) {
  if (p === NONE || t.type(p) === TYPE_ELEMENT || t.type(p) === TYPE_DOCUMENT) return NONE;
  const h = t.host(p);
  return h !== NONE && t.type(h) === TYPE_ELEMENT && t.shadowRootIndex(h) === p ? h : NONE;
}
/** HTML "directionality" of element i, without a per-query cache (a slot's host). */
function directionality(t, i) {
  for (let j = i; ;) {
    const d = ownDir(t, j);
    if (d !== undefined) return d;
    const p = t.parent(j);
    if (p !== NONE && t.type(p) === TYPE_ELEMENT) j = p;
    else {
      const h = shadowHost(t, p);
      if (h === NONE) return 'ltr';
      j = h;
    }
  }
}
/** The directionality where an element's parent is not an element: a shadow root's host's, else ltr. */
function rootDir(t, j) {
  const h = shadowHost(t, t.parent(j));
  return h === NONE ? 'ltr' : directionality(t, h);
}
function dirState(t, j) {
  if (!isHtml(t, j)) return null; // dir is an attribute of HTML elements
  const v = t.plainAttr(j, 'dir');
  if (v === null) return null;
  const l = lower(v);
  return l === 'ltr' || l === 'rtl' || l === 'auto' ? l : null;
}

/** bdi, script, style and textarea, and elements with a valid dir attribute: "contained text auto directionality" skips them. */
const dirExcluded = (t, j) => (isHtml(t, j) && ['bdi', 'script', 'style', 'textarea'].includes(t.localName(j))) || dirState(t, j) !== null;

/**
 * HTML "auto directionality", step 2: a slot in a shadow tree whose assigned
 * nodes (DOM 4.2.2.3 "find slottables": the host's Text children for the
 * default slot, its element children whose slot attribute is the slot's
 * name, when this slot is the first of that name in the shadow tree; none
 * when the root's slot assignment is manual, as nothing calls assign() here)
 * are not empty: the first of them that has a direction (a Text node's
 * text node directionality; an element's contained text auto
 * directionality, "canExcludeRoot" set: null for an excluded element).
 * undefined when the slot has no assigned nodes (step 3 then looks at its
 * own descendants), else the direction or null.
 */
function slotAssignedDir(t, slot) {
  const root = rootOf(t, slot);
  const host = shadowHost(t, root);
  if (host === NONE || (root < t.count && (t.n[root * NODE_WORDS + 5] & SHADOW_SLOT_MANUAL) !== 0)) return undefined;
  const name = t.plainAttr(slot, 'name') ?? '';
  for (let j = t.nextElement(root, root); j !== slot && j !== NONE; j = t.nextElement(j, root)) {
    if (isHtmlNamed(t, j, 'slot') && (t.plainAttr(j, 'name') ?? '') === name) return undefined; // not this slot's
  }
  let assigned = false;
  for (let c = t.first(host); c !== NONE; c = t.next(c)) {
    const ty = t.type(c);
    if (ty === TYPE_TEXT ? name !== '' : ty !== TYPE_ELEMENT || (t.plainAttr(c, 'slot') ?? '') !== name) continue;
    assigned = true;
    const d = ty === TYPE_TEXT ? firstStrong(t.data(c)) : dirExcluded(t, c) ? null : containedTextDir(t, c);
    if (d !== null) return d;
  }
  return assigned ? null : undefined;
}

// "contained text auto directionality": the first strong character of the
// descendant Text nodes, skipping bdi, script, style, textarea and elements
// with a valid dir attribute; a slot in a shadow tree gives its host's
// directionality.
function containedTextDir(t, i) {
  const end = (j) => {
    let n = t.next(j);
    let p = j;
    while (n === NONE && p !== i) {
      p = t.parent(p);
      if (p === i || p === NONE) return NONE;
      n = t.next(p);
    }
    return n;
  };
  let j = t.first(i);
  while (j !== NONE) {
    const ty = t.type(j);
    if (ty === TYPE_TEXT) {
      const d = firstStrong(t.data(j));
      if (d !== null) return d;
    } else if (ty === TYPE_ELEMENT && !dirExcluded(t, j)) {
      // (a slot with a valid dir attribute is skipped, not the host's)
      if (isHtmlNamed(t, j, 'slot')) {
        const h = shadowHost(t, rootOf(t, j));
        if (h !== NONE) return directionality(t, h);
      }
      const c = t.first(j);
      if (c !== NONE) {
        j = c;
        continue;
      }
    }
    j = end(j);
  }
  return null;
}

function inputType(t, i) {
  const v = t.plainAttr(i, 'type');
  const l = v === null ? 'text' : lower(v);
  return INPUT_TYPES.has(l) ? l : 'text';
}
const INPUT_TYPES = new Set([
  'hidden', 'text', 'search', 'tel', 'url', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local',
  'number', 'range', 'color', 'checkbox', 'radio', 'file', 'submit', 'image', 'reset', 'button',
]);

function ownDir(t, j) {
  const st = dirState(t, j);
  if (st === 'ltr' || st === 'rtl') return st;
  const html = isHtml(t, j);
  const name = t.localName(j);
  if (html && name === 'input' && st === null && inputType(t, j) === 'tel') return 'ltr';
  if (st === 'auto' || (html && name === 'bdi' && st === null)) {
    // "auto directionality"
    let d = null;
    if (html && name === 'input' && DIR_AUTO_INPUT_TYPES.has(inputType(t, j))) d = firstStrong(dirValue(t, j, false));
    else if (html && name === 'textarea') d = firstStrong(dirValue(t, j, true));
    else {
      d = html && name === 'slot' ? slotAssignedDir(t, j) : undefined;
      if (d === undefined) d = containedTextDir(t, j);
    }
    return d ?? 'ltr';
  }
  return undefined;
}

const KEY_DIR = { name: 'directionality' };
function matchDir(t, i, p, ctx) {
  return inherited(t, i, ctx, KEY_DIR, ownDir, rootDir) === p.dir;
}

// ---- forms: HTML 4.10 as a parsed document has it -------------------------

const FORM_ASSOCIATED = new Set(['button', 'fieldset', 'input', 'object', 'output', 'select', 'textarea', 'img']);
const KEY_IDS = { name: 'ids' };

/**
 * What make(at) gives, made once per query for each `at` (a tree's root, a
 * form, a select) and kept in the query's map for `key`.
 */
function perQuery(ctx, key, at, make) {
  const m = ctx.map(key);
  let v = m.get(at);
  if (v === undefined) m.set(at, (v = make(at)));
  return v;
}

function elementById(t, i, ctx, id) {
  const ids = perQuery(ctx, KEY_IDS, rootOf(t, i), (root) => {
    const found = new Map();
    for (let j = t.nextElement(root, root); j !== NONE; j = t.nextElement(j, root)) {
      const v = t.plainAttr(j, 'id');
      if (v !== null && v !== '' && !found.has(v)) found.set(v, j);
    }
    return found;
  });
  return ids.get(id) ?? NONE;
}

/** HTML 4.10.17.3 "Association of controls and forms" (the form attribute or the nearest form ancestor). */
function formOwner(t, i, ctx) {
  const name = t.localName(i);
  if (FORM_ASSOCIATED.has(name) && name !== 'img') {
    const f = t.plainAttr(i, 'form');
    if (f !== null) {
      const j = elementById(t, i, ctx, f);
      return j !== NONE && isHtmlNamed(t, j, 'form') ? j : NONE;
    }
  }
  for (let p = parentEl(t, i); p !== NONE; p = parentEl(t, p)) if (isHtmlNamed(t, p, 'form')) return p;
  return NONE;
}

// "actually disabled" (HTML 4.16.3 / 4.10.18.5 "Enabling and disabling form controls").
function inDisabledFieldset(t, i) {
  let child = i;
  for (let p = parentEl(t, i); p !== NONE; child = p, p = parentEl(t, p)) {
    if (!isHtmlNamed(t, p, 'fieldset') || !hasAttr(t, p, 'disabled')) continue;
    // not inside the fieldset's first legend child
    let legend = firstEl(t, p);
    while (legend !== NONE && !isHtmlNamed(t, legend, 'legend')) legend = nextEl(t, legend);
    if (child !== legend) return true;
  }
  return false;
}

const CONTROLS = new Set(['button', 'input', 'select', 'textarea']);
function actuallyDisabled(t, i) {
  if (!isHtml(t, i)) return false;
  const name = t.localName(i);
  if (CONTROLS.has(name) || name === 'fieldset') return hasAttr(t, i, 'disabled') || inDisabledFieldset(t, i);
  if (name === 'optgroup') return hasAttr(t, i, 'disabled');
  if (name === 'option') {
    // its disabled attribute, or its optgroup's (the nearest optgroup
    // ancestor below its select, as with customizable select; not the
    // select's state, which Chromium also uses)
    if (hasAttr(t, i, 'disabled')) return true;
    for (let p = parentEl(t, i); p !== NONE; p = parentEl(t, p)) {
      if (isHtmlNamed(t, p, 'optgroup')) return hasAttr(t, p, 'disabled');
      if (isHtmlNamed(t, p, 'select') || isHtmlNamed(t, p, 'datalist')) return false;
    }
    return false;
  }
  return false;
}
const CAN_BE_DISABLED = new Set(['button', 'input', 'select', 'textarea', 'optgroup', 'option', 'fieldset']);

// Radio button groups (4.10.5.1.16): same tree, same form owner, same
// non-empty name.  An input's checkedness is stored on its node object once
// JS set it or the tree changed (js/dom/html-elements.js, "checkedness");
// otherwise it is what the parser left: each checked radio inserted
// unchecks the others of its group, so the last checked one in tree order
// stays checked -- except in template contents, where a radio without a
// form owner unchecks nothing.
const KEY_RADIO = { name: 'radio groups' };
function radioGroups(t, i, ctx) {
  return perQuery(ctx, KEY_RADIO, rootOf(t, i), (root) => {
    // group key → { last: the last radio with the checked attribute or NONE, inert: its radios uncheck nothing at parse, any: one is checked, required }
    const g = new Map();
    const h = t.host(root);
    const templateContents = h !== NONE && t.shadowRootIndex(h) !== root;
    const radios = [];
    // (a detached radio is the root of its tree, and of its group)
    for (let j = root === i ? i : t.nextElement(root, root); j !== NONE; j = t.nextElement(j, root)) {
      if (!isHtmlNamed(t, j, 'input') || inputType(t, j) !== 'radio') continue;
      const key = radioKey(t, j, ctx);
      let e = g.get(key);
      if (e === undefined) g.set(key, (e = { last: NONE, inert: templateContents && formOwner(t, j, ctx) === NONE, any: false, required: false }));
      if (hasAttr(t, j, 'checked')) e.last = j;
      if (hasAttr(t, j, 'required')) e.required = true;
      radios.push(j, e);
    }
    for (let k = 0; k < radios.length; k += 2) if (radioChecked(t, radios[k], radios[k + 1])) radios[k + 1].any = true;
    return g;
  });
}
function radioKey(t, j, ctx) {
  const name = t.plainAttr(j, 'name');
  return name === null || name === '' ? j : formOwner(t, j, ctx) + '\u0000' + name;
}

/** The checkedness stored on input i's node object (js/dom/html-elements.js), or undefined. */
const storedChecked = (t, i) => t.cached(i)?._checked;
/** The checkedness of radio j of group e. */
function radioChecked(t, j, e) {
  const c = storedChecked(t, j);
  if (c !== undefined) return c;
  return hasAttr(t, j, 'checked') && (e.inert || e.last === j);
}

/** Is a radio of radio i's group checked? */
function groupChecked(t, i, ctx) {
  return radioGroups(t, i, ctx).get(radioKey(t, i, ctx)).any;
}

function checkedness(t, i, ctx) {
  const type = inputType(t, i);
  if (type !== 'checkbox' && type !== 'radio') return false;
  if (type === 'radio') return radioChecked(t, i, radioGroups(t, i, ctx).get(radioKey(t, i, ctx)));
  const c = storedChecked(t, i);
  return c !== undefined ? c : hasAttr(t, i, 'checked');
}

// Option selectedness (4.10.7 "The select element", the selectedness
// setting algorithm, as after parsing).
// The option element nearest ancestor select (customizable select): the
// closest select ancestor, unless a datalist, hr or option, or a second
// optgroup, comes first.
function selectOf(t, o) {
  let optgroup = false;
  for (let p = parentEl(t, o); p !== NONE; p = parentEl(t, p)) {
    if (!isHtml(t, p)) continue;
    const name = t.localName(p);
    if (name === 'select') return p;
    if (name === 'datalist' || name === 'hr' || name === 'option') return NONE;
    if (name === 'optgroup') {
      if (optgroup) return NONE;
      optgroup = true;
    }
  }
  return NONE;
}
/** The select's list of options: its option descendants whose nearest ancestor select it is. */
function listOfOptions(t, s) {
  const out = [];
  for (let j = t.nextElement(s, s); j !== NONE; j = t.nextElement(j, s)) {
    if (isHtmlNamed(t, j, 'option') && selectOf(t, j) === s) out.push(j);
  }
  return out;
}
function displaySize(t, s) {
  const v = t.plainAttr(s, 'size');
  const m = v === null ? null : /^[\t\n\f\r ]*\+?(\d+)/.exec(v);
  if (m !== null && parseInt(m[1], 10) > 0) return parseInt(m[1], 10);
  return hasAttr(t, s, 'multiple') ? 4 : 1;
}
const KEY_SELECTED = { name: 'selected options' };
// (js/dom/html-elements.js has a second implementation of this algorithm for
// option.selected, select.value and the options collection, with its own
// list of options without the customizable-select rules: they should
// become one, here, once both lists are checked against Chromium.)
// An option's selectedness set from JS (its dirty selectedness, `_selected`
// of js/dom/html-elements.js) counts over its selected attribute; after
// select.value or selectedIndex set from JS (`_noReset`) nothing resets a
// single select with no option selected.
const ownSelected = (t, x) => t.cached(x)?._selected ?? hasAttr(t, x, 'selected');
function selectedness(t, o, ctx) {
  const s = selectOf(t, o);
  if (s === NONE) return ownSelected(t, o);
  const m = ctx.map(KEY_SELECTED);
  let set = m.get(s);
  if (set === undefined) {
    const opts = listOfOptions(t, s);
    let sel = opts.filter((x) => ownSelected(t, x));
    if (!hasAttr(t, s, 'multiple')) {
      if (sel.length > 1) sel = [sel[sel.length - 1]];
      if (sel.length === 0 && displaySize(t, s) === 1 && t.cached(s)?._noReset !== true) {
        const first = opts.find((x) => !actuallyDisabled(t, x));
        if (first !== undefined) sel = [first];
      }
    }
    m.set(s, (set = new Set(sel)));
  }
  return set.has(o);
}

function isSubmitButton(t, i) {
  if (!isHtml(t, i)) return false;
  const name = t.localName(i);
  if (name === 'button') {
    const ty = t.plainAttr(i, 'type');
    const l = ty === null ? 'submit' : lower(ty);
    return l !== 'button' && l !== 'reset';
  }
  if (name === 'input') {
    const ty = inputType(t, i);
    return ty === 'submit' || ty === 'image';
  }
  return false;
}
const KEY_DEFAULT_BUTTON = { name: 'default buttons' };
function isDefaultButton(t, i, ctx) {
  const f = formOwner(t, i, ctx);
  if (f === NONE) return false;
  const m = ctx.map(KEY_DEFAULT_BUTTON);
  let d = m.get(f);
  if (d === undefined) {
    d = NONE;
    const root = rootOf(t, f);
    for (let j = t.nextElement(root, root); j !== NONE && d === NONE; j = t.nextElement(j, root)) {
      if (isSubmitButton(t, j) && formOwner(t, j, ctx) === f) d = j;
    }
    m.set(f, d);
  }
  return d === i;
}

// The input types each attribute applies to (4.10.5.1 "Common input element attributes" table).
const REQUIRED_TYPES = new Set([
  'text', 'search', 'url', 'tel', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local', 'number',
  'checkbox', 'radio', 'file',
]);
const READONLY_TYPES = new Set([
  'text', 'search', 'url', 'tel', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local', 'number',
]);
const PLACEHOLDER_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number']);

/** An input's value: its dirty value or else its value attribute (dirValue), after value sanitization (4.10.5.1). */
function inputValue(t, i, type) {
  let v = dirValue(t, i, false);
  if (type === 'text' || type === 'search' || type === 'tel' || type === 'password') v = v.replace(/[\r\n]/g, '');
  else if (type === 'url' || type === 'email') v = v.replace(/[\r\n]/g, '').replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
  else if (RANGE_TYPES.has(type)) {
    if (parseTyped(type, v) === null) v = '';
  }
  return v;
}

// :required / :optional (4.16.3)
function requiredState(t, i) {
  if (!isHtml(t, i)) return null;
  const name = t.localName(i);
  if (name === 'select' || name === 'textarea') return hasAttr(t, i, 'required');
  if (name === 'input' && REQUIRED_TYPES.has(inputType(t, i))) return hasAttr(t, i, 'required');
  return null;
}

// :read-write (4.16.3): mutable text-like inputs and textareas, and
// editable elements (contenteditable, 6.8.1).
function ownEditable(t, j) {
  if (!isHtml(t, j)) return undefined;
  const v = t.plainAttr(j, 'contenteditable');
  if (v === null) return undefined;
  const l = lower(v);
  if (l === '' || l === 'true' || l === 'plaintext-only') return true;
  if (l === 'false') return false;
  return undefined;
}
const KEY_EDITABLE = { name: 'editable' };
function readWrite(t, i, ctx) {
  if (!isHtml(t, i)) return false;
  const name = t.localName(i);
  if (name === 'input') {
    return READONLY_TYPES.has(inputType(t, i)) && !hasAttr(t, i, 'readonly') && !actuallyDisabled(t, i);
  }
  if (name === 'textarea') return !hasAttr(t, i, 'readonly') && !actuallyDisabled(t, i);
  return inherited(t, i, ctx, KEY_EDITABLE, ownEditable, false);
}

function placeholderShown(t, i) {
  if (!isHtml(t, i)) return false;
  const name = t.localName(i);
  let value;
  if (name === 'input') {
    const type = inputType(t, i);
    if (!PLACEHOLDER_TYPES.has(type)) return false;
    value = inputValue(t, i, type);
  } else if (name === 'textarea') value = dirValue(t, i, true);
  else return false;
  const ph = t.plainAttr(i, 'placeholder');
  return ph !== null && value === '';
}

// :in-range / :out-of-range (4.16.3): inputs whose min / max apply, that
// are candidates for constraint validation and have range limitations.
const RANGE_TYPES = new Set(['date', 'month', 'week', 'time', 'datetime-local', 'number', 'range']);
// Date.UTC takes years 0-99 as 1900-1999: the proleptic Gregorian year y as given.
function utc(y, m, d) {
  const t = new Date(0);
  return t.setUTCFullYear(y, m, d);
}
const daysIn = (y, m) => new Date(utc(y, m, 0)).getUTCDate();
/** A number for the value strings of 4.10.5.1 (2.3.5 dates and times), or null. */
function parseTyped(type, s) {
  let m;
  switch (type) {
    case 'number':
    case 'range':
      return /^-?(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?$/.test(s) && Number.isFinite(+s) ? +s : null;
    case 'date':
      m = /^(\d{4,})-(\d\d)-(\d\d)$/.exec(s);
      if (!m || +m[1] === 0 || +m[2] < 1 || +m[2] > 12 || +m[3] < 1 || +m[3] > daysIn(+m[1], +m[2])) return null;
      return utc(+m[1], +m[2] - 1, +m[3]);
    case 'month':
      m = /^(\d{4,})-(\d\d)$/.exec(s);
      if (!m || +m[1] === 0 || +m[2] < 1 || +m[2] > 12) return null;
      return +m[1] * 12 + +m[2] - 1;
    case 'week': {
      m = /^(\d{4,})-W(\d\d)$/.exec(s);
      if (!m || +m[1] === 0 || +m[2] < 1) return null;
      const y = +m[1];
      const jan1 = new Date(utc(y, 0, 1)).getUTCDay();
      const long = jan1 === 4 || (jan1 === 3 && daysIn(y, 2) === 29);
      if (+m[2] > (long ? 53 : 52)) return null;
      return y * 53 + +m[2];
    }
    case 'time':
      return parseTime(s);
    case 'datetime-local': {
      m = /^(\d{4,}-\d\d-\d\d)[T ](.*)$/.exec(s);
      if (!m) return null;
      const d = parseTyped('date', m[1]);
      const tm = parseTime(m[2]);
      return d === null || tm === null ? null : d + tm;
    }
  }
  return null;
}
function parseTime(s) {
  const m = /^(\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,3}))?)?$/.exec(s);
  if (!m || +m[1] > 23 || +m[2] > 59 || (m[3] !== undefined && +m[3] > 59)) return null;
  return ((+m[1] * 60 + +m[2]) * 60 + +(m[3] ?? 0)) * 1000 + +((m[4] ?? '0') + '00').slice(0, 3);
}
/** true (in range), false (out of range) or null (neither pseudo-class applies). */
function rangeState(t, i) {
  if (!isHtmlNamed(t, i, 'input')) return null;
  const type = inputType(t, i);
  if (!RANGE_TYPES.has(type)) return null;
  // barred from constraint validation: disabled, readonly, in a datalist
  if (actuallyDisabled(t, i) || hasAttr(t, i, 'readonly')) return null;
  for (let p = parentEl(t, i); p !== NONE; p = parentEl(t, p)) if (isHtmlNamed(t, p, 'datalist')) return null;
  const min = parseTyped(type, t.plainAttr(i, 'min') ?? '');
  const max = parseTyped(type, t.plainAttr(i, 'max') ?? '');
  if (type === 'range') return true; // value sanitization clamps it into range
  if (min === null && max === null) return null; // no range limitations
  const v = parseTyped(type, inputValue(t, i, type));
  if (v === null) return true;
  if (type === 'time' && min !== null && max !== null && min > max) return !(v < min && v > max); // reversed range
  return !((min !== null && v < min) || (max !== null && v > max));
}

// :valid / :invalid (4.16.3, 4.10.21 "Constraints") for the state after
// parsing: nobody has typed, so tooLong / tooShort / badInput never apply.
/** Is element i a candidate for constraint validation (4.10.21.1)? */
function isCandidate(t, i) {
  if (!isHtml(t, i)) return false;
  const name = t.localName(i);
  if (!CONTROLS.has(name)) return false;
  if (actuallyDisabled(t, i)) return false;
  for (let p = parentEl(t, i); p !== NONE; p = parentEl(t, p)) if (isHtmlNamed(t, p, 'datalist')) return false;
  if (name === 'input') {
    const type = inputType(t, i);
    if (type === 'hidden' || type === 'reset' || type === 'button' || type === 'image') return false;
    return !(READONLY_TYPES.has(type) && hasAttr(t, i, 'readonly'));
  }
  if (name === 'button') {
    const ty = t.plainAttr(i, 'type');
    const l = ty === null ? 'submit' : lower(ty);
    return l !== 'button' && l !== 'reset';
  }
  if (name === 'textarea') return !hasAttr(t, i, 'readonly');
  return true; // select
}

// 4.10.5.1.5 "E-mail state": a valid email address.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const DEFAULT_STEP = { number: 1, range: 1 };

/** Does candidate i satisfy its constraints (4.10.21.1 "validity states")? */
function satisfiesConstraints(t, i, ctx) {
  const name = t.localName(i);
  const required = hasAttr(t, i, 'required');
  if (name === 'textarea') return !(required && dirValue(t, i, true) === '');
  if (name === 'select') return !(required && selectValueMissing(t, i, ctx));
  if (name !== 'input') return true;
  const type = inputType(t, i);
  if (type === 'checkbox') return !(required && !checkedness(t, i, ctx));
  if (type === 'radio') {
    return !(radioGroups(t, i, ctx).get(radioKey(t, i, ctx)).required && !groupChecked(t, i, ctx));
  }
  if (type === 'file') return !required; // no file is selected
  if (type === 'color' || type === 'submit' || type === 'image') return true;
  const v = inputValue(t, i, type);
  if (v === '') return !(required && REQUIRED_TYPES.has(type));
  if (type === 'email') {
    const list = hasAttr(t, i, 'multiple') ? v.split(',').map((x) => x.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '')) : [v];
    if (!list.every((x) => EMAIL.test(x))) return false;
  }
  if (type === 'url' && !(typeof URL.canParse === 'function' ? URL.canParse(v) : /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(v))) return false;
  const pattern = t.plainAttr(i, 'pattern');
  if (pattern !== null && (type === 'text' || type === 'search' || type === 'tel' || type === 'url' || type === 'email' || type === 'password')) {
    let re = null;
    try {
      re = new RegExp(`^(?:${pattern})$`, 'v');
    } catch {
      re = null; // an invalid pattern is no constraint
    }
    if (re !== null) {
      const values = type === 'email' && hasAttr(t, i, 'multiple') ? v.split(',') : [v];
      if (!values.every((x) => re.test(x))) return false;
    }
  }
  if (RANGE_TYPES.has(type)) {
    if (rangeState(t, i) === false) return false;
    const step = DEFAULT_STEP[type];
    if (step !== undefined) {
      // step mismatch (4.10.5.3.8), for number and range
      const attr = t.plainAttr(i, 'step');
      if (attr !== null && lower(attr.trim()) === 'any') return true;
      const parsed = attr === null ? null : parseTyped('number', attr);
      const st = parsed !== null && parsed > 0 ? parsed : step;
      const base = parseTyped(type, t.plainAttr(i, 'min') ?? '') ?? parseTyped(type, t.plainAttr(i, 'value') ?? '') ?? 0;
      const q = (parseTyped(type, v) - base) / st;
      if (Math.abs(q - Math.round(q)) > 1e-9) return false;
    }
  }
  return true;
}

// 4.10.7: a required select suffers from being missing when no option is
// selected or the placeholder label option is.
function selectValueMissing(t, s, ctx) {
  const opts = listOfOptions(t, s);
  const sel = opts.filter((o) => selectedness(t, o, ctx));
  if (sel.length === 0) return true;
  if (hasAttr(t, s, 'multiple') || displaySize(t, s) !== 1) return false;
  const first = opts[0];
  const placeholder = first !== undefined && parentEl(t, first) === s && optionValue(t, first) === '';
  return placeholder && sel[0] === first;
}
function optionValue(t, o) {
  const v = t.plainAttr(o, 'value');
  return v !== null ? v : t.text(o).replace(/[\t\n\f\r ]+/g, ' ').replace(/^ | $/g, '');
}

const KEY_INVALID = { name: 'invalid controls' };
/** {forms, fieldsets}: the forms and fieldsets with an invalid control, once per tree. */
function invalidContainers(t, i, ctx) {
  return perQuery(ctx, KEY_INVALID, rootOf(t, i), (root) => {
    const r = { forms: new Set(), fieldsets: new Set() };
    for (let j = t.nextElement(root, root); j !== NONE; j = t.nextElement(j, root)) {
      if (!isCandidate(t, j) || satisfiesConstraints(t, j, ctx)) continue;
      r.forms.add(formOwner(t, j, ctx));
      for (let p = parentEl(t, j); p !== NONE; p = parentEl(t, p)) {
        if (!isHtmlNamed(t, p, 'fieldset')) continue;
        if (r.fieldsets.has(p)) break;
        r.fieldsets.add(p);
      }
    }
    return r;
  });
}
/** true (:valid), false (:invalid) or null (neither). */
function validity(t, i, ctx) {
  if (!isHtml(t, i)) return null;
  const name = t.localName(i);
  if (name === 'form') return !invalidContainers(t, i, ctx).forms.has(i);
  if (name === 'fieldset') return !invalidContainers(t, i, ctx).fieldsets.has(i);
  return isCandidate(t, i) ? satisfiesConstraints(t, i, ctx) : null;
}

// :defined (HTML 4.16.3, 4.13.6 "defined" custom element state).  There is
// no custom element registry here, so nothing is ever defined as a custom
// element: an HTML element is undefined when "create an element" gave it the
// "undefined" state, i.e. its name is a valid custom element name (the 2025
// rule Chromium 156 checks, js/select/custom-element-name.js) or
// it has an is value (DOM 4.9: the `is` attribute it was parsed with, or
// createElement's `is` option; an `is` attribute set or removed later does
// not change it, js/dom/dom.js Tree#isValue); every other element is defined.
function isDefined(t, i) {
  if (t.nsURI(i) !== ELEMENT_NS_URI[NS_HTML]) return true; // (an XML document's XHTML elements too)
  return !isValidCustomElementName(t.localName(i)) && t.isValue(i) === null;
}

// :link / :any-link (4.16.3): a and area elements with an href attribute
// (no link is visited), and SVG a elements with href or xlink:href (SVG 2,
// 16.2: they are hyperlinks too; Chromium matches them).
function isLink(t, i) {
  const ns = t.ns(i);
  const name = t.localName(i);
  if (ns === NS_HTML) return (name === 'a' || name === 'area') && hasAttr(t, i, 'href');
  if (ns !== NS_SVG || name !== 'a') return false;
  for (let k = t.attrFirst(i), e = k + t.attrCount(i); k < e; k++) {
    if (t.attrName(k) === 'href' && (t.attrNs(k) === ANS_NONE || t.attrNs(k) === ANS_XLINK)) return true;
  }
  return false;
}

function isEmpty(t, i) {
  for (let c = t.first(i); c !== NONE; c = t.next(c)) {
    const ty = t.type(c);
    if (ty === TYPE_ELEMENT || (ty === TYPE_TEXT && t.data(c) !== '')) return false;
  }
  return true;
}

// Pseudo-classes in pairs over one state that is true, false or null (the
// element is neither: not a form control the state applies to).
const PAIRED_STATES = {
  required: [requiredState, true], optional: [requiredState, false],
  'in-range': [rangeState, true], 'out-of-range': [rangeState, false],
  valid: [validity, true], invalid: [validity, false],
};

function matchPseudo(t, i, p, ctx) {
  switch (p.name) {
    case 'first-child':
      return prevEl(t, i) === NONE;
    case 'last-child':
      return nextEl(t, i) === NONE;
    case 'only-child':
      return prevEl(t, i) === NONE && nextEl(t, i) === NONE;
    case 'first-of-type':
      return position(t, i, ctx, false, true) === 1;
    case 'last-of-type':
      return position(t, i, ctx, true, true) === 1;
    case 'only-of-type':
      return position(t, i, ctx, false, true) === 1 && position(t, i, ctx, true, true) === 1;
    case 'empty':
      return isEmpty(t, i);
    case 'root':
      return isRoot(t, i);
    case 'scope': {
      const s = ctx.scope;
      // a document or fragment scope: the root element (Selectors 4, 14.3)
      return t.type(s) === TYPE_ELEMENT ? i === s : isRoot(t, i);
    }
    case 'not':
      return !matchList(t, i, p.list, ctx);
    case 'is':
      return matchList(t, i, p.list, ctx);
    case 'has':
      return matchHas(t, i, p, ctx);
    case 'nth-child':
    case 'nth-last-child':
      return nthChild(t, i, p, ctx);
    case 'nth-of-type':
    case 'nth-last-of-type':
      return nthMatches(p.a, p.b, position(t, i, ctx, p.name === 'nth-last-of-type', true));
    case 'lang':
      return matchLang(t, i, p, ctx);
    case 'dir':
      return matchDir(t, i, p, ctx);
    case 'defined':
      return isDefined(t, i);
    case 'link':
    case 'any-link':
      return isLink(t, i);
    case 'checked':
      if (isHtmlNamed(t, i, 'input')) return checkedness(t, i, ctx);
      if (isHtmlNamed(t, i, 'option')) return selectedness(t, i, ctx);
      return false;
    case 'indeterminate':
      // 4.16.3: checkboxes whose indeterminate IDL attribute is true (set
      // from JS: `_indeterminate` of js/dom/html-elements.js), radios whose group
      // has no checked radio, progress without a value
      if (isHtmlNamed(t, i, 'input')) {
        const ty = inputType(t, i);
        if (ty === 'checkbox') return t.cached(i)?._indeterminate === true;
        return ty === 'radio' && !groupChecked(t, i, ctx);
      }
      return isHtmlNamed(t, i, 'progress') && !hasAttr(t, i, 'value');
    case 'default':
      if (isHtmlNamed(t, i, 'input')) {
        const ty = inputType(t, i);
        if (ty === 'checkbox' || ty === 'radio') return hasAttr(t, i, 'checked');
      }
      if (isHtmlNamed(t, i, 'option')) return hasAttr(t, i, 'selected');
      return isSubmitButton(t, i) && isDefaultButton(t, i, ctx);
    case 'enabled':
      return isHtml(t, i) && CAN_BE_DISABLED.has(t.localName(i)) && !actuallyDisabled(t, i);
    case 'disabled':
      return actuallyDisabled(t, i);
    case 'required': case 'optional': case 'in-range': case 'out-of-range': case 'valid': case 'invalid': {
      const [state, when] = PAIRED_STATES[p.name];
      return state(t, i, ctx) === when;
    }
    case 'read-write':
      return readWrite(t, i, ctx);
    case 'read-only':
      return isHtml(t, i) && !readWrite(t, i, ctx);
    case 'placeholder-shown':
      return placeholderShown(t, i);
    case 'open':
      // details and dialog elements that are open (4.16.3)
      return isHtml(t, i) && (t.localName(i) === 'details' || t.localName(i) === 'dialog') && hasAttr(t, i, 'open');
  }
  return false; // 'never': user-state pseudo-classes
}

function matchCompound(t, i, c, ctx) {
  if (c.never) return false;
  if (c.rt !== t) resolve(c, t);
  if (c.tag !== null) {
    const html = isHtml(t, i);
    if (t._dup) {
      if (t.localName(i) !== (html ? c.tagLower : c.tag)) return false;
    } else if (t.nameIdOf(i) !== (html ? c.tagHtml : c.tagOther)) return false;
  }
  if (c.id !== null) {
    const id = t.plainAttr(i, 'id');
    if (id === null || (ctx.quirks ? lower(id) !== lower(c.id) : id !== c.id)) return false;
  }
  if (c.classes !== null) {
    const cls = t.plainAttr(i, 'class');
    if (cls === null) return false;
    for (let k = 0; k < c.classes.length; k++) if (!hasClass(cls, c.classes[k], ctx.quirks)) return false;
  }
  if (c.attrs !== null) {
    for (let k = 0; k < c.attrs.length; k++) if (!matchAttr(t, i, c.attrs[k])) return false;
  }
  if (c.pseudos !== null) {
    for (let k = 0; k < c.pseudos.length; k++) if (!matchPseudo(t, i, c.pseudos[k], ctx)) return false;
  }
  return true;
}

// parts[k] against element i, then the rest leftwards.  Recursion is bounded
// by the number of compounds in the selector, not by the tree's depth.
function matchParts(t, i, parts, k, ctx) {
  if (!matchCompound(t, i, parts[k].c, ctx)) return false;
  if (k + 1 === parts.length) return true;
  const comb = parts[k].comb;
  // Child and descendant go to parents, next-sibling and subsequent-sibling
  // to previous siblings; '>' and '+' take one step, ' ' and '~' any number.
  const step = comb === '>' || comb === ' ' ? parentEl : prevEl;
  for (let j = step(t, i); j !== NONE; j = step(t, j)) {
    if (matchParts(t, j, parts, k + 1, ctx)) return true;
    if (comb === '>' || comb === '+') return false;
  }
  return false;
}

function matchList(t, i, list, ctx) {
  for (let k = 0; k < list.length; k++) if (matchParts(t, i, list[k], 0, ctx)) return true;
  return false;
}

/** Elements below `scope` (in tree order, not in template contents) matching `list`. */
export function selectAll(t, scope, list) {
  const ctx = new Ctx(t, scope);
  const out = [];
  for (let j = t.nextElement(scope, scope); j !== NONE; j = t.nextElement(j, scope)) {
    if (matchList(t, j, list, ctx)) out.push(t.node(j));
  }
  return out;
}

export function selectFirst(t, scope, list) {
  const ctx = new Ctx(t, scope);
  for (let j = t.nextElement(scope, scope); j !== NONE; j = t.nextElement(j, scope)) {
    if (matchList(t, j, list, ctx)) return t.node(j);
  }
  return null;
}

export function matchesSelector(t, i, list) {
  return matchList(t, i, list, new Ctx(t, i));
}

/** Index of the closest inclusive ancestor element of i matching `list`, or NONE. */
export function closestMatch(t, i, list) {
  const ctx = new Ctx(t, i);
  for (let j = i; j !== NONE; j = parentEl(t, j)) if (matchList(t, j, list, ctx)) return j;
  return NONE;
}
export { isCandidate, parseTyped }; // for js/dom/html-elements.js (willValidate, valueAsNumber, value sanitization)
