// init(source, options) and initSync(source, options): `memory` (grow the
// linear memory once and touch it) and `warmUp` (parse a built-in document)
// prepare an instance for its first page (README, "The first page").  The
// options are checked like parse()'s, apply to the instance there is, and
// change no result.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';

import { init, initSync, memoryUsage, parse } from '../../../js/node.js';
import { repoRoot } from '../lib/shared.js';

const WASM = readFileSync(join(repoRoot, 'dist/html5.wasm'));
const MiB = 2 ** 20;

/** Run `body` in a fresh Node process where js/index.js (not initialised at import) is `h5`; its output lines. */
function fresh(body) {
  const indexUrl = pathToFileURL(join(repoRoot, 'js/index.js')).href;
  const code = `import * as h5 from ${JSON.stringify(indexUrl)};
const wasm = (await import('node:fs')).readFileSync(${JSON.stringify(join(repoRoot, 'dist/html5.wasm'))});
const show = (e) => console.log(e.name + ': ' + e.message);
${body}`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', cwd: repoRoot }).trim().split('\n');
}

describe('init options: checked like every option', () => {
  const cases = [
    [{ memory: -1 }, TypeError, /^init\(\): option 'memory' must be a number of bytes \(a non-negative integer\); got number -1$/],
    [{ memory: 1.5 }, TypeError, /option 'memory' must be a number of bytes/],
    [{ memory: '64MB' }, TypeError, /option 'memory' must be a number of bytes .*; got string "64MB"$/],
    [{ memory: 2 ** 31 + 1 }, RangeError, /^init\(\): option 'memory' is 2147483649 bytes, more than the module's maximum of 2 GiB \(2147483648\)$/],
    [{ warmUp: 'yes' }, TypeError, /^init\(\): option 'warmUp' must be a boolean; got string "yes"$/],
    [{ initialMemory: 1 }, TypeError, /^init\(\): unknown option 'initialMemory'; known options: memory, warmUp$/],
    [7, TypeError, /^init\(\): options must be an object; got number 7$/],
  ];
  for (const [options, type, message] of cases) {
    test(`init(undefined, ${JSON.stringify(options)}) is a ${type.name}, and so is initSync's`, async () => {
      await assert.rejects(init(undefined, options), (e) => e instanceof type && message.test(e.message));
      assert.throws(() => initSync(WASM, options), (e) => e instanceof type && message.test(e.message.replace('initSync()', 'init()')));
    });
  }

  test('options are checked before anything is loaded (a fresh js/index.js)', () => {
    const lines = fresh(`
try { await h5.init(wasm, { memory: 2 ** 32 }); } catch (e) { show(e); }
console.log(h5.isReady());
try { h5.initSync(wasm, { warmUp: 1 }); } catch (e) { show(e); }
console.log(h5.isReady());`);
    assert.match(lines[0], /^RangeError: init\(\): option 'memory' is 4294967296 bytes/);
    assert.equal(lines[1], 'false');
    assert.match(lines[2], /^TypeError: initSync\(\): option 'warmUp' must be a boolean/);
    assert.equal(lines[3], 'false');
  });
});

describe('init option memory', () => {
  test('a fresh instance grows once to the size asked (in 64 KiB pages); a page that fits grows it no more', () => {
    const run = (options) => fresh(`
const before = h5.memoryUsage().wasm;
await h5.init(wasm${options});
const after = h5.memoryUsage().wasm;
const doc = '<!DOCTYPE html><body>' + '<div class=a><p>Some text &amp; <a href="/x">a link</a></p></div>\\n'.repeat(15000);
const title = h5.parse(doc + '<title>t</title>').title;
h5.parseToBuffer(doc);
console.log(before, after, h5.memoryUsage().wasm, title);`)[0].split(' ');
    const [before, after, afterParse, title] = run(', { memory: 24 * 2 ** 20 + 1 }');
    assert.equal(before, '0', 'not initialised before init()');
    assert.equal(Number(after), 24 * MiB + 65536);
    assert.equal(Number(afterParse), Number(after), 'a parse of a document that fits does not grow the memory');
    assert.equal(title, 't');
    const [, plainAfter, plainAfterParse] = run('');
    assert.ok(Number(plainAfterParse) > Number(plainAfter), 'without the option, the same parses grow the memory');
  });

  test('on an instance already there: grows it; a smaller size changes nothing; releaseMemory() starts small again', async () => {
    const { releaseMemory } = await import('../../../js/node.js');
    releaseMemory();
    const small = memoryUsage().wasm;
    await init(undefined, { memory: small + 3 * MiB });
    assert.equal(memoryUsage().wasm, small + 3 * MiB);
    initSync(WASM, { memory: MiB });
    assert.equal(memoryUsage().wasm, small + 3 * MiB);
    assert.equal(parse('<title>after</title>').title, 'after');
    releaseMemory();
    assert.equal(memoryUsage().wasm, small);
  });
});

describe('init option memory: the pages are mapped at init, not at the first parse', () => {
  test('the resident memory of the process grows by the size added (every page written once)', () => {
    const [grown, resident] = fresh(`
const before = process.memoryUsage().rss;
const size = h5.memoryUsage().wasm;
await h5.init(wasm, { memory: 96 * 2 ** 20 });
console.log(h5.memoryUsage().wasm - Math.max(size, 0), process.memoryUsage().rss - before);`)[0].split(' ').map(Number);
    assert.ok(grown >= 90 * MiB, `grown ${grown}`);
    // Without the touch, growing reserves address space only: the RSS would
    // stay about where it was (the module itself is a few MB).
    assert.ok(resident >= grown * 0.9, `resident memory grew by ${resident} bytes for ${grown} bytes of linear memory`);
  });
});

describe('init option warmUp', () => {
  test('changes no result: the same buffers with and without it', () => {
    const page = join(repoRoot, 'test/js/package/init-options.test.js'); // any text: parsed as HTML
    const run = (options) => fresh(`
const html = (await import('node:fs')).readFileSync(${JSON.stringify(page)}, 'utf8');
await h5.init(wasm${options});
const hash = (b) => (${hashSource})(new Uint8Array(b));
console.log(hash(h5.parseToBuffer(html, { sourceLocations: true, includeErrors: true })), hash(h5.parseToBuffer('<p>x')), h5.parse(html).body.textContent.length);`);
    const plain = run('');
    const warmed = run(', { warmUp: true, memory: 8 * 2 ** 20 }');
    assert.deepEqual(warmed, plain);
  });

  test('initSync with warmUp leaves the module parsing as before', () => {
    initSync(WASM, { warmUp: true });
    assert.equal(parse('<table><td>cell').querySelector('td').textContent, 'cell');
  });
});

// FNV-1a over the bytes, as source text for the child processes.
const hashSource = `(u) => { let h = 0x811c9dc5; for (const x of u) h = Math.imul(h ^ x, 0x01000193) >>> 0; return h.toString(16) + ':' + u.length; }`;
