// Issue 18 audited as a user would (items 1-3 and 5), without a browser: the
// script of test/js/browser/s13-ssr-audit.script.js reads, queries and
// changes a rendered shop page through the package as `html5-wasm`
// resolves in Node (js/node.bundle.js), on parse() and decode() trees, and
// must give Chromium 156's lines: s13-ssr-audit.chromium.txt, which
// test/js/browser/s13-ssr-audit.test.js checks against a live Chromium.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { describe, test } from 'node:test';
import * as tl from '@testing-library/dom';

import { decode, parse, parseToBuffer } from '../../../js/node.bundle.js';
import { PAGE, STANDARD_NOT_CHROMIUM, auditLines, differences, testingLibraryLines } from '../browser/s13-ssr-audit.script.js';

// The URL Chromium's document has in the browser test.
const url = 'http://shop.example:8080/cart/index.html';
const chromium = readFileSync(new URL('./s13-ssr-audit.chromium.txt', import.meta.url), 'utf8').split('\n').slice(0, -1);

const engines = {
  'parse()': (html) => parse(html, { url }),
  'decode(parseToBuffer())': (html) => decode(parseToBuffer(html), { url }),
};

function assertSameLines(ours, theirs, what) {
  const d = differences(ours, theirs);
  assert.equal(d.length, 0, `${what} differs from Chromium:\n${d.join('\n')}`);
}

describe('the SSR audit page (issue 18 as a user writes it)', () => {
  test('the snapshot is a real one: reads, selector results, DOMExceptions and markup', () => {
    assert.ok(chromium.length > 240, `${chromium.length} lines`);
    const has = (prefix) => chromium.find((l) => l.startsWith(prefix));
    assert.match(has('prod URL parts'), /"http:\/\/shop\.example:8080\/cart\/products\?page=2#top"/);
    assert.match(has('querySelectorAll(:has()) ='), /!SyntaxError \(12\)/);
    assert.match(has('DOMExceptions of insertion'), /HierarchyRequestError/);
    assert.match(has('getByLabelText(Email)'), /"#email"/);
  });

  for (const [name, parseHTML] of Object.entries(engines)) {
    test(`${name}: reading, selectors and mutations give Chromium's lines`, () => {
      const n = chromium.length - testingLibraryLines(tl, parseHTML).length;
      assertSameLines(auditLines(parseHTML), chromium.slice(0, n), name);
    });

    test(`${name}: @testing-library/dom finds what it finds in Chromium`, () => {
      const ours = testingLibraryLines(tl, parseHTML);
      assertSameLines(ours, chromium.slice(chromium.length - ours.length), name);
    });
  }

  test('where Chromium departs from Selectors 4 / HTML 4.16, the standard answers', () => {
    const doc = parse(PAGE, { url });
    for (const [selector, ids] of Object.entries(STANDARD_NOT_CHROMIUM)) {
      assert.deepEqual([...doc.querySelectorAll(selector)].map((e) => `#${e.id}`), ids, selector);
    }
  });

  test('a server-rendering test reads the page as browser code does', () => {
    const doc = parse(PAGE, { url });
    const form = doc.forms.namedItem('checkout');
    assert.equal(doc.querySelector('a[rel~=next]').href, 'http://shop.example:8080/cart/products?page=2#top');
    assert.equal(doc.getElementById('help').pathname, '/help/faq.html');
    assert.equal(form.action, 'http://shop.example:8080/checkout?step=1');
    assert.equal(form.elements.namedItem('email').value, 'a@b.c', 'the email value sanitization strips spaces');
    assert.equal(form.elements.namedItem('ship').value, 'exp', 'the last checked radio of the group wins');
    assert.equal(doc.getElementById('country').value, 'de');
    assert.deepEqual([...doc.querySelectorAll('#cart tbody tr')].map((tr) => tr.dataset.sku), ['A-1', 'B-2', 'c-3']);
    assert.equal(doc.querySelector('header').dataset.userId, '42');
    assert.equal(doc.querySelector('#row-tpl').content.querySelector('.qty').textContent, '0');
    assert.deepEqual([...doc.querySelectorAll(':dir(rtl)')].map((e) => e.id), ['rtl', 'inrtl', 'autoar', 'taauto', 'inauto']);
    const row = doc.importNode(doc.querySelector('#row-tpl').content, true);
    row.querySelector('.name').textContent = 'Milk';
    doc.querySelector('#cart tbody').append(row);
    assert.equal(doc.querySelector('#cart tbody').lastElementChild.outerHTML, '<tr><td class="name">Milk</td><td class="qty">0</td></tr>');
    assert.equal(doc.querySelectorAll('#cart tbody tr:has(td.name)').length, 1);
  });

  test('console.log of a DOMTokenList shows its tokens; Object.keys of a live collection its indexes', () => {
    const doc = parse('<ul class="nav open"><li>a</li></ul><select><option>x</select>');
    const ul = doc.querySelector('ul');
    assert.equal(inspect(ul.classList), "DOMTokenList(2) [ 'nav', 'open' ]");
    assert.deepEqual(Object.keys(doc.querySelector('select').options), ['0'], 'no internal fields');
    assert.deepEqual(Object.keys(ul.children), ['0']);
  });
});
