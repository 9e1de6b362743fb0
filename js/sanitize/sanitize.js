// The sanitize algorithm (HTML Standard 8.6 "HTML sanitization": "sanitize",
// "sanitize core", "set and filter HTML") on js/dom/dom.js trees, and
// "contains a javascript: URL".
//
// sanitizeCore walks the tree's records (js/dom/dom.js Tree) and removes through
// the DOM's own "remove" (Tree#unlink, which keeps live collections and
// iterators right); set and filter HTML sanitizes the fragment parser's
// own tree before its nodes are copied into the target's.
import {
  A_NAME, A_NS, A_VALUE_LEN, A_VALUE_OFF, ATTR_WORDS, INFO_NS_MASK, INFO_NS_SHIFT, INFO_SHADOW_ROOT, INFO_TEMPLATE_CONTENTS,
  INFO_TYPE_MASK, N_ATTR_COUNT, N_ATTR_FIRST, N_END, N_NAME, N_PARENT, NODE_WORDS, NONE, NS_HTML, SOURCE_REF, SHADOW_CLONABLE,
  SHADOW_DELEGATES_FOCUS,
  SHADOW_KEEP_REGISTRY_NULL, SHADOW_SERIALIZABLE, SHADOW_SLOT_MANUAL, TYPE_COMMENT, TYPE_ELEMENT, TYPE_FRAGMENT, TYPE_PI, TYPE_TEXT,
} from '../core/abi.js';
import { HTML_NS, parseHTMLFragmentFor, stateHooks } from '../dom/dom.js';
import { G_ATTRS, G_FIRST, G_LAST, G_LINK, G_NATTRS, G_NEXT, G_PARENT, G_PREV, G_SRC, graft, GRAFT_WORDS } from './graft.js';
import { parse, parseFragment } from '../dom/parse.js';
import { DomWalk, serialize, serializeThrough } from '../html/serialize.js';
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
 * javascript: URL whose rest fails, such as "javascript://[", is removed
 * all the same, as Chromium 156 removes it.)
 */
export function isJavascriptURL(value) {
  return javascriptScheme(value, 0, value.length);
}

/** isJavascriptURL(value.slice(k, n)), without the slice. */
function javascriptScheme(value, k, n) {
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
    shadowRootFlagsDropped: 0,
  };
  // Chromium 156 sanitizes a template's attributes before the parser reads
  // them (whatwg/html PR 12756, "sanitize while parsing"): a declarative
  // shadow root is attached only where the configuration keeps a template's
  // shadowrootmode attribute, and has only the flags whose shadowroot*
  // attributes it keeps.
  const template = key(HTML_NS, 'template');
  if (!(cfg.replaceWithChildrenElements?.has(template)) && (elements !== null ? elements.has(template) : !cfg.removeElements.has(template))) {
    const local = elements?.get(template) ?? NO_LOCAL;
    cfg.declarativeShadowRoots = !dropsAttribute(cfg, local, null, 'shadowrootmode');
    for (const [flag, name] of SHADOW_FLAGS) if (dropsAttribute(cfg, local, null, name)) cfg.shadowRootFlagsDropped |= flag;
  }
  return cfg;
}

// The flags of a declarative shadow root (docs/format.md) and the template attributes that set them.
const SHADOW_FLAGS = [[SHADOW_DELEGATES_FOCUS, 'shadowrootdelegatesfocus'], [SHADOW_CLONABLE, 'shadowrootclonable'],
  [SHADOW_SERIALIZABLE, 'shadowrootserializable'], [SHADOW_SLOT_MANUAL, 'shadowrootslotassignment'],
  [SHADOW_KEEP_REGISTRY_NULL, 'shadowrootcustomelementregistry']];
// The record word that holds them (js/dom/dom.js ShadowRoot#_w).
const SHADOW_WORD = 5;

const NO_LOCAL = { attributes: null, removeAttributes: null };

// ---- sanitize core ------------------------------------------------------------

/**
 * "sanitize core" over node root of tree t with compiled configuration
 * `cfg` (handleJavascriptNavigationUrls is cfg's: javascriptURLs false,
 * which "remove unsafe" sets for the safe methods): true when it removed
 * something.
 *
 * No decision of the algorithm depends on where a node is, so it is made
 * in two passes: the tree is read (in record order when it is as the parser
 * made it, which is fast and needs no stack; else by a walk with a stack of
 * its own: any depth works) and what to remove is listed, then the removals
 * are made.  A replaced element's children are moved up after they were
 * sanitized in place, as the standard does.  Adjacent Text nodes that a
 * removal leaves are joined, as Chromium 156 does.
 */
export function sanitizeCore(t, root, cfg) {
  return apply(t, planFor(t, root, cfg));
}

/** sanitize core's decisions over node root of tree t: { removed, replaced, attributes } (nothing changed yet). */
function planFor(t, root, cfg) {
  const plan = { removed: [], replaced: [], attributes: [], shadowRoots: [], elements: new Map(), cfg };
  if (t.ov === null && root < t.count) planRecords(t, root, cfg, plan);
  else planWalk(t, root, cfg, plan);
  return plan;
}
const isEmpty = (plan) => plan.removed.length === 0 && plan.replaced.length === 0 && plan.attributes.length === 0 && plan.shadowRoots.length === 0;

/**
 * The markup of fragment f (a tree as the parser made it) sanitized with
 * `cfg`: serialised from what keptRecords keeps, with no change to the
 * tree (the markup apply() then serialize() would give, without the cost of
 * changing it); where keptRecords cannot say, that.
 */
function sanitizedMarkup(f, cfg) {
  const t = f._t;
  if (keptRecords(t, f._i, cfg, false) < 0) {
    sanitizeCore(t, f._i, cfg);
    return serialize(f);
  }
  return serializeThrough(new KeptWalk(t, scratch.g, scratch.attrs), 0, t.scripting);
}

/**
 * js/html/serialize.js's walk over what keptRecords kept of tree t: node
 * handles are its graft indexes, read through their source records.
 * (Text nodes are not joined: their markup is the same.)
 */
class KeptWalk extends DomWalk {
  constructor(t, g, attrs) {
    super(t);
    this.g = g;
    this.kept = attrs;
    this.records = new DomWalk(t); // the same questions about source records
  }
  src(k) { return this.g[k * GRAFT_WORDS + G_SRC]; }
  kind(k) { return this.records.kind(this.src(k)); }
  name(k) { return this.records.name(this.src(k)); }
  isHtml(k) { return this.records.isHtml(this.src(k)); }
  attrCount(k) { return this.g[k * GRAFT_WORDS + G_NATTRS]; }
  // Attribute m of k's kept ones: its position in the source element's list.
  attrAt(k, m) { return this.kept[this.g[k * GRAFT_WORDS + G_ATTRS] + m] - this.n[this.src(k) * NODE_WORDS + N_ATTR_FIRST]; }
  attrName(k, m) { return this.records.attrName(this.src(k), this.attrAt(k, m)); }
  attrValue(k, m) { return this.records.attrValue(this.src(k), this.attrAt(k, m)); }
  data(k) { return this.records.data(this.src(k)); }
  // (k's parent is its source parent's graft node: the source's answer is k's.)
  rawParent(k, scripting) { return this.records.rawParent(this.src(k), scripting); }
  list(k) {
    const b = k * GRAFT_WORDS;
    // A template: its contents (an element's link is its template contents).
    const contents = this.g[b + G_LINK];
    if (contents !== NONE && this.kind(k) === TYPE_ELEMENT) return this.g[contents * GRAFT_WORDS + G_FIRST];
    return this.g[b + G_FIRST];
  }
  after(l, c) { return this.g[c * GRAFT_WORDS + G_NEXT]; }
}

const KEEP = 0, REMOVE = 1, REPLACE = 2;
// What to do with an attribute: keep it, remove it, or look at its value
// (a javascript: URL; an SVG animation of href).
const ATTR_KEEP = 0, ATTR_DROP = 1, ATTR_URL = 2, ATTR_ANIMATION = 3;

/**
 * The decision for an element name (namespace code, name id) of tree t,
 * made once per name and call: { action, local, ns, elementName, attrs }
 * (attrs: attribute decisions by name id and namespace code).
 */
function elementDecision(t, j, cfg, cache) {
  const id = t.ns(j) * 0x1000000 + t.nameIdOf(j);
  let d = cache.get(id);
  if (d !== undefined) return d;
  const ns = t.nsURI(j);
  const elementName = key(ns, t.localName(j));
  let action = KEEP;
  let local = NO_LOCAL;
  if (cfg.replaceWithChildrenElements !== null && cfg.replaceWithChildrenElements.has(elementName)) action = REPLACE;
  else if (cfg.elements !== null) {
    local = cfg.elements.get(elementName);
    if (local === undefined) action = REMOVE;
  } else if (cfg.removeElements.has(elementName)) action = REMOVE;
  // An HTML form control with state of its own that a copy carries (stateHooks.copied): graftSanitized leaves it to the copy.
  const control = ns === HTML_NS && (elementName === INPUT || elementName === TEXTAREA);
  d = { action, local, ns, elementName, attrs: new Map(), control };
  cache.set(id, d);
  return d;
}

const INPUT = key(HTML_NS, 'input'), TEXTAREA = key(HTML_NS, 'textarea');

/** sanitize core's decision for attribute (uri, name) of an element with decision d. */
function attributeDecision(d, uri, name, cfg) {
  if (dropsAttribute(cfg, d.local, uri, name)) return ATTR_DROP;
  if (!cfg.handleJavascriptNavigationUrls) return ATTR_KEEP;
  const pair = d.elementName + ' ' + key(uri, name);
  if (NAVIGATING.has(pair)) return ATTR_URL;
  if (d.ns === MATH && name === 'href' && (uri === null || uri === XLINK)) return ATTR_URL;
  if (d.ns === SVG && ANIMATING.has(pair)) return ATTR_ANIMATION;
  return ATTR_KEEP;
}

/** sanitize core's decision for node j (its attributes to remove go to plan.attributes). */
function decide(t, j, cfg, plan) {
  const type = t.type(j);
  if (type === TYPE_ELEMENT) {
    const d = elementDecision(t, j, cfg, plan.elements);
    if (d.action === KEEP) planAttributes(t, j, d, cfg, plan.attributes);
    return d.action;
  }
  if (type === TYPE_COMMENT) return cfg.comments ? KEEP : REMOVE;
  if (type === TYPE_PI) {
    const target = t.localName(j);
    const keep = cfg.processingInstructions !== null ? cfg.processingInstructions.has(target) : !cfg.removeProcessingInstructions.has(target);
    return keep ? KEEP : REMOVE;
  }
  // A declarative shadow root whose template attributes the configuration removes in part.
  if (type === TYPE_FRAGMENT && cfg.shadowRootFlagsDropped !== 0 && j < t.count && (t.n[j * NODE_WORDS] & INFO_SHADOW_ROOT) !== 0 &&
    (t.n[j * NODE_WORDS + SHADOW_WORD] & cfg.shadowRootFlagsDropped) !== 0) plan.shadowRoots.push(j);
  return KEEP; // Text, DocumentType, and the records of template contents and shadow roots
}

/**
 * The decisions over a tree as the parser made it: its records in order,
 * template contents and shadow roots included (they follow their element);
 * a removed node's subtree is skipped.
 */
function planRecords(t, root, cfg, plan) {
  for (let j = root + 1, end = t.end(root); j < end;) {
    const a = decide(t, j, cfg, plan);
    if (a === REMOVE) {
      plan.removed.push(j);
      j = t.end(j);
    } else {
      if (a === REPLACE) plan.replaced.push(j);
      j++;
    }
  }
}

/** The decisions over any tree: children, template contents and shadow roots, with a stack. */
function planWalk(t, root, cfg, plan) {
  const stack = [root];
  while (stack.length > 0) {
    for (let c = t.first(stack.pop()); c !== NONE; c = t.next(c)) {
      const a = decide(t, c, cfg, plan);
      if (a === REMOVE) {
        plan.removed.push(c);
        continue;
      }
      if (t.type(c) !== TYPE_ELEMENT) continue;
      stack.push(c);
      if (a === REPLACE) continue; // its template contents and shadow root go with it
      const shadowRoot = t.shadowRootIndex(c);
      if (shadowRoot !== NONE) {
        decide(t, shadowRoot, cfg, plan);
        stack.push(shadowRoot);
      }
      if (t.ns(c) === NS_HTML && t.localName(c) === 'template') {
        const contents = t.contents(c);
        if (contents !== NONE && contents !== shadowRoot) stack.push(contents);
      }
    }
  }
}

/**
 * sanitize core over fragment root of tree s, as the parser made it,
 * without changing s: what it leaves, grafted into tree t (js/sanitize/graft.js,
 * whose nodes get their records when first read): the kept nodes and
 * attributes as keptRecords lists them, and the Text nodes that a removal
 * left side by side joined (as apply() does).  The root's index in t, or
 * NONE where the plan needs what only a changed tree has (an element
 * replaced by its children, a declarative shadow root, a form control's
 * state: then nothing was done and the caller sanitizes s and copies it).
 */
export function graftSanitized(t, s, root, cfg) {
  if (t.xml !== null) return NONE;
  const len = keptRecords(s, root, cfg, true);
  if (len < 0) return NONE;
  const { g, attrs, na, lost } = scratch;
  const texts = lost === null ? null : joinGraftTexts(s, g, lost);
  return graft(t, s, g.slice(0, len * GRAFT_WORDS), len, na === 0 ? EMPTY : attrs.slice(0, na), texts, texts === null ? 0 : texts.gone);
}

/**
 * sanitize core's decisions over fragment root of tree s (as the parser
 * made it), in one pass over its records, into `scratch`: the nodes kept,
 * as graft nodes (GRAFT_WORDS words each in scratch.g: index 0 is root,
 * linked as they will be once the rest is gone), their kept attributes
 * (records, scratch.attrs[0 .. scratch.na)), and the graft nodes that lost
 * a child (scratch.lost, or null).  The count of nodes, or -1 where only
 * a changed tree can give the result: an element replaced by its
 * children, a declarative shadow root, and, for a copy (`copy`), an HTML
 * form control kept (its state goes with a copy: stateHooks.copied).
 */
function keptRecords(s, root, cfg, copy) {
  if (s.ov !== null) return -1;
  const n = s.n;
  const a = s.a;
  const end = n[root * NODE_WORDS + N_END];
  const max = end - root;
  if (scratch.map.length < max) {
    scratch.map = new Uint32Array(max + (max >>> 2));
    scratch.g = new Uint32Array(scratch.map.length * GRAFT_WORDS);
  }
  if (scratch.attrs.length < s.acount) scratch.attrs = new Uint32Array(s.acount + (s.acount >>> 2));
  const { g, map, attrs } = scratch; // (every word of a node is written: no clearing)
  const src = typeof s.src === 'string' ? s.src : null; // the input, where SOURCE_REF offsets point
  const elements = new Map();
  let last = null;
  let lastId = -1;
  let na = 0;
  let lost = null; // graft indexes of the parents a removal took a child from
  for (let w = 0; w < GRAFT_WORDS; w++) g[w] = NONE;
  g[G_SRC] = root;
  g[G_ATTRS] = g[G_NATTRS] = 0;
  let len = 1;
  for (let j = root + 1; j < end;) {
    const w = n[j * NODE_WORDS];
    const type = w & INFO_TYPE_MASK;
    const p = map[n[j * NODE_WORDS + N_PARENT] - root];
    let action = KEEP;
    let d = null;
    if (type === TYPE_ELEMENT) {
      // (elementDecision's key, from the record: the same element name as the last is the same decision)
      const id = ((w >>> INFO_NS_SHIFT) & INFO_NS_MASK) * 0x1000000 + n[j * NODE_WORDS + N_NAME];
      if (id !== lastId) {
        last = elements.get(id) ?? elementDecision(s, j, cfg, elements);
        lastId = id;
      }
      d = last;
      action = d.action;
      if (action === REPLACE || (copy && action === KEEP && d.control)) return -1;
    } else if (type === TYPE_COMMENT) action = cfg.comments ? KEEP : REMOVE;
    else if (type === TYPE_PI) {
      const target = s.localName(j);
      const keep = cfg.processingInstructions !== null ? cfg.processingInstructions.has(target) : !cfg.removeProcessingInstructions.has(target);
      action = keep ? KEEP : REMOVE;
    } else if ((w & INFO_SHADOW_ROOT) !== 0) return -1;
    if (action === REMOVE) {
      if (lost === null) lost = [];
      if (lost.length === 0 || lost[lost.length - 1] !== p) lost.push(p);
      j = n[j * NODE_WORDS + N_END];
      continue;
    }
    const k = len++;
    map[j - root] = k;
    const b = k * GRAFT_WORDS;
    g[b + G_SRC] = j;
    g[b + G_NEXT] = g[b + G_FIRST] = g[b + G_LAST] = g[b + G_LINK] = NONE;
    if ((w & INFO_TEMPLATE_CONTENTS) !== 0) {
      g[b + G_PARENT] = g[b + G_PREV] = NONE;
      g[b + G_LINK] = p;
      g[p * GRAFT_WORDS + G_LINK] = k;
    } else {
      const pb = p * GRAFT_WORDS;
      const prev = g[pb + G_LAST];
      g[b + G_PARENT] = p;
      g[b + G_PREV] = prev;
      if (prev === NONE) g[pb + G_FIRST] = k;
      else g[prev * GRAFT_WORDS + G_NEXT] = k;
      g[pb + G_LAST] = k;
    }
    g[b + G_ATTRS] = na;
    if (type === TYPE_ELEMENT) {
      const count = n[j * NODE_WORDS + N_ATTR_COUNT];
      for (let m = n[j * NODE_WORDS + N_ATTR_FIRST], e = m + count; m < e; m++) {
        const id = a[m * ATTR_WORDS + A_NAME] * 256 + (a[m * ATTR_WORDS + A_NS] & 0xff);
        let what = d.attrs.get(id);
        if (what === undefined) {
          what = attributeDecision(d, s.attrURI(m), s.attrName(m), cfg);
          d.attrs.set(id, what);
        }
        if (what === ATTR_DROP) continue;
        if (what === ATTR_URL) {
          // The value where it is in the input, when it is there (no string made).
          const off = a[m * ATTR_WORDS + A_VALUE_OFF];
          if (off >= SOURCE_REF && src !== null) {
            const from = off - SOURCE_REF;
            if (javascriptScheme(src, from, from + a[m * ATTR_WORDS + A_VALUE_LEN])) continue;
          } else if (isJavascriptURL(s.attrValue(m))) continue;
        } else if (what === ATTR_ANIMATION) {
          const v = s.attrValue(m);
          if (v === 'href' || v === 'xlink:href') continue;
        }
        attrs[na++] = m;
      }
    }
    g[b + G_NATTRS] = na - g[b + G_ATTRS];
    j++;
  }
  scratch.na = na;
  scratch.lost = lost;
  return len;
}
const EMPTY = new Uint32Array(0);
// graftSanitized's working arrays, kept from call to call (it calls nothing that could call it).
const scratch = { map: new Uint32Array(0), g: new Uint32Array(0), attrs: new Uint32Array(0), na: 0, lost: null };

/**
 * Joins the adjacent Text children of each graft node of `parents` (as
 * joinTexts): the joined data by graft index (its `gone`: how many nodes
 * were unlinked), or null.
 */
function joinGraftTexts(s, g, parents) {
  let texts = null;
  let gone = 0;
  const isText = (k) => s.type(g[k * GRAFT_WORDS + G_SRC]) === TYPE_TEXT;
  const dataOf = (k) => texts?.get(k) ?? s.data(g[k * GRAFT_WORDS + G_SRC]);
  for (const p of new Set(parents)) {
    for (let c = g[p * GRAFT_WORDS + G_FIRST]; c !== NONE; c = g[c * GRAFT_WORDS + G_NEXT]) {
      if (!isText(c)) continue;
      let next = g[c * GRAFT_WORDS + G_NEXT];
      if (next === NONE || !isText(next)) continue;
      let data = dataOf(c);
      for (; next !== NONE && isText(next); next = g[next * GRAFT_WORDS + G_NEXT]) {
        data += dataOf(next);
        gone++;
      }
      // c's next sibling is now the first after the run.
      g[c * GRAFT_WORDS + G_NEXT] = next;
      if (next === NONE) g[p * GRAFT_WORDS + G_LAST] = c;
      else g[next * GRAFT_WORDS + G_PREV] = c;
      if (texts === null) texts = new Map();
      texts.set(c, data);
    }
  }
  if (texts !== null) texts.gone = gone;
  return texts;
}

/** Make the removals of plan; true when there were any. */
function apply(t, plan) {
  const { removed, replaced, attributes } = plan;
  if (isEmpty(plan)) return false;
  // The parser's record of each such root: its flags as if the attributes had gone before the root was attached.
  for (const j of plan.shadowRoots) t.n[j * NODE_WORDS + SHADOW_WORD] &= ~plan.cfg.shadowRootFlagsDropped;
  removeAttributes(t, attributes);
  const parents = new Set();
  for (const j of removed) {
    parents.add(t.parent(j));
    t.unlink(j);
  }
  // In document order: an outer element's children move up before an inner one's.
  for (const j of replaced) {
    const node = t.node(j);
    const parent = node.parentNode;
    if (parent === null) continue;
    while (node.firstChild !== null) parent.insertBefore(node.firstChild, node);
    parents.add(parent._i);
    t.unlink(j);
  }
  for (const p of parents) if (p !== NONE) joinTexts(t, p);
  return true;
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

/** sanitize core's attribute steps for element i (decision d): the attributes to remove pushed on `out` as i, namespace, local name. */
function planAttributes(t, i, d, cfg, out) {
  const count = t.attrCount(i);
  if (count === 0) return;
  const a = t.a;
  for (let k = t.attrFirst(i), end = k + count; k < end; k++) {
    // Decisions by (name id, namespace code) for the parser's attribute records.
    const id = k < t.acount ? a[k * ATTR_WORDS + A_NAME] * 256 + (a[k * ATTR_WORDS + A_NS] & 0xff) : -1;
    let what = id >= 0 ? d.attrs.get(id) : undefined;
    if (what === undefined) {
      what = attributeDecision(d, t.attrURI(k), t.attrName(k), cfg);
      if (id >= 0) d.attrs.set(id, what);
    }
    if (what === ATTR_KEEP) continue;
    if (what === ATTR_URL) {
      if (!isJavascriptURL(t.attrValue(k))) continue;
    } else if (what === ATTR_ANIMATION) {
      const v = t.attrValue(k);
      if (v !== 'href' && v !== 'xlink:href') continue;
    }
    out.push(i, t.attrURI(k), t.attrName(k));
  }
}

/**
 * DOM "remove an attribute" for each (element, namespace, local name) of
 * `doomed` (grouped by element, in order): the element's list is compacted
 * once, and the attribute change steps (stateHooks.attribute: form
 * controls' state) run for each.
 */
function removeAttributes(t, doomed) {
  for (let k = 0; k < doomed.length;) {
    const i = doomed[k];
    const list = t.attrList(i);
    let n = 0;
    const gone = [];
    for (const a of list) {
      let drop = false;
      for (let m = k; m < doomed.length && doomed[m] === i; m += 3) {
        if (doomed[m + 2] === a.local && doomed[m + 1] === a.uri) {
          drop = true;
          break;
        }
      }
      if (drop) gone.push(a);
      else list[n++] = a;
    }
    list.length = n;
    // An is attribute the sanitizer removes leaves no is value behind: Chromium
    // 156 sanitizes a start tag's attributes before it creates the element.
    if (gone.some((a) => a.local === 'is' && a.uri === null)) t.storeIs(t.mat(i), null);
    t.version++;
    // After the change, as Element#removeAttribute runs them.
    if (stateHooks.attribute !== null) for (const a of gone) stateHooks.attribute(t, i, a.local, a.uri, a.value, null);
    while (k < doomed.length && doomed[k] === i) k += 3;
  }
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
 * "set and filter HTML": the markup parsed by the HTML fragment parsing
 * algorithm with `context` (declarative shadow roots allowed), sanitized,
 * then replacing target's children.  The safe methods leave a script
 * element's children alone.  As in Chromium 156, a sanitizing parse has
 * scripting disabled (noscript's content is markup, which is sanitized);
 * setHTMLUnsafe() called with one argument (`optionsGiven` false; an
 * explicit undefined counts as given there) parses as innerHTML does.
 */
export function setAndFilterHTML(fn, target, context, html, options, safe, optionsGiven = true) {
  const markup = markupString(fn, html);
  if (safe && context.localName === 'script' && (context.namespaceURI === HTML_NS || context.namespaceURI === SVG)) return;
  const cfg = compiledFor(sanitizerFromOptions(fn, options, safe), safe, compile);
  const fragment = parseHTMLFragmentFor(context, markup, fn, {
    shadowRoots: cfg.declarativeShadowRoots,
    scriptingEnabled: safe || optionsGiven ? false : undefined,
    prepare: (f, t) => {
      const root = graftSanitized(t, f._t, f._i, cfg);
      if (root === NONE) sanitizeCore(f._t, f._i, cfg);
      return root;
    },
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
  let out = sanitizedMarkup(f, cfg);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // Only noscript parses differently with scripting disabled.
    const again = reparseChanged(out, cfg, true) ?? (out.includes('<noscript') ? reparseChanged(out, cfg, false) : null);
    if (again === null) return out;
    out = again;
  }
  return '';
}

/** out parsed as a <div>'s innerHTML and sanitized: null when that removed nothing, else the new markup. */
function reparseChanged(out, cfg, scriptingEnabled) {
  const g = parseFragment(out, { context: 'div', scriptingEnabled });
  return isEmpty(planFor(g._t, g._i, cfg)) ? null : sanitizedMarkup(g, cfg);
}
