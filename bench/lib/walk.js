// Full iterative walks over each tree shape.  Every walk visits every node
// (including <template> contents) and reads every node name, attribute name
// and value, and text/comment data.  Each returns the number of nodes and
// adds the string lengths it read to `sink.chars`, so the reads cannot be
// optimised away (and node counts can be compared across parsers).

export const sink = { chars: 0 };

const HTML_NS = 'http://www.w3.org/1999/xhtml';

// The loop every walk shares: depth first from `root`; `read(node, stack)`
// returns the length of what it read of the node (and may push a template's
// contents), `kids(node)` gives its children or undefined.  Each parser has
// its own instance of this module (bench/lib/parsers.js), so each instance's
// loop sees one `read` and V8 inlines it.
function walkWith(root, read, kids) {
  let nodes = 0;
  let chars = 0;
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    nodes++;
    chars += read(node, stack);
    const k = kids(node);
    if (k !== undefined) for (let i = k.length - 1; i >= 0; i--) stack.push(k[i]);
  }
  sink.chars += chars;
  return nodes;
}

/** DOM-like nodes of html5-wasm (js/dom/dom.js): childNodes, attributes, data. */
export const walkDom = (root) => walkWith(root, readDom, (node) => node.childNodes);
function readDom(node, stack) {
  let chars = node.nodeName.length;
  const type = node.nodeType;
  if (type === 1) {
    const attrs = node.attributes;
    for (let i = 0, n = attrs.length; i < n; i++) {
      const a = attrs[i];
      chars += a.name.length + a.value.length;
    }
    // Only a template's content: other elements reflect a `content` attribute (meta.content) as a string.
    if (node.nodeName === 'TEMPLATE' && node.namespaceURI === HTML_NS) stack.push(node.content);
  } else if (type === 3 || type === 8) {
    chars += node.data.length;
  }
  return chars;
}

/** parse5's tree shape (also html5-wasm's `format: 'object'`). */
export const walkParse5 = (root) => walkWith(root, readParse5, (node) => node.childNodes);
function readParse5(node, stack) {
  let chars = node.nodeName.length;
  const attrs = node.attrs;
  if (attrs !== undefined) {
    for (let i = 0, n = attrs.length; i < n; i++) {
      const a = attrs[i];
      chars += a.name.length + a.value.length;
    }
    if (node.content !== undefined) stack.push(node.content);
  } else if (node.nodeName === '#text') {
    chars += node.value.length;
  } else if (node.nodeName === '#comment') {
    chars += node.data.length;
  } else if (node.nodeName === '#documentType') {
    chars += node.name.length;
  }
  return chars;
}

/** htmlparser2's (domhandler's) tree shape: children, name, attribs, data. */
export const walkHtmlparser2 = (root) => walkWith(root, readHtmlparser2, (node) => node.children);
function readHtmlparser2(node) {
  let chars = 0;
  const attribs = node.attribs;
  if (attribs !== undefined) {
    chars += node.name.length;
    for (const name in attribs) chars += name.length + attribs[name].length;
  } else if (node.data !== undefined) {
    chars += node.data.length; // text, comment, directive (doctype)
  }
  return chars;
}
