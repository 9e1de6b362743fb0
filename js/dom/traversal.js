// Node-level reading APIs of the DOM standard (issue 18): the Node constants
// (4.4), compareDocumentPosition, isEqualNode, isSameNode, the namespace
// lookups (4.4 "locate a namespace" / "locate a namespace prefix"),
// NodeIterator and TreeWalker with NodeFilter (6), and the collections that
// ParentNode, Node and querySelectorAll return (4.2.6, 4.2.10): children and
// getElementsBy* are live HTMLCollections, querySelectorAll a static
// NodeList (childNodes is js/dom/dom.js's NodeList, cached per node).
//
// Everything walks the tree through the node objects' navigation (or the
// Tree's parent/first/next records), never through record indices as tree
// order, so it stays right once the tree is mutable (the mutation branch
// keeps those methods and makes them reflect changes).  The collection
// getters wrap js/dom/dom.js's implementations: they keep whatever dom.js
// computes and add the standard's interface.
import { NONE } from '../core/abi.js';
import { Attr, Document, DocumentFragment, Element, Node, XML_NS, XMLNS_NS } from './dom.js';
import { HTMLCollection, NodeList, liveCollection } from './collections.js';
import { domException } from './tokenlist.js';

/** DOM 4.4 Node constants. */
export const NODE_TYPES = {
  ELEMENT_NODE: 1,
  ATTRIBUTE_NODE: 2,
  TEXT_NODE: 3,
  CDATA_SECTION_NODE: 4,
  ENTITY_REFERENCE_NODE: 5,
  ENTITY_NODE: 6,
  PROCESSING_INSTRUCTION_NODE: 7,
  COMMENT_NODE: 8,
  DOCUMENT_NODE: 9,
  DOCUMENT_TYPE_NODE: 10,
  DOCUMENT_FRAGMENT_NODE: 11,
  NOTATION_NODE: 12,
  DOCUMENT_POSITION_DISCONNECTED: 0x01,
  DOCUMENT_POSITION_PRECEDING: 0x02,
  DOCUMENT_POSITION_FOLLOWING: 0x04,
  DOCUMENT_POSITION_CONTAINS: 0x08,
  DOCUMENT_POSITION_CONTAINED_BY: 0x10,
  DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC: 0x20,
};

/** DOM 6.3 NodeFilter: the constants (acceptNode is the caller's). */
export const NodeFilter = Object.freeze({
  FILTER_ACCEPT: 1,
  FILTER_REJECT: 2,
  FILTER_SKIP: 3,
  SHOW_ALL: 0xffffffff,
  SHOW_ELEMENT: 0x1,
  SHOW_ATTRIBUTE: 0x2,
  SHOW_TEXT: 0x4,
  SHOW_CDATA_SECTION: 0x8,
  SHOW_ENTITY_REFERENCE: 0x10,
  SHOW_ENTITY: 0x20,
  SHOW_PROCESSING_INSTRUCTION: 0x40,
  SHOW_COMMENT: 0x80,
  SHOW_DOCUMENT: 0x100,
  SHOW_DOCUMENT_TYPE: 0x200,
  SHOW_DOCUMENT_FRAGMENT: 0x400,
  SHOW_NOTATION: 0x800,
});

const { DOCUMENT_POSITION_DISCONNECTED: DISCONNECTED, DOCUMENT_POSITION_PRECEDING: PRECEDING, DOCUMENT_POSITION_FOLLOWING: FOLLOWING,
  DOCUMENT_POSITION_CONTAINS: CONTAINS, DOCUMENT_POSITION_CONTAINED_BY: CONTAINED_BY, DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC: IMPLEMENTATION_SPECIFIC } = NODE_TYPES;

const isNode = (x) => x instanceof Node;
function checkNode(fn, x) {
  if (!isNode(x) && !(x instanceof Attr)) throw new TypeError(`${fn}: argument 1 is not a Node`);
}

// A stable order between trees (DOM 4.4: "implementation-specific but consistent").
const treeIds = new WeakMap();
let nextTreeId = 0;
function treeId(t) {
  let id = treeIds.get(t);
  if (id === undefined) treeIds.set(t, (id = ++nextTreeId));
  return id;
}

/** [node's ancestors from the root down to node]: record indices of one tree. */
function pathOf(t, i) {
  const path = [];
  for (let j = i; j !== NONE; j = t.parent(j)) path.push(j);
  return path.reverse();
}

/** DOM 4.4 compareDocumentPosition(other): how `other` is placed relative to `this`. */
function compareDocumentPosition(other) {
  checkNode('compareDocumentPosition', other);
  if (other === this) return 0;
  let node1 = other;
  let node2 = this;
  let attr1 = null;
  let attr2 = null;
  if (node1 instanceof Attr) {
    attr1 = node1;
    node1 = attr1.ownerElement;
  }
  if (node2 instanceof Attr) {
    attr2 = node2;
    node2 = attr2.ownerElement;
    if (attr1 !== null && node1 === node2) {
      // Two attributes of one element: their order in its attribute list.
      if (attr1.name === attr2.name && attr1.namespaceURI === attr2.namespaceURI) return 0;
      for (const a of node2.attributes) {
        if (a.name === attr1.name && a.namespaceURI === attr1.namespaceURI) return IMPLEMENTATION_SPECIFIC | PRECEDING;
        if (a.name === attr2.name && a.namespaceURI === attr2.namespaceURI) return IMPLEMENTATION_SPECIFIC | FOLLOWING;
      }
    }
  }
  const t1 = node1._t;
  const t2 = node2._t;
  const p1 = pathOf(t1, node1._i);
  const p2 = pathOf(t2, node2._i);
  if (t1 !== t2 || p1[0] !== p2[0]) {
    const a = [treeId(t1), p1[0]];
    const b = [treeId(t2), p2[0]];
    const before = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
    return DISCONNECTED | IMPLEMENTATION_SPECIFIC | (before ? PRECEDING : FOLLOWING);
  }
  // DOM 4.4 steps 8-9: ancestor (an attribute's element contains the attribute).
  const anc1 = p1.length < p2.length && p2[p1.length - 1] === node1._i;
  const anc2 = p2.length < p1.length && p1[p2.length - 1] === node2._i;
  if ((anc1 && attr1 === null) || (node1 === node2 && attr2 !== null)) return CONTAINS | PRECEDING;
  if ((anc2 && attr2 === null) || (node1 === node2 && attr1 !== null)) return CONTAINED_BY | FOLLOWING;
  if (anc1) return PRECEDING;
  if (anc2) return FOLLOWING;
  // The children of the deepest common ancestor that lead to each, in sibling order.
  let k = 0;
  while (p1[k] === p2[k]) k++;
  const a = p1[k];
  const b = p2[k];
  const t = t1;
  if (t.version === 0) return a < b ? PRECEDING : FOLLOWING; // unchanged tree: records are in tree order
  for (let j = t.next(a); j !== NONE; j = t.next(j)) if (j === b) return PRECEDING;
  return FOLLOWING;
}

/** DOM 4.4 isEqualNode(otherNode), iteratively (any depth). */
function isEqualNode(other) {
  if (other === null || other === undefined) return false;
  checkNode('isEqualNode', other);
  const stack = [this, other];
  while (stack.length) {
    const b = stack.pop();
    const a = stack.pop();
    if (!shallowEqual(a, b)) return false;
    if (a instanceof Attr) continue;
    const ca = a.childNodes;
    const cb = b.childNodes;
    if (ca.length !== cb.length) return false;
    for (let k = 0; k < ca.length; k++) stack.push(ca[k], cb[k]);
  }
  return true;
}
function shallowEqual(a, b) {
  if (a.nodeType !== b.nodeType) return false;
  switch (a.nodeType) {
    case 10:
      return a.name === b.name && a.publicId === b.publicId && a.systemId === b.systemId;
    case 1: {
      if (a.namespaceURI !== b.namespaceURI || a.prefix !== b.prefix || a.localName !== b.localName) return false;
      const x = a.attributes;
      const y = b.attributes;
      if (x.length !== y.length) return false;
      for (const p of x) {
        if (!Array.prototype.some.call(y, (q) => q.namespaceURI === p.namespaceURI && q.localName === p.localName && q.value === p.value)) return false;
      }
      return true;
    }
    case 2:
      return a.namespaceURI === b.namespaceURI && a.localName === b.localName && a.value === b.value;
    case 7:
      return a.target === b.target && a.data === b.data;
    case 3:
    case 4:
    case 8:
      return a.data === b.data;
    default:
      return true;
  }
}

// DOM 4.4 "locate a namespace" for an element (iteratively up the ancestors).
function locateNamespace(node, prefix) {
  let e = node;
  while (e !== null) {
    if (e.nodeType === 9) e = e.documentElement;
    else if (e.nodeType === 10 || e.nodeType === 11) return null;
    else if (e.nodeType !== 1) e = e.parentElement;
    else {
      if (prefix === 'xml') return XML_NS;
      if (prefix === 'xmlns') return XMLNS_NS;
      if (e.namespaceURI !== null && e.prefix === prefix) return e.namespaceURI;
      for (const a of e.attributes) {
        if (a.namespaceURI !== XMLNS_NS) continue;
        if ((a.prefix === 'xmlns' && a.localName === prefix) || (prefix === null && a.prefix === null && a.localName === 'xmlns')) {
          return a.value === '' ? null : a.value;
        }
      }
      e = e.parentElement;
    }
  }
  return null;
}
// DOM 4.4 "locate a namespace prefix".
function locatePrefix(node, namespace) {
  let e = node;
  if (e.nodeType === 9) e = e.documentElement;
  else if (e.nodeType === 10 || e.nodeType === 11) return null;
  else if (e.nodeType !== 1) e = e.parentElement;
  for (; e !== null; e = e.parentElement) {
    if (e.namespaceURI === namespace && e.prefix !== null) return e.prefix;
    for (const a of e.attributes) if (a.prefix === 'xmlns' && a.value === namespace) return a.localName;
  }
  return null;
}
const nsArg = (v) => (v === '' || v === undefined ? null : v === null ? null : String(v));


function define(proto, methods) {
  for (const [k, v] of Object.entries(methods)) Object.defineProperty(proto, k, { value: v, writable: true, configurable: true });
}

// ---- NodeIterator and TreeWalker (DOM 6) -----------------------------------

/** DOM 6 "filter": whatToShow, then the filter callback, with the active flag. */
function filterNode(it, node) {
  if (it._active) throw domException('the NodeFilter called back into its own traversal', 'InvalidStateError');
  const bit = 1 << (node.nodeType - 1);
  if ((it.whatToShow & bit) === 0) return NodeFilter.FILTER_SKIP;
  const f = it.filter;
  if (f === null) return NodeFilter.FILTER_ACCEPT;
  it._active = true;
  try {
    const r = typeof f === 'function' ? f(node) : f.acceptNode(node);
    return Number(r) >>> 0 & 0xffff;
  } finally {
    it._active = false;
  }
}
function checkFilter(fn, filter) {
  if (filter === undefined || filter === null) return null;
  if (typeof filter === 'function' || (typeof filter === 'object' && typeof filter.acceptNode === 'function')) return filter;
  if (typeof filter === 'object') return filter; // WebIDL callback interface: acceptNode is read at each call
  throw new TypeError(`${fn}: filter must be a function, an object with acceptNode, or null`);
}

// Tree order helpers over node objects (following / preceding within root).
function following(node, root) {
  if (node.firstChild !== null) return node.firstChild;
  for (let n = node; n !== null && n !== root; n = n.parentNode) if (n.nextSibling !== null) return n.nextSibling;
  return null;
}
function preceding(node, root) {
  if (node === root) return null;
  let n = node.previousSibling;
  if (n === null) return node.parentNode;
  while (n.lastChild !== null) n = n.lastChild;
  return n;
}

// What NodeIterator and TreeWalker share: root, whatToShow, filter and the active flag (DOM 6).
class Traversal {
  constructor(root, whatToShow, filter) {
    this.root = root;
    this.whatToShow = whatToShow;
    this.filter = filter;
    this._active = false;
  }
}

/**
 * The live NodeIterators of a tree, for the DOM's "remove" (4.2.3 step 8:
 * "for each NodeIterator object iterator whose root's node document is
 * node's node document, run the NodeIterator pre-removing steps").  A Tree
 * gets the set and its `preRemove` hook (js/dom/dom.js Tree.unlink calls it
 * before a node leaves its parent) when the first iterator over it is made;
 * entries are weak, so an iterator nobody holds is dropped.
 */
function watchRemovals(it) {
  const t = it.root._t;
  if (t._nodeIterators === undefined) {
    t._nodeIterators = new Set();
    t.preRemove = preRemove;
  }
  t._nodeIterators.add(new WeakRef(it));
}
/** Tree#preRemove(i): node i of this tree is about to be removed from its parent. */
function preRemove(i) {
  let node = null;
  for (const ref of this._nodeIterators) {
    const it = ref.deref();
    if (it === undefined) this._nodeIterators.delete(ref);
    else if (it.root._t === this) preRemovingSteps(it, node ??= this.node(i));
  }
}
/** DOM 6.1 "NodeIterator pre-removing steps" given iterator `it` and toBeRemovedNode `node`. */
function preRemovingSteps(it, node) {
  if (node === it.root || !node.contains(it._ref)) return;
  if (it._before) {
    // the first node following `node` (not inside it) inside root
    let next = null;
    for (let n = node; n !== null && n !== it.root; n = n.parentNode) {
      if (n.nextSibling !== null) {
        next = n.nextSibling;
        break;
      }
    }
    if (next !== null) {
      it._ref = next;
      return;
    }
    it._before = false;
  }
  let ref = node.previousSibling;
  if (ref === null) ref = node.parentNode;
  else while (ref.lastChild !== null) ref = ref.lastChild;
  it._ref = ref;
}

/** DOM 6.1 NodeIterator: live, adjusted when nodes before or around its reference are removed. */
export class NodeIterator extends Traversal {
  constructor(root, whatToShow, filter) {
    super(root, whatToShow, filter);
    this._ref = root;
    this._before = true;
    watchRemovals(this);
  }
  get referenceNode() { return this._ref; }
  get pointerBeforeReferenceNode() { return this._before; }
  _traverse(next) {
    let node = this._ref;
    let before = this._before;
    for (;;) {
      if (next) {
        if (!before) {
          node = following(node, this.root);
          if (node === null) return null;
        } else before = false;
      } else if (before) {
        node = preceding(node, this.root);
        if (node === null) return null;
      } else before = true;
      if (filterNode(this, node) === NodeFilter.FILTER_ACCEPT) break;
    }
    this._ref = node;
    this._before = before;
    return node;
  }
  nextNode() { return this._traverse(true); }
  previousNode() { return this._traverse(false); }
  detach() {}
  get [Symbol.toStringTag]() { return 'NodeIterator'; }
}

/** DOM 6.2 TreeWalker. */
export class TreeWalker extends Traversal {
  constructor(root, whatToShow, filter) {
    super(root, whatToShow, filter);
    this._current = root;
  }
  get currentNode() { return this._current; }
  set currentNode(node) {
    if (!isNode(node)) throw new TypeError('TreeWalker.currentNode: not a Node');
    this._current = node;
  }
  parentNode() {
    let node = this._current;
    while (node !== null && node !== this.root) {
      node = node.parentNode;
      if (node !== null && filterNode(this, node) === NodeFilter.FILTER_ACCEPT) return (this._current = node);
    }
    return null;
  }
  // DOM 6.2 "traverse children".
  _children(first) {
    let node = first ? this._current.firstChild : this._current.lastChild;
    while (node !== null) {
      const r = filterNode(this, node);
      if (r === NodeFilter.FILTER_ACCEPT) return (this._current = node);
      if (r === NodeFilter.FILTER_SKIP) {
        const child = first ? node.firstChild : node.lastChild;
        if (child !== null) {
          node = child;
          continue;
        }
      }
      while (node !== null) {
        const sibling = first ? node.nextSibling : node.previousSibling;
        if (sibling !== null) {
          node = sibling;
          break;
        }
        const parent = node.parentNode;
        if (parent === null || parent === this.root || parent === this._current) return null;
        node = parent;
      }
    }
    return null;
  }
  firstChild() { return this._children(true); }
  lastChild() { return this._children(false); }
  // DOM 6.2 "traverse siblings".
  _siblings(next) {
    let node = this._current;
    if (node === this.root) return null;
    for (;;) {
      let sibling = next ? node.nextSibling : node.previousSibling;
      while (sibling !== null) {
        node = sibling;
        const r = filterNode(this, node);
        if (r === NodeFilter.FILTER_ACCEPT) return (this._current = node);
        sibling = next ? node.firstChild : node.lastChild;
        if (r === NodeFilter.FILTER_REJECT || sibling === null) sibling = next ? node.nextSibling : node.previousSibling;
      }
      node = node.parentNode;
      if (node === null || node === this.root) return null;
      if (filterNode(this, node) === NodeFilter.FILTER_ACCEPT) return null;
    }
  }
  nextSibling() { return this._siblings(true); }
  previousSibling() { return this._siblings(false); }
  previousNode() {
    let node = this._current;
    while (node !== this.root) {
      let sibling = node.previousSibling;
      while (sibling !== null) {
        node = sibling;
        let r = filterNode(this, node);
        while (r !== NodeFilter.FILTER_REJECT && node.lastChild !== null) {
          node = node.lastChild;
          r = filterNode(this, node);
        }
        if (r === NodeFilter.FILTER_ACCEPT) return (this._current = node);
        sibling = node.previousSibling;
      }
      if (node === this.root || node.parentNode === null) return null;
      node = node.parentNode;
      if (filterNode(this, node) === NodeFilter.FILTER_ACCEPT) return (this._current = node);
    }
    return null;
  }
  nextNode() {
    let node = this._current;
    let r = NodeFilter.FILTER_ACCEPT;
    for (;;) {
      while (r !== NodeFilter.FILTER_REJECT && node.firstChild !== null) {
        node = node.firstChild;
        r = filterNode(this, node);
        if (r === NodeFilter.FILTER_ACCEPT) return (this._current = node);
      }
      let sibling = null;
      for (let temp = node; temp !== null; temp = temp.parentNode) {
        if (temp === this.root) return null;
        sibling = temp.nextSibling;
        if (sibling !== null) {
          node = sibling;
          break;
        }
      }
      if (sibling === null) return null;
      r = filterNode(this, node);
      if (r === NodeFilter.FILTER_ACCEPT) return (this._current = node);
    }
  }
  get [Symbol.toStringTag]() { return 'TreeWalker'; }
}

function traversalArgs(fn, root, whatToShow, filter) {
  if (!isNode(root)) throw new TypeError(`${fn}: root must be a Node`);
  const show = whatToShow === undefined ? NodeFilter.SHOW_ALL : Number(whatToShow) >>> 0;
  return [root, show, checkFilter(fn, filter)];
}

// ---- collections (DOM 4.2.6 ParentNode, 4.4 childNodes, 4.2.10) ---------------

// The ParentNode mixin's members: js/dom/dom.js copies them onto each of these prototypes, and so does this.
const ParentNodeProto = Element.prototype;
const wrapped = (proto, name) => {
  const d = Object.getOwnPropertyDescriptor(proto, name);
  if (d === undefined) throw new Error(`js/dom/traversal.js: ${name} is missing from js/dom/dom.js`);
  return d;
};
/** Wrap a method of js/dom/dom.js that returns an array as one returning a live HTMLCollection. */
function liveMethod(name) {
  const impl = wrapped(ParentNodeProto, name).value;
  return function (...args) {
    const self = this;
    return liveCollection(this._t, HTMLCollection, (list) => {
      for (const e of impl.apply(self, args)) list.push(e);
    });
  };
}
const childrenImpl = wrapped(ParentNodeProto, 'children').get;
const qsaImpl = wrapped(ParentNodeProto, 'querySelectorAll').value;
const PARENT_NODE_LIVE = {
  getElementsByTagName: { value: liveMethod('getElementsByTagName'), writable: true, configurable: true },
  getElementsByTagNameNS: { value: liveMethod('getElementsByTagNameNS'), writable: true, configurable: true },
  getElementsByClassName: { value: liveMethod('getElementsByClassName'), writable: true, configurable: true },
  // A live HTMLCollection, made once per node.
  children: {
    get() {
      let c = this._children;
      if (c === undefined) {
        const self = this;
        c = this._children = liveCollection(this._t, HTMLCollection, (list) => {
          for (const e of childrenImpl.call(self)) list.push(e);
        });
      }
      return c;
    },
    configurable: true,
  },
  // DOM 4.2.6: querySelectorAll returns a static NodeList.
  querySelectorAll: {
    value(selectors) {
      const a = qsaImpl.call(this, selectors);
      const out = new NodeList(a.length);
      for (let k = 0; k < a.length; k++) out[k] = a[k];
      return out;
    },
    writable: true,
    configurable: true,
  },
};

let installed = false;
/** Install the members of this module on js/dom/dom.js's classes (DOM 4.4 and 6); called once by installDom() (js/dom/install.js). */
export function installTraversal() {
  if (installed) return;
  installed = true;
  for (const target of [Node, Node.prototype, Attr, Attr.prototype]) {
    for (const [k, v] of Object.entries(NODE_TYPES)) Object.defineProperty(target, k, { value: v, enumerable: true });
  }
  define(Node.prototype, {
    compareDocumentPosition,
    isEqualNode,
    isSameNode(other) { return other === this; },
    lookupNamespaceURI(prefix) { return locateNamespace(this, nsArg(prefix)); },
    lookupPrefix(namespace) {
      const ns = nsArg(namespace);
      return ns === null ? null : locatePrefix(this, ns);
    },
    isDefaultNamespace(namespace) { return locateNamespace(this, null) === nsArg(namespace); },
  });
  define(Attr.prototype, {
    compareDocumentPosition,
    isEqualNode(other) { return other instanceof Attr && shallowEqual(this, other); },
    isSameNode(other) { return other === this; },
  });
  define(Document.prototype, {
    /** DOM 4.5 createNodeIterator(root, whatToShow = SHOW_ALL, filter = null). */
    createNodeIterator(root, whatToShow, filter) { return new NodeIterator(...traversalArgs('createNodeIterator', root, whatToShow, filter)); },
    /** DOM 4.5 createTreeWalker(root, whatToShow = SHOW_ALL, filter = null). */
    createTreeWalker(root, whatToShow, filter) { return new TreeWalker(...traversalArgs('createTreeWalker', root, whatToShow, filter)); },
  });
  for (const proto of [Element.prototype, DocumentFragment.prototype, Document.prototype]) Object.defineProperties(proto, PARENT_NODE_LIVE);
}
