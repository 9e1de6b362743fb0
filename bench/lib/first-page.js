// Child process: the first page (issue 17, item 8) in a fresh `node`.
//
//   node bench/lib/first-page.js PAGE.html core|dom fresh|memory|memwarm|prepared
//
// The first parse of PAGE on a fresh instance against the median of the 5
// warm parses after it, for parseToView() (core) or parse() (dom, the
// document's body read so the tree is there).  Each run is a process of its
// own: a compiled module keeps its optimised code.
//   fresh     the instance js/node.js initialises at import, nothing else
//   memory    init(undefined, { memory }) with memory 10 bytes per input
//             byte (README: 5-9 for parseToView), the page right after
//   memwarm   init(undefined, { memory, warmUp: true }), the page right
//             after (V8 still optimising in the background)
//   prepared  the same, then 1 s idle before the page comes: a worker or
//             server initialised ahead of its first page
// Replies { initMs, cold, warm, faults, cpuCold, cpuWarm }: ms, the page
// faults of the first parse (the first touch of fresh memory, counted by
// the kernel for the whole process), and the CPU time of the main thread
// (Linux: /proc/self/task/PID/schedstat; null elsewhere), which the other
// jobs of a shared machine do not inflate as they do the wall clock.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './corpus.js';
import { median, reply, sleep } from './stats.js';

const MODES = { fresh: null, memory: { warmUp: false }, memwarm: { warmUp: true }, prepared: { warmUp: true, idle: 1000 } };
const [file, kind, mode] = process.argv.slice(2);
if (!(mode in MODES) || (kind !== 'core' && kind !== 'dom')) {
  throw new TypeError(`first-page.js PAGE core|dom ${Object.keys(MODES).join('|')}; got ${kind} ${mode}`);
}
const h5 = await import(join(ROOT, 'js/node.js'));
const html = readFileSync(file, 'utf8');

const schedstat = `/proc/self/task/${process.pid}/schedstat`;
const threadCpu = () => {
  try {
    return Number(readFileSync(schedstat, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
};

const m = MODES[mode];
let initMs = 0;
if (m) {
  const t0 = performance.now();
  await h5.init(undefined, { memory: 10 * statSync(file).size, warmUp: m.warmUp });
  initMs = performance.now() - t0;
  if (m.idle) await sleep(m.idle);
}

const parse = kind === 'core' ? () => h5.parseToView(html) : () => h5.parse(html).body;
const faults = () => process.resourceUsage().minorPageFault;
const time = () => {
  const c = threadCpu();
  const t = performance.now();
  parse();
  return [performance.now() - t, threadCpu() - c];
};
const f0 = faults();
const [cold, cpuCold] = time();
const coldFaults = faults() - f0;
const warm = [];
for (let i = 0; i < 5; i++) warm.push(time());
const cpuWarm = median(warm.map((x) => x[1]));
reply({
  initMs, cold, warm: median(warm.map((x) => x[0])), faults: coldFaults,
  cpuCold: Number.isNaN(cpuCold) ? null : cpuCold, cpuWarm: Number.isNaN(cpuWarm) ? null : cpuWarm,
});
