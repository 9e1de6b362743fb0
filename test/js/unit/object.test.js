// decode(buffer, { format: 'object' }) must give exactly parse5's tree:
// parse5 parses, the tree goes through the C writer (via
// test/native/flatbuf_dump.c) and back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as parse5 from 'parse5';
import { decode } from '../../../js/dom/decode.js';
import { bufferFor } from '../lib/helpers.js';
import { DOCUMENTS, FRAGMENTS } from '../lib/corpus.js';

// Same keys in the same order, everywhere (iterative over the tree).
function assertSameKeys(a, b, path = '$') {
  const stack = [[a, b, path]];
  const seen = new Set();
  while (stack.length) {
    const [x, y, p] = stack.pop();
    if (x === null || typeof x !== 'object') continue;
    if (seen.has(x)) continue;
    seen.add(x);
    assert.deepEqual(Object.keys(x), Object.keys(y), `keys differ at ${p}`);
    assert.equal(Object.getPrototypeOf(x) === null, Object.getPrototypeOf(y) === null, `prototype differs at ${p}`);
    for (const k of Object.keys(x)) if (k !== 'parentNode') stack.push([x[k], y[k], `${p}.${k}`]);
  }
}

function assertParents(root) {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop();
    for (const c of n.childNodes || []) {
      assert.equal(c.parentNode, n, `parentNode of ${c.nodeName}`);
      stack.push(c);
    }
    if (n.content) stack.push(n.content);
  }
}

for (const locations of [false, true]) {
  const tag = locations ? ' (locations)' : '';
  test(`documents equal parse5's tree${tag}`, async () => {
    for (const html of DOCUMENTS) {
      const { tree, buffer } = await bufferFor(html, { locations });
      const got = decode(buffer, { format: 'object', source: html });
      assert.deepStrictEqual(got, tree, `document ${JSON.stringify(html)}`);
      assertSameKeys(got, tree);
      assertParents(got);
      assert.equal(parse5.serialize(got), parse5.serialize(tree));
    }
  });

  test(`fragments equal parse5's tree${tag}`, async () => {
    for (const [html, context] of FRAGMENTS) {
      const { tree, buffer } = await bufferFor(html, { fragment: true, context, locations });
      const got = decode(buffer, { format: 'object', source: html });
      assert.deepStrictEqual(got, tree, `fragment ${JSON.stringify(html)} in ${context}`);
      assertSameKeys(got, tree);
    }
  });
}

test('no sourceCodeLocation keys without locations', async () => {
  const { buffer } = await bufferFor('<!DOCTYPE html><p a=1>x<!--c--><template>t</template>');
  const doc = decode(buffer, { format: 'object' });
  const stack = [doc];
  while (stack.length) {
    const n = stack.pop();
    assert.ok(!('sourceCodeLocation' in n), n.nodeName);
    stack.push(...(n.childNodes || []));
    if (n.content) stack.push(n.content);
  }
});

test('foreign attributes carry prefix and namespace exactly as parse5', async () => {
  const { buffer } = await bufferFor('<svg xlink:href=a xml:lang=b xmlns=c xmlns:xlink=d viewbox=e data-x=f></svg>');
  const svg = decode(buffer, { format: 'object' }).childNodes[0].childNodes[1].childNodes[0];
  assert.deepStrictEqual(svg.attrs, [
    { name: 'href', value: 'a', prefix: 'xlink', namespace: 'http://www.w3.org/1999/xlink' },
    { name: 'lang', value: 'b', prefix: 'xml', namespace: 'http://www.w3.org/XML/1998/namespace' },
    { name: 'xmlns', value: 'c', prefix: '', namespace: 'http://www.w3.org/2000/xmlns/' },
    { name: 'xlink', value: 'd', prefix: 'xmlns', namespace: 'http://www.w3.org/2000/xmlns/' },
    { name: 'viewBox', value: 'e' },
    { name: 'data-x', value: 'f' },
  ]);
  assert.deepEqual(Object.keys(svg), ['nodeName', 'tagName', 'attrs', 'namespaceURI', 'childNodes', 'parentNode']);
});

test('locations without the source have offsets only', async () => {
  const html = '<p a="1">x</p>';
  const { buffer } = await bufferFor(html, { fragment: true, locations: true });
  const frag = decode(buffer, { format: 'object' });
  const p = frag.childNodes[0];
  assert.deepStrictEqual(p.sourceCodeLocation.startTag.attrs.a, { startOffset: 3, endOffset: 8 - 1 });
  assert.equal(p.sourceCodeLocation.startOffset, 0);
  assert.equal(p.sourceCodeLocation.endOffset, 14);
  assert.equal(p.childNodes[0].sourceCodeLocation.startOffset, 9);
});
