// Child process: does parse time grow linearly with input size?
//
//   node bench/lib/scaling.js '{"quick":true}'
//
// Takes three pages of different sizes (scalingPages), makes ×1, ×2 and ×4
// copies of each (the page concatenated with itself) and times parse + walk
// of every copy with every parser, interleaved.  Each sample is a batch of
// equal work (4k parses of ×1, 2k of ×2, k of ×4; at least BATCH_BYTES), so
// GC and timer noise are amortised alike; the time per parse is the batch
// time / parses, best of `reps` batches (load from other processes only ever
// adds time, and the machine is shared).  As in the throughput benchmark,
// each parser runs in its own worker thread (its own V8 isolate and heap):
// in one shared heap, the large trees one parser leaves behind are marked and
// swept while the next parser's batch runs, and charged to it.  CPU time
// counts all threads, so a batch is timed until the process is idle again:
// its own background GC is charged to it and to no other parser.
// Replies { pages: [{name, bytes}], factors, parsers, skipped, ms: {id: [[×1,
// ×2, ×4] per page]}, gc: {id: same shape} }; the ratios ms(2n)/ms(n) should
// be close to 2.  gc is what explains a ratio that is not: the GC pauses of
// the parser's thread (PerformanceObserver 'gc' entries, wall time) per
// parse in the same batch, { all, minor } (minor = young-generation
// scavenges).
import { constants as perfConstants, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { listPages, readPage, scalingPages } from './corpus.js';
import { byId, loadParsers, PARSERS } from './parsers.js';
import { cpuMs, progress, reply, sleep } from './stats.js';

export const FACTORS = [1, 2, 4];
const BATCH_BYTES = 2e6;

/** The ×1, ×2, ×4 copies of every scaling page. */
function scalingTexts() {
  return scalingPages(listPages()).map((page) => {
    const { text } = readPage(page);
    return { name: page.name, bytes: Buffer.byteLength(text), texts: FACTORS.map((f) => text.repeat(f)) };
  });
}

/**
 * Wait until the process is idle (at most 200 ms): CPU time is the
 * process's (all threads), and a batch is charged its own background GC.
 */
async function quiet() {
  for (let k = 0; k < 40; k++) {
    const c0 = cpuMs();
    await sleep(5);
    if (cpuMs() - c0 < 0.25) return;
  }
}

async function main() {
  const opts = JSON.parse(process.argv[2] ?? '{}');
  const reps = opts.reps ?? (opts.quick ? 2 : 7);
  const wanted = opts.parsers ? PARSERS.filter((p) => opts.parsers.includes(p.id)) : PARSERS;

  // A worker per parser; call(msg) → its reply.
  const ready = [];
  const skipped = [];
  for (const p of wanted) {
    const worker = new Worker(new URL(import.meta.url), { workerData: { id: p.id } });
    let pending = null;
    const next = () => new Promise((resolve, reject) => { pending = { resolve, reject }; });
    worker.on('message', (m) => pending.resolve(m));
    worker.on('error', (e) => pending?.reject(e));
    const hello = await next();
    if (hello.skipped) {
      skipped.push({ id: p.id, label: p.label, reason: hello.skipped });
      await worker.terminate();
      continue;
    }
    ready.push({ ...p, worker, call: (msg) => { const r = next(); worker.postMessage(msg); return r; } });
  }
  const pages = scalingTexts();

  // samples[id][page][factor]: [{ ms, gc }] per rep.
  const samples = {};
  for (const p of ready) samples[p.id] = pages.map(() => FACTORS.map(() => []));

  const warmup = 1;
  const maxFactor = FACTORS[FACTORS.length - 1];
  let turn = 0;
  for (let r = -warmup; r < reps; r++) {
    progress(`scaling: ${r < 0 ? 'warm-up' : `rep ${r + 1}/${reps}`}`);
    for (let i = 0; i < pages.length; i++) {
      for (let f = 0; f < FACTORS.length; f++) {
        const k = Math.ceil(BATCH_BYTES / (pages[i].bytes * maxFactor));
        const parses = (k * maxFactor) / FACTORS[f];
        turn++;
        for (let j = 0; j < ready.length; j++) {
          const p = ready[(turn + j) % ready.length];
          const sample = await p.call({ page: i, factor: f, parses });
          if (r >= 0) samples[p.id][i][f].push(sample);
        }
      }
    }
  }
  progress('');
  for (const p of ready) await p.worker.terminate();

  // The best batch of each, and the GC pauses of that batch.
  const best = (xs) => xs.reduce((a, b) => (b.ms < a.ms ? b : a));
  const ms = {};
  const gc = {};
  for (const p of ready) {
    ms[p.id] = samples[p.id].map((perFactor) => perFactor.map((xs) => best(xs).ms));
    gc[p.id] = samples[p.id].map((perFactor) => perFactor.map((xs) => best(xs).gc));
  }
  reply({
    pages: pages.map(({ name, bytes }) => ({ name, bytes })),
    factors: FACTORS,
    parsers: ready.map(({ id, label }) => ({ id, label })),
    skipped,
    ms,
    gc,
  });
}

// Worker: loads one parser and the pages; { page, factor, parses } → { ms }.
if (!isMainThread) {
  const { ready, skipped } = await loadParsers([byId(workerData.id)]);
  const parser = ready[0];
  const pages = parser ? scalingTexts() : [];
  // GC pauses of this thread's isolate, in ms: all kinds, and scavenges.
  const paused = { all: 0, minor: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      paused.all += e.duration;
      if (e.detail?.kind === perfConstants.NODE_PERFORMANCE_GC_MINOR) paused.minor += e.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  parentPort.on('message', async ({ page, factor, parses }) => {
    const text = pages[page].texts[factor];
    const g0 = { ...paused };
    const c0 = cpuMs();
    for (let j = 0; j < parses; j++) parser.run(text);
    // The batch's own background GC, until the process is idle, is its
    // cost: it must not run into the next parser's batch.
    await quiet();
    const ms = (cpuMs() - c0) / parses;
    // (The observer has had its entries by now: quiet() waits on timers.)
    const gc = { all: (paused.all - g0.all) / parses, minor: (paused.minor - g0.minor) / parses };
    parentPort.postMessage({ ms, gc });
  });
  parentPort.postMessage(parser ? { ready: true } : { skipped: skipped[0].reason });
} else {
  await main();
}
