// Canonical dump of a tree, one node per line, for comparing our DOM-like
// trees (js/dom/dom.js) with the browser's own DOM.  Runs in pages, workers and
// Node; uses only firstChild/nextSibling, nodeType, namespaceURI, localName,
// attributes, data, name/publicId/systemId and template .content, so it
// reads both kinds of tree the same way.  Iterative: any depth.
//
//   #document CSS1Compat
//   | #doctype "html" "" ""
//   | <html html>
//   |   @ "lang"="en"                  (attribute: namespace, local name, value)
//   |   <svg svg>
//   |     @xlink "href"="#a"
//   |   <template html>
//   |     #content                     (template contents, before children)
//   |       #text "x"
//   |   #comment " c "
//   |   <a(p) urn:x>                   (an element's prefix, when it has one: XML documents)
//   |   #cdata "x"                     (a CDATASection: XML documents)
const NS = {
  'http://www.w3.org/1999/xhtml': 'html',
  'http://www.w3.org/2000/svg': 'svg',
  'http://www.w3.org/1998/Math/MathML': 'math',
  'http://www.w3.org/1999/xlink': 'xlink',
  'http://www.w3.org/XML/1998/namespace': 'xml',
  'http://www.w3.org/2000/xmlns/': 'xmlns',
};
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const q = (s) => JSON.stringify(s ?? '');
const ns = (uri) => (uri == null || uri === '' ? '' : NS[uri] ?? uri);

function attrLines(el) {
  const attrs = el.attributes;
  const list = [];
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i];
    list.push(`@${ns(a.namespaceURI)}${a.prefix ? `(${a.prefix})` : ''} ${q(a.localName)}=${q(a.value)}`);
  }
  return list.sort();
}

/**
 * @param {Node} root a document, fragment or element
 * @param {{ withRoot?: boolean }} [opts] withRoot: also dump the root itself
 *   (default true for documents, false otherwise)
 * @returns {string[]} the lines
 */
export function canonLines(root, opts = {}) {
  const out = [];
  let base = 0;
  if (root.nodeType === 9) {
    out.push(`#document ${root.compatMode}`);
  } else if (opts.withRoot) {
    base = -1;
  }
  // Stack of [node, depth, isContentMarker]; pushed in reverse.
  const stack = [];
  const pushKids = (parent, depth) => {
    const kids = [];
    for (let c = parent.firstChild; c; c = c.nextSibling) kids.push(c);
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth, false]);
  };
  if (base === -1) stack.push([root, 0, false]);
  else pushKids(root, 0);
  while (stack.length) {
    const [node, depth, marker] = stack.pop();
    const pad = '| ' + '  '.repeat(depth);
    if (marker) {
      out.push(`${pad}#content`);
      pushKids(node, depth + 1);
      continue;
    }
    switch (node.nodeType) {
      case 1: {
        out.push(`${pad}<${node.localName}${node.prefix ? `(${node.prefix})` : ''} ${ns(node.namespaceURI)}>`);
        for (const a of attrLines(node)) out.push(`${pad}  ${a}`);
        pushKids(node, depth + 1);
        if (node.localName === 'template' && node.namespaceURI === HTML_NS) {
          if (!node.content) out.push(`${pad}  #content MISSING`);
          else stack.push([node.content, depth + 1, true]);
        }
        break;
      }
      case 3: out.push(`${pad}#text ${q(node.data)}`); break;
      case 4: out.push(`${pad}#cdata ${q(node.data)}`); break;
      case 8: out.push(`${pad}#comment ${q(node.data)}`); break;
      case 7: out.push(`${pad}#pi ${q(node.target)} ${q(node.data)}`); break;
      case 10: out.push(`${pad}#doctype ${q(node.name)} ${q(node.publicId)} ${q(node.systemId)}`); break;
      default: out.push(`${pad}#unexpected nodeType ${node.nodeType} ${node.nodeName}`);
    }
  }
  return out;
}

/**
 * Compare two line lists.  Returns null when equal, else the first
 * differing line (1-based) with a little context from both sides.
 */
export function firstDifference(ours, theirs, context = 3) {
  const n = Math.max(ours.length, theirs.length);
  for (let i = 0; i < n; i++) {
    if (ours[i] !== theirs[i]) {
      const from = Math.max(0, i - context);
      return {
        line: i + 1,
        ours: ours[i] ?? '(end of dump)',
        theirs: theirs[i] ?? '(end of dump)',
        oursContext: ours.slice(from, i + context + 1),
        theirsContext: theirs.slice(from, i + context + 1),
        oursLines: ours.length,
        theirsLines: theirs.length,
      };
    }
  }
  return null;
}

/** A difference as readable text. */
export function formatDifference(name, d) {
  const clip = (s) => (s.length > 200 ? s.slice(0, 200) + '…' : s);
  return [
    `${name}: first difference at dump line ${d.line} (ours ${d.oursLines} lines, Chromium ${d.theirsLines})`,
    `  ours:     ${clip(d.ours)}`,
    `  chromium: ${clip(d.theirs)}`,
    '  ours, around it:',
    ...d.oursContext.map((l) => '    ' + clip(l)),
    '  chromium, around it:',
    ...d.theirsContext.map((l) => '    ' + clip(l)),
  ].join('\n');
}
