// dumpXmlTree(doc): an XML document's tree in the notation of xml5lib-tests'
// tree tests (html5lib's, with namespaces in braces): elements
// `<{namespace}qualified-name>`, attributes one level deeper as
// `{namespace}name="value"` sorted, text `"..."`, CDATA sections
// `<![CDATA[...]]>` (xml5lib-tests have none), comments `<!-- data -->`,
// processing instructions `<?target data?>`, `<!DOCTYPE name "public" "system">`;
// a template element's contents (HTML 13.4) as html5lib's tree tests show
// them: a `content` line one level deeper, holding the fragment's children.
// Reads only the DOM interface of the nodes; iterative (any depth).
import { HTML_NS } from '../dom/dom.js';

/** @param {object} doc a Document (or any node: its children are dumped) */
export function dumpXmlTree(doc) {
  const lines = [];
  const ns = (uri) => (uri === null ? '' : `{${uri}}`);
  const stack = [...doc.childNodes].reverse().map((n) => [n, 0]);
  while (stack.length > 0) {
    const [n, depth] = stack.pop();
    const pad = '| ' + '  '.repeat(depth);
    switch (n.nodeType) {
      case 1:
        lines.push(`${pad}<${ns(n.namespaceURI)}${n.tagName}>`);
        lines.push(...n.attributes.map((a) => `${pad}  ${ns(a.namespaceURI)}${a.name}="${a.value}"`).sort());
        break;
      case 3: lines.push(`${pad}"${n.data}"`); break;
      case 4: lines.push(`${pad}<![CDATA[${n.data}]]>`); break;
      case 7: lines.push(`${pad}<?${n.target} ${n.data}?>`); break;
      case 8: lines.push(`${pad}<!-- ${n.data} -->`); break;
      case 10:
        lines.push(n.publicId || n.systemId ? `${pad}<!DOCTYPE ${n.name} "${n.publicId}" "${n.systemId}">` : `${pad}<!DOCTYPE ${n.name}>`);
        break;
      case 11: lines.push(`${pad}content`); break; // a template's contents (only they are met here)
      default: lines.push(`${pad}?${n.nodeType}`);
    }
    const kids = n.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth + 1]);
    if (n.nodeType === 1 && n.namespaceURI === HTML_NS && n.localName === 'template' && n.content) stack.push([n.content, depth + 1]);
  }
  return lines.length ? lines.join('\n') + '\n' : '';
}
