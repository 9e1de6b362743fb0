#!/usr/bin/env node
// A/B of the DOM read path between checkouts, in one process: each checkout's
// js/node.bundle.js (`make bundles`) parses every corpus page and walks the
// whole tree with bench/lib/walk.js walkDom (childNodes, nodeName, nodeType,
// attributes, data, template contents); the checkouts take turns, the order
// reversed every repetition, so that a busy machine slows them alike.  Times
// are the process's CPU time (run it with --single-threaded-gc, so that the
// garbage collector's work is counted on the main thread and not spread over
// helper threads); the ratios are to the first checkout.
//
//   node --single-threaded-gc bench/ab-dom.js [--rounds N] [--reps N] [--walk-only] DIR...
//
// --walk-only times the walk alone (each page parsed untimed just before).
// Not part of `make bench` or of the tests (docs/dom.md, "Keeping reads fast",
// has what it measured).
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { rounds: { type: 'string', default: '2' }, reps: { type: 'string', default: '8' }, 'walk-only': { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length === 0) throw new TypeError('bench/ab-dom.js: give the checkouts to compare (directories with js/node.bundle.js)');
const rounds = Number(values.rounds);
const reps = Number(values.reps);
const shared = process.env.H5_SHARED ?? new URL('../../shared', import.meta.url).pathname;
const dir = `${shared}/corpus/pages/`;
const pages = readdirSync(dir).filter((f) => !f.endsWith('.tsv') && !f.endsWith('.md')).map((f) => readFileSync(dir + f, 'latin1'));

// Each checkout gets its own instance of the walk module (a query string), so
// that V8's feedback of one does not mix with the other's.
const runs = [];
for (const [k, d] of positionals.entries()) {
  const { parse } = await import(pathToFileURL(resolve(d, 'js/node.bundle.js')).href);
  const { walkDom } = await import(new URL(`./lib/walk.js?${k}`, import.meta.url).href);
  runs.push({ parse, walkDom });
}
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
let nodes = 0;
function time({ parse, walkDom }) {
  let ms = 0;
  for (let r = 0; r < rounds; r++) {
    if (values['walk-only']) {
      for (const p of pages) {
        const doc = parse(p);
        const t0 = cpu();
        nodes += walkDom(doc);
        ms += cpu() - t0;
      }
    } else {
      const t0 = cpu();
      for (const p of pages) nodes += walkDom(parse(p));
      ms += cpu() - t0;
    }
  }
  return ms / rounds;
}
for (const r of runs) time(r); // warm up
const ms = runs.map(() => []);
for (let i = 0; i < reps; i++) {
  const order = runs.map((_, j) => j);
  if (i % 2 === 1) order.reverse();
  for (const j of order) ms[j].push(time(runs[j]));
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
for (const [j, d] of positionals.entries()) {
  const ratio = ms[j].map((v, i) => v / ms[0][i]);
  console.log(`${d}: median ${median(ms[j]).toFixed(1)} ms, ratio to ${positionals[0]}: median ${median(ratio).toFixed(3)}, ` +
    `range ${Math.min(...ratio).toFixed(3)}..${Math.max(...ratio).toFixed(3)}`);
}
