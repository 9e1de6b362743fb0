// The worker-pool recipe (examples/worker-pool/, docs/runtimes-draft.md;
// issue 30, "every core"): node:worker_threads workers parse with
// parseToBuffer() and transfer the buffers back; decode() here gives the
// tree a direct parse() gives.  The example is run as a user runs it
// (`node examples/worker-pool/main.js FILES`, importing 'html5-wasm' by
// name: the package's self-reference), and its ParserPool is driven
// directly: strings and bytes, many pages at once, options, errors,
// closing.  Throughput on 1 and 2 workers: bench/pool.js (`make bench`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';

import { decode, dumpTree, parse, readErrors } from 'html5-wasm';
import { ParserPool } from '../../../examples/worker-pool/pool.js';
import { DOCUMENTS } from '../lib/corpus.js';
import { repoRoot, sharedPath } from '../lib/shared.js';

const PAGES = ['gumbo__bbc.html', 'gumbo__wikipedia.html', 'html5ever__lipsum-zh.html', 'gumbo__hacker_news.html']
  .map((name) => sharedPath('corpus/pages', name));

test('examples/worker-pool/main.js: each file\'s title and element count, as parse() gives them', () => {
  const files = [join(repoRoot, 'examples/sample.html'), ...PAGES];
  const r = spawnSync(process.execPath, [join(repoRoot, 'examples/worker-pool/main.js'), ...files], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  const expected = files.map((f) => {
    const doc = parse(readFileSync(f));
    return `${f}: ${JSON.stringify(doc.title)}, ${doc.querySelectorAll('*').length} elements`;
  });
  assert.deepEqual(r.stdout.trim().split('\n').sort(), expected.sort());
  assert.ok(expected.every((l) => !l.includes(', 0 elements')));
});

describe('ParserPool', () => {
  const pool = new ParserPool({ size: 2 });
  after(() => pool.close());

  test('many pages at once, strings: decode(buffer) is the tree of a direct parse()', async () => {
    const inputs = [...DOCUMENTS, ...PAGES.map((f) => readFileSync(f, 'utf8'))];
    const buffers = await Promise.all(inputs.map((html) => pool.parse(html)));
    assert.equal(buffers.length, inputs.length);
    buffers.forEach((buffer, i) => {
      assert.ok(buffer instanceof ArrayBuffer, `input ${i}`);
      assert.equal(dumpTree(decode(buffer)), dumpTree(parse(inputs[i])), `input ${i}`);
    });
  });

  test('bytes that are a whole ArrayBuffer are transferred (detached here); a view on part of one is copied', async () => {
    const page = readFileSync(PAGES[0]);
    const whole = new Uint8Array(page); // a copy with an ArrayBuffer of its own
    const pending = pool.parse(whole);
    assert.equal(whole.byteLength, 0, 'moved to the worker, not copied');
    const big = new Uint8Array(page.byteLength + 16);
    big.set(page, 16);
    const part = big.subarray(16);
    const pendingPart = pool.parse(part);
    assert.equal(part.byteLength, page.byteLength, 'a view on part of a buffer stays');
    const expected = dumpTree(parse(page));
    assert.equal(dumpTree(decode(await pending)), expected);
    assert.equal(dumpTree(decode(await pendingPart)), expected);
    assert.equal(decode(await pool.parse(new Uint8Array(page).buffer)).title, parse(page).title);
  });

  test('options cross the thread; parse errors through includeErrors and readErrors()', async () => {
    const html = '<head><noscript><p>x</p></noscript></head></p>';
    const off = await pool.parse(html, { scriptingEnabled: false, includeErrors: true });
    assert.equal(dumpTree(decode(off)), dumpTree(parse(html, { scriptingEnabled: false })));
    const offsets = [];
    parse(html, { scriptingEnabled: false, onParseError: (e) => offsets.push(e.offset) });
    assert.deepEqual(readErrors(off).map((e) => e.offset), offsets);
    assert.ok(offsets.length >= 2);
    const fragment = decode(await pool.parse('<td>x', { fragment: true, context: 'tr' }));
    assert.equal(fragment.firstChild.localName, 'td');
  });

  test('errors: the worker\'s TypeError for a wrong input, a DataCloneError for a function option; the pool goes on', async () => {
    await assert.rejects(pool.parse(42), (e) => e instanceof TypeError && /^parseToBuffer/.test(e.message));
    await assert.rejects(pool.parse('<p>', { onParseError() {} }), { name: 'DataCloneError' });
    await assert.rejects(pool.parse('<p>', { fromat: 'object' }), (e) => e instanceof TypeError && /fromat/.test(e.message));
    assert.equal(decode(await pool.parse('<title>still here</title>')).title, 'still here');
  });

  test('a size or inFlight that is not a positive integer: RangeError naming it; a worker that is no URL: TypeError', () => {
    assert.throws(() => new ParserPool({ size: 0 }), { name: 'RangeError', message: /ParserPool: option 'size' must be a positive integer; got 0/ });
    assert.throws(() => new ParserPool({ inFlight: 1.5 }), { name: 'RangeError', message: /option 'inFlight'/ });
    assert.throws(() => new ParserPool({ worker: 'parse-worker.js' }), { name: 'TypeError', message: /option 'worker' must be a URL/ });
  });

  test('workers that die: one that ran is replaced, its pages rejected; ones that cannot start fail every page, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'h5-pool-'));
    try {
      // A worker that parses, but exits on the input 'crash' (as one that runs out of memory dies).
      const crashing = join(dir, 'crashing-worker.mjs');
      writeFileSync(crashing, `import { parentPort } from 'node:worker_threads';
import { parseToBuffer } from ${JSON.stringify(pathToFileURL(join(repoRoot, 'js/node.js')).href)};
parentPort.on('message', ({ id, input }) => {
  if (input === 'crash') process.exit(3);
  const buffer = parseToBuffer(input);
  parentPort.postMessage({ id, buffer }, [buffer]);
});
parentPort.postMessage({ ready: true });
`);
      const pool1 = new ParserPool({ size: 1, inFlight: 1, worker: pathToFileURL(crashing) });
      assert.equal(decode(await pool1.parse('<title>a</title>')).title, 'a');
      await assert.rejects(pool1.parse('crash'), /ParserPool: a worker exited with code 3/);
      assert.equal(pool1.size, 1);
      assert.equal(decode(await pool1.parse('<title>b</title>')).title, 'b', 'a new worker took its place');
      await pool1.close();

      // A worker whose script throws as it loads: no restart after restart.
      const broken = join(dir, 'broken-worker.mjs');
      writeFileSync(broken, "throw new Error('this worker cannot start');\n");
      const pool2 = new ParserPool({ size: 2, worker: pathToFileURL(broken) });
      const pages = await Promise.allSettled([pool2.parse('<p>1'), pool2.parse('<p>2'), pool2.parse('<p>3')]);
      assert.deepEqual(pages.map((r) => `${r.status} ${r.reason?.message}`), Array(3).fill('rejected this worker cannot start'));
      assert.equal(pool2.size, 0);
      await assert.rejects(pool2.parse('<p>4'), /this worker cannot start/);
      await pool2.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('close(): pages not parsed yet are rejected, and parse() after it', async () => {
    const small = new ParserPool({ size: 1, inFlight: 1 });
    assert.equal(small.size, 1);
    const page = readFileSync(PAGES[1], 'utf8');
    const pending = Array.from({ length: 6 }, () => small.parse(page));
    const settled = Promise.allSettled(pending);
    await small.close();
    const results = await settled;
    assert.ok(results.some((r) => r.status === 'rejected' && /closed before this page was parsed/.test(r.reason.message)));
    await assert.rejects(small.parse('<p>'), /ParserPool.parse\(\): the pool is closed/);
  });
});
