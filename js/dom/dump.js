// dumpTree(): a tree as text in the html5lib tree-construction test format
// ("| <html>", "|   <head>", ...).  Works on DOM-like nodes and on
// parse5-shaped objects; iterative, so any depth works.  A debugging aid and
// what the conformance tests compare.
import { ANS_NONE, ATTR_NS_PREFIX, ATTR_NS_URI, ELEMENT_NS_URI, NS_HTML, NS_MATHML, NS_SVG } from '../core/abi.js';
import { shadowRootOf } from './dom.js';

const NS_PREFIX = { [ELEMENT_NS_URI[NS_SVG]]: 'svg ', [ELEMENT_NS_URI[NS_MATHML]]: 'math ' };

function kind(node) {
  if (node.nodeType !== undefined) return node.nodeType;
  switch (node.nodeName) {
    case '#document': return 9;
    case '#document-fragment': return 11;
    case '#documentType': return 10;
    case '#text': return 3;
    case '#comment': return node.processingInstruction ? 7 : 8; // js/html/object.js
    case '#processing-instruction': return 7;
    default: return 1;
  }
}

const childrenOf = (node) => node.childNodes ?? [];

function elementLine(node) {
  const local = node.localName ?? node.tagName;
  return `<${NS_PREFIX[node.namespaceURI] ?? ''}${local}>`;
}

function attributeLines(node) {
  const out = [];
  const attrs = node.attrs ?? node.attributes ?? [];
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i];
    // DOM-like: localName + prefix; parse5 objects: name (local) + prefix.
    const local = a.localName ?? a.name;
    const shown = a.prefix ? `${a.prefix} ${local}` : a.namespace || a.namespaceURI ? `${nsWord(a.namespace ?? a.namespaceURI)} ${local}` : a.name;
    out.push([shown, a.value]);
  }
  out.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return out.map(([n, v]) => `${n}="${v}"`);
}

// The prefix html5lib's format shows for an attribute namespace, else the URI.
function nsWord(uri) {
  const ns = ATTR_NS_URI.indexOf(uri);
  return ns > ANS_NONE ? ATTR_NS_PREFIX[ns] : uri;
}

// A shadow host's root (shadowRoots: true), closed ones too: the DOM format's
// (element.shadowRoot is null for those) or the object format's `shadowRoot`.
const shadowOf = (node) => (node._t !== undefined ? shadowRootOf(node) : node.shadowRoot ?? null);

/** "#shadow-root (open)" and the root's flags in getHTML()'s order (test/data/wpt/README.md). */
function shadowLine(sr) {
  let s = `#shadow-root (${sr.mode})`;
  if (sr.delegatesFocus) s += ' delegatesfocus';
  if (sr.serializable) s += ' serializable';
  if (sr.slotAssignment === 'manual') s += ' slotassignment=manual';
  if (sr.clonable) s += ' clonable';
  if (sr.keepCustomElementRegistryNull) s += ' customelementregistry';
  return s;
}

/**
 * @param {object} root a Document, DocumentFragment or element (DOM-like or parse5 shape)
 * @returns {string} lines "| ..." joined with "\n", ending with "\n"
 */
export function dumpTree(root) {
  if (root === null || typeof root !== 'object') {
    throw new TypeError(`dumpTree(root): root must be a node (DOM-like or a parse5-shaped object); got ${root === null ? 'null' : typeof root}`);
  }
  let out = '';
  // Stack of [node, depth]; children pushed in reverse.  Template contents
  // are shown as a "content" pseudo-node holding the fragment's children, a
  // shadow root as "#shadow-root (mode) flags" holding the root's.
  const stack = [];
  const pushChildren = (node, depth) => {
    const kids = childrenOf(node);
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth]);
  };
  pushChildren(root, 0);
  while (stack.length) {
    const [node, depth] = stack.pop();
    const pad = '| ' + '  '.repeat(depth);
    if (Array.isArray(node)) { // ['content', fragment] or [shadow line, shadow root]
      out += `${pad}${node[0]}\n`;
      pushChildren(node[1], depth + 1);
      continue;
    }
    switch (kind(node)) {
      case 1: {
        out += pad + elementLine(node) + '\n';
        for (const a of attributeLines(node)) out += `${pad}  ${a}\n`;
        const content = node.content;
        // Children first in output order: attributes, then template
        // "content", then (for templates, none) children.
        pushChildren(node, depth + 1);
        // (A template's content is a fragment; <meta>'s content is a string, its attribute.)
        if (content && typeof content === 'object' && (node.namespaceURI === undefined || node.namespaceURI === ELEMENT_NS_URI[NS_HTML])) {
          stack.push([['content', content], depth + 1]);
        }
        const sr = shadowOf(node);
        if (sr) stack.push([[shadowLine(sr), sr], depth + 1]);
        break;
      }
      case 3: out += `${pad}"${node.data ?? node.value}"\n`; break;
      case 8: out += `${pad}<!-- ${node.data} -->\n`; break;
      case 10: {
        const pub = node.publicId ?? '', sys = node.systemId ?? '';
        out += pub || sys ? `${pad}<!DOCTYPE ${node.name ?? ''} "${pub}" "${sys}">\n` : `${pad}<!DOCTYPE ${node.name ?? ''}>\n`;
        break;
      }
      // As web-platform-tests' .dat files write them: | <?target data?>, | <?target ?>
      case 7: {
        const pi = node.processingInstruction ?? node;
        out += `${pad}<?${pi.target} ${pi.data}?>\n`;
        break;
      }
      default: throw new TypeError(`dumpTree: unexpected node ${node.nodeName}`);
    }
  }
  return out;
}
