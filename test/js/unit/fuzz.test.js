// The JS layer's fuzzer (test/js/lib/fuzz-js.js), a short seeded run:
// random API calls with hostile options and inputs, and mutated buffers
// through every reader.  The long run: node bench/fuzz-js.js --iterations N.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Fuzzer } from '../lib/fuzz-js.js';

for (const seed of [1, 2, 3]) {
  test(`fuzz-js seed ${seed}: 1,500 iterations`, (t) => {
    const f = new Fuzzer(seed);
    const s = f.run(1500);
    t.diagnostic(JSON.stringify(s));
    // The run exercised what it is for (these counts are fixed by the seed).
    assert.ok(s.calls > 500 && s.buffers > 500, 'both parts ran');
    assert.ok(s.reentrant > 300, 're-entrant calls from getters and callbacks');
    assert.ok(s.accepted > 50 && s.rejected > 300, 'mutated buffers both accepted and refused');
  });
}
