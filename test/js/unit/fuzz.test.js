// The JS layer's fuzzer (test/js/lib/fuzz-js.js, and test/js/lib/fuzz-rewrite.js for
// HTMLRewriter), a short seeded run: random API calls with hostile options and
// inputs, mutated buffers through every reader, random documents through random
// rewriters.  The long run: node bench/fuzz-js.js --iterations N [--rewrites M].
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Fuzzer } from '../lib/fuzz-js.js';
import { RewriteFuzzer } from '../lib/fuzz-rewrite.js';

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

// The rewriter's part (test/js/lib/fuzz-rewrite.js): random documents through random rewriters, whole, in random
// chunkings, as Responses in other charsets, with the session's filter on and off; a handler's throw errors the transform.
for (const seed of [1, 2]) {
  test(`fuzz-js HTMLRewriter seed ${seed}: 300 documents`, async (t) => {
    const f = new RewriteFuzzer(seed);
    const s = await f.run(300);
    t.diagnostic(JSON.stringify(s));
    assert.ok(s.transforms > 1000, 'each document went through several transforms');
    assert.ok(s.thrown > 0 && s.async > 0 && s.refused > 0, 'throwing handlers, Promises and refused selectors were exercised');
  });
}
