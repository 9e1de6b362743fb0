// XML5 (issue 21) through the wasm build and the public API: all of
// xml5lib-tests (tokenizer through tokenizeXml: tokens and the number of
// parse errors; tree construction through parseXml, dumped as the tests
// write trees), then parseXml's own behaviour: namespaces in the DOM,
// format: 'object', buffers and decode(), strict, bytes, serializeXml,
// errors and misuse.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { decode, dumpXmlTree, parseXml, parseXmlToBuffer, serializeXml, tokenizeXml } from '../../../js/node.js';
import { sharedPath } from '../lib/shared.js';
import { testNotation } from '../lib/tokens.js';

const XMLNS = 'http://www.w3.org/2000/xmlns/';
const XML = 'http://www.w3.org/XML/1998/namespace';

// ---- tokenizer ----------------------------------------------------------

/** tokenizeXml's tokens in xml5lib's notation (adjacent characters merged, CDATA sections' too; empty sections dropped). */
function toXml5lib(tokens) {
  const tag = (t) => [t.type === 'startTag' ? 'StartTag' : 'EmptyTag', t.name, Object.fromEntries(t.attributes.map((a) => [a.name, a.value]))];
  return testNotation(tokens.filter((t) => !(t.cdata && t.data === '')), {
    startTag: tag,
    emptyTag: tag,
    endTag: (t) => ['EndTag', t.name],
    shortEndTag: () => ['ShortTag', ''],
    comment: (t) => ['Comment', t.data],
    processingInstruction: (t) => ['PI', t.target, t.data],
    doctype: (t) => ['DOCTYPE', t.name, t.publicId, t.systemId],
    xmlDeclaration: (t) => ['XmlDeclaration', t.version, t.encoding, t.standalone],
  });
}

/** The expected tokens without "ParseError" entries (merged), and their number. */
function expected(output) {
  const tokens = [];
  let errors = 0;
  for (const t of output) {
    if (t === 'ParseError') {
      errors++;
      continue;
    }
    // DOCTYPE: html5lib's fifth "correctness" field (XML has no quirks mode; docs/xml5.md).
    const tok = t[0] === 'DOCTYPE' ? t.slice(0, 4) : t.slice();
    const last = tokens[tokens.length - 1];
    if (tok[0] === 'Character' && last && last[0] === 'Character') last[1] += tok[1];
    else tokens.push(tok);
  }
  return { tokens, errors };
}

const tokDirs = [sharedPath('xml5lib-tests', 'tokenizer'), new URL('../../native', import.meta.url).pathname];
for (const dir of tokDirs) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.test')).sort()) {
    if (dir.endsWith('native') && !file.startsWith('xml5_')) continue;
    describe(`xml5lib tokenizer: ${file}`, () => {
      const { tests } = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      tests.forEach((t, i) => {
        test(`${i}: ${t.description}`, () => {
          let errors = 0;
          const got = toXml5lib(tokenizeXml(t.input, { onParseError: () => errors++ }));
          const want = expected(t.output);
          assert.deepEqual(got, want.tokens, `input: ${JSON.stringify(t.input)}`);
          assert.equal(errors, want.errors, `parse errors of ${JSON.stringify(t.input)}`);
        });
      });
    });
  }
}

// ---- tree construction --------------------------------------------------

/** Tests of an html5lib-format .dat file: { line, data, document }. */
function readDat(path) {
  const tests = [];
  const lines = readFileSync(path, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '#data') continue;
    const line = i + 1;
    const data = [];
    for (i++; lines[i] !== '#errors' && lines[i] !== '#document'; i++) data.push(lines[i]);
    while (lines[i] !== '#document') i++;
    const doc = [];
    for (i++; i < lines.length && lines[i].startsWith('|'); i++) doc.push(lines[i]);
    tests.push({ line, data: data.join('\n'), document: doc.join('\n') + '\n' });
  }
  return tests;
}

const treeDir = sharedPath('xml5lib-tests', 'tree-construction');
const treeFiles = [
  ...readdirSync(treeDir).filter((f) => f.endsWith('.dat')).sort().map((f) => join(treeDir, f)),
  new URL('../../native/xml5_tree_own.dat', import.meta.url).pathname, // ours: namespace scoping, errors
];
let treeCount = 0;
for (const path of treeFiles) {
  describe(`xml5 tree: ${path.split('/').pop()}`, () => {
    for (const t of readDat(path)) {
      if (path.startsWith(treeDir)) treeCount++;
      test(`line ${t.line}: ${JSON.stringify(t.data)}`, () => {
        assert.equal(dumpXmlTree(parseXml(t.data)), t.document);
        // The same tree through a buffer and decode() (which checks it whole).
        assert.equal(dumpXmlTree(decode(parseXmlToBuffer(t.data))), t.document);
      });
    }
  });
}
test('xml5lib tree: all 36 tests ran', () => assert.equal(treeCount, 36));

// ---- parseXml -----------------------------------------------------------

describe('parseXml: namespaces in the DOM', () => {
  const doc = parseXml('<r xmlns="urn:a" xmlns:p="urn:p" p:x="1" y="2"><p:c xml:lang="en"><d/></p:c><e xmlns=""/><P:c/></r>');
  const r = doc.documentElement;
  test('elements', () => {
    assert.deepEqual([r.namespaceURI, r.prefix, r.localName, r.tagName], ['urn:a', null, 'r', 'r']);
    const c = r.firstChild;
    assert.deepEqual([c.namespaceURI, c.prefix, c.localName, c.tagName, c.nodeName], ['urn:p', 'p', 'c', 'p:c', 'p:c']);
    assert.equal(c.firstChild.namespaceURI, 'urn:a');
    assert.equal(r.childNodes[1].namespaceURI, null); // xmlns="" undeclares
    // Unbound prefix (a parse error): no namespace, the whole name is the local name.
    assert.deepEqual([r.childNodes[2].namespaceURI, r.childNodes[2].prefix, r.childNodes[2].localName], [null, null, 'P:c']);
  });
  test('attributes', () => {
    assert.deepEqual(r.attributes.map((a) => [a.name, a.namespaceURI, a.prefix, a.localName, a.value]), [
      ['xmlns', XMLNS, null, 'xmlns', 'urn:a'],
      ['xmlns:p', XMLNS, 'xmlns', 'p', 'urn:p'],
      ['p:x', 'urn:p', 'p', 'x', '1'],
      ['y', null, null, 'y', '2'],
    ]);
    assert.equal(r.getAttribute('p:x'), '1');
    assert.equal(r.getAttribute('P:X'), null); // case-sensitive
    assert.equal(r.getAttributeNS('urn:p', 'x'), '1');
    assert.equal(r.firstChild.getAttributeNS(XML, 'lang'), 'en');
    assert.deepEqual(r.getAttributeNames(), ['xmlns', 'xmlns:p', 'p:x', 'y']);
    assert.equal(r.getAttributeNode('p:x').namespaceURI, 'urn:p');
  });
  test('getElementsByTagName matches qualified names (DOM 4.2.6.2), getElementsByTagNameNS expanded names', () => {
    const d = parseXml('<r xmlns="urn:d" xmlns:a="urn:a"><a:b/><b/><A:b/><a:B/><c xmlns:z="urn:a"><z:b/></c></r>');
    const names = (list) => Array.from(list, (e) => e.tagName);
    assert.deepEqual(names(d.getElementsByTagName('a:b')), ['a:b']);
    assert.deepEqual(names(d.getElementsByTagName('b')), ['b']); // not a:b, whose local name is b
    assert.deepEqual(names(d.getElementsByTagName('A:b')), ['A:b']); // unbound prefix: the whole name
    assert.deepEqual(names(d.getElementsByTagName('a:B')), ['a:B']); // case-sensitive (no HTML element here)
    assert.deepEqual(names(d.getElementsByTagName('z:b')), ['z:b']);
    assert.equal(d.getElementsByTagName('A:B').length, 0);
    assert.equal(d.getElementsByTagName('*').length, 7);
    assert.deepEqual(names(d.getElementsByTagNameNS('urn:a', 'b')), ['a:b', 'z:b']);
    assert.deepEqual(names(d.getElementsByTagNameNS('urn:d', 'b')), ['b']);
    assert.deepEqual(names(d.getElementsByTagNameNS(null, 'A:b')), ['A:b']);
    assert.deepEqual(names(d.documentElement.getElementsByTagNameNS('*', 'b')), ['a:b', 'b', 'z:b']);
    // A clone keeps the namespace and prefix.
    const c = d.getElementsByTagName('a:b')[0].cloneNode();
    assert.deepEqual([c.namespaceURI, c.prefix, c.tagName], ['urn:a', 'a', 'a:b']);
  });
  test('the document', () => {
    assert.equal(doc.contentType, 'application/xml');
    assert.equal(doc.xmlDeclaration, null);
    assert.deepEqual(parseXml('<?xml version="1.0" standalone="yes"?><a/>').xmlDeclaration, { version: '1.0', encoding: null, standalone: 'yes' });
  });
});

describe('parseXml: sourceLocations', () => {
  const src = '<?xml version="1.0"?>\n<!DOCTYPE r>\n<r xmlns:p="urn:p" p:a="1" b=\'x&amp;y\'>t &amp; u<!--c--><?pi d?><p:e/>\r\n<f>z</f><g></r>';
  const slice = (l) => src.slice(l.startOffset, l.endOffset);
  test('elements (start and end tags), attributes, text, comments, PIs, the doctype', () => {
    const d = parseXml(src, { sourceLocations: true });
    assert.equal(slice(d.doctype.sourceCodeLocation), '<!DOCTYPE r>');
    const r = d.documentElement, l = r.sourceCodeLocation;
    assert.deepEqual([l.startLine, l.startCol, l.startOffset, l.endOffset], [3, 1, 35, src.length]);
    assert.equal(slice(l.startTag), '<r xmlns:p="urn:p" p:a="1" b=\'x&amp;y\'>');
    assert.equal(slice(l.endTag), '</r>');
    // Attributes keyed by their qualified names as written; the span ends after the closing quote.
    assert.deepEqual(Object.keys(l.attrs), ['xmlns:p', 'p:a', 'b']);
    assert.deepEqual(Object.values(l.attrs).map(slice), ['xmlns:p="urn:p"', 'p:a="1"', "b='x&amp;y'"]);
    assert.deepEqual(l.startTag.attrs, l.attrs);
    const kids = Array.from(r.childNodes);
    assert.deepEqual(kids.map((n) => slice(n.sourceCodeLocation)), ['t &amp; u', '<!--c-->', '<?pi d?>', '<p:e/>', '\r\n', '<f>z</f>', '<g>']);
    const e = kids[3].sourceCodeLocation;
    assert.equal(slice(e.startTag), '<p:e/>');
    assert.equal(e.endTag, undefined);
    // After the CR LF: line 4.
    const f = kids[5].sourceCodeLocation;
    assert.deepEqual([f.startLine, f.startCol, f.endLine, f.endCol], [4, 1, 4, 9]);
    assert.equal(slice(kids[5].firstChild.sourceCodeLocation), 'z');
    // <g> is closed by </r>: it ends where </r> starts, without an end tag.
    assert.equal(kids[6].sourceCodeLocation.endTag, undefined);
    assert.equal(kids[6].sourceCodeLocation.endOffset, src.indexOf('</r>'));
  });
  test("format: 'object' has the same locations", () => {
    const dom = parseXml(src, { sourceLocations: true });
    const o = parseXml(src, { sourceLocations: true, format: 'object' });
    const r = o.childNodes.find((n) => n.nodeName === 'r');
    const plain = (x) => JSON.parse(JSON.stringify(x));
    assert.deepEqual(plain(r.sourceCodeLocation), plain(dom.documentElement.sourceCodeLocation));
    assert.deepEqual(r.childNodes.map((n) => slice(n.sourceCodeLocation)), Array.from(dom.documentElement.childNodes, (n) => slice(n.sourceCodeLocation)));
  });
  test('without the option: no locations', () => {
    assert.equal(parseXml(src).documentElement.sourceCodeLocation, undefined);
    assert.equal(parseXml(src, { format: 'object' }).childNodes.find((n) => n.nodeName === 'r').sourceCodeLocation, undefined);
  });
  test('malformed input: every location lies in the input and in order', () => {
    for (const s of ['<a b="1" b="2"><c', '<a><b></a>x</b>', '<a x=y z>&unknown; &#x110000;</>', '<!DOCTYPE a [<!ENTITY e "x">]><a/><?xml v?>', '<a\r\n  b\r\n=\r\n"v"\r\n/>']) {
      const d = parseXml(s, { sourceLocations: true });
      const walk = [d];
      while (walk.length) {
        const n = walk.pop();
        const l = n.sourceCodeLocation;
        if (l) {
          assert.ok(0 <= l.startOffset && l.startOffset <= l.endOffset && l.endOffset <= s.length, `${s}: ${n.nodeName}`);
          for (const a of Object.values(l.attrs ?? {})) assert.ok(l.startOffset < a.startOffset && a.endOffset <= l.startTag.endOffset, `${s}: ${n.nodeName} attribute`);
        }
        walk.push(...Array.from(n.childNodes ?? []));
      }
    }
  });
});

describe('parseXml: format object, buffers', () => {
  test("format: 'object'", () => {
    const o = parseXml('<a xmlns:q="u"><q:b q:z="1" w="2"/></a>', { format: 'object' });
    const a = o.childNodes[0];
    const b = a.childNodes[0];
    assert.deepEqual([a.tagName, a.namespaceURI, a.prefix], ['a', null, null]);
    assert.deepEqual([b.tagName, b.localName, b.namespaceURI, b.prefix], ['q:b', 'b', 'u', 'q']);
    assert.deepEqual(a.attrs, [{ name: 'q', value: 'u', prefix: 'xmlns', namespace: XMLNS }]);
    assert.deepEqual(b.attrs, [{ name: 'z', value: '1', prefix: 'q', namespace: 'u' }, { name: 'w', value: '2' }]);
  });
  test('decode() refuses a corrupt XML section', () => {
    const buf = new Uint8Array(parseXmlToBuffer('<a xmlns="u"/>'));
    const h = new Uint32Array(buf.buffer);
    const x = h[19] / 4;
    h[x] = 1000; // qualifier count
    assert.throws(() => decode(buf), /XML section/);
  });
  test('decode() refuses an attribute qualifier out of range (attribute word 1, bits 8-31)', () => {
    const buf = parseXmlToBuffer('<a xmlns:p="u" p:b="1"/>');
    const h = new Uint32Array(buf);
    assert.equal(h[h[11] / 4 + 4 + 1] >>> 8, 4, "p:b's qualifier: the first declared");
    h[h[11] / 4 + 4 + 1] = 99 << 8;
    assert.throws(() => decode(buf), /XML section: an attribute has qualifier 99 of 5/);
  });
  test('more than 65,536 qualifiers: node qualifiers are u32 (XML section flag WIDE_QUALIFIERS)', () => {
    const n = 66000;
    let s = '<r>';
    for (let i = 0; i < n; i++) s += `<e xmlns:p="u${i}" p:a="${i}"/>`;
    s += '</r>';
    const buf = parseXmlToBuffer(s);
    const h = new Uint32Array(buf);
    assert.equal(h[h[19] / 4 + 1] & 16, 16);
    const last = decode(buf).documentElement.lastChild;
    assert.deepEqual([last.namespaceURI, last.attributes[1].namespaceURI, last.attributes[1].value], [null, `u${n - 1}`, `${n - 1}`]);
    const small = new Uint32Array(parseXmlToBuffer('<r xmlns="u"/>'));
    assert.equal(small[small[19] / 4 + 1] & 16, 0);
  });
});

describe('parseXml: errors and strict', () => {
  test('onParseError: codes and positions', () => {
    const errors = [];
    const doc = parseXml('<a>\n<b></a>', { onParseError: (e) => errors.push(e) });
    assert.equal(doc.documentElement.firstElementChild.localName, 'b');
    assert.deepEqual(errors.map((e) => [e.code, e.line]), [['end-tag-name-mismatch', 2]]);
  });
  test('strict: the first error is a SyntaxError with line and column', () => {
    assert.throws(() => parseXml('<a>\n  <n:b/></a>', { strict: true }), (e) =>
      e instanceof SyntaxError && e.code === 'unbound-prefix' && e.line === 2 && e.col === 8);
    assert.equal(parseXml('<a><b/></a>', { strict: true }).documentElement.localName, 'a');
  });
  test('malformed input always gives a tree', () => {
    for (const s of ['', '<', '</>', '<a', '<a b="', '<!DOCTYPE', 'text', '<a></b></c>', '<?xml', '<![CDATA[', '<a x:y:z="1"/>']) {
      const errors = [];
      const doc = parseXml(s, { onParseError: (e) => errors.push(e) });
      assert.equal(doc.nodeType, 9);
      assert.ok(errors.length > 0, `errors for ${JSON.stringify(s)}`);
    }
  });
  test('deep nesting: 20,000 elements each declaring a prefix (no recursion, no quadratic lookup)', () => {
    const n = 20000;
    const xml = Array.from({ length: n }, (_, i) => `<p${i}:a xmlns:p${i}="u${i}">`).join('') + 'x' + '</>'.repeat(n);
    const doc = parseXml(xml);
    let el = doc.documentElement, depth = 0;
    while (el.firstElementChild) el = el.firstElementChild, depth++;
    assert.equal(depth, n - 1);
    assert.deepEqual([el.namespaceURI, el.prefix], [`u${n - 1}`, `p${n - 1}`]);
    // serializeXml copies the prefix map per element that declares one
    // (docs/xml5.md, "Left"): a deep tree without declarations.
    assert.equal(serializeXml(parseXml('<a>'.repeat(n) + '</a>'.repeat(n))), '<a>'.repeat(n - 1) + '<a/>' + '</a>'.repeat(n - 1));
  });
  test('misuse', () => {
    assert.throws(() => parseXml(42), TypeError);
    assert.throws(() => parseXml('<a/>', { format: 'html' }), TypeError);
    assert.throws(() => parseXml('<a/>', { strict: 1 }), TypeError);
    assert.throws(() => parseXml('<a/>', { encoding: 'utf-8' }), TypeError);
    assert.throws(() => serializeXml('<a/>'), TypeError);
  });
});

describe('parseXml: bytes', () => {
  const enc = (s) => new TextEncoder().encode(s);
  test('UTF-8 by default, and with a BOM', () => {
    assert.equal(parseXml(enc('<a>\u00e9</a>')).documentElement.textContent, '\u00e9');
    assert.equal(parseXml(enc('\ufeff<a>\u00e9</a>')).documentElement.textContent, '\u00e9');
  });
  test('the encoding declaration', () => {
    const bytes = Uint8Array.from([...enc('<?xml version="1.0" encoding="ISO-8859-1"?><a>'), 0xe9, ...enc('</a>')]);
    const doc = parseXml(bytes);
    assert.equal(doc.documentElement.textContent, '\u00e9');
    assert.equal(doc.characterSet, 'windows-1252');
  });
  test('UTF-16 with a BOM; the encoding option', () => {
    const s = '<a>\u20ac</a>';
    const le = new Uint8Array(2 + 2 * s.length);
    le[0] = 0xff, le[1] = 0xfe;
    for (let i = 0; i < s.length; i++) le[2 + 2 * i] = s.charCodeAt(i) & 255, le[3 + 2 * i] = s.charCodeAt(i) >> 8;
    assert.equal(parseXml(le).documentElement.textContent, '\u20ac');
    assert.equal(parseXml(Uint8Array.from([0x3c, 0x61, 0x3e, 0x80, 0x3c, 0x2f, 0x61, 0x3e]), { encoding: 'windows-1252' }).documentElement.textContent, '\u20ac');
  });
});

describe('serializeXml', () => {
  const round = (s) => serializeXml(parseXml(s));
  test('well-formed documents come back as written', () => {
    for (const s of [
      '<a/>',
      '<a xmlns="urn:x"><b c="1">t &amp; &lt;u&gt;</b></a>',
      '<p:a xmlns:p="urn:p"><p:b p:c="&quot;"/></p:a>',
      '<!DOCTYPE a PUBLIC "p" "s"><a><!--c--><?pi data?></a>',
      '<a xml:lang="en"><b xmlns="urn:b"><c xmlns=""/></b></a>',
    ]) assert.equal(round(s), s);
  });
  test('namespace fix-up', () => {
    // A subtree serialized alone declares the namespaces it uses.
    const doc = parseXml('<r xmlns:p="urn:p"><p:a p:x="1"><b/></p:a></r>');
    assert.equal(serializeXml(doc.documentElement.firstChild), '<p:a xmlns:p="urn:p" p:x="1"><b/></p:a>');
    assert.equal(doc.documentElement.firstChild.innerHTML, '<b/>');
  });
  test('prefix map scoping: what an element declares stays inside it', () => {
    // Built without declarations (createElementNS-like trees come from a
    // subtree serialized alone): each sibling declares its own prefix, the
    // second sibling gets no binding of the first, and after a nested
    // redeclaration the outer binding is back.
    const doc = parseXml('<r><p:a xmlns:p="urn:1"><p:b xmlns:p="urn:2"/><p:c/></p:a><q:a xmlns:q="urn:1" q:x="1"/><s xmlns:g="urn:g" g:y="2"/><t g:y="3" xmlns:g="urn:h"/></r>');
    assert.equal(serializeXml(doc.documentElement),
      '<r><p:a xmlns:p="urn:1"><p:b xmlns:p="urn:2"/><p:c/></p:a><q:a xmlns:q="urn:1" q:x="1"/><s xmlns:g="urn:g" g:y="2"/><t g:y="3" xmlns:g="urn:h"/></r>');
    // A subtree alone: generated prefixes are per serialization, and a
    // generated binding does not leak into the next sibling.
    const inner = parseXml('<r xmlns:p="urn:p" xmlns:z="urn:z"><e p:a="1"/><e z:b="2"/><e p:a="3"/></r>').documentElement;
    assert.equal(serializeXml(inner.firstChild), '<e xmlns:p="urn:p" p:a="1"/>');
    assert.equal(inner.innerHTML, '<e xmlns:p="urn:p" p:a="1"/><e xmlns:z="urn:z" z:b="2"/><e xmlns:p="urn:p" p:a="3"/>');
  });
  test('deep trees where every level declares a prefix (a scoped map, no copy per element)', () => {
    const depth = 20000;
    let s = '';
    for (let i = 0; i < depth; i++) s += `<p${i}:e xmlns:p${i}="urn:${i}">`;
    for (let i = depth - 1; i >= 0; i--) s += `</p${i}:e>`;
    // The innermost element has no children: <pN:e .../>.
    const last = depth - 1;
    const want = s.replace(`<p${last}:e xmlns:p${last}="urn:${last}"></p${last}:e>`, `<p${last}:e xmlns:p${last}="urn:${last}"/>`);
    assert.notEqual(want, s);
    assert.equal(round(s), want);
  });
  test('HTML documents too (XHTML namespace)', async () => {
    const { parse } = await import('../../../js/node.js');
    assert.equal(serializeXml(parse('<p>a<br>b').body), '<body xmlns="http://www.w3.org/1999/xhtml"><p>a<br />b</p></body>');
  });
});

describe('CDATA sections (CDATASection nodes, as XML parsers give the DOM)', () => {
  const src = '<r>a<![CDATA[<b>&amp;]]><![CDATA[]]>c<x><![CDATA[y]]]]>z</x></r>';
  const kids = (n) => [...n.childNodes].map((c) => [c.nodeType, c.nodeName, c.nodeType === 1 ? c.tagName : c.data]);
  test('each section is a node of its own, never merged with text beside it', () => {
    const r = parseXml(src).documentElement;
    assert.deepEqual(kids(r), [[3, '#text', 'a'], [4, '#cdata-section', '<b>&amp;'], [4, '#cdata-section', ''], [3, '#text', 'c'], [1, 'x', 'x']]);
    assert.deepEqual(kids(r.lastChild), [[4, '#cdata-section', 'y]]'], [3, '#text', 'z']]);
    assert.equal(r.textContent, 'a<b>&amp;cy]]z');
    assert.equal(r.childNodes[1].length, 8);
  });
  test('split by a parse error or a chunk: still one section; at EOF: a section with what it has', () => {
    const r = parseXml('<r><![CDATA[a\u0001b]]></r>', { onParseError() {} }).documentElement;
    assert.deepEqual(kids(r), [[4, '#cdata-section', 'a\u0001b']]);
    assert.deepEqual(kids(parseXml('<r>t<![CDATA[ab]', { onParseError() {} }).documentElement), [[3, '#text', 't'], [4, '#cdata-section', 'ab']]);
  });
  test('outside the root element: an error (XML 1.0 [27]), no node', () => {
    const errors = [];
    const doc = parseXml('<![CDATA[ ]]><r/><![CDATA[]]>', { onParseError: (e) => errors.push(e.code) });
    assert.deepEqual(errors, ['text-outside-root-element', 'text-outside-root-element']);
    assert.equal(doc.childNodes.length, 1);
    assert.throws(() => parseXml('<![CDATA[x]]><r/>', { strict: true }), SyntaxError);
  });
  test('source locations span the section, <![CDATA[ to ]]>', () => {
    const r = parseXml(src, { sourceLocations: true }).documentElement;
    const l = r.childNodes[1].sourceCodeLocation;
    assert.equal(src.slice(l.startOffset, l.endOffset), '<![CDATA[<b>&amp;]]>');
    const e = r.childNodes[2].sourceCodeLocation;
    assert.equal(src.slice(e.startOffset, e.endOffset), '<![CDATA[]]>');
  });
  test('serializeXml writes sections back; ]]> in data set through the DOM splits the section', () => {
    const doc = parseXml(src);
    assert.equal(serializeXml(doc), src);
    const c = doc.documentElement.childNodes[1];
    c.data = 'p]]>q';
    assert.equal(serializeXml(c), '<![CDATA[p]]]]><![CDATA[>q]]>');
    assert.equal(parseXml(`<r>${serializeXml(c)}</r>`).documentElement.textContent, 'p]]>q');
  });
  test('cloneNode, isEqualNode, normalize (sections are not exclusive Text nodes), createCDATASection', async () => {
    const doc = parseXml(src);
    const r = doc.documentElement;
    const c = r.childNodes[1];
    const k = c.cloneNode();
    assert.equal(k.nodeType, 4);
    assert.equal(k.data, '<b>&amp;');
    assert.ok(k.isEqualNode(c));
    assert.ok(!k.isEqualNode(doc.createTextNode('<b>&amp;')));
    assert.deepEqual(kids(r.cloneNode(true)), kids(r));
    r.insertBefore(doc.createTextNode(''), r.firstChild);
    r.insertBefore(doc.createTextNode('0'), r.firstChild);
    r.normalize();
    assert.deepEqual(kids(r), [[3, '#text', '0a'], [4, '#cdata-section', '<b>&amp;'], [4, '#cdata-section', ''], [3, '#text', 'c'], [1, 'x', 'x']]);
    const made = doc.createCDATASection('m]]');
    assert.equal(made.nodeName, '#cdata-section');
    r.appendChild(made);
    assert.ok(serializeXml(r).endsWith('<![CDATA[m]]]]></r>'));
    assert.throws(() => doc.createCDATASection('a]]>b'), (e) => e.name === 'InvalidCharacterError');
    const { parse } = await import('../../../js/node.js');
    const html = parse('<p>');
    assert.throws(() => html.createCDATASection('a'), (e) => e.name === 'NotSupportedError');
    // Imported into an HTML document it stays a CDATASection; HTML serialization writes it as text.
    const imported = html.importNode(c);
    assert.equal(imported.nodeType, 4);
    html.body.firstChild.appendChild(imported);
    assert.equal(html.body.innerHTML, '<p>&lt;b&gt;&amp;amp;</p>');
  });
  test("buffers and format: 'object'", () => {
    const doc = decode(parseXmlToBuffer(src));
    assert.deepEqual(kids(doc.documentElement), kids(parseXml(src).documentElement));
    const o = parseXml(src, { format: 'object' }).childNodes[0];
    assert.deepEqual(o.childNodes.slice(0, 4).map((n) => [n.nodeName, n.value, n.cdata]),
      [['#text', 'a', undefined], ['#text', '<b>&amp;', true], ['#text', '', true], ['#text', 'c', undefined]]);
  });
  test('tokenizeXml marks the character tokens of CDATA sections (cdata: true, one per section, never merged)', () => {
    assert.deepEqual(tokenizeXml('<r>a<![CDATA[b]]><![CDATA[]]>c<![CDATA[d\r\n]]]]><![CDATA[e]]>f</r>').filter((t) => t.type === 'character'), [
      { type: 'character', data: 'a' }, { type: 'character', data: 'b', cdata: true }, { type: 'character', data: '', cdata: true },
      { type: 'character', data: 'c' }, { type: 'character', data: 'd\n]]', cdata: true }, { type: 'character', data: 'e', cdata: true },
      { type: 'character', data: 'f' },
    ]);
    // A section cut by the end of the input, and one started in text with references around it.
    assert.deepEqual(tokenizeXml('&amp;x<![CDATA[&amp;]]>&lt;<![CDATA[y').filter((t) => t.type === 'character'), [
      { type: 'character', data: '&x' }, { type: 'character', data: '&amp;', cdata: true }, { type: 'character', data: '<' },
      { type: 'character', data: 'y', cdata: true },
    ]);
  });
  test('dumpXmlTree', () => {
    assert.equal(dumpXmlTree(parseXml('<r>a<![CDATA[b]]></r>')), '| <r>\n|   "a"\n|   <![CDATA[b]]>\n');
  });
});
