// NodeList and HTMLCollection (DOM standard 4.2.10 "Old-style collections"),
// HTMLOptionsCollection and HTMLFormControlsCollection (HTML standard
// 2.7.2-2.7.4).
//
// A collection is an Array subclass, so code written against the earlier
// array results (index, length, iteration, map/filter) keeps working, plus
// the standard's item()/namedItem()/forEach.  Static collections
// (querySelectorAll's NodeList) are plain instances.  Live ones
// (getElementsBy*, children, form.elements, select.options) are a Proxy over
// such an instance that recomputes it from the tree whenever the tree's
// `version` changed since the last read (js/dom/dom.js: every mutation changes
// it), so they reflect the tree at every access, as the standard's "live"
// requires, and cost nothing more while the tree does not change.  Writes
// through the proxy are refused (TypeError in strict code), as in browsers,
// except HTMLOptionsCollection's length, indexes and selectedIndex (its
// `_set`).  A live HTMLCollection
// also has the standard's named properties (children.nav,
// form.elements.email), which the prototype's names shadow; they are not
// enumerated (Object.keys lists the indexes).
import { domException, isIndex } from './tokenlist.js';

/** DOM 4.2.10.1 NodeList. */
export class NodeList extends Array {
  /** The node at `index`, or null (DOM: item(index)). */
  item(index) {
    const k = index >>> 0; // WebIDL unsigned long
    return k < this.length ? this[k] : null;
  }
  get [Symbol.toStringTag]() { return 'NodeList'; }
}

/** DOM 4.2.10.2 HTMLCollection. */
export class HTMLCollection extends Array {
  item(index) {
    const k = index >>> 0;
    return k < this.length ? this[k] : null;
  }
  /**
   * The first element whose id is `name`, or else the first HTML element
   * whose name attribute is `name` (DOM: namedItem(key)); null for ''.
   */
  namedItem(name) {
    const key = String(name);
    if (key === '') return null;
    for (let k = 0; k < this.length; k++) {
      const e = this[k];
      if (e.getAttribute('id') === key) return e;
      if (e.namespaceURI === HTML_NS && e.getAttribute('name') === key) return e;
    }
    return null;
  }
  get [Symbol.toStringTag]() { return 'HTMLCollection'; }
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** HTML 2.7.3 HTMLFormControlsCollection: namedItem gives a RadioNodeList when several match. */
export class HTMLFormControlsCollection extends HTMLCollection {
  namedItem(name) {
    const key = String(name);
    if (key === '') return null;
    const found = new RadioNodeList();
    for (let k = 0; k < this.length; k++) {
      const e = this[k];
      if (e.getAttribute('id') === key || e.getAttribute('name') === key) found.push(e);
    }
    if (found.length === 0) return null;
    return found.length === 1 ? found[0] : found;
  }
  get [Symbol.toStringTag]() { return 'HTMLFormControlsCollection'; }
}

const isRadio = (e) => e.localName === 'input' && e.namespaceURI === HTML_NS && e.type === 'radio';

// map/filter/slice of a collection give plain arrays.  A data property, not a
// static getter: with a getter, V8 made `new NodeList(n)` (every childNodes
// read) 1.7x slower in a micro-benchmark (js/dom/dom.js NamedNodeMap does the same).
for (const C of [NodeList, HTMLCollection]) Object.defineProperty(C, Symbol.species, { value: Array, configurable: true });

/** HTML 2.7.3 RadioNodeList (a static snapshot here); value: the checked radio button's value. */
export class RadioNodeList extends NodeList {
  get value() {
    for (let k = 0; k < this.length; k++) {
      const e = this[k];
      if (isRadio(e) && e.checked) return e.value;
    }
    return '';
  }
  /** Checks the first radio button whose value attribute is `v` (or absent, for 'on'). */
  set value(v) {
    const s = String(v);
    for (let k = 0; k < this.length; k++) {
      const e = this[k];
      const a = e.getAttribute('value');
      if (isRadio(e) && (a === s || (a === null && s === 'on'))) {
        e.checked = true;
        return;
      }
    }
  }
  get [Symbol.toStringTag]() { return 'RadioNodeList'; }
}

/**
 * HTML 2.7.4 HTMLOptionsCollection, rooted at the select element `_select`.
 * Writes to `length`, indexes and `selectedIndex` reach `_set` through the
 * live collection's proxy.
 */
export class HTMLOptionsCollection extends HTMLCollection {
  get selectedIndex() { return this._select === undefined ? -1 : this._select.selectedIndex; }
  /**
   * add(element, before): pre-inserts an option or optgroup before a node in
   * the select or the before-th option, in that node's parent (so into an
   * optgroup; Chromium throws NotFoundError for an option element there).
   */
  add(element, before = null) {
    const sel = this._select;
    if (element?.namespaceURI !== HTML_NS || !/^opt(ion|group)$/.test(element.localName)) throw new TypeError('options.add(): not an option or optgroup');
    if (element.contains(sel)) throw domException('options.add(): an ancestor of the select', 'HierarchyRequestError');
    const ref = typeof before === 'object' ? before : this[before | 0] ?? null;
    if (ref !== null && (ref === sel || !sel.contains(ref))) throw domException('options.add(): before is not in the select', 'NotFoundError');
    if (element !== ref) (ref === null ? sel : ref.parentNode).insertBefore(element, ref);
  }
  /** remove(index): removes the index-th option from its parent. */
  remove(index) { this[index | 0]?.remove(); }
  _set(key, v) {
    const sel = this._select;
    const n = this.length;
    // Past 100,000 options the setters do nothing (HTML 2.7.4 for length; Chromium for indexes too).
    let add = 0;
    if (key === 'selectedIndex') sel.selectedIndex = v;
    else if (key === 'length') {
      add = v >>> 0; // WebIDL unsigned long
      for (let k = n - 1; k >= add; k--) this[k].remove();
    } else if (isIndex(key)) {
      // The setter creator: null removes; past the end, blank options fill the gap first.
      if (v !== null && (v?.namespaceURI !== HTML_NS || v.localName !== 'option')) throw new TypeError('options[index]: not an option or null');
      const k = +key;
      if (v === null) this.remove(k);
      else if (k < n) this[k].replaceWith(v);
      else if (k < 1e5) sel.append(blank(sel, k - n), v);
    } else return false;
    if (add > n && add <= 1e5) sel.append(blank(sel, add - n));
    return true;
  }
  get [Symbol.toStringTag]() { return 'HTMLOptionsCollection'; }
}

/** A DocumentFragment of m new option elements. */
function blank(sel, m) {
  const doc = sel.ownerDocument;
  const f = doc.createDocumentFragment();
  while (m-- > 0) f.appendChild(doc.createElement('option'));
  return f;
}

// A named property is visible unless the prototype chain has the name (WebIDL "named property visibility").
const named = (target, key) => (typeof key === 'string' && !isIndex(key) && !(key in target) ? target.namedItem?.(key) ?? undefined : undefined);

/**
 * A live collection: a Proxy over an instance of `Kind` that `fill(list)`
 * refills (after emptying it) whenever `tree.version` differs from the
 * version it was filled at.
 * @template {Array} T
 * @param {{ version: number }} tree
 * @param {new () => T} Kind
 * @param {(list: T) => void} fill pushes the members in order
 * @param {(list: T) => void} [init] called once on the new instance
 * @returns {T}
 */
export function liveCollection(tree, Kind, fill, init) {
  const list = new Kind();
  if (init !== undefined) init(list);
  let version = NaN;
  const refresh = () => {
    if (version === tree.version) return;
    list.length = 0;
    fill(list);
    version = tree.version;
  };
  // Internal fields (`_select`) are not the collection's properties.
  const hidden = (key) => typeof key === 'string' && key[0] === '_';
  return new Proxy(list, {
    get(target, key) {
      refresh();
      // Methods run on the proxy's target: a method then reads the fresh list directly.
      const v = Reflect.get(target, key, target);
      if (v === undefined) return named(target, key);
      return typeof v === 'function' && key !== 'constructor' ? v.bind(target) : v;
    },
    has(target, key) { refresh(); return Reflect.has(target, key) || named(target, key) !== undefined; },
    ownKeys(target) { refresh(); return Reflect.ownKeys(target).filter((k) => !hidden(k)); },
    getOwnPropertyDescriptor(target, key) {
      refresh();
      // Reported as non-writable would contradict the target; the proxy refuses writes instead.
      return hidden(key) ? undefined : Reflect.getOwnPropertyDescriptor(target, key);
    },
    set(target, key, v) { refresh(); return target._set !== undefined && target._set(key, v); },
    defineProperty() { return false; },
    deleteProperty() { return false; },
  });
}
