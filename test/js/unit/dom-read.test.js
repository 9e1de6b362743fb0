// The reading APIs of the DOM and HTML standards on parse() / decode()
// trees (issue 18): DOMTokenList, dataset, reflected attributes, URLs,
// form controls, innerText, collections, compareDocumentPosition, the Node
// constants, isEqualNode, namespace lookups, TreeWalker, NodeIterator, and
// @testing-library/dom's window-free queries.  The values here are the
// standards'; test/js/browser/dom-read.test.js compares the same reads with
// Chromium.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as tl from '@testing-library/dom';
import { decode, parse, parseFragment, parseToBuffer } from '../../../js/node.js';
import { Element, Node } from '../../../js/dom/dom.js';
import { HTMLCollection, NodeList } from '../../../js/dom/collections.js';
import { HTMLInputElement, HTMLSelectElement, HTMLElement, SVGElement } from '../../../js/dom/html-elements.js';
import { NodeFilter } from '../../../js/dom/traversal.js';

const doc = (html, o) => parse(html, { url: 'https://example.com/dir/page.html?q#top', ...o });
// Setters and DOMTokenList/DOMStringMap writes call setAttribute (the mutation branch adds it).
const needsSetAttribute = typeof Element.prototype.setAttribute === 'function' ? false : 'needs setAttribute (mutation branch)';
const needsMutation = typeof Element.prototype.appendChild === 'function' ? false : 'needs appendChild (mutation branch)';

describe('element classes', () => {
  test('HTML elements get their HTML standard class, SVG and MathML theirs', () => {
    const d = doc('<input><select></select><div></div><section></section><h3></h3><svg><circle/></svg><math><mi/></math><template></template>');
    assert.ok(d.querySelector('input') instanceof HTMLInputElement);
    assert.ok(d.querySelector('select') instanceof HTMLSelectElement);
    // Interfaces that add nothing read here still have their names (the HTML standard's index).
    assert.equal(d.querySelector('div').constructor.name, 'HTMLDivElement');
    assert.equal(Object.getPrototypeOf(d.querySelector('div').constructor), HTMLElement);
    assert.equal(d.querySelector('h3').constructor.name, 'HTMLHeadingElement');
    assert.equal(d.body.constructor.name, 'HTMLBodyElement');
    assert.equal(d.querySelector('section').constructor, HTMLElement);
    assert.ok(d.querySelector('circle') instanceof SVGElement);
    assert.equal(d.querySelector('mi').constructor.name, 'MathMLElement');
    assert.equal(d.querySelector('template').content.nodeType, 11);
    assert.equal(d.querySelector('template').hidden, false); // the template class is an HTMLElement too
    assert.ok(d.querySelector('input') instanceof Element);
  });
});

describe('DOMTokenList and dataset', () => {
  test('classList reads the class attribute as an ordered set', () => {
    const d = doc('<p class="  b a\tb\nc ">x</p><i>y</i>');
    const l = d.querySelector('p').classList;
    assert.equal(l.length, 3);
    assert.deepEqual([...l], ['b', 'a', 'c']);
    assert.equal(l[0], 'b');
    assert.equal(l[3], undefined);
    assert.equal(l.item(2), 'c');
    assert.equal(l.item(3), null);
    assert.equal(l.contains('a'), true);
    assert.equal(l.contains('d'), false);
    assert.equal(l.value, '  b a\tb\nc ');
    assert.equal(String(l), '  b a\tb\nc ');
    assert.equal(Object.prototype.toString.call(l), '[object DOMTokenList]');
    assert.equal(l, d.querySelector('p').classList, 'one DOMTokenList per element');
    const seen = [];
    l.forEach((t, k) => seen.push(`${k}${t}`));
    assert.deepEqual(seen, ['0b', '1a', '2c']);
    assert.deepEqual([...l.entries()], [[0, 'b'], [1, 'a'], [2, 'c']]);
    assert.equal(d.querySelector('i').classList.length, 0);
    assert.throws(() => l.supports('a'), TypeError);
  });

  test('relList.supports knows the link types of <link> and <a>', () => {
    const d = doc('<link rel="stylesheet Icon"><a rel=noopener>a</a>');
    const rl = d.querySelector('link').relList;
    assert.deepEqual([...rl], ['stylesheet', 'Icon']);
    assert.equal(rl.supports('STYLESHEET'), true);
    assert.equal(rl.supports('nofollow'), false);
    assert.equal(d.querySelector('a').relList.supports('noreferrer'), true);
  });

  test('classList add/remove/toggle/replace', { skip: needsSetAttribute }, () => {
    const d = doc('<p class="a b">x</p><i>y</i>');
    const p = d.querySelector('p');
    p.classList.add('c', 'a');
    assert.equal(p.className, 'a b c');
    p.classList.remove('a');
    assert.equal(p.getAttribute('class'), 'b c');
    assert.equal(p.classList.toggle('b'), false);
    assert.equal(p.classList.toggle('d', true), true);
    assert.equal(p.classList.replace('c', 'e'), true);
    assert.equal(p.classList.replace('zz', 'e'), false);
    assert.equal(p.className, 'e d');
    assert.throws(() => p.classList.add(''), { name: 'SyntaxError' });
    assert.throws(() => p.classList.add('a b'), { name: 'InvalidCharacterError' });
    const i = d.querySelector('i');
    i.classList.remove('x');
    assert.equal(i.hasAttribute('class'), false, 'the update steps do not create an empty attribute');
  });

  test('classList validates tokens before it writes', () => {
    const p = doc('<p class=a>x</p>').querySelector('p');
    assert.throws(() => p.classList.add(''), { name: 'SyntaxError' });
    assert.throws(() => p.classList.toggle('a b'), { name: 'InvalidCharacterError' });
    assert.throws(() => p.classList.replace('a', ''), { name: 'SyntaxError' });
    assert.equal(p.className, 'a');
  });

  test('dataset: the HTML standard\'s name conversion', () => {
    const d = doc('<div data-foo-bar=1 data-x="" data-FOO=up data-a-b-c=3 data--lead=4 data-=e foo-bar=no>d</div>');
    const ds = d.querySelector('div').dataset;
    assert.deepEqual(Object.entries(ds), [['fooBar', '1'], ['x', ''], ['foo', 'up'], ['aBC', '3'], ['Lead', '4'], ['', 'e']]);
    assert.equal(ds.fooBar, '1');
    assert.equal(ds['foo-bar'], undefined);
    assert.equal('x' in ds, true);
    assert.equal('y' in ds, false);
    assert.equal(ds.y, undefined);
    assert.equal(d.querySelector('div').dataset, ds, 'one DOMStringMap per element');
    assert.deepEqual(Object.keys(d.querySelector('div').dataset), ['fooBar', 'x', 'foo', 'aBC', 'Lead', '']);
    assert.equal(ds.Lead, '4');
  });

  test('dataset writes', { skip: needsSetAttribute }, () => {
    const div = doc('<div data-a=1>d</div>').querySelector('div');
    div.dataset.someName = 'v';
    assert.equal(div.getAttribute('data-some-name'), 'v');
    delete div.dataset.a;
    assert.equal(div.hasAttribute('data-a'), false);
    assert.throws(() => { div.dataset['a-b'] = 'x'; }, { name: 'SyntaxError' });
  });
});

describe('reflected attributes of HTMLElement', () => {
  test('id, className, title, lang, dir, hidden, translate, accessKey', () => {
    const d = doc('<div id=a class="x y" title=t lang=en dir=RTL hidden translate=no accesskey=k>d</div><p dir=bogus hidden=UNTIL-FOUND><span>s</span></p><b>b</b>');
    const [div, p, b] = ['div', 'p', 'b'].map((s) => d.querySelector(s));
    assert.deepEqual([div.id, div.className, div.title, div.lang, div.dir, div.hidden, div.translate, div.accessKey], ['a', 'x y', 't', 'en', 'rtl', true, false, 'k']);
    assert.deepEqual([p.dir, p.hidden, p.querySelector('span').translate], ['', 'until-found', true]);
    assert.deepEqual([b.id, b.className, b.title, b.lang, b.dir, b.hidden], ['', '', '', '', '', false]);
  });

  test('tabIndex: 0 by default for a, area, button, input, select, textarea, iframe, object, SVG a, the details summary; else -1', () => {
    const d = doc('<a>a</a><area><button></button><input><select></select><textarea></textarea><iframe></iframe><object></object><div>d</div><details><summary>1</summary><summary>2</summary></details><summary>3</summary><svg><a></a><g></g></svg>');
    const got = [...d.querySelectorAll('*')].filter((e) => !['html', 'head', 'body', 'svg', 'details'].includes(e.localName)).map((e) => `${e.localName}${e.tabIndex}`);
    assert.deepEqual(got, ['a0', 'area0', 'button0', 'input0', 'select0', 'textarea0', 'iframe0', 'object0', 'div-1', 'summary0', 'summary-1', 'summary-1', 'a0', 'g-1']);
    const t = doc('<span tabindex=3></span><span tabindex=" 7x"></span><span tabindex=-5></span><span tabindex=x></span><span tabindex=99999999999></span><a tabindex=x></a>');
    assert.deepEqual([...t.querySelectorAll('span, a')].map((e) => e.tabIndex), [3, 7, -5, -1, -1, 0]);
  });

  test('innerText and outerText: the descendant text content (HTML 3.2.7, nothing is rendered)', () => {
    const d = doc('<div id=t>a<br>b<p>c</p><script>s()</script>  d <template>tpl</template><!--c--></div>');
    const div = d.getElementById('t');
    assert.equal(div.innerText, 'abcs()  d ');
    assert.equal(div.outerText, div.innerText);
    assert.equal(div.innerText, div.textContent);
  });
});

describe('URLs: the url option, document.URL and the base URL', () => {
  test('option url: the document URL; about:blank by default', () => {
    const d = doc('<a href=x>x</a>');
    assert.equal(d.URL, 'https://example.com/dir/page.html?q#top');
    assert.equal(d.documentURI, d.URL);
    assert.equal(d.baseURI, d.URL);
    assert.equal(d.querySelector('a').baseURI, d.URL);
    const blank = parse('<a href=x>x</a><a href="https://h/">y</a>');
    assert.equal(blank.URL, 'about:blank');
    assert.equal(blank.querySelector('a').href, 'x', 'a relative URL against about:blank does not parse: the attribute');
    assert.equal(blank.querySelector('a').protocol, ':');
    assert.equal(blank.querySelectorAll('a')[1].href, 'https://h/');
    assert.equal(parse('x', { url: 'HTTP://EX.com' }).URL, 'http://ex.com/', 'the URL is the parsed, serialized one');
  });

  test('option url is checked: a string holding an absolute URL', () => {
    assert.throws(() => parse('x', { url: '/relative' }), (e) => e instanceof TypeError && /option 'url' must be an absolute URL/.test(e.message));
    assert.throws(() => parse('x', { url: 42 }), (e) => e instanceof TypeError && /option 'url' must be a string/.test(e.message));
    assert.throws(() => decode(parseToBuffer('x'), { url: 'nope' }), TypeError);
    assert.throws(() => parseToBuffer('x', { url: 'https://x/' }), /unknown option 'url'/);
  });

  test('decode(buffer, { url }) and parseFragment(html, { url })', () => {
    const d = decode(parseToBuffer('<a href="p">x</a>'), { url: 'https://w.example/a/' });
    assert.equal(d.URL, 'https://w.example/a/');
    assert.equal(d.querySelector('a').href, 'https://w.example/a/p');
    const f = parseFragment('<a href="q">x</a>', { url: 'https://f.example/' });
    assert.equal(f.firstChild.href, 'https://f.example/q');
  });

  test('the first <base href> gives the document base URL (HTML 2.4.1)', () => {
    const d = doc('<base target=_top><base href="/base/"><base href="https://ignored/"><a href="x?y#z">x</a><form></form>');
    assert.equal(d.baseURI, 'https://example.com/base/');
    assert.equal(d.querySelector('a').href, 'https://example.com/base/x?y#z');
    assert.equal(d.querySelector('base[href]').href, 'https://example.com/base/');
    assert.equal(d.forms[0].action, 'https://example.com/dir/page.html?q#top', 'no action: the document URL');
    // A base URL that does not parse, or data: / javascript:, falls back to the document URL.
    for (const bad of ['http://[bad', 'javascript:x', 'data:,x']) {
      const b = doc(`<base href="${bad}"><a href=r>r</a>`);
      assert.equal(b.baseURI, 'https://example.com/dir/page.html?q#top', bad);
      assert.equal(b.querySelector('a').href, 'https://example.com/dir/r', bad);
    }
  });

  test('a/area: href and its URL parts (HTMLHyperlinkElementUtils)', () => {
    const d = doc('<a href="https://u:p@Example.com:8080/p/q?a=b#c">1</a><a href="../up">2</a><a href="http://[bad">3</a><a>4</a><a href="mailto:x@y">5</a><area href="//h.example/x">');
    const parts = (a) => [a.href, a.protocol, a.username, a.password, a.host, a.hostname, a.port, a.pathname, a.search, a.hash, a.origin, String(a)];
    const [a1, a2, a3, a4, a5, area] = d.querySelectorAll('a, area');
    assert.deepEqual(parts(a1), ['https://u:p@example.com:8080/p/q?a=b#c', 'https:', 'u', 'p', 'example.com:8080', 'example.com', '8080', '/p/q', '?a=b', '#c', 'https://example.com:8080', 'https://u:p@example.com:8080/p/q?a=b#c']);
    assert.equal(a2.href, 'https://example.com/up');
    assert.deepEqual(parts(a3), ['http://[bad', ':', '', '', '', '', '', '', '', '', '', 'http://[bad']);
    assert.deepEqual(parts(a4), ['', ':', '', '', '', '', '', '', '', '', '', '']);
    assert.deepEqual([a5.protocol, a5.pathname, a5.origin], ['mailto:', 'x@y', 'null']);
    assert.equal(area.href, 'https://h.example/x');
    assert.equal(a1.text, '1');
  });
});

describe('form controls', () => {
  test('input: type, value modes and sanitization, checked, attributes', () => {
    const d = doc('<input id=a value=" v "><input id=b type=CHECKBOX checked><input id=c type=radio value=r><input id=d type=hidden value=" h "><input id=e type=number value=x><input id=f type=email value=" a@b "><input id=g type=color value=#ABCDEF><input id=h type=range min=10 max=20><input id=i type=bogus><input id=j type=file value=f><input id=k type=text value="a\nb"><input id=l type=date value=2023-02-29><input id=m maxlength=5 size=0 readonly required disabled placeholder=p min=1 max=9 step=any name=n>');
    const $ = (id) => d.getElementById(id);
    assert.deepEqual([$('a').type, $('a').value, $('a').defaultValue], ['text', ' v ', ' v ']);
    assert.deepEqual([$('b').type, $('b').checked, $('b').defaultChecked, $('b').value], ['checkbox', true, true, 'on']);
    assert.deepEqual([$('c').checked, $('c').value], [false, 'r']);
    assert.equal($('d').value, ' h ');
    assert.equal($('e').value, '');
    assert.equal($('f').value, 'a@b');
    assert.equal($('g').value, '#abcdef');
    assert.equal($('h').value, '15');
    assert.equal($('i').type, 'text');
    assert.equal($('j').value, '');
    assert.equal($('k').value, 'ab');
    assert.equal($('l').value, '', '2023 is no leap year');
    const m = $('m');
    assert.deepEqual([m.maxLength, m.minLength, m.size, m.readOnly, m.required, m.disabled, m.placeholder, m.min, m.max, m.step, m.name, m.multiple],
      [5, -1, 20, true, true, true, 'p', '1', '9', 'any', 'n', false]);
  });

  test('input: the dirty value and checkedness are JS state; the attributes stay', () => {
    const d = doc('<input value=a><input type=checkbox><input type=file><input type=number>');
    const [text, box, file, num] = d.querySelectorAll('input');
    text.value = 'typed';
    assert.equal(text.value, 'typed');
    assert.equal(text.defaultValue, 'a');
    assert.equal(text.getAttribute('value'), 'a');
    box.checked = true;
    assert.equal(box.checked, true);
    assert.equal(box.hasAttribute('checked'), false);
    file.value = '';
    assert.throws(() => { file.value = 'x'; }, { name: 'InvalidStateError' });
    num.value = 'abc';
    assert.equal(num.value, '', 'sanitized');
  });

  test('select and option: selectedness at parse time (HTML 4.10.7)', () => {
    const d = doc('<select id=one><option>  a  b </option><option value=v2 selected>two</option><option selected>three</option></select>' +
      '<select id=none><option disabled>d</option><optgroup disabled><option>g</option></optgroup><option>ok</option></select>' +
      '<select id=multi multiple><option selected>m1<option>m2<option selected>m3</select>' +
      '<select id=size size=2><option>s1<option>s2</select><select id=empty></select>');
    const [one, none, multi, size, empty] = d.querySelectorAll('select');
    assert.deepEqual([one.value, one.selectedIndex, one.options.length, one.length, one.type], ['three', 2, 3, 3, 'select-one']);
    assert.deepEqual([...one.options].map((o) => [o.value, o.text, o.label, o.selected, o.defaultSelected, o.index]),
      [['a b', 'a b', 'a b', false, false, 0], ['v2', 'two', 'two', false, true, 1], ['three', 'three', 'three', true, true, 2]]);
    assert.ok(one.options instanceof HTMLCollection);
    assert.equal(one.options.selectedIndex, 2);
    assert.equal(one.options.namedItem('nope'), null);
    assert.deepEqual([none.value, none.selectedIndex], ['ok', 2], 'the first option that is not disabled');
    assert.deepEqual([multi.type, multi.selectedIndex, [...multi.selectedOptions].map((o) => o.text)], ['select-multiple', 0, ['m1', 'm3']]);
    assert.deepEqual([size.selectedIndex, size.value], [-1, ''], 'display size 2: nothing selected');
    assert.deepEqual([empty.value, empty.selectedIndex], ['', -1]);
  });

  test('select: value and selectedIndex setters change the selectedness (JS state)', () => {
    const d = doc('<select><option>a<option value=b>B<option>c</select><select multiple><option>x<option selected>y</select>');
    const [s, m] = d.querySelectorAll('select');
    s.value = 'b';
    assert.deepEqual([s.selectedIndex, s.value], [1, 'b']);
    s.selectedIndex = 2;
    assert.deepEqual([s.value, s.options[1].selected, s.options[2].selected], ['c', false, true]);
    s.options[0].selected = true;
    assert.equal(s.selectedIndex, 0);
    s.value = 'nothing';
    assert.equal(s.selectedIndex, -1, 'no reset after the value setter');
    s.options[1].selected = true;
    s.options[1].selected = false;
    assert.equal(s.selectedIndex, 0, 'the option setter asks for a reset: the first option');
    m.options[0].selected = true;
    assert.deepEqual([...m.selectedOptions].map((o) => o.value), ['x', 'y']);
  });

  test('option outside a select, option text without scripts', () => {
    const d = doc('<option selected value=x>v</option><select><option>a<script>b</script>  c </option></select>');
    const [o1, o2] = d.querySelectorAll('option');
    assert.deepEqual([o1.selected, o1.index, o1.form, o1.value], [true, 0, null, 'x']);
    assert.equal(o2.text, 'a c');
  });

  test('textarea: defaultValue is the child text, value the API value', () => {
    const d = doc('<textarea rows=0 cols=x maxlength=3 name=t>\nfirst\r\nsecond &amp;</textarea>');
    const ta = d.querySelector('textarea');
    assert.deepEqual([ta.defaultValue, ta.value, ta.textLength, ta.rows, ta.cols, ta.maxLength, ta.type, ta.name], ['first\nsecond &', 'first\nsecond &', 14, 2, 20, 3, 'textarea', 't']);
    ta.value = 'new';
    assert.deepEqual([ta.value, ta.defaultValue], ['new', 'first\nsecond &']);
  });

  test('button, fieldset, form.elements with the form attribute, label.control', () => {
    const d = doc('<form id=f action="go?x" method=POST enctype=TEXT/PLAIN name=main>' +
      '<fieldset id=fs disabled><legend>L</legend><input name=a><input type=radio name=r value=1><input type=radio name=r value=2 checked></fieldset>' +
      '<button id=b1>b</button><button id=b2 type=RESET value=v>r</button><button id=b3 type=bogus>z</button><input type=image name=img><output name=o>out</output></form>' +
      '<input form=f name=outside><input form=nope name=none><label id=l1 for=lab>X</label><label id=l2>Y <input id=lab2></label><input id=lab><label id=l3 for=hid></label><input type=hidden id=hid>');
    const f = d.getElementById('f');
    assert.deepEqual([...f.elements].map((e) => e.name || e.id || e.localName), ['fs', 'a', 'r', 'r', 'b1', 'b2', 'b3', 'o', 'outside']);
    assert.equal(f.length, 9);
    assert.deepEqual([f.action, f.method, f.enctype, f.name], ['https://example.com/dir/go?x', 'post', 'text/plain', 'main']);
    assert.equal(f.elements.namedItem('a').localName, 'input');
    const radios = f.elements.namedItem('r');
    assert.deepEqual([radios.length, radios.value], [2, '2'], 'a RadioNodeList');
    assert.ok(f.elements instanceof HTMLCollection);
    assert.equal(d.querySelector('[name=outside]').form, f);
    assert.equal(d.querySelector('[name=none]').form, null);
    assert.equal(d.querySelector('[name=a]').form, f);
    assert.deepEqual(['b1', 'b2', 'b3'].map((id) => d.getElementById(id).type), ['submit', 'reset', 'submit']);
    const fs = d.getElementById('fs');
    assert.deepEqual([fs.type, fs.disabled, fs.elements.length, fs.form], ['fieldset', true, 3, f]);
    assert.equal(d.querySelector('legend').form, f);
    assert.equal(d.querySelector('[name=a]').disabled, false, 'disabled reflects the attribute only');
    assert.equal(d.querySelector('[name=a]').willValidate, false, 'but the control is disabled by its fieldset');
    assert.equal(d.getElementById('l1').control, d.getElementById('lab'));
    assert.equal(d.getElementById('l1').htmlFor, 'lab');
    assert.equal(d.getElementById('l2').control, d.getElementById('lab2'));
    assert.equal(d.getElementById('l3').control, null, 'a hidden input is not labelable');
    assert.deepEqual([...d.getElementById('lab').labels].map((l) => l.id), ['l1']);
    assert.equal(d.getElementById('hid').labels, null);
  });

  test('meta, link, img, script, style, title, ol, td', () => {
    const d = doc('<meta name=description content=d><meta http-equiv=refresh content=5><link rel="stylesheet" href="s.css" as=STYLE crossorigin=x><img src="i.png" alt=A width=100 height=x crossorigin=use-credentials loading=LAZY><script src="a.js" type=module async>var x</script><style media=print>p{}</style><title> a  b </title><ol reversed><li>1<li value=7>2</ol><table><td colspan=0 rowspan=70000>x</table>');
    const [m1, m2] = d.querySelectorAll('meta');
    assert.deepEqual([m1.name, m1.content, m2.httpEquiv, m2.content], ['description', 'd', 'refresh', '5']);
    const link = d.querySelector('link');
    assert.deepEqual([link.href, link.rel, link.as, link.crossOrigin], ['https://example.com/dir/s.css', 'stylesheet', 'style', 'anonymous']);
    const img = d.querySelector('img');
    assert.deepEqual([img.src, img.alt, img.width, img.height, img.crossOrigin, img.loading], ['https://example.com/dir/i.png', 'A', 100, 0, 'use-credentials', 'lazy']);
    const s = d.querySelector('script');
    assert.deepEqual([s.src, s.type, s.async, s.defer, s.text], ['https://example.com/dir/a.js', 'module', true, false, 'var x']);
    assert.equal(d.querySelector('style').media, 'print');
    assert.equal(d.querySelector('title').text, ' a  b ');
    assert.deepEqual([d.querySelector('ol').reversed, d.querySelector('ol').start, [...d.querySelectorAll('li')].map((l) => l.value)], [true, 1, [0, 7]]);
    assert.deepEqual([d.querySelector('td').colSpan, d.querySelector('td').rowSpan], [1, 65534]);
  });
});

describe('collections', () => {
  test('children, getElementsBy* are live HTMLCollections; childNodes a NodeList; querySelectorAll a static NodeList', () => {
    const d = doc('<div id=a name=x><p id=p1 class=c>1</p>t<p name=n2 class=c>2</p></div><input name=x>');
    const div = d.getElementById('a');
    const kids = div.children;
    assert.ok(kids instanceof HTMLCollection);
    assert.equal(Object.prototype.toString.call(kids), '[object HTMLCollection]');
    assert.equal(kids, div.children, 'the same object every time');
    assert.deepEqual([kids.length, kids[0].id, kids.item(1).getAttribute('name'), kids.item(2), kids[2]], [2, 'p1', 'n2', null, undefined]);
    assert.equal(kids.namedItem('p1'), kids[0]);
    assert.equal(kids.namedItem('n2'), kids[1], 'by name for HTML elements');
    assert.equal(kids.namedItem(''), null);
    assert.deepEqual([...kids].map((e) => e.textContent), ['1', '2']);
    assert.deepEqual(kids.map((e) => e.id), ['p1', ''], 'still an Array subclass: map works (and gives an Array)');
    assert.ok(!(kids.map((e) => e) instanceof HTMLCollection));
    assert.throws(() => { 'use strict'; kids[0] = null; }, TypeError);
    const nodes = div.childNodes;
    assert.ok(nodes instanceof NodeList);
    assert.deepEqual([nodes.length, nodes.item(1).data, nodes.item(9)], [3, 't', null]);
    assert.ok(d.querySelector('p').firstChild.childNodes instanceof NodeList);
    const qsa = d.querySelectorAll('.c');
    assert.ok(qsa instanceof NodeList);
    assert.equal(qsa.item(1).textContent, '2');
    const byName = d.getElementsByName('x');
    assert.ok(byName instanceof NodeList);
    assert.deepEqual([...byName].map((e) => e.localName), ['div', 'input']);
    assert.equal(d.getElementsByTagName('p').item(1).textContent, '2');
    assert.equal(d.getElementsByClassName('c').namedItem('p1').textContent, '1');
    assert.deepEqual([d.forms.length, d.images.length, d.links.length, d.scripts.length], [0, 0, 0, 0]);
  });

  test('live collections follow changes to the tree', { skip: needsMutation }, () => {
    const d = doc('<div><p>1</p></div>');
    const div = d.querySelector('div');
    const kids = div.children;
    const ps = d.getElementsByTagName('p');
    const nodes = div.childNodes;
    div.appendChild(d.createElement('p'));
    assert.equal(kids.length, 2);
    assert.equal(ps.length, 2);
    assert.equal(div.childNodes.length, 2);
    assert.ok(nodes.length === 2, 'childNodes is live');
  });
});

describe('Node: constants, compareDocumentPosition, isEqualNode, namespaces', () => {
  test('the Node constants are on Node and on every node', () => {
    const d = doc('<p>x</p>');
    assert.equal(Node.ELEMENT_NODE, 1);
    assert.equal(Node.DOCUMENT_FRAGMENT_NODE, 11);
    assert.equal(Node.DOCUMENT_POSITION_CONTAINED_BY, 16);
    assert.equal(d.querySelector('p').TEXT_NODE, 3);
    assert.equal(d.DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC, 32);
    assert.equal(d.querySelector('p').firstChild.COMMENT_NODE, 8);
    assert.equal(d.querySelector('p').attributes.length, 0);
    assert.equal(NodeFilter.SHOW_ELEMENT, 1);
  });

  test('compareDocumentPosition (DOM 4.4)', () => {
    const d = doc('<div id=a><p id=b>x</p><p id=c></p></div><span id=d></span><template><i></i></template>');
    const $ = (id) => d.getElementById(id);
    assert.equal($('a').compareDocumentPosition($('a')), 0);
    assert.equal($('a').compareDocumentPosition($('b')), Node.DOCUMENT_POSITION_CONTAINED_BY | Node.DOCUMENT_POSITION_FOLLOWING);
    assert.equal($('b').compareDocumentPosition($('a')), Node.DOCUMENT_POSITION_CONTAINS | Node.DOCUMENT_POSITION_PRECEDING);
    assert.equal($('b').compareDocumentPosition($('c')), Node.DOCUMENT_POSITION_FOLLOWING);
    assert.equal($('c').compareDocumentPosition($('b').firstChild), Node.DOCUMENT_POSITION_PRECEDING);
    assert.equal($('d').compareDocumentPosition(d), 10);
    assert.equal(d.compareDocumentPosition($('d')), 20);
    const i = d.querySelector('template').content.firstChild;
    const other = doc('<p>').body;
    for (const x of [i, other]) {
      const r = $('a').compareDocumentPosition(x);
      assert.equal(r & 0x21, 0x21, 'disconnected, implementation-specific');
      assert.equal(x.compareDocumentPosition($('a')) & 6, (r & 6) ^ 6, 'and consistent');
    }
    const [x1, x2] = doc('<p a=1 b=2>').body.firstChild.attributes;
    assert.equal(x1.compareDocumentPosition(x2), 0x20 | 4);
    assert.equal(x1.ownerElement.compareDocumentPosition(x1), 0x10 | 4);
    assert.throws(() => $('a').compareDocumentPosition({}), TypeError);
    assert.equal($('a').contains($('b').firstChild), true);
    assert.equal($('b').contains($('a')), false);
  });

  test('isEqualNode and isSameNode', () => {
    const d = doc('<p a=1 b=2>x<b>y</b></p><p b=2 a=1>x<b>y</b></p><p a=1 b=2>x<b>z</b></p><p a=1>x<b>y</b></p>');
    const [p1, p2, p3, p4] = d.querySelectorAll('p');
    assert.equal(p1.isEqualNode(p2), true, 'attribute order does not matter');
    assert.equal(p1.isEqualNode(p3), false);
    assert.equal(p1.isEqualNode(p4), false);
    assert.equal(p1.isEqualNode(null), false);
    assert.equal(p1.isSameNode(p1), true);
    assert.equal(p1.isSameNode(p2), false);
    assert.equal(doc('<!DOCTYPE html><p>').isEqualNode(doc('<!DOCTYPE html><p>')), true);
    assert.equal(doc('<!DOCTYPE html><p>').isEqualNode(doc('<!DOCTYPE html><p>').body), false);
    const deep = '<div>'.repeat(20000);
    assert.equal(parse(deep).isEqualNode(parse(deep)), true, 'no recursion over depth');
  });

  test('lookupNamespaceURI, lookupPrefix, isDefaultNamespace', () => {
    const d = doc('<div>d</div><svg xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="#x"><text>t</text></a></svg>');
    const div = d.querySelector('div');
    assert.equal(div.lookupNamespaceURI(null), 'http://www.w3.org/1999/xhtml');
    assert.equal(div.lookupNamespaceURI(''), 'http://www.w3.org/1999/xhtml');
    assert.equal(div.lookupNamespaceURI('xml'), 'http://www.w3.org/XML/1998/namespace');
    assert.equal(div.isDefaultNamespace('http://www.w3.org/1999/xhtml'), true);
    const text = d.querySelector('text');
    assert.equal(text.lookupNamespaceURI(null), 'http://www.w3.org/2000/svg');
    assert.equal(text.lookupNamespaceURI('xlink'), 'http://www.w3.org/1999/xlink');
    assert.equal(text.lookupPrefix('http://www.w3.org/1999/xlink'), 'xlink');
    assert.equal(d.lookupNamespaceURI(null), 'http://www.w3.org/1999/xhtml');
    assert.equal(d.doctype, null);
    assert.equal(div.firstChild.lookupNamespaceURI(null), 'http://www.w3.org/1999/xhtml');
  });
});

describe('TreeWalker and NodeIterator (DOM 6)', () => {
  const html = '<div id=r>a<p>b<i>c</i></p><!--d--><table><tr><td>e</td></tr></table><span>f</span></div>';
  const label = (n) => (n.nodeType === 1 ? n.localName : n.nodeType === 3 ? n.data : `#${n.data}`);

  test('TreeWalker: whatToShow, filters that reject and skip, every direction', () => {
    const d = doc(html);
    const r = d.getElementById('r');
    const all = d.createTreeWalker(r);
    const seen = [];
    for (let n = all.nextNode(); n !== null; n = all.nextNode()) seen.push(label(n));
    assert.deepEqual(seen, ['a', 'p', 'b', 'i', 'c', '#d', 'table', 'tbody', 'tr', 'td', 'e', 'span', 'f']);
    const back = [];
    for (let n = all.previousNode(); n !== null; n = all.previousNode()) back.push(label(n));
    assert.deepEqual(back, seen.slice(0, -1).reverse().concat('div'));
    const filter = (n) => (n.localName === 'table' ? NodeFilter.FILTER_REJECT : n.localName === 'p' ? NodeFilter.FILTER_SKIP : NodeFilter.FILTER_ACCEPT);
    const el = d.createTreeWalker(r, NodeFilter.SHOW_ELEMENT, filter);
    const els = [];
    for (let n = el.nextNode(); n !== null; n = el.nextNode()) els.push(label(n));
    assert.deepEqual(els, ['i', 'span']);
    el.currentNode = r;
    assert.equal(label(el.firstChild()), 'i', 'a skipped p: its children take its place');
    assert.equal(label(el.nextSibling()), 'span', 'the rejected table is passed over');
    assert.equal(el.nextSibling(), null);
    assert.equal(label(el.previousSibling()), 'i');
    assert.equal(label(el.parentNode()), 'div');
    assert.equal(label(el.lastChild()), 'span');
    const obj = d.createTreeWalker(r, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT, { acceptNode: (n) => (n.data === 'c' ? 2 : 1) });
    const texts = [];
    for (let n = obj.nextNode(); n !== null; n = obj.nextNode()) texts.push(label(n));
    assert.deepEqual(texts, ['a', 'b', '#d', 'e', 'f']);
    assert.equal(obj.root, r);
    assert.equal(obj.whatToShow, 0x84);
  });

  test('NodeIterator: forward, back, the reference node', () => {
    const d = doc(html);
    const it = d.createNodeIterator(d.getElementById('r'), NodeFilter.SHOW_TEXT);
    const seen = [];
    for (let n = it.nextNode(); n !== null; n = it.nextNode()) seen.push(n.data);
    assert.deepEqual(seen, ['a', 'b', 'c', 'e', 'f']);
    assert.equal(it.referenceNode.data, 'f');
    assert.equal(it.pointerBeforeReferenceNode, false);
    assert.equal(it.previousNode().data, 'f');
    assert.equal(it.previousNode().data, 'e');
    assert.equal(it.pointerBeforeReferenceNode, true);
    const skip = d.createNodeIterator(d, NodeFilter.SHOW_ELEMENT, (n) => (n.localName === 'p' ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT));
    const els = [];
    for (let n = skip.nextNode(); n !== null; n = skip.nextNode()) els.push(n.localName);
    assert.deepEqual(els, ['html', 'head', 'body', 'div', 'i', 'table', 'tbody', 'tr', 'td', 'span'], 'REJECT is SKIP for a NodeIterator');
  });

  test('a filter that re-enters its walker is an InvalidStateError; bad arguments are TypeErrors', () => {
    const d = doc(html);
    const w = d.createTreeWalker(d.body, NodeFilter.SHOW_ALL, () => {
      w.nextNode();
      return 1;
    });
    assert.throws(() => w.nextNode(), { name: 'InvalidStateError' });
    assert.throws(() => d.createTreeWalker({}), TypeError);
    assert.throws(() => d.createNodeIterator(d, 1, 42), TypeError);
  });
});

describe('@testing-library/dom on these nodes (queries that need no window)', () => {
  const page = () => doc('<!DOCTYPE html><main><h1>Hello  world</h1><p data-testid="para">Some <b>bold</b> text</p>' +
    '<label for=n>Name</label><input id=n value=x><label>Email <input type=email name=e></label><input aria-label="Search">' +
    '<span id=l1>Age</span><input aria-labelledby=l1><button>Go</button><ul><li>a</li><li>b</li></ul><script>Go</script></main>').body;

  test('getByText, getAllByText, getByTestId, getByDisplayValue', () => {
    const c = page();
    assert.equal(tl.getByText(c, 'Hello world').localName, 'h1');
    assert.deepEqual(tl.getAllByText(c, /^b/).map((e) => e.localName), ['b', 'li']);
    assert.equal(tl.getByText(c, 'Go').localName, 'button', 'script text is ignored');
    assert.equal(tl.getByTestId(c, 'para').localName, 'p');
    assert.equal(tl.getByDisplayValue(c, 'x').id, 'n');
    assert.equal(tl.queryByText(c, 'nope'), null);
    assert.throws(() => tl.getByText(c, 'nope'), /Unable to find an element with the text: nope/);
    assert.equal(tl.within(c).getByText('Go').localName, 'button');
  });

  test('getByLabelText: for, nesting, aria-label, aria-labelledby', () => {
    const c = page();
    assert.equal(tl.getByLabelText(c, 'Name').id, 'n');
    assert.equal(tl.getByLabelText(c, 'Email').name, 'e');
    assert.equal(tl.getByLabelText(c, 'Search').getAttribute('aria-label'), 'Search');
    assert.equal(tl.getByLabelText(c, 'Age').getAttribute('aria-labelledby'), 'l1');
  });

  test('getByRole with { hidden: true } (the accessibility-tree check needs getComputedStyle, a window)', () => {
    const c = page();
    assert.equal(tl.getByRole(c, 'button', { hidden: true }).textContent, 'Go');
    assert.deepEqual(tl.getAllByRole(c, 'listitem', { hidden: true }).map((e) => e.textContent), ['a', 'b']);
    assert.equal(tl.getByRole(c, 'heading', { hidden: true, level: 1 }).localName, 'h1');
    assert.equal(c.ownerDocument.defaultView, null);
  });
});
