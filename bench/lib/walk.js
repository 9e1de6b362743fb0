// Full iterative walks over each tree shape.  Every walk visits every node
// (including <template> contents) and reads every node name, attribute name
// and value, and text/comment data.  Each returns the number of nodes and
// adds the string lengths it read to `sink.chars`, so the reads cannot be
// optimised away (and node counts can be compared across parsers).

export const sink = { chars: 0 };

/** DOM-like nodes of html5-wasm (js/dom.js): childNodes, attributes, data. */
export function walkDom(root) {
  let nodes = 0;
  let chars = 0;
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    nodes++;
    chars += node.nodeName.length;
    const type = node.nodeType;
    if (type === 1) {
      const attrs = node.attributes;
      for (let i = 0, n = attrs.length; i < n; i++) {
        const a = attrs[i];
        chars += a.name.length + a.value.length;
      }
      if (node.content) stack.push(node.content);
    } else if (type === 3 || type === 8) {
      chars += node.data.length;
    }
    const kids = node.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  sink.chars += chars;
  return nodes;
}

/** parse5's tree shape (also html5-wasm's `format: 'object'`). */
export function walkParse5(root) {
  let nodes = 0;
  let chars = 0;
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    nodes++;
    chars += node.nodeName.length;
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
    const kids = node.childNodes;
    if (kids !== undefined) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  sink.chars += chars;
  return nodes;
}

/** htmlparser2's (domhandler's) tree shape: children, name, attribs, data. */
export function walkHtmlparser2(root) {
  let nodes = 0;
  let chars = 0;
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    nodes++;
    const attribs = node.attribs;
    if (attribs !== undefined) {
      chars += node.name.length;
      for (const name in attribs) chars += name.length + attribs[name].length;
    } else if (node.data !== undefined) {
      chars += node.data.length; // text, comment, directive (doctype)
    }
    const kids = node.children;
    if (kids !== undefined) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  sink.chars += chars;
  return nodes;
}
