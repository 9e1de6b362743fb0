// End to end through the real parser as a buffer (parseToBuffer: h5_parse →
// h5_flatbuf_write in wasm → decode, which checks every record): the decoded
// trees must equal parse5's, in both formats.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as parse5 from 'parse5';
import { decode, readErrors } from '../../../js/dom/decode.js';
import { parseToBuffer } from '../../../js/node.js';
import { serialize } from '../../../js/html/serialize.js';
import { DOCUMENTS, FRAGMENTS } from '../lib/corpus.js';

const NS = { svg: ['http://www.w3.org/2000/svg', 1], math: ['http://www.w3.org/1998/Math/MathML', 2] };

/** The buffer of `html` (options: fragment (context tag name), contextNs, locations, errors, scripting). */
function parseBuffer(html, { fragment, contextNs = 0, locations = false, errors = false, scripting = true } = {}) {
  const o = { sourceLocations: locations, includeErrors: errors, scriptingEnabled: scripting };
  if (fragment) {
    o.fragment = true;
    o.context = { localName: fragment, namespaceURI: [NS.svg[0], NS.math[0]][contextNs - 1] };
  }
  return parseToBuffer(html, o);
}

function p5Fragment(html, context, opts) {
  if (!context) return parse5.parseFragment(html, opts);
  const [uri] = NS[context] ?? ['http://www.w3.org/1999/xhtml'];
  return parse5.parseFragment(parse5.defaultTreeAdapter.createElement(context, uri, []), html, opts);
}
const cFragment = (html, context, opts) =>
  parseBuffer(html, { fragment: context ?? 'template', contextNs: (NS[context] ?? [null, 0])[1], ...opts });

test('documents: both formats equal parse5', () => {
  for (const html of DOCUMENTS) {
    const tree = parse5.parse(html);
    const buffer = parseBuffer(html);
    assert.deepStrictEqual(decode(buffer, { format: 'object' }), tree, JSON.stringify(html));
    assert.equal(serialize(decode(buffer)), parse5.serialize(tree), JSON.stringify(html));
  }
});

test('fragments: both formats equal parse5', () => {
  for (const [html, context] of FRAGMENTS) {
    const tree = p5Fragment(html, context);
    const buffer = cFragment(html, context);
    assert.deepStrictEqual(decode(buffer, { format: 'object' }), tree, `${JSON.stringify(html)} in ${context}`);
    assert.equal(serialize(decode(buffer)), parse5.serialize(tree));
  }
});

test('scripting off: <noscript> parses and serialises as parse5', () => {
  const html = '<!DOCTYPE html><head><noscript><link rel=x></noscript></head><body><noscript><p>&amp;</p></noscript>';
  const tree = parse5.parse(html, { scriptingEnabled: false });
  const buffer = parseBuffer(html, { scripting: false });
  assert.deepStrictEqual(decode(buffer, { format: 'object' }), tree);
  assert.equal(serialize(decode(buffer)), parse5.serialize(tree, { scriptingEnabled: false }));
});

for (const html of DOCUMENTS) {
  test(`locations: ${JSON.stringify(html).slice(0, 60)}`, () => {
    const tree = parse5.parse(html, { sourceCodeLocationInfo: true });
    const buffer = parseBuffer(html, { locations: true });
    assert.deepStrictEqual(decode(buffer, { format: 'object', source: html }), tree);
  });
}
for (const [html, context] of FRAGMENTS) {
  test(`locations (fragment in ${context}): ${JSON.stringify(html)}`, () => {
    const tree = p5Fragment(html, context, { sourceCodeLocationInfo: true });
    const buffer = cFragment(html, context, { locations: true });
    assert.deepStrictEqual(decode(buffer, { format: 'object', source: html }), tree);
  });
}

test('parse errors reach the buffer', () => {
  const html = '<p a=1 a=2>\u0000</p></p>';
  const buffer = parseBuffer(html, { errors: true });
  const errors = readErrors(buffer, { source: html });
  assert.ok(errors.length >= 2, JSON.stringify(errors));
  for (const e of errors) {
    assert.ok(Number.isInteger(e.code) && e.code > 0);
    assert.ok(e.offset <= html.length);
    assert.equal(e.line, 1);
  }
});
