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

import { ANS_NONE, ANS_XLINK, ELEMENT_NS_URI, NONE, NS_HTML, NS_SVG, TYPE_DOCUMENT, TYPE_ELEMENT, TYPE_TEXT } from '../core/abi.js';
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

export const lower = (s) => (/[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s);
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

export function parentEl(t, i) {
  const p = t.parent(i);
  return p !== NONE && t.type(p) === TYPE_ELEMENT ? p : NONE;
}
function prevEl(t, i) {
  let j = t.prev(i);
  while (j !== NONE && t.type(j) !== TYPE_ELEMENT) j = t.prev(j);
  return j;
}
export function nextEl(t, i) {
  let j = t.next(i);
  while (j !== NONE && t.type(j) !== TYPE_ELEMENT) j = t.next(j);
  return j;
}
export function firstEl(t, i) {
  let j = t.first(i);
  while (j !== NONE && t.type(j) !== TYPE_ELEMENT) j = t.next(j);
  return j;
}
export const isHtml = (t, i) => t.ns(i) === NS_HTML;
export const isHtmlNamed = (t, i, name) => t.ns(i) === NS_HTML && t.localName(i) === name;
export const hasAttr = (t, i, name) => t.findPlainAttr(i, name) >= 0;

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

/**
 * The pseudo-classes of HTML element state, language and directionality
 * (:checked, :disabled, :valid, :lang(), :dir(), ...: js/select/states.js),
 * set by installStatePseudoClasses() with the element interfaces
 * (js/dom/html-elements.js installHtmlElements()); null in the DOM's base.
 */
let stateMatcher = null;
/** @param {(t: object, i: number, p: object, ctx: object) => boolean} f */
export function setStateMatcher(f) { stateMatcher = f; }

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
    case 'defined':
      return isDefined(t, i);
    case 'link':
    case 'any-link':
      return isLink(t, i);
    case 'open':
      // details and dialog elements that are open (4.16.3)
      return isHtml(t, i) && (t.localName(i) === 'details' || t.localName(i) === 'dialog') && hasAttr(t, i, 'open');
    case 'never': // user-state pseudo-classes
      return false;
  }
  if (stateMatcher === null) {
    throw syntaxError(`':${p.name}' needs the element interfaces, which this entry point does not have (html5-wasm/decode, html5-wasm/parse): query with html5-wasm's DOM`);
  }
  return stateMatcher(t, i, p, ctx);
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
