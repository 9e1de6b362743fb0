// Child process: the first page (issue 17, item 8) in a fresh `node`.
//
//   node bench/lib/first-page.js PAGE.html core|dom fresh|prepared
//
// The first parse of PAGE on a fresh instance against the median of the 5
// warm parses after it, for parseToView() (core) or parse() (dom, the
// document's body read so the tree is there).  Each run is a process of its
// own: a compiled module keeps its optimised code.
//   fresh     the instance js/node.js initialises at import
//   prepared  init(undefined, { memory, warmUp: true }) with memory 10
//             bytes per input byte (README: 5-9 for parseToView), then 1 s
//             idle before the page comes: a worker or server initialised
//             ahead of its first page, while V8 optimises in the background
// Replies { initMs, cold, warm, faults }: ms, and the page faults of the
// first parse (the first touch of fresh memory, counted by the kernel).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './corpus.js';
import { median, reply, sleep } from './stats.js';

const [file, kind, mode] = process.argv.slice(2);
const h5 = await import(join(ROOT, 'js/node.js'));
const html = readFileSync(file, 'utf8');

const t0 = performance.now();
if (mode === 'prepared') {
  await h5.init(undefined, { memory: 10 * statSync(file).size, warmUp: true });
  await sleep(1000);
}
const initMs = performance.now() - t0;

const parse = kind === 'core' ? () => h5.parseToView(html) : () => h5.parse(html).body;
const faults = () => process.resourceUsage().minorPageFault;
const time = () => {
  const t = performance.now();
  parse();
  return performance.now() - t;
};
const f0 = faults();
const cold = time();
const coldFaults = faults() - f0;
const warm = [];
for (let i = 0; i < 5; i++) warm.push(time());
reply({ initMs: mode === 'prepared' ? initMs - 1000 : 0, cold, warm: median(warm), faults: coldFaults });
