// Child process: memory use of one parser.
//
//   node --expose-gc bench/lib/memory.js '{"id":"parse5","quick":false}'
//
// Parses (and walks) every page once, in order of size, holding one page and
// one tree at a time, with the collector left to its own heuristics (as in
// real use).  Reports (bytes)
//   baseRss     RSS after import + init, before the first parse
//   peakRss     the process's peak RSS (getrusage maxrss) over the run
//   peakHeap    peak of heapUsed + arrayBuffers sampled after each parse
//   tree        what the tree of the largest page keeps alive: heapUsed +
//               arrayBuffers after a full GC with the tree held, minus before
//   wasm        html5-wasm only: size of the module's linear memory at the end
//               (it grows to fit the largest page and never shrinks)
import { listPages, quickSubset, readPage } from './corpus.js';
import { byId, loadParsers } from './parsers.js';
import { gc, progress, reply } from './stats.js';

const opts = JSON.parse(process.argv[2] ?? '{}');
const pages = opts.quick ? quickSubset(listPages()) : listPages();
// JS heap + ArrayBuffers; not `external`, which also counts wasm memory.
const live = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const { ready, skipped } = await loadParsers([byId(opts.id)]);
if (ready.length === 0) {
  reply({ id: opts.id, skipped: skipped[0].reason });
  process.exit(0);
}
const p = ready[0];

gc();
const baseRss = process.memoryUsage().rss;
let peakHeap = 0;
for (let i = 0; i < pages.length; i++) {
  if (i % 16 === 0) progress(`memory ${p.id}: page ${i + 1}/${pages.length}`);
  const tree = p.parse(readPage(pages[i]).text);
  p.walk(tree);
  peakHeap = Math.max(peakHeap, live());
}
progress('');
const peakRss = process.resourceUsage().maxRSS * 1024;

// Retained size of the largest page's tree.
const largest = pages.reduce((a, b) => (b.fileBytes > a.fileBytes ? b : a));
const text = readPage(largest).text;
gc();
const before = live();
globalThis.benchTree = p.parse(text); // held by a global: surely live across gc()
p.walk(globalThis.benchTree);
gc();
const treeBytes = live() - before;
globalThis.benchTree = null;

let wasm = null;
if (p.ours) {
  const { memoryUsage } = await import('html5-wasm'); // the instance parsers.js loaded
  wasm = memoryUsage().wasm;
}

reply({ id: p.id, baseRss, peakRss, peakHeap, tree: treeBytes, wasm, treePage: largest.name, pages: pages.length });
