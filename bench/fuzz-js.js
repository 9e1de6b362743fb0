// The long run of the JS layer's fuzzer (test/js/lib/fuzz-js.js; a short
// run is part of `make test`): random API calls with hostile options and
// inputs, mutated buffers through every reader.  Bounded by iterations:
//   node bench/fuzz-js.js [--iterations N] [--seed S] [--runs R]
// runs R seeds from S on, N iterations each, and prints the counts.
import { Fuzzer } from '../test/js/lib/fuzz-js.js';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? dflt : Number(process.argv[i + 1]);
};
const iterations = arg('--iterations', 100000);
const seed = arg('--seed', 1);
const runs = arg('--runs', 1);
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
  for (const [k, v] of Object.entries(f.stats)) total[k] = (total[k] ?? 0) + v;
  console.log(`seed ${seed + r}: ${JSON.stringify(f.stats)}`);
}
const s = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(`${runs} run(s) x ${iterations} iterations in ${s.toFixed(0)} s: ${JSON.stringify(total)}`);
