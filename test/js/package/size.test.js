// What a user's bundle weighs, by use and by entry point (scripts/size.js,
// `make size`; issue 29).  Sizes are deterministic for a given build:
// each use is held to its budget (or, where the goal is not reached
// yet, to the ceiling scripts/size.js names), and what each use loads is
// checked: a program that does not use a part carries none of it.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { measure } from '../../../scripts/size.js';

let result;
before(async () => { result = await measure(); });
const use = (prefix) => result.uses.find((u) => u.name.startsWith(prefix));
const entry = (name) => result.entries.find((e) => e.name === name);

describe('size by use (scripts/size.js)', () => {
  test('every use with a budget is within it (or within the ceiling it is held at)', () => {
    for (const u of result.uses.filter((x) => x.budget !== undefined)) {
      const limit = (u.ceiling ?? u.budget) * 1000;
      assert.ok(u.total <= limit, `${u.name}: ${u.total} bytes gzipped, more than ${limit}`);
    }
  });

  test('a worker that only parses to buffers loads html5.wasm and no DOM, XML or streaming code', () => {
    const u = use('worker');
    assert.deepEqual(u.wasm, ['html5.wasm']);
    assert.ok(u.js < 15000, `${u.js} bytes of JS`);
  });

  test('decoding loads no WebAssembly; parsing HTML loads no xml5.wasm nor rewrite.wasm; XML and the rewriter load no html5.wasm', () => {
    assert.deepEqual(use('page: decode + query (html5-wasm/decode)').wasm, []);
    assert.deepEqual(use('page: decode + query (from html5-wasm)').wasm, []);
    assert.deepEqual(use('parse + querySelector').wasm, ['html5.wasm']);
    assert.deepEqual(use('streaming').wasm, ['html5.wasm']);
    assert.deepEqual(use('XML').wasm, ['xml5.wasm']);
    assert.deepEqual(use('rewriter').wasm, ['rewrite.wasm']);
  });

  test('each entry point loads the modules of its API only', () => {
    assert.deepEqual(entry('html5-wasm').wasm, ['html5.wasm', 'xml5.wasm', 'rewrite.wasm']);
    assert.deepEqual(entry('html5-wasm/rewrite').wasm, ['rewrite.wasm']);
    assert.deepEqual(entry('html5-wasm/sanitize').wasm, ['html5.wasm']);
    assert.deepEqual(entry('html5-wasm/buffer').wasm, ['html5.wasm']);
    assert.deepEqual(entry('html5-wasm/decode').wasm, []);
    assert.deepEqual(entry('html5-wasm/parse').wasm, ['html5.wasm']);
    assert.deepEqual(entry('html5-wasm/xml').wasm, ['xml5.wasm']);
    assert.deepEqual(entry('html5-wasm/stream').wasm, ['html5.wasm']);
    assert.ok(entry('html5-wasm/buffer').js < entry('html5-wasm/decode').js / 2, 'the buffer entry carries no DOM');
    // The DOM's base (html5-wasm/parse, /decode) carries no element interfaces, state pseudo-classes,
    // traversal nor XML documents: about a third less JS than the same use from the default entry.
    assert.ok(use('parse + querySelector + innerHTML (html5-wasm/parse)').js < use('parse + querySelector + innerHTML (from html5-wasm)').js * 0.7);
    assert.ok(use('page: decode + query (html5-wasm/decode)').js < use('page: decode + query (from html5-wasm)').js * 0.7);
  });
});
