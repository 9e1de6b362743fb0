// Every page of the real-world corpus (../shared/corpus/pages) streamed
// (js/stream/stream.js): as bytes and as a string, each in one random chunking
// (seeded by the page's index, so a failure repeats), and a fixed sample of
// pages in several chunkings down to one unit, must give exactly what the
// one-shot parse() gives: the tree (dumpTree and serialize), the encoding,
// the parse errors with their offsets, lines and columns, and the flat
// buffer with locations and errors (every offset, byte for byte); for the
// sample, also every node's source location with lines and columns.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { createParser, dumpTree, parse, parseToBuffer, serialize } from '../../../js/node.js';
import { rng } from '../lib/fuzz-js.js';
import { sharedPath } from '../lib/shared.js';

const dir = sharedPath('corpus', 'pages');
const files = readFileSync(join(dir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[0]);

/** Chunk sizes: random in 1..max (seeded), or one fixed size. */
function* sizes(seed, max) {
  const r = rng(seed + 1);
  for (;;) yield 1 + r.int(max);
}

/** The tree, encoding and errors, and the flat buffer with locations and errors (every offset). */
function quick(parseWith, bufferWith) {
  const errors = [];
  const doc = parseWith({ onParseError: (e) => errors.push(e) });
  const buffer = Buffer.from(bufferWith({ sourceLocations: true, includeErrors: true }));
  return { tree: dumpTree(doc), html: serialize(doc), charset: doc.characterSet, errors, buffer };
}

function chunked(input, chunkSizes) {
  return (o) => {
    const p = createParser(o);
    for (let i = 0; i < input.length;) {
      const n = chunkSizes.next().value;
      p.write(input.slice(i, i + n));
      i += n;
    }
    return p.end();
  };
}

/** The full comparison: also every node's location with lines and columns. */
function run(parseWith, options) {
  const errors = [];
  const doc = parseWith({ ...options, sourceLocations: true, onParseError: (e) => errors.push(e) });
  const locations = [];
  const walk = [doc];
  while (walk.length) {
    const n = walk.pop();
    locations.push(n.sourceCodeLocation ?? null);
    for (let c = n.lastChild; c; c = c.previousSibling) walk.push(c);
    if (n.content) walk.push(n.content);
  }
  return { tree: dumpTree(doc), html: serialize(doc), charset: doc.characterSet, errors, locations: JSON.stringify(locations) };
}

function streamed(input, chunkSizes, options) {
  return run(chunked(input, chunkSizes), options);
}

/** Streamed with one chunking (for the parse and for the buffer) against the one-shot calls. */
function quickStreamed(input, seed) {
  return quick(chunked(input, sizes(seed, 8192)), (o) => chunked(input, sizes(seed, 8192))({ ...o, output: 'buffer' }));
}

function same(actual, expected, what) {
  for (const key of Object.keys(expected)) {
    if (key === 'errors') assert.deepEqual(actual.errors, expected.errors, `${what}: errors`);
    else if (key === 'buffer') assert.ok(actual.buffer.equals(expected.buffer), `${what}: the flat buffers differ`);
    else assert.ok(actual[key] === expected[key], `${what}: ${key} differs`);
  }
}

describe('corpus: every page streamed in a random chunking equals the one-shot parse', () => {
  files.forEach((file, index) => {
    test(file, () => {
      const bytes = new Uint8Array(readFileSync(join(dir, file)));
      const wholeBytes = quick((o) => parse(bytes, o), (o) => parseToBuffer(bytes, o));
      same(quickStreamed(bytes, index), wholeBytes, `${file} as bytes`);
      const text = new TextDecoder(wholeBytes.charset).decode(bytes);
      const wholeText = quick((o) => parse(text, o), (o) => parseToBuffer(text, o));
      same(quickStreamed(text, index + 1000), wholeText, `${file} as a string`);
    });
  });
});

describe('corpus: a sample of pages in many chunkings', () => {
  // The smallest pages, so that one-unit chunks stay quick.
  const sample = files
    .map((file) => ({ file, size: readFileSync(join(dir, file)).length }))
    .sort((a, b) => a.size - b.size || (a.file < b.file ? -1 : 1))
    .slice(0, 3);
  for (const { file } of sample) {
    test(file, () => {
      const bytes = new Uint8Array(readFileSync(join(dir, file)));
      const whole = run((o) => parse(bytes, o));
      for (const chunking of [() => sizes(7, 1), () => sizes(8, 3), () => sizes(9, 64), () => sizes(10, 65536)]) {
        same(streamed(bytes, chunking(), {}), whole, `${file} as bytes`);
      }
      const text = new TextDecoder(whole.charset).decode(bytes);
      const wholeText = run((o) => parse(text, o));
      for (const chunking of [() => sizes(11, 1), () => sizes(12, 5), () => sizes(13, 1000)]) {
        same(streamed(text, chunking(), {}), wholeText, `${file} as a string`);
      }
    });
  }
});
