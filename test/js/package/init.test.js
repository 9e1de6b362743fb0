// init() and initSync() check their source whether or not the module is
// already initialised (in Node it is, at import): a wrong type is a
// TypeError, bytes that are no WebAssembly module or a file that cannot be
// read an Error naming it; a fetch that fails names the URL.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';

import { init, initSync, isReady, parse } from '../../../js/node.js';
import { repoRoot } from '../lib/shared.js';

const WASM = readFileSync(join(repoRoot, 'dist/html5.wasm'));
const indexUrl = pathToFileURL(join(repoRoot, 'js/index.js')).href;

/** Run `body` in a fresh Node process where js/index.js (not initialised at import) is `h5`. */
function fresh(body) {
  const code = `import * as h5 from ${JSON.stringify(indexUrl)};\nconst show = (e) => console.log(e.name + ': ' + e.message);\n${body}`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', cwd: repoRoot }).trim();
}
const errorOf = (f) => `try { await ${f}; console.log('no error'); } catch (e) { show(e); }`;

describe('init and initSync check their source once initialised (Node)', () => {
  test('the module is initialised at import', () => assert.equal(isReady(), true));

  test('init(123) is a TypeError naming the value', async () => {
    await assert.rejects(init(123), { name: 'TypeError', message: /^init\(source\): source must be a URL, a URL string, .*; got number 123$/ });
    await assert.rejects(init({}), { name: 'TypeError', message: /got an object \(Object\)$/ });
  });

  test("init('/bad.wasm') is an Error naming the file", async () => {
    await assert.rejects(init('/bad.wasm'), { name: 'Error', message: 'init(): cannot read html5.wasm at /bad.wasm: ENOENT' });
    await assert.rejects(init(new URL('file:///nowhere/x.wasm')), { message: 'init(): cannot read html5.wasm at /nowhere/x.wasm: ENOENT' });
  });

  test('a file that is not a WebAssembly module is an Error', async () => {
    await assert.rejects(init(join(repoRoot, 'package.json')), { name: 'Error', message: /^init\(source\): the \d+ bytes given are not a valid WebAssembly module/ });
  });

  test("initSync('x') is a TypeError; bytes that are no module an Error", () => {
    assert.throws(() => initSync('x'), { name: 'TypeError', message: /^initSync\(source\): source must be the bytes of html5\.wasm .*; got string "x"$/ });
    assert.throws(() => initSync(new Uint8Array(8)), { name: 'Error', message: 'initSync(source): the 8 bytes given are not a valid WebAssembly module (expected html5.wasm)' });
  });

  test('valid sources still resolve, and the module keeps working', async () => {
    await init();
    await init(WASM);
    await init(join(repoRoot, 'dist/html5.wasm'));
    await init(new WebAssembly.Module(WASM));
    initSync(WASM);
    assert.equal(parse('<title>still</title>').title, 'still');
  });
});

describe('init and initSync before initialisation (a fresh js/index.js)', () => {
  test('wrong sources fail with the same errors, and a later good one works', () => {
    const out = fresh(`${errorOf('h5.init(123)')}
${errorOf("h5.init('/bad.wasm')")}
${errorOf('h5.init(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1]))')}
try { h5.initSync('x'); } catch (e) { show(e); }
try { h5.parse('x'); } catch (e) { show(e); }
await h5.init(${JSON.stringify(join(repoRoot, 'dist/html5.wasm'))});
console.log(h5.parse('<title>ok</title>').title);`);
    assert.deepEqual(out.split('\n'), [
      'TypeError: init(source): source must be a URL, a URL string, a Response, an ArrayBuffer or typed array holding html5.wasm, a WebAssembly.Module, or nothing; got number 123',
      'Error: init(): cannot read html5.wasm at /bad.wasm: ENOENT',
      'Error: init(source): the 9 bytes given are not a valid WebAssembly module (expected html5.wasm)',
      'TypeError: initSync(source): source must be the bytes of html5.wasm (an ArrayBuffer or typed array) or a WebAssembly.Module; got string "x"',
      'Error: html5-wasm is not initialised yet: call `await init()` before parsing (in Cloudflare Workers and other runtimes without a file URL: README, Runtimes)',
      'ok',
    ]);
  });

  test('a WebAssembly module that is not html5.wasm is an Error', () => {
    // The smallest valid module: the magic number and version alone.
    const out = fresh(errorOf('h5.init(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))'));
    assert.equal(out, 'Error: init(): this WebAssembly module is not html5.wasm (it lacks the memory and h5w_* exports)');
  });

  test('a failed fetch names the URL, with the HTTP status', async () => {
    const server = createServer((req, res) => res.writeHead(404).end('no'));
    await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${server.address().port}/assets/html5.wasm`;
    try {
      const out = await new Promise((resolve, reject) => {
        // The server runs in this process: the child must not block it.
        import('node:child_process').then(({ execFile }) => execFile(process.execPath, ['--input-type=module', '-e',
          `import * as h5 from ${JSON.stringify(indexUrl)};\nconst show = (e) => console.log(e.name + ': ' + e.message);\n${errorOf(`h5.init(${JSON.stringify(url)})`)}`],
        { encoding: 'utf8' }, (err, stdout) => (err ? reject(err) : resolve(stdout.trim()))));
      });
      assert.equal(out, `Error: init(): fetching html5.wasm from ${url} failed: HTTP 404 (bundled? README, Bundlers: serve html5.wasm there or pass its URL to init())`);
    } finally {
      server.close();
    }
  });
});

// The README's ceiling: the module's memory has a 2 GiB maximum.  Growing
// it there from JS reserves address space without touching it (no RAM), so
// the ceiling itself can be reached: an input that needs more is a
// RangeError that says so, and the module keeps parsing.
describe('the 2 GiB memory ceiling', () => {
  test('at the maximum: a RangeError for what does not fit, and the next parse works', () => {
    const loaderUrl = pathToFileURL(join(repoRoot, 'js/core/loader.js')).href;
    const out = fresh(`
const { getWasm, writeInput } = await import(${JSON.stringify(loaderUrl)});
h5.initSync((await import('node:fs')).readFileSync(${JSON.stringify(join(repoRoot, 'dist/html5.wasm'))}));
const w = getWasm();
const pages = w.memory.buffer.byteLength / 65536;
try { w.memory.grow(32768 - pages + 1); } catch (e) { show(e); }
w.memory.grow(32768 - pages);
console.log(w.memory.buffer.byteLength === 2 ** 31, h5.memoryUsage().wasm);
try { writeInput(w, { length: 2 ** 30 }); } catch (e) { show(e); }
console.log(h5.parse('<title>still usable</title>').title);
h5.releaseMemory();
console.log(h5.memoryUsage().wasm < 2 ** 31);`);
    const lines = out.split('\n');
    assert.match(lines[0], /^RangeError: WebAssembly\.Memory\.grow\(\): Maximum memory size exceeded$/);
    assert.equal(lines[1], `true ${2 ** 31}`);
    assert.equal(lines[2], `RangeError: input of ${2 ** 30} UTF-16 code units is too large for the parser's memory`);
    assert.equal(lines[3], 'still usable');
    assert.equal(lines[4], 'true');
  });
});
