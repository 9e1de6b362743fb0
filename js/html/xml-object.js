// format: 'object' for XML documents: js/html/object.js's objects with the XML
// section's names (docs/xml5.md, README "XML"), and CDATA sections marked:
// a Text node with node flag CDATA is `{ nodeName: '#text', value,
// parentNode, cdata: true }` (parse5's shape has no CDATA node, and tools
// built on it take a nodeName they do not know for an element).
import { INFO_CDATA, NODE_WORDS } from '../core/abi.js';

/** Rewrites the names of `root`'s tree in place (`n`: its node records); returns `root`. */
export function xmlObjects(root, xml, n) {
  const { nq, aq, ns, prefix } = xml;
  if (root.nodeName === '#document') root.xmlDeclaration = xml.declaration === null ? null : { ...xml.declaration };
  // Pre-order, as the records: node i is the i-th object visited, and the
  // attribute records follow the elements in that order.
  const stack = [root];
  let i = 0, k = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    if (node.attrs !== undefined) {
      const q = nq[i];
      const local = node.tagName;
      const name = prefix[q] === null ? local : prefix[q] + ':' + local;
      node.nodeName = node.tagName = name;
      node.localName = local;
      node.namespaceURI = ns[q];
      node.prefix = prefix[q];
      const attrs = node.attrs;
      for (let j = 0; j < attrs.length; j++, k++) {
        const aqk = aq[k];
        if (ns[aqk] === null) attrs[j] = { name: attrs[j].name, value: attrs[j].value };
        else attrs[j] = { name: attrs[j].name, value: attrs[j].value, prefix: prefix[aqk] ?? '', namespace: ns[aqk] };
      }
    } else if ((n[i * NODE_WORDS] & INFO_CDATA) !== 0) node.cdata = true;
    i++;
    const c = node.childNodes;
    if (c !== undefined) for (let j = c.length - 1; j >= 0; j--) stack.push(c[j]);
    // A template's contents (HTML 13.4: the XML parser appends to them)
    // come right after it in the records, before its children.
    if (node.content != null && node.attrs !== undefined) stack.push(node.content);
  }
  return root;
}
