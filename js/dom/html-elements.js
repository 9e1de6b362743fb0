// The element interfaces of the HTML standard (issue 18, reading): the form,
// table, link, image, meta, script and style elements' classes with their
// reflected attributes and state, and a class for each other interface of
// the standard (HTMLDivElement, ...), so that constructor and instanceof are
// the browser's.  HTMLElement itself, SVGElement, MathMLElement and the
// members every element and document has are js/dom/html-base.js.
//
// Form controls' dirty value, dirty checkedness and option selectedness set
// from JS are state of the node object (HTML 4.10.18.1 and 4.10.10), kept as
// the standard's "dirty flag" says: once set, the content attribute no
// longer decides.  What needs layout, style or a browsing context
// (offsetWidth, getComputedStyle, focus, an image's natural size, validation
// messages) is not here.
//
// installHtmlElements() registers the interfaces (js/dom/html-base.js's
// one object class of HTML elements dispatches to them) and the state hooks
// of form controls: installDom() (js/dom/install.js) calls it, in the entry
// points with the whole DOM.
import { NONE, NS_HTML, NS_SVG } from '../core/abi.js';
import { Element, HTML_NS, TemplateElement, elementClasses, stateHooks } from './dom.js';
import { HTMLCollection, HTMLFormControlsCollection, HTMLOptionsCollection, NodeList, liveCollection } from './collections.js';
import { domException, tokenList } from './tokenlist.js';
import {
  HTMLElement, HTML_OBJECT_PROTOTYPE as OBJECT, LONG_MAX, bool, define, enumerated, installHtmlBase, interfaceOf, isHTML, isHtmlObject as isObject,
  liveElements, long, newHTML, parseInteger, parseNonNegative, parseURL, resolve, ro, rootOf, setHtmlInterfaces, str, unsigned, url,
} from './html-base.js';
import { isValidCustomElementName } from '../select/custom-element-name.js';
import { installStatePseudoClasses, isCandidate, parseTyped } from '../select/states.js';

const ELEMENT = 1;
const TEXT = 3;

const CORS = ['anonymous', 'use-credentials'];
const crossOrigin = enumerated('crossorigin', CORS, '', 'anonymous', true);
const REFERRER = ['no-referrer', 'no-referrer-when-downgrade', 'same-origin', 'origin', 'strict-origin', 'origin-when-cross-origin', 'strict-origin-when-cross-origin', 'unsafe-url'];
const referrerPolicy = enumerated('referrerpolicy', REFERRER, '', '');

// ---- tree helpers ------------------------------------------------------------

/** Nearest HTML ancestor element named `name` of element i, or NONE. */
function ancestor(t, i, name) {
  for (let p = t.parent(i); p !== NONE; p = t.parent(p)) if (isHTML(t, p, name)) return p;
  return NONE;
}
/** First element of i's tree whose id is `id` (tree order), or NONE. */
const byId = (t, i, id) => firstById(t, rootOf(t, i), id, NONE, NONE, null);
/** Is j in the subtree of c (NONE: no subtree)? */
function within(t, j, c) {
  if (c !== NONE) for (let k = j; k !== NONE; k = t.parent(k)) if (k === c) return true;
  return false;
}
/**
 * First element of root r's tree whose id is `id`, or NONE, as the tree was
 * before a change: without the subtree `skip` (NONE: none), element e's id
 * being `eId` (e NONE: none).
 */
function firstById(t, r, id, skip, e, eId) {
  for (let j = t.nextElement(r, r); j !== NONE; j = t.nextElement(j, r)) {
    if ((j === e ? eId : t.plainAttr(j, 'id')) === id && !within(t, j, skip)) return j;
  }
  return NONE;
}

// HTML 4.10.2 categories.
const LISTED = new Set(['button', 'fieldset', 'input', 'object', 'output', 'select', 'textarea']);
const LABELABLE = new Set(['button', 'input', 'meter', 'output', 'progress', 'select', 'textarea']);
const isLabelable = (t, j) => t.type(j) === ELEMENT && t.ns(j) === NS_HTML && LABELABLE.has(t.localName(j)) &&
  !(t.localName(j) === 'input' && (t.plainAttr(j, 'type') ?? '').toLowerCase() === 'hidden');

/**
 * The form owner of listed element i (HTML 4.10.17.3 "reset the form
 * owner"): with a form attribute, the first element of its tree with that id
 * if it is a form; else the nearest form ancestor.  (The parser also
 * associates a control with its form element pointer when that form is not
 * an ancestor; the tree buffer does not record that, so such a control has
 * no form owner here.  Chromium's DOMParser documents agree on the cases
 * test/js/browser/dom-read.test.js tries, <table><form><tr><td><input> among them.)
 */
function formOwner(t, i) {
  const f = t.plainAttr(i, 'form');
  if (f !== null) {
    if (t.ns(i) !== NS_HTML || !LISTED.has(t.localName(i))) return ancestor(t, i, 'form');
    const j = byId(t, i, f);
    return j !== NONE && isHTML(t, j, 'form') ? j : NONE;
  }
  return ancestor(t, i, 'form');
}

/**
 * HTML 4.10.5.1.16 "radio button group" of radio button i, i included, in
 * tree order: the inputs in the Radio Button state of the same tree with
 * the same form owner (or none) and the same name, which must not be empty
 * (compared case-sensitively).  Without a name, i alone.
 */
function radioGroup(t, i) {
  const name = t.plainAttr(i, 'name');
  if (name === null || name === '') return [i];
  const owner = formOwner(t, i);
  const r = rootOf(t, i);
  const out = r === i ? [i] : [];
  for (let j = t.nextElement(r, r); j !== NONE; j = t.nextElement(j, r)) {
    if (j === i || (isHTML(t, j, 'input') && t.plainAttr(j, 'name') === name && isRadio(t, j) && formOwner(t, j) === owner)) out.push(j);
  }
  return out;
}
const isRadio = (t, j) => (t.plainAttr(j, 'type') ?? '').toLowerCase() === 'radio';

// ---- checkedness (HTML 4.10.5.1.x, 4.10.5.4) ------------------------------
//
// Every input has a checkedness and a dirty checkedness flag, stored on its
// node object (`_checked`, `_dirtyChecked`; select.js reads `_checked`).  An
// input of a tree that has not changed since it was parsed and whose
// checkedness JS never set stores nothing: its checkedness is what the
// parser left (parsedCheckedness).  Before a tree's first change that value
// is stored for every input that has the checked attribute
// (storeParsedCheckedness, the changing hook), so that from then on every
// input's checkedness is stored or false, and changes as the standard says:
// the checked attribute added or removed (while not dirty), the IDL setter,
// and "when any of the following phenomena occur, if the element's
// checkedness state is true after the occurrence, the checkedness state of
// all the other elements in the same radio button group must be set to
// false": checkedness set to true, the name attribute set, changed or
// removed, the form owner changing, a type change, becoming connected
// (js/dom/dom.js stateHooks).

/**
 * Trees in which a radio button's stored checkedness was ever true (only
 * they walk inserted or removed subtrees), each with the form attributes
 * those radios had (only an element with one of these ids, inserted,
 * removed or its id changed, looks for radios whose form owner it changes).
 * @type {WeakMap<Tree, Set<string>>}
 */
const checkedRadioForms = new WeakMap();
/** Notes that radio i of tree t is checked. */
function noteCheckedRadio(t, i) {
  let s = checkedRadioForms.get(t);
  if (s === undefined) checkedRadioForms.set(t, (s = new Set()));
  const f = t.plainAttr(i, 'form');
  if (f !== null) s.add(f);
}

/**
 * The radio button of i's group that the checked attributes leave checked:
 * while parsing, each radio inserted with the checked attribute sets its
 * checkedness, which unchecks the others of its group (as it becomes
 * connected, or as its form owner is set), so the last one in tree order
 * wins.  NONE when none has the attribute.
 */
function radioDefaultChecked(t, i) {
  let last = NONE;
  for (const j of radioGroup(t, i)) if (t.plainAttr(j, 'checked') !== null) last = j;
  return last;
}
/**
 * The checkedness the parser gave input i of a tree that has not changed.
 * A radio inside template contents without a form owner is never connected
 * and its form owner never changes while it is parsed, so its checked
 * attribute unchecks no other radio (as in Chromium).
 */
function parsedCheckedness(t, i) {
  if (t.plainAttr(i, 'checked') === null) return false;
  if (!isRadio(t, i)) return true;
  const r = rootOf(t, i);
  const h = t.host(r);
  return (h !== NONE && t.shadowRootIndex(h) !== r && formOwner(t, i) === NONE) || radioDefaultChecked(t, i) === i;
}
/** The checkedness of input i: stored, else as parsed (false for a node that was never an input with the attribute). */
function checkednessOf(t, i) {
  const c = t.cached(i)?._checked;
  return c !== undefined ? c : parsedCheckedness(t, i);
}
/** Stores input i's checkedness (the dirty flag unchanged). */
function storeCheckedness(t, i, v) {
  t.node(i)._checked = v;
  if (v && isRadio(t, i)) noteCheckedRadio(t, i);
}
/** "the checkedness of all the other elements in the same radio button group must be set to false", when radio i is checked. */
function uncheckOthers(t, i) {
  if (!isRadio(t, i) || !checkednessOf(t, i)) return;
  for (const j of radioGroup(t, i)) if (j !== i) storeCheckedness(t, j, false);
}
/** Sets input i's checkedness; true unchecks the rest of a radio's group. */
function setCheckedness(t, i, v) {
  storeCheckedness(t, i, v);
  if (v) uncheckOthers(t, i);
}
/** The changing hook: store the parsed checkedness of every input with the checked attribute while the tree still reads as parsed. */
function storeParsedCheckedness(t) {
  if (t.nameId('checked') < 0) return; // no element of the tree has a checked attribute
  for (let i = 0; i < t.count; i++) {
    if (t.type(i) !== ELEMENT || !isHTML(t, i, 'input') || t.cached(i)?._checked !== undefined || t.plainAttr(i, 'checked') === null) continue;
    storeCheckedness(t, i, parsedCheckedness(t, i));
  }
}
/** The radios in node c's inclusive descendants, in tree order, whose checkedness is true. */
function checkedRadiosIn(t, c) {
  const out = [];
  if (!checkedRadioForms.has(t)) return out;
  for (let j = c; j !== NONE; j = t.following(j, c)) {
    if (t.type(j) === ELEMENT && isHTML(t, j, 'input') && isRadio(t, j) && checkednessOf(t, j)) out.push(j);
  }
  return out;
}
/** The ids of node c's inclusive descendants that a checked radio's form attribute named. */
function idsIn(t, c) {
  const s = checkedRadioForms.get(t);
  const out = [];
  if (s === undefined || s.size === 0) return out;
  for (let j = c; j !== NONE; j = t.following(j, c)) {
    const id = t.type(j) === ELEMENT ? t.plainAttr(j, 'id') : null;
    if (id !== null && s.has(id)) out.push(id);
  }
  return out;
}
/** The checked radios of root r's tree, outside subtree `skip`, whose form attribute is one of `ids`, each with its form owner now. */
function radiosNaming(t, r, ids, skip) {
  const out = [];
  for (let j = t.nextElement(r, r); j !== NONE; j = t.nextElement(j, r)) {
    if (isHTML(t, j, 'input') && ids.includes(t.plainAttr(j, 'form')) && isRadio(t, j) && checkednessOf(t, j) && !within(t, j, skip)) out.push([j, formOwner(t, j)]);
  }
  return out;
}
/** A form element, or NONE. */
const formOrNone = (t, j) => (j !== NONE && isHTML(t, j, 'form') ? j : NONE);
/**
 * HTML 4.10.17.3 "reset the form owner" of the checked radios of r's tree
 * (outside subtree `skip`) whose form attribute is one of `ids`, after a
 * change that firstById's arguments undo: each whose owner changed unchecks
 * the rest of its new group (4.10.5.1.16).
 */
function resetFormOwners(t, r, ids, skip, e, eId) {
  for (const [j, now] of radiosNaming(t, r, ids, skip)) {
    if (now !== formOrNone(t, firstById(t, r, t.plainAttr(j, 'form'), skip, e, eId))) uncheckOthers(t, j);
  }
}
/** Is node i connected (its shadow-including root a document, node type 9)? */
function isConnected(t, i) {
  let r = rootOf(t, i);
  while (t.shadowRootIndex(t.host(r)) === r) r = rootOf(t, t.host(r));
  return t.type(r) === 9;
}

// ---- element-specific classes ----------------------------------------------

/**
 * A URL part of HTMLHyperlinkElementUtils (HTML 4.6.3).  The setter
 * reinitializes the URL (the href attribute parsed against the document
 * base URL; nothing happens when it does not parse), sets the part by the
 * URL class's setter (the URL Standard's state overrides, which also ignore
 * what a URL cannot have) and updates href with the result.
 */
const urlPart = (part, missing = '') => ({
  get() { return this._url()?.[part] ?? missing; },
  set(v) {
    const u = this._url();
    if (u === null) return;
    u[part] = v;
    this.setAttribute('href', u.href);
  },
});
/** HTML 4.6.3 HTMLHyperlinkElementUtils (a, area): href and its URL parts. */
const HYPERLINK = {
  href: url('href'),
  origin: ro(function () { return this._url()?.origin ?? ''; }),
  protocol: urlPart('protocol', ':'),
  username: urlPart('username'),
  password: urlPart('password'),
  host: urlPart('host'),
  hostname: urlPart('hostname'),
  port: urlPart('port'),
  pathname: urlPart('pathname'),
  search: urlPart('search'),
  hash: urlPart('hash'),
  _url: {
    value() {
      const v = this.getAttribute('href');
      return v === null ? null : resolve(this, v);
    },
  },
  toString: { value() { return this.href; } },
  target: str('target'),
  download: str('download'),
  ping: str('ping'),
  rel: str('rel'),
  relList: ro(function () { return tokenList(this, 'rel', A_REL); }),
  hreflang: str('hreflang'),
  type: str('type'),
  referrerPolicy,
};
// HTML 4.6.7: the link types a and area support (those with an effect on them).
const A_REL = new Set(['noreferrer', 'noopener', 'opener']);

export class HTMLAnchorElement extends HTMLElement {}
define(HTMLAnchorElement.prototype, {
  ...HYPERLINK,
  text: ro(function () { return this.textContent; }),
  name: str('name'),
});
export class HTMLAreaElement extends HTMLElement {}
const { hreflang: _h, type: _t, ...AREA } = HYPERLINK; // HTML 4.8.14: area has no hreflang or type
define(HTMLAreaElement.prototype, { ...AREA, alt: str('alt'), coords: str('coords'), shape: str('shape') });

export class HTMLImageElement extends HTMLElement {}
define(HTMLImageElement.prototype, {
  src: url('src'),
  alt: str('alt'),
  srcset: str('srcset'),
  sizes: str('sizes'),
  crossOrigin,
  useMap: str('usemap'),
  isMap: bool('ismap'),
  // HTML 4.8.4.3: the rendered or natural size; nothing is rendered or
  // fetched here, so the dimension attributes decide (as in browsers for an
  // image that is not rendered and not available) and 0 without them.
  width: unsigned('width', 0),
  height: unsigned('height', 0),
  decoding: enumerated('decoding', ['sync', 'async', 'auto'], 'auto', 'auto'),
  loading: enumerated('loading', ['lazy', 'eager'], 'eager', 'eager'),
  fetchPriority: enumerated('fetchpriority', ['high', 'low', 'auto'], 'auto', 'auto'),
  referrerPolicy,
  name: str('name'),
  align: str('align'),
  border: str('border'),
});

export class HTMLMetaElement extends HTMLElement {}
define(HTMLMetaElement.prototype, { name: str('name'), content: str('content'), httpEquiv: str('http-equiv'), media: str('media'), scheme: str('scheme') });

// HTML 4.6.7 the link types a <link> supports.
const LINK_REL = new Set(['alternate', 'dns-prefetch', 'expect', 'icon', 'manifest', 'modulepreload', 'next', 'pingback', 'preconnect', 'prefetch', 'preload', 'search', 'stylesheet']);
export class HTMLLinkElement extends HTMLElement {}
define(HTMLLinkElement.prototype, {
  href: url('href'),
  rel: str('rel'),
  relList: ro(function () { return tokenList(this, 'rel', LINK_REL); }),
  media: str('media'),
  hreflang: str('hreflang'),
  type: str('type'),
  as: enumerated('as', ['fetch', 'audio', 'audioworklet', 'document', 'embed', 'font', 'image', 'manifest', 'object', 'paintworklet', 'report', 'script', 'serviceworker', 'sharedworker', 'style', 'track', 'video', 'webidentity', 'worker', 'xslt'], '', ''),
  crossOrigin,
  integrity: str('integrity'),
  referrerPolicy,
  disabled: bool('disabled'),
  sizes: ro(function () { return tokenList(this, 'sizes'); }),
});

export class HTMLBaseElement extends HTMLElement {}
define(HTMLBaseElement.prototype, {
  // HTML 4.2.3: the href getter resolves against the document's fallback base URL (its URL).
  href: {
    get() {
      const v = this.getAttribute('href') ?? '';
      const u = parseURL(v, this._t.url);
      return u === null ? v : u.href;
    },
    set(v) { this.setAttribute('href', String(v)); },
  },
  target: str('target'),
});

export class HTMLScriptElement extends HTMLElement {}
define(HTMLScriptElement.prototype, {
  src: url('src'),
  type: str('type'),
  noModule: bool('nomodule'),
  // A parser-inserted script's "force async" is false: async is the attribute.
  async: bool('async'),
  defer: bool('defer'),
  crossOrigin,
  integrity: str('integrity'),
  charset: str('charset'),
  referrerPolicy,
  text: ro(function () { return childText(this); }),
});

export class HTMLStyleElement extends HTMLElement {}
define(HTMLStyleElement.prototype, { media: str('media'), type: str('type'), disabled: ro(() => false) });

export class HTMLTitleElement extends HTMLElement {}
define(HTMLTitleElement.prototype, { text: ro(function () { return childText(this); }) });

/** "child text content" (DOM): the data of the Text children, in order. */
function childText(e) {
  const t = e._t;
  let s = '';
  for (let j = t.first(e._i); j !== NONE; j = t.next(j)) if (t.type(j) === TEXT) s += t.data(j);
  return s;
}

// ---- tables (HTML 4.9) -------------------------------------------------------

/** The HTML element children of element i named `name` (or `other`), as indexes, in order. */
function childrenNamed(t, i, name, other = name) {
  const out = [];
  for (let j = t.first(i); j !== NONE; j = t.next(j)) if (isHTML(t, j, name) || isHTML(t, j, other)) out.push(j);
  return out;
}
/** HTML 4.9.1: a table's rows: the thead's rows, then its own and the tbodies' rows, then the tfoot's (tree order each). */
function tableRows(t, i) {
  const out = [];
  for (const part of ['thead', 'tbody', 'tfoot']) {
    for (let j = t.first(i); j !== NONE; j = t.next(j)) {
      if (part === 'tbody' && isHTML(t, j, 'tr')) out.push(j);
      else if (isHTML(t, j, part)) out.push(...childrenNamed(t, j, 'tr'));
    }
  }
  return out;
}
/** A live HTMLCollection of element e: `of(t, i)` gives its members' indexes. */
function live(e, of) {
  const t = e._t;
  return liveCollection(t, HTMLCollection, (list) => { for (const j of of(t, e._i)) list.push(t.node(j)); });
}
const firstNamed = (e, name) => e._t.node(childrenNamed(e._t, e._i, name)[0] ?? NONE);
/** WebIDL long, -1 when absent. */
const indexArg = (v) => (v === undefined ? -1 : v | 0);
function outOfRange(fn, index) { return domException(`${fn}: index ${index} is out of range`, 'IndexSizeError'); }
/** insertRow / insertCell (HTML 4.9.6-4.9.8): a new `name` element at `index` of `list` under `parent`. */
function insertAt(e, list, index, name, fn) {
  const k = indexArg(index);
  if (k < -1 || k > list.length) throw outOfRange(fn, k);
  return e.insertBefore(newHTML(e, name), k === -1 || k === list.length ? null : list[k]);
}
/** deleteRow / deleteCell: the member at `index` of `list` removed (-1: the last, if any). */
function deleteAt(list, index, fn) {
  const k = index | 0;
  if (k < -1 || k >= list.length) throw outOfRange(fn, k);
  if (list.length > 0) list[k === -1 ? list.length - 1 : k].remove();
}
/** The caption / tHead / tFoot setters: the first `name` child removed, `v` (null, or a `name` element) inserted by `place`. */
function setPart(e, v, name, place) {
  // WebIDL: an HTMLTableCaptionElement, or an HTMLTableSectionElement (thead, tbody, tfoot).
  if (v !== null && !(v instanceof HTMLElement && (name === 'caption' ? v.localName === name : isSection(v._t, v._i)))) {
    throw new TypeError(`${name}: the value is not a ${name === 'caption' ? 'caption' : 'table section'} element`);
  }
  if (v !== null && v.localName !== name) throw domException(`${name}: the value is a <${v.localName}>`, 'HierarchyRequestError');
  firstNamed(e, name)?.remove();
  if (v !== null) place(v);
}
/** Where a new thead goes (HTML 4.9.1): before the first child element that is neither a caption nor a colgroup. */
function insertHead(e, v) {
  let c = e.firstElementChild;
  while (c !== null && c.namespaceURI === HTML_NS && (c.localName === 'caption' || c.localName === 'colgroup')) c = c.nextElementSibling;
  return e.insertBefore(v, c);
}
const createPart = (name, place) => ({ value() { return firstNamed(this, name) ?? place(this, newHTML(this, name)); } });
const deletePart = (name) => ({ value() { firstNamed(this, name)?.remove(); } });
const placeCaption = (e, v) => e.insertBefore(v, e.firstChild);
const placeFoot = (e, v) => e.appendChild(v);

/** HTML 4.9.1 HTMLTableElement. */
export class HTMLTableElement extends HTMLElement {}
define(HTMLTableElement.prototype, {
  caption: { get() { return firstNamed(this, 'caption'); }, set(v) { setPart(this, v, 'caption', (x) => placeCaption(this, x)); } },
  tHead: { get() { return firstNamed(this, 'thead'); }, set(v) { setPart(this, v, 'thead', (x) => insertHead(this, x)); } },
  tFoot: { get() { return firstNamed(this, 'tfoot'); }, set(v) { setPart(this, v, 'tfoot', (x) => placeFoot(this, x)); } },
  tBodies: ro(function () { return live(this, (t, i) => childrenNamed(t, i, 'tbody')); }),
  rows: ro(function () { return live(this, tableRows); }),
  createCaption: createPart('caption', placeCaption),
  deleteCaption: deletePart('caption'),
  createTHead: createPart('thead', insertHead),
  deleteTHead: deletePart('thead'),
  createTFoot: createPart('tfoot', placeFoot),
  deleteTFoot: deletePart('tfoot'),
  createTBody: {
    value() {
      const bodies = childrenNamed(this._t, this._i, 'tbody');
      const last = bodies.length === 0 ? null : this._t.node(bodies[bodies.length - 1]);
      return this.insertBefore(newHTML(this, 'tbody'), last === null ? null : last.nextSibling);
    },
  },
  insertRow: {
    value(index) {
      const t = this._t;
      const rows = tableRows(t, this._i);
      const k = indexArg(index);
      if (k < -1 || k > rows.length) throw outOfRange('insertRow', k);
      const tr = newHTML(this, 'tr');
      const bodies = childrenNamed(t, this._i, 'tbody');
      if (rows.length === 0) {
        if (bodies.length === 0) this.appendChild(newHTML(this, 'tbody')).appendChild(tr);
        else t.node(bodies[bodies.length - 1]).appendChild(tr);
      } else if (k === -1 || k === rows.length) t.node(rows[rows.length - 1]).parentNode.appendChild(tr);
      else {
        const ref = t.node(rows[k]);
        ref.parentNode.insertBefore(tr, ref);
      }
      return tr;
    },
  },
  deleteRow: { value(index) { deleteAt(this.rows, index, 'deleteRow'); } },
});

/** HTML 4.9.5 HTMLTableSectionElement (thead, tbody, tfoot). */
export class HTMLTableSectionElement extends HTMLElement {}
const rowsOf = (t, i) => childrenNamed(t, i, 'tr');
define(HTMLTableSectionElement.prototype, {
  rows: ro(function () { return live(this, rowsOf); }),
  insertRow: { value(index) { return insertAt(this, this.rows, index, 'tr', 'insertRow'); } },
  deleteRow: { value(index) { deleteAt(this.rows, index, 'deleteRow'); } },
});

/** HTML 4.9.8 HTMLTableRowElement. */
export class HTMLTableRowElement extends HTMLElement {}
const cellsOf = (t, i) => childrenNamed(t, i, 'td', 'th');
const isSection = (t, p) => p !== NONE && t.ns(p) === NS_HTML && /^t(head|body|foot)$/.test(t.localName(p));
define(HTMLTableRowElement.prototype, {
  cells: ro(function () { return live(this, cellsOf); }),
  // Index in the rows of the table that is the parent or the parent section's parent; -1 outside.
  rowIndex: ro(function () {
    const t = this._t;
    let p = t.parent(this._i);
    if (isSection(t, p)) p = t.parent(p);
    return p !== NONE && isHTML(t, p, 'table') ? tableRows(t, p).indexOf(this._i) : -1;
  }),
  // Index in the parent table's or section's rows; -1 elsewhere.
  sectionRowIndex: ro(function () {
    const t = this._t;
    const p = t.parent(this._i);
    if (isSection(t, p)) return rowsOf(t, p).indexOf(this._i);
    return p !== NONE && isHTML(t, p, 'table') ? tableRows(t, p).indexOf(this._i) : -1;
  }),
  insertCell: { value(index) { return insertAt(this, this.cells, index, 'td', 'insertCell'); } },
  deleteCell: { value(index) { deleteAt(this.cells, index, 'deleteCell'); } },
});

// ---- forms (HTML 4.10) -------------------------------------------------------

const FORM_ASSOCIATED = {
  form: ro(function () { return this._t.node(formOwner(this._t, this._i)); }),
  name: str('name'),
  // HTML 4.10.4: labels are the label elements whose labeled control is
  // this; null for an element that is not labelable (input type=hidden).
  labels: ro(function () {
    const self = this._i;
    if (!isLabelable(this._t, self)) return null;
    return liveElements(this, NodeList, rootOf(this._t, self), (t, j) => isHTML(t, j, 'label') && labelControl(t, j) === self);
  }),
  // HTML 4.10.21.1: a candidate for constraint validation (not barred:
  // disabled, in a datalist, readonly, input type hidden/reset/button/image,
  // button type reset/button, output, fieldset, object); js/select/select.js's
  // :valid / :invalid use the same test.
  willValidate: ro(function () { return isCandidate(this._t, this._i); }),
};
const DISABLED = { disabled: bool('disabled') };
// The content attributes input and textarea both reflect (HTML 4.10.5, 4.10.11).
const TEXT_CONTROL = {
  maxLength: long('maxlength', -1, true),
  minLength: long('minlength', -1, true),
  placeholder: str('placeholder'),
  readOnly: bool('readonly'),
  required: bool('required'),
};

// HTML 4.10.5: the input element's type keywords.
const INPUT_TYPES = ['hidden', 'text', 'search', 'tel', 'url', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local', 'number', 'range', 'color', 'checkbox', 'radio', 'file', 'submit', 'image', 'reset', 'button'];
const inputType = enumerated('type', INPUT_TYPES, 'text', 'text');
// HTML 4.10.5 value modes.
const VALUE_MODE_DEFAULT = new Set(['hidden', 'submit', 'image', 'reset', 'button']);
const stripNewlines = (v) => v.replace(/[\r\n]/g, '');
const stripWs = (v) => v.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
/** Milliseconds since 1970-01-01T00:00Z of y-m-d at `ms` into the day (any year, where Date.UTC maps 0-99 to 1900-1999; days past the month roll over). */
const utc = (y, m, d, ms = 0) => new Date(ms).setUTCFullYear(y, m - 1, d);
/**
 * HTML 4.10.5.1.x "convert a string to a number" of a sanitized value (''
 * is an error: NaN): number and range their value; date, time and
 * datetime-local milliseconds (since 1970-01-01T00:00Z, since midnight);
 * month months since January 1970; week the milliseconds of its Monday
 * (week 1 has 4 January, HTML 2.3.5.8).
 */
function valueNumber(type, v) {
  const [y, m, d, time] = v.split(/-W?|T/);
  return type === 'week' ? utc(y, 1, 7 * m - 3 - (new Date(utc(y, 1, 4)).getUTCDay() + 6) % 7)
    : type === 'date' || type === 'datetime-local' ? utc(y, m, d, parseTyped('time', time) ?? 0)
      : (parseTyped(type, v) ?? NaN) - (type === 'month' ? 23640 : 0);
}
const DATES = new Set(['date', 'month', 'week', 'time']);
const FLOAT = /^-?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/;
/** HTML 4.10.5.1 value sanitization algorithms (number/range keep valid floats; range clamps without step rounding). */
function sanitize(type, v, e) {
  switch (type) {
    case 'text': case 'search': case 'tel': case 'password': return stripNewlines(v);
    case 'url': return stripWs(stripNewlines(v));
    case 'email':
      return e.hasAttribute('multiple') ? v.split(',').map((x) => stripWs(x)).join(',') : stripWs(stripNewlines(v));
    case 'number': return FLOAT.test(v) ? v : '';
    case 'range': {
      const min = FLOAT.test(e.getAttribute('min') ?? '') ? Number(e.getAttribute('min')) : 0;
      let max = FLOAT.test(e.getAttribute('max') ?? '') ? Number(e.getAttribute('max')) : 100;
      if (max < min) max = min;
      if (!FLOAT.test(v)) return String(max < min ? min : min + (max - min) / 2);
      const n = Number(v);
      return n < min ? String(min) : n > max ? String(max) : v;
    }
    // A valid simple color, lowercased; else #000000 (the 2025 CSS-color form of
    // the algorithm, which also takes color names and alpha, is not modelled).
    case 'color': return /^#[0-9a-fA-F]{6}$/.test(v) ? v.toLowerCase() : '#000000';
    // Valid date, month, week, time strings (HTML 2.3.5; js/select/select.js parses them for :in-range too).
    case 'date': case 'month': case 'week': case 'time': return parseTyped(type, v) === null ? '' : v;
    case 'datetime-local': return parseTyped(type, v) === null ? '' : v.replace(' ', 'T');
    default: return v;
  }
}

/**
 * HTML 4.10.5 HTMLInputElement.  value follows the type's value mode: "value"
 * (the sanitized dirty value set from JS, else the value attribute),
 * "default" (the value attribute), "default/on" (the attribute or 'on'),
 * "filename" ('': no files).  checked is the checkedness: the checked
 * attribute until set from JS (for a radio button, the radio button group's
 * rules: radioCheckedness).  Setting it to true on a radio button unchecks
 * the others of its group.
 */
export class HTMLInputElement extends HTMLElement {}
define(HTMLInputElement.prototype, {
  ...FORM_ASSOCIATED,
  ...DISABLED,
  type: inputType,
  accept: str('accept'),
  alt: str('alt'),
  autocomplete: str('autocomplete'),
  defaultChecked: bool('checked'),
  checked: {
    get() { return checkednessOf(this._t, this._i); },
    set(v) {
      // "set the element's checkedness to the new value and set the element's dirty checkedness flag to true"
      this._dirtyChecked = true;
      setCheckedness(this._t, this._i, !!v);
    },
  },
  indeterminate: {
    get() { return this._indeterminate ?? false; },
    set(v) { this._indeterminate = !!v; },
  },
  dirName: str('dirname'),
  defaultValue: str('value'),
  value: {
    get() {
      const type = this.type;
      if (type === 'file') return '';
      if (type === 'checkbox' || type === 'radio') return this.getAttribute('value') ?? 'on';
      if (VALUE_MODE_DEFAULT.has(type)) return this.getAttribute('value') ?? '';
      return sanitize(type, this._value ?? this.getAttribute('value') ?? '', this);
    },
    set(v) {
      const type = this.type;
      const s = v === null ? '' : String(v);
      if (type === 'file') {
        if (s !== '') throw domException('input.value: a file input can only be set to the empty string', 'InvalidStateError');
        return;
      }
      if (type === 'checkbox' || type === 'radio' || VALUE_MODE_DEFAULT.has(type)) this.setAttribute('value', s);
      else this._value = s;
    },
  },
  // HTML 4.10.5.4: NaN (valueAsDate: null) for a type without them or an
  // empty value.  Read-only here: setting either is a TypeError.
  valueAsNumber: ro(function () { return valueNumber(this.type, this.value); }),
  valueAsDate: ro(function () {
    const type = this.type;
    const n = type === 'month' ? utc(...this.value.split('-'), 1) : valueNumber(type, this.value);
    return DATES.has(type) && !Number.isNaN(n) ? new Date(n) : null;
  }),
  list: ro(function () {
    const id = this.getAttribute('list');
    if (id === null) return null;
    const j = byId(this._t, this._i, id);
    return j !== NONE && isHTML(this._t, j, 'datalist') ? this._t.node(j) : null;
  }),
  max: str('max'),
  min: str('min'),
  step: str('step'),
  pattern: str('pattern'),
  ...TEXT_CONTROL,
  multiple: bool('multiple'),
  size: unsigned('size', 20, true),
  src: url('src'),
  formAction: url('formaction', true),
  formMethod: enumerated('formmethod', ['get', 'post', 'dialog'], '', 'get'),
  formNoValidate: bool('formnovalidate'),
  formTarget: str('formtarget'),
  width: unsigned('width', 0),
  height: unsigned('height', 0),
});

/** Reflect an unsigned long limited to only positive numbers with fallback (HTML 2.6.1): 0 sets the default. */
function positiveWithFallback(attr, dflt) {
  return {
    get: unsigned(attr, dflt, true).get,
    set(v) {
      const n = Number(v) >>> 0;
      this.setAttribute(attr, String(n > 0 && n <= LONG_MAX ? n : dflt));
    },
  };
}

/** HTML 4.10.6 HTMLButtonElement. */
export class HTMLButtonElement extends HTMLElement {}
define(HTMLButtonElement.prototype, {
  ...FORM_ASSOCIATED,
  ...DISABLED,
  type: enumerated('type', ['submit', 'reset', 'button'], 'submit', 'submit'),
  value: str('value'),
  formAction: url('formaction', true),
  formMethod: enumerated('formmethod', ['get', 'post', 'dialog'], '', 'get'),
  formNoValidate: bool('formnovalidate'),
  formTarget: str('formtarget'),
});

/** HTML 4.10.15 HTMLFieldSetElement: elements = the listed elements that are descendants. */
export class HTMLFieldSetElement extends HTMLElement {}
define(HTMLFieldSetElement.prototype, {
  ...FORM_ASSOCIATED,
  ...DISABLED,
  type: ro(() => 'fieldset'),
  elements: ro(function () { return liveElements(this, HTMLCollection, this._i, (t, j) => t.ns(j) === NS_HTML && LISTED.has(t.localName(j))); }),
});

export class HTMLLegendElement extends HTMLElement {}
define(HTMLLegendElement.prototype, {
  form: ro(function () {
    const p = this._t.parent(this._i);
    return p !== NONE && isHTML(this._t, p, 'fieldset') ? this._t.node(p).form : null;
  }),
});

export class HTMLOutputElement extends HTMLElement {}
define(HTMLOutputElement.prototype, {
  ...FORM_ASSOCIATED,
  type: ro(() => 'output'),
  htmlFor: ro(function () { return tokenList(this, 'for'); }),
  // HTML 4.10.12: the default value override (`_defaultValue`) is set
  // once value is, so that defaultValue keeps the text as it was.
  defaultValue: {
    get() { return this._defaultValue ?? this.textContent; },
    set(v) {
      if (this._defaultValue === undefined) this.textContent = String(v);
      else this._defaultValue = String(v);
    },
  },
  value: {
    get() { return this.textContent; },
    set(v) {
      this._defaultValue ??= this.textContent;
      this.textContent = String(v);
    },
  },
});

export class HTMLObjectElement extends HTMLElement {}
define(HTMLObjectElement.prototype, { ...FORM_ASSOCIATED, data: url('data'), type: str('type'), width: str('width'), height: str('height'), useMap: str('usemap') });

const ENCTYPE = enumerated('enctype', ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'], 'application/x-www-form-urlencoded', 'application/x-www-form-urlencoded');
/**
 * HTML 4.10.3 HTMLFormElement: elements = the listed elements (but image
 * buttons) whose form owner is this form, in tree order; length; action
 * (the resolved action attribute, else the document's URL).
 */
export class HTMLFormElement extends HTMLElement {}
define(HTMLFormElement.prototype, {
  elements: ro(function () {
    const self = this._i;
    return liveElements(this, HTMLFormControlsCollection, rootOf(this._t, self), (t, j) => t.ns(j) === NS_HTML && LISTED.has(t.localName(j)) &&
      !(t.localName(j) === 'input' && (t.plainAttr(j, 'type') ?? '').toLowerCase() === 'image') && formOwner(t, j) === self);
  }),
  length: ro(function () { return this.elements.length; }),
  item: { value(index) { return this.elements.item(index); } },
  namedItem: { value(name) { return this.elements.namedItem(name); } },
  action: url('action', true),
  method: enumerated('method', ['get', 'post', 'dialog'], 'get', 'get'),
  enctype: ENCTYPE,
  encoding: ENCTYPE,
  acceptCharset: str('accept-charset'),
  autocomplete: enumerated('autocomplete', ['on', 'off'], 'on', 'on'),
  name: str('name'),
  target: str('target'),
  noValidate: bool('novalidate'),
  rel: str('rel'),
  relList: ro(function () { return tokenList(this, 'rel', A_REL); }),
});

/** The labeled control of label j (HTML 4.10.4), or NONE. */
function labelControl(t, j) {
  const f = t.plainAttr(j, 'for');
  if (f !== null) {
    const k = byId(t, j, f);
    return k !== NONE && isLabelable(t, k) ? k : NONE;
  }
  for (let k = t.nextElement(j, j); k !== NONE; k = t.nextElement(k, j)) if (isLabelable(t, k)) return k;
  return NONE;
}

export class HTMLLabelElement extends HTMLElement {}
define(HTMLLabelElement.prototype, {
  htmlFor: str('for'),
  control: ro(function () { return this._t.node(labelControl(this._t, this._i)); }),
  form: ro(function () {
    const c = labelControl(this._t, this._i);
    return c === NONE ? null : this._t.node(formOwner(this._t, c));
  }),
});

// ---- select and option (HTML 4.10.7, 4.10.10) --------------------------------

/**
 * The select's list of options (HTML 4.10.7): its option descendants in tree
 * order, not inside a nested select, datalist or option (the relaxed
 * content model of 2025 allows options inside div, span, optgroup, ...).
 */
function optionsOf(t, s) {
  const out = [];
  let j = t.first(s);
  while (j !== NONE) {
    let skip = false;
    if (t.type(j) === ELEMENT && t.ns(j) === NS_HTML) {
      const n = t.localName(j);
      if (n === 'option') out.push(j);
      skip = n === 'option' || n === 'select' || n === 'datalist'; // not inside
    }
    j = following(t, j, s, skip);
  }
  return out;
}
/**
 * The node after j in tree order inside scope (template contents are not
 * entered: Tree#first skips them); with `skip`, not into j's children.
 * Through the Tree's navigation, so it holds for a changed tree too.
 */
function following(t, j, scope, skip) {
  if (!skip) {
    const c = t.first(j);
    if (c !== NONE) return c;
  }
  for (; j !== scope && j !== NONE; j = t.parent(j)) {
    const n = t.next(j);
    if (n !== NONE) return n;
  }
  return NONE;
}
/** The select an option belongs to (HTML 4.10.10: parent, or an ancestor through optgroup/div/...), or NONE. */
function selectOf(t, o) {
  for (let p = t.parent(o); p !== NONE; p = t.parent(p)) {
    if (t.type(p) !== ELEMENT) return NONE;
    if (t.ns(p) === NS_HTML) {
      const n = t.localName(p);
      if (n === 'select') return p;
      if (n === 'datalist' || n === 'option') return NONE;
    }
  }
  return NONE;
}
const optionDisabled = (t, o) => {
  if (t.plainAttr(o, 'disabled') !== null) return true;
  const p = t.parent(o);
  return p !== NONE && isHTML(t, p, 'optgroup') && t.plainAttr(p, 'disabled') !== null;
};
/** Display size (HTML 4.10.7): the size attribute when > 0, else 4 with multiple, 1 without. */
function displaySize(t, s) {
  const v = parseNonNegative(t.plainAttr(s, 'size') ?? '');
  if (v !== null && v > 0) return v;
  return t.plainAttr(s, 'multiple') !== null ? 4 : 1;
}
/**
 * Selectedness of the select's options: the selected attribute of each (the
 * last one wins in a single select, as the parser inserts them in order),
 * or the option's dirty selectedness set from JS; then the selectedness
 * setting algorithm (HTML 4.10.7) for a single select of display size 1:
 * none selected → the first option that is not disabled.  Cached per version.
 */
function selectedness(sel) {
  const t = sel._t;
  const c = sel._selCache;
  if (c !== undefined && c.version === t.version && c.gen === sel._selGen) return c;
  const opts = optionsOf(t, sel._i);
  const on = opts.map((o) => {
    const node = t.node(o);
    return node._selected ?? t.plainAttr(o, 'selected') !== null;
  });
  const multiple = t.plainAttr(sel._i, 'multiple') !== null;
  if (!multiple) {
    let last = -1;
    for (let k = 0; k < on.length; k++) if (on[k]) last = k;
    on.fill(false);
    if (last >= 0) on[last] = true;
    // After select.value / selectedIndex set from JS nothing asks for a reset:
    // then no option may be selected.
    else if (displaySize(t, sel._i) === 1 && sel._noReset !== true) {
      for (let k = 0; k < opts.length; k++) {
        if (!optionDisabled(t, opts[k])) {
          on[k] = true;
          break;
        }
      }
    }
  }
  const r = { version: t.version, gen: sel._selGen, opts, on };
  sel._selCache = r;
  return r;
}
/** option.selected setter (HTML 4.10.10): dirty selectedness, then "ask for a reset" of its select. */
function setSelected(opt, value) {
  const t = opt._t;
  const s = selectOf(t, opt._i);
  opt._selected = !!value;
  if (s === NONE) return;
  const sel = t.node(s);
  sel._noReset = false;
  if (value && t.plainAttr(s, 'multiple') === null) {
    for (const o of optionsOf(t, s)) if (o !== opt._i) t.node(o)._selected = false;
  }
  sel._selGen = (sel._selGen ?? 0) + 1;
}
/** select.value / selectedIndex setters: every option's selectedness is set, with no reset after. */
function selectOnly(sel, index) {
  const { opts } = selectedness(sel);
  for (let k = 0; k < opts.length; k++) sel._t.node(opts[k])._selected = k === index;
  sel._noReset = true;
  sel._selGen = (sel._selGen ?? 0) + 1;
}

/** HTML 4.10.7 HTMLSelectElement. */
export class HTMLSelectElement extends HTMLElement {}
define(HTMLSelectElement.prototype, {
  ...FORM_ASSOCIATED,
  ...DISABLED,
  autocomplete: str('autocomplete'),
  multiple: bool('multiple'),
  required: bool('required'),
  size: unsigned('size', 0),
  type: ro(function () { return this.hasAttribute('multiple') ? 'select-multiple' : 'select-one'; }),
  options: ro(function () {
    const t = this._t;
    const self = this._i;
    return liveCollection(t, HTMLOptionsCollection, (list) => {
      for (const o of optionsOf(t, self)) list.push(t.node(o));
    }, (list) => { list._select = this; });
  }),
  length: {
    get() { return optionsOf(this._t, this._i).length; },
    set(v) { this.options.length = v; },
  },
  // HTML 4.10.7: add and remove(index) act on options; remove() without an argument is ChildNode's.
  add: { value(element, before = null) { this.options.add(element, before); } },
  remove: {
    value(...index) {
      if (index.length === 0) Element.prototype.remove.call(this);
      else this.options.remove(index[0]);
    },
  },
  item: { value(index) { return this.options.item(index); } },
  namedItem: { value(name) { return this.options.namedItem(name); } },
  selectedOptions: ro(function () {
    return liveCollection(this._t, HTMLCollection, (list) => {
      const { opts, on } = selectedness(this);
      for (let k = 0; k < opts.length; k++) if (on[k]) list.push(this._t.node(opts[k]));
    });
  }),
  selectedIndex: {
    get() { return selectedness(this).on.indexOf(true); },
    set(v) { selectOnly(this, Number(v) | 0); },
  },
  value: {
    get() {
      const { opts, on } = selectedness(this);
      const k = on.indexOf(true);
      return k < 0 ? '' : this._t.node(opts[k]).value;
    },
    set(v) {
      const s = String(v);
      const { opts } = selectedness(this);
      selectOnly(this, opts.findIndex((o) => this._t.node(o).value === s));
    },
  },
});

/** HTML 4.10.10 "strip and collapse ASCII whitespace" of the option's text (script descendants excluded). */
function optionText(o) {
  const t = o._t;
  let s = '';
  let j = t.first(o._i);
  while (j !== NONE) {
    const type = t.type(j);
    if (type === TEXT) s += t.data(j);
    const script = type === ELEMENT && t.localName(j) === 'script' && (t.ns(j) === NS_HTML || t.ns(j) === NS_SVG);
    j = following(t, j, o._i, script);
  }
  return s.replace(/[\t\n\f\r ]+/g, ' ').replace(/^ | $/g, '');
}

/** HTML 4.10.10 HTMLOptionElement. */
export class HTMLOptionElement extends HTMLElement {}
define(HTMLOptionElement.prototype, {
  disabled: bool('disabled'),
  form: ro(function () {
    const s = selectOf(this._t, this._i);
    return s === NONE ? null : this._t.node(formOwner(this._t, s));
  }),
  label: {
    get() { return this.getAttribute('label') ?? optionText(this); },
    set(v) { this.setAttribute('label', String(v)); },
  },
  defaultSelected: bool('selected'),
  selected: {
    get() {
      const t = this._t;
      const s = selectOf(t, this._i);
      if (s === NONE) return this._selected ?? this.hasAttribute('selected');
      const { opts, on } = selectedness(t.node(s));
      const k = opts.indexOf(this._i);
      return k >= 0 && on[k];
    },
    set(v) { setSelected(this, v); },
  },
  value: {
    get() { return this.getAttribute('value') ?? optionText(this); },
    set(v) { this.setAttribute('value', String(v)); },
  },
  text: {
    get() { return optionText(this); },
    set(v) { this.textContent = String(v); },
  },
  index: ro(function () {
    const s = selectOf(this._t, this._i);
    if (s === NONE) return 0;
    const k = optionsOf(this._t, s).indexOf(this._i);
    return k < 0 ? 0 : k;
  }),
});

export class HTMLOptGroupElement extends HTMLElement {}
define(HTMLOptGroupElement.prototype, { disabled: bool('disabled'), label: str('label') });

export class HTMLDataListElement extends HTMLElement {}
define(HTMLDataListElement.prototype, {
  options: ro(function () { return liveElements(this, HTMLCollection, this._i, (t, j) => isHTML(t, j, 'option')); }),
});

/**
 * HTML 4.10.11 HTMLTextAreaElement: defaultValue is the child text content;
 * value is the raw value (the default value until set from JS) with line
 * breaks normalized to LF (the API value).
 */
export class HTMLTextAreaElement extends HTMLElement {}
define(HTMLTextAreaElement.prototype, {
  ...FORM_ASSOCIATED,
  ...DISABLED,
  type: ro(() => 'textarea'),
  defaultValue: {
    get() { return childText(this); },
    set(v) { this.textContent = String(v); },
  },
  value: {
    get() { return (this._value ?? childText(this)).replace(/\r\n?/g, '\n'); },
    set(v) { this._value = v === null ? '' : String(v); },
  },
  textLength: ro(function () { return this.value.length; }),
  autocomplete: str('autocomplete'),
  cols: positiveWithFallback('cols', 20),
  rows: positiveWithFallback('rows', 2),
  dirName: str('dirname'),
  ...TEXT_CONTROL,
  wrap: str('wrap'),
});

/** HTML 2.3.4.3 rules for parsing floating-point number values: attribute `a` of e, or `d` when missing or an error. */
function num(e, a, d) {
  const m = /^[\t\n\f\r ]*([-+]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)/.exec(e.getAttribute(a));
  const v = m === null ? NaN : Number(m[1]);
  return Number.isFinite(v) ? v : d;
}
const clamp = (v, lo, hi) => (v < lo ? lo : v > hi ? hi : v);
/**
 * Reflect the doubles `names` (HTML 2.6.1), each getter the member of
 * `values(e)`; the setter writes the best representation, throws TypeError
 * for a non-finite number (WebIDL double) and, with `positive`, ignores one
 * not above 0 (limited to only positive numbers).
 */
function doubles(names, values, positive = '') {
  const out = {};
  for (const a of names.split(' ')) {
    out[a] = {
      get() { return values(this)[a]; },
      set(v) {
        const n = Number(v);
        if (!Number.isFinite(n)) throw new TypeError(`${a}: ${n} is not a finite number`);
        if (a !== positive || n > 0) this.setAttribute(a, String(n));
      },
    };
  }
  return out;
}

/** HTML 4.10.14 HTMLMeterElement: the boundaries and the actual value as the standard computes them. */
export class HTMLMeterElement extends HTMLElement {}
define(HTMLMeterElement.prototype, {
  labels: FORM_ASSOCIATED.labels,
  ...doubles('value min max low high optimum', (e) => {
    const min = num(e, 'min', 0);
    const max = Math.max(num(e, 'max', 1), min);
    const low = clamp(num(e, 'low', min), min, max);
    return { min, max, low, high: clamp(num(e, 'high', max), low, max), value: clamp(num(e, 'value', 0), min, max), optimum: clamp(num(e, 'optimum', (min + max) / 2), min, max) };
  }),
});
/**
 * HTML 4.10.13 HTMLProgressElement: indeterminate without a value attribute
 * (value 0, position -1); max is limited to only positive numbers.
 */
export class HTMLProgressElement extends HTMLElement {}
define(HTMLProgressElement.prototype, {
  labels: FORM_ASSOCIATED.labels,
  ...doubles('value max position', (e) => {
    const m = num(e, 'max', 1);
    const max = m > 0 ? m : 1;
    const value = e.hasAttribute('value') ? clamp(num(e, 'value', 0), 0, max) : 0;
    return { value, max, position: e.hasAttribute('value') ? value / max : -1 };
  }, 'max'),
});
// position is read-only.
Object.defineProperty(HTMLProgressElement.prototype, 'position', { set: undefined });

export class HTMLIFrameElement extends HTMLElement {}
define(HTMLIFrameElement.prototype, { src: url('src'), srcdoc: str('srcdoc'), name: str('name'), allow: str('allow'), width: str('width'), height: str('height'), loading: enumerated('loading', ['lazy', 'eager'], 'eager', 'eager'), referrerPolicy });

export class HTMLDetailsElement extends HTMLElement {}
define(HTMLDetailsElement.prototype, { open: bool('open'), name: str('name') });
export class HTMLDialogElement extends HTMLElement {}
define(HTMLDialogElement.prototype, { open: bool('open') });

export class HTMLOListElement extends HTMLElement {}
define(HTMLOListElement.prototype, {
  reversed: bool('reversed'),
  // HTML 4.4.5: start defaults to 1 (or the number of li children for a reversed list).
  // HTML 4.4.5: the IDL attribute's default is 1 (a reversed list's starting value is not reflected).
  start: long('start', 1),
  type: str('type'),
});
export class HTMLLIElement extends HTMLElement {}
define(HTMLLIElement.prototype, { value: long('value', 0) });

export class HTMLTableCellElement extends HTMLElement {}
// HTML 4.9.11: colSpan clamped to 1..1000, rowSpan to 0..65534.
define(HTMLTableCellElement.prototype, {
  colSpan: clamped('colspan', 1, 1, 1000),
  rowSpan: clamped('rowspan', 1, 0, 65534),
  headers: str('headers'),
  scope: enumerated('scope', ['row', 'col', 'rowgroup', 'colgroup'], '', ''),
  abbr: str('abbr'),
});
/** Reflect an unsigned long "clamped to the range [min, max]" (HTML 2.6.1). */
function clamped(attr, dflt, min, max) {
  return {
    get() {
      const s = this.getAttribute(attr);
      const v = s === null ? null : parseNonNegative(s);
      if (v === null) return dflt;
      return v < min ? min : v > max ? max : v;
    },
    set(v) { this.setAttribute(attr, String(Number(v) >>> 0)); },
  };
}

// ---- registration (js/dom/dom.js elementClasses) ---------------------------------

const HTML_CLASSES = {
  '': HTMLElement,
  template: TemplateElement,
  a: HTMLAnchorElement,
  area: HTMLAreaElement,
  img: HTMLImageElement,
  meta: HTMLMetaElement,
  link: HTMLLinkElement,
  base: HTMLBaseElement,
  script: HTMLScriptElement,
  style: HTMLStyleElement,
  title: HTMLTitleElement,
  input: HTMLInputElement,
  button: HTMLButtonElement,
  fieldset: HTMLFieldSetElement,
  legend: HTMLLegendElement,
  output: HTMLOutputElement,
  object: HTMLObjectElement,
  form: HTMLFormElement,
  label: HTMLLabelElement,
  select: HTMLSelectElement,
  option: HTMLOptionElement,
  optgroup: HTMLOptGroupElement,
  datalist: HTMLDataListElement,
  textarea: HTMLTextAreaElement,
  meter: HTMLMeterElement,
  progress: HTMLProgressElement,
  iframe: HTMLIFrameElement,
  details: HTMLDetailsElement,
  dialog: HTMLDialogElement,
  ol: HTMLOListElement,
  li: HTMLLIElement,
  td: HTMLTableCellElement,
  th: HTMLTableCellElement,
  table: HTMLTableElement,
  thead: HTMLTableSectionElement,
  tbody: HTMLTableSectionElement,
  tfoot: HTMLTableSectionElement,
  tr: HTMLTableRowElement,
};
// The HTML standard's interfaces that add nothing read here (their members
// need layout, media or scripting): classes of their own, so that
// constructor.name and instanceof are the browser's (HTML, "Elements" index).
const PLAIN_INTERFACES = {
  HTMLParagraphElement: 'p', HTMLDivElement: 'div', HTMLSpanElement: 'span', HTMLHeadingElement: 'h1 h2 h3 h4 h5 h6',
  HTMLUListElement: 'ul', HTMLDListElement: 'dl', HTMLBodyElement: 'body', HTMLHeadElement: 'head', HTMLHtmlElement: 'html',
  HTMLBRElement: 'br', HTMLHRElement: 'hr', HTMLPreElement: 'pre listing xmp', HTMLQuoteElement: 'blockquote q',
  HTMLTableCaptionElement: 'caption', HTMLTableColElement: 'col colgroup', HTMLVideoElement: 'video', HTMLAudioElement: 'audio',
  HTMLParamElement: 'param', HTMLSelectedContentElement: 'selectedcontent',
  HTMLSourceElement: 'source', HTMLTrackElement: 'track', HTMLCanvasElement: 'canvas', HTMLEmbedElement: 'embed',
  HTMLPictureElement: 'picture', HTMLTimeElement: 'time', HTMLDataElement: 'data', HTMLModElement: 'del ins',
  HTMLSlotElement: 'slot', HTMLMenuElement: 'menu', HTMLMapElement: 'map', HTMLFrameSetElement: 'frameset',
  HTMLFrameElement: 'frame', HTMLMarqueeElement: 'marquee', HTMLFontElement: 'font', HTMLDirectoryElement: 'dir',
};
/** HTML 4.8.11.1 HTMLMediaElement: the interface audio and video share. */
export class HTMLMediaElement extends HTMLElement {}
const PLAIN_PARENT = { HTMLVideoElement: HTMLMediaElement, HTMLAudioElement: HTMLMediaElement };
const plainClasses = {};
for (const [name, tags] of Object.entries(PLAIN_INTERFACES)) {
  const Parent = PLAIN_PARENT[name] ?? HTMLElement;
  const C = { [name]: class extends Parent {} }[name];
  for (const tag of tags.split(' ')) plainClasses[tag] = C;
}

/** HTML 3.2.2 "element interface": HTMLUnknownElement for a name the standard does not define. */
export class HTMLUnknownElement extends HTMLElement {}
// The elements whose interface is HTMLElement itself (HTML, "Elements" index
// and 16.3 for the obsolete ones a browser still implements so).
const HTML_ELEMENT_NAMES = new Set(('abbr acronym address article aside b basefont bdi bdo big center cite code dd dfn dt em ' +
  'figcaption figure footer header hgroup i kbd main mark nav nobr noembed noframes noscript plaintext rb rp rt rtc ruby s ' +
  'samp search section small strike strong sub summary sup tt u var wbr').split(' '));
// isValidCustomElementName: js/select/custom-element-name.js (shared with select.js's :defined).
export { isValidCustomElementName };
/**
 * The HTML namespace's classes: a name of the standard has its interface, a
 * valid custom element name HTMLElement (no definition is ever registered
 * here), any other name HTMLUnknownElement.  ('' is Tree#make's default.)
 */
class HTMLElementClasses extends Map {
  get(name) {
    const C = super.get(name);
    if (C !== undefined || name === '') return C;
    return HTML_ELEMENT_NAMES.has(name) || isValidCustomElementName(name) ? HTMLElement : HTMLUnknownElement;
  }
}

/** A DOMTokenList attribute, [PutForwards=value] (setting sets the attribute). */
const tokens = (attr, supported) => ({
  get() { return tokenList(this, attr, supported); },
  set(v) { this.setAttribute(attr, String(v)); },
});
// HTML 4.8.5: the sandbox keywords.
const SANDBOX = new Set(('allow-downloads allow-forms allow-modals allow-orientation-lock allow-pointer-lock allow-popups ' +
  'allow-popups-to-escape-sandbox allow-presentation allow-same-origin allow-scripts allow-top-navigation ' +
  'allow-top-navigation-by-user-activation allow-top-navigation-to-custom-protocols').split(' '));
// HTML 2.5.8: the blocking attribute's one possible blocking token.
const BLOCKING = new Set(['render']);
define(HTMLLinkElement.prototype, { blocking: tokens('blocking', BLOCKING) });
define(HTMLScriptElement.prototype, { blocking: tokens('blocking', BLOCKING) });
define(HTMLStyleElement.prototype, { blocking: tokens('blocking', BLOCKING) });

// Members of classes defined in the forms' and options' sections (above), added
// here to leave those sections to that work: iframe's sandbox (HTML 4.8.5)
// and a cell's index among its row's cells, -1 outside a tr (HTML 4.9.11).
define(HTMLIFrameElement.prototype, { sandbox: tokens('sandbox', SANDBOX) });
define(HTMLTableCellElement.prototype, {
  cellIndex: ro(function () {
    const t = this._t;
    const p = t.parent(this._i);
    return p !== NONE && isHTML(t, p, 'tr') ? cellsOf(t, p).indexOf(this._i) : -1;
  }),
});

/** The interface of each HTML local name (HTMLDivElement, HTMLInputElement, ...). */
const interfaces = new HTMLElementClasses(Object.entries({ ...plainClasses, ...HTML_CLASSES }));
/** Every HTML element interface class, HTMLElement's descendants (HTMLDivElement, ..., HTMLUnknownElement): js/window/window.js. */
export const htmlInterfaces = () => new Set([...interfaces.values()].filter((C) => C !== HTMLElement)).add(HTMLMediaElement).add(HTMLUnknownElement);

// Each member of an interface below HTMLElement: by interface, its descriptor there.
const members = new Map();
function inherited(key) {
  for (let p = HTMLElement.prototype; p !== null; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, key);
    if (d !== undefined) return d;
  }
  return undefined;
}

let installed = false;
/**
 * Install the element interfaces on the DOM's base (issue 29: nothing is
 * changed at import): the base first (installHtmlBase(), js/dom/html-base.js),
 * then each HTML local name's interface (the constructor and instanceof of
 * the one object class of HTML elements) with the interfaces' members,
 * virtual on that class, the <form> class, the pseudo-classes of element
 * state (js/select/states.js) and the state hooks of form controls.  Trees
 * made before have them too (their <form> elements excepted, which keep the
 * one object class).  Called once, by installDom() (js/dom/install.js).
 */
export function installHtmlElements() {
  if (installed) return;
  installed = true;
  installHtmlBase();
  setHtmlInterfaces(interfaces);
  installStatePseudoClasses();
  stateHooks.changing = storeParsedCheckedness;
  stateHooks.attribute = (t, i, local, uri, old, value) => {
    if (uri !== null) return;
    if (local === 'id') {
      // HTML 4.10.17.3: an element's ID changed resets the form owners.
      const s = checkedRadioForms.get(t);
      if (s === undefined || old === value) return;
      const ids = [old, value].filter((f) => f !== null && s.has(f));
      if (ids.length > 0) resetFormOwners(t, rootOf(t, i), ids, NONE, i, old);
      return;
    }
    if (!isHTML(t, i, 'input')) return;
    if (local === 'checked') {
      // "When the checked content attribute is added, if the control does not
      // have dirty checkedness, the user agent must set the checkedness of the
      // element to true; when [it] is removed, ... to false."
      if (t.cached(i)?._dirtyChecked === true) return;
      if (old === null) setCheckedness(t, i, true);
      else if (value === null) storeCheckedness(t, i, false);
    } else if (local === 'name' || local === 'type' || local === 'form') {
      if (isRadio(t, i) && checkednessOf(t, i)) noteCheckedRadio(t, i);
      uncheckOthers(t, i);
    }
  };
  // Becoming connected, or a new form owner (one it gets where it is now: it
  // had none while detached, up to a form in its own subtree): each checked
  // radio inserted unchecks the rest of its group, in tree order.  First the
  // radios elsewhere whose form attribute names an id inserted (4.10.17.3):
  // a form precedes the controls it holds (so in Chromium too).
  stateHooks.inserted = (t, c) => {
    const ids = idsIn(t, c);
    if (ids.length > 0) resetFormOwners(t, rootOf(t, c), ids, c, NONE, null);
    for (const j of checkedRadiosIn(t, c)) {
      let o = formOwner(t, j);
      while (o !== NONE && o !== c) o = t.parent(o); // NONE: no owner, or one outside c
      if (isConnected(t, j) || (o === NONE && formOwner(t, j) !== NONE)) uncheckOthers(t, j);
    }
  };
  // Removed: the form owners, before, of the checked radios removed and of
  // those elsewhere whose form attribute names an id removed (4.10.17.3);
  // after, each whose owner changed unchecks the rest of its new group.
  stateHooks.removing = (t, c) => {
    if (!checkedRadioForms.has(t)) return null;
    const out = checkedRadiosIn(t, c).map((j) => [j, formOwner(t, j)]);
    const ids = idsIn(t, c);
    return ids.length > 0 ? out.concat(radiosNaming(t, rootOf(t, c), ids, c)) : out;
  };
  stateHooks.removed = (t, before) => {
    for (const [j, o] of before) if (formOwner(t, j) !== o) uncheckOthers(t, j);
  };
  // Cloning steps (4.10.5: "propagate the value, dirty value flag,
  // checkedness, and dirty checkedness flag"; 4.10.11: a textarea's raw value
  // and dirty value flag) and adoption: the copy keeps what the original had
  // (a moved node object keeps its fields).  A dirty value is `_value`.
  stateHooks.copied = (src, s, t, i, moved) => {
    const input = isHTML(src, s, 'input');
    if (!input && !isHTML(src, s, 'textarea')) return;
    const x = src.cached(s);
    if (!moved && x?._value !== undefined) t.node(i)._value = x._value;
    if (!input) return;
    const v = x?._checked ?? (src.plainAttr(s, 'checked') === null ? undefined : parsedCheckedness(src, s));
    if (v && isRadio(src, s)) noteCheckedRadio(t, i);
    if ((moved && x !== undefined) || (v === undefined && x?._dirtyChecked === undefined)) return;
    const y = t.node(i);
    y._checked = v;
    y._dirtyChecked = x?._dirtyChecked;
  };
  for (const I of new Set(interfaces.values()).add(HTMLUnknownElement)) {
    for (let p = I.prototype; p !== HTMLElement.prototype; p = Object.getPrototypeOf(p)) {
      for (const key of Reflect.ownKeys(p)) {
        if (key === 'constructor') continue;
        if (!members.has(key)) members.set(key, new Map());
        const m = members.get(key);
        if (!m.has(I)) m.set(I, Object.getOwnPropertyDescriptor(p, key));
      }
    }
  }
  for (const [key, byInterface] of members) {
    const base = inherited(key);
    const descriptorOf = (e) => (isObject(e) ? byInterface.get(interfaceOf(e)) : undefined) ?? base;
    Object.defineProperty(OBJECT, key, {
      get() {
        const d = descriptorOf(this);
        return d === undefined ? undefined : 'value' in d ? d.value : d.get?.call(this);
      },
      set(v) {
        const d = descriptorOf(this);
        if (d !== undefined && d.set !== undefined) return d.set.call(this, v);
        // An accessor without setter, a read-only data property: refused (as in strict code).
        if (d !== undefined && !d.writable) throw new TypeError(`Cannot set property ${String(key)} of ${Object.prototype.toString.call(this)}: read-only`);
        Object.defineProperty(this, key, { value: v, writable: true, enumerable: true, configurable: true }); // an own property, as for an absent one
      },
      enumerable: true,
      configurable: true,
    });
  }
  // A form is an HTMLFormElement of its own (as a template is an HTMLTemplateElement): the shared
  // prototype has every interface's member names, and `name in form` must be the browser's
  // answer (DOMPurify strips id and name values that are members of a form: DOM clobbering).
  elementClasses.get(HTML_NS).set('form', HTMLFormElement);
}

// The classes and functions of js/dom/html-base.js, for those who import them from here.
export { HTMLElement, MathMLElement, SVGAnimatedString, SVGElement, baseURL, checkUrl, parseInteger } from './html-base.js';
