// parseXml(x, { strict: true }): the well-formedness errors of XML 1.0 and
// Namespaces in XML 1.0 that XML5 lets pass (src/xml5/xml5_well_formed.c;
// docs/xml5.md, "Error codes"), their codes and offsets; the
// same input parsed without strict reports none of them (xml5lib-tests
// count errors); and the innerHTML, outerHTML and insertAdjacentHTML
// setters of XML documents' elements, which parse with strict.
// test/js/browser/xml-strict.test.js compares with Chromium.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { parseXml, parseXmlToBuffer } from '../../../js/node.js';

const strictError = (x) => {
  try {
    parseXml(x, { strict: true });
  } catch (e) {
    assert.ok(e instanceof SyntaxError, String(e));
    return `${e.code}@${e.offset}`;
  }
  return null;
};
const laxErrors = (x) => {
  const out = [];
  parseXml(x, { onParseError: (e) => out.push(e.code) });
  return out;
};

// [input, the first error as code@offset]: XML5 (without strict) reports nothing here.
const CHECKS = [
  ['<r><!-- a -- b --></r>', 'double-hyphen-in-comment@10'],
  ['<r><!-- a ---></r>', 'double-hyphen-in-comment@10'],
  ['<r>a]]>b</r>', 'cdata-section-end-in-text@4'],
  ['<r a="x<y"/>', 'less-than-sign-in-attribute-value@7'],
  ['<r a/>', 'unquoted-attribute-value@4'],
  ['<r a="1"b="2"/>', 'missing-whitespace-before-attribute@8'],
  ['<r>&#X41;</r>', 'invalid-reference@3'],
  ['<r>a & b</r>', 'invalid-reference@5'],
  ['<r a="&amp"/>', 'invalid-reference@6'],
  ['<r>&nbsp;</r>', 'undefined-entity@3'],
  ['<!DOCTYPE r [<!ENTITY e "x">]><r>&f;</r>', 'undefined-entity@33'],
  ['<r>\f</r>', 'invalid-xml-character@3'],
  ['<r>\0</r>', 'invalid-xml-character@3'],
  ['<r>\uFFFE</r>', 'invalid-xml-character@3'],
  ['<1r/>', 'invalid-name@1'],
  ['<r a\u00d7="1"/>', 'invalid-name@3'],
  ['<r><?1a?></r>', 'invalid-name@5'],
  ['<?xml version="2.0"?><r/>', 'invalid-xml-declaration@0'],
  ['<?xml encoding="UTF-8" version="1.0"?><r/>', 'invalid-xml-declaration@0'],
  ['<?xml version="1.0" standalone="yes" encoding="UTF-8"?><r/>', 'invalid-xml-declaration@0'],
  ['<?xml version="1.0" standalone="maybe"?><r/>', 'invalid-xml-declaration@0'],
  ['<?xml version="1.0" encoding="1abc"?><r/>', 'invalid-xml-declaration@0'],
  ['<!DOCTYPE r PUBLIC "p"><r/>', 'missing-doctype-system-identifier@0'],
];

// Well-formed: strict accepts (XML5 reports some of these by HTML's rules).
const ACCEPTED = [
  '<r>\u0085\u007f&#x85;&#128;&#xFDD0;\uFDD0&#xD;&#9;&#x1F600;\uD83D\uDE00</r>',
  '<r a="&#60;&lt;&#x3C;" b=\'"\' c="]]>"><!----><!-- - --><![CDATA[]]]]>] ]> ]]&gt;</r>',
  '<!DOCTYPE r [<!ENTITY e "x"><!ENTITY  f "y">]><r a="&f;">&e;</r>',
  '<!DOCTYPE r SYSTEM "r.dtd"><r>&undeclared;</r>',
  '\uFEFF<?xml version="1.10" encoding="x_y.z-1" standalone="no"?><é·-._:x xmlns:é·-._="urn:x"/>',
];

describe('parseXml strict: the well-formedness constraints XML5 lets pass', () => {
  test('each is the first error, at its offset, and absent without strict', () => {
    for (const [x, want] of CHECKS) {
      assert.equal(strictError(x), want, x);
      assert.ok(!laxErrors(x).some((c) => c === want.split('@')[0]), x);
    }
    assert.throws(() => parseXmlToBuffer('<r>]]></r>', { strict: true }), { name: 'SyntaxError', code: 'cdata-section-end-in-text' });
  });

  test('well-formed documents are accepted, also where XML5 reports an error by HTML rules', () => {
    for (const x of ACCEPTED) assert.equal(strictError(x), null, x);
    assert.ok(laxErrors(ACCEPTED[0]).includes('control-character-reference'));
  });
});

describe('XML documents: the fragment-parsing setters are strict', () => {
  const NOT_WELL_FORMED = ['<!-- a -- b -->', 'x]]>', '<a b="<"/>', '&nbsp;', '<a b/>', '\f', '<a/><b>'];
  test('innerHTML, outerHTML and insertAdjacentHTML throw a SyntaxError DOMException and change nothing', () => {
    const doc = parseXml('<r><s>old</s></r>');
    const s = doc.documentElement.firstChild;
    for (const m of NOT_WELL_FORMED) {
      assert.throws(() => { s.innerHTML = m; }, { name: 'SyntaxError' }, m);
      assert.throws(() => { s.outerHTML = m; }, { name: 'SyntaxError' }, m);
      assert.throws(() => s.insertAdjacentHTML('beforeend', m), { name: 'SyntaxError' }, m);
    }
    assert.equal(doc.documentElement.innerHTML, '<s>old</s>');
    s.innerHTML = '<!-- ok --><a b="&lt;"/>]&gt;';
    assert.equal(s.innerHTML, '<!-- ok --><a b="&lt;"/>]&gt;');
  });
});
