// Child process: throughput of every parser on the same pages, in one
// process, interleaved.  Each round visits every page and, for each page,
// runs every parser once (the order rotates per page and round), so machine
// noise hits all parsers alike.  Untimed warm-up rounds first (the JITs need
// them).
//
// Each sample is parse + walk, then a short idle pause (`settle` ms) inside
// the timed span: CPU time counts all threads, and the pause lets V8's
// background GC threads finish this parser's garbage on its own clock (the
// idle main thread adds no CPU time).  No forced GC between samples: it
// shrinks V8's young generation, and the next parse then runs far below its
// steady state.
//
//   node bench/lib/throughput.js '{"quick":true,"rounds":1}'
//
// Replies { pages: [{name, bytes}], parsers, skipped, notes, cpu: {id:
// [[ms per round] per page]}, wall: (same), nodes: {id: [count per page]} }.
import { listPages, loadPages, quickSubset } from './corpus.js';
import { loadParsers, PARSERS } from './parsers.js';
import { cpuMs, progress, reply } from './stats.js';

const opts = JSON.parse(process.argv[2] ?? '{}');
const rounds = opts.rounds ?? (opts.quick ? 1 : 5);
const warmup = opts.warmup ?? (opts.quick ? 2 : 1);
const wanted = opts.parsers ? PARSERS.filter((p) => opts.parsers.includes(p.id)) : PARSERS;

const { ready, skipped } = await loadParsers(wanted);
const all = listPages();
const { pages, notes } = loadPages(opts.quick ? quickSubset(all) : all);

const cpu = {};
const wall = {};
const nodes = {};
for (const p of ready) {
  cpu[p.id] = pages.map(() => []);
  wall[p.id] = pages.map(() => []);
  nodes[p.id] = pages.map(() => null);
}

const settleMs = opts.settle ?? 2;
const sleep = (ms) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms));

async function measure(p, i, record) {
  const w0 = performance.now();
  const c0 = cpuMs();
  const n = p.run(pages[i].text);
  const w1 = performance.now();
  if (settleMs > 0) await sleep(settleMs);
  const c1 = cpuMs();
  if (record) {
    cpu[p.id][i].push(c1 - c0);
    wall[p.id][i].push(w1 - w0);
    nodes[p.id][i] = n;
  }
}

const P = ready.length;
for (let r = -warmup; r < rounds; r++) {
  for (let i = 0; i < pages.length; i++) {
    if (i % 8 === 0) progress(`throughput: ${r < 0 ? 'warm-up' : `round ${r + 1}/${rounds}`}, page ${i + 1}/${pages.length}`);
    for (let k = 0; k < P; k++) await measure(ready[(i + k + Math.max(r, 0)) % P], i, r >= 0);
  }
}
progress('');

reply({
  pages: pages.map(({ name, bytes }) => ({ name, bytes })),
  parsers: ready.map(({ id, label }) => ({ id, label })),
  skipped,
  notes,
  cpu,
  wall,
  nodes,
});
