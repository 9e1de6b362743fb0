// Byte input: html5lib-tests/encoding through parse(bytes) (the encoding
// sniffing algorithm, 13.2.3.2, then a second parse when a <meta> declares
// another encoding, 13.2.3.4), the Encoding Standard's label table, BOMs,
// the transport layer's encoding, decoding, and API misuse.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { decode, dumpTree, parse, parseFragment, parseToBuffer, parseToView, sniffEncoding } from '../../../js/node.js';
import { readHeader } from '../../../js/dom/decode.js';
import { listPages } from '../../../bench/lib/corpus.js';
import { readEncodingDat } from '../lib/dat.js';
import { repoRoot, sharedPath } from '../lib/shared.js';

const dir = sharedPath('html5lib-tests', 'encoding');
const latin1 = (s) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const utf8 = (s) => new TextEncoder().encode(s);
// An encoding's name as TextDecoder reports it (lowercase), from any label.
const canonical = (label) => (label.toLowerCase() === 'replacement' ? 'replacement' : new TextDecoder(label).encoding);

for (const file of ['tests1.dat', 'tests2.dat', 'test-yahoo-jp.dat']) {
  describe(`encoding/${file}`, () => {
    for (const t of readEncodingDat(join(dir, file))) {
      test(`#${t.index}`, () => {
        const doc = parse(t.data);
        assert.equal(canonical(doc.characterSet), canonical(t.encoding), `input: ${JSON.stringify(t.data.toString('latin1'))}`);
        // The buffer records the same encoding.
        assert.equal(readHeader(parseToBuffer(t.data)).encoding, doc.characterSet);
      });
    }
  });
}

describe('encoding/scripted', () => {
  for (const t of readEncodingDat(join(dir, 'scripted', 'tests1.dat'))) {
    // The meta is written by document.write(): it needs a script engine.
    test(`#${t.index}`, { skip: 'needs a script engine (document.write)' }, () => {});
  }
});

describe('Encoding Standard labels (scripts/data/encodings.tsv)', () => {
  const rows = readFileSync(join(repoRoot, 'scripts/data/encodings.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'));
  const x = latin1('<p>x');

  test('every label names its encoding, as the platform TextDecoder says', () => {
    assert.equal(rows.length, 228);
    for (const [label, name] of rows) {
      assert.equal(sniffEncoding(x, { encoding: label }).encoding, name, label);
      if (name !== 'replacement') {
        let platform = null;
        try {
          platform = new TextDecoder(label).encoding;
        } catch {
          // Node built without that encoding (ISO-8859-16, x-user-defined)
        }
        if (platform !== null) assert.equal(platform, name.toLowerCase(), label);
      }
    }
  });

  test('labels match without ASCII case and surrounding ASCII whitespace', () => {
    assert.equal(sniffEncoding(x, { encoding: ' \t\n\f\rUtF8\r ' }).encoding, 'UTF-8');
    assert.equal(sniffEncoding(x, { encoding: 'LATIN1' }).encoding, 'windows-1252');
    assert.equal(sniffEncoding(x, { encoding: 'Shift-JIS' }).encoding, 'Shift_JIS');
    // Not a label: inner whitespace, non-ASCII look-alikes, empty.
    for (const bad of ['utf 8', 'utf-8\u00a0', '\u0130so-8859-2', '', 'utf-88']) {
      assert.deepEqual(sniffEncoding(x, { encoding: bad }), { encoding: 'windows-1252', confidence: 'tentative', bomLength: 0 }, bad);
    }
  });
});

describe('the encoding sniffing algorithm (13.2.3.2)', () => {
  test('a BOM wins over everything and is not part of the text', () => {
    const bom8 = new Uint8Array([0xef, 0xbb, 0xbf, ...latin1('<meta charset=iso-8859-2><p>\u00c3\u00a9')]);
    assert.deepEqual(sniffEncoding(bom8, { encoding: 'koi8-r' }), { encoding: 'UTF-8', confidence: 'certain', bomLength: 3 });
    const doc = parse(bom8, { encoding: 'koi8-r' });
    assert.equal(doc.characterSet, 'UTF-8');
    assert.equal(doc.body.textContent, '\u00e9');
    assert.equal(doc.documentElement.firstChild.firstChild.localName, 'meta'); // no U+FEFF text before it

    const le = new Uint8Array([0xff, 0xfe, ...Array.from('<p>\u0105\u20ac', (c) => [c.charCodeAt(0) & 255, c.charCodeAt(0) >> 8]).flat()]);
    const be = new Uint8Array([0xfe, 0xff, ...Array.from('<p>\u0105\u20ac', (c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 255]).flat()]);
    for (const [bytes, name] of [[le, 'UTF-16LE'], [be, 'UTF-16BE']]) {
      const d = parse(bytes);
      assert.equal(d.characterSet, name);
      assert.equal(d.body.innerHTML, '<p>\u0105\u20ac</p>');
    }
  });

  test('the transport layer encoding is certain: a <meta> does not change it', () => {
    const bytes = latin1('<meta charset=iso-8859-2><p>\u00b1');
    const doc = parse(bytes, { encoding: 'windows-1251' });
    assert.equal(doc.characterSet, 'windows-1251');
    assert.equal(doc.body.textContent, '\u00b1'); // windows-1251 0xB1 = U+00B1
    assert.deepEqual(readHeader(parseToBuffer(bytes, { encoding: 'windows-1251' })).confidence, 'certain');
    // An unknown transport label is ignored ("if ... it is supported").
    assert.equal(parse(bytes, { encoding: 'no-such-encoding' }).characterSet, 'ISO-8859-2');
  });

  test('UTF-8 detection, the default encoding, and defaultEncoding', () => {
    // Valid UTF-8 with non-ASCII bytes and no declaration: UTF-8, tentative.
    const bytes = utf8('<p>caf\u00e9');
    assert.deepEqual(sniffEncoding(bytes), { encoding: 'UTF-8', confidence: 'tentative', bomLength: 0 });
    assert.equal(parse(bytes).body.textContent, 'caf\u00e9');
    assert.equal(readHeader(parseToBuffer(bytes)).confidence, 'tentative');
    // A declaration wins over detection; detection can be turned off.
    assert.equal(parse(utf8('<meta charset=koi8-r><p>caf\u00e9')).characterSet, 'KOI8-R');
    assert.equal(parse(bytes, { detectUtf8: false }).characterSet, 'windows-1252');
    assert.equal(parse(bytes, { detectUtf8: false }).body.textContent, 'caf\u00c3\u00a9');
    // Not UTF-8 (a lone 0xE9; an overlong form; a surrogate), or ASCII only: the default.
    for (const b of [latin1('<p>caf\u00e9'), new Uint8Array([0x3c, 0x70, 0x3e, 0xc0, 0xaf]), new Uint8Array([0xed, 0xa0, 0x80]), latin1('<p>x')]) {
      assert.equal(parse(b).characterSet, 'windows-1252', JSON.stringify([...b]));
      assert.equal(parse(b, { defaultEncoding: 'iso-8859-2' }).characterSet, 'ISO-8859-2');
    }
    assert.equal(parse(latin1('<p>\u00b1'), { defaultEncoding: 'latin2' }).body.textContent, '\u0105');
  });

  test('windows-1252 decodes 0x80-0x9F as the Encoding Standard says (Node 20\'s TextDecoder does not)', () => {
    const all = new Uint8Array(256 - 0x80).map((_, i) => i + 0x80);
    const text = parse(new Uint8Array([...latin1('<p>'), ...all])).body.textContent;
    assert.equal(text.length, 128);
    // Spot checks from index-windows-1252; 0xA0-0xFF are U+00A0-U+00FF.
    const want = { 0x80: 0x20ac, 0x81: 0x81, 0x8a: 0x160, 0x8d: 0x8d, 0x92: 0x2019, 0x99: 0x2122, 0x9f: 0x178 };
    for (const [b, cp] of Object.entries(want)) assert.equal(text.charCodeAt(b - 0x80), cp, `byte ${b}`);
    for (let b = 0xa0; b <= 0xff; b++) assert.equal(text.charCodeAt(b - 0x80), b);
    // x-user-defined: 0x80-0xFF are U+F780-U+F7FF.
    const xud = parse(new Uint8Array([...latin1('<p>'), 0x41, 0x80, 0xff]), { encoding: 'x-user-defined' });
    assert.equal(xud.body.textContent, 'A\uf780\uf7ff');
  });

  test('the prescan looks at the first 1024 bytes only; a later <meta> still changes the encoding', () => {
    const pad = '<!--' + 'x'.repeat(1100) + '-->';
    const bytes = latin1(pad + '<meta charset=koi8-r><p>\u00c1');
    assert.deepEqual(sniffEncoding(bytes), { encoding: 'windows-1252', confidence: 'tentative', bomLength: 0 });
    const doc = parse(bytes);
    assert.equal(doc.characterSet, 'KOI8-R');
    assert.equal(doc.body.textContent, '\u0430'); // KOI8-R 0xC1
    assert.equal(readHeader(parseToBuffer(bytes)).confidence, 'certain');
    assert.equal(parse(bytes, { format: 'object' }).childNodes[1].childNodes[1].childNodes[0].childNodes[0].value, '\u0430');
  });
});

describe('changing the encoding while parsing (13.2.3.4)', () => {
  test('http-equiv content-type, in head and in body', () => {
    const head = latin1('<!--' + 'y'.repeat(1030) + '--><meta http-equiv=Content-Type content="text/html; charset=ISO-8859-7"><p>\u00e1');
    assert.equal(parse(head).characterSet, 'ISO-8859-7');
    assert.equal(parse(head).body.textContent, '\u03b1');
    const body = latin1('<p>' + 'z'.repeat(1030) + '<meta charset=windows-1250>\u00b9');
    assert.equal(parse(body).characterSet, 'windows-1250');
    assert.equal(parse(body).body.textContent.slice(-1), '\u0105');
  });

  test('only the first declaration counts; UTF-16 and x-user-defined are mapped', () => {
    const pad = '<!--' + 'p'.repeat(1030) + '-->';
    assert.equal(parse(latin1(pad + '<meta charset=koi8-u><meta charset=koi8-r>')).characterSet, 'KOI8-U');
    assert.equal(parse(latin1(pad + '<meta charset=bogus><meta charset=koi8-r>')).characterSet, 'KOI8-R');
    assert.equal(parse(latin1(pad + '<meta charset=utf-16le>')).characterSet, 'UTF-8');
    assert.equal(parse(latin1(pad + '<meta charset=x-user-defined>')).characterSet, 'windows-1252');
    // With scripting on, <noscript> in head is raw text: its <meta> is no
    // element; with scripting off it is one.  (A <meta> inside <svg> breaks
    // out of foreign content and counts.)
    const noscript = latin1(pad + '<head><noscript><meta charset=koi8-r></noscript>');
    assert.equal(parse(noscript).characterSet, 'windows-1252');
    assert.equal(parse(noscript, { scriptingEnabled: false }).characterSet, 'KOI8-R');
    assert.equal(parse(latin1(pad + '<svg><meta charset=koi8-r></svg>')).characterSet, 'KOI8-R');
  });

  test('the tree and errors are those of the second parse', () => {
    const bytes = latin1('<!--' + 'q'.repeat(1030) + '--><meta charset=iso-8859-5><p>\u00b0\u00b1</p>');
    const errors = [];
    const doc = parse(bytes, { onParseError: (e) => errors.push(e.code) });
    const again = parse(new TextDecoder('iso-8859-5').decode(bytes));
    assert.equal(dumpTree(doc), dumpTree(again));
    assert.deepEqual(errors, ['missing-doctype']);
    const view = parseToView(bytes);
    assert.equal(dumpTree(decode(view)), dumpTree(again));
  });

  test('replacement: the whole document decodes to one U+FFFD', () => {
    const doc = parse(utf8('<meta charset=iso-2022-kr><p>secret'));
    assert.equal(doc.characterSet, 'replacement');
    assert.equal(doc.body.textContent, '\ufffd');
  });
});

describe('byte input: API', () => {
  test('ArrayBuffer, Uint8Array views and Buffer are bytes', () => {
    const u8 = utf8('xx<p>\u00e9');
    const view = u8.subarray(2);
    for (const input of [view, view.slice().buffer, Buffer.from(view), new DataView(view.slice().buffer)]) {
      assert.equal(parse(input, { defaultEncoding: 'utf-8' }).body.innerHTML, '<p>\u00e9</p>');
    }
  });

  test('misuse is a TypeError or RangeError that says what was wrong', () => {
    const b = utf8('<p>');
    assert.throws(() => parse(42), { name: 'TypeError', message: /input must be a string, or bytes/ });
    assert.throws(() => parse('<p>', { encoding: 'utf-8' }), { name: 'TypeError', message: /apply to byte input/ });
    assert.throws(() => parseToBuffer('<p>', { detectUtf8: false }), { name: 'TypeError', message: /apply to byte input/ });
    assert.throws(() => parse(b, { encoding: 8 }), { name: 'TypeError', message: /option 'encoding' must be a string/ });
    assert.throws(() => parse(b, { defaultEncoding: 'utf-9' }), { name: 'RangeError', message: /'defaultEncoding' is not an encoding label/ });
    assert.throws(() => parseFragment(b), { name: 'TypeError', message: /html must be a string/ });
    assert.throws(() => parseFragment('x', { encoding: 'utf-8' }), { name: 'TypeError', message: /unknown option 'encoding'/ });
    assert.throws(() => parseToBuffer(b, { fragment: true }), { name: 'TypeError', message: /fragment is parsed from a string/ });
    assert.throws(() => sniffEncoding('<p>'), { name: 'TypeError', message: /bytes must be a Uint8Array/ });
    assert.throws(() => sniffEncoding(b, { charset: 'x' }), { name: 'TypeError', message: /unknown option 'charset'/ });
    // The module is still usable.
    assert.equal(parse(b).characterSet, 'windows-1252');
  });

  test('a document parsed from a string reports UTF-8, its buffer no encoding', () => {
    assert.equal(parse('<p>').characterSet, 'UTF-8');
    assert.equal(parse('<p>').charset, 'UTF-8');
    assert.equal(parse('<p>').inputEncoding, 'UTF-8');
    const h = readHeader(parseToBuffer('<p>'));
    assert.equal(h.encoding, null);
    assert.equal(h.confidence, null);
  });

  test('empty input', () => {
    const doc = parse(new Uint8Array(0));
    assert.equal(doc.characterSet, 'windows-1252');
    assert.equal(dumpTree(doc), dumpTree(parse('')));
  });
});

// windows-1252 from the data file (Node 20's TextDecoder decodes it as
// ISO-8859-1), TextDecoder for the others.
const win1252 = readFileSync(join(repoRoot, 'scripts/data/index-windows-1252.txt'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => Number(l.split('\t')[1]));
function referenceDecode(name, bytes) {
  if (name !== 'windows-1252') return new TextDecoder(name).decode(bytes);
  return Array.from(bytes, (b) => String.fromCharCode(b >= 0x80 && b < 0xa0 ? win1252[b - 0x80] : b)).join('');
}

describe('corpus pages as bytes', () => {
  test('the tree of the bytes is the tree of their decoding in the encoding found', () => {
    const found = new Map();
    for (const page of listPages()) {
      const bytes = readFileSync(page.path);
      const doc = parse(bytes);
      const name = doc.characterSet;
      found.set(name, (found.get(name) ?? 0) + 1);
      assert.equal(dumpTree(doc), dumpTree(parse(referenceDecode(name, bytes))), page.name);
    }
    // The pages are UTF-8 files.  193 of the 234 are read as UTF-8 (they
    // say so, or UTF-8 is detected); one declares windows-1256; 10 declare
    // iso-8859-1 (windows-1252); 30 are ASCII only, for which the default,
    // windows-1252, decodes the same.
    assert.equal(found.get('windows-1256'), 1, JSON.stringify([...found]));
    assert.ok((found.get('UTF-8') ?? 0) >= 190, JSON.stringify([...found]));
  });
});
