// html5-wasm's HTML Sanitizer API (HTML Standard 8.5.2/8.6 "HTML
// sanitization"; docs/sanitizer.md): Sanitizer, parseHTML(),
// parseHTMLUnsafe(), sanitize() and installSanitizerMembers(), which puts
// setHTML() and setHTMLUnsafe() on Element and ShadowRoot.
//
// The parser does not import this module: an entry that wants the
// sanitizer imports it and calls installSanitizerMembers() once (js/api.js
// installAll(), js/entries/sanitize.js); parseHTML(), parseHTMLUnsafe() and
// sanitize() also install them, so that a program bundled from the default
// entry that uses any of them has setHTML() too.
import { Element, HTML_NS, ShadowRoot } from '../dom/dom.js';
import { parseAndSanitize, sanitizeToString, setAndFilterHTML } from './sanitize.js';

export { Sanitizer } from './config.js';
export { isJavascriptURL } from './sanitize.js';

/**
 * Document.parseHTML(html, { sanitizer }): a new Document parsed from html
 * (declarative shadow roots allowed, scripting disabled), sanitized with the
 * sanitizer ('default' when not given) after "remove unsafe".
 * @param {string} html
 * @param {{ sanitizer?: import('./config.js').Sanitizer | object | 'default' }} [options]
 */
export function parseHTML(html, options) {
  installSanitizerMembers();
  return parseAndSanitize('parseHTML', html, options, true);
}

/**
 * Document.parseHTMLUnsafe(html, { sanitizer }): as parseHTML, with the
 * sanitizer as it is (default: one that allows everything).
 */
export function parseHTMLUnsafe(html, options) {
  installSanitizerMembers();
  return parseAndSanitize('parseHTMLUnsafe', html, options, false);
}

/**
 * The sanitized markup: what `div.setHTML(html, options)` leaves in a
 * <div>, as div.innerHTML.  For servers: the string is safe to put in a
 * page (docs/sanitizer.md, "Where the output lands").
 * @param {string} html
 * @param {{ sanitizer?: import('./config.js').Sanitizer | object | 'default' }} [options]
 */
export function sanitize(html, options) {
  installSanitizerMembers();
  return sanitizeToString(html, options);
}

const isTemplate = (e) => e.localName === 'template' && e.namespaceURI === HTML_NS;

function checkReceiver(x, C, fn) {
  if (!(x instanceof C)) throw new TypeError(`${fn}: 'this' is not ${C === Element ? 'an Element' : 'a ShadowRoot'}`);
}

const MEMBERS = [
  [Element, 'setHTML', function setHTML(html, options) {
    checkReceiver(this, Element, 'Element.setHTML');
    setAndFilterHTML('Element.setHTML', isTemplate(this) ? this.content : this, this, html, options, true);
  }],
  [Element, 'setHTMLUnsafe', function setHTMLUnsafe(html, options) {
    checkReceiver(this, Element, 'Element.setHTMLUnsafe');
    setAndFilterHTML('Element.setHTMLUnsafe', isTemplate(this) ? this.content : this, this, html, options, false, arguments.length > 1);
  }],
  [ShadowRoot, 'setHTML', function setHTML(html, options) {
    checkReceiver(this, ShadowRoot, 'ShadowRoot.setHTML');
    setAndFilterHTML('ShadowRoot.setHTML', this, this.host, html, options, true);
  }],
  [ShadowRoot, 'setHTMLUnsafe', function setHTMLUnsafe(html, options) {
    checkReceiver(this, ShadowRoot, 'ShadowRoot.setHTMLUnsafe');
    setAndFilterHTML('ShadowRoot.setHTMLUnsafe', this, this.host, html, options, false, arguments.length > 1);
  }],
];

/**
 * Put setHTML(html, { sanitizer }) and setHTMLUnsafe(html, { sanitizer }) on
 * Element.prototype and ShadowRoot.prototype (writable, configurable, not
 * enumerable: as WebIDL operations).  Idempotent.
 */
export function installSanitizerMembers() {
  for (const [C, name, value] of MEMBERS) {
    if (Object.prototype.hasOwnProperty.call(C.prototype, name) && C.prototype[name] === value) continue;
    Object.defineProperty(C.prototype, name, { value, writable: true, enumerable: false, configurable: true });
  }
}
