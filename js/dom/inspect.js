// Nodes that debug well (the DOM-like nodes of js/dom/dom.js):
//
//   console.log(node), util.inspect(node)  a short readable form (inspect())
//       Element <p class="x"> (2 children) { … }, Text "…", Document (no-quirks) { … }
//   JSON.stringify(node), node.toJSON()     plain data of the subtree (toJSON())
//   assert.deepStrictEqual(a, b)            compares trees: a node compared shows own
//                                           enumerable accessors that reflect the tree
//                                           (OWN_SHAPE), never its internals (exposeShape)
//
// Everything here reads nodes through their public DOM API only, and every
// walk is iterative (an explicit stack): trees of any depth work.  Nothing
// here imports Node modules: util.inspect finds the method by the global
// symbol Symbol.for('nodejs.util.inspect.custom').

import {
  ELEMENT_NS_URI, NS_HTML, NS_MATHML, NS_SVG, TYPE_COMMENT as COMMENT, TYPE_DOCTYPE as DOCTYPE, TYPE_DOCUMENT as DOCUMENT,
  TYPE_ELEMENT as ELEMENT, TYPE_FRAGMENT as FRAGMENT, TYPE_PI as PI, TYPE_TEXT as TEXT,
} from '../core/abi.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');
const CDATA_SECTION = 4; // DOM nodeType of XML documents' CDATASection (a Text node in the buffer, flag CDATA)

// The buffer's node types are the DOM's nodeType values.
const HTML_NS = ELEMENT_NS_URI[NS_HTML];
const SHORT_NS = new Map([[ELEMENT_NS_URI[NS_SVG], 'svg'], [ELEMENT_NS_URI[NS_MATHML], 'mathml']]);

// The printed form's limits: it stays short whatever the tree.
const MAX_TEXT = 60; // characters of text, comment and attribute values
const MAX_ATTRS = 6; // attributes shown in a start tag
const MAX_CHILDREN = 20; // children listed per node
const MAX_LINES = 1000; // lines in all, whatever the depth asked

/**
 * The own enumerable properties of each class once a deep equality looks at
 * a node (exposeShape): what node:assert should compare.
 */
const OWN_SHAPE = {
  Attr: ['name', 'value'],
  Element: ['nodeName', 'attributes', 'childNodes'],
  TemplateElement: ['nodeName', 'attributes', 'childNodes', 'content'],
  Text: ['data'],
  Comment: ['data'],
  ProcessingInstruction: ['target', 'data'],
  DocumentType: ['name', 'publicId', 'systemId'],
  Document: ['mode', 'childNodes'],
  DocumentFragment: ['childNodes'],
};

const SHAPE = Symbol('html5-wasm own shape'); // on each prototype: { keys, descriptors }
const SHAPED = Symbol('html5-wasm shaped'); // on each node whose shape is exposed

/** The accessor `name` of `proto` or its prototypes, as an own enumerable property descriptor (null: none). */
function accessorOf(proto, name) {
  for (let p = proto; p !== null; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, name);
    if (d !== undefined) return d.get === undefined ? null : { get: d.get, set: d.set, enumerable: true, configurable: true };
  }
  return null;
}

/**
 * Deep equality (node:assert, util.isDeepStrictEqual) compares a class
 * instance's prototype and own enumerable properties, after reading its
 * Symbol.toStringTag.  Nodes are made with their internals as plain own
 * properties (the tree, the record index: making them any other way costs
 * every node made, and a full walk of a page makes every node), so the tag's
 * getter exposes the shape at that moment, once per node: the internals
 * become non-enumerable and OWN_SHAPE's properties are defined, accessors
 * that are the prototype's own getters (and setters), so the node reads as
 * before.  util.inspect with customInspect: false (assert's diffs) reads the
 * tag first too.
 */
function exposeShape(node) {
  const shape = node[SHAPE];
  for (const k of Object.keys(node)) {
    if (!shape.keys.includes(k)) Object.defineProperty(node, k, { enumerable: false });
  }
  if (Object.prototype.hasOwnProperty.call(node, SHAPED)) return;
  for (const k of shape.keys) {
    const d = shape.descriptors[k];
    if (d !== null && !Object.prototype.hasOwnProperty.call(node, k)) Object.defineProperty(node, k, d);
  }
  Object.defineProperty(node, SHAPED, { value: true });
}

function toStringTag() {
  exposeShape(this);
  return this.constructor.name;
}

/**
 * Install the debugging methods on the classes of js/dom/dom.js: inspect,
 * toJSON, and the Symbol.toStringTag getter of exposeShape (isEqualNode,
 * which Vitest's and Jest's toEqual use, is js/dom/traversal.js's).
 * @param {Record<string, Function>} classes the node classes by name, and Attr
 */
export function installDebugging(classes) {
  const node = classes.Node.prototype;
  const hidden = (value) => ({ value, writable: true, configurable: true });
  Object.defineProperty(node, INSPECT, hidden(inspectNode));
  Object.defineProperty(node, 'toJSON', hidden(function toJSON() { return toPlain(this); }));
  Object.defineProperty(classes.Attr.prototype, INSPECT, hidden(inspectAttr));
  for (const proto of [node, classes.Attr.prototype]) {
    Object.defineProperty(proto, Symbol.toStringTag, { get: toStringTag, configurable: true });
  }
  for (const [name, keys] of Object.entries(OWN_SHAPE)) {
    const proto = classes[name].prototype;
    const descriptors = {};
    for (const k of keys) descriptors[k] = accessorOf(proto, k);
    Object.defineProperty(proto, SHAPE, { value: { keys, descriptors } });
  }
}

// ---- util.inspect ------------------------------------------------------------------

function clip(s) {
  return s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) + '…' : s;
}
const quoted = (s) => JSON.stringify(clip(s));
const plural = (n, one) => `${n} ${one}${n === 1 ? '' : 'ren'}`;

function startTag(el) {
  let s = '<' + el.localName;
  const ns = SHORT_NS.get(el.namespaceURI);
  if (ns !== undefined) s = `<${ns} ${el.localName}`; // as html5lib's tree dumps
  const attrs = el.attributes;
  for (let k = 0; k < attrs.length && k < MAX_ATTRS; k++) s += ` ${attrs[k].name}=${quoted(attrs[k].value)}`;
  if (attrs.length > MAX_ATTRS) s += ` …${attrs.length - MAX_ATTRS} more`;
  return s + '>';
}

/** One line for `node`, without its children. */
function headLine(node) {
  switch (node.nodeType) {
    case ELEMENT: return 'Element ' + startTag(node);
    case TEXT: return 'Text ' + quoted(node.data);
    case CDATA_SECTION: return 'CDATASection ' + quoted(node.data);
    case COMMENT: return 'Comment ' + quoted(node.data);
    case PI: return `ProcessingInstruction <?${node.target} ${clip(node.data)}?>`;
    case DOCTYPE: return `DocumentType <!DOCTYPE ${node.name}${node.publicId || node.systemId ? ` ${quoted(node.publicId)} ${quoted(node.systemId)}` : ''}>`;
    case DOCUMENT: return `Document (${node.mode})`;
    default: return 'DocumentFragment';
  }
}

/** The nodes listed under `node`: its children, and a template's contents. */
function listed(node) {
  if (node.nodeType === ELEMENT && node.localName === 'template' && node.namespaceURI === HTML_NS) {
    return node.childNodes.length === 0 ? [node.content] : [...node.childNodes, node.content];
  }
  return node.childNodes;
}

/**
 * util.inspect(node, { depth }): the node on one line, then its children
 * indented, down to `depth` levels (console.log: 2); deeper nodes show only
 * how many children they have.  Never the internals.
 */
function inspectNode(depth, options) {
  const lines = [];
  const maxDepth = typeof depth === 'number' ? depth : 2;
  const indent = ' '.repeat(typeof options?.indentationLvl === 'number' ? options.indentationLvl : 0);
  const stack = [[this, 0, '']]; // [node | line, level, label]
  while (stack.length > 0) {
    if (lines.length >= MAX_LINES) {
      lines.push(indent + `… (cut at ${MAX_LINES} lines)`);
      break;
    }
    const [x, level, label] = stack.pop();
    const pad = indent + '  '.repeat(level);
    if (typeof x === 'string') {
      lines.push(pad + x);
      continue;
    }
    let line = label + headLine(x);
    const kids = listed(x);
    if (kids.length === 0 || (x.nodeType !== ELEMENT && x.nodeType !== DOCUMENT && x.nodeType !== FRAGMENT)) {
      lines.push(pad + line);
      continue;
    }
    const n = x.childNodes.length;
    if (n > 0) line += ` (${plural(n, 'child')})`;
    if (level >= maxDepth) {
      lines.push(pad + line);
      continue;
    }
    lines.push(pad + line + ' {');
    stack.push(['}', level, '']);
    if (kids.length > MAX_CHILDREN) stack.push([`… ${kids.length - MAX_CHILDREN} more`, level + 1, '']);
    for (let k = Math.min(kids.length, MAX_CHILDREN) - 1; k >= 0; k--) {
      // The last of a template's is its contents (listed()).
      const contents = x.nodeType === ELEMENT && kids[k].nodeType === FRAGMENT;
      stack.push([kids[k], level + 1, contents ? 'content: ' : '']);
    }
  }
  return lines.join('\n').slice(indent.length);
}

function inspectAttr() {
  return `Attr ${this.name}=${quoted(this.value)}`;
}

// ---- toJSON ----------------------------------------------------------------------

/**
 * The plain data of `node`'s subtree (the shape is documented in README.md,
 * "Debugging"):
 *   { type: 'document', mode, children }      { type: 'fragment', children }
 *   { type: 'element', name, namespace?, attributes, children, content? }
 *   { type: 'text', data }   { type: 'comment', data }
 *   { type: 'processingInstruction', target, data }
 *   { type: 'doctype', name, publicId, systemId }
 * `namespace` ('svg' or 'mathml') only outside HTML; `attributes` maps
 * qualified names to values; `content`: a template's contents.
 */
function toPlain(root) {
  const out = { value: null };
  const stack = [[root, out, 'value']];
  while (stack.length > 0) {
    const [node, into, key] = stack.pop();
    let o;
    switch (node.nodeType) {
      case ELEMENT: {
        o = { type: 'element', name: node.localName };
        const ns = SHORT_NS.get(node.namespaceURI);
        if (ns !== undefined) o.namespace = ns;
        o.attributes = {};
        for (const a of node.attributes) o.attributes[a.name] = a.value;
        if (node.localName === 'template' && node.namespaceURI === HTML_NS) stack.push([node.content, o, 'content']);
        break;
      }
      case TEXT: o = { type: 'text', data: node.data }; break;
      case CDATA_SECTION: o = { type: 'cdata', data: node.data }; break;
      case COMMENT: o = { type: 'comment', data: node.data }; break;
      case PI: o = { type: 'processingInstruction', target: node.target, data: node.data }; break;
      case DOCTYPE: o = { type: 'doctype', name: node.name, publicId: node.publicId, systemId: node.systemId }; break;
      case DOCUMENT: o = { type: 'document', mode: node.mode }; break;
      default: o = { type: 'fragment' };
    }
    if (node.nodeType === ELEMENT || node.nodeType === DOCUMENT || node.nodeType === FRAGMENT) {
      const kids = node.childNodes;
      o.children = new Array(kids.length);
      for (let k = kids.length - 1; k >= 0; k--) stack.push([kids[k], o.children, k]);
    }
    into[key] = o;
  }
  return out.value;
}

