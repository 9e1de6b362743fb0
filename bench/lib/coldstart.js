// Child process: cold start of one parser in a fresh `node`.
//
//   node bench/lib/coldstart.js ID PAGE.html
//
// Times are ms from process start (performance.now() counts from
// performance.timeOrigin, the start of the process):
//   boot        node's own start-up, until this script runs
//   importInit  import of the library + initialisation (wasm compile and
//               instantiate for html5-wasm)
//   firstParse  the first parse of the page (cold code)
//   firstWalk   the first full walk of its tree
// and, as the machine may be busy, CPU time (all threads) of the process
// over import + init + first parse: cpu.
import { readFileSync } from 'node:fs';
import { byId, loadParsers } from './parsers.js';
import { cpuMs, reply } from './stats.js';

const boot = performance.now();
const [id, file] = process.argv.slice(2);
const html = readFileSync(file, 'utf8');

const c0 = cpuMs();
const t0 = performance.now();
const { ready, skipped } = await loadParsers([byId(id)]);
const t1 = performance.now();
if (ready.length === 0) {
  reply({ id, skipped: skipped[0].reason });
} else {
  const tree = ready[0].parse(html);
  const t2 = performance.now();
  const c2 = cpuMs();
  ready[0].walk(tree);
  const t3 = performance.now();
  reply({ id, boot, importInit: t1 - t0, firstParse: t2 - t1, firstWalk: t3 - t2, cpu: c2 - c0 });
}
