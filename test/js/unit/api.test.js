// The public API around tokenize(): initialisation in its several forms,
// input and option validation with clear errors.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { init, isReady, tokenize } from '../../../js/node.js';
import { repoRoot } from '../lib/shared.js';

const wasmPath = join(repoRoot, 'dist/html5.wasm');

describe('api: init', () => {
  test('the Node entry initialises at import', () => {
    assert.equal(isReady(), true);
  });

  test('init() is idempotent and resolves every time', async () => {
    await init();
    await init();
    await Promise.all([init(), init()]);
    assert.deepEqual(tokenize('<p>'), [{ type: 'startTag', name: 'p', attributes: [], selfClosing: false }]);
  });

  test('calling tokenize before init throws an Error that says to await init()', () => {
    const script = `
      import { tokenize } from ${JSON.stringify(join(repoRoot, 'js/index.js'))};
      try { tokenize('<p>'); console.log('no error'); }
      catch (e) { console.log(e.constructor.name + ': ' + e.message); }`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.match(out, /^Error: .*await init\(\)/);
  });

  for (const [label, make] of [
    ['bytes (Uint8Array)', () => readFileSync(wasmPath)],
    ['an ArrayBuffer', () => { const b = readFileSync(wasmPath); return b.buffer.slice(b.byteOffset, b.byteOffset + b.length); }],
    ['a WebAssembly.Module', () => new WebAssembly.Module(readFileSync(wasmPath))],
    ['a file: URL', () => new URL('file://' + wasmPath)],
  ]) {
    test(`init() from ${label} in a fresh module instance`, () => {
      const script = `
        import { readFileSync } from 'node:fs';
        import { init, tokenize } from ${JSON.stringify(join(repoRoot, 'js/index.js'))};
        const wasmPath = ${JSON.stringify(wasmPath)};
        const make = ${make.toString()};
        await init(make());
        console.log(JSON.stringify(tokenize('<a href=x>t')));`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      assert.deepEqual(JSON.parse(out), [
        { type: 'startTag', name: 'a', attributes: [{ name: 'href', value: 'x' }], selfClosing: false },
        { type: 'character', data: 't' },
      ]);
    });
  }

  test('init() rejects a source of the wrong type with a TypeError', async () => {
    const script = `
      import { init } from ${JSON.stringify(join(repoRoot, 'js/index.js'))};
      try { await init(42); console.log('no error'); }
      catch (e) { console.log(e.constructor.name + ': ' + e.message); }`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.match(out, /^TypeError: init\(source\): source must be/);
  });

  for (const [label, make] of [
    ['bytes', () => readFileSync(wasmPath)],
    ['a WebAssembly.Module', () => new WebAssembly.Module(readFileSync(wasmPath))],
  ]) {
    test(`initSync() from ${label} in a fresh module instance`, () => {
      const script = `
        import { readFileSync } from 'node:fs';
        import { initSync, isReady, tokenize } from ${JSON.stringify(join(repoRoot, 'js/index.js'))};
        const wasmPath = ${JSON.stringify(wasmPath)};
        const make = ${make.toString()};
        const before = isReady();
        initSync(make());
        console.log(JSON.stringify([before, isReady(), tokenize('<b>x')]));`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      assert.deepEqual(JSON.parse(out), [false, true, [
        { type: 'startTag', name: 'b', attributes: [], selfClosing: false },
        { type: 'character', data: 'x' },
      ]]);
    });
  }

  test('initSync() rejects a source of the wrong type with a TypeError', () => {
    const script = `
      import { initSync } from ${JSON.stringify(join(repoRoot, 'js/index.js'))};
      try { initSync('html5.wasm'); console.log('no error'); }
      catch (e) { console.log(e.constructor.name + ': ' + e.message); }`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.match(out, /^TypeError: initSync\(source\): source must be/);
  });
});

describe('api: tokenize input and options', () => {
  for (const bad of [undefined, null, 42, {}, ['<p>'], new Uint8Array(3)]) {
    test(`non-string input ${Object.prototype.toString.call(bad)} is a TypeError`, () => {
      assert.throws(() => tokenize(bad), { name: 'TypeError', message: /tokenize\(html\): html must be a string/ });
    });
  }
  test('unknown option names are a TypeError naming the option', () => {
    assert.throws(() => tokenize('x', { initalState: 'Data state' }), { name: 'TypeError', message: /unknown option 'initalState'/ });
  });
  test('wrong option types are a TypeError naming the option', () => {
    assert.throws(() => tokenize('x', { initialState: 'data' }), { name: 'TypeError', message: /option 'initialState' must be one of/ });
    assert.throws(() => tokenize('x', { onParseError: 1 }), { name: 'TypeError', message: /option 'onParseError' must be a function/ });
    assert.throws(() => tokenize('x', { lastStartTag: 3 }), { name: 'TypeError', message: /option 'lastStartTag' must be a string/ });
    assert.throws(() => tokenize('x', 'opts'), { name: 'TypeError', message: /options must be an object/ });
  });
  test('empty input gives no tokens', () => {
    assert.deepEqual(tokenize(''), []);
  });
  test('lone surrogates and astral characters survive exactly', () => {
    const s = 'a\uD800b\u{1F600}c\uDFFF';
    const errors = [];
    assert.deepEqual(tokenize(s, { onParseError: (e) => errors.push(e.code) }), [{ type: 'character', data: s }]);
    assert.deepEqual(errors, ['surrogate-in-input-stream', 'surrogate-in-input-stream']);
  });
  test('errors carry code, line, col and offset', () => {
    const errors = [];
    tokenize('ab\r\n<a b=1 b=2>', { onParseError: (e) => errors.push(e) });
    assert.deepEqual(errors, [{ code: 'duplicate-attribute', offset: 12, line: 2, col: 9 }]);
  });
  test('a large input tokenizes and the heap is reused', () => {
    const big = '<p class="x">' + 'text &amp; more '.repeat(200000);
    for (let i = 0; i < 3; i++) {
      const t = tokenize(big);
      assert.equal(t.length, 2);
      assert.equal(t[1].data.length, 'text & more '.length * 200000);
    }
  });
});

describe('api: memoryUsage() and releaseMemory()', () => {
  test('a large input grows the module memory; releaseMemory() gives it back and parsing goes on', async () => {
    const h5 = await import('../../../js/node.js');
    h5.releaseMemory();
    const base = h5.memoryUsage().wasm;
    assert.ok(base > 0 && base < 16 << 20, `fresh instance memory ${base}`);
    const small = '<!DOCTYPE html><p id=a>one<b>two</b></p><template><td>x</template>';
    const before = h5.parse(small);
    const expected = h5.dumpTree(before);
    const big = '<div class="row">' + 'text &amp; <i>more</i> '.repeat(400_000) + '</div>';
    const tree = h5.parse(big);
    const grown = h5.memoryUsage().wasm;
    assert.ok(grown >= base + (32 << 20), `memory grew from ${base} to ${grown} bytes`);
    h5.releaseMemory();
    assert.equal(h5.memoryUsage().wasm, base, 'a fresh instance starts at the initial size');
    // Trees decoded before stay usable, including the C serialiser path.
    assert.equal(h5.dumpTree(before), expected);
    assert.equal(tree.body.firstChild.childNodes.length, 800_001); // (text, <i>) × 400,000 and the last space
    assert.equal(h5.serialize(before), h5.serialize(h5.parse(small)));
    assert.equal(h5.serialize(before), '<!DOCTYPE html><html><head></head><body><p id="a">one<b>two</b></p><template><td>x</td></template></body></html>');
    assert.equal(h5.dumpTree(h5.parse(small)), expected);
    assert.equal(h5.memoryUsage().wasm, base, 'a small parse does not grow it');
  });
});

describe('api: parseToBuffer() result', () => {
  test('is an ArrayBuffer of exactly the buffer size, owned by the caller: later parses do not touch it', async () => {
    const h5 = await import('../../../js/node.js');
    const html = '<!DOCTYPE html><title>t</title><p class=x>one &amp; two<!--c-->';
    const buf = h5.parseToBuffer(html);
    assert.ok(buf instanceof ArrayBuffer);
    const words = new Uint32Array(buf);
    assert.equal(buf.byteLength, words[17], 'header word 17 (total size) is the byte length');
    const expected = h5.dumpTree(h5.decode(buf));
    const copy = new Uint8Array(buf).slice();
    for (let i = 0; i < 3; i++) h5.parseToBuffer('<table><tr><td>' + 'x'.repeat(1000 * (i + 1)));
    assert.deepEqual(new Uint8Array(buf), copy, 'the bytes are unchanged after other parses');
    assert.equal(h5.dumpTree(h5.decode(buf)), expected);
    assert.equal(h5.dumpTree(h5.decode(buf)), h5.dumpTree(h5.parse(html)));
    // An empty document still has its header and records.
    assert.ok(h5.parseToBuffer('').byteLength > 0);
  });
});

describe('api: parseToView() result', () => {
  test('is the bytes parseToBuffer() returns, in the module memory, borrowed until the next call', async () => {
    const h5 = await import('../../../js/node.js');
    const html = '<!DOCTYPE html><title>t</title><p class=x>one &amp; two<!--c--><svg><path d=M0/></svg>';
    for (const options of [undefined, { sourceLocations: true, scriptingEnabled: false }, { fragment: true, context: 'td' }]) {
      const owned = new Uint8Array(h5.parseToBuffer(html, options));
      const view = h5.parseToView(html, options);
      assert.ok(view instanceof Uint8Array);
      assert.deepEqual(view, owned, `same bytes (${JSON.stringify(options)})`);
      assert.equal(view.byteLength, new Uint32Array(view.buffer, view.byteOffset, 20)[17]);
      assert.notEqual(view.byteOffset, 0, 'a view into the module memory, not a copy');
      // decode() copies what it keeps: the tree outlives the view.
      const tree = h5.decode(view);
      const dump = h5.dumpTree(tree);
      assert.equal(dump, h5.dumpTree(h5.decode(owned.buffer)));
      h5.parseToView('<table><tr><td>' + 'y'.repeat(5000));
      assert.equal(h5.dumpTree(tree), dump, 'the decoded tree is unchanged after another parse');
    }
    // The next parse reuses the memory: a borrowed view does not stay valid.
    const first = h5.parseToView('<p>' + 'a'.repeat(100));
    const before = first.slice();
    h5.parseToView('<b>' + 'b'.repeat(100));
    assert.notDeepEqual(first, before);
  });

  test('checks its arguments as parseToBuffer() does', async () => {
    const h5 = await import('../../../js/node.js');
    assert.throws(() => h5.parseToView(42), { name: 'TypeError', message: /^parseToView\(input\): input must be a string, or bytes/ });
    assert.throws(() => h5.parseToView('<p>', { context: 'td' }), { name: 'TypeError', message: "parseToView(): option 'context' needs fragment: true" });
    assert.throws(() => h5.parseToView('<p>', { format: 'dom' }), { name: 'TypeError', message: /^parseToView\(\): unknown option 'format'/ });
  });
});

describe('api: options are read once', () => {
  test('each own option is read exactly once; inherited properties are not options', async () => {
    const { parse, parseFragment } = await import('../../../js/node.js');
    const reads = {};
    const counted = (o) => {
      const out = {};
      for (const [k, v] of Object.entries(o)) {
        Object.defineProperty(out, k, { enumerable: true, get: () => ((reads[k] = (reads[k] ?? 0) + 1), v) });
      }
      return out;
    };
    const errors = [];
    const doc = parse('<p>a\n</div>', counted({ scriptingEnabled: false, sourceLocations: true, onParseError: (e) => errors.push(e), format: 'dom' }));
    assert.deepEqual(reads, { scriptingEnabled: 1, sourceLocations: 1, onParseError: 1, format: 1 });
    assert.equal(doc.querySelector('p').sourceCodeLocation.startLine, 1);
    assert.deepEqual(errors.map((e) => [e.code, e.line, e.col]), [['missing-doctype', 1, 1], ['end-tag-without-matching-open-element', 2, 1]]);
    for (const k of Object.keys(reads)) delete reads[k];
    const frag = parseFragment('<td>x', counted({ context: 'tr' }));
    assert.deepEqual(reads, { context: 1 });
    assert.equal(frag.firstChild.localName, 'td');
    // An option on the prototype is no option: scripting stays on.
    const inherited = Object.create({ scriptingEnabled: false });
    assert.equal(parse('<noscript><p>x</p></noscript>', inherited).querySelector('noscript').firstChild.nodeName, '#text');
    assert.throws(() => tokenize('', { toString: 1 }), { name: 'TypeError', message: /unknown option 'toString'/ });
  });
});
