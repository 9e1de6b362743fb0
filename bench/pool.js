#!/usr/bin/env node
// Every core: the worker pool of examples/worker-pool/ (node:worker_threads,
// parseToBuffer in the workers, buffers transferred back, decode() here)
// over the corpus, on 1 and on 2 workers (`make bench`, issue 30).  Pages
// are bytes, as a server reads them from files or the network: transferred
// to the worker, not copied (a fresh copy of each is made before a round,
// outside its time), and decoded there as a browser decodes a page.  A round
// submits every page at once and waits for all of them; each result is
// decoded on this thread and its document element read, as a program that
// uses the trees would; and again with the buffers only (no decode: the
// pool's own scaling, as when buffers are stored or sent on).  The runs
// alternate round by round (in order, then reversed), so that drift in the
// machine's load hits all alike; each run's pages per second are its median
// round, and the best round is shown too.  Before timing, each run goes
// over the corpus once (JIT, wasm memory grown to its largest page).  Also:
// the same pages parsed by parseToBuffer() on this thread alone (no pool),
// the baseline a pool of one pays its messages against.
//
// The machine may be shared: the load average before and after is
// printed, and a ratio below 2x on 2 cores is in part other processes'.
// The column "cores busy" says how much of the machine a row got: the
// process's CPU time (all its threads) over the wall-clock time, medians;
// on 2 idle cores a pool of 2 keeps near 2 busy.  And each round also times
// a plain busy loop (no parser, no messages) on 1 and on 2 threads: the
// speed-up the machine allows at that moment, which the pool's is to be
// read against.  "CPU ms per page" (all threads, medians) is what a page
// costs wherever it runs: a pool of 2 that costs what a pool of 1 does per
// page does no extra work for its parallelism, and on 2 idle cores its pages
// per second are bounded by the cores, not by it.
//
//   node bench/pool.js [--quick] [--rounds N] [--sizes 1,2] [--write]   --write: bench/pool-results.md
import { writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { decode, parseToBuffer } from '../js/node.js';
import { ParserPool } from '../examples/worker-pool/pool.js';
import { listPages, quickSubset, readPage, ROOT } from './lib/corpus.js';
import { cpuMs, median } from './lib/stats.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false }, rounds: { type: 'string' }, sizes: { type: 'string', default: '1,2' },
    write: { type: 'boolean', default: false },
  },
});
const rounds = args.rounds ? Number(args.rounds) : args.quick ? 2 : 6;
const sizes = args.sizes.split(',').map(Number);
const encoder = new TextEncoder();
const pages = (args.quick ? quickSubset(listPages(), 24) : listPages()).map((p) => encoder.encode(readPage(p).text));
const bytes = pages.reduce((n, p) => n + p.byteLength, 0);
const load0 = loadavg();

/**
 * One round: every page (a fresh copy of its bytes) through `parse` (bytes →
 * Promise<ArrayBuffer> or ArrayBuffer), each result decoded and its document
 * element read when `withDecode`, else only checked to be a buffer; { ms, cpu }.
 */
async function round(parse, withDecode) {
  const inputs = pages.map((p) => p.slice());
  const c0 = cpuMs();
  const t0 = performance.now();
  let ok = 0;
  await Promise.all(inputs.map(async (input) => {
    const buffer = await parse(input);
    if (withDecode ? decode(buffer).documentElement !== null : buffer.byteLength > 0) ok++;
  }));
  const ms = performance.now() - t0;
  const cpu = cpuMs() - c0;
  if (ok !== pages.length) throw new Error(`bench/pool.js: ${pages.length - ok} pages without a tree`);
  return { ms, cpu };
}

// The busy loop: `n` threads each count to SPIN; the wall-clock time of all.
const SPIN = 2e8;
const spinners = [0, 1].map(() => new Worker(
  `const { parentPort } = require('node:worker_threads');
  parentPort.on('message', (n) => { let i = 0; while (i < n) i++; parentPort.postMessage(i); });`, { eval: true }));
async function spin(n) {
  const t0 = performance.now();
  await Promise.all(spinners.slice(0, n).map((w) => new Promise((resolve) => {
    w.once('message', resolve);
    w.postMessage(SPIN);
  })));
  return performance.now() - t0;
}
const spinRatios = [];

const pools = new Map(sizes.map((n) => [n, new ParserPool({ size: n })]));
const workers = (n) => `${n} worker${n > 1 ? 's' : ''}`;
// The runs, each round in this order and then reversed: the recipe (decode
// on this thread), the pool alone (buffers only), and no pool.
const runs = [
  ...sizes.map((n) => ({ label: `pool of ${workers(n)}, decode() here`, n, withDecode: true })),
  ...sizes.map((n) => ({ label: `pool of ${workers(n)}, buffers only`, n, withDecode: false })),
  { label: 'this thread, no pool: parseToBuffer() + decode()', n: 0, withDecode: true },
].map((r) => ({ ...r, times: [], parse: r.n === 0 ? (input) => parseToBuffer(input) : (input) => pools.get(r.n).parse(input) }));
try {
  process.stderr.write('warming up...\n');
  for (const r of runs) await round(r.parse, r.withDecode);
  for (let k = 0; k < rounds; k++) {
    for (const r of k % 2 === 0 ? runs : [...runs].reverse()) r.times.push(await round(r.parse, r.withDecode));
    const one = await spin(1);
    spinRatios.push((2 * one) / (await spin(2))); // 2 loops' work per time against 1's
    process.stderr.write(`round ${k + 1}/${rounds}\n`);
  }
} finally {
  await Promise.all([...pools.values()].map((p) => p.close()));
  await Promise.all(spinners.map((w) => w.terminate()));
}
const load1 = loadavg();

const pps = (ms) => (pages.length * 1000) / ms;
const mbs = (ms) => bytes / 1e3 / ms;
for (const r of runs) {
  r.m = median(r.times.map((x) => x.ms));
  r.best = Math.min(...r.times.map((x) => x.ms));
  r.line = `| ${r.label} | ${pps(r.m).toFixed(1)} | ${mbs(r.m).toFixed(1)} | ${pps(r.best).toFixed(1)} | ` +
    `${median(r.times.map((x) => x.cpu / x.ms)).toFixed(2)} | ${median(r.times.map((x) => x.cpu / pages.length)).toFixed(2)} |`;
}
const speedups = [`what the machine allowed: 2 busy loops did ${median(spinRatios).toFixed(2)}x the work per second of 1 ` +
  `(median of the rounds; ${Math.min(...spinRatios).toFixed(2)}-${Math.max(...spinRatios).toFixed(2)})`];
speedups.push(...[true, false].flatMap((withDecode) => {
  const base = runs.find((r) => r.n === 1 && r.withDecode === withDecode);
  return base === undefined ? [] : runs.filter((r) => r.n > 1 && r.withDecode === withDecode).map((r) =>
    `${r.label}: ${(base.m / r.m).toFixed(2)}x the pages per second of 1 worker (best rounds: ${(base.best / r.best).toFixed(2)}x)`);
}));
const table = [
  `${pages.length} corpus pages as bytes, ${(bytes / 1e6).toFixed(1)} MB of UTF-8; ${rounds} rounds per row, median (best); ` +
    `node ${process.version}, ${cpus().length} cores, load average ${load0[0].toFixed(2)} before, ${load1[0].toFixed(2)} after`,
  '',
  '| run | pages/s (median) | MB/s (median) | pages/s (best round) | cores busy | CPU ms per page |',
  '|---|---|---|---|---|---|',
  ...runs.map((r) => r.line),
  '',
  ...speedups,
].join('\n');
process.stdout.write(table + '\n');
if (args.write && !args.quick) {
  writeFileSync(join(ROOT, 'bench/pool-results.md'), `# Worker pool (bench/pool.js)

examples/worker-pool/: parseToBuffer() in node:worker_threads workers, each buffer transferred back
(not copied) and decoded on the main thread.  Every page of a round is submitted at once; a round
ends when all are decoded.  The machine is shared with other processes, so the numbers move from
run to run; the load average says how busy it was.

${table}
`);
}
