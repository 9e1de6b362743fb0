// HTML element objects share one class with a virtual interface
// (docs/dom.md, "Keeping reads fast"): what reads as the browser's and what
// is known to differ.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import util from 'node:util';
import { parse } from '../../../js/node.js';
import { Element, Node } from '../../../js/dom/dom.js';
import {
  HTMLAnchorElement, HTMLElement, HTMLFormElement, HTMLInputElement, HTMLMediaElement, HTMLUnknownElement, SVGElement,
} from '../../../js/dom/html-elements.js';

const html = '<div id=d>x</div><input id=i value=3><a id=a href="/p">l</a><video id=v></video><blink id=u></blink>' +
  '<foo-bar id=c></foo-bar><form id=f></form><template id=t></template><svg id=s></svg>';
const els = () => {
  const d = parse(html, { url: 'https://example.com/' });
  return Object.fromEntries(['d', 'i', 'a', 'v', 'u', 'c', 'f', 't', 's'].map((id) => [id, d.getElementById(id)]));
};

describe('HTML element objects: the interface is virtual', () => {
  test('constructor, constructor.name, toStringTag and instanceof are the interface\'s', () => {
    const e = els();
    assert.equal(e.d.constructor.name, 'HTMLDivElement');
    assert.equal(Object.prototype.toString.call(e.d), '[object HTMLDivElement]');
    assert.equal(e.i.constructor, HTMLInputElement);
    assert.ok(e.i instanceof HTMLInputElement);
    assert.ok(e.i instanceof HTMLElement && e.i instanceof Element && e.i instanceof Node);
    assert.ok(!(e.d instanceof HTMLInputElement));
    assert.ok(e.d instanceof e.d.constructor);
    assert.ok(e.v instanceof HTMLMediaElement, 'the interface\'s ancestors too');
    assert.ok(!(e.a instanceof HTMLMediaElement));
    assert.ok(e.a instanceof HTMLAnchorElement);
    assert.equal(e.u.constructor, HTMLUnknownElement);
    assert.equal(e.c.constructor, HTMLElement);
    assert.equal(e.t.constructor.name, 'HTMLTemplateElement');
    assert.ok(e.t instanceof HTMLElement && !(e.t instanceof HTMLInputElement));
    assert.ok(e.s instanceof SVGElement && !(e.s instanceof HTMLElement));
    assert.ok(!({} instanceof HTMLInputElement) && !(null instanceof HTMLElement));
    assert.match(util.inspect(e.d), /^Element <div id="d">/);
  });

  test('an element made by the DOM methods is the same', () => {
    const d = parse('');
    const x = d.createElement('input');
    assert.equal(x.constructor, HTMLInputElement);
    x.value = 'v';
    assert.equal(x.value, 'v');
    assert.equal(d.createElement('form').constructor, HTMLFormElement);
  });

  test('members of the interface work; other elements read them as absent', () => {
    const e = els();
    assert.equal(e.i.value, '3');
    e.i.value = '9';
    assert.equal(e.i.value, '9');
    assert.equal(e.i.getAttribute('value'), '3', 'the dirty value, not the attribute');
    assert.equal(e.a.href, 'https://example.com/p');
    assert.equal(e.f.elements.length, 0);
    assert.equal(e.d.value, undefined);
    assert.equal(e.d.href, undefined);
    assert.equal(e.d.elements, undefined);
    // Setting one on an element whose interface lacks it makes an own property, as for any absent property.
    e.d.href = 'x';
    assert.equal(e.d.href, 'x');
    assert.ok(Object.prototype.hasOwnProperty.call(e.d, 'href'));
    assert.equal(e.d.getAttribute('href'), null);
    assert.equal(e.a.href, 'https://example.com/p', 'other elements unchanged');
  });

  test('a member HTMLElement has and an interface redefines: each element gets its own', () => {
    const e = els();
    // title is HTMLElement's (reflects the attribute) on every element here.
    e.d.title = 't';
    assert.equal(e.d.getAttribute('title'), 't');
    assert.equal(e.a.text, 'l');
  });

  test('a read-only member refuses assignment with a TypeError', () => {
    const e = els();
    assert.throws(() => { e.f.elements = 1; }, TypeError);
    assert.throws(() => { e.i.form = 1; }, TypeError);
  });

  test('what differs from a browser (documented in docs/dom.md)', () => {
    const e = els();
    // The prototype is one shared object, not HTMLDivElement.prototype.
    assert.notEqual(Object.getPrototypeOf(e.d), e.d.constructor.prototype);
    assert.equal(Object.getPrototypeOf(e.d), Object.getPrototypeOf(e.i));
    // Every interface's member names are on it: `in` sees them on any element.
    assert.ok('value' in e.d);
  });
});
