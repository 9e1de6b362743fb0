// html5-wasm in Node worker_threads: a worker imports js/node.js, parses
// with parseToBuffer() and transfers the ArrayBuffer to the main thread,
// which decodes it with js/dom/decode.js alone (no wasm loaded on this thread)
// and gets the same tree as a direct parse().  Then two workers at once,
// each with its own wasm instance.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';

import { describeInChromium, launchChromium, openPage } from '../../browser/chromium.js';
import { startServer } from '../../browser/server.js';
import { decode } from '../../../js/dom/decode.js';
import { dumpTree } from '../../../js/dom/dump.js';
import { isReady } from '../../../js/core/loader.js';
import { repoRoot, sharedPath } from '../lib/shared.js';

const nodeEntry = pathToFileURL(join(repoRoot, 'js/node.js')).href;
const loaderUrl = pathToFileURL(join(repoRoot, 'js/core/loader.js')).href;

// The worker: CommonJS eval code that imports the ESM Node entry.
// workerData: { entry, loader, inputs, options, barrier? (Int32Array on a SharedArrayBuffer), rounds }
const WORKER = `
const { parentPort, workerData, threadId } = require('node:worker_threads');
(async () => {
  const h5 = await import(workerData.entry);
  const loader = await import(workerData.loader);
  const memory = loader.getWasm().memory;
  const { barrier } = workerData;
  if (barrier) {
    // Both workers have an initialised instance before either parses.
    Atomics.add(barrier, 0, 1);
    Atomics.notify(barrier, 0);
    while (Atomics.load(barrier, 0) < workerData.parties) Atomics.wait(barrier, 0, Atomics.load(barrier, 0), 10000);
  }
  const results = [];
  for (let round = 0; round < (workerData.rounds ?? 1); round++) {
    for (const html of workerData.inputs) {
      const buffer = h5.parseToBuffer(html, workerData.options);
      const byteLength = buffer.byteLength;
      parentPort.postMessage({ type: 'tree', round, buffer, byteLength }, [buffer]);
      results.push({ byteLength, after: buffer.byteLength });
    }
  }
  parentPort.postMessage({ type: 'done', results, threadId, ready: loader.isReady(),
    sharedMemory: typeof SharedArrayBuffer === 'function' && memory.buffer instanceof SharedArrayBuffer });
})().catch((e) => parentPort.postMessage({ type: 'error', message: String(e && e.stack || e) }));
`;

function runWorker(workerData) {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: { entry: nodeEntry, loader: loaderUrl, ...workerData } });
    const trees = [];
    w.on('message', (m) => {
      if (m.type === 'tree') trees.push(m);
      else if (m.type === 'error') { reject(new Error(`worker: ${m.message}`)); w.terminate(); }
      else if (m.type === 'done') resolve({ trees, done: m, exit: new Promise((ok) => w.once('exit', ok)) });
    });
    w.on('error', reject);
    w.on('exit', (code) => { if (code !== 0) reject(new Error(`worker exited with code ${code}`)); });
  });
}

const INPUTS = [
  '<!DOCTYPE html><title>t</title><p><b>1<i>2</b>3</i></p><table>x<tr><td>y</table>',
  '<svg viewBox="0 0 1 1"><path xlink:href="#a"/><foreignObject><p>x</foreignObject></svg><math><mi>y</mi></math>',
  '<template><tr><td>1</template><select><div><option>a</div></select><!--c-->',
  '\u00e9\u4e2d\ud83d\ude00 &amp; &notin; a\u0000b\r\nc',
];

describe('worker_threads', () => {
  test('the main thread decodes without loading the wasm module', () => {
    // Only js/dom/decode.js, js/dom/dump.js and (side-effect free) js/core/loader.js are
    // imported above; nothing has instantiated html5.wasm in this thread.
    assert.equal(isReady(), false);
  });

  test('a worker parses, transfers the buffer; decode() here equals a direct parse()', async () => {
    const page = readFileSync(sharedPath('corpus/pages/gumbo__hacker_news.html'), 'utf8');
    const inputs = [...INPUTS, page];
    const { trees, done, exit } = await runWorker({ inputs, options: { scriptingEnabled: true } });
    await exit;
    assert.equal(done.ready, true);
    assert.equal(trees.length, inputs.length);
    for (const r of done.results) {
      assert.ok(r.byteLength > 80, 'a buffer with at least a header');
      assert.equal(r.after, 0, "the worker's ArrayBuffer is detached after the transfer");
    }
    for (const t of trees) {
      assert.ok(t.buffer instanceof ArrayBuffer);
      assert.equal(t.buffer.byteLength, t.byteLength, 'the whole buffer arrives');
    }
    // Decode everything BEFORE loading the parser on this thread.
    const decoded = trees.map((t) => ({
      dom: dumpTree(decode(t.buffer, { format: 'dom' })),
      object: dumpTree(decode(t.buffer, { format: 'object' })),
      html: decode(t.buffer).documentElement.outerHTML,
    }));
    assert.equal(isReady(), false, 'decode() must not need the wasm module');

    const { parse } = await import(nodeEntry);
    assert.equal(isReady(), true);
    inputs.forEach((html, i) => {
      const direct = parse(html);
      assert.equal(decoded[i].dom, dumpTree(direct), `input ${i}: DOM tree`);
      assert.equal(decoded[i].object, dumpTree(parse(html, { format: 'object' })), `input ${i}: object tree`);
      assert.equal(decoded[i].html, direct.documentElement.outerHTML, `input ${i}: serialization`);
    });
    assert.match(decoded[0].dom, /\| <!DOCTYPE html>\n\| <html>\n\|   <head>\n\|     <title>/);
    assert.ok(decoded[4].dom.split('\n').length > 500, 'the corpus page decodes to a full tree');
  });

  test('options cross the thread: scriptingEnabled false parses noscript as markup', async () => {
    const html = '<head><noscript><p>x</p></noscript></head>';
    const on = await runWorker({ inputs: [html], options: { scriptingEnabled: true } });
    const off = await runWorker({ inputs: [html], options: { scriptingEnabled: false } });
    await Promise.all([on.exit, off.exit]);
    const a = dumpTree(decode(on.trees[0].buffer));
    const b = dumpTree(decode(off.trees[0].buffer));
    assert.match(a, /<noscript>\n\|\s+"<p>x<\/p>"/);
    assert.match(b, /<body>\n\|\s+<p>\n\|\s+"x"/);
  });

  test('two workers in parallel, each with its own instance', async () => {
    const sab = new SharedArrayBuffer(4);
    const barrier = new Int32Array(sab);
    const pageA = readFileSync(sharedPath('corpus/pages/gumbo__bbc.html'), 'utf8');
    const pageB = readFileSync(sharedPath('corpus/pages/html5ever__lipsum-zh.html'), 'utf8');
    const [a, b] = await Promise.all([
      runWorker({ inputs: [pageA, INPUTS[0]], options: {}, barrier, parties: 2, rounds: 3 }),
      runWorker({ inputs: [pageB, INPUTS[1]], options: {}, barrier, parties: 2, rounds: 3 }),
    ]);
    await Promise.all([a.exit, b.exit]);
    assert.equal(Atomics.load(barrier, 0), 2, 'both workers were initialised at the same time');
    assert.notEqual(a.done.threadId, b.done.threadId);
    // Unshared wasm memory cannot cross threads: each worker instantiated
    // html5.wasm itself.
    assert.equal(a.done.ready && b.done.ready, true);
    assert.equal(a.done.sharedMemory, false);
    assert.equal(b.done.sharedMemory, false);
    assert.equal(a.trees.length, 6);
    assert.equal(b.trees.length, 6);

    const { parse } = await import(nodeEntry);
    const expect = (html) => dumpTree(parse(html));
    const wantA = [expect(pageA), expect(INPUTS[0])];
    const wantB = [expect(pageB), expect(INPUTS[1])];
    a.trees.forEach((t, i) => assert.equal(dumpTree(decode(t.buffer)), wantA[i % 2], `worker A tree ${i}`));
    b.trees.forEach((t, i) => assert.equal(dumpTree(decode(t.buffer)), wantB[i % 2], `worker B tree ${i}`));
    // Same input, same bytes, whichever instance parsed it.
    assert.deepEqual(new Uint8Array(a.trees[0].buffer), new Uint8Array(a.trees[2].buffer));
  });
});

// examples/worker/ in Chromium, the library reached through relative URLs:
// a module worker and a classic worker (dynamic import()), each sent its
// first message at once after `new Worker()`, before html5.wasm has loaded.
describeInChromium('the Chromium part of test/js/package/worker.test.js', 'examples/worker in Chromium', {}, () => {

  test('module and classic workers answer messages posted at once', { timeout: 60_000 }, async () => {
    let server;
    let chrome;
    try {
      server = await startServer([['/', repoRoot]]);
      chrome = await launchChromium();
      const { page, log } = await openPage(chrome.context, `${server.origin}/examples/worker/index.html`);
      await page.waitForFunction(() => globalThis.exampleResult !== undefined, null, { timeout: 20_000 });
      const summaries = await page.evaluate(() => globalThis.exampleResult);
      assert.equal(summaries.length, 3);
      for (const s of summaries) assert.match(s, /^\d+ bytes transferred; <title>: Hello; 1[0-9] elements; body: <p>One<\/p><p>Two <b>bold <i>both<\/i><\/b><i> italic<\/i>/);
      assert.ok(server.requests.includes('GET /examples/worker/worker.js'), server.requests.join('\n'));
      assert.ok(server.requests.includes('GET /examples/worker/classic-worker.js'), server.requests.join('\n'));
      // Each worker has its own instance: html5.wasm fetched twice, never by the page.
      assert.equal(server.requests.filter((r) => r === 'GET /dist/html5.wasm').length, 2);
      assert.deepEqual(log.filter((l) => !/favicon\.ico/.test(l)), []);
    } finally {
      await chrome?.close();
      await server?.close();
    }
  });
});
