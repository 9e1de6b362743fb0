// DOMTokenList (DOM standard 7.1) and DOMStringMap (HTML standard 3.2.6.6,
// "Embedding custom non-visible data with the data-* attributes").
//
// Both are views of content attributes: every read parses the attribute
// again (so they always agree with getAttribute), every write goes through
// the element's setAttribute / removeAttribute (the mutation API of
// js/dom/dom.js).

/** A DOMException (with an Error of the same name where the global is missing). */
export function domException(message, name) {
  if (typeof DOMException === 'function') return new DOMException(message, name);
  const e = new Error(message);
  e.name = name;
  return e;
}

const ASCII_WS = /[\t\n\f\r ]+/;
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** DOM 7.1 "ordered set parser": split on ASCII whitespace, drop duplicates, keep order. */
export function orderedSet(value) {
  const out = [];
  for (const t of value.split(ASCII_WS)) if (t !== '' && !out.includes(t)) out.push(t);
  return out;
}

export const isIndex = (key) => typeof key === 'string' && /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < 2 ** 32 - 1;

/**
 * DOM 7.1 DOMTokenList, associated with `element`'s content attribute
 * `attr`; `supported`: the attribute's supported tokens (lowercase), or
 * undefined when it defines none (then supports() throws a TypeError).
 * Indexed access (list[0]) works through a Proxy; the object is made once
 * per element and attribute (see tokenList()).
 */
export class DOMTokenList {
  constructor(element, attr, supported) {
    this._e = element;
    this._a = attr;
    this._s = supported;
  }
  get _tokens() { return orderedSet(this._e.getAttribute(this._a) ?? ''); }
  get length() { return this._tokens.length; }
  item(index) {
    const t = this._tokens;
    const k = index >>> 0;
    return k < t.length ? t[k] : null;
  }
  contains(token) { return this._tokens.includes(String(token)); }
  /** DOM 7.1 add(...tokens); needs setAttribute. */
  add(...tokens) {
    const set = this._tokens;
    for (const t of tokens.map(String)) validToken(t);
    for (const t of tokens.map(String)) if (!set.includes(t)) set.push(t);
    this._update(set);
  }
  remove(...tokens) {
    let set = this._tokens;
    const ts = tokens.map(String);
    for (const t of ts) validToken(t);
    set = set.filter((t) => !ts.includes(t));
    this._update(set);
  }
  /** DOM 7.1 toggle(token, force): true when the token is present afterwards. */
  toggle(token, force) {
    const t = String(token);
    validToken(t);
    const set = this._tokens;
    if (set.includes(t)) {
      if (force === undefined || force === false) {
        this._update(set.filter((x) => x !== t));
        return false;
      }
      return true;
    }
    if (force === undefined || force === true) {
      set.push(t);
      this._update(set);
      return true;
    }
    return false;
  }
  /** DOM 7.1 replace(token, newToken): false when `token` is absent. */
  replace(token, newToken) {
    const a = String(token);
    const b = String(newToken);
    validToken(a);
    validToken(b);
    const set = this._tokens;
    const k = set.indexOf(a);
    if (k < 0) return false;
    // "replace": the first of token/newToken in the set takes newToken's place, the other goes.
    const j = set.indexOf(b);
    if (j < 0) set[k] = b;
    else if (j < k) set.splice(k, 1);
    else {
      set[k] = b;
      set.splice(j, 1);
    }
    this._update(set);
    return true;
  }
  /** DOM 7.1 supports(token): the attribute's supported tokens, ASCII case-insensitively. */
  supports(token) {
    if (this._s === undefined) throw new TypeError(`DOMTokenList.supports(): the ${this._a} attribute has no supported tokens`);
    return this._s.has(String(token).toLowerCase());
  }
  get value() { return this._e.getAttribute(this._a) ?? ''; }
  set value(v) { this._e.setAttribute(this._a, String(v)); }
  toString() { return this.value; }
  forEach(fn, thisArg) {
    const t = this._tokens;
    for (let k = 0; k < t.length; k++) fn.call(thisArg, t[k], k, this);
  }
  keys() { return this._tokens.keys(); }
  values() { return this._tokens.values(); }
  entries() { return this._tokens.entries(); }
  [Symbol.iterator]() { return this._tokens.values(); }
  get [Symbol.toStringTag]() { return 'DOMTokenList'; }
  /** console.log / util.inspect: the tokens, not the internals (Node reads a Proxy's target). */
  [INSPECT](depth, options, inspect) { return `DOMTokenList(${this.length}) ${inspect(this._tokens, options)}`; }
  // DOM 7.1 "update steps".
  _update(set) {
    if (set.length === 0 && !this._e.hasAttribute(this._a)) return;
    this._e.setAttribute(this._a, set.join(' '));
  }
}

function validToken(t) {
  if (t === '') throw domException('DOMTokenList: the token is empty', 'SyntaxError');
  if (/[\t\n\f\r ]/.test(t)) throw domException(`DOMTokenList: the token ${JSON.stringify(t)} contains ASCII whitespace`, 'InvalidCharacterError');
}

const tokenListHandler = {
  get(target, key, receiver) {
    if (isIndex(key)) return target.item(Number(key)) ?? undefined;
    const v = Reflect.get(target, key, target);
    return typeof v === 'function' ? v.bind(target) : v;
  },
  set(target, key, v) {
    if (key === 'value') {
      target.value = v;
      return true;
    }
    return isIndex(key) ? false : Reflect.set(target, key, v, target);
  },
  has(target, key) { return isIndex(key) ? Number(key) < target.length : Reflect.has(target, key); },
  // The own properties are the supported property indices (WebIDL 3.9), as Object.keys and JSON.stringify see them.
  ownKeys(target) { return target._tokens.map((_, k) => String(k)); },
  getOwnPropertyDescriptor(target, key) {
    const value = isIndex(key) ? target.item(Number(key)) : null;
    return value === null ? undefined : { value, writable: false, enumerable: true, configurable: true };
  },
};

const lists = new WeakMap();

/** The DOMTokenList of element's attribute `attr`, made once per element and attribute. */
export function tokenList(element, attr, supported) {
  let m = lists.get(element);
  if (m === undefined) lists.set(element, (m = new Map()));
  let l = m.get(attr);
  if (l === undefined) m.set(attr, (l = new Proxy(new DOMTokenList(element, attr, supported), tokenListHandler)));
  return l;
}

// HTML 3.2.6.6: data-* attribute name <-> dataset property name.
const attrToProp = (name) => name.slice(5).replace(/-([a-z])/g, (_, c) => c.toUpperCase());
function propToAttr(prop, forWrite) {
  if (forWrite && /-[a-z]/.test(prop)) throw domException(`dataset: ${JSON.stringify(prop)} has a '-' followed by a lowercase ASCII letter`, 'SyntaxError');
  return 'data-' + prop.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

/** The element's DOMStringMap (made once per element): a Proxy as the standard's named properties. */
export function dataset(element) {
  let m = lists.get(element);
  if (m === undefined) lists.set(element, (m = new Map()));
  let d = m.get('\u0000dataset');
  if (d !== undefined) return d;
  // DOMStringMap's "supported property names": data-* attributes without ASCII uppercase, in order.
  const names = () => element.getAttributeNames().filter((n) => n.startsWith('data-') && !/[A-Z]/.test(n)).map(attrToProp);
  const own = (key) => typeof key === 'string' && names().includes(key);
  d = new Proxy(Object.create(null), {
    get(_, key) { return own(key) ? element.getAttribute(propToAttr(key, false)) : undefined; },
    has(_, key) { return own(key); },
    set(_, key, v) {
      if (typeof key !== 'string') return false;
      const name = propToAttr(key, true);
      if (!/^[^\t\n\f\r />=\u0000]+$/.test(name)) throw domException(`dataset: ${JSON.stringify(name)} is not a valid attribute name`, 'InvalidCharacterError');
      element.setAttribute(name, String(v));
      return true;
    },
    deleteProperty(_, key) {
      if (typeof key !== 'string') return true;
      if (own(key)) element.removeAttribute(propToAttr(key, false));
      return true;
    },
    ownKeys() { return names(); },
    getOwnPropertyDescriptor(_, key) {
      return own(key) ? { value: element.getAttribute(propToAttr(key, false)), writable: true, enumerable: true, configurable: true } : undefined;
    },
    defineProperty() { return false; },
  });
  m.set('\u0000dataset', d);
  return d;
}
