// The innerHTML and outerHTML getters of XML documents' elements run DOM
// Parsing's XML serialization with require well-formed (2.3, 3.2.1): an
// InvalidStateError DOMException where the markup would not be well-formed
// XML; serializeXml() (as XMLSerializer) has the flag off and never throws.
// Chromium 156 throws in none of these cases (docs/chromium-differences.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { parseXml, serializeXml } from '../../../js/node.js';

// [what, make(doc) → a node to append to the root, serializeXml's markup of the root]
const NOT_WELL_FORMED = [
  ['comment with --', (d) => d.createComment('a--b'), '<r><!--a--b--></r>'],
  ['comment ending in -', (d) => d.createComment('a-'), '<r><!--a---></r>'],
  ['comment with a non-Char', (d) => d.createComment('\u0001'), '<r><!--\u0001--></r>'],
  ['PI data with ?>', (d) => Object.assign(d.createProcessingInstruction('t', 'a'), { data: 'a?>b' }), '<r><?t a?>b?></r>'],
  ['PI target xml (any case)', (d) => d.createProcessingInstruction('XmL', 'a'), '<r><?XmL a?></r>'],
  ['PI target with a colon', (d) => d.createProcessingInstruction('a:b', 'x'), '<r><?a:b x?></r>'],
  ['text with a control', (d) => d.createTextNode('a\u0001'), '<r>a\u0001</r>'],
  ['text with a lone surrogate', (d) => d.createTextNode('a\uD800'), '<r>a\uD800</r>'],
  ['CDATA section with U+FFFF', (d) => d.createCDATASection('a\uFFFF'), '<r><![CDATA[a\uFFFF]]></r>'],
  ['attribute value with a control', (d) => { const e = d.createElement('e'); e.setAttribute('a', 'x\u000B'); return e; }, '<r><e a="x\u000B"/></r>'],
  ['attribute name with a colon, no namespace', (d) => { const e = d.createElement('e'); e.setAttribute('a:b', '1'); return e; }, '<r><e a:b="1"/></r>'],
  ['attribute xmlns in no namespace', (d) => { const e = d.createElement('e'); e.setAttribute('xmlns', 'urn:x'); return e; }, '<r><e xmlns="urn:x"/></r>'],
  ['element local name with a colon', (d) => d.createElement('a:b'), '<r><a:b/></r>'],
  ['element prefix xmlns', (d) => d.createElementNS('http://www.w3.org/2000/xmlns/', 'xmlns:e'), '<r><e xmlns="http://www.w3.org/2000/xmlns/"/></r>'],
  ['prefixed declaration undeclaring', (d) => { const e = d.createElement('e'); e.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:p', ''); return e; }, '<r><e xmlns:p=""/></r>'],
];

test('innerHTML and outerHTML throw an InvalidStateError where the XML serialization would not be well-formed', () => {
  for (const [what, make, markup] of NOT_WELL_FORMED) {
    const doc = parseXml('<r/>');
    const r = doc.documentElement;
    r.appendChild(make(doc));
    assert.throws(() => r.innerHTML, { name: 'InvalidStateError' }, what);
    assert.throws(() => r.outerHTML, { name: 'InvalidStateError' }, what);
    assert.throws(() => doc.createElement('w').appendChild(r).parentNode.outerHTML, { name: 'InvalidStateError' }, what);
    assert.equal(serializeXml(r), markup, what);
  }
});

test('well-formed trees serialize as before, namespace undeclarations included', () => {
  const src = '<r xmlns="urn:a" xmlns:p="urn:p"><b xmlns=""><p:c p:d="1" xml:lang="en"/></b><!-- - --><?t a b?><![CDATA[]]]]>x&amp;y</r>';
  const doc = parseXml(src, { strict: true });
  assert.equal(doc.documentElement.outerHTML, src);
  assert.equal(doc.documentElement.outerHTML, serializeXml(doc.documentElement));
  assert.equal(doc.documentElement.innerHTML, serializeXml(doc.documentElement, { children: true }));
  const e = doc.createElementNS('urn:z', 'z:e');
  e.setAttributeNS('urn:y', 'y:a', 'v');
  doc.documentElement.appendChild(e);
  assert.match(doc.documentElement.innerHTML, /<z:e xmlns:z="urn:z" xmlns:y="urn:y" y:a="v"\/>$/);
});
