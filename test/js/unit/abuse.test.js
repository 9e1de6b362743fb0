// The JS layer under abuse (issue 16), one test per defect found: re-entrant
// calls from callbacks and getters, options read once, bytes that are not
// bytes, buffers whose links contradict each other, unclear errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decode, dumpTree, parse, parseFragment, parseToBuffer, parseToView, releaseMemory, serialize, serializeBuffer, sniffEncoding, tokenize,
} from '../../../js/node.js';
import { readErrors, readHeader } from '../../../js/dom/decode.js';
import { setMaxStringLengthForTesting } from '../../../js/html/bytes.js';
import { FLAG_SOURCE_REFS, H_FLAGS, H_NODE_LOCS_OFF, H_NODES_OFF, INFO_TEMPLATE_CONTENTS, L_END, L_START, LOC_WORDS, N_LAST_CHILD, N_PARENT, N_PREV, NODE_WORDS, NONE } from '../../../js/core/abi.js';

const HTML = '<title>OUTER</title><p id=o>outer text</x>'; // one parse error
const REF = serialize(parse(HTML));

test('re-entrancy: a callback or getter that parses again does not change the outer result', () => {
  const cases = [
    { onParseError() { parse('plain text no tags at all, length fortytw'); } },
    { onParseError() { parse('<p>'.repeat(14)); } },
    { onParseError() { releaseMemory(); parse('<p>'.repeat(1000)); } },
    { get scriptingEnabled() { tokenize('<b>1</b><i>22222</i><u>333</u><s>4444</s></y>'); return true; } },
    { get sourceLocations() { parse('<b>x</b>'); return false; } },
    { get format() { releaseMemory(); return 'dom'; } },
  ];
  for (const options of cases) {
    assert.equal(serialize(parse(HTML, options)), REF, Object.keys(options).join());
    assert.equal(serialize(parse(HTML, { ...options, format: 'object' })), REF);
  }
  const ref = new Uint8Array(parseToBuffer(HTML, { includeErrors: true, onParseError() {} }));
  const again = new Uint8Array(parseToBuffer(HTML, { includeErrors: true, onParseError() { parse('<table>'.repeat(50)); } }));
  assert.deepEqual(again, ref);
  // tokenize: the tokens are built before the callback runs.
  const tokens = tokenize(HTML);
  assert.deepEqual(tokenize(HTML, { onParseError() { tokenize('<a b=c>'.repeat(30)); } }), tokens);
  // Bytes (sniffed, decoded, maybe parsed twice) likewise.
  const bytes = new TextEncoder().encode('<meta charset=latin1>' + HTML);
  const refBytes = serialize(parse(bytes));
  assert.equal(serialize(parse(bytes, { onParseError() { parse(bytes); releaseMemory(); } })), refBytes);
});

test('re-entrancy: parseToView refuses calls into the module from its callback, clearly', () => {
  const ref = new Uint8Array(parseToBuffer(HTML, { onParseError() {} }));
  let refused = null;
  const view = parseToView(HTML, {
    onParseError() {
      try {
        parse('<p>x');
      } catch (e) {
        refused = e;
      }
      assert.throws(() => releaseMemory(), /onParseError callback of parseToView\(\)/);
    },
  });
  assert.match(refused.message, /called from the onParseError callback of parseToView\(\).*collect the errors/);
  assert.deepEqual(new Uint8Array(view), ref);
  assert.equal(serialize(parse('<p>x')), '<html><head></head><body><p>x</p></body></html>', 'usable afterwards');
});

test('releaseMemory() from a getter keeps every error', () => {
  let n = 0;
  parse('</x><p>a</y>', { onParseError() { n++; }, get sourceLocations() { releaseMemory(); return false; } });
  assert.equal(n, 3);
});

test('options are read once: a getter runs once and its value is the one used', () => {
  let k = 0;
  const tree = parse('<p>x', { get format() { return k++ ? 'object' : 'dom'; } });
  assert.equal(k, 1);
  assert.equal(tree.nodeType, 9, 'the DOM format, as the one read said');
  let reads = 0;
  const proxy = new Proxy({ format: 'object' }, { get(t, key) { reads++; return t[key]; } });
  assert.equal(parse('<p>x', proxy).nodeName, '#document');
  assert.equal(reads, 1);
  // Inherited properties are not options.
  assert.equal(parse('<p>x', Object.create({ format: 'object' })).nodeType, 9);
});

test('Object.prototype names are unknown options', () => {
  for (const name of ['isPrototypeOf', 'hasOwnProperty', 'constructor', 'toString', 'valueOf', '__defineGetter__']) {
    for (const value of [1, Symbol('s'), 1n, null, {}]) {
      assert.throws(() => parse('x', { [name]: value }), { name: 'TypeError', message: new RegExp(`^parse\\(\\): unknown option '${name}'`) });
    }
  }
  assert.throws(() => decode(parseToBuffer('x'), { hasOwnProperty: 1 }), { name: 'TypeError', message: /unknown option 'hasOwnProperty'/ });
});

test('bytes: proxies and imitations are TypeErrors naming the argument; every real kind works', () => {
  const ab = new TextEncoder().encode('<p>x    ').buffer;
  for (const fake of [new Proxy(new ArrayBuffer(8), {}), new Proxy(new Uint8Array(8), {}), Object.create(ArrayBuffer.prototype), Object.create(Uint8Array.prototype)]) {
    assert.throws(() => parse(fake), { name: 'TypeError', message: /^parse\(input\): input must be a string, or bytes.*look-alike/ });
    assert.throws(() => decode(fake), { name: 'TypeError', message: /^decode\(buffer\): expected an ArrayBuffer/ });
    assert.throws(() => serializeBuffer(fake), { name: 'TypeError', message: /^serializeBuffer\(buffer\)/ });
    assert.throws(() => readHeader(fake), { name: 'TypeError', message: /^readHeader\(buffer\)/ });
    assert.throws(() => sniffEncoding(fake), { name: 'TypeError', message: /^sniffEncoding\(bytes\)/ });
  }
  const want = '<html><head></head><body><p>x    </p></body></html>';
  for (const T of [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array, DataView]) {
    assert.equal(serialize(parse(new T(ab))), want, T.name);
  }
  const sab = new SharedArrayBuffer(8);
  new Uint8Array(sab).set(new Uint8Array(ab));
  assert.equal(serialize(parse(sab)), want);
  assert.equal(serialize(parse(new Uint8Array(sab))), want);
  // A view of the module's own memory: copied before the module writes there.
  const view = parseToView('<p>y');
  const copy = view.slice();
  assert.equal(serializeBuffer(view), '<html><head></head><body><p>y</p></body></html>');
  assert.equal(serialize(decode(copy)), '<html><head></head><body><p>y</p></body></html>');
  const page = new TextEncoder().encode('<p>in memory</p>');
  const inMemory = parseToView('x'.repeat(page.length)).subarray(0, page.length);
  inMemory.set(page);
  assert.equal(serialize(parse(inMemory)), '<html><head></head><body><p>in memory</p></body></html>');
});

test('a detached ArrayBuffer is a clear TypeError', () => {
  const buf = parseToBuffer('<p>x');
  const view = new Uint8Array(buf);
  structuredClone(buf, { transfer: [buf] });
  for (const b of [buf, view]) {
    assert.throws(() => decode(b), { name: 'TypeError', message: /decode\(buffer\): the buffer is a detached ArrayBuffer/ });
    assert.throws(() => serializeBuffer(b), { name: 'TypeError', message: /detached/ });
    assert.throws(() => readHeader(b), { name: 'TypeError', message: /detached/ });
    assert.throws(() => readErrors(b), { name: 'TypeError', message: /detached/ });
    assert.throws(() => parse(b), { name: 'TypeError', message: /parse\(input\): the input is a detached ArrayBuffer/ });
  }
});

// A buffer with node records changed: [index, word, value] triples.
function changed(html, edits, options = {}) {
  const buf = new Uint8Array(parseToBuffer(html, options));
  const w = new Uint32Array(buf.buffer);
  for (const [i, word, v] of edits) w[(w[H_NODES_OFF] >>> 2) + i * NODE_WORDS + word] = v;
  return buf;
}

/** Every reader refuses `buf` with a RangeError matching `re`. */
function refused(buf, re, source) {
  const readers = {
    decode: () => decode(buf, { source }),
    'decode object': () => decode(buf, { format: 'object', source }),
    readHeader: () => readHeader(buf, { source }),
    readErrors: () => readErrors(buf, { source }),
  };
  if (source === undefined) readers.serializeBuffer = () => serializeBuffer(buf);
  for (const [name, f] of Object.entries(readers)) assert.throws(f, (e) => e instanceof RangeError && re.test(e.message), `${name}: ${re}`);
}

test('links that contradict the pre-order layout are refused by every reader', () => {
  // 0 #document, 1 html, 2 head, 3 body, 4 p, 5 "a", 6 p, 7 "b"
  const html = '<p>a</p><p>b</p>';
  const ok = changed(html, []);
  assert.equal(serializeBuffer(ok), serialize(decode(ok)));
  refused(changed(html, [[4, N_PARENT, 0]]), /node 4: parent index 0 is invalid: the enclosing node is 3/); // body.firstChild.parentNode = the document
  refused(changed(html, [[6, N_PREV, NONE]]), /node 6: previous sibling 4294967295 is invalid/);
  refused(changed(html, [[6, N_PREV, 3]]), /node 6: previous sibling 3 is invalid/);
  refused(changed(html, [[3, N_LAST_CHILD, 7]]), /node 3: last child 7 is not 6/); // body.lastChild = a grandchild
  refused(changed(html, [[1, N_LAST_CHILD, NONE]]), /node 1: last child/);
  refused(changed(html, [[5, N_PARENT, 3]]), /node 5: parent index 3 is invalid/);
  // Template contents: right after an HTML template, which has them.
  const t = '<template>x</template><p>'; // 0 doc, 1 html, 2 head, 3 template, 4 contents, 5 "x", 6 body, 7 p
  assert.equal(serializeBuffer(changed(t, [])), '<html><head><template>x</template></head><body><p></p></body></html>');
  refused(changed(t, [[4, 0, 11]]), /node 3: template without its contents/);
  refused(changed('<p>', [[3, 0, 11]]), /node 3: a document or fragment inside the tree/);
  refused(changed(t, [[7, 0, 11 | INFO_TEMPLATE_CONTENTS]]), /misplaced template contents/);
  refused(changed('<template></template>', [[4, 0, 3]]), /template without its contents|leaf/);
  // Flags: SOURCE_REFS (parse()'s private buffers) is refused by serializeBuffer too.
  const refs = changed(html, []);
  new Uint32Array(refs.buffer)[H_FLAGS] |= FLAG_SOURCE_REFS;
  refused(refs, /SOURCE_REFS/);
});

test('locations must ascend within a record and lie within the source when it is given', () => {
  const html = '<p class=a>text</p>';
  const buf = new Uint8Array(parseToBuffer(html, { sourceLocations: true, includeErrors: true }));
  const w = new Uint32Array(buf.buffer);
  const at = (i, word) => (w[H_NODE_LOCS_OFF] >>> 2) + i * LOC_WORDS + word;
  assert.equal(decode(buf, { source: html }).body.firstChild.sourceCodeLocation.endOffset, html.length);
  const swapped = buf.slice();
  new Uint32Array(swapped.buffer)[at(4, L_START)] = w[at(4, L_END)] + 1; // starts after it ends
  refused(swapped, /node 4: location out of order or range/);
  const far = buf.slice();
  for (let k = 0; k < LOC_WORDS; k++) new Uint32Array(far.buffer)[at(4, k)] = 2147483628 + k;
  assert.equal(decode(far).body.firstChild.nodeName, 'P', 'without the source an offset has no upper bound');
  refused(far, /node 4: location out of order or range/, html);
  // Error offsets beyond the source.
  const errs = buf.slice();
  const ew = new Uint32Array(errs.buffer);
  ew[(ew[15] >>> 2) + 1] = html.length + 1;
  assert.equal(readErrors(errs).length, 1);
  refused(errs, /parse error 0 \(code \d+, offset 20\) out of range/, html);
});

test('clear errors: dumpTree(null), BigInt and Symbol options, over-long decodings', () => {
  assert.throws(() => dumpTree(null), { name: 'TypeError', message: /^dumpTree\(root\): root must be a node.*got null/ });
  assert.throws(() => dumpTree(undefined), { name: 'TypeError', message: /got undefined/ });
  const buf = parseToBuffer('<p>x');
  assert.throws(() => decode(buf, { format: 1n }), { name: 'TypeError', message: /^decode\(\): option 'format' must be one of "dom", "object"; got bigint 1n$/ });
  assert.throws(() => parse('x', { format: Symbol('f') }), { name: 'TypeError', message: /got symbol f$/ });
  assert.throws(() => serializeBuffer(buf, { node: 2n }), { name: 'TypeError', message: /option 'node'.*got bigint 2n/ });
  assert.throws(() => serializeBuffer(buf, { node: -1 }), RangeError);
  assert.throws(() => serializeBuffer(buf, { node: 99 }), { name: 'RangeError', message: /option 'node' is 99, the buffer has \d+ nodes/ });
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  assert.throws(() => parse(revoked.proxy), { name: 'TypeError', message: /^parse\(input\).*got an object/ });
  // Bytes that decode to more than the longest string: a RangeError (a test
  // hook lowers the platform's limit of 2^29 - 24 code units).
  setMaxStringLengthForTesting(16);
  try {
    for (const bytes of [new TextEncoder().encode('<p>ünïcödé text here'), new TextEncoder().encode('<p>seventeen chars'), new Uint8Array([0xff, 0xfe, ...new Uint8Array(40).fill(0x41)])]) {
      assert.throws(() => parse(bytes), { name: 'RangeError', message: /^parse\(\): the bytes decode \(.*\) to \d+ UTF-16 code units, over the longest string JavaScript can hold \(16\)/ });
    }
    assert.equal(serialize(parse(new TextEncoder().encode('<p>short'))), '<html><head></head><body><p>short</p></body></html>');
  } finally {
    setMaxStringLengthForTesting();
  }
});

test('a fragment context object is read once, before the module is touched', () => {
  let reads = 0;
  const context = {
    get localName() { reads++; parse('<b>'.repeat(20)); releaseMemory(); return 'tr'; },
    namespaceURI: 'http://www.w3.org/1999/xhtml',
  };
  assert.equal(serialize(parseFragment('<td>x', { context })), '<td>x</td>');
  assert.equal(reads, 1);
});
