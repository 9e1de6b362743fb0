// The sanitize algorithm (HTML Standard 8.6 "HTML sanitization": "sanitize",
// "sanitize core", "set and filter HTML") on js/dom.js trees, and
// "contains a javascript: URL".
//
// sanitizeCore walks the tree's records (js/dom.js Tree) and removes through
// the DOM's own "remove" (Tree#unlink, which keeps live collections and
// iterators right); set and filter HTML sanitizes the fragment parser's
// own tree before its nodes are copied into the target's.
import { NONE, TYPE_COMMENT, TYPE_ELEMENT, TYPE_PI, TYPE_TEXT } from '../abi.js';
import { HTML_NS, parseHTMLFragmentFor } from '../dom.js';
import { parse, parseFragment } from '../parse.js';
import { serialize } from '../serialize.js';
import { ANIMATING_URL_ATTRIBUTES, MATH, NAVIGATING_URL_ATTRIBUTES, SVG, XLINK } from './builtins.js';
import { compiledFor, sanitizerFromOptions } from './config.js';

// ---- "contains a javascript: URL" -------------------------------------------

const isAlpha = (c) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
const isSchemeChar = (c) => isAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
const isTabOrNewline = (c) => c === 0x09 || c === 0x0a || c === 0x0d;
const JAVASCRIPT = 'javascript';

/**
 * Is the scheme of `value`, as the basic URL parser (URL Standard 4.4) reads
 * it, "javascript"?  The parser's first steps, no more: leading and
 * trailing C0 controls and spaces stripped, ASCII tabs and newlines removed
 * anywhere, then the scheme start and scheme states (an ASCII alpha, then
 * ASCII alphanumerics, "+", "-" and ".", ended by ":"), lowercased.  A
 * value with no scheme is a relative URL, which fails without a base: not a
 * javascript: URL.  (The standard also asks that the rest parses; a
 * javascript: URL whose rest fails is removed all the same: stricter,
 * docs/sanitizer.md.)
 */
export function isJavascriptURL(value) {
  const n = value.length;
  let k = 0;
  while (k < n && value.charCodeAt(k) <= 0x20) k++;
  let matched = 0;
  for (; k < n; k++) {
    const c = value.charCodeAt(k);
    if (isTabOrNewline(c)) continue;
    if (c === 0x3a) return matched === JAVASCRIPT.length;
    if (matched === 0 ? !isAlpha(c) : !isSchemeChar(c)) return false;
    // Any other scheme character after "javascript" makes another scheme.
    if (matched >= JAVASCRIPT.length || (c | 0x20) !== JAVASCRIPT.charCodeAt(matched)) return false;
    matched++;
  }
  return false;
}

// ---- compiled configuration -------------------------------------------------

// A name's lookup key: namespace (none: '') and local name.  Names the
// parser makes hold no space, so no two (namespace, name) pairs of a tree
// share a key.
const key = (namespace, name) => (namespace === null ? '' : namespace) + ' ' + name;
const keys = (list) => (list === undefined ? null : new Set(list.map((x) => key(x.namespace, x.name))));
const NAVIGATING = new Set(NAVIGATING_URL_ATTRIBUTES.map(([[en, e], [an, a]]) => key(en, e) + ' ' + key(an, a)));
const ANIMATING = new Set(ANIMATING_URL_ATTRIBUTES.map(([[en, e], [an, a]]) => key(en, e) + ' ' + key(an, a)));

/** The lookups of canonical configuration c (config.js compiledFor keeps them). */
export function compile(c) {
  let elements = null;
  if (c.elements !== undefined) {
    elements = new Map();
    for (const e of c.elements) elements.set(key(e.namespace, e.name), { attributes: keys(e.attributes), removeAttributes: keys(e.removeAttributes) });
  }
  const cfg = {
    elements,
    removeElements: keys(c.removeElements),
    replaceWithChildrenElements: keys(c.replaceWithChildrenElements),
    processingInstructions: c.processingInstructions === undefined ? null : new Set(c.processingInstructions.map((p) => p.target)),
    removeProcessingInstructions: c.removeProcessingInstructions === undefined ? null : new Set(c.removeProcessingInstructions.map((p) => p.target)),
    attributes: keys(c.attributes),
    removeAttributes: keys(c.removeAttributes),
    comments: c.comments === true,
    dataAttributes: c.dataAttributes === true,
    handleJavascriptNavigationUrls: c.javascriptURLs === false,
    declarativeShadowRoots: false,
  };
  // Chromium 156 sanitizes a template's attributes before the parser reads
  // shadowrootmode (whatwg/html PR 12756, "sanitize while parsing"): a
  // declarative shadow root is attached only where the configuration keeps
  // a template's shadowrootmode attribute.
  const template = key(HTML_NS, 'template');
  if (!(cfg.replaceWithChildrenElements?.has(template)) && (elements !== null ? elements.has(template) : !cfg.removeElements.has(template))) {
    cfg.declarativeShadowRoots = !dropsAttribute(cfg, elements?.get(template) ?? NO_LOCAL, null, 'shadowrootmode');
  }
  return cfg;
}

const NO_LOCAL = { attributes: null, removeAttributes: null };

// ---- sanitize core ------------------------------------------------------------

/**
 * "sanitize core" over node root of tree t with compiled configuration
 * `cfg` (handleJavascriptNavigationUrls is cfg's: javascriptURLs false,
 * which "remove unsafe" sets for the safe methods): true when it removed
 * something.  The standard recurses; this walks with a stack of its own,
 * so that any depth works.  A replaced element's children are moved up
 * first and then sanitized where they land (the same result: no decision
 * depends on a node's parent).  Adjacent Text nodes that a removal leaves
 * are joined, as Chromium 156 does.
 */
export function sanitizeCore(t, root, cfg) {
  let changed = false;
  const stack = []; // suspended parents: [parent, next child, joined]
  let parent = root;
  let child = t.first(root);
  let joined = false;
  for (;;) {
    if (child === NONE) {
      if (joined) joinTexts(t, parent);
      if (stack.length === 0) return changed;
      joined = stack.pop();
      child = stack.pop();
      parent = stack.pop();
      continue;
    }
    let next = t.next(child);
    const type = t.type(child);
    if (type === TYPE_COMMENT) {
      if (!cfg.comments) joined = remove(t, child);
    } else if (type === TYPE_PI) {
      const target = t.localName(child);
      if (cfg.processingInstructions !== null ? !cfg.processingInstructions.has(target) : cfg.removeProcessingInstructions.has(target)) {
        joined = remove(t, child);
      }
    } else if (type === TYPE_ELEMENT) {
      const ns = t.nsURI(child);
      const name = t.localName(child);
      const elementName = key(ns, name);
      if (cfg.replaceWithChildrenElements !== null && cfg.replaceWithChildrenElements.has(elementName)) {
        next = replaceWithChildren(t, child, next);
        joined = true;
      } else {
        let local = NO_LOCAL;
        if (cfg.elements !== null) local = cfg.elements.get(elementName);
        else if (cfg.removeElements.has(elementName)) local = undefined;
        if (local === undefined) {
          joined = remove(t, child);
        } else {
          if (sanitizeAttributes(t, child, ns, elementName, local, cfg)) changed = true;
          // Its children next, then its template contents and shadow root, then on with `next`.
          stack.push(parent, next, joined);
          const shadowRoot = t.shadowRootIndex(child);
          if (shadowRoot !== NONE) stack.push(shadowRoot, t.first(shadowRoot), false);
          if (ns === HTML_NS && name === 'template') {
            const contents = t.contents(child);
            if (contents !== NONE && contents !== shadowRoot) stack.push(contents, t.first(contents), false);
          }
          parent = child;
          next = t.first(child);
          joined = false;
        }
      }
    } // Text, DocumentType: nothing to do
    if (joined) changed = true;
    child = next;
  }
}

function remove(t, i) {
  t.unlink(i);
  return true;
}

/** Element i replaced with its children; returns the node to go on with (the first child moved, or `next`). */
function replaceWithChildren(t, i, next) {
  const first = t.first(i);
  const node = t.node(i);
  const parent = node.parentNode;
  while (node.firstChild !== null) parent.insertBefore(node.firstChild, node);
  t.unlink(i);
  return first === NONE ? next : first;
}

/** sanitize core's attribute list rules: does configuration cfg remove attribute (uri, name) of an element with `local` lists? */
function dropsAttribute(cfg, local, uri, name) {
  const attrName = key(uri, name);
  if (local.removeAttributes !== null && local.removeAttributes.has(attrName)) return true;
  if (cfg.attributes !== null) {
    return !cfg.attributes.has(attrName) && (local.attributes === null || !local.attributes.has(attrName)) &&
      !(cfg.dataAttributes && uri === null && name.startsWith('data-'));
  }
  if (local.attributes !== null) return !local.attributes.has(attrName);
  return cfg.removeAttributes.has(attrName);
}

/** sanitize core's attribute steps for element i: true when one was removed. */
function sanitizeAttributes(t, i, ns, elementName, local, cfg) {
  const count = t.attrCount(i);
  if (count === 0) return false;
  let doomed = null;
  for (let k = t.attrFirst(i), end = k + count; k < end; k++) {
    const uri = t.attrURI(k);
    const name = t.attrName(k);
    let drop = dropsAttribute(cfg, local, uri, name);
    if (!drop && cfg.handleJavascriptNavigationUrls) {
      const attrName = key(uri, name);
      const pair = elementName + ' ' + attrName;
      if (NAVIGATING.has(pair)) drop = isJavascriptURL(t.attrValue(k));
      else if (ns === MATH && name === 'href' && (uri === null || uri === XLINK)) drop = isJavascriptURL(t.attrValue(k));
      else if (ns === SVG && ANIMATING.has(pair)) {
        const v = t.attrValue(k);
        drop = v === 'href' || v === 'xlink:href';
      }
    }
    if (drop) (doomed ??= []).push(uri, name);
  }
  if (doomed === null) return false;
  const element = t.node(i);
  for (let k = 0; k < doomed.length; k += 2) element.removeAttributeNS(doomed[k], doomed[k + 1]);
  return true;
}

/** Join the adjacent Text children of node i. */
function joinTexts(t, i) {
  for (let c = t.first(i); c !== NONE; c = t.next(c)) {
    if (t.type(c) !== TYPE_TEXT) continue;
    let next = t.next(c);
    if (next === NONE || t.type(next) !== TYPE_TEXT) continue;
    let s = t.data(c);
    for (; next !== NONE && t.type(next) === TYPE_TEXT; next = t.next(c)) {
      s += t.data(next);
      t.unlink(next);
    }
    t.setData(c, s);
  }
}

// ---- the entry points -----------------------------------------------------------

/** WebIDL DOMString for the markup argument. */
function markupString(fn, html) {
  if (typeof html === 'symbol') throw new TypeError(`${fn}: the markup must be a string; got a symbol`);
  return String(html);
}

/**
 * "sanitize" node (a Document, DocumentFragment, Element or ShadowRoot of
 * a js/dom.js tree) with sanitizer s: "remove unsafe" first when safe.
 */
export function sanitizeNode(node, s, safe) {
  sanitizeCore(node._t, node._i, compiledFor(s, safe, compile));
}

/**
 * "set and filter HTML": the markup parsed by the HTML fragment parsing
 * algorithm with `context` (declarative shadow roots allowed), sanitized,
 * then replacing target's children.  The safe methods leave a script
 * element's children alone.  As in Chromium 156, a sanitizing parse has
 * scripting disabled (noscript's content is markup, which is sanitized);
 * setHTMLUnsafe() with no options at all parses as innerHTML does.
 */
export function setAndFilterHTML(fn, target, context, html, options, safe) {
  const markup = markupString(fn, html);
  if (safe && context.localName === 'script' && (context.namespaceURI === HTML_NS || context.namespaceURI === SVG)) return;
  const cfg = compiledFor(sanitizerFromOptions(fn, options, safe), safe, compile);
  const fragment = parseHTMLFragmentFor(context, markup, fn, {
    shadowRoots: cfg.declarativeShadowRoots,
    scriptingEnabled: safe || options !== undefined ? false : undefined,
    prepare: (f) => sanitizeCore(f._t, f._i, cfg),
  });
  target.replaceChildren(fragment);
}

/**
 * Document.parseHTML / parseHTMLUnsafe: a new HTML document parsed from the
 * markup with declarative shadow roots allowed and scripting disabled (it
 * has no browsing context), then sanitized.
 */
export function parseAndSanitize(fn, html, options, safe) {
  const markup = markupString(fn, html);
  const cfg = compiledFor(sanitizerFromOptions(fn, options, safe), safe, compile);
  const doc = parse(markup, { shadowRoots: cfg.declarativeShadowRoots, scriptingEnabled: false });
  sanitizeCore(doc._t, doc._i, cfg);
  return doc;
}

// How many times sanitize() parses its own output again before it gives up (and returns '').
const MAX_ROUNDS = 4;

/**
 * sanitize(html, options): what `div.setHTML(html, options)` leaves in a
 * <div> of a new document with no browsing context (scripting disabled, as
 * document.implementation.createHTMLDocument() makes), as markup:
 * div.innerHTML.  The fragment is sanitized and serialized where the parser
 * made it, with no copy into a document.
 *
 * Then the safety net the Sanitizer API leaves to its callers (HTML 8.6's
 * note on mutated XSS: a serialized and parsed again tree need not be the
 * one that was sanitized, e.g. nested forms, which only a parse with a
 * misplaced </form> makes): the output is parsed again in a <div> as a
 * page parses it (scripting enabled, and disabled), and sanitized again;
 * while that removes something, the result of that is the output.
 */
export function sanitizeToString(html, options) {
  const markup = markupString('sanitize', html);
  const cfg = compiledFor(sanitizerFromOptions('sanitize', options, true), true, compile);
  const f = parseFragment(markup, { context: 'div', scriptingEnabled: false, shadowRoots: cfg.declarativeShadowRoots });
  sanitizeCore(f._t, f._i, cfg);
  let out = serialize(f);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const again = reparseChanged(out, cfg, true) ?? reparseChanged(out, cfg, false);
    if (again === null) return out;
    out = again;
  }
  return '';
}

/** out parsed as a <div>'s innerHTML and sanitized: null when that removed nothing, else the new markup. */
function reparseChanged(out, cfg, scriptingEnabled) {
  const g = parseFragment(out, { context: 'div', scriptingEnabled });
  return sanitizeCore(g._t, g._i, cfg) ? serialize(g) : null;
}
