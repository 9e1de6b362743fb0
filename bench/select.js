#!/usr/bin/env node
// Selector matching speed (js/select/select.js) with the public API only, so that
// any two builds can be compared:
//
//   corpus      querySelectorAll of each SELECTORS entry on every corpus page
//               (parsed once, not timed); the median over rounds of the total
//   siblings    `br:nth-child(2)`, `br:nth-last-child(2)`, `br:nth-of-type(2)`,
//               `br:last-of-type` and `div:has(~ br)` over N sibling elements
//               (default 80,000): linear engines take milliseconds, one that
//               counts siblings per element takes seconds to minutes
//   nesting     `div:has(span)` and `div:has(> div > span)` over N nested divs
//               (default 20,000)
//
//   node bench/select.js [--rounds N] [--siblings N] [--depth N]
//
// Not part of `make bench` or of the tests (they count work instead of
// timing it: test/js/unit/select.test.js); numbers on a shared machine are
// noisy: compare medians of several runs.
import { parseArgs } from 'node:util';
import { parse } from '../js/node.js';
import { listPages, readPage } from './lib/corpus.js';
import { median } from './lib/stats.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    siblings: { type: 'string', default: '80000' },
    depth: { type: 'string', default: '20000' },
  },
});
const rounds = Number(args.rounds);

const SELECTORS = [
  'div', 'a[href]', '.nav li > a', 'div p span', 'li:nth-child(2n+1)', 'td:last-of-type', ':is(h1, h2, h3) + p',
  'div:has(> img)', 'ul:has(a[href^="http"])', ':not(div)', 'input:checked, :disabled, :required', ':lang(en)',
  ':nth-child(2 of .item)', 'body *:first-child',
];

const now = () => performance.now();
let sink = 0;

const pages = listPages().map((p) => parse(readPage(p).text));
const times = [];
for (let r = 0; r < rounds; r++) {
  const t0 = now();
  for (const doc of pages) for (const s of SELECTORS) sink += doc.querySelectorAll(s).length;
  times.push(now() - t0);
}
console.log(`corpus    ${pages.length} pages x ${SELECTORS.length} selectors: median ${median(times).toFixed(1)} ms per round`);

function timeOne(doc, sel) {
  const t0 = now();
  sink += doc.querySelectorAll(sel).length;
  return now() - t0;
}
const n = Number(args.siblings);
const flat = parse('<body>' + '<br>'.repeat(n));
for (const sel of ['br:nth-child(2)', 'br:nth-last-child(2)', 'br:nth-of-type(2)', 'br:last-of-type', 'body:has(~ br)', 'br:has(~ br)']) {
  console.log(`siblings  ${n} x ${sel.padEnd(22)} ${timeOne(flat, sel).toFixed(1)} ms`);
}
const d = Number(args.depth);
const deep = parse('<div>'.repeat(d) + '<span></span>');
for (const sel of ['div:has(span)', 'div:has(> div > span)', 'div:has(div div span)']) {
  console.log(`nesting   ${d} x ${sel.padEnd(22)} ${timeOne(deep, sel).toFixed(1)} ms`);
}
if (sink === 0.5) console.log(sink);
