// The native tests' byte decoders (test/native/decoders.c: UTF-8, UTF-16BE,
// UTF-16LE, windows-1252, x-user-defined, replacement) against the
// product's decoding of bytes (js/html/bytes.js decodeBytes: the platform's
// TextDecoder for UTF-8 and UTF-16, its own code for the other three, which
// Node 20's TextDecoder lacks or decodes as ISO-8859-1), byte vector by byte
// vector: every one- and two-byte input, UTF-8 sequences of three and four
// bytes around every boundary of the Encoding Standard's UTF-8 decoder
// (overlong forms, surrogates, above U+10FFFF, truncated), UTF-16 with
// paired, lone and reversed surrogates and an odd last byte, inputs that
// start with a byte order mark, and random ones.  Both sides do the
// Encoding Standard's "decode": a BOM wins over the encoding and is removed
// (the product's sniffing finds the BOM and decodes with its encoding,
// whose TextDecoder removes it).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import test from 'node:test';
import { decodeBytes } from '../../../js/html/bytes.js';
import { ENCODING_NAMES } from '../../../js/core/encodings.js';
import { nativeTool } from '../lib/helpers.js';

const ENCODINGS = ['UTF-8', 'UTF-16BE', 'UTF-16LE', 'windows-1252', 'x-user-defined', 'replacement'];
const id = (name) => ENCODING_NAMES.indexOf(name);

/** test/native/decode_tool.c with the test decoders, compiled once per source version. */
const decodeTool = () =>
  nativeTool('decode-tool', [
    'test/native/decode_tool.c', 'test/native/decoders.c', 'src/encoding/encoding.c', 'src/encoding/encodings_data.c',
    'src/common/util.c', 'test/native/decoders.h', 'src/encoding/encoding.h', 'src/common/h5.h',
  ]);

/** Decode every [encoding id, bytes] with the C decoders: strings (null where refused). */
function decodeNative(cases) {
  const parts = [];
  for (const [enc, bytes] of cases) {
    const head = Buffer.alloc(5);
    head[0] = enc;
    head.writeUInt32LE(bytes.length, 1);
    parts.push(head, bytes);
  }
  const r = spawnSync(decodeTool(), { input: Buffer.concat(parts), maxBuffer: 1 << 30 });
  assert.equal(r.status, 0, `decode tool failed: ${r.stderr}`);
  const out = [];
  let at = 0;
  while (at < r.stdout.length) {
    const m = r.stdout.readUInt32LE(at);
    at += 4;
    if (m === 0xffffffff) {
      out.push(null);
      continue;
    }
    const units = new Uint16Array(m);
    for (let i = 0; i < m; i++) units[i] = r.stdout.readUInt16LE(at + 2 * i);
    at += 2 * m;
    out.push(String.fromCharCode(...units));
  }
  assert.equal(out.length, cases.length, 'the decode tool answered every input');
  return out;
}

/** Encoding Standard "BOM sniff". */
function bomSniff(b) {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'UTF-8';
  if (b[0] === 0xfe && b[1] === 0xff) return 'UTF-16BE';
  if (b[0] === 0xff && b[1] === 0xfe) return 'UTF-16LE';
  return null;
}

/** The product's "decode" of `bytes` in encoding `name`. */
const decodeProduct = (name, bytes) => decodeBytes('test', id(bomSniff(bytes) ?? name), bytes);

/** The byte vectors (Uint8Array[]). */
function vectors() {
  const v = [new Uint8Array(0)];
  for (let a = 0; a < 256; a++) v.push(Uint8Array.of(a));
  for (let a = 0; a < 256; a++) for (let b = 0; b < 256; b++) v.push(Uint8Array.of(a, b));
  // UTF-8: bytes around each bound of the decoder's "UTF-8 lower/upper
  // boundary" (0x80, 0x8F/0x90, 0x9F/0xA0, 0xBF) and outside (ASCII, 0xC0+).
  const cont = [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xf5, 0xff];
  for (let lead = 0xe0; lead <= 0xf7; lead++)
    for (const b of cont)
      for (const c of cont) {
        v.push(Uint8Array.of(lead, b, c), Uint8Array.of(lead, b, c, 0x41));
        if (lead >= 0xf0) for (const d of cont) v.push(Uint8Array.of(lead, b, c, d));
      }
  // UTF-16: code units (ASCII, the surrogate bounds, U+FEFF, noncharacters)
  // in twos and threes, each byte order, with and without an odd last byte.
  const units = [0x0041, 0x00e9, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfeff, 0xfffe, 0xffff];
  const utf16 = (us, be, odd) => {
    const b = [];
    for (const u of us) be ? b.push(u >> 8, u & 0xff) : b.push(u & 0xff, u >> 8);
    if (odd) b.push(0x41);
    return Uint8Array.from(b);
  };
  for (const x of units)
    for (const y of units)
      for (const z of [null, ...units])
        for (const be of [true, false])
          for (const odd of [false, true]) v.push(utf16(z === null ? [x, y] : [x, y, z], be, odd));
  // Byte order marks before some of the above.
  const boms = [[0xef, 0xbb, 0xbf], [0xfe, 0xff], [0xff, 0xfe]];
  const some = v.filter((_, i) => i % 97 === 0);
  for (const bom of boms) {
    v.push(Uint8Array.from(bom), Uint8Array.from(bom.slice(0, -1)));
    for (const s of some) v.push(Uint8Array.from([...bom, ...s]));
  }
  // Random inputs, mostly high bytes and surrogate-like pairs.
  let seed = 0x2545f491;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8);
  const pool = [0x00, 0x41, 0x7f, 0x80, 0x9f, 0xa0, 0xbf, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xd8, 0xdc, 0xfe, 0xff];
  for (let i = 0; i < 20000; i++) {
    const n = rnd() % 24;
    v.push(Uint8Array.from({ length: n }, () => (rnd() % 3 ? pool[rnd() % pool.length] : rnd() & 0xff)));
  }
  return v;
}

const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(' ');
const codes = (s) => (s === null ? 'refused' : Array.from(s, (c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join(' '));

const inputs = vectors();
for (const name of ENCODINGS) {
  test(`the test decoder of ${name} decodes as the product does (${inputs.length} byte vectors)`, () => {
    assert.ok(id(name) > 0, `${name} is an encoding`);
    const got = decodeNative(inputs.map((b) => [id(name), b]));
    const diffs = [];
    for (let i = 0; i < inputs.length; i++) {
      const want = decodeProduct(name, inputs[i]);
      if (got[i] !== want) diffs.push(`[${hex(inputs[i])}]: C ${codes(got[i])}, product ${codes(want)}`);
    }
    assert.deepEqual(diffs.slice(0, 10), [], `${diffs.length} inputs decode differently`);
  });
}

test('the test decoders refuse the encodings they do not implement', () => {
  const others = ENCODING_NAMES.filter((n) => n !== null && !ENCODINGS.includes(n));
  assert.equal(others.length, 34);
  const got = decodeNative(others.map((n) => [id(n), Uint8Array.of(0x41)]));
  assert.deepEqual(got, others.map(() => null));
});
