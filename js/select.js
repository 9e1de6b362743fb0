// A small CSS selector engine for the DOM-like tree of js/dom.js
// (querySelector, querySelectorAll, matches, closest).
//
// Supported: type and universal selectors, #id, .class, attribute selectors
// ([a] [a=v] [a~=v] [a|=v] [a^=v] [a$=v] [a*=v], with the i and s flags),
// selector lists, the descendant, child (>), next-sibling (+) and
// subsequent-sibling (~) combinators, and the pseudo-classes :first-child
// :last-child :only-child :first-of-type :last-of-type :only-of-type
// :nth-child() :nth-last-child() :nth-of-type() :nth-last-of-type() :not()
// :is() :where() :empty :root :scope.  Case rules are those of HTML
// documents: type and attribute names are case-insensitive on HTML elements,
// class and id are case-insensitive in quirks mode, and the attribute values
// HTML lists as legacy case-insensitive compare ignoring ASCII case.
// Invalid or unsupported selectors throw a DOMException named SyntaxError.

import { N_NAME, NODE_WORDS, NONE, NS_HTML, TYPE_DOCUMENT, TYPE_ELEMENT, TYPE_TEXT } from './abi.js';

function syntaxError(message) {
  if (typeof DOMException === 'function') return new DOMException(message, 'SyntaxError');
  return new SyntaxError(message);
}

const LEGACY_CI_ATTRS = new Set(
  ('accept accept-charset align alink axis bgcolor charset checked clear codetype color compact declare defer dir ' +
    'direction disabled enctype face frame hreflang http-equiv lang language link media method multiple nohref ' +
    'noresize noshade nowrap readonly rel rev rules scope scrolling selected shape target text type valign ' +
    'valuetype vlink').split(' '),
);

const lower = (s) => (/[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s);
const isWs = (c) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;

// ---- parsing --------------------------------------------------------------

class Parser {
  constructor(text) {
    this.s = text;
    this.i = 0;
  }
  fail(what) {
    return syntaxError(`'${this.s}' is not a valid selector: ${what} at position ${this.i}`);
  }
  peek() { return this.i < this.s.length ? this.s.charCodeAt(this.i) : -1; }
  skipWs() {
    let any = false;
    for (;;) {
      while (this.i < this.s.length && isWs(this.s.charCodeAt(this.i))) {
        this.i++;
        any = true;
      }
      if (this.s.startsWith('/*', this.i)) {
        const e = this.s.indexOf('*/', this.i + 2);
        this.i = e < 0 ? this.s.length : e + 2;
        any = true;
        continue;
      }
      return any;
    }
  }
  isNameChar(c) {
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x5f || c >= 0x80;
  }
  startsIdent() {
    const s = this.s;
    let i = this.i;
    let c = s.charCodeAt(i);
    if (c === 0x2d) {
      c = s.charCodeAt(++i);
      if (c === 0x2d) return true;
    }
    if (c === 0x5c) return i + 1 < s.length && s.charCodeAt(i + 1) !== 0x0a;
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c >= 0x80;
  }
  escape() {
    // at the character after a backslash
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
  // Name code points and escapes (CSS Syntax 4.3.11 "consume an ident sequence").
  name() {
    let out = '';
    while (this.i < this.s.length) {
      const c = this.s.charCodeAt(this.i);
      if (c === 0x5c) {
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

  list(nested) {
    const out = [];
    for (;;) {
      this.skipWs();
      out.push(this.complex());
      this.skipWs();
      const c = this.peek();
      if (c === 0x2c) {
        this.i++;
        continue;
      }
      if (nested ? c === 0x29 : c === -1) return out;
      throw this.fail('unexpected character');
    }
  }

  // Returns compounds right to left: [{ c: compound, comb }] where comb
  // joins this compound to the next one in the array (the one to its left).
  complex() {
    const parts = [];
    let comb = null;
    for (;;) {
      const compound = this.compound();
      parts.push({ c: compound, comb: null });
      if (comb !== null) parts[parts.length - 2].combNext = comb;
      const ws = this.skipWs();
      const c = this.peek();
      if (c === 0x3e || c === 0x2b || c === 0x7e) {
        this.i++;
        comb = String.fromCharCode(c);
        this.skipWs();
      } else if (ws && c !== -1 && c !== 0x2c && c !== 0x29) {
        comb = ' ';
      } else break;
    }
    // parts are left to right with combNext joining part k to part k+1;
    // reverse so matching starts at the subject.
    const rtl = [];
    for (let k = parts.length - 1; k >= 0; k--) {
      rtl.push({ c: parts[k].c, comb: k > 0 ? parts[k - 1].combNext : null });
    }
    return rtl;
  }

  compound() {
    // rt/tagHtml/tagOther: name ids resolved for tree rt (see resolve()).
    const cp = { tag: null, tagLower: null, id: null, classes: null, attrs: null, pseudos: null, never: false, rt: null, tagHtml: -1, tagOther: -1 };
    let any = false;
    let c = this.peek();
    if (c === 0x2a) {
      this.i++;
      any = true;
      if (this.peek() === 0x7c) throw this.fail('namespace prefixes are not supported');
    } else if (c !== -1 && this.startsIdent()) {
      cp.tag = this.ident();
      cp.tagLower = lower(cp.tag);
      any = true;
      if (this.peek() === 0x7c) throw this.fail('namespace prefixes are not supported');
    }
    for (;;) {
      c = this.peek();
      if (c === 0x23) {
        this.i++;
        if (!this.isNameChar(this.peek()) && this.peek() !== 0x5c) throw this.fail('expected an id');
        const id = this.name();
        cp.id = cp.id === null ? id : cp.id === id ? id : '\u0000never';
        if (cp.id === '\u0000never') cp.never = true;
      } else if (c === 0x2e) {
        this.i++;
        (cp.classes ||= []).push(this.ident());
      } else if (c === 0x5b) {
        this.i++;
        (cp.attrs ||= []).push(this.attr());
      } else if (c === 0x3a) {
        this.i++;
        if (this.peek() === 0x3a) throw this.fail('pseudo-elements are not supported');
        (cp.pseudos ||= []).push(this.pseudo());
      } else break;
      any = true;
    }
    if (!any) throw this.fail(this.i >= this.s.length ? 'unexpected end' : 'expected a selector');
    return cp;
  }

  attr() {
    this.skipWs();
    if (this.peek() === 0x2a || this.peek() === 0x7c) throw this.fail('namespace prefixes are not supported');
    const name = this.ident();
    if (this.peek() === 0x7c && this.s.charCodeAt(this.i + 1) !== 0x3d) throw this.fail('namespace prefixes are not supported');
    this.skipWs();
    const a = { name, nameLower: lower(name), op: null, value: null, flag: null, idHtml: -1, idOther: -1 };
    let c = this.peek();
    if (c === 0x5d) {
      this.i++;
      return a;
    }
    if (c === 0x3d) {
      a.op = '=';
      this.i++;
    } else if ((c === 0x7e || c === 0x7c || c === 0x5e || c === 0x24 || c === 0x2a) && this.s.charCodeAt(this.i + 1) === 0x3d) {
      a.op = this.s[this.i] + '=';
      this.i += 2;
    } else throw this.fail('expected an attribute operator');
    this.skipWs();
    c = this.peek();
    if (c === 0x22 || c === 0x27) a.value = this.string();
    else a.value = this.ident();
    this.skipWs();
    c = this.peek();
    if (c === 0x69 || c === 0x49 || c === 0x73 || c === 0x53) {
      a.flag = String.fromCharCode(c | 0x20);
      this.i++;
      this.skipWs();
    }
    if (this.peek() !== 0x5d) throw this.fail("expected ']'");
    this.i++;
    return a;
  }

  pseudo() {
    const name = lower(this.ident());
    const simple = ['first-child', 'last-child', 'only-child', 'first-of-type', 'last-of-type', 'only-of-type', 'empty', 'root', 'scope'];
    if (simple.includes(name)) return { name };
    if (this.peek() !== 0x28) throw this.fail(`unsupported pseudo-class ':${name}'`);
    this.i++;
    let p;
    if (name === 'not' || name === 'is' || name === 'where' || name === 'matches') {
      p = { name: name === 'matches' ? 'is' : name, list: this.list(true) };
    } else if (name === 'nth-child' || name === 'nth-last-child' || name === 'nth-of-type' || name === 'nth-last-of-type') {
      this.skipWs();
      const [a, b] = this.anb();
      this.skipWs();
      let of = null;
      if ((name === 'nth-child' || name === 'nth-last-child') && /^of[\s]/i.test(this.s.slice(this.i, this.i + 3))) {
        this.i += 2;
        of = this.list(true);
      }
      p = { name, a, b, of };
    } else throw this.fail(`unsupported pseudo-class ':${name}()'`);
    this.skipWs();
    if (this.peek() !== 0x29) throw this.fail("expected ')'");
    this.i++;
    return p;
  }

  anb() {
    const rest = this.s.slice(this.i);
    let m = /^(odd|even)(?![\w-])/i.exec(rest);
    if (m) {
      this.i += m[0].length;
      return m[1].toLowerCase() === 'odd' ? [2, 1] : [2, 0];
    }
    m = /^([+-]?\d*)[nN](?:\s*([+-])\s*(\d+))?/.exec(rest);
    if (m) {
      this.i += m[0].length;
      const a = m[1] === '' || m[1] === '+' ? 1 : m[1] === '-' ? -1 : parseInt(m[1], 10);
      const b = m[2] ? (m[2] === '-' ? -1 : 1) * parseInt(m[3], 10) : 0;
      return [a, b];
    }
    m = /^[+-]?\d+/.exec(rest);
    if (m) {
      this.i += m[0].length;
      return [0, parseInt(m[0], 10)];
    }
    throw this.fail('expected An+B');
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
// Elements are (tree, index) pairs of js/dom.js's Tree; no node objects are
// made except for the results.

class Ctx {
  constructor(t, scope) {
    t.nameId(''); // builds the name map and t._dup
    this.t = t;
    this.scope = scope;
    this.quirks = t.quirks;
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
// Same local name and namespace: name ids are equal exactly when names are.
const sameType = (t, a, b) =>
  (t._dup ? t.localName(a) === t.localName(b) : t.n[a * NODE_WORDS + N_NAME] === t.n[b * NODE_WORDS + N_NAME]) && t.ns(a) === t.ns(b);

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

function matchAttr(t, i, at) {
  const html = t.ns(i) === 0;
  const k = t._dup ? t.findPlainAttr(i, html ? at.nameLower : at.name) : t.findPlainAttrId(i, html ? at.idHtml : at.idOther);
  if (k < 0) return false;
  if (at.op === null) return true;
  let v = t.attrValue(k);
  if (at.op === null) return true;
  let want = at.value;
  const ci = at.flag === 'i' || (at.flag === null && html && LEGACY_CI_ATTRS.has(at.nameLower));
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

function matchPseudo(t, i, p, ctx) {
  switch (p.name) {
    case 'first-child':
      return prevEl(t, i) === NONE;
    case 'last-child':
      return nextEl(t, i) === NONE;
    case 'only-child':
      return prevEl(t, i) === NONE && nextEl(t, i) === NONE;
    case 'first-of-type':
      for (let s = prevEl(t, i); s !== NONE; s = prevEl(t, s)) if (sameType(t, s, i)) return false;
      return true;
    case 'last-of-type':
      for (let s = nextEl(t, i); s !== NONE; s = nextEl(t, s)) if (sameType(t, s, i)) return false;
      return true;
    case 'only-of-type':
      for (let s = prevEl(t, i); s !== NONE; s = prevEl(t, s)) if (sameType(t, s, i)) return false;
      for (let s = nextEl(t, i); s !== NONE; s = nextEl(t, s)) if (sameType(t, s, i)) return false;
      return true;
    case 'empty':
      for (let c = t.first(i); c !== NONE; c = t.next(c)) {
        const ty = t.type(c);
        if (ty === TYPE_ELEMENT || (ty === TYPE_TEXT && t.dataLength(c) > 0)) return false;
      }
      return true;
    case 'root':
      return isRoot(t, i);
    case 'scope':
      return t.type(ctx.scope) === TYPE_ELEMENT ? i === ctx.scope : isRoot(t, i);
    case 'not':
      return !matchList(t, i, p.list, ctx);
    case 'is':
    case 'where':
      return matchList(t, i, p.list, ctx);
    case 'nth-child':
    case 'nth-last-child': {
      if (p.of !== null && !matchList(t, i, p.of, ctx)) return false;
      const step = p.name === 'nth-child' ? prevEl : nextEl;
      let pos = 1;
      for (let s = step(t, i); s !== NONE; s = step(t, s)) if (p.of === null || matchList(t, s, p.of, ctx)) pos++;
      return nthMatches(p.a, p.b, pos);
    }
    case 'nth-of-type':
    case 'nth-last-of-type': {
      const step = p.name === 'nth-of-type' ? prevEl : nextEl;
      let pos = 1;
      for (let s = step(t, i); s !== NONE; s = step(t, s)) if (sameType(t, s, i)) pos++;
      return nthMatches(p.a, p.b, pos);
    }
  }
  return false;
}

function matchCompound(t, i, c, ctx) {
  if (c.never) return false;
  if (c.rt !== t) resolve(c, t);
  if (c.tag !== null) {
    const html = t.ns(i) === NS_HTML;
    if (t._dup) {
      if (t.localName(i) !== (html ? c.tagLower : c.tag)) return false;
    } else if (t.n[i * NODE_WORDS + N_NAME] !== (html ? c.tagHtml : c.tagOther)) return false;
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
