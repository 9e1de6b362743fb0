// The is value (DOM 4.9 "is value", 4.5 createElement's options, HTML 13.3
// serializing it) and the form owner reset by an element with an ID (HTML
// 4.10.17.3, radio groups 4.10.5.1.16); docs/dom.md.  Against Chromium:
// test/js/browser/is-value-form-owner.cases.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, parseXml, serialize } from '../../../js/node.js';

const HTML = '<!DOCTYPE html>';
const state = (e) => [e.outerHTML, e.getAttribute('is'), e.matches(':defined')];

test('createElement(name, { is }): the is value, serialized without an is attribute; :defined false', () => {
  const d = parse(HTML);
  const e = d.createElement('div', { is: 'x-y' });
  assert.deepEqual(state(e), ['<div is="x-y"></div>', null, false]);
  // any string is a value (no registry checks it): :defined is false for it too
  assert.deepEqual(state(d.createElement('p', { is: 'not valid' })), ['<p is="not valid"></p>', null, false]);
  assert.deepEqual(state(d.createElement('p', { is: '' })), ['<p is=""></p>', null, false]);
  // escaped as an attribute value
  assert.equal(d.createElement('p', { is: 'a"b&c\u00a0<' }).outerHTML, '<p is="a&quot;b&amp;c&nbsp;&lt;"></p>');
  // converted to a string: null is "null", an object by its toString
  assert.equal(d.createElement('p', { is: null }).outerHTML, '<p is="null"></p>');
  assert.equal(d.createElement('p', { is: { toString: () => 'o-k' } }).outerHTML, '<p is="o-k"></p>');
  // inherited and getter members count (WebIDL dictionary conversion)
  assert.equal(d.createElement('p', Object.create({ is: 'p-q' })).outerHTML, '<p is="p-q"></p>');
  // no is: undefined, null, {}, { is: undefined }, and a string options (ignored)
  for (const o of [undefined, null, {}, { is: undefined }, 'x-y', 5, true]) {
    assert.deepEqual(state(d.createElement('div', o)), ['<div></div>', null, true], String(o));
  }
  // an autonomous custom element name is undefined with or without it
  assert.deepEqual(state(d.createElement('x-foo', { is: 'a-b' })), ['<x-foo is="a-b"></x-foo>', null, false]);
});

test('createElementNS(ns, name, { is }): any namespace keeps it; :defined is about HTML elements only', () => {
  const d = parse(HTML);
  assert.deepEqual(state(d.createElementNS('http://www.w3.org/1999/xhtml', 'span', { is: 'q-r' })), ['<span is="q-r"></span>', null, false]);
  assert.deepEqual(state(d.createElementNS('http://www.w3.org/2000/svg', 'g', { is: 'q-r' })), ['<g is="q-r"></g>', null, true]);
  assert.deepEqual(state(d.createElementNS(null, 'b', 'x-y')), ['<b></b>', null, true]);
});

test('createElement: options are converted before the name is checked; a Symbol is a TypeError', () => {
  const d = parse(HTML);
  const getter = { get is() { throw new RangeError('from the getter'); } };
  assert.throws(() => d.createElement('1', getter), RangeError);
  assert.throws(() => d.createElementNS(null, '1', getter), RangeError);
  assert.throws(() => d.createElement('1', {}), { name: 'InvalidCharacterError' });
  assert.throws(() => d.createElement('div', Symbol('s')), { name: 'TypeError', message: /createElement: options/ });
  assert.throws(() => d.createElementNS(null, 'div', { is: Symbol('s') }), { name: 'TypeError', message: /createElementNS: options/ });
});

test('the is attribute set or removed later does not change the is value', () => {
  const d = parse(HTML + '<div is=x-y id=a></div><p id=b></p><p id=c is></p>');
  const e = d.createElement('div', { is: 'x-y' });
  e.setAttribute('is', 'a-b');
  assert.deepEqual(state(e), ['<div is="a-b"></div>', 'a-b', false]); // the attribute is written, not the value
  e.removeAttribute('is');
  assert.deepEqual(state(e), ['<div is="x-y"></div>', null, false]);
  // parsed: the value is the start tag's is attribute
  const a = d.getElementById('a');
  a.removeAttribute('is');
  assert.deepEqual(state(a), ['<div is="x-y" id="a"></div>', null, false]);
  a.setAttribute('is', 'other');
  assert.deepEqual(state(a), ['<div id="a" is="other"></div>', 'other', false]);
  const b = d.getElementById('b');
  b.setAttribute('is', 'x-y');
  assert.deepEqual(state(b), ['<p id="b" is="x-y"></p>', 'x-y', true]);
  const c = d.getElementById('c');
  c.removeAttribute('is');
  assert.deepEqual(state(c), ['<p is="" id="c"></p>', null, false]);
  // a namespaced attribute named is is not the is attribute
  const f = d.createElement('i', { is: 'i-i' });
  f.setAttributeNS('urn:n', 'n:is', 'v');
  assert.equal(f.outerHTML, '<i is="i-i" n:is="v"></i>');
  assert.deepEqual([...d.querySelectorAll(':not(:defined)')].map((x) => x.id), ['a', 'c']);
  // an unchanged parsed tree: the attribute
  const p = parse(HTML + '<div is=x-y></div><p></p>');
  assert.equal(p.querySelectorAll(':not(:defined)').length, 1);
  assert.equal(p.body.innerHTML, '<div is="x-y"></div><p></p>');
});

test('copies keep the is value: cloneNode, importNode, adoptNode, innerHTML, template contents', () => {
  const d = parse(HTML + '<div is=x-y id=a></div><template id=t><span is=t-t></span></template>');
  const e = d.createElement('div', { is: 'x-y' });
  e.append(d.createElement('i', { is: 'i-i' }));
  assert.equal(e.cloneNode(true).outerHTML, '<div is="x-y"><i is="i-i"></i></div>');
  assert.equal(e.cloneNode(false).matches(':defined'), false);
  const n = parse(HTML);
  const imported = n.importNode(e, true);
  assert.equal(imported.outerHTML, '<div is="x-y"><i is="i-i"></i></div>');
  n.body.append(n.adoptNode(e));
  assert.equal(n.body.innerHTML, '<div is="x-y"><i is="i-i"></i></div>');
  assert.equal(n.querySelectorAll(':not(:defined)').length, 2);
  const a = d.getElementById('a');
  a.removeAttribute('is');
  assert.equal(a.cloneNode().outerHTML, '<div is="x-y" id="a"></div>');
  const w = d.createElement('div');
  w.innerHTML = '<p is=x-y></p>';
  w.firstChild.removeAttribute('is');
  assert.deepEqual([w.innerHTML, w.firstChild.matches(':defined')], ['<p is="x-y"></p>', false]);
  const span = d.getElementById('t').content.firstChild;
  span.removeAttribute('is');
  assert.equal(d.getElementById('t').innerHTML, '<span is="t-t"></span>');
  assert.equal(serialize(d.body), '<div is="x-y" id="a"></div><template id="t"><span is="t-t"></span></template>');
});

test('XML documents: the parsed is attribute is the is value', () => {
  const x = parseXml('<r xmlns="http://www.w3.org/1999/xhtml"><div is="x-y" id="a"/></r>');
  const a = x.getElementById('a');
  assert.equal(a.matches(':defined'), false);
  a.removeAttribute('is');
  assert.equal(a.matches(':defined'), false);
  assert.equal(x.documentElement.matches(':defined'), true);
});

const FORMS = HTML + '<form id=f><input type=radio name=a id=r1 checked></form><form id=g><input type=radio name=a id=r2 checked></form>' +
  '<input type=radio name=a id=r3 form=f checked><input type=radio name=a id=r4 form=h><input type=radio name=a id=r5 checked>' +
  '<input type=radio name=b id=r6 form=g checked><input type=radio name=b id=r7 checked><div id=x></div>';
const checked = (d) => [...d.querySelectorAll(':checked')].map((e) => e.id);

test('the form owner reset by an id changed: a checked radio unchecks its new group (4.10.17.3, 4.10.5.1.16)', () => {
  let d = parse(FORMS);
  assert.deepEqual(checked(d), ['r2', 'r3', 'r5', 'r6', 'r7']);
  // form f loses its id: r3 has no owner, joins r5's group and unchecks it
  d.getElementById('f').id = 'z';
  assert.equal(d.getElementById('r3').form, null);
  assert.deepEqual(checked(d), ['r2', 'r3', 'r6', 'r7']);
  // removing the id attribute does the same
  d = parse(FORMS);
  d.getElementById('g').removeAttribute('id');
  assert.deepEqual(checked(d), ['r2', 'r3', 'r5', 'r6']);
  // two forms with one id: the first in tree order is the owner; renaming the first moves r3 to the second
  d = parse(FORMS);
  d.forms[1].id = 'f'; // (form g no more: r6 has no owner, joins r7's group)
  assert.deepEqual(checked(d), ['r2', 'r3', 'r5', 'r6']);
  d.forms[0].id = 'q';
  assert.equal(d.getElementById('r3').form, d.forms[1]);
  assert.deepEqual(checked(d), ['r3', 'r5', 'r6']);
  // an element that is not a form taking the id first: no owner
  d = parse(FORMS);
  d.body.prepend(d.createElement('p'));
  d.body.firstChild.id = 'f';
  assert.deepEqual(checked(d), ['r2', 'r3', 'r6', 'r7']);
  // an id after the form's: nothing changes
  d = parse(FORMS);
  d.getElementById('x').id = 'f';
  assert.deepEqual(checked(d), ['r2', 'r3', 'r5', 'r6', 'r7']);
});

test('the form owner reset by an element with an ID inserted or removed', () => {
  let d = parse(FORMS);
  d.getElementById('f').remove();
  assert.deepEqual(checked(d), ['r2', 'r3', 'r6', 'r7']);
  d = parse(FORMS);
  d.forms[1].remove(); // r6 (form=g) joins r7's group
  assert.deepEqual(checked(d), ['r3', 'r5', 'r6']);
  // a form with the id inserted first, inside a subtree: r3 moves to it (alone in its group there)
  d = parse(FORMS);
  const w = d.createElement('div');
  w.innerHTML = '<form id=f><input type=radio name=a id=n1 checked></form>';
  d.body.prepend(w);
  // the form comes before the radio it holds: r3's new group unchecks n1 first (as in Chromium)
  assert.deepEqual(checked(d), ['r2', 'r3', 'r5', 'r6', 'r7']);
  assert.equal(d.getElementById('r3').form, w.firstChild);
  // a form the radio names inserted where there was none
  d = parse(FORMS);
  d.getElementById('r4').checked = true; // unchecks r5
  d.getElementById('r5').checked = true; // unchecks r4
  d.getElementById('r4').checked = true;
  const h = d.createElement('form');
  h.id = 'h';
  d.body.append(h);
  assert.equal(d.getElementById('r4').form, h);
  d.getElementById('r5').checked = true; // r4 and r5 are apart now
  assert.deepEqual(checked(d), ['r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
  // template contents are another tree: their ids name no form of the document
  d = parse(FORMS);
  d.body.insertAdjacentHTML('afterbegin', '<template><form id=f></form></template>');
  assert.deepEqual(checked(d), ['r2', 'r3', 'r5', 'r6', 'r7']);
  // a detached tree has form owners of its own
  d = parse(FORMS);
  const f = d.getElementById('f');
  f.remove();
  const r3 = d.getElementById('r3');
  r3.remove();
  f.append(r3);
  f.id = 'f';
  assert.equal(r3.form, null); // form f is the root: no element of its tree has its id
});

test('the innerHTML setter: the nodes leave the fragment parser\'s document one by one (13.4)', () => {
  // Removing form f and g from that document resets r3's and r6's owners,
  // which uncheck r5 and r7 (Chromium: known difference).
  const d = parse(FORMS);
  d.body.innerHTML = d.body.innerHTML;
  assert.deepEqual(checked(d), ['r2', 'r3', 'r6']);
});

test('an XML document: createElement and createElementNS take the is value too', () => {
  const x = parseXml('<r xmlns="http://www.w3.org/1999/xhtml"/>');
  const e = x.createElementNS('http://www.w3.org/1999/xhtml', 'div', { is: 'x-y' });
  assert.equal(e.getAttribute('is'), null);
  assert.equal(e.matches(':defined'), false); // an XHTML element with an is value
  assert.equal(x.createElementNS('http://www.w3.org/1999/xhtml', 'div').matches(':defined'), true);
  const f = x.createElement('div', { is: 'x-y' }); // no namespace (not application/xhtml+xml): not HTML, so defined
  assert.equal(f.matches(':defined'), true);
  assert.equal(f.cloneNode().matches(':defined'), true);
  assert.throws(() => x.createElement('div', { is: Symbol('s') }), TypeError);
  // cloned into an HTML document, the XHTML element keeps its is value
  const h = parse(HTML);
  const g = h.importNode(e);
  assert.deepEqual(state(g), ['<div is="x-y"></div>', null, false]);
});
