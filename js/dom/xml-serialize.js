// serializeXml(node): DOM Parsing's XML serialization (3.2, require-well-formed
// off, as XMLSerializer); details in docs/xml5.md.  Iterative: any depth.
// serializeWellFormed(): the same with require well-formed on (the innerHTML
// and outerHTML getters of XML documents' elements).
import { XML_NAME, domException } from './dom.js';

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const VOID = new Set(['area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

// XML 1.0 [2] Char*.
const CHARS = /^[\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
/**
 * Require well-formed (3.2.1): where the algorithm says "throw an
 * exception", an InvalidStateError (2.3: the innerHTML getter turns any
 * into one).  Called as `wf && need(...)`: no check without the flag.
 */
function need(ok, what) {
  if (!ok) throw domException('The XML serialization would not be well-formed: ' + what, 'InvalidStateError');
  return true;
}
const isName = (s) => !s.includes(':') && XML_NAME.test(s);

const escapeText = (s) => s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
// Attribute values also escape TAB, LF and CR, as browsers' XMLSerializer
// does: a parser's attribute-value normalization (XML 1.0 3.3.3) would turn
// them into spaces.
const ATTR_ESCAPES = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };
export const escapeAttr = (s) => (s === null ? '' : s.replace(/[&"<>\t\n\r]/g, (c) => ATTR_ESCAPES[c]));

/**
 * The namespace prefix map (3.2.1.1.1): namespace (null as '') → its
 * prefixes, in the order they were added.  The algorithm gives each element
 * a copy of its parent's map; here one map serves the whole serialization,
 * with an undo log: what an element adds is taken out again when its end tag
 * is written (mark() / undo()), so every element sees exactly the map a copy
 * would give it, without copying (linear for deep trees that declare a
 * prefix at every level).  `uses` counts the entries of each prefix, for
 * "is this prefix bound to any namespace" without a scan.
 */
class PrefixMap {
  constructor() {
    this.lists = new Map();
    this.uses = new Map();
    this.log = []; // namespace keys, one per add()
  }
  get(ns) { return this.lists.get(ns ?? ''); }
  has(ns, prefix) {
    const list = this.lists.get(ns ?? '');
    return list !== undefined && list.includes(prefix);
  }
  bound(prefix) { return (this.uses.get(prefix) ?? 0) > 0; }
  add(prefix, ns) {
    const key = ns ?? '';
    const list = this.lists.get(key);
    if (list === undefined) this.lists.set(key, [prefix]);
    else list.push(prefix);
    this.uses.set(prefix, (this.uses.get(prefix) ?? 0) + 1);
    this.log.push(key);
  }
  mark() { return this.log.length; }
  /** Take out everything added since `mark`, newest first. */
  undo(mark) {
    while (this.log.length > mark) {
      const key = this.log.pop();
      const list = this.lists.get(key);
      const prefix = list.pop();
      if (list.length === 0) this.lists.delete(key);
      this.uses.set(prefix, this.uses.get(prefix) - 1);
    }
  }
}
function addPrefix(map, prefix, ns) { map.add(prefix, ns); }
/** "retrieve a preferred prefix string" */
function preferredPrefix(map, ns, preferred) {
  const list = map.get(ns);
  if (list === undefined) return null;
  return list.includes(preferred) ? preferred : list[list.length - 1];
}
/** "generate a prefix" */
function generatePrefix(map, ns, counter) {
  const prefix = 'ns' + counter.index++;
  addPrefix(map, prefix, ns);
  return prefix;
}

/** "record the namespace information" (3.2.1.1.2): the local default namespace, or null. */
function recordNamespaces(attrs, map, localPrefixes) {
  let defaultNs = null;
  for (const a of attrs) {
    if (a.namespaceURI !== XMLNS_NS) continue;
    if (a.prefix === null) {
      defaultNs = a.value;
      continue;
    }
    const ns = a.value;
    if (map.has(ns, a.localName)) continue; // already in scope
    addPrefix(map, a.localName, ns === '' ? null : ns);
    localPrefixes.set(a.localName, ns);
  }
  return defaultNs;
}

/** "serialization of the attributes" (3.2.1.1.4). */
function serializeAttrs(attrs, map, localPrefixes, ignoreDefault, counter, wf) {
  let out = '';
  const seen = wf && new Set();
  for (const a of attrs) {
    let prefix = null;
    const ns = a.namespaceURI;
    wf && need(!seen.has(ns + ' ' + a.localName), 'a repeated attribute') && seen.add(ns + ' ' + a.localName);
    if (ns !== null) {
      prefix = preferredPrefix(map, ns, a.prefix);
      if (ns === XMLNS_NS) {
        if (a.value === XML_NS || (a.prefix === null && ignoreDefault) ||
            (a.prefix !== null && localPrefixes.get(a.localName) !== a.value)) continue;
        // (The empty value: for prefixed declarations only, as the step's
        // note says; an xmlns="" the algorithm writes stays serializable.)
        wf && need(a.value !== XMLNS_NS && (a.prefix === null || a.value !== ''), 'a namespace declaration');
        prefix = a.prefix === null ? null : 'xmlns';
      } else if (prefix === null) {
        // Not in scope: declare the attribute's own prefix when it is free,
        // else a generated one.
        const own = a.prefix;
        if (own !== null && own !== 'xmlns' && !localPrefixes.has(own) && preferredPrefix(map, ns, own) === null &&
            !map.bound(own)) {
          prefix = own;
          addPrefix(map, own, ns);
          localPrefixes.set(own, ns);
        } else {
          prefix = generatePrefix(map, ns, counter);
        }
        out += ' xmlns:' + prefix + '="' + escapeAttr(ns) + '"';
      }
    }
    wf && need(isName(a.localName) && !(a.localName === 'xmlns' && ns === null) && CHARS.test(a.value), 'an attribute');
    out += ' ' + (prefix !== null ? prefix + ':' : '') + a.localName + '="' + escapeAttr(a.value) + '"';
  }
  return out;
}

/**
 * The start tag of element `el` (3.2.1.1 steps 1-11): [markup, qualified
 * name for the end tag or null when the tag is `<a/>`-closed or void, the
 * inherited namespace for its children].  What it adds to `map` is the
 * caller's to undo after the element's children.
 */
function startTag(el, contextNs, map, counter, wf) {
  const localPrefixes = new Map();
  wf && need(isName(el.localName), 'an element name');
  const attrs = Array.from(el.attributes ?? []);
  const localDefault = recordNamespaces(attrs, map, localPrefixes);
  let inherited = contextNs;
  const ns = el.namespaceURI ?? null;
  const local = el.localName;
  let ignoreDefault = false;
  let qname;
  let markup = '<';
  if (inherited === ns) {
    if (localDefault !== null) ignoreDefault = true;
    qname = ns === XML_NS ? 'xml:' + local : local;
    markup += qname;
  } else {
    let prefix = el.prefix ?? null;
    let candidate = preferredPrefix(map, ns, prefix);
    if (prefix === 'xmlns') candidate = null;
    wf && need(prefix !== 'xmlns', 'an element prefix');
    if (candidate !== null) {
      qname = candidate + ':' + local;
      if (localDefault !== null && localDefault !== XML_NS) inherited = localDefault === '' ? null : localDefault;
      markup += qname;
    } else if (prefix !== null && prefix !== 'xmlns') {
      if (localPrefixes.has(prefix)) prefix = generatePrefix(map, ns, counter);
      else addPrefix(map, prefix, ns);
      qname = prefix + ':' + local;
      markup += qname + ' xmlns:' + prefix + '="' + escapeAttr(ns) + '"';
      if (localDefault !== null) inherited = localDefault === '' ? null : localDefault;
    } else if (localDefault === null || localDefault !== (ns ?? '')) {
      ignoreDefault = true;
      qname = local;
      inherited = ns;
      markup += qname + ' xmlns="' + escapeAttr(ns) + '"';
    } else {
      qname = local;
      inherited = ns;
      markup += qname;
    }
  }
  markup += serializeAttrs(attrs, map, localPrefixes, ignoreDefault, counter, wf);
  const empty = el.firstChild === null || el.firstChild === undefined;
  if (ns === HTML_NS && empty && VOID.has(local)) return [markup + ' />', null, inherited];
  if (ns !== HTML_NS && empty) return [markup + '/>', null, inherited];
  return [markup + '>', qname, inherited];
}

function leaf(node, wf) {
  const d = node.data;
  switch (node.nodeType) {
    case 3:
      wf && need(CHARS.test(d), 'text');
      return escapeText(d);
    // A CDATASection as written; `]]>` in its data (possible through the
    // DOM, never from a parser) would end the section, so the section is
    // split there (DOM Level 3 "split-cdata-sections"; XMLSerializer writes
    // the data as it is, which no XML parser reads back).
    case 4:
      wf && need(CHARS.test(d), 'a CDATA section');
      return '<![CDATA[' + d.replaceAll(']]>', ']]]]><![CDATA[>') + ']]>';
    case 7:
      wf && need(!node.target.includes(':') && node.target.toLowerCase() !== 'xml' && CHARS.test(d) && !d.includes('?>'), 'a processing instruction');
      return '<?' + node.target + ' ' + d + '?>';
    case 8:
      wf && need(CHARS.test(d) && !d.includes('--') && !d.endsWith('-'), 'a comment');
      return '<!--' + d + '-->';
    case 10: { // (never inside an element: require well-formed has nothing to check)
      let s = '<!DOCTYPE ' + node.name;
      if (node.publicId !== '') s += ' PUBLIC "' + node.publicId + '"';
      else if (node.systemId !== '') s += ' SYSTEM';
      if (node.systemId !== '') s += ' "' + node.systemId + '"';
      return s + '>';
    }
    default: return '';
  }
}

/**
 * The XML serialization of `node` (a Document, DocumentFragment, Element or
 * leaf node); with { children: true }, of its children only (innerHTML).
 * @param {object} node
 * @param {{ children?: boolean }} [options]
 * @returns {string}
 */
export function serializeXml(node, options) {
  if (node === null || typeof node !== 'object' || typeof node.nodeType !== 'number') {
    throw new TypeError(`serializeXml(node): expected a DOM-like node; got ${node === null ? 'null' : typeof node}`);
  }
  return serializeWellFormed(node, options?.children === true, false);
}

/**
 * The XML serialization of an element (of its children: `children`), with
 * the require well-formed flag `wf` (3.2.1: an InvalidStateError where the
 * result would not be well-formed XML).
 */
export function serializeWellFormed(node, children, wf = true) {
  const counter = { index: 1 };
  const map = new PrefixMap();
  map.add('xml', XML_NS);
  let out = '';
  // Frames: [node, context namespace]; [end tag, map mark] closes an element.
  const stack = [];
  // DOM Parsing 3.2.1.1 (XML serializing an Element node): a template
  // element's (HTML namespace, local name template) markup is that of its
  // template contents, not of its children; innerHTML of one likewise, as
  // Chromium's XMLSerializer and innerHTML in an XML document.
  const pushChildren = (parent, ns) => {
    const from = parent.nodeType === 1 && parent.localName === 'template' && parent.namespaceURI === HTML_NS &&
      parent.content != null && typeof parent.content === 'object' ? parent.content : parent;
    const kids = from.childNodes ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], ns]);
  };
  if (children || node.nodeType === 9 || node.nodeType === 11) pushChildren(node, null);
  else stack.push([node, null]);
  while (stack.length > 0) {
    const [n, ns] = stack.pop();
    if (typeof n === 'string') {
      out += n;
      map.undo(ns);
      continue;
    }
    if (n.nodeType === 1) {
      const mark = map.mark();
      const [markup, qname, inherited] = startTag(n, ns, map, counter, wf);
      out += markup;
      if (qname !== null) {
        stack.push(['</' + qname + '>', mark]);
        pushChildren(n, inherited);
      } else {
        map.undo(mark);
      }
    } else if (n.nodeType === 9 || n.nodeType === 11) {
      pushChildren(n, ns);
    } else {
      out += leaf(n, wf);
    }
  }
  return out;
}
