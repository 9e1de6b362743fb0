// The pseudo-classes of HTML element state (HTML 4.16.3: :checked,
// :indeterminate, :default, :enabled, :disabled, :required, :optional,
// :in-range, :out-of-range, :valid, :invalid, :read-write, :read-only,
// :placeholder-shown), of language (:lang(), Selectors 4 13.2) and of
// directionality (:dir(), with js/select/bidi.js): what HTML's element
// interfaces decide (form owners, checkedness, selectedness, constraint
// validation), installed with them (js/dom/html-elements.js
// installHtmlElements() calls installStatePseudoClasses()).  The DOM's base
// (html5-wasm/decode, html5-wasm/parse) has the rest of js/select/select.js.
import {
  ANS_NONE, ANS_XML, NODE_WORDS, NONE, NS_HTML, NS_SVG, SHADOW_SLOT_MANUAL, TYPE_DOCUMENT, TYPE_ELEMENT, TYPE_TEXT,
} from '../core/abi.js';
import { BIDI_RUN_COUNT, BIDI_RUNS } from './bidi.js';
import { lastAtMost } from '../core/text.js';
import { firstEl, hasAttr, isHtml, isHtmlNamed, lower, nextEl, parentEl, setStateMatcher } from './select.js';

// ---- inherited state: walk up to the nearest decided ancestor, cache -----

/**
 * The value of an inherited property at element i: own(t, j) gives the
 * value set on j (undefined when j inherits), `dflt` applies at the top.
 * Results are cached per query for every element on the walk.
 */
function inherited(t, i, ctx, key, own, dflt) {
  const memo = ctx.map(key);
  const path = [];
  let v;
  for (let j = i; ; ) {
    v = memo.get(j);
    if (v !== undefined) break;
    v = own(t, j);
    if (v !== undefined) {
      memo.set(j, v);
      break;
    }
    path.push(j);
    const p = t.parent(j);
    if (p === NONE || t.type(p) !== TYPE_ELEMENT) {
      v = typeof dflt === 'function' ? dflt(t, j, ctx) : dflt;
      break;
    }
    j = p;
  }
  for (const j of path) memo.set(j, v);
  return v;
}

// :lang() -- HTML 3.2.6.2 "The lang and xml:lang attributes": xml:lang (in
// the XML namespace) wins, then lang in no namespace on HTML and SVG
// elements, then the parent's language, then the pragma-set default
// language (<meta http-equiv=content-language>).
function ownLang(t, j) {
  let lang;
  for (let k = t.attrFirst(j), e = k + t.attrCount(j); k < e; k++) {
    const ns = t.attrNs(k);
    if (ns === ANS_XML && t.attrName(k) === 'lang') return t.attrValue(k);
    if (ns === ANS_NONE && t.attrName(k) === 'lang') lang = t.attrValue(k);
  }
  if (lang !== undefined && (t.ns(j) === NS_HTML || t.ns(j) === NS_SVG)) return lang;
  return undefined;
}

function rootOf(t, i) {
  let r = i;
  for (let p = t.parent(r); p !== NONE; p = t.parent(r)) r = p;
  return r;
}

const KEY_PRAGMA = { name: 'pragma-set default language' };
function pragmaLanguage(t, i, ctx) {
  const m = ctx.map(KEY_PRAGMA);
  const root = rootOf(t, i);
  let v = m.get(root);
  if (v !== undefined) return v;
  v = '';
  if (t.type(root) === TYPE_DOCUMENT) {
    // HTML 4.2.5.3 "Content language state": the last such meta inserted wins.
    for (let j = t.nextElement(root, root); j !== NONE; j = t.nextElement(j, root)) {
      if (!isHtmlNamed(t, j, 'meta')) continue;
      const he = t.plainAttr(j, 'http-equiv');
      const content = t.plainAttr(j, 'content');
      if (he === null || lower(he) !== 'content-language' || content === null) continue;
      const cand = content.split(',')[0].replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
      if (cand !== '') v = cand;
    }
  }
  m.set(root, v);
  return v;
}

// Selectors 4, 13.2: extended filtering (RFC 4647, 3.3.2) with implicit
// wildcard matching; both are ASCII-lowercased.
function langMatches(tag, range) {
  if (tag === '') return false;
  if (range === '') return false;
  const t = tag.split('-');
  const r = range.split('-');
  if (r[0] !== '*' && r[0] !== t[0]) return false;
  let ti = 1;
  for (let ri = 1; ri < r.length; ri++) {
    if (r[ri] === '*') continue;
    for (;;) {
      if (ti >= t.length) return false;
      if (t[ti] === r[ri]) {
        ti++;
        break;
      }
      if (t[ti].length === 1) return false;
      ti++;
    }
  }
  return true;
}

const KEY_LANG = { name: 'language' };
function matchLang(t, i, p, ctx) {
  const lang = lower(inherited(t, i, ctx, KEY_LANG, ownLang, pragmaLanguage));
  for (const r of p.ranges) if (langMatches(lang, r)) return true;
  return false;
}

// :dir() -- HTML 3.2.6.4 "The dir attribute", "directionality".
/** js/select/bidi.js decoded on first use: run k covers bidiStarts[k] .. bidiStarts[k + 1] - 1, of class bidiClasses[k]. */
let bidiStarts = null;
let bidiClasses = null;
/** Decodes js/select/bidi.js's BIDI_RUNS (the encoding is described there). */
function decodeBidi() {
  const starts = new Uint32Array(BIDI_RUN_COUNT);
  const classes = new Uint8Array(BIDI_RUN_COUNT);
  // 76 'L', 82 'R', 78 'N': the class after each, then the third after '!'
  const next = { 76: 78, 82: 78, 78: 76 };
  const third = { 76: 82, 82: 76, 78: 82 };
  let k = 0;
  let start = 0;
  let cls = 78;
  let mark = false;
  let n = 0;
  for (let i = 0; i < BIDI_RUNS.length; i++) {
    const d = BIDI_RUNS.charCodeAt(i);
    if (d === 0x21) mark = true;
    else if (d < 0x40) n = n * 24 + (d - 0x28);
    else {
      if (k > 0) cls = mark ? third[cls] : next[cls];
      starts[k] = start;
      classes[k++] = cls;
      start += n * 63 + (d - 0x40);
      n = 0;
      mark = false;
    }
  }
  if (k !== BIDI_RUN_COUNT || start !== 0x110000) throw new Error('js/select/bidi.js is corrupt');
  bidiClasses = classes;
  bidiStarts = starts;
}
/** The strong bidirectional type of code point c (js/select/bidi.js): 76 'L', 82 'R' (R or AL), 78 'N' (not strong). */
function bidiStrong(c) {
  if (bidiStarts === null) decodeBidi();
  return bidiClasses[lastAtMost(bidiStarts, c)];
}
/**
 * HTML "text node directionality" of the text s: 'ltr' or 'rtl' by the
 * first code point whose bidirectional type is L, or R / AL; null when
 * there is none.
 */
function firstStrong(s) {
  for (let k = 0; k < s.length; k++) {
    let c = s.charCodeAt(k);
    if (c < 0x80) {
      const l = c | 0x20;
      if (l >= 0x61 && l <= 0x7a) return 'ltr';
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && k + 1 < s.length) {
      const d = s.charCodeAt(k + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        k++;
      }
    }
    const b = bidiStrong(c);
    if (b === 76) return 'ltr';
    if (b === 82) return 'rtl';
  }
  return null;
}

// HTML 3.2.6.4: the auto-directionality form-associated elements are these
// inputs and textarea; their value decides.
const DIR_AUTO_INPUT_TYPES = new Set(['hidden', 'text', 'search', 'tel', 'url', 'email', 'password', 'submit', 'reset', 'button']);
/** The value of input or textarea j as JS sees it: the dirty value it set (js/dom/html-elements.js `_value`), else the default. */
function dirValue(t, j, textarea) {
  const v = t.cached(j)?._value;
  if (v !== undefined) return v;
  return textarea ? t.text(j) : t.plainAttr(j, 'value') ?? '';
}
/** The shadow root's host when node p is a shadow root, else NONE. */
function shadowHost(t, p) {
  if (p === NONE || t.type(p) === TYPE_ELEMENT || t.type(p) === TYPE_DOCUMENT) return NONE;
  const h = t.host(p);
  return h !== NONE && t.type(h) === TYPE_ELEMENT && t.shadowRootIndex(h) === p ? h : NONE;
}
/** HTML "directionality" of element i, without a per-query cache (a slot's host). */
function directionality(t, i) {
  for (let j = i; ;) {
    const d = ownDir(t, j);
    if (d !== undefined) return d;
    const p = t.parent(j);
    if (p !== NONE && t.type(p) === TYPE_ELEMENT) j = p;
    else {
      const h = shadowHost(t, p);
      if (h === NONE) return 'ltr';
      j = h;
    }
  }
}
/** The directionality where an element's parent is not an element: a shadow root's host's, else ltr. */
function rootDir(t, j) {
  const h = shadowHost(t, t.parent(j));
  return h === NONE ? 'ltr' : directionality(t, h);
}
function dirState(t, j) {
  if (!isHtml(t, j)) return null; // dir is an attribute of HTML elements
  const v = t.plainAttr(j, 'dir');
  if (v === null) return null;
  const l = lower(v);
  return l === 'ltr' || l === 'rtl' || l === 'auto' ? l : null;
}

/** bdi, script, style and textarea, and elements with a valid dir attribute: "contained text auto directionality" skips them. */
const dirExcluded = (t, j) => (isHtml(t, j) && ['bdi', 'script', 'style', 'textarea'].includes(t.localName(j))) || dirState(t, j) !== null;

/**
 * HTML "auto directionality", step 2: a slot in a shadow tree whose assigned
 * nodes (DOM 4.2.2.3 "find slottables": the host's Text children for the
 * default slot, its element children whose slot attribute is the slot's
 * name, when this slot is the first of that name in the shadow tree; none
 * when the root's slot assignment is manual, as nothing calls assign() here)
 * are not empty: the first of them that has a direction (a Text node's
 * text node directionality; an element's contained text auto
 * directionality, "canExcludeRoot" set: null for an excluded element).
 * undefined when the slot has no assigned nodes (step 3 then looks at its
 * own descendants), else the direction or null.
 */
function slotAssignedDir(t, slot) {
  const root = rootOf(t, slot);
  const host = shadowHost(t, root);
  if (host === NONE || (root < t.count && (t.n[root * NODE_WORDS + 5] & SHADOW_SLOT_MANUAL) !== 0)) return undefined;
  const name = t.plainAttr(slot, 'name') ?? '';
  for (let j = t.nextElement(root, root); j !== slot && j !== NONE; j = t.nextElement(j, root)) {
    if (isHtmlNamed(t, j, 'slot') && (t.plainAttr(j, 'name') ?? '') === name) return undefined; // not this slot's
  }
  let assigned = false;
  for (let c = t.first(host); c !== NONE; c = t.next(c)) {
    const ty = t.type(c);
    if (ty === TYPE_TEXT ? name !== '' : ty !== TYPE_ELEMENT || (t.plainAttr(c, 'slot') ?? '') !== name) continue;
    assigned = true;
    const d = ty === TYPE_TEXT ? firstStrong(t.data(c)) : dirExcluded(t, c) ? null : containedTextDir(t, c);
    if (d !== null) return d;
  }
  return assigned ? null : undefined;
}

// "contained text auto directionality": the first strong character of the
// descendant Text nodes, skipping bdi, script, style, textarea and elements
// with a valid dir attribute; a slot in a shadow tree gives its host's
// directionality.
function containedTextDir(t, i) {
  const end = (j) => {
    let n = t.next(j);
    let p = j;
    while (n === NONE && p !== i) {
      p = t.parent(p);
      if (p === i || p === NONE) return NONE;
      n = t.next(p);
    }
    return n;
  };
  let j = t.first(i);
  while (j !== NONE) {
    const ty = t.type(j);
    if (ty === TYPE_TEXT) {
      const d = firstStrong(t.data(j));
      if (d !== null) return d;
    } else if (ty === TYPE_ELEMENT && !dirExcluded(t, j)) {
      // (a slot with a valid dir attribute is skipped, not the host's)
      if (isHtmlNamed(t, j, 'slot')) {
        const h = shadowHost(t, rootOf(t, j));
        if (h !== NONE) return directionality(t, h);
      }
      const c = t.first(j);
      if (c !== NONE) {
        j = c;
        continue;
      }
    }
    j = end(j);
  }
  return null;
}

function inputType(t, i) {
  const v = t.plainAttr(i, 'type');
  const l = v === null ? 'text' : lower(v);
  return INPUT_TYPES.has(l) ? l : 'text';
}
const INPUT_TYPES = new Set([
  'hidden', 'text', 'search', 'tel', 'url', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local',
  'number', 'range', 'color', 'checkbox', 'radio', 'file', 'submit', 'image', 'reset', 'button',
]);

function ownDir(t, j) {
  const st = dirState(t, j);
  if (st === 'ltr' || st === 'rtl') return st;
  const html = isHtml(t, j);
  const name = t.localName(j);
  if (html && name === 'input' && st === null && inputType(t, j) === 'tel') return 'ltr';
  if (st === 'auto' || (html && name === 'bdi' && st === null)) {
    // "auto directionality"
    let d = null;
    if (html && name === 'input' && DIR_AUTO_INPUT_TYPES.has(inputType(t, j))) d = firstStrong(dirValue(t, j, false));
    else if (html && name === 'textarea') d = firstStrong(dirValue(t, j, true));
    else {
      d = html && name === 'slot' ? slotAssignedDir(t, j) : undefined;
      if (d === undefined) d = containedTextDir(t, j);
    }
    return d ?? 'ltr';
  }
  return undefined;
}

const KEY_DIR = { name: 'directionality' };
function matchDir(t, i, p, ctx) {
  return inherited(t, i, ctx, KEY_DIR, ownDir, rootDir) === p.dir;
}

// ---- forms: HTML 4.10 as a parsed document has it -------------------------

const FORM_ASSOCIATED = new Set(['button', 'fieldset', 'input', 'object', 'output', 'select', 'textarea', 'img']);
const KEY_IDS = { name: 'ids' };

/**
 * What make(at) gives, made once per query for each `at` (a tree's root, a
 * form, a select) and kept in the query's map for `key`.
 */
function perQuery(ctx, key, at, make) {
  const m = ctx.map(key);
  let v = m.get(at);
  if (v === undefined) m.set(at, (v = make(at)));
  return v;
}

function elementById(t, i, ctx, id) {
  const ids = perQuery(ctx, KEY_IDS, rootOf(t, i), (root) => {
    const found = new Map();
    for (let j = t.nextElement(root, root); j !== NONE; j = t.nextElement(j, root)) {
      const v = t.plainAttr(j, 'id');
      if (v !== null && v !== '' && !found.has(v)) found.set(v, j);
    }
    return found;
  });
  return ids.get(id) ?? NONE;
}

/** HTML 4.10.17.3 "Association of controls and forms" (the form attribute or the nearest form ancestor). */
function formOwner(t, i, ctx) {
  const name = t.localName(i);
  if (FORM_ASSOCIATED.has(name) && name !== 'img') {
    const f = t.plainAttr(i, 'form');
    if (f !== null) {
      const j = elementById(t, i, ctx, f);
      return j !== NONE && isHtmlNamed(t, j, 'form') ? j : NONE;
    }
  }
  for (let p = parentEl(t, i); p !== NONE; p = parentEl(t, p)) if (isHtmlNamed(t, p, 'form')) return p;
  return NONE;
}

// "actually disabled" (HTML 4.16.3 / 4.10.18.5 "Enabling and disabling form controls").
function inDisabledFieldset(t, i) {
  let child = i;
  for (let p = parentEl(t, i); p !== NONE; child = p, p = parentEl(t, p)) {
    if (!isHtmlNamed(t, p, 'fieldset') || !hasAttr(t, p, 'disabled')) continue;
    // not inside the fieldset's first legend child
    let legend = firstEl(t, p);
    while (legend !== NONE && !isHtmlNamed(t, legend, 'legend')) legend = nextEl(t, legend);
    if (child !== legend) return true;
  }
  return false;
}

const CONTROLS = new Set(['button', 'input', 'select', 'textarea']);
function actuallyDisabled(t, i) {
  if (!isHtml(t, i)) return false;
  const name = t.localName(i);
  if (CONTROLS.has(name) || name === 'fieldset') return hasAttr(t, i, 'disabled') || inDisabledFieldset(t, i);
  if (name === 'optgroup') return hasAttr(t, i, 'disabled');
  if (name === 'option') {
    // its disabled attribute, or its optgroup's (the nearest optgroup
    // ancestor below its select, as with customizable select; not the
    // select's state, which Chromium also uses)
    if (hasAttr(t, i, 'disabled')) return true;
    for (let p = parentEl(t, i); p !== NONE; p = parentEl(t, p)) {
      if (isHtmlNamed(t, p, 'optgroup')) return hasAttr(t, p, 'disabled');
      if (isHtmlNamed(t, p, 'select') || isHtmlNamed(t, p, 'datalist')) return false;
    }
    return false;
  }
  return false;
}
const CAN_BE_DISABLED = new Set(['button', 'input', 'select', 'textarea', 'optgroup', 'option', 'fieldset']);

// Radio button groups (4.10.5.1.16): same tree, same form owner, same
// non-empty name.  An input's checkedness is stored on its node object once
// JS set it or the tree changed (js/dom/html-elements.js, "checkedness");
// otherwise it is what the parser left: each checked radio inserted
// unchecks the others of its group, so the last checked one in tree order
// stays checked -- except in template contents, where a radio without a
// form owner unchecks nothing.
const KEY_RADIO = { name: 'radio groups' };
function radioGroups(t, i, ctx) {
  return perQuery(ctx, KEY_RADIO, rootOf(t, i), (root) => {
    // group key → { last: the last radio with the checked attribute or NONE, inert: its radios uncheck nothing at parse, any: one is checked, required }
    const g = new Map();
    const h = t.host(root);
    const templateContents = h !== NONE && t.shadowRootIndex(h) !== root;
    const radios = [];
    // (a detached radio is the root of its tree, and of its group)
    for (let j = root === i ? i : t.nextElement(root, root); j !== NONE; j = t.nextElement(j, root)) {
      if (!isHtmlNamed(t, j, 'input') || inputType(t, j) !== 'radio') continue;
      const key = radioKey(t, j, ctx);
      let e = g.get(key);
      if (e === undefined) g.set(key, (e = { last: NONE, inert: templateContents && formOwner(t, j, ctx) === NONE, any: false, required: false }));
      if (hasAttr(t, j, 'checked')) e.last = j;
      if (hasAttr(t, j, 'required')) e.required = true;
      radios.push(j, e);
    }
    for (let k = 0; k < radios.length; k += 2) if (radioChecked(t, radios[k], radios[k + 1])) radios[k + 1].any = true;
    return g;
  });
}
function radioKey(t, j, ctx) {
  const name = t.plainAttr(j, 'name');
  return name === null || name === '' ? j : formOwner(t, j, ctx) + '\u0000' + name;
}

/** The checkedness stored on input i's node object (js/dom/html-elements.js), or undefined. */
const storedChecked = (t, i) => t.cached(i)?._checked;
/** The checkedness of radio j of group e. */
function radioChecked(t, j, e) {
  const c = storedChecked(t, j);
  if (c !== undefined) return c;
  return hasAttr(t, j, 'checked') && (e.inert || e.last === j);
}

/** Is a radio of radio i's group checked? */
function groupChecked(t, i, ctx) {
  return radioGroups(t, i, ctx).get(radioKey(t, i, ctx)).any;
}

function checkedness(t, i, ctx) {
  const type = inputType(t, i);
  if (type !== 'checkbox' && type !== 'radio') return false;
  if (type === 'radio') return radioChecked(t, i, radioGroups(t, i, ctx).get(radioKey(t, i, ctx)));
  const c = storedChecked(t, i);
  return c !== undefined ? c : hasAttr(t, i, 'checked');
}

// Option selectedness (4.10.7 "The select element", the selectedness
// setting algorithm, as after parsing).
// The option element nearest ancestor select (customizable select): the
// closest select ancestor, unless a datalist, hr or option, or a second
// optgroup, comes first.
function selectOf(t, o) {
  let optgroup = false;
  for (let p = parentEl(t, o); p !== NONE; p = parentEl(t, p)) {
    if (!isHtml(t, p)) continue;
    const name = t.localName(p);
    if (name === 'select') return p;
    if (name === 'datalist' || name === 'hr' || name === 'option') return NONE;
    if (name === 'optgroup') {
      if (optgroup) return NONE;
      optgroup = true;
    }
  }
  return NONE;
}
/** The select's list of options: its option descendants whose nearest ancestor select it is. */
function listOfOptions(t, s) {
  const out = [];
  for (let j = t.nextElement(s, s); j !== NONE; j = t.nextElement(j, s)) {
    if (isHtmlNamed(t, j, 'option') && selectOf(t, j) === s) out.push(j);
  }
  return out;
}
function displaySize(t, s) {
  const v = t.plainAttr(s, 'size');
  const m = v === null ? null : /^[\t\n\f\r ]*\+?(\d+)/.exec(v);
  if (m !== null && parseInt(m[1], 10) > 0) return parseInt(m[1], 10);
  return hasAttr(t, s, 'multiple') ? 4 : 1;
}
const KEY_SELECTED = { name: 'selected options' };
// (js/dom/html-elements.js has a second implementation of this algorithm for
// option.selected, select.value and the options collection, with its own
// list of options without the customizable-select rules: they should
// become one, here, once both lists are checked against Chromium.)
// An option's selectedness set from JS (its dirty selectedness, `_selected`
// of js/dom/html-elements.js) counts over its selected attribute; after
// select.value or selectedIndex set from JS (`_noReset`) nothing resets a
// single select with no option selected.
const ownSelected = (t, x) => t.cached(x)?._selected ?? hasAttr(t, x, 'selected');
function selectedness(t, o, ctx) {
  const s = selectOf(t, o);
  if (s === NONE) return ownSelected(t, o);
  const m = ctx.map(KEY_SELECTED);
  let set = m.get(s);
  if (set === undefined) {
    const opts = listOfOptions(t, s);
    let sel = opts.filter((x) => ownSelected(t, x));
    if (!hasAttr(t, s, 'multiple')) {
      if (sel.length > 1) sel = [sel[sel.length - 1]];
      if (sel.length === 0 && displaySize(t, s) === 1 && t.cached(s)?._noReset !== true) {
        const first = opts.find((x) => !actuallyDisabled(t, x));
        if (first !== undefined) sel = [first];
      }
    }
    m.set(s, (set = new Set(sel)));
  }
  return set.has(o);
}

function isSubmitButton(t, i) {
  if (!isHtml(t, i)) return false;
  const name = t.localName(i);
  if (name === 'button') {
    const ty = t.plainAttr(i, 'type');
    const l = ty === null ? 'submit' : lower(ty);
    return l !== 'button' && l !== 'reset';
  }
  if (name === 'input') {
    const ty = inputType(t, i);
    return ty === 'submit' || ty === 'image';
  }
  return false;
}
const KEY_DEFAULT_BUTTON = { name: 'default buttons' };
function isDefaultButton(t, i, ctx) {
  const f = formOwner(t, i, ctx);
  if (f === NONE) return false;
  const m = ctx.map(KEY_DEFAULT_BUTTON);
  let d = m.get(f);
  if (d === undefined) {
    d = NONE;
    const root = rootOf(t, f);
    for (let j = t.nextElement(root, root); j !== NONE && d === NONE; j = t.nextElement(j, root)) {
      if (isSubmitButton(t, j) && formOwner(t, j, ctx) === f) d = j;
    }
    m.set(f, d);
  }
  return d === i;
}

// The input types each attribute applies to (4.10.5.1 "Common input element attributes" table).
const REQUIRED_TYPES = new Set([
  'text', 'search', 'url', 'tel', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local', 'number',
  'checkbox', 'radio', 'file',
]);
const READONLY_TYPES = new Set([
  'text', 'search', 'url', 'tel', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local', 'number',
]);
const PLACEHOLDER_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number']);

/** An input's value: its dirty value or else its value attribute (dirValue), after value sanitization (4.10.5.1). */
function inputValue(t, i, type) {
  let v = dirValue(t, i, false);
  if (type === 'text' || type === 'search' || type === 'tel' || type === 'password') v = v.replace(/[\r\n]/g, '');
  else if (type === 'url' || type === 'email') v = v.replace(/[\r\n]/g, '').replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
  else if (RANGE_TYPES.has(type)) {
    if (parseTyped(type, v) === null) v = '';
  }
  return v;
}

// :required / :optional (4.16.3)
function requiredState(t, i) {
  if (!isHtml(t, i)) return null;
  const name = t.localName(i);
  if (name === 'select' || name === 'textarea') return hasAttr(t, i, 'required');
  if (name === 'input' && REQUIRED_TYPES.has(inputType(t, i))) return hasAttr(t, i, 'required');
  return null;
}

// :read-write (4.16.3): mutable text-like inputs and textareas, and
// editable elements (contenteditable, 6.8.1).
function ownEditable(t, j) {
  if (!isHtml(t, j)) return undefined;
  const v = t.plainAttr(j, 'contenteditable');
  if (v === null) return undefined;
  const l = lower(v);
  if (l === '' || l === 'true' || l === 'plaintext-only') return true;
  if (l === 'false') return false;
  return undefined;
}
const KEY_EDITABLE = { name: 'editable' };
function readWrite(t, i, ctx) {
  if (!isHtml(t, i)) return false;
  const name = t.localName(i);
  if (name === 'input') {
    return READONLY_TYPES.has(inputType(t, i)) && !hasAttr(t, i, 'readonly') && !actuallyDisabled(t, i);
  }
  if (name === 'textarea') return !hasAttr(t, i, 'readonly') && !actuallyDisabled(t, i);
  return inherited(t, i, ctx, KEY_EDITABLE, ownEditable, false);
}

function placeholderShown(t, i) {
  if (!isHtml(t, i)) return false;
  const name = t.localName(i);
  let value;
  if (name === 'input') {
    const type = inputType(t, i);
    if (!PLACEHOLDER_TYPES.has(type)) return false;
    value = inputValue(t, i, type);
  } else if (name === 'textarea') value = dirValue(t, i, true);
  else return false;
  const ph = t.plainAttr(i, 'placeholder');
  return ph !== null && value === '';
}

// :in-range / :out-of-range (4.16.3): inputs whose min / max apply, that
// are candidates for constraint validation and have range limitations.
const RANGE_TYPES = new Set(['date', 'month', 'week', 'time', 'datetime-local', 'number', 'range']);
// Date.UTC takes years 0-99 as 1900-1999: the proleptic Gregorian year y as given.
function utc(y, m, d) {
  const t = new Date(0);
  return t.setUTCFullYear(y, m, d);
}
const daysIn = (y, m) => new Date(utc(y, m, 0)).getUTCDate();
/** A number for the value strings of 4.10.5.1 (2.3.5 dates and times), or null. */
export function parseTyped(type, s) {
  let m;
  switch (type) {
    case 'number':
    case 'range':
      return /^-?(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?$/.test(s) && Number.isFinite(+s) ? +s : null;
    case 'date':
      m = /^(\d{4,})-(\d\d)-(\d\d)$/.exec(s);
      if (!m || +m[1] === 0 || +m[2] < 1 || +m[2] > 12 || +m[3] < 1 || +m[3] > daysIn(+m[1], +m[2])) return null;
      return utc(+m[1], +m[2] - 1, +m[3]);
    case 'month':
      m = /^(\d{4,})-(\d\d)$/.exec(s);
      if (!m || +m[1] === 0 || +m[2] < 1 || +m[2] > 12) return null;
      return +m[1] * 12 + +m[2] - 1;
    case 'week': {
      m = /^(\d{4,})-W(\d\d)$/.exec(s);
      if (!m || +m[1] === 0 || +m[2] < 1) return null;
      const y = +m[1];
      const jan1 = new Date(utc(y, 0, 1)).getUTCDay();
      const long = jan1 === 4 || (jan1 === 3 && daysIn(y, 2) === 29);
      if (+m[2] > (long ? 53 : 52)) return null;
      return y * 53 + +m[2];
    }
    case 'time':
      return parseTime(s);
    case 'datetime-local': {
      m = /^(\d{4,}-\d\d-\d\d)[T ](.*)$/.exec(s);
      if (!m) return null;
      const d = parseTyped('date', m[1]);
      const tm = parseTime(m[2]);
      return d === null || tm === null ? null : d + tm;
    }
  }
  return null;
}
function parseTime(s) {
  const m = /^(\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,3}))?)?$/.exec(s);
  if (!m || +m[1] > 23 || +m[2] > 59 || (m[3] !== undefined && +m[3] > 59)) return null;
  return ((+m[1] * 60 + +m[2]) * 60 + +(m[3] ?? 0)) * 1000 + +((m[4] ?? '0') + '00').slice(0, 3);
}
/** true (in range), false (out of range) or null (neither pseudo-class applies). */
function rangeState(t, i) {
  if (!isHtmlNamed(t, i, 'input')) return null;
  const type = inputType(t, i);
  if (!RANGE_TYPES.has(type)) return null;
  // barred from constraint validation: disabled, readonly, in a datalist
  if (actuallyDisabled(t, i) || hasAttr(t, i, 'readonly')) return null;
  for (let p = parentEl(t, i); p !== NONE; p = parentEl(t, p)) if (isHtmlNamed(t, p, 'datalist')) return null;
  const min = parseTyped(type, t.plainAttr(i, 'min') ?? '');
  const max = parseTyped(type, t.plainAttr(i, 'max') ?? '');
  if (type === 'range') return true; // value sanitization clamps it into range
  if (min === null && max === null) return null; // no range limitations
  const v = parseTyped(type, inputValue(t, i, type));
  if (v === null) return true;
  if (type === 'time' && min !== null && max !== null && min > max) return !(v < min && v > max); // reversed range
  return !((min !== null && v < min) || (max !== null && v > max));
}

// :valid / :invalid (4.16.3, 4.10.21 "Constraints") for the state after
// parsing: nobody has typed, so tooLong / tooShort / badInput never apply.
/** Is element i a candidate for constraint validation (4.10.21.1)? */
export function isCandidate(t, i) {
  if (!isHtml(t, i)) return false;
  const name = t.localName(i);
  if (!CONTROLS.has(name)) return false;
  if (actuallyDisabled(t, i)) return false;
  for (let p = parentEl(t, i); p !== NONE; p = parentEl(t, p)) if (isHtmlNamed(t, p, 'datalist')) return false;
  if (name === 'input') {
    const type = inputType(t, i);
    if (type === 'hidden' || type === 'reset' || type === 'button' || type === 'image') return false;
    return !(READONLY_TYPES.has(type) && hasAttr(t, i, 'readonly'));
  }
  if (name === 'button') {
    const ty = t.plainAttr(i, 'type');
    const l = ty === null ? 'submit' : lower(ty);
    return l !== 'button' && l !== 'reset';
  }
  if (name === 'textarea') return !hasAttr(t, i, 'readonly');
  return true; // select
}

// 4.10.5.1.5 "E-mail state": a valid email address.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const DEFAULT_STEP = { number: 1, range: 1 };

/** Does candidate i satisfy its constraints (4.10.21.1 "validity states")? */
function satisfiesConstraints(t, i, ctx) {
  const name = t.localName(i);
  const required = hasAttr(t, i, 'required');
  if (name === 'textarea') return !(required && dirValue(t, i, true) === '');
  if (name === 'select') return !(required && selectValueMissing(t, i, ctx));
  if (name !== 'input') return true;
  const type = inputType(t, i);
  if (type === 'checkbox') return !(required && !checkedness(t, i, ctx));
  if (type === 'radio') {
    return !(radioGroups(t, i, ctx).get(radioKey(t, i, ctx)).required && !groupChecked(t, i, ctx));
  }
  if (type === 'file') return !required; // no file is selected
  if (type === 'color' || type === 'submit' || type === 'image') return true;
  const v = inputValue(t, i, type);
  if (v === '') return !(required && REQUIRED_TYPES.has(type));
  if (type === 'email') {
    const list = hasAttr(t, i, 'multiple') ? v.split(',').map((x) => x.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '')) : [v];
    if (!list.every((x) => EMAIL.test(x))) return false;
  }
  if (type === 'url' && !(typeof URL.canParse === 'function' ? URL.canParse(v) : /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(v))) return false;
  const pattern = t.plainAttr(i, 'pattern');
  if (pattern !== null && (type === 'text' || type === 'search' || type === 'tel' || type === 'url' || type === 'email' || type === 'password')) {
    let re = null;
    try {
      re = new RegExp(`^(?:${pattern})$`, 'v');
    } catch {
      re = null; // an invalid pattern is no constraint
    }
    if (re !== null) {
      const values = type === 'email' && hasAttr(t, i, 'multiple') ? v.split(',') : [v];
      if (!values.every((x) => re.test(x))) return false;
    }
  }
  if (RANGE_TYPES.has(type)) {
    if (rangeState(t, i) === false) return false;
    const step = DEFAULT_STEP[type];
    if (step !== undefined) {
      // step mismatch (4.10.5.3.8), for number and range
      const attr = t.plainAttr(i, 'step');
      if (attr !== null && lower(attr.trim()) === 'any') return true;
      const parsed = attr === null ? null : parseTyped('number', attr);
      const st = parsed !== null && parsed > 0 ? parsed : step;
      const base = parseTyped(type, t.plainAttr(i, 'min') ?? '') ?? parseTyped(type, t.plainAttr(i, 'value') ?? '') ?? 0;
      const q = (parseTyped(type, v) - base) / st;
      if (Math.abs(q - Math.round(q)) > 1e-9) return false;
    }
  }
  return true;
}

// 4.10.7: a required select suffers from being missing when no option is
// selected or the placeholder label option is.
function selectValueMissing(t, s, ctx) {
  const opts = listOfOptions(t, s);
  const sel = opts.filter((o) => selectedness(t, o, ctx));
  if (sel.length === 0) return true;
  if (hasAttr(t, s, 'multiple') || displaySize(t, s) !== 1) return false;
  const first = opts[0];
  const placeholder = first !== undefined && parentEl(t, first) === s && optionValue(t, first) === '';
  return placeholder && sel[0] === first;
}
function optionValue(t, o) {
  const v = t.plainAttr(o, 'value');
  return v !== null ? v : t.text(o).replace(/[\t\n\f\r ]+/g, ' ').replace(/^ | $/g, '');
}

const KEY_INVALID = { name: 'invalid controls' };
/** {forms, fieldsets}: the forms and fieldsets with an invalid control, once per tree. */
function invalidContainers(t, i, ctx) {
  return perQuery(ctx, KEY_INVALID, rootOf(t, i), (root) => {
    const r = { forms: new Set(), fieldsets: new Set() };
    for (let j = t.nextElement(root, root); j !== NONE; j = t.nextElement(j, root)) {
      if (!isCandidate(t, j) || satisfiesConstraints(t, j, ctx)) continue;
      r.forms.add(formOwner(t, j, ctx));
      for (let p = parentEl(t, j); p !== NONE; p = parentEl(t, p)) {
        if (!isHtmlNamed(t, p, 'fieldset')) continue;
        if (r.fieldsets.has(p)) break;
        r.fieldsets.add(p);
      }
    }
    return r;
  });
}
/** true (:valid), false (:invalid) or null (neither). */
function validity(t, i, ctx) {
  if (!isHtml(t, i)) return null;
  const name = t.localName(i);
  if (name === 'form') return !invalidContainers(t, i, ctx).forms.has(i);
  if (name === 'fieldset') return !invalidContainers(t, i, ctx).fieldsets.has(i);
  return isCandidate(t, i) ? satisfiesConstraints(t, i, ctx) : null;
}

// Pseudo-classes in pairs over one state that is true, false or null (the
// element is neither: not a form control the state applies to).
const PAIRED_STATES = {
  required: [requiredState, true], optional: [requiredState, false],
  'in-range': [rangeState, true], 'out-of-range': [rangeState, false],
  valid: [validity, true], invalid: [validity, false],
};

function matchState(t, i, p, ctx) {
  switch (p.name) {
    case 'lang':
      return matchLang(t, i, p, ctx);
    case 'dir':
      return matchDir(t, i, p, ctx);
    case 'checked':
      if (isHtmlNamed(t, i, 'input')) return checkedness(t, i, ctx);
      if (isHtmlNamed(t, i, 'option')) return selectedness(t, i, ctx);
      return false;
    case 'indeterminate':
      // 4.16.3: checkboxes whose indeterminate IDL attribute is true (set
      // from JS: `_indeterminate` of js/dom/html-elements.js), radios whose group
      // has no checked radio, progress without a value
      if (isHtmlNamed(t, i, 'input')) {
        const ty = inputType(t, i);
        if (ty === 'checkbox') return t.cached(i)?._indeterminate === true;
        return ty === 'radio' && !groupChecked(t, i, ctx);
      }
      return isHtmlNamed(t, i, 'progress') && !hasAttr(t, i, 'value');
    case 'default':
      if (isHtmlNamed(t, i, 'input')) {
        const ty = inputType(t, i);
        if (ty === 'checkbox' || ty === 'radio') return hasAttr(t, i, 'checked');
      }
      if (isHtmlNamed(t, i, 'option')) return hasAttr(t, i, 'selected');
      return isSubmitButton(t, i) && isDefaultButton(t, i, ctx);
    case 'enabled':
      return isHtml(t, i) && CAN_BE_DISABLED.has(t.localName(i)) && !actuallyDisabled(t, i);
    case 'disabled':
      return actuallyDisabled(t, i);
    case 'required': case 'optional': case 'in-range': case 'out-of-range': case 'valid': case 'invalid': {
      const [state, when] = PAIRED_STATES[p.name];
      return state(t, i, ctx) === when;
    }
    case 'read-write':
      return readWrite(t, i, ctx);
    case 'read-only':
      return isHtml(t, i) && !readWrite(t, i, ctx);
    case 'placeholder-shown':
      return placeholderShown(t, i);
  }
  return false;
}

/** Make querySelector and friends match the pseudo-classes of this module. */
export function installStatePseudoClasses() { setStateMatcher(matchState); }
