#!/usr/bin/env node
// 100,000 sanitize() calls leave the heap where it was (issue 32, item 6):
// the heap after a warm-up (1,000 calls, then a full GC) against the heap
// after 100,000 more (then a full GC); the goal is within +-10%.  Each call
// sanitizes a different generated nasty document (test/js/lib/sanitizer-gen.js),
// with the default configuration and, every third call, a configuration object.
//
//   node --expose-gc bench/sanitize-heap.js [--calls N]
import { parseArgs } from 'node:util';
import { memoryUsage } from '../js/node.js';
import { sanitize } from '../js/sanitize/index.js';
import { nastyMarkup, rng } from '../test/js/lib/sanitizer-gen.js';

if (typeof globalThis.gc !== 'function') {
  process.stderr.write('run with node --expose-gc\n');
  process.exit(2);
}
const { values: args } = parseArgs({ options: { calls: { type: 'string', default: '100000' } } });
const calls = Number(args.calls);
const r = rng(1);
const docs = Array.from({ length: 500 }, () => nastyMarkup(r, 5));
const config = { elements: ['p', 'b', 'a', 'div', 'template', 'svg'], attributes: ['href', 'title'], comments: true };
let sink = 0;
const run = (k) => { sink += sanitize(docs[k % docs.length], k % 3 === 0 ? { sanitizer: config } : undefined).length; };

const heap = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};
for (let k = 0; k < 1000; k++) run(k);
const before = heap();
const wasmBefore = memoryUsage().wasm ?? null;
const t0 = performance.now();
for (let k = 0; k < calls; k++) run(k);
const ms = performance.now() - t0;
const after = heap();
const change = (after - before) / before;
const mb = (n) => (n / 1e6).toFixed(2);
process.stdout.write(`${calls} sanitize() calls in ${(ms / 1000).toFixed(1)} s: JS heap ${mb(before)} MB -> ${mb(after)} MB ` +
  `(${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%)` +
  (wasmBefore === null ? '' : `; wasm memory ${mb(wasmBefore)} MB -> ${mb(memoryUsage().wasm)} MB`) + `\n`);
process.stderr.write(`(sink ${sink})\n`);
if (Math.abs(change) > 0.1) {
  process.stderr.write('the heap moved by more than 10%\n');
  process.exitCode = 1;
}
