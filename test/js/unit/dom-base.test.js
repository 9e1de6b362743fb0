// The DOM's base (issue 29, README "What each entry costs"): what
// html5-wasm/parse and html5-wasm/decode make, and that the whole DOM
// (installDom(), which the default entry's parse() and decode() call)
// completes it, trees made before included.  The tests run in order: the
// whole DOM is installed by the last ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, parse, parseFragment, serialize, serializeOuter } from '../../../js/entries/parse.js';
import { decode } from '../../../js/entries/decode.js';
import { parseToBuffer } from '../../../js/entries/buffer.js';
import { parseXmlToBuffer } from '../../../js/xml/xml.js';
import { Element } from '../../../js/dom/dom.js';
import { HTMLElement, SVGElement } from '../../../js/dom/html-base.js';

await init();
const HTML = '<!DOCTYPE html><title>T</title><form id=f><input id=i type=checkbox checked class="a b" data-x=1 value=v></form>' +
  '<table id=t><tr><td>1</table><svg id=s></svg><p id=p lang=fr title=pt hidden>x</p>';

test('parse() and decode() of the base make the same nodes, every HTML element an HTMLElement', () => {
  for (const doc of [parse(HTML), decode(parseToBuffer(HTML))]) {
    assert.equal(doc.title, 'T');
    const i = doc.getElementById('i');
    assert.ok(i instanceof HTMLElement && i instanceof Element);
    assert.equal(i.constructor, HTMLElement);
    assert.equal(Object.prototype.toString.call(i), '[object HTMLElement]');
    // What every element has: id, className, classList, dataset, HTMLElement's members.
    assert.equal(i.id, 'i');
    assert.equal(i.className, 'a b');
    assert.deepEqual([...i.classList], ['a', 'b']);
    assert.equal(i.dataset.x, '1');
    const p = doc.getElementById('p');
    assert.deepEqual([p.lang, p.title, p.hidden], ['fr', 'pt', true]);
    assert.ok(doc.getElementById('s') instanceof SVGElement);
    // No element interfaces: an input's value is not a member here.
    assert.equal(i.value, undefined);
    assert.equal(doc.getElementById('t').rows, undefined);
    assert.equal(doc.querySelector('form > input[type=checkbox]'), i);
    assert.equal(serializeOuter(doc.getElementById('p')), '<p id="p" lang="fr" title="pt" hidden="">x</p>');
  }
});

test('the base has innerHTML with the parser, and parseFragment', () => {
  const doc = parse('<div id=d></div>');
  const d = doc.getElementById('d');
  d.innerHTML = '<b>bold</b> text';
  assert.equal(d.firstChild.constructor, HTMLElement);
  assert.equal(d.innerHTML, '<b>bold</b> text');
  assert.equal(serialize(parseFragment('<i>x</i>')), '<i>x</i>');
});

test('the pseudo-classes of element state, language and direction say that they need the element interfaces', () => {
  const doc = parse(HTML);
  for (const s of [':checked', ':disabled', ':valid', ':lang(fr)', ':dir(ltr)', 'input:required']) {
    assert.throws(() => doc.querySelectorAll(s), (e) => e.name === 'SyntaxError' && /needs the element interfaces/.test(e.message), s);
  }
  assert.equal(doc.querySelectorAll(':is(p, td):not(:empty)').length, 2);
});

test('html5-wasm/decode decodes HTML buffers only', async () => {
  const { initXml } = await import('../../../js/xml/module.js');
  await initXml();
  const buffer = parseXmlToBuffer('<a/>');
  assert.throws(() => decode(buffer), /XML document, which this entry point does not decode/);
  assert.throws(() => decode(buffer, { format: 'object' }), /XML document/);
});

test('the whole DOM completes the base: the trees made before have the element interfaces too', async () => {
  const before = parse(HTML);
  const { installDom } = await import('../../../js/dom/install.js');
  installDom();
  const { HTMLInputElement } = await import('../../../js/dom/html-elements.js');
  const i = before.getElementById('i');
  assert.ok(i instanceof HTMLInputElement);
  assert.equal(i.constructor, HTMLInputElement);
  assert.equal(i.value, 'v');
  assert.equal(i.checked, true);
  assert.equal(before.getElementById('t').rows.length, 1);
  assert.deepEqual(before.querySelectorAll(':checked').length, 1);
  assert.equal(before.querySelectorAll(':lang(fr)').length, 1);
});
