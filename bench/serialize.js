#!/usr/bin/env node
// Serialisation speed (HTML spec 13.3) on the corpus pages, with the public
// API only, so that any two builds can be compared:
//
//   dom first   serialize(doc) on a document just parsed (format 'dom'): the
//               first serialisation of a tree, what innerHTML costs once
//   dom again   doc.documentElement.outerHTML on the same document afterwards
//   dom nodes   outerHTML of up to 200 elements without element children per
//               page, spread over the document (small calls: the per-call cost)
//   object      serialize(tree) of the same page parsed with format 'object'
//
//   node bench/serialize.js [--rounds N] [--large K]
//
// Each round serialises every page once per measure; the report gives the
// median over rounds of the total time, as MB/s of input (UTF-8 bytes of the
// pages) and ms, for all pages and for the K largest (default 10).  Parsing
// is not timed.  Not part of `make bench` (which the lead runs); numbers on
// a shared machine are noisy: compare medians of several runs.
import { parseArgs } from 'node:util';
import { parse, serialize } from '../js/node.js';
import { listPages, readPage } from './lib/corpus.js';
import { median } from './lib/stats.js';

const { values: args } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, large: { type: 'string', default: '10' } },
});
const rounds = Number(args.rounds);
const largeCount = Number(args.large);

const pages = listPages().map((p) => ({ ...p, text: readPage(p).text }));
for (const p of pages) p.bytes = Buffer.byteLength(p.text);
const large = new Set([...pages].sort((a, b) => b.bytes - a.bytes).slice(0, largeCount));

const MEASURES = ['dom first', 'dom again', 'dom nodes', 'object'];
const now = () => performance.now();
let sink = 0; // keeps the results alive
// A result is counted once it is usable: reading a character in its middle
// makes V8 flatten a string built as a rope (a serialiser that returns one
// would otherwise leave that cost to its caller, outside the timing).
const use = (s) => {
  sink += s.length === 0 ? 0 : s.charCodeAt(s.length >> 1);
};

function onePage(p) {
  const ms = {};
  const doc = parse(p.text);
  let t = now();
  use(serialize(doc));
  ms['dom first'] = now() - t;
  t = now();
  use(doc.documentElement.outerHTML);
  ms['dom again'] = now() - t;
  const all = doc.getElementsByTagName('*');
  const step = Math.max(1, Math.floor(all.length / 200));
  const picked = [];
  for (let k = 0; k < all.length; k += step) if (all[k].firstElementChild === null) picked.push(all[k]);
  t = now();
  for (const el of picked) use(el.outerHTML);
  ms['dom nodes'] = now() - t;
  const obj = parse(p.text, { format: 'object' });
  t = now();
  use(serialize(obj));
  ms.object = now() - t;
  return ms;
}

onePage(pages[pages.length - 1]); // warm-up
const totals = { all: [], large: [] };
for (let r = 0; r < rounds; r++) {
  const sumAll = Object.fromEntries(MEASURES.map((m) => [m, 0]));
  const sumLarge = { ...sumAll };
  for (const p of pages) {
    const ms = onePage(p);
    for (const m of MEASURES) {
      sumAll[m] += ms[m];
      if (large.has(p)) sumLarge[m] += ms[m];
    }
  }
  totals.all.push(sumAll);
  totals.large.push(sumLarge);
  process.stderr.write(`round ${r + 1}/${rounds}\n`);
}

const mb = (set) => set.reduce((s, p) => s + p.bytes, 0) / 1e6;
const groups = [
  ['all', `all ${pages.length} pages, ${mb(pages).toFixed(1)} MB`, mb(pages)],
  ['large', `${large.size} largest pages, ${mb([...large]).toFixed(1)} MB`, mb([...large])],
];
for (const [key, label, size] of groups) {
  console.log(`${label} (median of ${rounds} rounds)`);
  for (const m of MEASURES) {
    const t = median(totals[key].map((x) => x[m]));
    const speed = m === 'dom nodes' ? '' : `${(size / (t / 1000)).toFixed(0).padStart(6)} MB/s`;
    console.log(`  ${m.padEnd(10)} ${t.toFixed(1).padStart(9)} ms  ${speed}`);
  }
}
if (sink === 0) console.log('(nothing serialised)');
