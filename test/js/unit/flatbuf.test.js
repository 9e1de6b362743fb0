// The H5WT buffer itself: header, sections, validation, errors, strings,
// and the C writer's robustness (reuse, out-of-memory).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as parse5 from 'parse5';
import { ATOM_HASH, FORMAT_VERSION, HEADER_BYTES, MAGIC } from '../../../js/core/abi.js';
import { decode, readHeader, readErrors } from '../../../js/dom/decode.js';
import { ATOMS } from '../../../js/core/atoms.js';
import { serialize } from '../../../js/html/serialize.js';
import { bufferFor, runDump, toLines } from '../lib/helpers.js';
import { DOCUMENTS } from '../lib/corpus.js';

const hex = (s) => (s.length === 0 ? '-' : [...Array(s.length)].map((_, i) => s.charCodeAt(i).toString(16).padStart(4, '0')).join(''));
const words = (buf) => new Uint32Array(buf.buffer, buf.byteOffset, buf.byteLength >>> 2);
const copy = (buf) => new Uint8Array(buf);

test('header and section table', async () => {
  const { buffer } = await bufferFor('<!DOCTYPE html><p class=a>x</p>', { locations: true });
  const h = words(buffer);
  assert.equal(h[0], MAGIC);
  assert.equal(String.fromCharCode(...buffer.subarray(0, 4)), 'H5WT');
  assert.equal(h[1], FORMAT_VERSION);
  assert.equal(h[3], ATOMS.length);
  assert.equal(h[4], ATOM_HASH);
  assert.equal(h[17], buffer.byteLength);
  for (let w = 10; w <= 17; w++) assert.equal(h[w] % 4, 0, `header word ${w} is 4-aligned`);
  assert.equal(h[10], HEADER_BYTES);
  assert.equal(h[18], 0);
  assert.equal(h[19], 0);
  assert.deepEqual(readHeader(buffer), {
    version: 2,
    root: 'document',
    mode: 'no-quirks',
    scripting: true,
    hasLocations: true,
    hasErrors: false,
    encoding: null,
    confidence: null,
    nodeCount: 7,
    attributeCount: 1,
    errorCount: 0,
    byteLength: buffer.byteLength,
  });
  const frag = await bufferFor('<td>x', { fragment: true, scripting: false });
  const fh = readHeader(frag.buffer);
  assert.equal(fh.root, 'fragment');
  assert.equal(fh.scripting, false);
  assert.equal(fh.hasLocations, false);
  assert.equal(readHeader((await bufferFor('<p>quirky')).buffer).mode, 'quirks');
});

test('a subtree root (root kind "other")', () => {
  const lines = `E 0 0 0 ${hex('div')} -1 -1 -1 -1 1\nA 0 ${hex('id')} ${hex('r')} -1 -1 -1 -1\nT 1 ${hex('a<b')} -1 -1\n`;
  const { buffer } = runDump(lines);
  assert.equal(readHeader(buffer).root, 'other');
  const el = decode(buffer);
  assert.equal(el.nodeType, 1);
  assert.equal(el.parentNode, null);
  assert.equal(el.outerHTML, '<div id="r">a&lt;b</div>');
  const obj = decode(buffer, { format: 'object' });
  assert.equal(obj.parentNode, null);
  assert.equal(parse5.serializeOuter(obj), '<div id="r">a&lt;b</div>');
});

test('names outside the atom table are stored once', () => {
  const lines = [
    'D 0 0',
    `E 1 0 0 ${hex('x-widget')} -1 -1 -1 -1 2`,
    `A 0 ${hex('data-thing')} ${hex('1')} -1 -1 -1 -1`,
    `A 0 ${hex('class')} ${hex('c')} -1 -1 -1 -1`,
    `E 2 0 0 ${hex('x-widget')} -1 -1 -1 -1 1`,
    `A 0 ${hex('data-thing')} ${hex('2')} -1 -1 -1 -1`,
    `E 2 1 0 ${hex('foreignObject')} -1 -1 -1 -1 0`,
  ].join('\n');
  const { buffer } = runDump(lines + '\n');
  const h = words(buffer);
  assert.equal(h[7], 2, 'x-widget and data-thing, once each');
  const n = new Uint32Array(buffer.buffer, buffer.byteOffset + h[10], h[5] * 8);
  assert.equal(ATOMS[n[3 * 8 + 4]], 'foreignObject', 'exact-case atom used for a camelCase name');
  assert.equal(n[1 * 8 + 4], ATOMS.length, 'first local name id');
  const doc = decode(buffer);
  assert.equal(doc.firstChild.localName, 'x-widget');
  assert.equal(doc.firstChild.firstChild.getAttribute('data-thing'), '2');
  assert.equal(doc.firstChild.lastChild.tagName, 'foreignObject');
});

test('character data is exact: lone surrogates, BOM, NUL, astral, long strings', () => {
  const samples = ['\ufeffBOM first', 'lone \ud800 high', 'lone \udc00 low', 'a\u0000b', '\ud83d\ude00 pair', '\ufffd real replacement', 'x'.repeat(70000) + '\ud801'];
  for (const s of samples) {
    for (const pad of ['', 'y'.repeat(300)]) {
      const data = pad + s;
      const { buffer } = runDump(`F 0\nT 1 ${hex(data)} -1 -1\nM 1 ${hex(data)} -1 -1\n`);
      const f = decode(buffer);
      assert.equal(f.firstChild.data, data);
      assert.equal(f.lastChild.data, data);
      assert.equal(decode(buffer, { format: 'object' }).childNodes[0].value, data);
    }
  }
});

test('doctype identifiers and presence flags', () => {
  const { buffer } = runDump(`D 0 1\nY 1 ${hex('html')} ${hex('-//pub')} - 1 1 -1 -1\nY 1 - - ${hex('sys')} 0 1 -1 -1\n`);
  const doc = decode(buffer);
  const [a, b] = doc.childNodes;
  assert.deepEqual([a.name, a.publicId, a.systemId], ['html', '-//pub', '']);
  assert.deepEqual([b.name, b.publicId, b.systemId], ['', '', 'sys']);
  const h = words(buffer);
  const n = new Uint32Array(buffer.buffer, buffer.byteOffset + h[10], h[5] * 8);
  assert.equal(n[8] >>> 16, 0b11000, 'HAS_PUBLIC_ID | HAS_SYSTEM_ID');
  assert.equal(n[16] >>> 16, 0b10000, 'HAS_SYSTEM_ID only');
  assert.equal(doc.mode, 'quirks');
  assert.deepEqual(decode(buffer, { format: 'object' }).childNodes[1], {
    nodeName: '#documentType', name: '', publicId: '', systemId: 'sys', parentNode: decode(buffer, { format: 'object' }),
  });
});

test('processing instructions (type 7 records; serialised <?target data?>, whatwg/html PR 12654)', () => {
  const { buffer } = runDump(`F 0\nP 1 ${hex('xml-stylesheet')} ${hex('href="a"')} 0 10\nP 1 ${hex('php')} - -1 -1\n`);
  const f = decode(buffer);
  assert.equal(f.firstChild.nodeType, 7);
  assert.equal(f.firstChild.target, 'xml-stylesheet');
  assert.equal(f.firstChild.nodeName, 'xml-stylesheet');
  assert.equal(f.firstChild.data, 'href="a"');
  assert.equal(serialize(f), '<?xml-stylesheet href="a"?><?php ?>');
  // The object format: a comment to parse5 tools, the PI beside (js/html/object.js).
  const o = decode(buffer, { format: 'object' });
  assert.deepEqual(Object.keys(o.childNodes[0]), ['nodeName', 'data', 'parentNode', 'processingInstruction']);
  assert.deepEqual(o.childNodes[0].processingInstruction, { target: 'xml-stylesheet', data: 'href="a"' });
  assert.equal(o.childNodes[1].data, '?php ?');
  assert.equal(serialize(o), '<?xml-stylesheet href="a"?><?php ?>');
});

test('parse errors section', async () => {
  const html = 'a\nbc\r\nd\re';
  const { tree } = await bufferFor(html);
  const lines = toLines(tree) + 'R 3 0\nR 5 3\nR 7 6\nR 9 8\nR 11 9\n';
  const withErrors = runDump(lines, ['--errors']).buffer;
  assert.equal(readHeader(withErrors).hasErrors, true);
  assert.equal(readHeader(withErrors).errorCount, 5);
  assert.deepEqual(readErrors(withErrors), [
    { code: 3, offset: 0 }, { code: 5, offset: 3 }, { code: 7, offset: 6 }, { code: 9, offset: 8 }, { code: 11, offset: 9 },
  ]);
  const named = readErrors(withErrors, { source: html, names: ['none', 'e1', 'e2', 'three'] });
  assert.deepEqual(named[0], { code: 3, offset: 0, name: 'three', line: 1, col: 1 });
  assert.deepEqual(named.slice(1).map((e) => [e.line, e.col]), [[2, 2], [3, 1], [4, 1], [4, 2]]);
  // Present but empty, and absent.
  assert.deepEqual(readErrors(runDump(toLines(tree), ['--errors']).buffer), []);
  assert.equal(readHeader(runDump(toLines(tree), ['--errors']).buffer).hasErrors, true);
  const none = runDump(lines).buffer;
  assert.equal(readHeader(none).hasErrors, false);
  assert.deepEqual(readErrors(none), []);
});

test('bad input: TypeError for non-buffers, RangeError saying what is wrong', async () => {
  for (const bad of [null, undefined, 'H5WT', 42, [1, 2, 3], {}]) {
    assert.throws(() => decode(bad), TypeError);
  }
  const { buffer } = await bufferFor('<!DOCTYPE html><p id=a>x</p>');
  assert.throws(() => decode(buffer, { format: 'json' }), { name: 'TypeError', message: /option 'format' must be one of "dom", "object"; got string "json"/ });
  assert.throws(() => decode(new Uint8Array(10)), /truncated: 10 bytes/);
  const badMagic = copy(buffer);
  badMagic[0] = 0x58;
  assert.throws(() => decode(badMagic), (e) => e instanceof RangeError && /not an H5WT tree buffer \(magic is "X5WT"/.test(e.message));
  const v1 = copy(buffer); // version 1 predates shadow roots (docs/format.md)
  words(v1)[1] = 1;
  assert.throws(() => decode(v1), (e) => e instanceof RangeError && /version 1 is not supported/.test(e.message));
  const v3 = copy(buffer); // another version (this decoder reads version 2)
  words(v3)[1] = 3;
  assert.throws(() => decode(v3), (e) => e instanceof RangeError && /version 3 is not supported/.test(e.message));
  assert.throws(() => decode(buffer.subarray(0, buffer.byteLength - 4)), (e) => e instanceof RangeError && /truncated: header says \d+ bytes, got \d+/.test(e.message));
  const atoms = copy(buffer);
  words(atoms)[4] ^= 1;
  assert.throws(() => decode(atoms), (e) => e instanceof RangeError && /atom table mismatch/.test(e.message));
  const atomCount = copy(buffer);
  words(atomCount)[3] += 1;
  assert.throws(() => decode(atomCount), /atom table mismatch/);
  const section = copy(buffer);
  words(section)[16] = words(section)[17];
  assert.throws(() => decode(section), /corrupt buffer: string section/);
  // Corrupt records: every case is a RangeError, for both formats.
  const h = words(buffer);
  const nodeWord = (i, w, v) => {
    const b = copy(buffer);
    words(b)[(h[10] >>> 2) + i * 8 + w] = v;
    return b;
  };
  const cases = [
    [nodeWord(3, 1, 7), /parent index/],
    [nodeWord(0, 1, 0), /parent index/],
    [nodeWord(5, 0, 42), /unknown node type 42/],
    [nodeWord(5, 4, 1e6), /name id/],
    [nodeWord(h[5] - 1, 5, 1e6), /out of bounds/],
    [nodeWord(2, 2, 1e6), /subtree end/],
  ];
  for (const [b, re] of cases) {
    assert.throws(() => decode(b), (e) => e instanceof RangeError && re.test(e.message), String(re));
    assert.throws(() => decode(b, { format: 'object' }), RangeError, String(re));
  }
  assert.throws(() => readHeader('x'), TypeError);
});

test('unaligned views and copies decode the same', async () => {
  const { tree, buffer } = await bufferFor(DOCUMENTS[2]);
  const raw = new Uint8Array(buffer.byteLength + 1);
  raw.set(buffer, 1);
  const view = raw.subarray(1);
  assert.equal(serialize(decode(view)), parse5.serialize(tree));
  assert.equal(serialize(decode(buffer.slice().buffer)), parse5.serialize(tree));
  const big = new Uint8Array(buffer.byteLength + 64);
  big.set(buffer);
  assert.equal(serialize(decode(big)), parse5.serialize(tree), 'trailing bytes are ignored');
});

test('the result does not reference the buffer', async () => {
  const html = DOCUMENTS[8];
  const { tree, buffer } = await bufferFor(html, { locations: true });
  const b = copy(buffer);
  const d = decode(b, { source: html });
  const o = decode(b, { format: 'object', source: html });
  b.fill(0);
  assert.equal(serialize(d), parse5.serialize(tree));
  assert.equal(serialize(o), parse5.serialize(tree));
  assert.deepEqual(d.body.firstChild.sourceCodeLocation, tree.childNodes[1].childNodes[1].childNodes[0].sourceCodeLocation);
});

test('DOM nodes expose parse5-style locations', async () => {
  const html = '<!DOCTYPE html>\n<p a="1">x</p><a><b>c</a>';
  const { tree, buffer } = await bufferFor(html, { locations: true });
  const d = decode(buffer, { source: html });
  const pairs = [[d, tree]];
  while (pairs.length) {
    const [x, y] = pairs.pop();
    if (y.nodeName !== '#document') assert.deepEqual(x.sourceCodeLocation, y.sourceCodeLocation, y.nodeName);
    x.childNodes.forEach((c, k) => pairs.push([c, y.childNodes[k]]));
  }
  const plain = decode((await bufferFor(html)).buffer);
  assert.equal(plain.body.sourceCodeLocation, undefined);
});

test('C writer: output is identical across reuse; every allocation failure is a clean H5_ERR_OOM', async () => {
  for (const html of [DOCUMENTS[8], DOCUMENTS[10], DOCUMENTS[12]]) {
    const { tree } = await bufferFor(html, { locations: true });
    const lines = toLines(tree, html) + 'R 1 0\nR 2 5\n';
    const { stderr } = runDump(lines, ['--locations', '--errors', '--repeat', '3', '--oom-sweep']);
    assert.match(stderr, /oom-sweep: [1-9]\d* failing limits/);
  }
  const deep = runDump(null, ['--deep-templates', '2000', '--oom-sweep']);
  assert.match(deep.stderr, /oom-sweep: [1-9]\d* failing limits/);
});

test('random corruption: decode succeeds or throws RangeError, and a decoded tree is always usable', async () => {
  let seed = 12345;
  const rand = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  const sources = [DOCUMENTS[8], DOCUMENTS[10], DOCUMENTS[12], DOCUMENTS[20]];
  let decoded = 0;
  let rejected = 0;
  for (const html of sources) {
    const { buffer } = await bufferFor(html, { locations: true });
    for (let k = 0; k < 400; k++) {
      const b = copy(buffer);
      const flips = 1 + rand(3);
      for (let f = 0; f < flips; f++) {
        // Mostly small changes to words of the record sections.
        const at = HEADER_BYTES + rand(b.byteLength - HEADER_BYTES);
        b[at] = rand(4) === 0 ? 0xff : b[at] ^ (1 << rand(8));
      }
      for (const format of ['dom', 'object']) {
        let tree;
        try {
          tree = decode(b, { format, source: html });
        } catch (e) {
          assert.ok(e instanceof RangeError, `${e.name}: ${e.message}`);
          rejected++;
          continue;
        }
        decoded++;
        serialize(tree);
        if (format === 'dom') {
          tree.querySelectorAll('*');
          tree.getElementsByTagName('*').forEach((e) => [e.attributes, e.outerHTML, e.sourceCodeLocation, e.textContent]);
          const stack = [tree];
          while (stack.length) {
            const n = stack.pop();
            void n.nodeName, n.nodeValue, n.previousSibling, n.lastChild;
            stack.push(...n.childNodes);
            if (n.content && typeof n.content === 'object') stack.push(n.content); // not <meta>'s string
          }
        }
      }
    }
  }
  assert.ok(decoded > 0 && rejected > 0, `${decoded} decoded, ${rejected} rejected`);
});

test('string decoding without Node\'s Buffer: TextDecoder and the exact fallback', async () => {
  const { spawnSync } = await import('node:child_process');
  const { pathToFileURL } = await import('node:url');
  const { ROOT } = await import('../lib/helpers.js');
  const url = pathToFileURL(`${ROOT}/js/core/text.js`).href;
  const script = `
    delete globalThis.Buffer;
    const { unitsToString } = await import(${JSON.stringify(url)});
    const cases = ['\\ufeff' + 'a'.repeat(300), 'b'.repeat(300) + '\\ud800', 'c'.repeat(300) + '\\ufffd', 'short\\udc00', ''];
    for (const s of cases) {
      const u = new Uint16Array(s.length);
      for (let i = 0; i < s.length; i++) u[i] = s.charCodeAt(i);
      if (unitsToString(u) !== s) { console.log('MISMATCH', JSON.stringify(s.slice(-3))); process.exit(1); }
    }
    console.log('ok');`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.stdout.trim(), 'ok', r.stderr);
});

test('object format: a million nested elements decode and serialise', () => {
  const { buffer } = runDump(null, ['--deep', '1000000']);
  const doc = decode(buffer, { format: 'object' });
  let n = doc.childNodes[0].childNodes[1];
  let depth = 0;
  while (n.childNodes[0].nodeName === 'div') {
    n = n.childNodes[0];
    depth++;
  }
  assert.equal(depth, 1000000);
  assert.equal(n.childNodes[0].value, 'x');
  assert.equal(n.childNodes[0].parentNode, n);
  const html = serialize(doc.childNodes[0].childNodes[1]);
  assert.equal(html.length, 1000000 * 11 + 1 + '<!--after-->'.length);
});

// SOURCE_REFS (docs/format.md): the buffer parse() asks for when it decodes
// into objects, made here through the module's entry point directly.
test('SOURCE_REFS buffers: verbatim strings point into the input, others are in the string section; decode() refuses them', async () => {
  const { getWasm, writeInput } = await import('../../../js/core/loader.js');
  await import('../../../js/node.js'); // initialised
  const html = '<p title="plain" alt="a&amp;b">verbatim text<!--note-->&lt;ref&gt;\r\nx</p>';
  const w = getWasm();
  writeInput(w, html);
  assert.equal(w.h5w_parse(html.length, 1 | 16, 0, 0), 0);
  const view = new Uint8Array(w.memory.buffer, w.h5w_out_buf(), w.h5w_out_buf_len()).slice();
  const h = new Uint32Array(view.buffer, 0, 20);
  assert.equal(h[2] & (1 << 7), 1 << 7, 'header flag SOURCE_REFS');
  const u32 = new Uint32Array(view.buffer);
  const u16 = new Uint16Array(view.buffer, h[16], h[8]);
  const str = (off, len) => (off >= 0x80000000 ? html.slice(off - 0x80000000, off - 0x80000000 + len) : String.fromCharCode(...u16.subarray(off, off + len)));
  const got = [];
  let refs = 0;
  for (let i = 0; i < h[5]; i++) {
    const r = (h[10] >>> 2) + i * 8;
    const type = u32[r] & 0xff;
    if (type === 3 || type === 8) {
      got.push(str(u32[r + 5], u32[r + 6]));
      if (u32[r + 5] >= 0x80000000) refs++;
    }
  }
  for (let k = 0; k < h[6]; k++) {
    const q = (h[11] >>> 2) + k * 4;
    got.push(str(u32[q + 2], u32[q + 3]));
    if (u32[q + 2] >= 0x80000000) refs++;
  }
  // Text merges "verbatim text" only; the charref/CRLF text is copied.
  assert.deepEqual(got, ['verbatim text', 'note', '<ref>\nx', 'plain', 'a&b']);
  assert.equal(refs, 3, 'verbatim text, comment and attribute value "plain" are references');
  assert.throws(() => decode(view), /refers to the text it was parsed from/);
  assert.throws(() => decode(view, { format: 'object', source: html }), /refers to the text it was parsed from/);
});

test('SOURCE_REFS in the DOM format: data and attribute values before and after serialisation', async () => {
  const { parse, serialize, serializeOuter } = await import('../../../js/node.js');
  const html = '<div title="plain" alt="a&amp;b">verbatim<!--c-->&lt;x&gt;\r\ny<textarea>raw</textarea></div>';
  const doc = parse(html);
  const div = doc.body.firstChild;
  const read = () => [div.getAttribute('title'), div.getAttribute('alt'), ...div.childNodes.map((c) => c.data ?? c.textContent)];
  const before = read();
  assert.deepEqual(before, ['plain', 'a&b', 'verbatim', 'c', '<x>\ny', 'raw']);
  const records = [doc._t.n.slice(), doc._t.a.slice()];
  const out = serializeOuter(div);
  assert.equal(out, '<div title="plain" alt="a&amp;b">verbatim<!--c-->&lt;x&gt;\ny<textarea>raw</textarea></div>');
  assert.deepEqual(read(), before, 'after the serialiser');
  assert.deepEqual([doc._t.n, doc._t.a], records, 'the serialiser reads the source references where they are');
  assert.equal(serialize(doc), `<html><head></head><body>${out}</body></html>`);
});
