// dumpXmlTree(doc): an XML document's tree in the notation of xml5lib-tests'
// tree tests (html5lib's, with namespaces in braces): elements
// `<{namespace}qualified-name>`, attributes one level deeper as
// `{namespace}name="value"` sorted, text `"..."`, CDATA sections
// `<![CDATA[...]]>` (xml5lib-tests have none), comments `<!-- data -->`,
// processing instructions `<?target data?>`, `<!DOCTYPE name "public" "system">`.
// Reads only the DOM interface of the nodes; iterative (any depth).

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
      default: lines.push(`${pad}?${n.nodeType}`);
    }
    const kids = n.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth + 1]);
  }
  return lines.length ? lines.join('\n') + '\n' : '';
}
