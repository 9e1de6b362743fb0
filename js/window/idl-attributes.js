// Members of the DOM and HTML interfaces that a page's DOM has and that mean
// nothing without a browsing context, scripts or events, defined so that this
// DOM has the names a browser's has (issue 32: DOMPurify's SANITIZE_DOM drops an
// `id` or `name` whose value is a member of document or of a form, as the DOM
// clobbering that value would do in the browser where the output lands):
//
// - the event handler IDL attributes (HTML 8.1.8.1; the names Chromium 156 has,
//   js/window/dom-names.js), which never compile or run anything: reading one gives
//   what was set through it, or null (never the content attribute, which a
//   browser would compile);
// - ARIA's string reflections (WAI-ARIA 1.3 ARIAMixin: role, ariaLabel, ...);
// - click(), focus() and blur(), which do nothing here: no event is
//   dispatched and no element is focusable without a browsing context;
// - Document's cookie, location, activeElement, referrer, domain, hidden,
//   visibilityState, clear() and close(), and a form's submit() and
//   requestSubmit(), as a document without a browsing context has them;
// - WebIDL [SameObject] for the live collections (a form's elements, a
//   table's rows, document.forms, ...): the same object on every read.
import { Document, Element, HTML_NS, elementClasses } from '../dom/dom.js';
import {
  HTMLDataListElement, HTMLElement, HTMLFieldSetElement, HTMLFormElement, HTMLSelectElement, HTMLTableElement,
  HTMLTableRowElement, HTMLTableSectionElement, MathMLElement, SVGElement,
} from '../dom/html-elements.js';
import { domException } from '../dom/tokenlist.js';
import { ARIA_ATTRIBUTES, EVENT_HANDLERS, GLOBAL_EVENT_HANDLERS } from './dom-names.js';

function define(proto, members) {
  for (const [name, d] of Object.entries(members)) {
    if (Object.prototype.hasOwnProperty.call(proto, name)) continue;
    Object.defineProperty(proto, name, { configurable: true, enumerable: true, ...d });
  }
}

// Event handlers set through the IDL attributes, by object (a WeakMap: nothing is added to the node objects).
const handlers = new WeakMap();
const handler = (name) => ({
  get() { return handlers.get(this)?.get(name) ?? null; },
  // WebIDL EventHandler ([LegacyTreatNonObjectAsNull] callback): a value that is not an object is null.
  set(v) {
    let m = handlers.get(this);
    if (m === undefined) handlers.set(this, (m = new Map()));
    if (typeof v === 'object' && v !== null || typeof v === 'function') m.set(name, v);
    else m.delete(name);
  },
});
const handlersNamed = (names) => Object.fromEntries(names.map((n) => [n, handler(n)]));
const CLASSES = { Element, Document };


// HTML 6.6.x click(): fires a synthetic click event, and there are no events here;
// focus() and blur(): no element is focusable in a document without a browsing context.
const nothing = { value() {}, writable: true };


const isSubmitButton = (e) => e instanceof HTMLElement && e.namespaceURI === HTML_NS &&
  (e.localName === 'button' ? e.type === 'submit' : e.localName === 'input' && (e.type === 'submit' || e.type === 'image'));

// WebIDL [SameObject]: the getter's first value for an element, on every read while the element
// stays where it was (these are live collections, made for a tree and an index: one moved to
// another document gets a new one); only objects are kept (not the null labels of an element
// that is not labelable, nor the number of the shared prototype's `rows` for a textarea).
const sameObjects = new WeakMap();
function sameObject(proto, name) {
  const d = Object.getOwnPropertyDescriptor(proto, name);
  const get = d.get;
  Object.defineProperty(proto, name, {
    ...d,
    get() {
      let m = sameObjects.get(this);
      if (m === undefined) sameObjects.set(this, (m = new Map()));
      const x = m.get(get);
      if (x !== undefined && x.t === this._t && x.i === this._i) return x.v;
      const v = get.call(this);
      if (typeof v === 'object' && v !== null) m.set(get, { t: this._t, i: this._i, v }); // (a textarea's rows is a number)
      return v;
    },
  });
}
// The other HTML elements are objects of one class (docs/dom.md, "Keeping reads fast"), whose
// prototype holds each interface's members: both are wrapped.

let installed = false;
/** Install the members above on js/dom/'s classes (explicitly, once: createWindow() calls it). */
export function installIdlAttributes() {
  if (installed) return;
  installed = true;
  // (js/dom/install.js has registered the HTML element classes: installDom() comes first.)
  const SHARED = elementClasses.get(HTML_NS).get('').prototype;
  for (const C of [HTMLElement, SVGElement, MathMLElement, Document]) define(C.prototype, handlersNamed(GLOBAL_EVENT_HANDLERS));
  for (const [name, names] of Object.entries(EVENT_HANDLERS)) define(CLASSES[name].prototype, handlersNamed(names));
  // ARIAMixin: each reflects a nullable string attribute, role as `role`, ariaXxx as `aria-xxx`.
  define(Element.prototype, Object.fromEntries(ARIA_ATTRIBUTES.map((n) => {
    const attr = n === 'role' ? 'role' : `aria-${n.slice(4).toLowerCase()}`;
    return [n, {
      get() { return this.getAttribute(attr); },
      set(v) {
        if (v === null) this.removeAttribute(attr);
        else this.setAttribute(attr, v);
      },
    }];
  })));
  for (const C of [HTMLElement, SVGElement, MathMLElement]) define(C.prototype, { focus: nothing, blur: nothing });
  define(HTMLElement.prototype, { click: nothing });
  define(Document.prototype, {
    // HTML 3.1.5: a document without a browsing context is cookie-averse: cookie is '' and setting it does nothing.
    cookie: { get: () => '', set(v) {} },
    // HTML 7.2.4: location is null for a document that is not fully active (none here is).
    location: { get: () => null },
    // HTML 6.6.8 DocumentOrShadowRoot activeElement: nothing is ever focused here, so the
    // focused area is the document's viewport: the body element, else the document element, else null.
    activeElement: { get() { return this.body ?? this.documentElement; } },
    // HTML 3.1.3: the document's referrer, '' when there is none (no navigation made this document).
    referrer: { get: () => '' },
    // HTML 7.5.2 document.domain: '' for an opaque origin's effective domain (null).
    domain: { get: () => '', set(v) { throw domException('document.domain: a document without a browsing context cannot change its domain', 'SecurityError'); } },
    // HTML 6.2 Page visibility: a document without a browsing context is hidden.
    hidden: { get: () => true },
    visibilityState: { get: () => 'hidden' },
    // HTML 16.3.4: clear() does nothing.
    clear: nothing,
    /** HTML 8.4.4 close(): InvalidStateError in an XML document; else nothing (no script-created parser here). */
    close: {
      value() {
        if (this.contentType !== 'text/html') throw domException('close: an XML document has no script-created parser', 'InvalidStateError');
      },
      writable: true,
    },
  });
  define(HTMLFormElement.prototype, {
    // HTML 4.10.21.3 "submit": step 1, a form that cannot navigate (no document here has a
    // browsing context) is not submitted, so submit() does nothing: nothing is ever fetched.
    submit: nothing,
    /** HTML 4.10.3 requestSubmit(submitter): checks the submitter, then submits (nothing, as submit()). */
    requestSubmit: {
      value(submitter = null) {
        if (submitter === null) return;
        if (!isSubmitButton(submitter)) throw new TypeError('requestSubmit: the submitter is not a submit button');
        if (submitter.form !== this) throw domException('requestSubmit: the submitter is not owned by this form', 'NotFoundError');
      },
      writable: true,
    },
  });
  for (const name of ['anchors', 'forms', 'images', 'embeds', 'plugins', 'scripts', 'links']) sameObject(Document.prototype, name);
  sameObject(HTMLFormElement.prototype, 'elements');
  for (const [C, names] of [
    [HTMLFieldSetElement, ['elements']], [HTMLSelectElement, ['options', 'selectedOptions', 'labels']],
    [HTMLDataListElement, ['options']], [HTMLTableElement, ['tBodies', 'rows']], [HTMLTableSectionElement, ['rows']],
    [HTMLTableRowElement, ['cells']],
  ]) {
    for (const name of names) sameObject(C.prototype, name);
  }
  for (const name of ['elements', 'options', 'selectedOptions', 'labels', 'tBodies', 'rows', 'cells']) sameObject(SHARED, name);
}
