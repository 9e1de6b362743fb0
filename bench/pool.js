#!/usr/bin/env node
// Every core: the worker pool of examples/worker-pool/ (node:worker_threads,
// parseToBuffer in the workers, buffers transferred back, decode() here)
// over the corpus, on 1 and on 2 workers (`make bench`, issue 30).  Pages
// are bytes, as a server reads them from files or the network: transferred
// to the worker, not copied (a fresh copy of each is made before a round,
// outside its time), and decoded there as a browser decodes a page.  A round
// submits every page at once and waits for all of them; each result is
// decoded on this thread and its document element read, as a program that
// uses the trees would.  The pool sizes alternate round by round (1, 2, 2,
// 1, ...), so that drift in the machine's load hits both alike; each
// size's pages per second are its median round, and the best round is
// shown too.  Before timing, each pool parses the corpus once (JIT, wasm
// memory grown to its largest page).  Also: the same pages parsed by
// parseToBuffer() on this thread alone (no pool), the baseline a pool of
// one pays its messages against.
//
// The machine may be shared: the load average before and after is
// printed, and a ratio below 2x on 2 cores is in part other processes'.
// The column "cores busy" says how much of the machine a row got: the
// process's CPU time (all its threads) over the wall-clock time, medians;
// on 2 idle cores a pool of 2 keeps near 2 busy.
//
//   node bench/pool.js [--quick] [--rounds N] [--sizes 1,2] [--write]   --write: bench/pool-results.md
import { writeFileSync } from 'node:fs';
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

/** One round: every page (a fresh copy of its bytes) through `parse` (bytes → Promise<ArrayBuffer> or ArrayBuffer); { ms, cpu }. */
async function round(parse) {
  const inputs = pages.map((p) => p.slice());
  const c0 = cpuMs();
  const t0 = performance.now();
  let elements = 0;
  await Promise.all(inputs.map(async (input) => {
    const doc = decode(await parse(input));
    if (doc.documentElement !== null) elements++;
  }));
  const ms = performance.now() - t0;
  const cpu = cpuMs() - c0;
  if (elements !== pages.length) throw new Error(`bench/pool.js: ${pages.length - elements} pages without a document element`);
  return { ms, cpu };
}

const pools = new Map(sizes.map((n) => [n, new ParserPool({ size: n })]));
const times = new Map(sizes.map((n) => [n, []]));
const single = [];
try {
  for (const [n, pool] of pools) {
    process.stderr.write(`warming up ${n} worker(s)...\n`);
    await round((html) => pool.parse(html));
  }
  await round((html) => parseToBuffer(html));
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? sizes : [...sizes].reverse();
    for (const n of order) times.get(n).push(await round((html) => pools.get(n).parse(html)));
    single.push(await round((html) => parseToBuffer(html)));
    process.stderr.write(`round ${r + 1}/${rounds}\n`);
  }
} finally {
  await Promise.all([...pools.values()].map((p) => p.close()));
}
const load1 = loadavg();

const pps = (ms) => (pages.length * 1000) / ms;
const mbs = (ms) => bytes / 1e3 / ms;
const row = (label, list) => {
  const m = median(list.map((x) => x.ms)), best = Math.min(...list.map((x) => x.ms));
  const busy = median(list.map((x) => x.cpu / x.ms));
  return { label, m, best, line: `| ${label} | ${pps(m).toFixed(1)} | ${mbs(m).toFixed(1)} | ${pps(best).toFixed(1)} | ${busy.toFixed(2)} |` };
};
const rows = [row('this thread, no pool (parseToBuffer + decode)', single), ...sizes.map((n) => row(`pool of ${n} worker${n > 1 ? 's' : ''}`, times.get(n)))];
const base = rows.find((r) => r.label === 'pool of 1 worker');
const speedups = rows.filter((r) => r !== base && r.label.startsWith('pool') && base).map((r) => `${r.label}: ${(base.m / r.m).toFixed(2)}x the pages per second of 1 worker (best rounds: ${(base.best / r.best).toFixed(2)}x)`);
const table = [
  `${pages.length} corpus pages as bytes, ${(bytes / 1e6).toFixed(1)} MB of UTF-8; ${rounds} rounds per row, median (best); ` +
    `node ${process.version}, ${cpus().length} cores, load average ${load0[0].toFixed(2)} before, ${load1[0].toFixed(2)} after`,
  '',
  '| run | pages/s (median) | MB/s (median) | pages/s (best round) | cores busy |',
  '|---|---|---|---|---|',
  ...rows.map((r) => r.line),
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
