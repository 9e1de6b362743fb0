// querySelector / querySelectorAll / matches / closest on the DOM-like tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decode } from '../../../js/decode.js';
import { bufferFor } from '../lib/helpers.js';

const HTML = `<!DOCTYPE html>
<html lang="en-US"><head><title>t</title></head><body>
<div id="main" class="box Big">
  <p id="p1" class="intro first" data-kind="lead" title="Hello World">one</p>
  <p id="p2" class="intro" lang="en">two <a id="a1" href="https://example.com/x.pdf" rel="nofollow noopener">link</a></p>
  <span id="s1"></span>
  <p id="p3" data-kind="body-text">three</p>
  <ul id="list"><li id="l1">1</li><li id="l2" class="odd">2</li><li id="l3">3</li><li id="l4">4</li><li id="l5">5</li></ul>
  <input id="i1" type="CheckBox">
  <svg id="svg1" viewBox="0 0 1 1"><foreignObject id="fo"><p id="p4">in svg</p></foreignObject><clipPath id="cp"/></svg>
  <template id="tpl"><p id="hidden">nope</p></template>
</div>
<section id="sec"><p id="p5">five</p><div id="empty"></div><div id="ws"> </div></section>
</body></html>`;

let doc;
const ids = (list) => list.map((e) => e.id);
const q = (sel, root = doc) => ids(root.querySelectorAll(sel));

test('setup', async () => {
  doc = decode((await bufferFor(HTML)).buffer);
  assert.equal(doc.getElementById('main').localName, 'div');
});

test('type, universal, id, class', () => {
  assert.deepEqual(q('p'), ['p1', 'p2', 'p3', 'p4', 'p5']);
  assert.deepEqual(q('P'), ['p1', 'p2', 'p3', 'p4', 'p5'], 'HTML type selectors ignore case');
  assert.deepEqual(q('#p2'), ['p2']);
  assert.deepEqual(q('#P2'), [], 'ids are case-sensitive in no-quirks mode');
  assert.deepEqual(q('.intro'), ['p1', 'p2']);
  assert.deepEqual(q('.intro.first'), ['p1']);
  assert.deepEqual(q('p.intro#p2'), ['p2']);
  assert.deepEqual(q('.big'), [], 'classes are case-sensitive in no-quirks mode');
  assert.deepEqual(q('#main > *').length, 8);
  assert.deepEqual(q('li'), ['l1', 'l2', 'l3', 'l4', 'l5']);
  assert.deepEqual(q('#hidden'), [], 'template contents are not searched');
});

test('foreign elements: type selectors are case-sensitive', () => {
  assert.deepEqual(q('foreignObject'), ['fo']);
  assert.deepEqual(q('foreignobject'), []);
  assert.deepEqual(q('clipPath'), ['cp']);
  assert.deepEqual(q('svg p'), ['p4']);
  assert.deepEqual(q('[viewBox]'), ['svg1']);
  assert.deepEqual(q('[viewbox]'), [], 'attribute names on foreign elements are case-sensitive');
});

test('attribute selectors', () => {
  assert.deepEqual(q('[data-kind]'), ['p1', 'p3']);
  assert.deepEqual(q('[DATA-KIND]'), ['p1', 'p3'], 'attribute names on HTML elements ignore case');
  assert.deepEqual(q('[data-kind=lead]'), ['p1']);
  assert.deepEqual(q('[data-kind="LEAD"]'), []);
  assert.deepEqual(q('[data-kind="LEAD" i]'), ['p1']);
  assert.deepEqual(q('[rel~=noopener]'), ['a1']);
  assert.deepEqual(q('[rel~=noop]'), []);
  assert.deepEqual(q('[lang|=en]'), ['', 'p2'], 'html lang=en-US matches too');
  assert.deepEqual(q('html[lang|=en]').length, 1);
  assert.deepEqual(q('[href^="https://"]'), ['a1']);
  assert.deepEqual(q('[href$=".pdf"]'), ['a1']);
  assert.deepEqual(q('[title*="lo Wo"]'), ['p1']);
  assert.deepEqual(q('[title*=""]'), [], 'empty substring matches nothing');
  assert.deepEqual(q('[data-kind^=body][data-kind$=text]'), ['p3']);
  assert.deepEqual(q('[type=checkbox]'), ['i1'], 'type is a legacy case-insensitive attribute');
  assert.deepEqual(q('[type=checkbox s]'), [], 'the s flag forces case-sensitivity');
  assert.deepEqual(q("[title='Hello World']"), ['p1']);
  assert.deepEqual(q('[id=p\\31]'), ['p1'], 'escapes in identifiers');
});

test('combinators and lists', () => {
  assert.deepEqual(q('#main p'), ['p1', 'p2', 'p3', 'p4']);
  assert.deepEqual(q('#main > p'), ['p1', 'p2', 'p3']);
  assert.deepEqual(q('#p1 + p'), ['p2']);
  assert.deepEqual(q('#p1 ~ p'), ['p2', 'p3']);
  assert.deepEqual(q('#p2 + p'), [], 'the next element sibling is the span');
  assert.deepEqual(q('span ~ p'), ['p3']);
  assert.deepEqual(q('div>p'), ['p1', 'p2', 'p3']);
  assert.deepEqual(q('section p, #p1, a'), ['p1', 'a1', 'p5'], 'results are in document order, no duplicates');
  assert.deepEqual(q('#main p, p'), ['p1', 'p2', 'p3', 'p4', 'p5']);
  assert.deepEqual(q('body > div ul > li.odd + li'), ['l3']);
  assert.deepEqual(q('  #list   >   li:first-child  '), ['l1']);
});

test('pseudo-classes', () => {
  assert.deepEqual(q('li:first-child'), ['l1']);
  assert.deepEqual(q('li:last-child'), ['l5']);
  assert.deepEqual(q('#list :nth-child(2n+1)'), ['l1', 'l3', 'l5']);
  assert.deepEqual(q('li:nth-child(odd)'), ['l1', 'l3', 'l5']);
  assert.deepEqual(q('li:nth-child(even)'), ['l2', 'l4']);
  assert.deepEqual(q('li:nth-child(3)'), ['l3']);
  assert.deepEqual(q('li:nth-child(-n+2)'), ['l1', 'l2']);
  assert.deepEqual(q('li:nth-last-child(1)'), ['l5']);
  assert.deepEqual(q('li:nth-child(n+4)'), ['l4', 'l5']);
  assert.deepEqual(q('#main > p:nth-of-type(2)'), ['p2']);
  assert.deepEqual(q('#main > p:last-of-type'), ['p3']);
  assert.deepEqual(q('#main > p:first-of-type'), ['p1']);
  assert.deepEqual(q('#main > span:only-of-type'), ['s1']);
  assert.deepEqual(q('#main > p:nth-last-of-type(1)'), ['p3']);
  assert.deepEqual(q('a:only-child'), ['a1']);
  assert.deepEqual(q('p:not(.intro)'), ['p3', 'p4', 'p5']);
  assert.deepEqual(q('p:not(.intro, #p5)'), ['p3', 'p4']);
  assert.deepEqual(q(':is(span, a)'), ['a1', 's1']);
  assert.deepEqual(q('div:where(#empty, #ws)'), ['empty', 'ws']);
  assert.deepEqual(q('div:empty, span:empty'), ['s1', 'empty']);
  assert.equal(doc.querySelector(':root').localName, 'html');
  assert.deepEqual(q('li:nth-child(2 of .odd, #l4)'), ['l4']);
});

test(':scope, scoped queries, matches, closest', () => {
  const main = doc.getElementById('main');
  assert.deepEqual(q(':scope > p', main), ['p1', 'p2', 'p3']);
  assert.deepEqual(q('div p', main), ['p1', 'p2', 'p3', 'p4'], 'combinators may match above the scope');
  assert.deepEqual(q('section p', main), []);
  assert.equal(main.querySelector('li').id, 'l1');
  assert.equal(main.querySelector('nope'), null);
  const a = doc.getElementById('a1');
  assert.equal(a.matches('p > a[href]'), true);
  assert.equal(a.matches('div > a'), false);
  assert.equal(a.closest('p').id, 'p2');
  assert.equal(a.closest('#main').id, 'main');
  assert.equal(a.closest('a').id, 'a1');
  assert.equal(a.closest('table'), null);
  const frag = doc.getElementById('tpl').content;
  assert.deepEqual(ids(frag.querySelectorAll('p')), ['hidden']);
});

test('quirks mode: class and id ignore case', async () => {
  const qd = decode((await bufferFor('<div id=Main class="Big"><p class=X>x</p></div>')).buffer);
  assert.equal(qd.mode, 'quirks');
  assert.equal(qd.querySelectorAll('.big').length, 1);
  assert.equal(qd.querySelectorAll('#main .x').length, 1);
});

test('invalid selectors throw SyntaxError', () => {
  for (const bad of ['', ' ', 'p >', '> p', 'p,', '[a', '[a=]', ':nope', '::before', 'a|b', '#', '.', 'p:nth-child(x)', ':not(', 'p!']) {
    assert.throws(() => doc.querySelectorAll(bad), (e) => e.name === 'SyntaxError', JSON.stringify(bad));
  }
});
