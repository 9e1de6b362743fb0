// A DOM tree written out through the DOM API, with its links checked: for
// tests that compare two trees made different ways (test/js/unit/sanitize-graft.test.js).

/** Node `node`'s subtree as lines (template contents and open shadow roots included); throws when a link disagrees. */
export function dumpTree(node) {
  const out = [];
  const walk = (x, depth) => {
    const pad = ' '.repeat(depth);
    let line = `${pad}${x.nodeType} ${x.nodeName}`;
    if (x.nodeType === 1) {
      line += ` ns=${x.namespaceURI} prefix=${x.prefix} local=${x.localName}`;
      for (const a of x.attributes) line += ` [${a.namespaceURI} ${a.prefix} ${a.localName}=${JSON.stringify(a.value)}]`;
    } else if (x.nodeType === 3 || x.nodeType === 7 || x.nodeType === 8) line += ' ' + JSON.stringify(x.data);
    out.push(line);
    const kids = x.childNodes;
    let prev = null;
    for (let k = 0; k < kids.length; k++) {
      const c = kids[k];
      if (c.parentNode !== x) throw new Error(`parentNode of child ${k} of ${x.nodeName}`);
      if (c.previousSibling !== prev) throw new Error(`previousSibling of child ${k} of ${x.nodeName}`);
      if (prev !== null && prev.nextSibling !== c) throw new Error(`nextSibling of child ${k - 1} of ${x.nodeName}`);
      walk(c, depth + 1);
      prev = c;
    }
    if (x.firstChild !== (kids[0] ?? null) || x.lastChild !== prev || (prev !== null && prev.nextSibling !== null)) {
      throw new Error(`firstChild / lastChild of ${x.nodeName}`);
    }
    if (x.nodeType === 1 && x.localName === 'template' && x.content) {
      out.push(pad + ' #content');
      walk(x.content, depth + 2);
    }
    if (x.nodeType === 1 && x.shadowRoot) {
      out.push(pad + ' #shadow');
      walk(x.shadowRoot, depth + 2);
    }
  };
  walk(node, 0);
  return out.join('\n');
}
