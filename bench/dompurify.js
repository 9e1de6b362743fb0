#!/usr/bin/env node
// DOMPurify on this library's DOM (createDOMPurify(createWindow())) against
// DOMPurify on jsdom (what isomorphic-dompurify runs), on corpus pages:
// DOMPurify.sanitize(page) with the default configuration.  Each runs in a
// worker thread of its own (its own V8 heap, so that neither pays for the
// other's garbage), and they take turns page by page, the order alternating;
// each sample is the process's CPU time while one sanitizes one page (the
// other waits).  Run it with --single-threaded-gc, so that the garbage
// collector's work is counted on the thread that made the garbage.  One timed
// run after an untimed one over the same pages, so that both are compiled by
// V8's optimizing tiers as a server's would be (issue 32, item 6: goal >= 10x).
//
//   node --single-threaded-gc bench/dompurify.js [--pages N] [--warmup N]
//
// --pages: how many pages, evenly spread by size (default 0: all 234; issue 32 measured 60).
// --warmup: untimed runs before the timed one (default 1; 0 measures the first, JIT warm-up included).
// Also says on how many pages the two outputs are the same string.
// Not part of `make bench` or of the tests.
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { listPages, quickSubset, readPage } from './lib/corpus.js';
import { cpuMs } from './lib/stats.js';

const RUNNERS = { html5: 'DOMPurify on createWindow()', jsdom: 'DOMPurify on jsdom' };

if (!isMainThread) {
  const createDOMPurify = (await import('dompurify')).default;
  let window;
  if (workerData.id === 'html5') {
    await import('../js/node.js');
    window = (await import('../js/window/window.js')).createWindow();
  } else {
    window = new (await import('jsdom')).JSDOM('').window;
  }
  const purify = createDOMPurify(window);
  const texts = workerData.pages.map((p) => readPage(p).text);
  parentPort.on('message', ({ page }) => {
    const t0 = cpuMs();
    const out = purify.sanitize(texts[page]);
    const ms = cpuMs() - t0;
    parentPort.postMessage({ ms, out, version: purify.version });
  });
  parentPort.postMessage({ ready: true });
} else {
  const { values: args } = parseArgs({ options: { pages: { type: 'string', default: '0' }, warmup: { type: 'string', default: '1' } } });
  const all = listPages();
  const pages = Number(args.pages) === 0 ? all : quickSubset(all, Number(args.pages));
  const bytes = pages.reduce((n, p) => n + Buffer.byteLength(readPage(p).text), 0);
  const workers = Object.keys(RUNNERS).map((id) => {
    const w = new Worker(new URL(import.meta.url), { workerData: { id, pages } });
    const r = { id, w, ms: 0, version: '', next: null };
    w.on('message', (m) => r.next(m));
    w.on('error', (e) => { throw e; });
    return r;
  });
  const ask = (r, msg) => new Promise((resolve) => {
    r.next = resolve;
    if (msg !== null) r.w.postMessage(msg);
  });
  await Promise.all(workers.map((r) => ask(r, null)));
  let same = 0;
  for (let round = 0; round <= Number(args.warmup); round++) {
    const timed = round === Number(args.warmup);
    for (let k = 0; k < pages.length; k++) {
      const outs = {};
      for (const r of k % 2 === 0 ? workers : [...workers].reverse()) {
        const m = await ask(r, { page: k });
        outs[r.id] = m.out;
        r.version = m.version;
        if (timed) r.ms += m.ms;
      }
      if (timed && outs.html5 === outs.jsdom) same++;
    }
  }
  for (const r of workers) await r.w.terminate();
  const [ours, jsdom] = workers;
  const mbps = (ms) => (bytes / 1e6 / (ms / 1e3)).toFixed(2);
  console.log(`${pages.length} corpus pages, ${(bytes / 1e6).toFixed(1)} MB, DOMPurify ${ours.version}, CPU time of one run after ${args.warmup} untimed:`);
  for (const r of workers) console.log(`  ${RUNNERS[r.id].padEnd(28)} ${(r.ms / 1e3).toFixed(2)} s  ${mbps(r.ms)} MB/s`);
  console.log(`  ratio: ${(jsdom.ms / ours.ms).toFixed(1)}x (goal: >= 10x); the same output on ${same} of ${pages.length} pages`);
}
