// The long run of the JS layer's fuzzer (test/js/lib/fuzz-js.js and, for
// HTMLRewriter, test/js/lib/fuzz-rewrite.js; a short run is part of `make
// test`): random API calls with hostile options and inputs, mutated buffers
// through every reader, random documents through random rewriters in random
// chunkings.  Bounded by iterations:
//   node bench/fuzz-js.js [--iterations N] [--rewrites M] [--seed S] [--runs R]
// runs R seeds from S on, N iterations and M rewriter documents (default
// N / 50) each, and prints the counts.
import { Fuzzer } from '../test/js/lib/fuzz-js.js';
import { RewriteFuzzer } from '../test/js/lib/fuzz-rewrite.js';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? dflt : Number(process.argv[i + 1]);
};
const iterations = arg('--iterations', 100000);
const seed = arg('--seed', 1);
const runs = arg('--runs', 1);
const rewrites = arg('--rewrites', Math.ceil(iterations / 50));
const total = {};
const t0 = process.hrtime.bigint();
for (let r = 0; r < runs; r++) {
  const f = new Fuzzer(seed + r);
  try {
    f.run(iterations);
  } catch (e) {
    console.error(`seed ${seed + r}: ${e.stack}`);
    process.exitCode = 1;
  }
  const rf = new RewriteFuzzer(seed + r);
  try {
    await rf.run(rewrites);
  } catch (e) {
    console.error(`seed ${seed + r} (rewriter): ${e.stack}`);
    process.exitCode = 1;
  }
  const stats = { ...f.stats, rewriter: rf.stats };
  for (const [k, v] of Object.entries(f.stats)) total[k] = (total[k] ?? 0) + v;
  for (const [k, v] of Object.entries(rf.stats)) total[`rewriter ${k}`] = (total[`rewriter ${k}`] ?? 0) + v;
  console.log(`seed ${seed + r}: ${JSON.stringify(stats)}`);
}
const s = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(`${runs} run(s) x ${iterations} iterations and ${rewrites} rewriter documents in ${s.toFixed(0)} s: ${JSON.stringify(total)}`);
