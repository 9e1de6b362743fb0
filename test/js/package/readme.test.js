// Every ```js block of README.md runs as written, each in a fresh project
// (a temporary folder with node_modules/html5-wasm linked to this
// repository, "type": "module"): as an ES module, or as CommonJS when it
// uses require().  Fixtures only surround a block (a fetch() stub preloaded
// with --import, the page.html the lint example names); they never change
// its text.  Blocks that are files of a recipe run as the recipe says:
// rollup.config.mjs with rollup, the esbuild example bundled with
// --loader:.wasm=file, the node:test and Vitest files with their runners,
// worker.js + main.js built with Vite and run in Chromium.  Where a block
// states a result (`console.log(x); // 'value'`, the lint example's output
// lines) the output must be that.  A block that cannot run must say so in
// its text: `// not run by test/js/package/readme.test.js: REASON`.
//
// And the README's relative links point at files the npm package ships
// (or at headings), so that they resolve on npmjs.com.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';

import { announceSkip, browserTestsSkipReason, launchChromium, openPage } from '../../browser/chromium.js';
import { startServer } from '../../browser/server.js';
import { repoRoot } from '../lib/shared.js';

const README = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const PKG = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const SKIP_MARK = /^\s*\/\/ not run by test\/js\/package\/readme\.test\.js: (\S.*)$/m;

/** The ```js blocks: { line, code } (a block indented in a list item loses its indentation). */
function jsBlocks(text) {
  const blocks = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)```js\s*$/.exec(lines[i]);
    if (!m) continue;
    const indent = m[1].length;
    const body = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]); j++) body.push(lines[j].slice(Math.min(indent, /^\s*/.exec(lines[j])[0].length)));
    blocks.push({ line: i + 1, code: body.join('\n') + '\n' });
    i = j;
  }
  return blocks;
}

const dirs = [];
after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** A fresh project folder; `links` are packages of this repository's node_modules it may use. */
function project(links = []) {
  const dir = mkdtempSync(join(tmpdir(), 'h5-readme-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'node_modules', '@rollup'), { recursive: true });
  symlinkSync(repoRoot, join(dir, 'node_modules', 'html5-wasm'), 'dir');
  for (const name of links) symlinkSync(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'readme-block', private: true, type: 'module' }));
  return dir;
}

function node(args, cwd) {
  // Without NODE_TEST_CONTEXT, a `node --test` child reports as it would alone.
  const env = { ...process.env, NO_COLOR: '1' };
  delete env.NODE_TEST_CONTEXT;
  const r = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, all: `${r.stdout}${r.stderr}` };
}

/**
 * The results a block states: `console.log(x); // 'value'` gives the printed
 * line; a `console.log(x);` line followed by comment lines gives those lines
 * (a multi-line result, such as util.inspect's form).
 */
function statedOutput(code) {
  const out = [];
  const lines = code.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const same = /console\.log\([^\n]*\);\s*\/\/ (.+)$/.exec(lines[i]);
    if (same) {
      let v;
      try {
        v = JSON.parse(same[1].replace(/^'(.*)'$/, (_, s) => JSON.stringify(s)));
      } catch {
        continue; // a comment, not a value
      }
      out.push(String(v));
    } else if (/^\s*console\.log\(.*\);$/.test(lines[i]) && /^\s*\/\/ /.test(lines[i + 1] ?? '')) {
      for (i++; i < lines.length && /^\s*\/\/ /.test(lines[i]); i++) out.push(lines[i].replace(/^\s*\/\/ /, ''));
      i--;
    }
  }
  return out;
}

// A fetch() that serves a windows-1252 page without a network, for the
// byte-input example.
const FETCH_FIXTURE = `
globalThis.fetch = async (url) => new Response(new Uint8Array([...'<title>caf'].map((c) => c.charCodeAt(0)).concat([0xe9], [...'</title>'].map((c) => c.charCodeAt(0)))),
  { headers: { 'content-type': 'text/html; charset=windows-1252' } });
`;

const blocks = jsBlocks(README);

describe('README: every ```js block runs', () => {
  test('the README has its examples', () => {
    assert.ok(blocks.length >= 12, `${blocks.length} blocks`);
  });

  const kinds = new Map(); // which blocks were run how (checked at the end)
  const worker = blocks.find((b) => b.code.startsWith('// worker.js\n'));
  const main = blocks.find((b) => b.code.startsWith('// main.js\n'));

  for (const block of blocks) {
    const name = `README.md:${block.line}`;
    const { code } = block;
    const skip = SKIP_MARK.exec(code);
    if (skip) {
      test(`${name} (not run: ${skip[1]})`, { skip: skip[1] }, () => {});
      continue;
    }
    if (block === worker || block === main) continue; // below, in Chromium

    if (code.startsWith('// rollup.config.mjs\n')) {
      kinds.set(block, 'rollup');
      test(`${name}: rollup.config.mjs builds an app that runs`, { timeout: 60_000 }, () => {
        const dir = project(['rollup', '@rollup/plugin-node-resolve', '@rollup/pluginutils', '@web']);
        writeFileSync(join(dir, 'rollup.config.mjs'), code);
        writeFileSync(join(dir, 'main.js'), "import { init, parse } from 'html5-wasm';\nawait init();\nconsole.log(parse('<title>rollup</title>').title);\n");
        const b = node([join(repoRoot, 'node_modules/rollup/dist/bin/rollup'), '-c', '--silent'], dir);
        assert.equal(b.status, 0, b.all);
        const r = node([join(dir, 'dist/main.js')], dir); // a browser bundle; Node reads the emitted asset by its file: URL
        assert.equal(r.all, 'rollup\n');
      });
      continue;
    }
    if (code.includes("from 'html5-wasm/html5.wasm'")) {
      kinds.set(block, 'esbuild');
      test(`${name}: bundled with esbuild --loader:.wasm=file, runs`, async () => {
        const dir = project();
        writeFileSync(join(dir, 'main.js'), code);
        const { build } = await import('esbuild');
        await build({ entryPoints: [join(dir, 'main.js')], absWorkingDir: dir, bundle: true, format: 'esm', outdir: join(dir, 'dist'), loader: { '.wasm': 'file' }, logLevel: 'silent' });
        const r = node([join(dir, 'dist/main.js')], join(dir, 'dist'));
        assert.equal(r.all, statedOutput(code).map((l) => `${l}\n`).join(''));
      });
      continue;
    }
    if (code.startsWith('// ssr.test.mjs: node --test\n')) {
      kinds.set(block, 'node:test');
      test(`${name}: node --test passes`, () => {
        const dir = project();
        writeFileSync(join(dir, 'ssr.test.mjs'), code);
        const r = node(['--test', '--test-reporter=tap', 'ssr.test.mjs'], dir);
        assert.equal(r.status, 0, r.all);
        assert.match(r.stdout, /^# pass 1$/m);
        assert.match(r.stdout, /^# fail 0$/m);
      });
      continue;
    }
    if (code.startsWith('// ssr.test.js: npx vitest run\n')) {
      kinds.set(block, 'vitest');
      test(`${name}: vitest run passes`, { timeout: 60_000 }, () => {
        const dir = project(['vitest']);
        writeFileSync(join(dir, 'ssr.test.js'), code);
        const r = node([join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir], dir);
        assert.equal(r.status, 0, r.all);
        assert.match(r.stdout.replace(/\x1b\[[0-9;]*m/g, ''), /Tests\s+1 passed \(1\)/);
      });
      continue;
    }

    const cjs = /\brequire\(/.test(code) && !/^import /m.test(code);
    kinds.set(block, cjs ? 'cjs' : 'esm');
    test(`${name}: runs as ${cjs ? 'CommonJS' : 'an ES module'}`, () => {
      // Other packages the block imports by name (DOMPurify): this repository's devDependencies.
      const others = [...code.matchAll(/\bfrom '([a-z@][^'/]*)'/g)].map((m) => m[1]).filter((n) => n !== 'html5-wasm' && n in PKG.devDependencies);
      const dir = project(others);
      const file = join(dir, cjs ? 'block.cjs' : 'block.mjs');
      writeFileSync(file, code);
      const args = [];
      if (/\bfetch\(/.test(code)) {
        writeFileSync(join(dir, 'fetch-fixture.mjs'), FETCH_FIXTURE);
        args.push('--import', './fetch-fixture.mjs');
      }
      args.push(file);
      // The lint example: the page its comment makes, and the output it shows.
      const shell = /^\/\/ \$ printf '(.*)' > (\S+); node \S+ (\S+)$/m.exec(code);
      let expected = statedOutput(code).map((l) => `${l}\n`).join('');
      if (shell) {
        writeFileSync(join(dir, shell[2]), shell[1].replace(/\\n/g, '\n'));
        args.push(shell[3]);
        expected = code.slice(shell.index + shell[0].length).match(/^\/\/ (.+)$/gm).map((l) => `${l.slice(3)}\n`).join('');
      }
      const r = node(args, dir);
      assert.equal(r.status, 0, r.all);
      assert.equal(r.stderr, '');
      assert.equal(r.stdout, expected);
    });
  }

  test('the worker recipe (worker.js + main.js) built with Vite answers in Chromium', { timeout: 60_000, skip: browserTestsSkipReason() ?? false }, async () => {
    assert.ok(worker && main, 'the README has the worker.js and main.js blocks');
    const dir = project(['vite']);
    writeFileSync(join(dir, 'worker.js'), worker.code);
    writeFileSync(join(dir, 'main.js'), main.code);
    writeFileSync(join(dir, 'index.html'), '<!DOCTYPE html><title>page</title><script type=module src="./main.js"></script>');
    const { build } = await import('vite');
    await build({ root: dir, configFile: false, logLevel: 'silent', build: { outDir: join(dir, 'dist') } });
    let server;
    let chrome;
    try {
      server = await startServer([['/', join(dir, 'dist')]]);
      chrome = await launchChromium();
      const { page, log } = await openPage(chrome.context, `${server.origin}/index.html`);
      await page.waitForFunction(() => document.title !== 'page', null, { timeout: 20_000 });
      assert.equal(await page.title(), 'From a worker');
      assert.deepEqual(log.filter((l) => !/favicon\.ico/.test(l)), []);
    } finally {
      await chrome?.close();
      await server?.close();
    }
  });
  if (browserTestsSkipReason()) announceSkip('the worker recipe of test/js/package/readme.test.js (Chromium)');

  test('each recipe file was recognised (none ran as a plain script)', () => {
    const by = (k) => [...kinds.values()].filter((v) => v === k).length;
    for (const k of ['rollup', 'esbuild', 'node:test', 'vitest', 'cjs']) assert.equal(by(k), 1, `${k}: ${by(k)} blocks`);
    assert.ok(by('esm') >= 6);
  });
});

describe('README: links resolve on npm', () => {
  const slug = (h) => h.toLowerCase().replace(/<[^>]+>/g, '').replace(/[^\p{L}\p{N} _-]/gu, '').trim().replace(/ /g, '-');
  const anchors = new Set(README.split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => slug(l.replace(/^#+ /, ''))));
  const shipped = (p) => PKG.files.some((f) => (f.endsWith('/') ? p.startsWith(f) : p === f));

  test('relative links point at shipped files, #links at headings', () => {
    const bad = [];
    for (const [, target] of README.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^https?:\/\//.test(target)) continue;
      if (target.startsWith('#')) {
        if (!anchors.has(target.slice(1))) bad.push(`${target}: no such heading`);
      } else if (!shipped(target) || !existsSync(join(repoRoot, target))) {
        bad.push(`${target}: not in the package's "files"`);
      }
    }
    assert.deepEqual(bad, []);
  });
});
