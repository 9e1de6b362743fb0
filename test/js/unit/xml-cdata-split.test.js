// splitText on a CDATASection (DOM 4.11: CDATASection inherits Text's
// splitText): the new node is a CDATASection too, as Chromium makes it
// (checked by hand against Chromium 156: nodeType 4, '#cdata-section').
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { parseXml } from '../../../js/node.js';

test('splitText of a parsed CDATASection: a CDATASection after it, serialized as two sections', () => {
  const doc = parseXml('<r><![CDATA[abcd]]>x</r>');
  const c = doc.documentElement.firstChild;
  const n = c.splitText(2);
  assert.deepEqual([n.nodeType, n.nodeName, n.data, c.data], [4, '#cdata-section', 'cd', 'ab']);
  assert.equal(c.nextSibling, n);
  assert.equal(n.nextSibling.nodeType, 3);
  assert.equal(doc.documentElement.outerHTML, '<r><![CDATA[ab]]><![CDATA[cd]]>x</r>');
  assert.equal(n.splitText(0).nodeType, 4);
  assert.throws(() => n.splitText(3), { name: 'IndexSizeError' });
});

test('splitText of a created CDATASection without a parent, and of a Text', () => {
  const doc = parseXml('<r>text</r>');
  const c = doc.createCDATASection('abcd');
  const n = c.splitText(1);
  assert.deepEqual([n.nodeType, n.data, c.data, n.parentNode], [4, 'bcd', 'a', null]);
  const t = doc.documentElement.firstChild.splitText(2);
  assert.deepEqual([t.nodeType, t.nodeName, t.data], [3, '#text', 'xt']);
});
