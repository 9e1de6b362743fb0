// Adversarial inputs through the wasm build, with generous bounds stated as
// counts (never timings; linear growth is measured by `make bench`):
// nothing crashes, overflows the stack or grows memory without bound, and
// the module stays usable after an out-of-memory error.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { getWasm, writeInput } from '../../../js/core/loader.js';
import { dumpTree, parse, parseFragment, parseToBuffer, tokenize } from '../../../js/node.js';
import { setMemoryLimitForTesting } from '../../../js/html/parse.js';

/** Iterative walk: [element count, maximum depth] (DOM-like tree). */
function measure(root) {
  let elements = 0, maxDepth = 0;
  const stack = [[root, 0]];
  while (stack.length) {
    const [n, d] = stack.pop();
    if (n.nodeType === 1) elements++;
    if (d > maxDepth) maxDepth = d;
    for (let c = n.lastChild; c; c = c.previousSibling) stack.push([c, d + 1]);
  }
  return { elements, maxDepth };
}

describe('robustness: adversarial documents', () => {
  test('a million nested <div>s parse, decode and serialise without recursion', () => {
    const doc = parse('<div>'.repeat(1_000_000));
    const { elements, maxDepth } = measure(doc);
    assert.equal(elements, 1_000_000 + 3); // + html, head, body
    assert.equal(maxDepth, 1_000_000 + 2);
    assert.equal(doc.body.innerHTML.length, '<div></div>'.length * 1_000_000);
  });

  test('a million nested elements in the object format', () => {
    const doc = parse('<span>'.repeat(1_000_000), { format: 'object' });
    let depth = 0;
    for (let n = doc.childNodes[0].childNodes[1]; n.childNodes.length; n = n.childNodes[0]) depth++;
    assert.equal(depth, 1_000_000);
  });

  test('100,000 unclosed <a> and <b>: Noah\'s Ark keeps at most 3 identical entries', () => {
    const doc = parse('<p>' + '<b>x'.repeat(100_000) + '</p>text');
    // every <b> nests in the previous one; after </p> at most three <b>s are
    // reconstructed (the Noah's Ark clause limits identical entries to 3).
    assert.equal(doc.getElementsByTagName('b').length, 100_000 + 3);
    const doc2 = parse('<a href=x>'.repeat(100_000) + 'y');
    // each <a> start tag closes the previous one (adoption agency), so they are siblings
    assert.equal(doc2.getElementsByTagName('a').length, 100_000);
    assert.equal(measure(doc2).maxDepth < 10, true);
  });

  test('100,000 <option>s in a <select>', () => {
    const doc = parse('<select>' + '<option>o'.repeat(100_000) + '</select>');
    const select = doc.querySelector('select');
    assert.equal(select.children.length, 100_000);
    assert.equal(doc.querySelectorAll('option').length, 100_000);
  });

  test('10 MB attribute values and comments are kept whole', () => {
    const big = 'v'.repeat(10 * 1024 * 1024);
    const doc = parse(`<p title="${big}" data-x=${big}><!--${big}-->`);
    const p = doc.querySelector('p');
    assert.equal(p.getAttribute('title').length, big.length);
    assert.equal(p.getAttribute('data-x').length, big.length);
    assert.equal(p.firstChild.nodeType, 8);
    assert.equal(p.firstChild.data.length, big.length);
  });

  test('deeply nested tables and table-in-table foster parenting', () => {
    const doc = parse('<table><tr><td>'.repeat(50_000) + 'x');
    assert.equal(doc.getElementsByTagName('table').length, 50_000);
    const doc2 = parse('<table>' + '<table>x'.repeat(20_000));
    assert.equal(doc2.getElementsByTagName('table').length, 20_001); // each <table> closes the previous one
  });

  test('deep foreign content and templates', () => {
    assert.equal(parse('<svg>' + '<g>'.repeat(200_000)).getElementsByTagName('g').length, 200_000);
    const t = parse('<template>'.repeat(100_000) + 'x');
    assert.equal(t.getElementsByTagName('template').length, 1); // the rest live in template contents
  });

  test('every UTF-16 code unit, alone and all together, parses', () => {
    let all = '';
    for (let c = 0; c < 0x10000; c++) all += String.fromCharCode(c);
    for (const html of [all, all.split('').reverse().join(''), '<p ' + all + '>', '<!--' + all, '<textarea>' + all]) {
      const doc = parse(html);
      assert.equal(doc.nodeType, 9);
      assert.ok(tokenize(html).length > 0);
    }
    for (let c = 0; c < 0x10000; c += 1) {
      const ch = String.fromCharCode(c);
      parse(ch);
      parse('<' + ch);
      parse('&' + ch);
    }
  });

  test('regression: <selectedcontent> inside the selected option (found by the fuzzer)', () => {
    const html = '<select><button><selectedcontent></button><option><selectedcontent></button><option>X';
    const doc = parse(html);
    // "maybe clone an option into selectedcontent": the first selectedcontent
    // of the select mirrors the selected (here: the first) option's children,
    // cloned before selectedcontent's children are replaced.
    const select = doc.querySelector('select');
    const option = select.querySelector(':scope > option');
    const selectedcontent = select.querySelector('selectedcontent');
    assert.equal(selectedcontent.innerHTML, option.innerHTML);
    assert.match(option.innerHTML, /^<selectedcontent>/);
  });

  test('fragments with every kind of context survive garbage', () => {
    const junk = '<table><tr><td><svg><foreignObject><math><mi><select><option><template></td></tr>&#0;\0\uD800</x>';
    for (const context of ['html', 'head', 'body', 'table', 'tbody', 'tr', 'td', 'caption', 'colgroup', 'select', 'template', 'frameset', 'title', 'textarea', 'script', 'style', 'plaintext', 'noscript',
      { localName: 'svg', namespaceURI: 'http://www.w3.org/2000/svg' },
      { localName: 'foreignObject', namespaceURI: 'http://www.w3.org/2000/svg' },
      { localName: 'annotation-xml', namespaceURI: 'http://www.w3.org/1998/Math/MathML' }]) {
      const f = parseFragment(junk, { context });
      assert.equal(f.nodeType, 11);
      assert.equal(typeof dumpTree(f), 'string');
    }
  });
});

describe('robustness: memory', () => {
  test('the wasm heap is reused: 10,000 parses do not grow it', () => {
    const page = '<!DOCTYPE html><title>t</title><table><tr><td>a<b>b<i>c</b>d</i></table>'.repeat(20);
    for (let i = 0; i < 200; i++) parse(page); // warm up
    const before = getWasm().memory.buffer.byteLength;
    for (let i = 0; i < 10_000; i++) {
      if (i % 2) parse(page, { format: 'object', sourceLocations: true });
      else parseToBuffer(page);
    }
    assert.equal(getWasm().memory.buffer.byteLength, before);
  });

  test('a large document after a huge one: memory is released', () => {
    parse('<p>' + 'x'.repeat(30_000_000));
    const afterHuge = getWasm().memory.buffer.byteLength;
    for (let i = 0; i < 5; i++) parse('<p>' + 'y'.repeat(30_000_000));
    assert.equal(getWasm().memory.buffer.byteLength, afterHuge);
  });

  test("parse() writes its flat buffer over the module's copy of the input, when it fits", () => {
    // wasm/exports.c h5w_parse, flatbuf.h source_in_buffer: the buffer then
    // adds nothing to the peak.  Text-heavy input: the buffer is the records
    // (the text is a source reference), far smaller than the input.
    const w = getWasm();
    const html = '<p>' + 'x'.repeat(1_000_000);
    const run = (flags) => {
      const input = writeInput(w, html);
      assert.equal(w.h5w_parse(html.length, flags, 0, 0), 0);
      return [input, w.h5w_out_buf()];
    };
    const [in1, out1] = run(1 | 16); // as parse(): scripting, source references
    assert.ok(w.h5w_out_buf_len() < html.length * 2);
    assert.equal(out1, in1);
    const [in2, out2] = run(1); // as parseToBuffer(): the writer copies text out of the input
    assert.notEqual(out2, in2);
    // parse() with onParseError too: the module records (code, offset) only,
    // JS counts lines in its own string (js/locator.js).
    const [in3, out3] = run(1 | 16 | 8);
    assert.equal(out3, in3);
    const doc = parse(html);
    assert.equal(doc.body.firstChild.textContent.length, 1_000_000);
  });

  test('out of memory: a RangeError that says so, and the next parse works', () => {
    const html = '<div class=a>text</div>'.repeat(100_000);
    setMemoryLimitForTesting(1);
    try {
      assert.throws(() => parse(html), { name: 'RangeError', message: /out of memory.*still usable/ });
      assert.throws(() => parseToBuffer(html), RangeError);
    } finally {
      setMemoryLimitForTesting(0);
    }
    const doc = parse(html);
    assert.equal(doc.body.children.length, 100_000);
    assert.throws(() => setMemoryLimitForTesting(-1), RangeError);
  });
});
