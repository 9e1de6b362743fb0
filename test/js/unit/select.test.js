// querySelector / querySelectorAll / matches / closest on the DOM-like tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decode } from '../../../js/dom/decode.js';
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
  // The same list runs against Chromium in test/js/browser/select.test.js.
  for (const bad of ['', ' ', 'p >', '> p', 'p,', '[a=]', ':nope', '::nope', 'a|b', 'svg|a', '[xlink|href]', '#', '.',
    '#1a', 'p:nth-child(x)', ':not(', ':not()', 'p!', ':has()', ':has(:has(a))', ':has(::before)', ':not(> a)',
    'a::before b', '::before.a', ':nth-child(2of p)', ':nth-child(2n+-1)', ':nth-child(- n)', ':nth-of-type(2 of p)',
    ':lang()', ':dir()', '[a=1]', 'a/**/b', 'p | a', ':matches(p)', ':first-child()']) {
    assert.throws(() => doc.querySelectorAll(bad), (e) => e.name === 'SyntaxError', JSON.stringify(bad));
  }
  if (typeof DOMException === 'function') {
    assert.throws(() => doc.querySelector(':nope'), (e) => e instanceof DOMException && e.name === 'SyntaxError');
  }
});

test('valid but never matching: pseudo-elements, user state, empty forgiving lists', () => {
  for (const sel of ['::before', 'p::first-line', 'p:after', '::-webkit-scrollbar', '::part(x)', ':hover', 'a:visited',
    ':focus-within', ':target', ':is()', ':where(!)', ':is(> p)', 'div:dir(foo)', ':host', ':state(x)', '|p']) {
    assert.deepEqual(q(sel), [], sel);
  }
  assert.deepEqual(q(':is(#p1, ::before, !), #p3'), ['p1', 'p3'], 'invalid items of a forgiving list are dropped');
  assert.deepEqual(q('li:nth-child(2'), ['l2'], 'the end of the input closes blocks and functions');
  assert.deepEqual(q('[id="p1'), ['p1']);
  assert.deepEqual(q(':is(#p1, #p3'), ['p1', 'p3']);
  assert.deepEqual(q('& > p').length, 0);
  assert.deepEqual(q(':scope > body > div > p:first-child'), ['p1'], ':scope of a document query is the root element');
});

test('namespaces: *|, | and the any-namespace attribute', () => {
  assert.deepEqual(q('*|clipPath'), ['cp']);
  assert.deepEqual(q('*|p').length, 5);
  assert.deepEqual(q('[*|viewBox]'), ['svg1']);
  assert.deepEqual(q('[|data-kind]'), ['p1', 'p3']);
});

test(':has() with relative selectors', () => {
  assert.deepEqual(q('p:has(> a)'), ['p2']);
  assert.deepEqual(q('div:has(> p a[href])'), ['main']);
  assert.deepEqual(q('p:has(+ span)'), ['p2']);
  assert.deepEqual(q('p:has(~ ul)'), ['p1', 'p2', 'p3']);
  assert.deepEqual(q('li:has(+ li + li + li + li)'), ['l1']);
  assert.deepEqual(q('section:has(div:empty)'), ['sec']);
  assert.deepEqual(q(':has(> #l5)'), ['list']);
  assert.deepEqual(q('body > :has(li.odd)'), ['main']);
  assert.deepEqual(q('div:not(:has(*))'), ['empty', 'ws']);
  assert.deepEqual(q('li:has(~ .odd)'), ['l1']);
  assert.deepEqual(q('div:has(> ul > li:last-child, > svg)'), ['main']);
  assert.deepEqual(q('#main:has(p p)'), [], 'p4 is inside svg inside main, but not inside a p');
  assert.deepEqual(q('div:has(foreignObject p)'), ['main']);
  assert.deepEqual(q('html:has(#hidden)'), [], 'template contents are not searched');
  const a = doc.getElementById('a1');
  assert.equal(a.closest(':has(> #p3)').id, 'main');
  assert.equal(doc.getElementById('list').matches(':has(> li:nth-child(5))'), true);
});

test(':nth-child(An+B of S), An+B syntax', () => {
  assert.deepEqual(q('li:nth-child(1 of :not(.odd))'), ['l1']);
  assert.deepEqual(q('li:nth-child(2 of :not(.odd))'), ['l3']);
  assert.deepEqual(q('li:nth-last-child(1 of :not(#l5))'), ['l4']);
  assert.deepEqual(q('#main > :nth-child(odd of p, span)'), ['p1', 's1']);
  assert.deepEqual(q('li:nth-child(2 OF .odd, #l4)'), ['l4'], "'of' is a keyword: ASCII case-insensitive (Chromium rejects OF)");
  assert.deepEqual(q('li:nth-child(N)').length, 5);
  assert.deepEqual(q('li:nth-child(+n+3)'), ['l3', 'l4', 'l5']);
  assert.deepEqual(q('li:nth-child(-n+ 2)'), ['l1', 'l2']);
  assert.deepEqual(q('li:nth-child(n- 4)').length, 5);
  assert.deepEqual(q('li:nth-child(2n -1)'), ['l1', 'l3', 'l5']);
  assert.deepEqual(q('li:nth-child( -2n+5 )'), ['l1', 'l3', 'l5']);
  assert.deepEqual(q('li:nth-last-of-type(-n+2)'), ['l4', 'l5']);
  assert.deepEqual(q('li:only-of-type'), []);
});

const parsed = async (html) => decode((await bufferFor(html)).buffer);
const idsOf = (d, sel) => ids(d.querySelectorAll(sel));

test('input pseudo-classes (HTML 4.16.3)', async () => {
  const d = await parsed(`<!DOCTYPE html><form id=f>
<input id=r1 type=radio name=g checked><input id=r2 type=radio name=g checked><input id=r3 type=radio name=h>
<input id=c1 type=checkbox checked><input id=c2 type=CHECKBOX>
<select id=s1><option id=o1>1<option id=o2 selected>2<option id=o3 selected>3</select>
<select id=s2><option id=o4 disabled>a<option id=o5>b</select>
<select id=s3 multiple><option id=o6>x</select>
<select id=s4 disabled><option id=o7>y</select>
<fieldset id=fs disabled><legend id=lg><input id=in1></legend><input id=in2><button id=b1>b</button></fieldset>
<input id=sub type=submit><button id=b2>second</button>
<input id=t1 required><input id=t2><input id=h1 type=hidden required><input id=rg type=range>
<input id=ro readonly><textarea id=ta1 placeholder=p></textarea><textarea id=ta2 placeholder=p>v</textarea>
<input id=ph1 placeholder=x><input id=ph2 placeholder=x value=v>
<input id=n1 type=number min=1 max=5 value=3><input id=n2 type=number min=1 max=5 value=9><input id=n3 type=number value=9>
<input id=d1 type=date min=2020-01-01 value=2019-12-31><input id=tm type=time min=22:00 max=02:00 value=23:00>
<progress id=pg></progress><progress id=pg2 value=1></progress>
</form><div id=ce contenteditable><p id=cep>x<span id=cef contenteditable=false>y</span></p></div>`);
  const has = (sel, id) => d.querySelectorAll(sel).some((e) => e.id === id);
  assert.deepEqual(idsOf(d, 'input:checked'), ['r2', 'c1'], 'the last checked radio of a group stays checked');
  assert.deepEqual(idsOf(d, 'option:checked'), ['o3', 'o5', 'o7'], 'selectedness: the last selected, else the first enabled');
  assert.deepEqual(idsOf(d, 'input:indeterminate, progress:indeterminate'), ['r3', 'pg']);
  assert.deepEqual(idsOf(d, ':default'), ['r1', 'r2', 'c1', 'o2', 'o3', 'b1'], 'b1 is the form\'s first submit button');
  assert.deepEqual(idsOf(d, 'input:disabled, button:disabled'), ['in2', 'b1'], 'inputs in the first legend stay enabled');
  assert.equal(has(':disabled', 'fs'), true);
  assert.equal(has(':enabled', 'in1'), true);
  assert.equal(has(':disabled', 'o4'), true);
  assert.equal(has(':enabled', 'o7'), true, 'an option of a disabled select is not disabled itself (Chromium differs)');
  assert.equal(has(':required', 't1'), true);
  assert.equal(has(':optional', 't2'), true);
  assert.equal(has(':required, :optional', 'h1'), false, 'required does not apply to hidden inputs');
  assert.equal(has(':optional', 'sub'), false, 'nor to submit buttons (Chromium differs)');
  assert.equal(has(':optional', 'rg'), false, 'nor to range inputs (Chromium differs)');
  assert.equal(has(':optional', 's1'), true);
  assert.equal(has(':read-write', 't1'), true);
  assert.equal(has(':read-only', 'ro'), true);
  assert.equal(has(':read-only', 'in2'), true, 'disabled inputs are not mutable');
  assert.equal(has(':read-write', 'ce'), true);
  assert.equal(has(':read-write', 'cep'), true, 'editability is inherited');
  assert.equal(has(':read-only', 'cef'), true);
  assert.deepEqual(idsOf(d, ':placeholder-shown'), ['ta1', 'ph1']);
  assert.deepEqual(idsOf(d, ':in-range'), ['rg', 'n1', 'tm'], 'range inputs are clamped into range');
  assert.deepEqual(idsOf(d, ':out-of-range'), ['n2', 'd1'], 'a number without min and max has no range limitations (Chromium differs)');
});

test(':valid and :invalid: constraints as parsed (4.10.21)', async () => {
  const d = await parsed(`<form id=f><input id=a required><input id=b required value=x><input id=c type=email value=nope>
<input id=d pattern="[a-c]+" value=abd><input id=e type=number min=0 value=1.5><input id=g type=number step=any value=1.5>
<input id=h type=number min=2 value=1><input id=i type=radio name=r required><input id=j type=radio name=r>
<select id=k required><option value="">pick<option>x</select><input id=l required disabled><input id=m type=image>
</form><form id=f2><fieldset id=fs><input id=n></fieldset></form>`);
  assert.deepEqual(idsOf(d, ':invalid'), ['f', 'a', 'c', 'd', 'e', 'h', 'i', 'j', 'k']);
  assert.deepEqual(idsOf(d, ':valid'), ['b', 'g', 'f2', 'fs', 'n'], 'disabled controls and image buttons are barred');
});

test(':lang(), :dir(), :defined, :link, :open', async () => {
  const d = await parsed(`<!DOCTYPE html><html lang=en-GB><body><p id=a>x</p><div id=b lang=de-Latn-CH><span id=c>y</span></div>
<p id=d lang="">none</p><svg><text id=e xml:lang=fr>t</text></svg>
<div id=f dir=rtl><p id=g>r</p><span id=h dir=ltr>l</span></div><div id=i dir=auto>123 <b>שלום</b></div><bdi id=j>abc</bdi>
<x-foo id=k></x-foo><p id=l is=x-bar></p><font-face id=m></font-face><a id=n href=x></a><a id=o></a><area id=p href=y>
<details id=q open></details><details id=r></details><dialog id=s open></dialog>`);
  const en = idsOf(d, ':lang(en)');
  for (const x of ['a', 'f', 'g', 'j', 's']) assert.ok(en.includes(x), x);
  for (const x of ['b', 'c', 'd', 'e']) assert.ok(!en.includes(x), x);
  assert.deepEqual(idsOf(d, ':lang(de)'), ['b', 'c']);
  assert.deepEqual(idsOf(d, ':lang(de-CH)'), ['b', 'c'], 'extended filtering skips the script subtag (Chromium differs)');
  assert.deepEqual(idsOf(d, ':lang(\\*-CH)'), ['b', 'c'], 'wildcards (Chromium differs)');
  assert.deepEqual(idsOf(d, ':lang("fr", de)'), ['b', 'c', 'e'], 'lists and strings (Chromium rejects them)');
  assert.deepEqual(idsOf(d, ':lang(EN-gb)').includes('a'), true, 'ASCII case-insensitive');
  assert.deepEqual(idsOf(d, ':dir(rtl)'), ['f', 'g', 'i', ''], 'the b inside #i inherits rtl');
  assert.equal(idsOf(d, ':dir(ltr)').includes('h'), true);
  assert.equal(idsOf(d, ':dir(ltr)').includes('j'), true);
  assert.deepEqual(idsOf(d, ':not(:defined)'), ['k', 'l']);
  assert.deepEqual(idsOf(d, ':link'), ['n', 'p']);
  assert.deepEqual(idsOf(d, ':any-link'), ['n', 'p']);
  assert.deepEqual(idsOf(d, ':open'), ['q', 's']);
});

test('attribute values: the HTML case-insensitive list and the i / s flags', async () => {
  const d = await parsed('<p id=a align=CENTER data-x=Y></p><svg><g id=b align=CENTER></g></svg>');
  assert.deepEqual(idsOf(d, '[align=center]'), ['a'], 'legacy list: only on HTML elements');
  assert.deepEqual(idsOf(d, '[align=center s]'), [], 'the s flag (Chromium rejects it)');
  assert.deepEqual(idsOf(d, '[align=center i]'), ['a', 'b']);
  assert.deepEqual(idsOf(d, '[data-x=y]'), []);
  assert.deepEqual(idsOf(d, '[data-x=y I]'), ['a']);
});

test('matching stays linear: nth-* and :has() over 80,000 siblings and deep nesting', async () => {
  const { selectStats } = await import('../../../js/select/select.js');
  const { init, parse } = await import('../../../js/index.js');
  await init(); // the wasm parser: parse5 (bufferFor) takes seconds on these inputs
  const n = 80000;
  const flat = parse('<body>' + '<br>'.repeat(n));
  for (const [sel, count] of [['br:nth-child(2)', 1], ['br:nth-last-child(2)', 1], ['br:nth-of-type(3)', 1],
    ['br:nth-last-of-type(1)', 1], ['br:last-of-type', 1], ['br:only-of-type', 0], ['br:nth-child(n+3 of br)', n - 2],
    ['br:has(+ br)', n - 1], ['br:has(~ br ~ br)', n - 2]]) {
    const before = selectStats.siblingScan + selectStats.hasMatch;
    assert.equal(flat.querySelectorAll(sel).length, count, sel);
    const work = selectStats.siblingScan + selectStats.hasMatch - before;
    // A quadratic engine steps over n * n / 2 = 3.2e9 siblings here.
    assert.ok(work <= 30 * n, `${sel}: ${work} steps for ${n} siblings`);
  }
  const depth = 5000;
  const deep = parse('<div>'.repeat(depth) + '<span></span>');
  for (const [sel, count] of [['div:has(span)', depth], ['div:has(> div > span)', 1], ['div:has(div div span)', depth - 2],
    ['div:has(+ span, > span)', 1], [':nth-child(1 of div:has(span))', depth]]) {
    const before = selectStats.hasMatch;
    assert.equal(deep.querySelectorAll(sel).length, count, sel);
    const work = selectStats.hasMatch - before;
    assert.ok(work <= 4 * (depth + 4), `${sel}: ${work} :has() matches for ${depth} elements`);
  }
});
