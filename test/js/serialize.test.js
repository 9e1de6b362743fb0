// js/serialize.js over both node shapes must equal parse5's serializer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as parse5 from 'parse5';
import { decode } from '../../js/decode.js';
import { serialize, serializeOuter, escapeText, escapeAttribute } from '../../js/serialize.js';
import { bufferFor } from './helpers.js';
import { DOCUMENTS, FRAGMENTS } from './corpus.js';

function* pairs(a, b) {
  const stack = [[a, b]];
  while (stack.length) {
    const [x, y] = stack.pop();
    yield [x, y];
    const xs = x.childNodes || [];
    const ys = y.childNodes || [];
    for (let k = 0; k < ys.length; k++) stack.push([xs[k], ys[k]]);
    if (y.content) stack.push([x.content, y.content]);
  }
}

test('documents: both shapes serialise as parse5 does, at every node', async () => {
  for (const html of DOCUMENTS) {
    const { tree, buffer } = await bufferFor(html);
    const expected = parse5.serialize(tree);
    const d = decode(buffer);
    const o = decode(buffer, { format: 'object' });
    assert.equal(serialize(d), expected, JSON.stringify(html));
    assert.equal(serialize(o), expected, JSON.stringify(html));
    for (const [x, y] of pairs(d, tree)) {
      assert.equal(serialize(x), parse5.serialize(y));
      if (y.nodeName !== '#document') assert.equal(serializeOuter(x), parse5.serializeOuter(y));
    }
    for (const [x, y] of pairs(o, tree)) {
      assert.equal(serialize(x), parse5.serialize(y));
      if (y.nodeName !== '#document') assert.equal(serializeOuter(x), parse5.serializeOuter(y));
    }
  }
});

test('fragments serialise as parse5 does', async () => {
  for (const [html, context] of FRAGMENTS) {
    const { tree, buffer } = await bufferFor(html, { fragment: true, context });
    assert.equal(serialize(decode(buffer)), parse5.serialize(tree));
    assert.equal(serialize(decode(buffer, { format: 'object' })), parse5.serialize(tree));
  }
});

test('noscript follows the scripting flag recorded in the buffer', async () => {
  const html = '<!DOCTYPE html><body><noscript>&lt;b&gt; &amp;</noscript>';
  const on = await bufferFor(html, { scripting: true });
  const off = await bufferFor(html, { scripting: false });
  assert.equal(serialize(decode(on.buffer)), parse5.serialize(on.tree));
  assert.equal(serialize(decode(on.buffer)).includes('<noscript>&lt;b&gt; &amp;</noscript>'), true);
  const offDoc = decode(off.buffer);
  assert.equal(serialize(offDoc), parse5.serialize(off.tree, { scriptingEnabled: false }));
  assert.equal(serialize(offDoc, { scriptingEnabled: true }), parse5.serialize(off.tree, { scriptingEnabled: true }));
  // Objects default to scripting on, as parse5.
  const obj = decode(off.buffer, { format: 'object' });
  assert.equal(serialize(obj), parse5.serialize(off.tree));
  assert.equal(serialize(obj, { scriptingEnabled: false }), parse5.serialize(off.tree, { scriptingEnabled: false }));
});

test('void elements serialise to nothing inside and have no end tag', async () => {
  const { tree, buffer } = await bufferFor('<!DOCTYPE html><br><img src="a&b">', { fragment: true });
  const d = decode(buffer);
  assert.equal(serialize(d.firstChild), '');
  assert.equal(serializeOuter(d.firstChild), '<br>');
  assert.equal(serializeOuter(d.lastChild), '<img src="a&amp;b">');
  assert.equal(serialize(tree.childNodes[0]), '');
});

test('escaping', () => {
  assert.equal(escapeText('a&b<c>d\u00a0e"f\'g'), 'a&amp;b&lt;c&gt;d&nbsp;e"f\'g');
  assert.equal(escapeAttribute('a&b<c>d\u00a0e"f\'g'), 'a&amp;b&lt;c&gt;d&nbsp;e&quot;f\'g');
  assert.equal(escapeText('plain'), 'plain');
  assert.equal(escapeText(''), '');
  assert.equal(escapeText('\ud800&'), '\ud800&amp;');
});

test('hand-made parse5-shaped objects', () => {
  const el = (tagName, attrs = [], childNodes = [], ns = 'http://www.w3.org/1999/xhtml') => {
    const e = { nodeName: tagName, tagName, attrs, namespaceURI: ns, childNodes, parentNode: null };
    for (const c of childNodes) c.parentNode = e;
    return e;
  };
  const text = (value) => ({ nodeName: '#text', value, parentNode: null });
  const script = el('script', [], [text('a < b')]);
  const svgStyle = el('style', [], [text('a < b')], 'http://www.w3.org/2000/svg');
  const root = el('div', [{ name: 'id', value: '"x"' }], [script, el('svg', [{ name: 'href', value: 'h', prefix: 'xlink', namespace: 'http://www.w3.org/1999/xlink' }], [svgStyle], 'http://www.w3.org/2000/svg')]);
  const expected = parse5.serializeOuter(root);
  assert.equal(serializeOuter(root), expected);
  assert.equal(expected, '<div id="&quot;x&quot;"><script>a < b</script><svg xlink:href="h"><style>a &lt; b</style></svg></div>');
});

test('bad arguments throw TypeError', () => {
  assert.throws(() => serialize(null), TypeError);
  assert.throws(() => serializeOuter('x'), TypeError);
});
