// The Sanitizer and its configuration (HTML Standard 8.5.2/8.6 "HTML
// sanitization", from the WICG Sanitizer API: whatwg/html PR 12395; PR 12664
// made <base> unsafe; PR 12898 added javascriptURLs): the WebIDL conversion
// of a SanitizerConfig, "canonicalize the configuration", "valid", the
// modifier methods, get() and "remove unsafe".
//
// A configuration is kept in its canonical form, as the standard keeps it:
// a plain object whose lists hold { name, namespace } ({ target } for
// processing instructions).  Lookups for sanitizing are compiled from it on
// first use (compiled(), js/sanitize/sanitize.js reads them) and dropped on
// every change.
import {
  BASELINE_REMOVE_ELEMENTS, DEFAULT_ATTRIBUTES, DEFAULT_ELEMENTS, DEFAULT_FLAGS, DEFAULT_PROCESSING_INSTRUCTIONS,
  EVENT_HANDLERS, HTML, NON_REPLACEABLE_ELEMENTS,
} from './builtins.js';

// ---- WebIDL conversion ------------------------------------------------------

function describe(v) {
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
  if (typeof v === 'object') return Array.isArray(v) ? 'an array' : 'an object';
  return typeof v === 'symbol' ? 'a symbol' : `${typeof v} ${String(v)}`;
}
const typeError = (fn, what) => new TypeError(`${fn}: ${what}`);

/** WebIDL DOMString: ToString (a symbol throws). */
function toDOMString(fn, key, v) {
  if (typeof v === 'symbol') throw typeError(fn, `'${key}' must be a string; got a symbol`);
  return String(v);
}

/** WebIDL sequence<T>: an iterable object, each item converted by `item`. */
function toSequence(fn, key, v, item) {
  if (v === null || typeof v !== 'object' || typeof v[Symbol.iterator] !== 'function') {
    throw typeError(fn, `'${key}' must be a sequence (an array or other iterable); got ${describe(v)}`);
  }
  const out = [];
  let k = 0;
  for (const x of v) out.push(item(`${key}[${k++}]`, x));
  return out;
}

/**
 * WebIDL (DOMString or SanitizerElementNamespace[WithAttributes]) or
 * (DOMString or SanitizerAttributeNamespace): an object (or null / undefined,
 * which a union with a dictionary converts to one) is the dictionary, any
 * other value a string.  The dictionary's members are read in WebIDL order
 * (inherited first, then by name): name, namespace[, attributes, removeAttributes].
 */
function toNameUnion(fn, key, v, withAttributes) {
  if (v !== null && v !== undefined && typeof v !== 'object' && typeof v !== 'function') return toDOMString(fn, key, v);
  const d = v ?? {};
  const name = d.name;
  if (name === undefined) throw typeError(fn, `'${key}.name' is required`);
  const out = { name: toDOMString(fn, `${key}.name`, name) };
  const ns = d.namespace;
  if (ns !== undefined) out.namespace = ns === null ? null : toDOMString(fn, `${key}.namespace`, ns);
  if (withAttributes) {
    const attrs = d.attributes;
    if (attrs !== undefined) out.attributes = toSequence(fn, `${key}.attributes`, attrs, (k, x) => toNameUnion(fn, k, x, false));
    const remove = d.removeAttributes;
    if (remove !== undefined) out.removeAttributes = toSequence(fn, `${key}.removeAttributes`, remove, (k, x) => toNameUnion(fn, k, x, false));
  }
  return out;
}

/** WebIDL (DOMString or SanitizerProcessingInstruction). */
function toPIUnion(fn, key, v) {
  if (v !== null && v !== undefined && typeof v !== 'object' && typeof v !== 'function') return toDOMString(fn, key, v);
  const target = (v ?? {}).target;
  if (target === undefined) throw typeError(fn, `'${key}.target' is required`);
  return { target: toDOMString(fn, `${key}.target`, target) };
}

const ELEMENT_LISTS = ['elements', 'removeElements', 'replaceWithChildrenElements'];
const PI_LISTS = ['processingInstructions', 'removeProcessingInstructions'];
const ATTRIBUTE_LISTS = ['attributes', 'removeAttributes'];
const BOOLEANS = ['comments', 'dataAttributes', 'javascriptURLs'];

/**
 * WebIDL dictionary SanitizerConfig from a JS value (undefined / null: the
 * empty dictionary): its members read once each, in WebIDL order (by name).
 */
function toSanitizerConfig(fn, v) {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' && typeof v !== 'function') throw typeError(fn, `a SanitizerConfig must be an object; got ${describe(v)}`);
  const out = {};
  for (const key of ['attributes', 'comments', 'dataAttributes', 'elements', 'javascriptURLs', 'processingInstructions',
    'removeAttributes', 'removeElements', 'removeProcessingInstructions', 'replaceWithChildrenElements']) {
    const x = v[key];
    if (x === undefined) continue;
    if (BOOLEANS.includes(key)) out[key] = Boolean(x);
    else if (PI_LISTS.includes(key)) out[key] = toSequence(fn, key, x, (k, y) => toPIUnion(fn, k, y));
    else out[key] = toSequence(fn, key, x, (k, y) => toNameUnion(fn, k, y, key === 'elements'));
  }
  return out;
}

// ---- names and lists (the standard's "Supporting Algorithms") --------------

/** "canonicalize a sanitizer name" with a default namespace. */
function canonicalName(x, defaultNamespace) {
  if (typeof x === 'string') return { name: x, namespace: defaultNamespace };
  const ns = x.namespace === undefined ? defaultNamespace : x.namespace;
  return { name: x.name, namespace: ns === '' ? null : ns };
}
/** "canonicalize a sanitizer element" (default namespace: HTML). */
const canonicalElement = (x) => canonicalName(x, HTML);
/** "canonicalize a sanitizer attribute" (default namespace: none). */
const canonicalAttribute = (x) => canonicalName(x, null);
/** "canonicalize a sanitizer processing instruction". */
const canonicalPI = (x) => ({ target: typeof x === 'string' ? x : x.target });

/** "canonicalize a sanitizer element with attributes". */
function canonicalElementWithAttributes(x) {
  const result = canonicalElement(x);
  if (typeof x !== 'string') {
    if (x.attributes !== undefined) result.attributes = x.attributes.map(canonicalAttribute);
    if (x.removeAttributes !== undefined) result.removeAttributes = x.removeAttributes.map(canonicalAttribute);
  }
  if (result.attributes === undefined && result.removeAttributes === undefined) result.removeAttributes = [];
  return result;
}

const same = (a, b) => a.name === b.name && a.namespace === b.namespace;
/** A Sanitizer name list "contains" item. */
const contains = (list, item) => list.some((e) => same(e, item));
const containsTarget = (list, target) => list.some((e) => e.target === target);
/** "remove" item from list: true when something was removed. */
function removeFrom(list, item) {
  let removed = false;
  for (let k = list.length - 1; k >= 0; k--) {
    if (same(list[k], item)) {
      list.splice(k, 1);
      removed = true;
    }
  }
  return removed;
}
/** "add" name to list. */
function addTo(list, item) {
  if (!contains(list, item)) list.push(item);
}
function hasDuplicates(list) {
  const seen = new Set();
  for (const e of list) {
    const k = `${e.namespace}\u0000${e.name}`;
    if (seen.has(k)) return true;
    seen.add(k);
  }
  return false;
}
const hasDuplicateTargets = (list) => new Set(list.map((e) => e.target)).size !== list.length;
/** "remove duplicates". */
function withoutDuplicates(list) {
  const out = [];
  for (const e of list) addTo(out, e);
  return out;
}
const intersects = (a, b) => a.some((e) => contains(b, e));
const difference = (a, b) => a.filter((e) => !contains(b, e));
/** A custom data attribute: "data-" then at least one character, no namespace (HTML 3.2.6.6; no uppercase ASCII). */
const isCustomData = (a) => a.namespace === null && a.name.length > 5 && a.name.startsWith('data-') && !/[A-Z]/.test(a.name);

/** "less than item". */
function lessThanItem(a, b) {
  if (a.namespace === null) {
    if (b.namespace !== null) return -1;
  } else {
    if (b.namespace === null) return 1;
    if (a.namespace !== b.namespace) return a.namespace < b.namespace ? -1 : 1;
  }
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
const byTarget = (a, b) => (a.target < b.target ? -1 : a.target > b.target ? 1 : 0);

// ---- canonicalize, valid, set -----------------------------------------------

/** "canonicalize the configuration" (on a fresh converted dictionary, in place). */
function canonicalize(c, allowCommentsPIsAndDataAttributes) {
  if (c.elements === undefined && c.removeElements === undefined) c.removeElements = [];
  if (c.processingInstructions === undefined && c.removeProcessingInstructions === undefined) {
    if (allowCommentsPIsAndDataAttributes) c.removeProcessingInstructions = [];
    else c.processingInstructions = [];
  }
  if (c.attributes === undefined && c.removeAttributes === undefined) c.removeAttributes = [];
  if (c.elements !== undefined) c.elements = c.elements.map(canonicalElementWithAttributes);
  if (c.removeElements !== undefined) c.removeElements = c.removeElements.map(canonicalElement);
  if (c.replaceWithChildrenElements !== undefined) c.replaceWithChildrenElements = c.replaceWithChildrenElements.map(canonicalElement);
  for (const key of PI_LISTS) if (c[key] !== undefined) c[key] = c[key].map(canonicalPI);
  for (const key of ATTRIBUTE_LISTS) if (c[key] !== undefined) c[key] = c[key].map(canonicalAttribute);
  if (c.comments === undefined) c.comments = allowCommentsPIsAndDataAttributes;
  if (c.attributes !== undefined && c.dataAttributes === undefined) c.dataAttributes = allowCommentsPIsAndDataAttributes;
  // whatwg/html PR 12898: as comments and data attributes.
  if (c.javascriptURLs === undefined) c.javascriptURLs = allowCommentsPIsAndDataAttributes;
  return c;
}

const nameOf = (e) => (e.namespace === null ? `'${e.name}'` : `'${e.name}' (${e.namespace})`);

/**
 * Why canonical configuration c is not "valid", or null when it is.  The
 * standard only says valid or not; the reason names the keys for the
 * TypeError's message.
 */
function invalidReason(c) {
  if (c.elements !== undefined && c.removeElements !== undefined) return "'elements' and 'removeElements' are both given";
  if (c.processingInstructions !== undefined && c.removeProcessingInstructions !== undefined) {
    return "'processingInstructions' and 'removeProcessingInstructions' are both given";
  }
  if (c.attributes !== undefined && c.removeAttributes !== undefined) return "'attributes' and 'removeAttributes' are both given";
  const elementsKey = c.elements !== undefined ? 'elements' : 'removeElements';
  if (hasDuplicates(c[elementsKey])) return `'${elementsKey}' lists an element twice`;
  if (c.replaceWithChildrenElements !== undefined && hasDuplicates(c.replaceWithChildrenElements)) {
    return "'replaceWithChildrenElements' lists an element twice";
  }
  const piKey = c.processingInstructions !== undefined ? 'processingInstructions' : 'removeProcessingInstructions';
  if (hasDuplicateTargets(c[piKey])) return `'${piKey}' lists a target twice`;
  const attrKey = c.attributes !== undefined ? 'attributes' : 'removeAttributes';
  if (hasDuplicates(c[attrKey])) return `'${attrKey}' lists an attribute twice`;
  if (c.replaceWithChildrenElements !== undefined) {
    for (const e of c.replaceWithChildrenElements) {
      if (contains(NON_REPLACEABLE, e)) return `'replaceWithChildrenElements' lists ${nameOf(e)}, which cannot be replaced with its children`;
    }
    if (intersects(c[elementsKey], c.replaceWithChildrenElements)) return `'${elementsKey}' and 'replaceWithChildrenElements' list the same element`;
  }
  if (c.attributes !== undefined) {
    for (const e of c.elements ?? []) {
      const at = `'elements' entry ${nameOf(e)}`;
      if (e.attributes !== undefined && hasDuplicates(e.attributes)) return `${at}: 'attributes' lists an attribute twice`;
      if (e.removeAttributes !== undefined && hasDuplicates(e.removeAttributes)) return `${at}: 'removeAttributes' lists an attribute twice`;
      if (intersects(c.attributes, e.attributes ?? [])) return `${at}: its 'attributes' repeat the global 'attributes'`;
      if (!(e.removeAttributes ?? []).every((a) => contains(c.attributes, a))) {
        return `${at}: its 'removeAttributes' must all be in the global 'attributes'`;
      }
      if (c.dataAttributes && (e.attributes ?? []).some(isCustomData)) return `${at}: lists a data- attribute while 'dataAttributes' is true`;
    }
    if (c.dataAttributes && c.attributes.some(isCustomData)) return "'attributes' lists a data- attribute while 'dataAttributes' is true";
  } else {
    for (const e of c.elements ?? []) {
      const at = `'elements' entry ${nameOf(e)}`;
      if (e.attributes !== undefined && e.removeAttributes !== undefined) {
        return `${at}: 'attributes' and 'removeAttributes' are both given (with a global 'removeAttributes')`;
      }
      if (e.attributes !== undefined && hasDuplicates(e.attributes)) return `${at}: 'attributes' lists an attribute twice`;
      if (e.removeAttributes !== undefined && hasDuplicates(e.removeAttributes)) return `${at}: 'removeAttributes' lists an attribute twice`;
      if (intersects(c.removeAttributes, e.attributes ?? [])) return `${at}: its 'attributes' repeat the global 'removeAttributes'`;
      if (intersects(c.removeAttributes, e.removeAttributes ?? [])) return `${at}: its 'removeAttributes' repeat the global 'removeAttributes'`;
    }
    if (c.dataAttributes !== undefined) return "'dataAttributes' needs an 'attributes' list (not 'removeAttributes')";
  }
  return null;
}

const NON_REPLACEABLE = NON_REPLACEABLE_ELEMENTS.map(([namespace, name]) => ({ name, namespace }));

// ---- the built-ins ------------------------------------------------------------

/** A fresh copy of the built-in safe default configuration, canonical. */
function builtinSafeDefault() {
  const elements = [];
  for (const [namespace, list] of DEFAULT_ELEMENTS) {
    for (const [name, ...attrs] of list) elements.push({ name, namespace, attributes: attrs.map((a) => ({ name: a, namespace: null })) });
  }
  return {
    elements,
    attributes: DEFAULT_ATTRIBUTES.map((name) => ({ name, namespace: null })),
    processingInstructions: DEFAULT_PROCESSING_INSTRUCTIONS.map((target) => ({ target })),
    ...DEFAULT_FLAGS,
  };
}

// ---- the Sanitizer ----------------------------------------------------------

const CONFIG = Symbol('configuration');
const COMPILED = Symbol('compiled');

/**
 * "set a configuration": canonicalize a converted dictionary and keep it if
 * it is valid; else throw the TypeError the callers (constructor, get a
 * sanitizer instance from options) throw, naming what is wrong.
 */
function setConfiguration(fn, sanitizer, dictionary, allowCommentsPIsAndDataAttributes) {
  const c = canonicalize(dictionary, allowCommentsPIsAndDataAttributes);
  const reason = invalidReason(c);
  if (reason !== null) throw typeError(fn, `invalid Sanitizer configuration: ${reason}`);
  sanitizer[CONFIG] = c;
  sanitizer[COMPILED] = null;
}

function checkThis(s, fn) {
  if (s === null || typeof s !== 'object' || !(CONFIG in s)) throw new TypeError(`Sanitizer.prototype.${fn}: 'this' is not a Sanitizer`);
  s[COMPILED] = null; // every method but get() may change the configuration
  return s[CONFIG];
}

/** The HTML Sanitizer API's Sanitizer: a configuration and the methods that change it. */
export class Sanitizer {
  /** @param {object|'default'} [configuration] a SanitizerConfig or 'default' (the built-in safe default) */
  constructor(configuration = 'default') {
    this[CONFIG] = null;
    this[COMPILED] = null;
    if (typeof configuration === 'string' || (configuration !== null && typeof configuration !== 'object' && typeof configuration !== 'function' && configuration !== undefined)) {
      const s = toDOMString('new Sanitizer()', 'configuration', configuration);
      if (s !== 'default') throw new TypeError(`new Sanitizer(): ${describe(s)} is not a SanitizerPresets value ('default') nor a SanitizerConfig object`);
      setConfiguration('new Sanitizer()', this, builtinSafeDefault(), true);
      return;
    }
    setConfiguration('new Sanitizer()', this, toSanitizerConfig('new Sanitizer()', configuration), true);
  }

  /** The configuration, canonical: lists sorted, members in WebIDL order (as Chromium returns it). */
  get() {
    if (this === null || typeof this !== 'object' || !(CONFIG in this)) throw new TypeError("Sanitizer.prototype.get: 'this' is not a Sanitizer");
    const c = this[CONFIG];
    const name = (x) => ({ name: x.name, namespace: x.namespace });
    const names = (l) => l.map(name).sort(lessThanItem);
    const out = {};
    if (c.attributes !== undefined) out.attributes = names(c.attributes);
    out.comments = c.comments;
    if (c.dataAttributes !== undefined) out.dataAttributes = c.dataAttributes;
    if (c.elements !== undefined) {
      out.elements = c.elements.map((e) => {
        const x = name(e);
        if (e.attributes !== undefined) x.attributes = names(e.attributes);
        if (e.removeAttributes !== undefined) x.removeAttributes = names(e.removeAttributes);
        return x;
      }).sort(lessThanItem);
    }
    // javascriptURLs (whatwg/html PR 12898) is left out: Chromium 156 has no such member (docs/chromium-differences.md).
    if (c.processingInstructions !== undefined) out.processingInstructions = c.processingInstructions.map((p) => ({ target: p.target })).sort(byTarget);
    if (c.removeAttributes !== undefined) out.removeAttributes = names(c.removeAttributes);
    if (c.removeElements !== undefined) out.removeElements = names(c.removeElements);
    if (c.removeProcessingInstructions !== undefined) {
      out.removeProcessingInstructions = c.removeProcessingInstructions.map((p) => ({ target: p.target })).sort(byTarget);
    }
    if (c.replaceWithChildrenElements !== undefined) out.replaceWithChildrenElements = names(c.replaceWithChildrenElements);
    return out;
  }

  /** allowElement(element): element a name or { name, namespace, attributes, removeAttributes }. */
  allowElement(element) {
    const c = checkThis(this, 'allowElement');
    const e = canonicalElementWithAttributes(toNameUnion('Sanitizer.allowElement', 'element', element, true));
    if (c.elements !== undefined) {
      const modified = c.replaceWithChildrenElements !== undefined && removeFrom(c.replaceWithChildrenElements, e);
      if (c.attributes !== undefined) {
        if (e.attributes !== undefined) {
          e.attributes = difference(withoutDuplicates(e.attributes), c.attributes);
          if (c.dataAttributes) e.attributes = e.attributes.filter((a) => !isCustomData(a));
        }
        if (e.removeAttributes !== undefined) {
          e.removeAttributes = withoutDuplicates(e.removeAttributes).filter((a) => contains(c.attributes, a));
        }
      } else {
        if (e.attributes !== undefined) {
          e.attributes = difference(difference(withoutDuplicates(e.attributes), e.removeAttributes ?? []), c.removeAttributes);
          delete e.removeAttributes;
        }
        if (e.removeAttributes !== undefined) {
          e.removeAttributes = difference(withoutDuplicates(e.removeAttributes), c.removeAttributes);
        }
      }
      const k = c.elements.findIndex((x) => same(x, e));
      if (k < 0) {
        c.elements.push(e);
        return true;
      }
      if (sameElementEntry(c.elements[k], e)) return modified;
      c.elements.splice(k, 1);
      c.elements.push(e);
      return true;
    }
    if (e.attributes !== undefined || (e.removeAttributes ?? []).length !== 0) return false;
    const modified = c.replaceWithChildrenElements !== undefined && removeFrom(c.replaceWithChildrenElements, e);
    if (!contains(c.removeElements, e)) return modified;
    removeFrom(c.removeElements, e);
    return true;
  }

  /** removeElement(element). */
  removeElement(element) {
    return removeAnElement(checkThis(this, 'removeElement'), toNameUnion('Sanitizer.removeElement', 'element', element, false));
  }

  /** replaceElementWithChildren(element). */
  replaceElementWithChildren(element) {
    const c = checkThis(this, 'replaceElementWithChildren');
    const e = canonicalElement(toNameUnion('Sanitizer.replaceElementWithChildren', 'element', element, false));
    if (contains(NON_REPLACEABLE, e)) return false;
    if (c.replaceWithChildrenElements !== undefined && contains(c.replaceWithChildrenElements, e)) return false;
    if (c.removeElements !== undefined) removeFrom(c.removeElements, e);
    if (c.elements !== undefined) removeFrom(c.elements, e);
    if (c.replaceWithChildrenElements === undefined) c.replaceWithChildrenElements = [];
    addTo(c.replaceWithChildrenElements, e);
    return true;
  }

  /** allowProcessingInstruction(pi): a target or { target }. */
  allowProcessingInstruction(pi) {
    const c = checkThis(this, 'allowProcessingInstruction');
    const { target } = canonicalPI(toPIUnion('Sanitizer.allowProcessingInstruction', 'pi', pi));
    if (c.processingInstructions !== undefined) {
      if (containsTarget(c.processingInstructions, target)) return false;
      c.processingInstructions.push({ target });
      return true;
    }
    const k = c.removeProcessingInstructions.findIndex((p) => p.target === target);
    if (k < 0) return false;
    c.removeProcessingInstructions.splice(k, 1);
    return true;
  }

  /** removeProcessingInstruction(pi). */
  removeProcessingInstruction(pi) {
    const c = checkThis(this, 'removeProcessingInstruction');
    const { target } = canonicalPI(toPIUnion('Sanitizer.removeProcessingInstruction', 'pi', pi));
    if (c.processingInstructions !== undefined) {
      const k = c.processingInstructions.findIndex((p) => p.target === target);
      if (k < 0) return false;
      c.processingInstructions.splice(k, 1);
      return true;
    }
    if (containsTarget(c.removeProcessingInstructions, target)) return false;
    c.removeProcessingInstructions.push({ target });
    return true;
  }

  /** allowAttribute(attribute): a name or { name, namespace }. */
  allowAttribute(attribute) {
    const c = checkThis(this, 'allowAttribute');
    const a = canonicalAttribute(toNameUnion('Sanitizer.allowAttribute', 'attribute', attribute, false));
    if (c.attributes !== undefined) {
      if (c.dataAttributes && isCustomData(a)) return false;
      if (contains(c.attributes, a)) return false;
      for (const e of c.elements ?? []) if (e.attributes !== undefined) removeFrom(e.attributes, a);
      c.attributes.push(a);
      return true;
    }
    return removeFrom(c.removeAttributes, a);
  }

  /** removeAttribute(attribute). */
  removeAttribute(attribute) {
    return removeAnAttribute(checkThis(this, 'removeAttribute'), toNameUnion('Sanitizer.removeAttribute', 'attribute', attribute, false));
  }

  /** setComments(allow): true when the configuration changed. */
  setComments(allow) {
    const c = checkThis(this, 'setComments');
    const b = Boolean(allow);
    if (c.comments === b) return false;
    c.comments = b;
    return true;
  }

  /** setDataAttributes(allow): only with a global 'attributes' list; true when the configuration changed. */
  setDataAttributes(allow) {
    const c = checkThis(this, 'setDataAttributes');
    const b = Boolean(allow);
    if (c.attributes === undefined || c.dataAttributes === b) return false;
    if (b) {
      c.attributes = c.attributes.filter((a) => !isCustomData(a));
      for (const e of c.elements ?? []) if (e.attributes !== undefined) e.attributes = e.attributes.filter((a) => !isCustomData(a));
    }
    c.dataAttributes = b;
    return true;
  }

  /** removeUnsafe(): remove what executes script (the built-in safe baseline and the event handler attributes). */
  removeUnsafe() {
    return removeUnsafe(checkThis(this, 'removeUnsafe'));
  }
}

/** Two canonical element entries are equal maps (lists compared as sets). */
function sameElementEntry(a, b) {
  const setEq = (x, y) => (x === undefined) === (y === undefined) && (x === undefined || (x.every((e) => contains(y, e)) && y.every((e) => contains(x, e))));
  return setEq(a.attributes, b.attributes) && setEq(a.removeAttributes, b.removeAttributes);
}

/** "remove an element" from configuration c. */
function removeAnElement(c, element) {
  const e = canonicalElement(element);
  const modified = c.replaceWithChildrenElements !== undefined && removeFrom(c.replaceWithChildrenElements, e);
  if (c.elements !== undefined) {
    if (contains(c.elements, e)) {
      removeFrom(c.elements, e);
      return true;
    }
    return modified;
  }
  if (contains(c.removeElements, e)) return modified;
  addTo(c.removeElements, e);
  return true;
}

/** "remove an attribute" from configuration c. */
function removeAnAttribute(c, attribute) {
  const a = canonicalAttribute(attribute);
  if (c.attributes !== undefined) {
    let modified = removeFrom(c.attributes, a);
    for (const e of c.elements ?? []) {
      if (e.attributes !== undefined && removeFrom(e.attributes, a)) modified = true;
      if (e.removeAttributes !== undefined && removeFrom(e.removeAttributes, a)) modified = true;
    }
    return modified;
  }
  if (contains(c.removeAttributes, a)) return false;
  for (const e of c.elements ?? []) {
    if (e.attributes !== undefined) removeFrom(e.attributes, a);
    if (e.removeAttributes !== undefined) removeFrom(e.removeAttributes, a);
  }
  c.removeAttributes.push(a);
  return true;
}

const BASELINE = BASELINE_REMOVE_ELEMENTS.map(([namespace, name]) => ({ name, namespace }));
const HANDLERS = EVENT_HANDLERS.map((name) => ({ name, namespace: null }));

/**
 * "remove unsafe" from configuration c (in place): the built-in safe
 * baseline's elements, the event handler content attributes, and
 * javascriptURLs set to false (whatwg/html PR 12898).  True when c changed.
 */
function removeUnsafe(c) {
  let result = false;
  for (const e of BASELINE) if (removeAnElement(c, e)) result = true;
  for (const a of HANDLERS) if (removeAnAttribute(c, a)) result = true;
  if (c.javascriptURLs !== false) {
    c.javascriptURLs = false;
    result = true;
  }
  return result;
}

/** A deep copy of canonical configuration c. */
function copyConfiguration(c) {
  const out = { ...c };
  for (const key of [...ELEMENT_LISTS, ...ATTRIBUTE_LISTS]) {
    if (c[key] !== undefined) {
      out[key] = c[key].map((e) => {
        const x = { ...e };
        if (e.attributes !== undefined) x.attributes = e.attributes.map((a) => ({ ...a }));
        if (e.removeAttributes !== undefined) x.removeAttributes = e.removeAttributes.map((a) => ({ ...a }));
        return x;
      });
    }
  }
  for (const key of PI_LISTS) if (c[key] !== undefined) out[key] = c[key].map((p) => ({ ...p }));
  return out;
}

/**
 * The lookups sanitize() uses for sanitizer s in mode `safe`, made by
 * `compile` from s's configuration (after "remove unsafe" on a copy when
 * safe) and kept until the configuration changes.
 */
export function compiledFor(s, safe, compile) {
  let pair = s[COMPILED];
  if (pair === null) pair = s[COMPILED] = [null, null];
  const k = safe ? 1 : 0;
  if (pair[k] === null) {
    let c = s[CONFIG];
    if (safe) {
      c = copyConfiguration(c);
      removeUnsafe(c);
    }
    pair[k] = compile(c);
  }
  return pair[k];
}

/** Is x a Sanitizer made by this module? */
const isSanitizer = (x) => x !== null && typeof x === 'object' && CONFIG in x;

let defaultSanitizer = null;
/**
 * "get a sanitizer instance from options" (SetHTMLOptions /
 * SetHTMLUnsafeOptions): a Sanitizer, a SanitizerConfig (set with
 * allowCommentsPIsAndDataAttributes = not safe) or 'default'.
 */
export function sanitizerFromOptions(fn, options, safe) {
  if (options !== undefined && options !== null && typeof options !== 'object' && typeof options !== 'function') {
    throw new TypeError(`${fn}: options must be an object ({ sanitizer }); got ${describe(options)}`);
  }
  let spec = options?.sanitizer;
  if (spec === undefined) spec = safe ? 'default' : {};
  if (isSanitizer(spec)) return spec;
  if (spec === null || typeof spec === 'object' || typeof spec === 'function') {
    const s = Object.create(Sanitizer.prototype);
    setConfiguration(fn, s, toSanitizerConfig(fn, spec), !safe);
    return s;
  }
  const preset = toDOMString(fn, 'sanitizer', spec);
  if (preset !== 'default') throw new TypeError(`${fn}: option 'sanitizer' ${describe(preset)} is not 'default', a Sanitizer or a SanitizerConfig object`);
  // The built-in safe default, as a Sanitizer nobody else can change (its lookups are made once).
  if (defaultSanitizer === null) defaultSanitizer = new Sanitizer('default');
  return defaultSanitizer;
}
