// Child process: throughput of every parser on the same pages, in one
// process, interleaved.  Each round visits every page and, for each page,
// runs every parser once (the order rotates per page and round), so machine
// noise hits all parsers alike.  Untimed warm-up rounds first (the JITs need
// them).
//
// Each parser runs in its own worker thread, that is its own V8 isolate
// with its own heap (throughput-worker.js); the main thread only hands out
// the batches, one at a time.  In one shared heap the parsers' garbage
// mixes: the trees one parser leaves behind are marked and collected while
// the next one runs, and its samples pay for them.  Apart, each parser's GC
// work is its own.
//
// A parser gets the pages in batches (`batch`, 8 consecutive pages): an
// untimed parse of the batch's first page, then every page timed on its
// own, back to back, as a batch job (scraper, build tool, test suite) runs
// them: a parser that sleeps between pages meets cold caches at every page,
// which costs a fast parser a larger share of its time.  Batches are
// interleaved across the parsers.  Each sample is parse + walk; after a
// batch, a short idle pause (`settle` ms) lets V8's background GC threads
// finish the batch's garbage, and that CPU time (CPU time counts all
// threads) is shared among the batch's samples.  No forced GC between
// samples: it shrinks V8's young generation, and the next parse then runs
// far below its steady state.
//
//   node bench/lib/throughput.js '{"quick":true,"rounds":1}'
//   ... '{"batch":1}'   one page per batch (a pause before every page)
//   ... '{"sharedHeap":true}'   all parsers in the main thread, one heap (the old way)
//   ... '{"native":true}'       also the native build (build/native_bench --serve),
//                               its batches interleaved with the JS parsers' in the same way
//
// Replies { pages: [{name, bytes}], parsers, skipped, notes, isolation, cpu:
// {id: [[ms per round] per page]}, wall: (same), nodes: {id: [count per page]} };
// cpu.harness / wall.harness are the samples of the empty runner (not in parsers).
import { Worker } from 'node:worker_threads';
import { listPages, loadPages, quickSubset, utf8File } from './corpus.js';
import { nativeServer } from './native.js';
import { loadParsers, NATIVE, PARSERS } from './parsers.js';
import { progress, reply } from './stats.js';
import { HARNESS, measureBatch } from './throughput-worker.js';

const opts = JSON.parse(process.argv[2] ?? '{}');
const rounds = opts.rounds ?? (opts.quick ? 1 : 5);
const warmup = opts.warmup ?? (opts.quick ? 2 : 1);
const settleMs = opts.settle ?? 2;
const wanted = opts.parsers ? PARSERS.filter((p) => opts.parsers.includes(p.id)) : PARSERS;

const all = listPages();
const pageList = opts.quick ? quickSubset(all) : all;
const { pages, notes } = loadPages(pageList);

// A runner per parser: runBatch([i…]) → [{ cpu, wall, nodes }] for those pages.
async function workerRunner(p) {
  const worker = new Worker(new URL('./throughput-worker.js', import.meta.url), {
    workerData: { id: p.id, pages: pageList.map(({ path, name, fileBytes, utf8 }) => ({ path, name, fileBytes, utf8 })), settleMs },
  });
  let pending = null;
  worker.on('message', (m) => {
    const r = pending;
    pending = null;
    if (m.error) r.reject(new Error(`${p.id} worker: ${m.error}`));
    else r.resolve(m);
  });
  worker.on('error', (e) => pending?.reject(e));
  const call = (msg) => new Promise((resolve, reject) => {
    pending = { resolve, reject };
    worker.postMessage(msg);
  });
  const hello = await call({ load: true });
  if (hello.skipped) {
    await worker.terminate();
    return { skipped: { id: p.id, label: p.label, reason: hello.skipped } };
  }
  return { p, runBatch: async (batch) => (await call({ batch })).samples, close: () => worker.terminate() };
}

async function sharedRunner(p) {
  const { ready, skipped } = await loadParsers([p]);
  if (ready.length === 0) return { skipped: skipped[0] };
  const texts = pages.map((x) => x.text);
  return { p, runBatch: (batch) => measureBatch(ready[0], texts, batch, settleMs), close: () => {} };
}

const runners = [];
const skipped = [];
// The empty runner (worker mode): the harness's own CPU time per sample.
if (!opts.sharedHeap) runners.push(await workerRunner({ id: HARNESS, label: 'harness (no parser)' }));
for (const p of wanted) {
  const r = await (opts.sharedHeap ? sharedRunner(p) : workerRunner(p));
  if (r.skipped) skipped.push(r.skipped);
  else runners.push(r);
}
// The native build, interleaved like the others (its batches run in a
// native_bench --serve process; same pages as UTF-8 files).
if (opts.native) runners.push({ p: NATIVE, ...(await nativeServer(pageList.map(utf8File), settleMs)) });

const cpu = {};
const wall = {};
const nodes = {};
for (const { p } of runners) {
  cpu[p.id] = pages.map(() => []);
  wall[p.id] = pages.map(() => []);
  nodes[p.id] = pages.map(() => null);
}

const P = runners.length;
const batchSize = opts.batch ?? 8;
const batches = [];
for (let i = 0; i < pages.length; i += batchSize) batches.push(pages.slice(i, i + batchSize).map((_, k) => i + k));
for (let r = -warmup; r < rounds; r++) {
  for (let b = 0; b < batches.length; b++) {
    progress(`throughput: ${r < 0 ? 'warm-up' : `round ${r + 1}/${rounds}`}, page ${batches[b][0] + 1}/${pages.length}`);
    for (let k = 0; k < P; k++) {
      const { p, runBatch } = runners[(b + k + Math.max(r, 0)) % P];
      const samples = await runBatch(batches[b]);
      if (r < 0) continue;
      batches[b].forEach((i, j) => {
        cpu[p.id][i].push(samples[j].cpu);
        wall[p.id][i].push(samples[j].wall);
        nodes[p.id][i] = samples[j].nodes;
      });
    }
  }
}
progress('');
for (const r of runners) await r.close();

reply({
  pages: pages.map(({ name, bytes }) => ({ name, bytes })),
  parsers: runners.filter(({ p }) => p.id !== HARNESS).map(({ p: { id, label } }) => ({ id, label })),
  skipped,
  notes,
  isolation: opts.sharedHeap ? 'one heap' : 'a worker thread (V8 isolate) per parser',
  cpu,
  wall,
  nodes,
});
