// One parser of the throughput benchmark in its own worker thread (own V8
// isolate and heap); see throughput.js.  Messages from the main thread:
//   { load: true }  → load the parser: {} or { skipped: reason }
//   { batch: [i…] } → the pages one after the other, each timed, after an
//                     untimed parse of the first: { samples: [{ cpu, wall, nodes }] }
// The worker with id HARNESS runs no parser: its samples are the cost of a
// sample itself (reading the clocks; the pause's share), which run.js takes
// off every parser's samples.
// Also imported by throughput.js for its one-heap mode (measureBatch()).
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { loadPages } from './corpus.js';
import { byId, loadParsers } from './parsers.js';
import { cpuMs, shareSettle, sleep } from './stats.js';

/** Id of the empty runner that measures the harness's own cost per sample. */
export const HARNESS = 'harness';

/**
 * Pages back to back, as a batch job runs them: an untimed parse of the
 * first page (caches and branch predictors warm, as for every page after
 * it), then each page timed on its own, then `settleMs` of idle time whose
 * CPU time (V8's background GC threads finishing the batch's garbage) is
 * shared among the batch's samples in proportion to their own.
 */
export async function measureBatch(parser, texts, batch, settleMs) {
  parser.run(texts[batch[0]]);
  const samples = [];
  for (const i of batch) {
    const w0 = performance.now();
    const c0 = cpuMs();
    const nodes = parser.run(texts[i]);
    const c1 = cpuMs();
    samples.push({ cpu: c1 - c0, wall: performance.now() - w0, nodes });
  }
  const c0 = cpuMs();
  if (settleMs > 0) await sleep(settleMs);
  return shareSettle(samples, cpuMs() - c0);
}

if (!isMainThread && workerData?.id) {
  const { id, pages: list, settleMs } = workerData;
  let parser = null;
  let texts = null;
  parentPort.on('message', async (m) => {
    try {
      if (m.load && id === HARNESS) {
        parser = { run: () => null }; // no work: what a sample costs by itself
        texts = list.map(() => '');
        parentPort.postMessage({});
      } else if (m.load) {
        const { ready, skipped } = await loadParsers([byId(id)]);
        if (ready.length === 0) {
          parentPort.postMessage({ skipped: skipped[0].reason });
          return;
        }
        parser = ready[0];
        texts = loadPages(list).pages.map((p) => p.text);
        parentPort.postMessage({});
      } else {
        parentPort.postMessage({ samples: await measureBatch(parser, texts, m.batch, settleMs) });
      }
    } catch (e) {
      parentPort.postMessage({ error: e.stack ?? String(e) });
    }
  });
}
