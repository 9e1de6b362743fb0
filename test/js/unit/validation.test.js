// Misuse of serialize, serializeOuter, serializeBuffer, decode and tokenize
// is a TypeError or RangeError that names what was wrong, as for parse();
// a detached (transferred) buffer is a clear TypeError wherever bytes are taken.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decode, parse, parseFragment, parseToBuffer, serialize, serializeBuffer, serializeOuter, sniffEncoding, tokenize } from '../../../js/node.js';

const throwsWith = (fn, type, message) => assert.throws(fn, (e) => {
  assert.equal(e.constructor, type, `${e.constructor.name}: ${e.message}`);
  assert.match(e.message, message);
  return true;
});

test('serialize and serializeOuter take nodes, nothing else', () => {
  for (const f of [serialize, serializeOuter]) {
    const fn = f.name;
    for (const v of [undefined, null, 1, 'x', true, Symbol('s'), () => {}]) {
      throwsWith(() => f(v), TypeError, new RegExp(`^${fn}\\(node\\): node must be a node \\(a DOM-like node of html5-wasm or a parse5-shaped object\\); got `));
    }
    throwsWith(() => f({}), TypeError, new RegExp(`^${fn}\\(node\\): .*it has no nodeName; got an object \\(Object\\)`));
    throwsWith(() => f([]), TypeError, /it has no nodeName; got an array/);
    throwsWith(() => f({ nodeName: 'p' }), TypeError, /node is an element \(nodeName "p"\) in parse5's shape without a string 'tagName'/);
    throwsWith(() => f({ nodeName: 'p', tagName: 'p', childNodes: [] }), TypeError, /without an array 'attrs'/);
    throwsWith(() => f({ nodeName: 'p', tagName: 'p', attrs: [] }), TypeError, /without an array 'childNodes'/);
    throwsWith(() => f({ nodeName: '#document' }), TypeError, /node is a #document node in parse5's shape without an array 'childNodes'/);
    throwsWith(() => f({ nodeName: '#document-fragment', childNodes: {} }), TypeError, /#document-fragment node .* 'childNodes'/);
    throwsWith(() => f({ nodeName: '#text', data: 'x' }), TypeError, /#text node .*without a string 'value'/);
    throwsWith(() => f({ nodeName: '#comment', value: 'x' }), TypeError, /#comment node .*without a string 'data'/);
    throwsWith(() => f({ nodeName: '#documentType' }), TypeError, /#documentType node .*'name'/);
    throwsWith(() => f({ nodeName: '#processing-instruction', target: 'x' }), TypeError, /#processing-instruction node .*'data'/);
    // A browser's (or jsdom's) node: the message says what to do.
    throwsWith(() => f({ nodeName: 'P', tagName: 'P', attributes: {}, childNodes: [] }), TypeError, /another implementation\? serialise it with its own outerHTML/);
  }
});

test('serialize and serializeOuter still take every node they serialised before', () => {
  const p = { nodeName: 'p', tagName: 'p', namespaceURI: 'http://www.w3.org/1999/xhtml', attrs: [{ name: 'a', value: '"' }], childNodes: [], parentNode: null };
  p.childNodes.push({ nodeName: '#text', value: '<x>', parentNode: p }, { nodeName: '#processing-instruction', target: 't', data: 'd', parentNode: p });
  assert.equal(serializeOuter(p), '<p a="&quot;">&lt;x&gt;<?t d?></p>');
  assert.equal(serialize({ nodeName: '#document-fragment', childNodes: [p] }), '<p a="&quot;">&lt;x&gt;<?t d?></p>');
  assert.equal(serialize({ nodeName: '#text', value: 'x' }), '');
  assert.equal(serializeOuter({ nodeName: '#comment', data: 'c' }), '<!--c-->');
  assert.equal(serializeOuter({ nodeName: '#documentType', name: 'html' }), '<!DOCTYPE html>');
  for (const format of ['dom', 'object']) {
    const doc = parse('<!DOCTYPE html><p>x<?pi y?>', { format });
    assert.equal(serialize(doc), '<!DOCTYPE html><html><head></head><body><p>x<?pi y?></p></body></html>');
    assert.equal(serialize(parseFragment('<td>x', { context: 'tr', format })), '<td>x</td>');
  }
});

test('options of serialize, serializeOuter, serializeBuffer, decode, tokenize: unknown names and wrong types', () => {
  const doc = parse('x');
  const buf = parseToBuffer('x');
  const calls = [
    ['serialize', (o) => serialize(doc, o), 'scriptingEnabled', 'yes'],
    ['serializeOuter', (o) => serializeOuter(doc.body, o), 'scriptingEnabled', 1],
    ['serializeBuffer', (o) => serializeBuffer(buf, o), 'outer', 'true'],
    ['decode', (o) => decode(buf, o), 'source', 5],
    ['tokenize', (o) => tokenize('x', o), 'lastStartTag', null],
  ];
  for (const [fn, call, option, wrong] of calls) {
    throwsWith(() => call({ foo: 1 }), TypeError, new RegExp(`^${fn}\\(\\): unknown option 'foo'; known options: .*${option}`));
    throwsWith(() => call({ [option]: wrong }), TypeError, new RegExp(`^${fn}\\(\\): option '${option}' must be `));
    throwsWith(() => call(5), TypeError, new RegExp(`^${fn}\\(\\): options must be an object; got number 5`));
    throwsWith(() => call([]), TypeError, new RegExp(`^${fn}\\(\\): options must be an object; got an array`));
    call({}); // no options is fine
    call(undefined);
  }
  throwsWith(() => decode(buf, { format: 'tree' }), TypeError, /^decode\(\): option 'format' must be one of "dom", "object"; got string "tree"/);
  throwsWith(() => tokenize('x', { initialState: 'data' }), TypeError, /^tokenize\(\): option 'initialState' must be one of "Data state"/);
  throwsWith(() => tokenize('x', { onParseError: true }), TypeError, /^tokenize\(\): option 'onParseError' must be a function/);
  throwsWith(() => serializeBuffer(buf, { node: '1' }), TypeError, /^serializeBuffer\(\): option 'node' must be a node index \(a number\)/);
  for (const node of [-1, 1.5, NaN, Infinity]) {
    throwsWith(() => serializeBuffer(buf, { node }), RangeError, /^serializeBuffer\(\): option 'node' must be a node index; got /);
  }
  throwsWith(() => serializeBuffer(buf, { node: 99 }), RangeError, /^serializeBuffer\(\): option 'node' is 99, the buffer has \d+ nodes/);
  // The buffers and strings they read.
  throwsWith(() => decode('x'), TypeError, /^decode\(buffer\): /);
  throwsWith(() => decode({}), TypeError, /^decode\(buffer\): /);
  throwsWith(() => serializeBuffer(null), TypeError, /^serializeBuffer\(buffer\): /);
  throwsWith(() => tokenize(1), TypeError, /^tokenize\(html\): html must be a string; got number 1/);
  throwsWith(() => decode(new ArrayBuffer(8)), RangeError, /^decode/);
});

/** An ArrayBuffer (and a view of it) whose bytes were transferred away. */
function transferred(bytes) {
  const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const view = new Uint8Array(ab, 4);
  structuredClone(ab, { transfer: [ab] });
  assert.equal(ab.byteLength, 0);
  return [ab, view];
}

test('a detached (transferred) buffer is a TypeError that says so, wherever bytes are taken', () => {
  const tree = new Uint8Array(parseToBuffer('<p>x'));
  const page = new TextEncoder().encode('<p>x');
  const DETACHED = /is a detached ArrayBuffer \(transferred or released\): its bytes are gone/;
  for (const v of transferred(tree)) {
    throwsWith(() => decode(v), TypeError, new RegExp(`^decode\\(buffer\\): the buffer ${DETACHED.source}`));
    throwsWith(() => decode(v, { format: 'object' }), TypeError, DETACHED);
    throwsWith(() => serializeBuffer(v), TypeError, new RegExp(`^serializeBuffer\\(buffer\\): the buffer ${DETACHED.source}`));
  }
  for (const v of transferred(page)) {
    throwsWith(() => parse(v), TypeError, new RegExp(`^parse\\(input\\): the input ${DETACHED.source}`));
    throwsWith(() => parseToBuffer(v), TypeError, new RegExp(`^parseToBuffer\\(input\\): the input ${DETACHED.source}`));
    throwsWith(() => sniffEncoding(v), TypeError, /^sniffEncoding\(bytes\): .*detached ArrayBuffer/);
  }
});
