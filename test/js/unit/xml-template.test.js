// XHTML templates in parseXml (issue 30): HTML 13.4 (Parsing XML
// documents) says "When an XML parser would append a node to a template
// element, it must instead append it to the template element's template
// contents (a DocumentFragment node)"; a template element is an element
// named template in the HTML namespace (any prefix).  The XML5 tree builder
// does it (src/xml5/xml5_tree_builder.c), the flat buffer carries the
// contents as it does an HTML template's (docs/format.md), and every reader
// of the buffer (the DOM, format: 'object', decode's checks, serializeXml,
// dumpXmlTree) sees them.  test/js/browser/xml-template.test.js compares
// with Chromium's XML parser.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { H_NODES_OFF, H_XML_OFF, INFO_TEMPLATE_CONTENTS, NODE_WORDS, N_INFO, X_HEADER_WORDS } from '../../../js/core/abi.js';
import { decode, dumpXmlTree, parseXml, parseXmlToBuffer, serialize, serializeXml } from '../../../js/node.js';

const XHTML = 'http://www.w3.org/1999/xhtml';
const PAGE = `<html xmlns="${XHTML}"><body><template id="t"><p>x<b>y</b></p><!--c-->text<?pi d?><![CDATA[<z>]]>` +
  `<template id="inner"><i/></template></template><x:template xmlns:x="urn:x"><q/></x:template>` +
  `<svg xmlns="http://www.w3.org/2000/svg"><template><g/></template></svg><h:template xmlns:h="${XHTML}" id="prefixed"><u/></h:template>` +
  '<template id="empty"/><p id="after">z</p></body></html>';

/** The nodes below `node` as "name" lines, template contents as `content` (only the DOM interface). */
function outline(node, depth = 0) {
  const lines = [];
  for (const c of node.childNodes) {
    lines.push('  '.repeat(depth) + (c.nodeType === 1 ? `<${c.tagName}>` : `${c.nodeName} ${JSON.stringify(c.nodeValue)}`));
    if (c.nodeType === 1 && c.content) {
      lines.push('  '.repeat(depth + 1) + 'content', ...outline(c.content, depth + 2));
    }
    lines.push(...outline(c, depth + 1));
  }
  return lines;
}

describe('parseXml: an XHTML template\'s children are its template contents (HTML 13.4)', () => {
  const doc = parseXml(PAGE);
  const t = doc.getElementById('t');

  test('the template has no children; its content holds what was inside it, in order', () => {
    assert.equal(t.childNodes.length, 0);
    assert.equal(t.content.nodeType, 11);
    assert.deepEqual(t.content.childNodes.map((n) => n.nodeName), ['p', '#comment', '#text', 'pi', '#cdata-section', 'template']);
    assert.equal(t.content.firstChild.outerHTML, `<p xmlns="${XHTML}">x<b>y</b></p>`);
    assert.equal(t.content.firstChild.namespaceURI, XHTML);
    assert.equal(t.content.firstChild.parentNode, t.content);
    assert.equal(t.content.parentNode, null);
    // Owned by an inert document of its own (HTML's template contents owner document), as in Chromium.
    assert.notEqual(t.content.ownerDocument, doc);
    assert.equal(t.content.ownerDocument.nodeType, 9);
  });

  test('nested, prefixed and empty templates; a template in another namespace is an ordinary element', () => {
    const inner = t.content.lastChild;
    assert.equal(inner.id, 'inner');
    assert.deepEqual([inner.childNodes.length, inner.content.childNodes.map((n) => n.tagName)], [0, ['i']]);
    const prefixed = doc.getElementById('prefixed');
    assert.deepEqual([prefixed.tagName, prefixed.childNodes.length, prefixed.content.firstChild.tagName], ['h:template', 0, 'u']);
    const empty = doc.getElementById('empty');
    assert.deepEqual([empty.childNodes.length, empty.content.childNodes.length], [0, 0]);
    const other = doc.getElementsByTagName('x:template')[0];
    assert.deepEqual([other.namespaceURI, other.content, other.childNodes.map((n) => n.tagName)], ['urn:x', undefined, ['q']]);
    const svg = doc.getElementsByTagNameNS('http://www.w3.org/2000/svg', 'template')[0];
    assert.deepEqual([svg.content, svg.childNodes.map((n) => n.tagName)], [undefined, ['g']]);
    // The elements after a template keep their own names and namespaces.
    assert.deepEqual([doc.getElementById('after').namespaceURI, doc.getElementById('after').textContent], [XHTML, 'z']);
  });

  test('template contents are not in the document: selectors and getElementById do not see them', () => {
    assert.equal(doc.querySelector('b'), null);
    assert.equal(doc.getElementById('inner'), null);
    assert.equal(doc.getElementsByTagName('i').length, 0);
    assert.equal(t.content.querySelector('b').textContent, 'y');
    assert.equal(t.content.getElementById('inner').localName, 'template');
  });

  test('decode(parseXmlToBuffer()) and format: \'object\' give the same tree', () => {
    assert.deepEqual(outline(decode(parseXmlToBuffer(PAGE))), outline(doc));
    const obj = parseXml(PAGE, { format: 'object' });
    const body = obj.childNodes[0].childNodes[0];
    const ot = body.childNodes[0];
    assert.deepEqual([ot.tagName, ot.childNodes.length, ot.content.nodeName], ['template', 0, '#document-fragment']);
    assert.deepEqual(ot.content.childNodes.map((n) => n.nodeName), ['p', '#comment', '#text', '#comment', '#text', 'template']); // a PI is a comment there (README)
    assert.deepEqual([ot.content.childNodes[3].data], ['?pi d?']);
    assert.equal(ot.content.childNodes[4].cdata, true);
    assert.equal(ot.content.childNodes[5].content.childNodes[0].namespaceURI, XHTML);
    // The XML names of the nodes after each template's contents are theirs (the records' order).
    assert.deepEqual(body.childNodes.map((n) => [n.nodeName, n.namespaceURI, n.prefix]), [
      ['template', XHTML, null], ['x:template', 'urn:x', 'x'], ['svg', 'http://www.w3.org/2000/svg', null],
      ['h:template', XHTML, 'h'], ['template', XHTML, null], ['p', XHTML, null]]);
    assert.equal(body.childNodes[3].content.childNodes[0].nodeName, 'u');
  });

  test('serializeXml writes a template\'s contents (DOM Parsing 3.2.1.1), innerHTML too', () => {
    const out = serializeXml(doc);
    assert.ok(out.includes(`<template id="t"><p>x<b>y</b></p><!--c-->text<?pi d?><![CDATA[<z>]]><template id="inner"><i></i></template></template>`), out);
    assert.ok(out.includes('<template id="empty"></template>'), out);
    assert.equal(t.innerHTML, `<p xmlns="${XHTML}">x<b>y</b></p><!--c-->text<?pi d?><![CDATA[<z>]]><template xmlns="${XHTML}" id="inner"><i></i></template>`);
    assert.equal(parseXml(out).getElementById('t').content.childNodes.length, 6); // round trip
  });

  test('serialize() (HTML 13.3) writes a template\'s contents too, before and after a change', () => {
    const d = parseXml(`<r xmlns="${XHTML}"><template><p>x</p></template></r>`);
    assert.equal(serialize(d), `<r xmlns="${XHTML}"><template><p>x</p></template></r>`);
    d.documentElement.append('y');
    assert.equal(serialize(d), `<r xmlns="${XHTML}"><template><p>x</p></template>y</r>`);
  });

  test('dumpXmlTree shows the contents as html5lib does ("content")', () => {
    const dump = dumpXmlTree(parseXml(`<template xmlns="${XHTML}"><a/></template>`));
    assert.equal(dump, [`| <{${XHTML}}template>`, `|   {http://www.w3.org/2000/xmlns/}xmlns="${XHTML}"`, '|   content',
      `|     <{${XHTML}}a>`, ''].join('\n'));
  });

  test('strict parsing and source locations', () => {
    const s = parseXml(PAGE, { strict: true, sourceLocations: true }).getElementById('t');
    assert.equal(s.content.sourceCodeLocation, null);
    const p = s.content.firstChild;
    assert.equal(PAGE.slice(p.sourceCodeLocation.startOffset, p.sourceCodeLocation.endOffset), `<p>x<b>y</b></p>`);
    assert.equal(PAGE.slice(s.sourceCodeLocation.startTag.startOffset, s.sourceCodeLocation.startTag.endOffset), '<template id="t">');
  });
});

describe('malformed markup around XHTML templates (generated, seeded)', () => {
  // Pieces that open, close, mismatch and nest templates in and out of the HTML namespace, and end
  // anywhere: XML5 gives every input a tree.  Each must parse, and the buffer (checked whole by
  // decode) must give the same tree, contents included, in both formats.
  const PIECES = [`<template ${'xmlns'}="${XHTML}">`, '<template>', '</template>', '<h:template xmlns:h="' + XHTML + '">', '</h:template>',
    '<x:template xmlns:x="urn:x">', '</x:template>', '<p>', '</p>', '<b/>', 'text', '<!--c-->', '<?pi d?>', '<![CDATA[d]]>', '</>',
    '<template/>', `<r xmlns="${XHTML}">`, '</r>', '<', '&amp;', '<template a="1" a="2">', '<!DOCTYPE x>'];
  // Names, namespaces and nesting (template contents first), of DOM nodes or of format: 'object' ones.
  const OBJECT_NAMES = { 4: '#text', 7: '#comment', 10: '#documentType' }; // CDATA, PI, doctype there
  const shape = (n) => {
    const dom = typeof n.nodeType === 'number';
    const element = dom ? n.nodeType === 1 : n.tagName !== undefined;
    const name = element ? `${n.tagName}|${n.namespaceURI}` : dom ? OBJECT_NAMES[n.nodeType] ?? n.nodeName : n.nodeName;
    const kids = [...(n.childNodes ?? [])].map(shape);
    return element && n.content ? [name, shape(n.content), kids] : [name, kids];
  };
  let seed = 30;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const inputs = Array.from({ length: 300 }, () => Array.from({ length: 1 + random(14) }, () => PIECES[random(PIECES.length)]).join(''));

  test('300 inputs: the same tree from parseXml and from decode(parseXmlToBuffer()); templates hold their contents', () => {
    let templates = 0;
    for (const input of inputs) {
      const doc = parseXml(input);
      const lines = outline(doc);
      assert.deepEqual(outline(decode(parseXmlToBuffer(input, { includeErrors: true, sourceLocations: true }))), lines, input);
      // format: 'object' names every node as the DOM does (its XML names follow the records' order).
      assert.deepEqual(shape(parseXml(input, { format: 'object' })), shape(doc), input);
      for (const t of doc.getElementsByTagNameNS(XHTML, 'template')) {
        templates++;
        assert.equal(t.childNodes.length, 0, input);
        assert.equal(t.content.nodeType, 11, input);
      }
    }
    assert.ok(templates >= 100, `${templates} templates in the document trees`);
  });
});

describe('XHTML templates made or changed by the DOM methods, as in Chromium', () => {
  const fresh = () => parseXml(`<r xmlns="${XHTML}"><template id="t"><p>x</p></template></r>`);

  test('innerHTML sets the contents; insertAdjacentHTML inserts children', () => {
    const doc = fresh();
    const t = doc.getElementById('t');
    t.innerHTML = '<a/><b>c</b>';
    assert.deepEqual([t.childNodes.length, t.content.childNodes.map((n) => n.localName)], [0, ['a', 'b']]);
    t.insertAdjacentHTML('beforeend', '<z/>');
    assert.deepEqual([t.childNodes.map((n) => n.localName), t.content.childNodes.length], [['z'], 2]);
    assert.equal(serializeXml(t), `<template xmlns="${XHTML}" id="t"><a></a><b>c</b></template>`);
  });

  test('cloneNode(true) copies the contents; createElementNS makes a template with empty contents', () => {
    const doc = fresh();
    const c = doc.getElementById('t').cloneNode(true);
    assert.deepEqual(c.content.childNodes.map((n) => n.outerHTML), [`<p xmlns="${XHTML}">x</p>`]);
    const made = doc.createElementNS(XHTML, 'template');
    assert.equal(made.content.childNodes.length, 0);
    made.content.append(doc.createElementNS(XHTML, 'p'));
    assert.equal(serializeXml(made), `<template xmlns="${XHTML}"><p></p></template>`);
    assert.equal(doc.createElementNS('urn:x', 'template').content, undefined);
  });
});

describe('decode() checks template contents in an XML buffer', () => {
  /** A copy of `buf` with node i's qualifier (XML section, u16) set to q. */
  const withQualifier = (buf, i, q) => {
    const b = buf.slice(0);
    const h = new Uint32Array(b, 0, 32);
    new Uint16Array(b, h[H_XML_OFF] + 4 * X_HEADER_WORDS, i + 1)[i] = q;
    return b;
  };
  const buf = parseXmlToBuffer(`<r xmlns="${XHTML}" xmlns:x="urn:x"><template><a/></template><x:template/></r>`);
  const u32 = new Uint32Array(buf);
  const info = (i) => u32[u32[H_NODES_OFF] / 4 + i * NODE_WORDS + N_INFO];
  const nodeQ = (i) => new Uint16Array(buf, u32[H_XML_OFF] + 4 * X_HEADER_WORDS, i + 1)[i];

  test('the buffer: template (node 2), its contents (node 3, flagged), then its nodes', () => {
    assert.ok((info(3) & INFO_TEMPLATE_CONTENTS) !== 0);
    assert.equal((info(2) & INFO_TEMPLATE_CONTENTS), 0);
    assert.equal(decode(buf).documentElement.firstChild.content.firstChild.localName, 'a');
  });

  test('contents after an element that is no XHTML template, or an XHTML template without them: RangeError', () => {
    // Node 2 given the qualifier of x:template (urn:x): its contents are misplaced.
    assert.throws(() => decode(withQualifier(buf, 2, nodeQ(5))), { name: 'RangeError', message: /node 3: misplaced template contents/ });
    // x:template (node 5) given the XHTML qualifier: a template without its contents.
    assert.throws(() => decode(withQualifier(buf, 5, nodeQ(2))), { name: 'RangeError', message: /node 5: template without its contents/ });
  });
});
