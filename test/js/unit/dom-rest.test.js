// The rest of issue 18's DOM (docs/dom.md): fragment parsing's context,
// NodeIterator under removals, radio groups, DOMImplementation,
// HTMLUnknownElement, ShadowRoot innerHTML, XML trees under mutation.
// Against Chromium: test/js/browser/dom-rest.test.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decode, parse, parseFragment, parseToBuffer, parseXml, serialize, serializeXml } from '../../../js/node.js';

const QUIRKS = '<p>quirks';
const STANDARD = '<!DOCTYPE html>';

test('innerHTML takes the quirks mode of the context element\'s document (13.4)', () => {
  const q = parse(QUIRKS + '<div id=c></div>');
  assert.equal(q.compatMode, 'BackCompat');
  const c = q.getElementById('c');
  c.innerHTML = '<p>a<table><tr><td>x</table>b';
  // quirks: <table> does not close the open <p>
  assert.equal(c.innerHTML, '<p>a<table><tbody><tr><td>x</td></tr></tbody></table>b</p>');
  c.insertAdjacentHTML('beforeend', '<p>c<table></table>');
  assert.equal(c.lastChild.outerHTML, '<p>c<table></table></p>');
  const s = parse(STANDARD + '<div id=c></div>');
  s.getElementById('c').innerHTML = '<p>a<table><tr><td>x</table>b';
  assert.equal(s.getElementById('c').innerHTML, '<p>a</p><table><tbody><tr><td>x</td></tr></tbody></table>b');
  // A template's innerHTML: its own document's mode; nodes in its contents
  // belong to the inert template document, which is in no-quirks mode.
  const t = parse(QUIRKS + '<template id=t><div></div></template>').getElementById('t');
  t.innerHTML = '<p>a<table></table>';
  assert.equal(t.innerHTML, '<p>a<table></table></p>');
  const inner = parse(QUIRKS + '<template id=t><div></div></template>').getElementById('t').content.firstChild;
  inner.innerHTML = '<p>a<table></table>';
  assert.equal(inner.innerHTML, '<p>a</p><table></table>');
});

test('innerHTML inside a form: the form element pointer is set (a <form> start tag is ignored)', () => {
  const d = parse(STANDARD + '<form id=o><section><div id=c></div></section></form>');
  const c = d.getElementById('c');
  c.innerHTML = '<form id=inner><input name=x></form>';
  assert.equal(c.innerHTML, '<input name="x">');
  assert.equal(d.querySelector('input').form.id, 'o');
  assert.deepEqual([...d.getElementById('o').elements].map((e) => e.name), ['x']);
  // </form> clears the pointer (the form is not in scope): a later <form> is kept
  c.innerHTML = '</form><form id=i2><input name=y></form>';
  assert.equal(c.innerHTML, '<form id="i2"><input name="y"></form>');
  assert.equal(d.querySelector('[name=y]').form.id, 'i2');
  // in table: the form start tag is ignored too
  c.innerHTML = '<table><form id=t><tr><td><input name=w></table>';
  assert.equal(c.querySelector('form'), null);
  // outside any form nothing changes
  const e = parse(STANDARD + '<div id=c></div>').getElementById('c');
  e.innerHTML = '<form id=inner><input name=x></form>';
  assert.equal(e.innerHTML, '<form id="inner"><input name="x"></form>');
  // outerHTML and insertAdjacentHTML parse in the parent's context
  const o = parse(STANDARD + '<form><div><i id=i>i</i></div></form>');
  o.getElementById('i').outerHTML = '<form id=n><b>b</b></form>';
  o.querySelector('b').insertAdjacentHTML('afterend', '<form id=m>m</form>');
  assert.equal(o.body.innerHTML, '<form><div><b>b</b>m</div></form>');
  // a template context in a form: "parsing template contents", the pointer is not used
  const t = parse(STANDARD + '<form><template id=t></template></form>').getElementById('t');
  t.innerHTML = '<form id=n><input></form>';
  assert.equal(t.innerHTML, '<form id="n"><input></form>');
});

test('parseFragment() and parseToBuffer(): options quirksMode and contextInForm', () => {
  const html = '<p>a<table></table><form id=f></form>';
  assert.equal(serialize(parseFragment(html, { context: 'div' })), '<p>a</p><table></table><form id="f"></form>');
  assert.equal(serialize(parseFragment(html, { context: 'div', quirksMode: 'quirks' })), '<p>a<table></table></p><form id="f"></form>');
  assert.equal(serialize(parseFragment(html, { context: 'div', quirksMode: 'limited-quirks' })), '<p>a</p><table></table><form id="f"></form>');
  assert.equal(serialize(parseFragment(html, { context: 'div', contextInForm: true })), '<p>a</p><table></table>');
  assert.equal(serialize(parseFragment(html, { context: 'form' })), '<p>a</p><table></table>');
  // ignored for documents' own parse: parse() has no such options
  assert.throws(() => parse('x', { quirksMode: 'quirks' }), /unknown option 'quirksMode'/);
  assert.throws(() => parseFragment('x', { quirksMode: 'BackCompat' }), /option 'quirksMode' must be one of "no-quirks", "quirks", "limited-quirks"/);
  assert.throws(() => parseFragment('x', { contextInForm: 1 }), /option 'contextInForm' must be a boolean/);
  assert.throws(() => parseToBuffer('x', { quirksMode: 'quirks' }), /option 'quirksMode' needs fragment: true/);
  assert.throws(() => parseToBuffer('x', { contextInForm: true }), /option 'contextInForm' needs fragment: true/);
  const b = parseToBuffer(html, { fragment: true, context: 'div', quirksMode: 'quirks', contextInForm: true });
  assert.ok(b.byteLength > 0);
});

test('NodeIterator: the pre-removing steps (DOM 6.1) on removal, replace all and moves', () => {
  const html = '<!DOCTYPE html><div id=r><p id=a>1<b id=b>2</b>4</p><p id=c>5</p><ul id=u><li id=l>x</ul></div>';
  const name = (n) => (n.nodeType === 1 ? n.id : n.data);
  const walk = (it) => {
    const out = [];
    for (let n; (n = it.nextNode()) !== null;) out.push(name(n));
    return out;
  };
  let d = parse(html);
  let it = d.createNodeIterator(d.getElementById('r'));
  assert.equal(name(it.nextNode()), 'r');
  assert.equal(name(it.nextNode()), 'a');
  // the reference's ancestor goes, pointer after it: the node before the removed one
  d.getElementById('a').remove();
  assert.equal(name(it.referenceNode), 'r');
  assert.equal(it.pointerBeforeReferenceNode, false);
  assert.deepEqual(walk(it), ['c', '5', 'u', 'l', 'x']);
  // pointer before the reference: the first node after the removed subtree
  d = parse(html);
  it = d.createNodeIterator(d.getElementById('r'));
  for (let k = 0; k < 4; k++) it.nextNode();
  it.previousNode(); // "1", pointer before
  d.getElementById('a').remove();
  assert.equal(name(it.referenceNode), 'c');
  assert.equal(it.pointerBeforeReferenceNode, true);
  assert.deepEqual(walk(it), ['c', '5', 'u', 'l', 'x']);
  // the last subtree, pointer before: the last node before it, pointer after
  d = parse(html);
  it = d.createNodeIterator(d.getElementById('r'), 1);
  for (let k = 0; k < 6; k++) it.nextNode();
  it.previousNode();
  it.previousNode();
  assert.equal(name(it.referenceNode), 'u');
  d.getElementById('u').remove();
  assert.deepEqual([name(it.referenceNode), it.pointerBeforeReferenceNode], ['5', false]);
  // replace all (textContent, innerHTML, replaceChildren): one removal at a time
  d = parse(html);
  it = d.createNodeIterator(d.getElementById('r'));
  for (let k = 0; k < 4; k++) it.nextNode(); // r a "1" b
  d.getElementById('a').textContent = '';
  assert.deepEqual([name(it.referenceNode), it.pointerBeforeReferenceNode], ['a', false]);
  d.getElementById('a').innerHTML = '<i id=n>n</i>';
  assert.deepEqual(walk(it), ['n', 'n', 'c', '5', 'u', 'l', 'x']);
  // moving a node removes it first; the root itself never moves the reference
  d = parse(html);
  it = d.createNodeIterator(d.getElementById('c'));
  it.nextNode();
  it.nextNode();
  d.getElementById('a').append(d.getElementById('c'));
  assert.equal(name(it.referenceNode), '5');
  // other trees' removals and an iterator nobody holds change nothing
  const other = parse(html);
  other.getElementById('a').remove();
  assert.equal(name(it.referenceNode), '5');
  assert.equal(d._t._nodeIterators.size, 1);
  assert.equal(other._t._nodeIterators, undefined);
  // a decode() tree's iterators are live too
  const t = decode(parseToBuffer(html));
  it = t.createNodeIterator(t.body);
  for (let k = 0; k < 4; k++) it.nextNode(); // body r a "1"
  t.getElementById('a').remove();
  assert.deepEqual([name(it.referenceNode), it.pointerBeforeReferenceNode], ['r', false]);
});

test('radio button groups (HTML 4.10.5.1.16): parsed defaults, the checkedness setter, :checked', () => {
  const d = parse(STANDARD + '<form id=f><input type=radio name=a id=r1 checked><input type=radio name=a id=r2 checked>' +
    '<input type=radio name=A id=r3 checked><input type=radio name=a id=r4></form><input type=radio name=a id=r5 checked>' +
    '<input type=checkbox name=a id=c checked><input type=radio id=n1 checked><input type=radio id=n2 checked>');
  const state = () => [...d.querySelectorAll('input')].filter((e) => e.checked).map((e) => e.id);
  const matched = () => [...d.querySelectorAll(':checked')].map((e) => e.id);
  // the last checked radio of each group (same form owner, same name, case-sensitive) wins; no name: a group of its own
  assert.deepEqual(state(), ['r2', 'r3', 'r5', 'c', 'n1', 'n2']);
  assert.deepEqual(matched(), state());
  assert.equal(d.getElementById('r1').defaultChecked, true);
  d.getElementById('r4').checked = true;
  assert.deepEqual(state(), ['r3', 'r4', 'r5', 'c', 'n1', 'n2']);
  assert.deepEqual(matched(), state());
  assert.deepEqual([...d.querySelectorAll(':default')].map((e) => e.id), ['r1', 'r2', 'r3', 'r5', 'c', 'n1', 'n2']);
  d.getElementById('r4').checked = false;
  assert.deepEqual(state(), ['r3', 'r5', 'c', 'n1', 'n2']);
  assert.deepEqual([...d.querySelectorAll('#f :indeterminate')].map((e) => e.id), ['r1', 'r2', 'r4']);
  // a checkbox is no radio: setting it unchecks nothing; another group is not touched
  d.getElementById('c').checked = false;
  d.getElementById('r5').checked = true;
  assert.deepEqual(state(), ['r3', 'r5', 'n1', 'n2']);
  // the group is the tree: a removed radio leaves it
  const r3 = d.getElementById('r3');
  r3.remove();
  d.getElementById('r2').checked = true;
  assert.equal(r3.checked, true);
  const other = d.createElement('input');
  other.type = 'radio';
  other.name = 'A';
  other.checked = true;
  assert.equal(r3.checked, true);
  assert.deepEqual(state(), ['r2', 'r5', 'n1', 'n2']);
  // required: a group with no checked radio is invalid
  const q = parse(STANDARD + '<input type=radio name=x id=x1><input type=radio name=x id=x2 required>');
  assert.deepEqual([...q.querySelectorAll(':invalid')].map((e) => e.id), ['x1', 'x2']);
  q.getElementById('x1').checked = true;
  assert.deepEqual([...q.querySelectorAll(':invalid')].map((e) => e.id), []);
});

test('a detached radio is a group of its own (matches(:checked) used to throw a TypeError)', () => {
  const d = parse(STANDARD + '<form><input type=radio name=A id=r checked><input type=radio name=A id=s></form>');
  const r = d.getElementById('r');
  r.remove();
  assert.equal(r.checked, true);
  assert.equal(r.matches(':checked'), true);
  assert.equal(r.matches(':indeterminate'), false);
  const s = d.getElementById('s');
  s.remove();
  assert.equal(s.matches(':indeterminate'), true);
  s.checked = true;
  assert.equal(r.checked, true);
  assert.equal(s.matches(':checked'), true);
});

test('document.implementation: createDocumentType, createHTMLDocument, hasFeature', () => {
  const d = parse('<p>quirks');
  const impl = d.implementation;
  assert.equal(impl, d.implementation);
  assert.equal(Object.prototype.toString.call(impl), '[object DOMImplementation]');
  const dt = impl.createDocumentType('html', '-//W3C//DTD HTML 4.01//EN', 'http://x/');
  assert.deepEqual([dt.nodeType, dt.name, dt.publicId, dt.systemId, dt.parentNode, dt.ownerDocument === d], [10, 'html', '-//W3C//DTD HTML 4.01//EN', 'http://x/', null, true]);
  d.insertBefore(dt, d.documentElement);
  assert.equal(d.doctype, dt);
  assert.match(serialize(d), /^<!DOCTYPE html><html>/);
  assert.equal(impl.createDocumentType('', '', '').name, '');
  for (const bad of ['a b', 'a>b', 'a\0b', 'a\tb']) {
    assert.throws(() => impl.createDocumentType(bad, '', ''), (e) => e.name === 'InvalidCharacterError');
  }
  assert.throws(() => impl.createDocumentType('html', ''), TypeError);
  const n = impl.createHTMLDocument('A & B');
  assert.equal(n.documentElement.outerHTML, '<html><head><title>A &amp; B</title></head><body></body></html>');
  assert.deepEqual([n.title, n.doctype.name, n.compatMode, n.URL, n.childNodes.length], ['A & B', 'html', 'CSS1Compat', 'about:blank', 2]);
  assert.equal(impl.createHTMLDocument().head.childNodes.length, 0);
  assert.equal(impl.createHTMLDocument('').head.firstChild.outerHTML, '<title></title>');
  // no browsing context: scripting is disabled, so <noscript> content is markup
  n.body.innerHTML = '<noscript><b>x</b></noscript>';
  assert.equal(n.body.firstChild.firstChild.nodeName, 'B');
  // nodes move between the two documents
  n.body.appendChild(d.querySelector('p'));
  assert.equal(n.body.lastChild.ownerDocument, n);
  assert.equal(impl.hasFeature(), true);
});

test('HTMLUnknownElement, HTMLMediaElement, HTMLTemplateElement: the interfaces of the HTML standard', async () => {
  const he = await import('../../../js/dom/html-elements.js');
  const d = parse('<foo></foo><applet></applet><x-y></x-y><article></article><video></video><param><template></template>' +
    '<svg><foo/></svg><font-face></font-face><a-é></a-é>');
  const names = [...d.body.querySelectorAll('*')].map((e) => [e.localName, e.constructor.name, e instanceof he.HTMLUnknownElement]);
  assert.deepEqual(names, [['foo', 'HTMLUnknownElement', true], ['applet', 'HTMLUnknownElement', true], ['x-y', 'HTMLElement', false],
    ['article', 'HTMLElement', false], ['video', 'HTMLVideoElement', false], ['param', 'HTMLParamElement', false],
    ['template', 'HTMLTemplateElement', false], ['svg', 'SVGElement', false], ['foo', 'SVGElement', false],
    ['font-face', 'HTMLUnknownElement', true], ['a-é', 'HTMLElement', false]]);
  assert.ok(d.querySelector('video') instanceof he.HTMLMediaElement);
  assert.ok(d.querySelector('template') instanceof he.HTMLElement);
  assert.equal(d.createElement('blink').constructor, he.HTMLUnknownElement);
  assert.equal(d.createElement('my-widget').constructor, he.HTMLElement);
  assert.equal(d.createElementNS('http://www.w3.org/1999/xhtml', 'Foo').constructor, he.HTMLUnknownElement);
  assert.equal(he.isValidCustomElementName('x-y'), true);
  assert.equal(he.isValidCustomElementName('x-Y'), false);
  assert.equal(he.isValidCustomElementName('1-y'), false);
  assert.equal(he.isValidCustomElementName('xy'), false);
  assert.equal(he.isValidCustomElementName('missing-glyph'), false);
});

test('ShadowRoot innerHTML setter: fragment parsing with the host as the context', () => {
  const d = parse('<form id=o><div id=h><template shadowrootmode=open shadowrootserializable><b>s</b></template>light</div></form>', { shadowRoots: true });
  const r = d.getElementById('h').shadowRoot;
  r.innerHTML = '<p>a<table></table><form><input name=i></form>';
  // quirks document: the table stays in the p; the host's form ancestor: <form> is ignored
  assert.equal(r.innerHTML, '<p>a<table></table><input name="i"></p>');
  assert.equal(r.firstChild.parentNode, r);
  assert.equal(d.getElementById('h').childNodes.length, 1);
  r.innerHTML = null;
  assert.equal(r.innerHTML, '');
  assert.equal(d.body.getHTML({ serializableShadowRoots: true }), '<form id="o"><div id="h"><template shadowrootmode="open" shadowrootserializable=""></template>light</div></form>');
  // a DocumentFragment has no innerHTML setter (its getter is this library's, non-standard)
  const f = d.createDocumentFragment();
  assert.equal(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(f), 'innerHTML').set, undefined);
  assert.throws(() => { f.innerHTML = '<b>'; }, TypeError);
});

test(':dir(): HTML 3.2.6.4 directionality with the Unicode bidirectional types', () => {
  const R = '\u05d0';
  const d = parse(STANDARD + `<div dir=auto id=a>123 \u2212 ${R}</div><div dir=auto id=b>\u0300${R}</div><div dir=auto id=c>\u{1d6fb}${R}</div>` +
    `<div dir=auto id=d>\u{10900}x</div><div dir=auto id=e>\u0378${R}</div><div dir=rtl><input dir=auto type=submit value="1${R}" id=f>` +
    `<input dir=auto type=checkbox value=${R} id=g><input dir=auto type=password id=h><span id=i></span></div>` +
    `<div dir=auto id=j><slot>abc</slot>${R}</div>`);
  const dir = (id) => (d.getElementById(id).matches(':dir(rtl)') ? 'rtl' : 'ltr');
  // neutrals (digits, math minus, a combining mark, a math nabla whose type is ON since Unicode 16) are skipped;
  // an unassigned code point counts as L
  assert.deepEqual(['a', 'b', 'c', 'd', 'e'].map(dir), ['rtl', 'rtl', 'rtl', 'rtl', 'ltr']);
  // auto-directionality form-associated elements: the value decides (submit too); other inputs: no text, ltr
  assert.deepEqual(['f', 'g', 'h', 'i'].map(dir), ['rtl', 'ltr', 'ltr', 'rtl']);
  // a value set from JS counts
  const h = d.getElementById('h');
  h.value = `${R}x`;
  assert.equal(dir('h'), 'rtl');
  // a slot outside a shadow tree is an ordinary element
  assert.equal(dir('j'), 'ltr');
  // in a shadow tree: the top inherits the host's directionality, a slot gives the host's
  const s = parse(`<div dir=rtl id=h><template shadowrootmode=open><p id=p>x</p><div dir=auto id=q><slot></slot></div></template>abc</div>`, { shadowRoots: true });
  const root = s.getElementById('h').shadowRoot;
  assert.equal(root.querySelector('#p').matches(':dir(rtl)'), true);
  assert.equal(root.querySelector('#q').matches(':dir(rtl)'), true);
});

test('XML documents under mutation: case-sensitive names, namespaces, serializeXml', () => {
  const d = parseXml('<root xmlns="urn:a" xmlns:b="urn:b"><Item Key="1" b:attr="x"/><b:Thing/></root>');
  const item = d.documentElement.firstChild;
  item.setAttribute('Key', '2');
  item.setAttribute('key', '3');
  assert.deepEqual([item.getAttribute('Key'), item.getAttribute('key'), item.getAttribute('KEY')], ['2', '3', null]);
  assert.deepEqual([...item.attributes].map((a) => [a.name, a.namespaceURI, a.prefix]),
    [['Key', null, null], ['b:attr', 'urn:b', 'b'], ['key', null, null]]);
  const e = d.createElement('MixedCase');
  assert.deepEqual([e.tagName, e.localName, e.namespaceURI, e.prefix], ['MixedCase', 'MixedCase', null, null]);
  d.documentElement.appendChild(e);
  const n = d.createElementNS('urn:c', 'c:Elem');
  n.setAttributeNS('urn:b', 'b:z', '1');
  d.documentElement.appendChild(n);
  assert.deepEqual([n.tagName, n.prefix, n.namespaceURI], ['c:Elem', 'c', 'urn:c']);
  const x = d.createElementNS('http://www.w3.org/1999/xhtml', 'Div');
  x.setAttribute('Class', 'K');
  assert.equal(x.getAttribute('class'), null);
  assert.equal(serializeXml(d), '<root xmlns="urn:a" xmlns:b="urn:b"><Item Key="2" b:attr="x" key="3"/><b:Thing/>' +
    '<MixedCase xmlns=""/><c:Elem xmlns:c="urn:c" b:z="1"/></root>');
  // a clone keeps the XML names, attributes and declarations
  const c = d.documentElement.cloneNode(true);
  assert.equal(serializeXml(c), serializeXml(d.documentElement));
  assert.equal(c.firstChild.attributes[1].namespaceURI, 'urn:b');
  assert.equal(d.createAttribute('MyAttr').name, 'MyAttr');
  assert.equal(d.getElementsByTagName('item').length, 0);
  assert.equal(d.getElementsByTagName('Item').length, 1);
});
