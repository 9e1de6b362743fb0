#!/usr/bin/env node
// XML vs HTML on comparable markup (`make bench`, after bench/run.js): each
// corpus page parsed as HTML (parseToBuffer, parse) and its DOM's XML
// serialization (serializeXml: the XMLSerializer algorithm, the markup a
// browser's XMLSerializer gives for it) parsed as XML (parseXmlToBuffer,
// parseXml), interleaved page by page (the order of the four runs is
// reversed every other round, so that what runs first after a page change,
// or right after another runner's garbage, is not always the same one),
// median of the rounds.  Plus feeds and SVG written here.  Throughput in
// MB/s of UTF-8 input.
//
//   node bench/xml.js [--quick] [--rounds N] [--write]   --write: bench/xml-results.md
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse, parseToBuffer, parseXml, parseXmlToBuffer, serializeXml } from '../js/node.js';
import { listPages, quickSubset, readPage, ROOT } from './lib/corpus.js';
import { median } from './lib/stats.js';

const { values: args } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, rounds: { type: 'string' }, write: { type: 'boolean', default: false } },
});
const rounds = args.rounds ? Number(args.rounds) : args.quick ? 3 : 7;
const pages = args.quick ? quickSubset(listPages(), 12) : listPages();

/** Written XML: an Atom feed and an SVG drawing of about `n` entries / shapes. */
function feed(n) {
  let s = '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">\n';
  for (let i = 0; i < n; i++) {
    s += `<entry><id>urn:uuid:${i}</id><title type="text">Entry ${i} &amp; more</title><updated>2026-01-01T00:00:00Z</updated>` +
      `<link rel="alternate" href="https://example.org/${i}"/><media:thumbnail url="https://example.org/${i}.png" width="64"/>` +
      `<summary>Lorem ipsum dolor sit amet, entry ${i}, consectetur adipiscing elit.</summary></entry>\n`;
  }
  return s + '</feed>\n';
}
function svg(n) {
  let s = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1000 1000">\n<defs><path id="p" d="M0 0L10 10"/></defs>\n';
  for (let i = 0; i < n; i++) {
    s += `<g transform="translate(${i % 100} ${i >> 4})"><rect x="${i}" y="${i * 2}" width="10" height="10" fill="#${(i * 2654435761 >>> 8).toString(16).padStart(6, '0').slice(0, 6)}"/>` +
      `<use xlink:href="#p"/><text x="1" y="2">Label ${i}</text></g>\n`;
  }
  return s + '</svg>\n';
}

// Inputs: [name, html or null, xml].
const inputs = [];
for (const page of pages) {
  const { text } = readPage(page);
  inputs.push([page.name, text, serializeXml(parse(text))]);
}
const written = [['feed (written)', null, feed(2000)], ['svg (written)', null, svg(4000)]];

const utf8Bytes = (s) => Buffer.byteLength(s, 'utf8');
function time(f, s) {
  const t = performance.now();
  f(s);
  return performance.now() - t;
}
const RUNNERS = [
  ['html core', (s) => parseToBuffer(s), 1],
  ['xml core', (s) => parseXmlToBuffer(s), 2],
  ['html dom', (s) => parse(s), 1],
  ['xml dom', (s) => parseXml(s), 2],
];
/**
 * Median total ms per runner over the rounds, the sum over the inputs of each
 * input's fastest round (`minMs`: robust to the other processes of a shared
 * machine, which only ever add time), and the UTF-8 bytes parsed by each.
 */
function measure(list) {
  const totals = RUNNERS.map(() => []);
  const bytes = RUNNERS.map(() => 0);
  const mins = list.map(() => RUNNERS.map(() => Infinity));
  for (let r = -1; r < rounds; r++) { // round -1 warms up
    const sums = RUNNERS.map(() => 0);
    const order = r % 2 === 0 ? RUNNERS.map((_, k) => k) : RUNNERS.map((_, k) => RUNNERS.length - 1 - k);
    list.forEach((item, i) => {
      for (const k of order) {
        const [, f, which] = RUNNERS[k];
        const s = item[which];
        if (s === null) continue;
        const ms = time(f, s);
        sums[k] += ms;
        if (r >= 0) mins[i][k] = Math.min(mins[i][k], ms);
        if (r === 0) bytes[k] += utf8Bytes(s);
      }
    });
    if (r >= 0) sums.forEach((v, k) => totals[k].push(v));
  }
  return RUNNERS.map(([name], k) => ({ name, ms: median(totals[k]), minMs: mins.reduce((a, m) => a + (m[k] === Infinity ? 0 : m[k]), 0), bytes: bytes[k] }));
}

const rows = [];
const corpus = measure(inputs);
for (const m of corpus) rows.push([`corpus (${inputs.length} pages)`, m]);
for (const w of written) for (const m of measure([w]).filter((x) => x.bytes > 0)) rows.push([w[0], m]);

const lines = [
  '| input | parser | MB | ms (median) | MB/s |',
  '| --- | --- | ---: | ---: | ---: |',
  ...rows.map(([input, m]) => `| ${input} | ${m.name} | ${(m.bytes / 1e6).toFixed(2)} | ${m.ms.toFixed(1)} | ${(m.bytes / 1e6 / (m.ms / 1000)).toFixed(1)} |`),
];
const ratio = (a, b, key = 'ms') => (corpus[b].bytes / corpus[b][key]) / (corpus[a].bytes / corpus[a][key]);
const summary = `XML / HTML throughput on the corpus: core ${ratio(0, 1).toFixed(2)}x, dom ${ratio(2, 3).toFixed(2)}x ` +
  `(the XML is each page's DOM serialized by serializeXml; ${rounds} rounds, median); ` +
  `by each page's fastest round: core ${ratio(0, 1, 'minMs').toFixed(2)}x, dom ${ratio(2, 3, 'minMs').toFixed(2)}x.`;
process.stdout.write(lines.join('\n') + '\n\n' + summary + '\n');
if (args.write) {
  const md = '# XML vs HTML (bench/xml.js)\n\n' +
    'Each corpus page parsed as HTML and its DOM\'s XML serialization parsed by the XML5 parser; ' +
    '"core" is the wasm parser and the flat buffer (parseToBuffer / parseXmlToBuffer), "dom" adds decoding into nodes.\n\n' +
    lines.join('\n') + '\n\n' + summary + '\n';
  writeFileSync(join(ROOT, 'bench/xml-results.md'), md);
}
