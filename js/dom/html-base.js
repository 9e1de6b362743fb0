// What every HTML, SVG and MathML element and every document has, with no
// element-specific interface (issue 29, "Pay for what you use"): the classes
// HTMLElement, SVGElement and MathMLElement with the members of HTMLElement
// and HTMLOrSVGElement (HTML 3.2.6-3.2.8), Element's id / className /
// classList / slot, Node.baseURI and the document's URL, base URL and
// collections, and the one object class HTML elements are made of (docs/dom.md,
// "Keeping reads fast").  installHtmlBase() puts them on js/dom/dom.js's
// classes: the DOM that html5-wasm/decode and html5-wasm/parse make.  The
// element interfaces (HTMLInputElement, HTMLTableElement, ... with their
// members and form state) are js/dom/html-elements.js, installed by
// installDom() (js/dom/install.js) in the entry points with the whole DOM.
//
// Reflection follows HTML 2.6.1 "Reflecting content attributes in IDL
// attributes": each getter reads the content attribute now (so it agrees
// with getAttribute at every moment), each setter calls setAttribute /
// removeAttribute (js/dom/dom.js's mutation API).
import { NONE, NS_HTML, NS_SVG } from '../core/abi.js';
import {
  Document, Element, HTML_NS, MATHML_NS, Node, SVG_NS, TemplateElement, XLINK_NS, elementClasses, setHTMLElementObjectClass,
} from './dom.js';
import { HTMLCollection, NodeList, liveCollection } from './collections.js';
import { dataset, domException, tokenList } from './tokenlist.js';

const ELEMENT = 1;
const TEXT = 3;

// ---- the document's URL and base URL (HTML 2.4.1 "document base URL") ----

/** parse() / decode()'s `url` option, checked: an absolute URL. */
export function checkUrl(v) {
  if (typeof v !== 'string') return 'must be a string (an absolute URL)';
  try {
    new URL(v);
    return null;
  } catch {
    return 'must be an absolute URL';
  }
}

/**
 * The document base URL of tree `t` (HTML 2.4.1): the frozen base URL of the
 * first HTML <base> element with an href attribute, in tree order (HTML
 * 4.2.3: its href parsed relative to the document's fallback base URL, here
 * the document's URL), else the document's URL.  Cached until the tree
 * changes.
 */
export function baseURL(t) {
  const c = t._baseUrl;
  if (c !== undefined && c.version === t.version) return c.url;
  let url = t.url;
  const root = t.type(0) === 9 ? 0 : NONE;
  if (root !== NONE) {
    for (let j = t.nextElement(0, 0); j !== NONE; j = t.nextElement(j, 0)) {
      if (t.ns(j) === NS_HTML && t.localName(j) === 'base') {
        const href = t.plainAttr(j, 'href');
        if (href === null) continue;
        const u = parseURL(href, t.url);
        // Failure, data: and javascript: give the fallback base URL (HTML 4.2.3 "set the frozen base URL").
        if (u !== null && u.protocol !== 'data:' && u.protocol !== 'javascript:') url = u.href;
        break;
      }
    }
  }
  t._baseUrl = { version: t.version, url };
  return url;
}

/** URL parser (WHATWG URL); null on failure (no exception). */
export function parseURL(s, base) {
  try {
    return new URL(s, base);
  } catch {
    return null;
  }
}

/** "Parse a URL" relative to the node's document base URL (HTML 2.4.2). */
export function resolve(node, s) {
  return parseURL(s, baseURL(node._t));
}

// ---- reflection (HTML 2.6.1) -----------------------------------------------

// HTML 2.3.4.1 rules for parsing integers; null on error.
export function parseInteger(s) {
  const m = /^[\t\n\f\r ]*([-+]?)([0-9]+)/.exec(s);
  if (m === null) return null;
  const v = Number(m[2]);
  return m[1] === '-' ? -v : v;
}
// 2.3.4.2 rules for parsing non-negative integers.
export function parseNonNegative(s) {
  const v = parseInteger(s);
  return v === null || v < 0 ? null : v;
}
const LONG_MIN = -(2 ** 31);
export const LONG_MAX = 2 ** 31 - 1;

/** Reflect a DOMString attribute. */
export const str = (attr) => ({
  get() { return this.getAttribute(attr) ?? ''; },
  set(v) { this.setAttribute(attr, String(v)); },
});
/** Reflect a boolean attribute. */
export const bool = (attr) => ({
  get() { return this.hasAttribute(attr); },
  set(v) {
    if (v) this.setAttribute(attr, '');
    else this.removeAttribute(attr);
  },
});
/**
 * Reflect a USVString URL attribute: the URL resolved against the document
 * base URL, or the attribute itself when it does not parse; '' when it is
 * missing, or with `orDocument` the document's URL when it is missing or
 * empty (form action, formAction: HTML 4.10.18.6).
 */
export const url = (attr, orDocument = false) => ({
  get() {
    const v = this.getAttribute(attr);
    if (orDocument && (v === null || v === '')) return this._t.url;
    if (v === null) return '';
    const u = resolve(this, v);
    return u === null ? v : u.href;
  },
  set(v) { this.setAttribute(attr, String(v)); },
});
/**
 * Reflect an enumerated attribute limited to known values: `keywords` (the
 * canonical lowercase keywords; a keyword maps to itself or, when given as
 * [keyword, state], to another canonical keyword), the missing value default
 * and the invalid value default ('' for "no state").
 */
export function enumerated(attr, keywords, missing, invalid, nullable = false) {
  const map = new Map(keywords.map((k) => (Array.isArray(k) ? k : [k, k])));
  return {
    get() {
      const v = this.getAttribute(attr);
      if (v === null) return nullable && missing === '' ? null : missing;
      const k = map.get(v.toLowerCase());
      return k === undefined ? invalid : k;
    },
    set(v) {
      if (nullable && v === null) this.removeAttribute(attr);
      else this.setAttribute(attr, String(v));
    },
  };
}
/** Reflect a long (HTML 2.6.1): `dflt` when missing or not an integer in range; `nonNegative` limits to >= 0. */
export function long(attr, dflt, nonNegative = false) {
  return {
    get() {
      const s = this.getAttribute(attr);
      const v = s === null ? null : parseInteger(s);
      if (v === null || v < LONG_MIN || v > LONG_MAX || (nonNegative && v < 0)) return typeof dflt === 'function' ? dflt.call(this) : dflt;
      return v;
    },
    set(v) {
      const n = Math.trunc(Number(v)) | 0;
      if (nonNegative && n < 0) throw domException(`${attr}: ${n} is negative`, 'IndexSizeError');
      this.setAttribute(attr, String(n));
    },
  };
}
/** Reflect an unsigned long; `limited`: limited to only positive numbers (0 is invalid). */
export function unsigned(attr, dflt, limited = false) {
  return {
    get() {
      const s = this.getAttribute(attr);
      const v = s === null ? null : parseNonNegative(s);
      if (v === null || v > LONG_MAX || (limited && v === 0)) return dflt;
      return v;
    },
    set(v) {
      let n = Number(v) >>> 0;
      if (limited && n === 0) throw domException(`${attr}: 0 is not allowed`, 'IndexSizeError');
      if (n > LONG_MAX) n = dflt;
      this.setAttribute(attr, String(n));
    },
  };
}
/** A read-only property. */
export const ro = (get) => ({ get });

export function define(proto, props) {
  for (const [name, d] of Object.entries(props)) {
    Object.defineProperty(proto, name, { ...d, enumerable: true, configurable: true });
  }
}

// ---- tree helpers ------------------------------------------------------------

/** The node's tree root index (template contents are their own tree). */
export function rootOf(t, i) {
  for (let p = t.parent(i); p !== NONE; p = t.parent(i)) i = p;
  return i;
}
/** Is node j the HTML element named `name`? */
export const isHTML = (t, j, name) => t.type(j) === ELEMENT && t.ns(j) === NS_HTML && t.localName(j) === name;
/** A new HTML element named `name` in element e's document. */
export const newHTML = (e, name) => e.ownerDocument.createElementNS(HTML_NS, name);

// ---- HTMLElement -----------------------------------------------------------

/** HTML 3.2.8 HTMLElement. */
export class HTMLElement extends Element {}
/** SVG 2 SVGElement (the members of HTMLOrSVGElement). */
export class SVGElement extends Element {}
/** MathML Core MathMLElement (the members of HTMLOrSVGElement). */
export class MathMLElement extends Element {}


// HTMLOrSVGElement (HTML 3.2.6.6 dataset, 6.6.3 tabIndex, autofocus, nonce).
// The focusable elements' tabIndex default is 0 (HTML 6.6.3), otherwise -1.
const TABINDEX_0 = new Set(['a', 'area', 'button', 'frame', 'iframe', 'input', 'object', 'select', 'textarea']);
function defaultTabIndex() {
  const t = this._t;
  const i = this._i;
  if (t.ns(i) === NS_HTML) {
    const n = t.localName(i);
    if (TABINDEX_0.has(n)) return 0;
    // A summary that is the summary of its parent details (its first summary child).
    if (n === 'summary') {
      const p = t.parent(i);
      if (p !== NONE && isHTML(t, p, 'details')) {
        for (let j = t.first(p); j !== NONE; j = t.next(j)) if (isHTML(t, j, 'summary')) return j === i ? 0 : -1;
      }
    }
    return -1;
  }
  return t.ns(i) === NS_SVG && t.localName(i) === 'a' ? 0 : -1;
}
const HTML_OR_SVG = {
  dataset: ro(function () { return dataset(this); }),
  tabIndex: long('tabindex', defaultTabIndex),
  autofocus: bool('autofocus'),
  nonce: str('nonce'),
};
/** SVG 2 SVGAnimatedString: className of SVG elements (baseVal is the class attribute; no animation here). */
export class SVGAnimatedString {
  constructor(element, attr) {
    this._e = element;
    this._a = attr;
  }
  // (SVG 2 href: the xlink:href attribute when there is no href attribute.)
  get baseVal() { return this._e.getAttribute(this._a) ?? (this._a === 'href' ? this._e.getAttributeNS(XLINK_NS, 'href') : null) ?? ''; }
  set baseVal(v) { this._e.setAttribute(this._a, String(v)); }
  get animVal() { return this.baseVal; }
}
define(HTMLElement.prototype, HTML_OR_SVG);
define(SVGElement.prototype, HTML_OR_SVG);
// SVG 2 SVGURIReference: href of the elements that have it.
const SVG_HREF = new Set('a image use pattern linearGradient radialGradient textPath filter feImage script mpath animate animateMotion animateTransform set'.split(' '));
define(SVGElement.prototype, {
  className: ro(function () { return (this._cn ??= new SVGAnimatedString(this, 'class')); }),
  href: ro(function () { return SVG_HREF.has(this.localName) ? (this._href ??= new SVGAnimatedString(this, 'href')) : undefined; }),
});
define(MathMLElement.prototype, HTML_OR_SVG);

const HTML_ELEMENT = {
  title: str('title'),
  lang: str('lang'),
  translate: {
    // HTML 3.2.6.3: the translation mode, inherited.
    get() {
      const t = this._t;
      for (let j = this._i; j !== NONE; j = t.parent(j)) {
        if (t.type(j) !== ELEMENT) continue;
        const v = t.plainAttr(j, 'translate');
        if (v === null || t.ns(j) !== NS_HTML) continue;
        const k = v.toLowerCase();
        if (k === 'yes' || k === '') return true;
        if (k === 'no') return false;
      }
      return true;
    },
    set(v) { this.setAttribute('translate', v ? 'yes' : 'no'); },
  },
  dir: enumerated('dir', ['ltr', 'rtl', 'auto'], '', ''),
  // HTML 6.1: hidden is "until-found" or a boolean.
  hidden: {
    get() {
      const v = this.getAttribute('hidden');
      if (v === null) return false;
      return v.toLowerCase() === 'until-found' ? 'until-found' : true;
    },
    set(v) {
      if (typeof v === 'string' && v.toLowerCase() === 'until-found') this.setAttribute('hidden', 'until-found');
      else if (v === false || v === null || v === '' || v === 0 || Number.isNaN(v) || v === undefined) this.removeAttribute('hidden');
      else this.setAttribute('hidden', '');
    },
  },
  inert: bool('inert'),
  accessKey: str('accesskey'),
  draggable: {
    get() {
      const v = (this.getAttribute('draggable') ?? '').toLowerCase();
      if (v === 'true') return true;
      if (v === 'false') return false;
      // HTML 6.11.6: images and links with an href are draggable by default.
      const n = this.localName;
      return n === 'img' || (n === 'a' && this.hasAttribute('href'));
    },
    set(v) { this.setAttribute('draggable', v ? 'true' : 'false'); },
  },
  spellcheck: ro(function () {
    for (let e = this; e !== null; e = e.parentElement) {
      const v = e.getAttribute('spellcheck');
      if (v !== null) {
        const k = v.toLowerCase();
        if (k === 'true' || k === '') return true;
        if (k === 'false') return false;
      }
    }
    return true;
  }),
  contentEditable: enumerated('contenteditable', ['true', 'false', 'plaintext-only', ['', 'true']], 'inherit', 'inherit'),
  enterKeyHint: enumerated('enterkeyhint', ['enter', 'done', 'go', 'next', 'previous', 'search', 'send'], '', ''),
  inputMode: enumerated('inputmode', ['none', 'text', 'tel', 'url', 'email', 'numeric', 'decimal', 'search'], '', ''),
  popover: enumerated('popover', ['auto', 'manual', 'hint', ['', 'auto']], '', 'manual', true),
  // HTML 3.2.7 "The innerText and outerText properties": for an element
  // that is not being rendered, the getter returns its descendant text
  // content.  Nothing is rendered here (as in a DOMParser document, where
  // Chromium answers the same), so <br> adds no line break and script or
  // style text is included.
  // The setters (HTML 3.2.7 "set the inner text steps", outerText's setter):
  // the "rendered text fragment" of the value, each LF, CR or CR LF a <br>.
  innerText: {
    get() { return this._t.text(this._i); },
    set(v) { this.replaceChildren(...renderedText(this, v)); },
  },
  outerText: {
    get() { return this._t.text(this._i); },
    set(v) {
      const p = this.parentNode;
      if (p === null) throw domException('outerText: the element has no parent', 'NoModificationAllowedError');
      const prev = this.previousSibling;
      const next = this.nextSibling;
      const nodes = renderedText(this, v);
      this.replaceWith(...(nodes.length === 0 ? [this.ownerDocument.createTextNode('')] : nodes));
      // Adjacent Text nodes merged: the last inserted with `next`, `prev` with the first inserted.
      if (next !== null) mergeNext(next.previousSibling);
      if (prev !== null) mergeNext(prev);
    },
  },
};
/** HTML 3.2.7 "rendered text fragment": the nodes of `value`, for element e's document. */
function renderedText(e, value) {
  const doc = e.ownerDocument;
  const out = [];
  for (const [, text, breaks] of (value === null ? '' : String(value)).matchAll(/([^\r\n]*)((?:\r\n|[\r\n])*)/g)) {
    if (text !== '') out.push(doc.createTextNode(text));
    for (const br of breaks.match(/\r\n|[\r\n]/g) ?? []) out.push(newHTML(e, 'br'));
  }
  return out;
}
/** HTML 3.2.7 "merge with the next text node": a Text node and a Text next sibling become one. */
function mergeNext(node) {
  const next = node?.nextSibling;
  if (node?.nodeType !== TEXT || next?.nodeType !== TEXT) return;
  node.appendData(next.data);
  next.remove();
}
define(HTMLElement.prototype, HTML_ELEMENT);

/**
 * A live collection (class C: HTMLCollection, NodeList, ...) of node e's
 * tree: the elements j below node r (r itself excluded), in tree order, for
 * which test(t, j) holds.
 */
export function liveElements(e, C, r, test) {
  const t = e._t;
  return liveCollection(t, C, (list) => {
    for (let j = t.nextElement(r, r); j !== NONE; j = t.nextElement(j, r)) if (test(t, j)) list.push(t.node(j));
  });
}
/** A document's live HTMLCollection of the elements for which test(t, j) holds (HTML 3.1.3). */
const docCollection = (doc, test) => liveElements(doc, HTMLCollection, 0, test);

// ---- one object class for HTML elements (docs/dom.md, "Keeping reads fast") ----

/**
 * Every HTML element object but a <template>'s is made of this one class:
 * V8 then sees one object shape where it would see ~60 (one per interface),
 * so reads stay monomorphic and inlined.  The element's interface is
 * virtual, found by its local name: `constructor` (and so the toStringTag
 * and util.inspect), `instanceof` (HTMLElement's Symbol.hasInstance) and the
 * interface's own members (defined on this prototype, dispatching to the
 * interface's own definition, or to HTMLElement's, or else acting as an
 * absent property) are the browser's.
 */
class HTMLElementObject extends HTMLElement {
  // Node's childNodes again: called for every kind of node, Node's reads `_t`
  // and `_i` through V8's megamorphic path; this one sees one shape (docs/dom.md, "Keeping reads fast").
  get childNodes() { return this._t.childNodes(this._i); }
}
const OBJECT = HTMLElementObject.prototype;
const isObject = (x) => typeof x === 'object' && x !== null && x !== OBJECT && OBJECT.isPrototypeOf(x);
/**
 * The interface of each HTML local name (a Map whose get() answers for any
 * name), once installHtmlElements() (js/dom/html-elements.js) has registered
 * them; until then every HTML element is an HTMLElement.
 */
let interfaces = null;
/** @param {Map<string, Function>} map */
export function setHtmlInterfaces(map) { interfaces = map; }
/** The interface of HTML element object e (HTMLElement itself with no interfaces registered). */
export const interfaceOf = (e) => (interfaces === null ? HTMLElement : interfaces.get(e._t.localName(e._i)));
export { OBJECT as HTML_OBJECT_PROTOTYPE, isObject as isHtmlObject };

let installed = false;
/**
 * Install what this module adds to js/dom/dom.js's classes and hooks (issue
 * 29: nothing is changed at import): <template> as an HTMLElement, the
 * members of Element, Node, Document and HTMLTemplateElement (DOM 4.9, HTML
 * 3.1.3, 3.2.6), the one object class of HTML elements, whose interface is
 * virtual (its constructor and instanceof), and the classes in the
 * elementClasses hook.  Idempotent; called on the first decode (js/dom/decode.js)
 * and by installHtmlElements().
 */
export function installHtmlBase() {
  if (installed) return;
  installed = true;
  // Element: id, className, classList (DOM 4.9).
  define(Element.prototype, {
    id: str('id'),
    className: str('class'),
    classList: {
      get() { return tokenList(this, 'class'); },
      set(v) { this.setAttribute('class', String(v)); },
    },
    slot: str('slot'),
  });
  // The <template> class of js/dom/dom.js is an HTMLElement too.
  define(TemplateElement.prototype, HTML_OR_SVG);
  define(TemplateElement.prototype, HTML_ELEMENT);
  // Node.baseURI (DOM 4.4), Document URL (DOM 4.5).
  define(Node.prototype, { baseURI: ro(function () { return baseURL(this._t); }) });
  define(Document.prototype, {
    URL: ro(function () { return this._t.url; }),
    // No browsing context, as a DOMParser document: no window (HTML 7.3.1).
    defaultView: ro(() => null),
    documentURI: ro(function () { return this._t.url; }),
    /** HTML 3.1.3: getElementsByName: a live NodeList of the HTML elements whose name attribute is `name`. */
    getElementsByName: {
      value(name) {
        const key = String(name);
        return liveElements(this, NodeList, 0, (t, j) => t.ns(j) === NS_HTML && t.plainAttr(j, 'name') === key);
      },
    },
    // HTML 3.1.3: an HTML document's type (an XML document has its own: js/dom/xml-dom.js).
    contentType: ro(() => 'text/html'),
    // HTML 3.1.3: dir reflects the html element's dir attribute ('' without one).
    dir: {
      get() {
        const e = this.documentElement;
        return e instanceof HTMLElement && e.localName === 'html' ? e.dir : '';
      },
      set(v) {
        const e = this.documentElement;
        if (e instanceof HTMLElement && e.localName === 'html') e.dir = v;
      },
    },
    // HTML 3.1.3 document collections (live).
    anchors: ro(function () { return docCollection(this, (t, j) => isHTML(t, j, 'a') && t.plainAttr(j, 'name') !== null); }),
    forms: ro(function () { return docCollection(this, (t, j) => isHTML(t, j, 'form')); }),
    images: ro(function () { return docCollection(this, (t, j) => isHTML(t, j, 'img')); }),
    embeds: ro(function () { return docCollection(this, (t, j) => isHTML(t, j, 'embed')); }),
    plugins: ro(function () { return docCollection(this, (t, j) => isHTML(t, j, 'embed')); }),
    scripts: ro(function () { return docCollection(this, (t, j) => isHTML(t, j, 'script')); }),
    links: ro(function () {
      return docCollection(this, (t, j) => (isHTML(t, j, 'a') || isHTML(t, j, 'area')) && t.plainAttr(j, 'href') !== null);
    }),
  });
  // js/dom/dom.js's TemplateElement is HTML's HTMLTemplateElement: an HTMLElement,
  // under the standard's name (dom.js cannot import HTMLElement from here).
  Object.setPrototypeOf(TemplateElement, HTMLElement);
  Object.setPrototypeOf(TemplateElement.prototype, HTMLElement.prototype);
  Object.defineProperty(TemplateElement, 'name', { value: 'HTMLTemplateElement' });
  Object.defineProperty(OBJECT, 'constructor', {
    get() { return isObject(this) ? interfaceOf(this) : HTMLElement; },
    configurable: true,
  });
  Object.defineProperty(HTMLElement, Symbol.hasInstance, {
    value(x) {
      if (Function.prototype[Symbol.hasInstance].call(this, x)) return true;
      if (this === HTMLElement || !isObject(x)) return false;
      const I = interfaceOf(x);
      return I === this || this.prototype.isPrototypeOf(I.prototype);
    },
    configurable: true,
  });
  elementClasses.set(HTML_NS, new Map([['', HTMLElementObject], ['template', TemplateElement]]));
  setHTMLElementObjectClass(HTMLElementObject);
  elementClasses.set(SVG_NS, new Map([['', SVGElement]]));
  elementClasses.set(MATHML_NS, new Map([['', MathMLElement]]));
}
