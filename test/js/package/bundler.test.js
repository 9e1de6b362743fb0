// html5-wasm through bundlers, as an app would use it: 'html5-wasm' imported
// by package name (the npm-packed package installed in a temporary project:
// for browsers its minified dist/ entry points) and built with the bundlers'
// JavaScript APIs, each as the README's Bundlers section says:
//   - Vite, webpack 5: no configuration; they emit html5.wasm from
//     js/index.js's `new URL('../dist/html5.wasm', import.meta.url)`, and
//     bundle a worker (`new Worker(new URL('./worker.js', import.meta.url))`)
//     that gets a message at once after `new Worker()`;
//   - Rollup: @rollup/plugin-node-resolve and @web/rollup-plugin-import-meta-assets;
//   - esbuild: `--loader:.wasm=file` and `init(wasmUrl)`; with nothing, the
//     404 error names the URL it tried;
//   - html5-wasm/inline: one file, no html5.wasm to serve (esbuild);
//   - Node bundles (esbuild --platform=node, ESM and CJS; webpack for Node):
//     import never fails; the first parse finds html5.wasm or names where it
//     looked;
//   - no bundler: a page and a module worker import
//     /node_modules/html5-wasm/dist/html5-wasm.min.js by URL.
// Browser builds run in headless Chromium, Node bundles in node.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { build as esbuild } from 'esbuild';

import { describeInChromium, launchChromium, openPage } from '../../browser/chromium.js';
import { startServer } from '../../browser/server.js';
import { dumpTree, parse } from '../../../js/node.js';
import { repoRoot } from '../lib/shared.js';
import { installPacked } from './packed.js';

const HTML = '<!DOCTYPE html><title>Bundled</title><p><b>1<i>2</b>3</i><a href=/x>x</a><table>t<tr><td><a href=/y>y</table><svg><path d=M0/></svg>';
const EXPECTED = dumpTree(parse(HTML, { scriptingEnabled: false }));
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

// What every browser build runs: parse, parse to a buffer and decode, and
// (where the bundler bundles workers) the same through a worker.
const RUN = `
export async function run(init, h5) {
  const html = ${JSON.stringify(HTML)};
  await init();
  const doc = h5.parse(html, { scriptingEnabled: false });
  return {
    dump: h5.dumpTree(doc),
    bufferDump: h5.dumpTree(h5.decode(h5.parseToBuffer(html, { scriptingEnabled: false }))),
    title: doc.title,
  };
}
export function report(promise) {
  promise.then((r) => { globalThis.result = r; }, (e) => { globalThis.result = { error: String(e && e.message || e) }; });
}
`;
const MAIN = `
import * as h5 from 'html5-wasm';
import { run, report } from './run.js';
report(run(h5.init, h5));
`;
// The worker of examples/worker/worker.js, importing the package by name.
const WORKER = `
import { init, parseToBuffer } from 'html5-wasm';
self.onmessage = async ({ data }) => {
  try {
    await init();
    const buffer = parseToBuffer(data, { scriptingEnabled: false });
    self.postMessage(buffer, [buffer]);
  } catch (e) {
    self.postMessage({ error: e.message });
  }
};
`;
const MAIN_WITH_WORKER = `
import * as h5 from 'html5-wasm';
import { run, report } from './run.js';
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
worker.postMessage(${JSON.stringify(HTML)}); // at once: html5.wasm is not loaded yet
const fromWorker = new Promise((resolve) => { worker.onmessage = ({ data }) => resolve(data); });
report(run(h5.init, h5).then(async (r) => {
  const data = await fromWorker;
  return { ...r, workerDump: data instanceof ArrayBuffer ? h5.dumpTree(h5.decode(data)) : 'worker error: ' + data.error };
}));
`;
// esbuild's recipe: the wasm file as an asset whose URL the import gives.
const MAIN_ESBUILD = `
import * as h5 from 'html5-wasm';
import wasmUrl from 'html5-wasm/html5.wasm';
import { run, report } from './run.js';
report(run(() => h5.init(wasmUrl), h5));
`;
const MAIN_INLINE = `
import * as h5 from 'html5-wasm/inline';
import { run, report } from './run.js';
report(run(h5.init, h5));
`;
const NODE_APP = `
import { parse } from 'html5-wasm';
console.log(parse('<title>node bundle</title>').title);
`;
const NODE_INLINE_APP = `
import { parse, isReady } from 'html5-wasm/inline';
console.log(isReady(), parse('<title>inline</title>').title);
`;
// Only parse imported: the entry's initialisation at import must survive
// tree shaking (package.json "sideEffects" must keep js/inline.js).
const NODE_INLINE_PARSE_ONLY = `
import { parse } from 'html5-wasm/inline';
console.log(parse('<title>webpack inline</title>').title);
`;
// No bundler: the README's recipe, the library imported by URL.
const PLAIN_URL = '/node_modules/html5-wasm/dist/html5-wasm.min.js';
const MAIN_PLAIN = MAIN_WITH_WORKER.replace("from 'html5-wasm'", `from '${PLAIN_URL}'`);
const WORKER_PLAIN = WORKER.replace("from 'html5-wasm'", `from '${PLAIN_URL}'`);
const PAGE = (script, type = 'module') => `<!DOCTYPE html><meta charset=utf-8><title>bundle</title><script ${type ? `type=${type} ` : ''}src="${script}"></script>`;

let dir;
const out = (name) => join(dir, 'out', name);
const builds = {}; // name -> { files } or { error }

async function attempt(name, f) {
  try {
    mkdirSync(out(name), { recursive: true });
    await f(out(name));
    builds[name] = { files: readdirSync(out(name), { recursive: true }).map(String) };
  } catch (e) {
    builds[name] = { error: e.errors?.length ? e.errors.map((x) => `${x.location?.file}:${x.location?.line}: ${x.text}`).join('\n') : String(e.stack || e) };
  }
}
const built = (name) => {
  const b = builds[name];
  if (!b || b.error) assert.fail(`${name} build failed:\n${b?.error ?? 'not run'}`);
  return b;
};

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'h5-bundlers-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'h5-bundler-app', private: true, type: 'module' }));
  installPacked(dir, dir);
  for (const [file, text] of Object.entries({
    'run.js': RUN, 'main.js': MAIN, 'worker.js': WORKER, 'main-worker.js': MAIN_WITH_WORKER,
    'main-esbuild.js': MAIN_ESBUILD, 'main-inline.js': MAIN_INLINE, 'node-app.js': NODE_APP,
    'node-inline-app.js': NODE_INLINE_APP, 'node-inline-parse.js': NODE_INLINE_PARSE_ONLY, 'index.html': PAGE('./main-worker.js'),
  })) writeFileSync(join(dir, file), text);

  const esbuildOptions = (entry, outfile, more = {}) => ({
    entryPoints: [join(dir, entry)], absWorkingDir: dir, bundle: true, outfile, logLevel: 'silent', ...more,
  });
  await attempt('vite', async (outDir) => {
    const { build } = await import('vite');
    await build({ root: dir, configFile: false, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  });
  await attempt('webpack', async (outDir) => {
    const { default: webpack } = await import('webpack');
    const stats = await new Promise((resolve, reject) => webpack({
      mode: 'production', context: dir, entry: './main-worker.js', output: { path: outDir, filename: 'main.js' },
    }, (err, s) => (err ? reject(err) : resolve(s))));
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
    writeFileSync(join(outDir, 'index.html'), PAGE('main.js', ''));
  });
  await attempt('webpack-node', async (outDir) => {
    const { default: webpack } = await import('webpack');
    const stats = await new Promise((resolve, reject) => webpack({
      mode: 'production', target: 'node', context: dir, output: { path: outDir, filename: '[name].cjs' },
      entry: { inline: './node-inline-parse.js', app: './node-app.js' },
    }, (err, s) => (err ? reject(err) : resolve(s))));
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
  });
  await attempt('rollup', async (outDir) => {
    const { rollup } = await import('rollup');
    const { nodeResolve } = await import('@rollup/plugin-node-resolve');
    const { importMetaAssets } = await import('@web/rollup-plugin-import-meta-assets');
    const bundle = await rollup({ input: join(dir, 'main.js'), plugins: [nodeResolve({ browser: true }), importMetaAssets()], onwarn() {} });
    await bundle.write({ dir: outDir, format: 'es' });
    writeFileSync(join(outDir, 'index.html'), PAGE('main.js'));
  });
  await attempt('esbuild', async (outDir) => {
    await esbuild(esbuildOptions('main-esbuild.js', join(outDir, 'main.js'), { format: 'esm', loader: { '.wasm': 'file' } }));
    writeFileSync(join(outDir, 'index.html'), PAGE('main.js'));
  });
  await attempt('esbuild-plain', async (outDir) => {
    await esbuild(esbuildOptions('main.js', join(outDir, 'main.js'), { format: 'esm', metafile: true, write: true }));
    writeFileSync(join(outDir, 'index.html'), PAGE('main.js'));
  });
  await attempt('inline', async (outDir) => {
    await esbuild(esbuildOptions('main-inline.js', join(outDir, 'main.js'), { format: 'esm' }));
    writeFileSync(join(outDir, 'index.html'), PAGE('main.js'));
  });
  await attempt('plain', async (outDir) => {
    for (const [file, text] of Object.entries({ 'run.js': RUN, 'main.js': MAIN_PLAIN, 'worker.js': WORKER_PLAIN, 'index.html': PAGE('main.js') })) {
      writeFileSync(join(outDir, file), text);
    }
  });
  await attempt('node', async (outDir) => {
    await esbuild(esbuildOptions('node-app.js', join(outDir, 'app.mjs'), { platform: 'node', format: 'esm' }));
    await esbuild(esbuildOptions('node-app.js', join(outDir, 'app.cjs'), { platform: 'node', format: 'cjs' }));
    await esbuild(esbuildOptions('node-inline-app.js', join(outDir, 'inline.mjs'), { platform: 'node', format: 'esm' }));
  });
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('bundlers: what they emit', () => {
  // The apps import the whole API as a namespace, XML and the rewriter
  // included: the bundlers that follow new URL(…, import.meta.url) emit
  // xml5.wasm and rewrite.wasm too; esbuild's recipe imports html5.wasm alone
  // (XML then loads with initXml(url), the rewriter with initRewrite(url)).
  for (const name of ['vite', 'webpack', 'rollup', 'esbuild']) {
    const expected = name === 'esbuild' ? ['html5.wasm'] : ['html5.wasm', 'rewrite.wasm', 'xml5.wasm'];
    test(`${name} emits ${expected.join(' and ')} beside the bundle`, () => {
      const wasm = built(name).files.filter((f) => f.endsWith('.wasm'));
      assert.equal(wasm.length, expected.length, `${expected.length} .wasm file(s) in ${built(name).files.join(', ')}`);
      const bytes = wasm.map((f) => readFileSync(join(out(name), f)));
      for (const file of expected) {
        const want = readFileSync(join(repoRoot, 'dist', file));
        assert.ok(bytes.some((b) => b.equals(want)), `${file} among ${wasm.join(', ')}`);
      }
    });
  }

  test("they bundle the installed package's js/ ES modules (which tree shaking cuts), not a pre-minified chunk", () => {
    const text = readFileSync(join(out('esbuild'), 'main.js'), 'utf8');
    assert.match(text, /\/\/ node_modules\/html5-wasm\/js\/index\.js/, 'js/index.js, as esbuild names its modules');
    assert.doesNotMatch(text, /html5-wasm \d+\.\d+\.\d+ \| MIT \| built from js/, 'no legal comment of dist/*.min.js');
    assert.ok(!lstatSync(join(dir, 'node_modules', 'html5-wasm')).isSymbolicLink(), 'installed from the tarball');
  });

  test('html5-wasm/inline is one file and needs no html5.wasm', () => {
    const { files } = built('inline');
    assert.deepEqual(files.sort(), ['index.html', 'main.js']);
    const text = readFileSync(join(out('inline'), 'main.js'), 'utf8');
    assert.ok(text.includes(readFileSync(join(repoRoot, 'dist/html5.wasm')).toString('base64')), 'the wasm, base64');
    assert.doesNotMatch(text, /dist\/html5\.wasm"/, 'no URL of html5.wasm to fetch');
  });

  test('the browser bundles contain no Node built-in imports', () => {
    for (const name of ['vite', 'webpack', 'rollup', 'esbuild', 'inline']) {
      const js = built(name).files.filter((f) => f.endsWith('.js'));
      for (const f of js) {
        const text = readFileSync(join(out(name), f), 'utf8');
        // Static imports and require() only: js/core/loader.js's dynamic import of
        // node:fs/promises is only reached in Node (webpack's minifier writes
        // its specifier out; it stays a dynamic import).
        const found = text.match(/(?:\bfrom\s*|\brequire\s*\(\s*)["'](?:node:[\w/]+|fs|fs\/promises|path|url|module|worker_threads)["']/g);
        assert.equal(found, null, `${name}/${f}: Node built-in imports ${found}`);
        assert.ok(![...BUILTINS].some((b) => text.includes(`from "${b}"`)), `${name}/${f}`);
      }
    }
  });
});

describe('Node bundles (esbuild --platform=node)', () => {
  const runNode = (file, cwd) => spawnSync(process.execPath, [file], { cwd, encoding: 'utf8', timeout: 30_000 });

  for (const file of ['app.mjs', 'app.cjs']) {
    test(`${file} run where html5-wasm is installed finds html5.wasm`, () => {
      built('node');
      const r = runNode(join(out('node'), file), dir);
      assert.equal(r.stderr, '');
      assert.equal(r.stdout, 'node bundle\n');
    });

    test(`${file} run elsewhere: import works, the first parse names where it looked`, () => {
      built('node');
      const alone = mkdtempSync(join(tmpdir(), 'h5-alone-'));
      try {
        copyFileSync(join(out('node'), file), join(alone, file));
        const r = runNode(join(alone, file), alone);
        assert.equal(r.status, 1);
        assert.equal(r.stdout, '');
        // The message comes from the parse, not from the import.
        assert.match(r.stderr, /Error: html5-wasm: html5\.wasm was not found \(looked in: [^)]*\/html5\.wasm\)\. When the library is bundled, copy/);
        assert.match(r.stderr, new RegExp(`${alone.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/html5\\.wasm`));
        assert.match(r.stderr, /at parse /);
        // html5.wasm copied beside the bundle: it works.
        copyFileSync(join(repoRoot, 'dist/html5.wasm'), join(alone, 'html5.wasm'));
        const ok = runNode(join(alone, file), alone);
        assert.equal(ok.stderr, '');
        assert.equal(ok.stdout, 'node bundle\n');
      } finally {
        rmSync(alone, { recursive: true, force: true });
      }
    });
  }

  /** Run a bundle copied alone into an empty folder (no node_modules, no html5.wasm). */
  function runAlone(build, file) {
    built(build);
    const alone = mkdtempSync(join(tmpdir(), 'h5-alone-'));
    try {
      copyFileSync(join(out(build), file), join(alone, file));
      return runNode(join(alone, file), alone);
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  }

  test('webpack (target node, production) keeps html5-wasm/inline initialising at import when only parse is imported', () => {
    const r = runAlone('webpack-node', 'inline.cjs');
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, 'webpack inline\n');
  });

  test('webpack (target node, production) bundles html5-wasm, which finds html5.wasm', () => {
    built('webpack-node');
    const r = runNode(join(out('webpack-node'), 'app.cjs'), dir);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, 'node bundle\n');
  });

  test('an html5-wasm/inline bundle runs alone, initialised at import', () => {
    const r = runAlone('node', 'inline.mjs');
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, 'true inline\n');
  });
});

describeInChromium('the Chromium part of test/js/package/bundler.test.js', 'browser bundles in Chromium', {}, () => {
  let server;
  let chrome;
  const BROWSER = ['vite', 'webpack', 'rollup', 'esbuild', 'inline', 'plain', 'esbuild-plain'];
  const prefix = (name) => (name === 'vite' ? '/' : `/${name}/`);
  before(async () => {
    // Vite's default base is '/': its build is served at the root.
    server = await startServer([['/', out('vite')], ['/node_modules/', join(dir, 'node_modules')], ...BROWSER.filter((n) => n !== 'vite').map((n) => [`/${n}/`, out(n)])]);
    chrome = await launchChromium();
  });
  after(async () => {
    await chrome?.close();
    await server?.close();
  });

  async function resultOf(name) {
    built(name);
    const { page, log } = await openPage(chrome.context, `${server.origin}${prefix(name)}index.html`);
    try {
      await page.waitForFunction(() => globalThis.result !== undefined, null, { timeout: 20_000 });
      return { result: await page.evaluate(() => globalThis.result), log: log.filter((l) => !/favicon\.ico/.test(l)) };
    } finally {
      await page.close();
    }
  }

  for (const name of BROWSER.filter((n) => n !== 'esbuild-plain')) {
    test(`${name}: the bundle parses in Chromium`, { timeout: 30_000 }, async () => {
      const { result, log } = await resultOf(name);
      assert.equal(result.error, undefined);
      assert.equal(result.dump, EXPECTED);
      assert.equal(result.bufferDump, EXPECTED);
      assert.equal(result.title, 'Bundled');
      if (name === 'vite' || name === 'webpack' || name === 'plain') {
        assert.equal(result.workerDump, EXPECTED, 'the bundled worker answered the message posted at once');
      }
      assert.deepEqual(log, []);
      const wasmAt = { vite: '/assets/', plain: '/node_modules/html5-wasm/dist/' }[name] ?? prefix(name);
      const wasmRequests = server.requests.filter((r) => r.startsWith(`GET ${wasmAt}`) && r.endsWith('.wasm'));
      // The page: html5.wasm, and xml5.wasm and rewrite.wasm, which init()
      // loads (the app has the whole API; with esbuild's recipe init(url)
      // loads html5.wasm alone); the worker (parseToBuffer only): html5.wasm.
      const page = name === 'inline' ? 0 : name === 'esbuild' ? 1 : 3;
      // (without a bundler the worker imports dist/html5-wasm.min.js, the whole API: all three)
      const worker = name === 'plain' ? 3 : name === 'vite' || name === 'webpack' ? 1 : 0;
      assert.equal(wasmRequests.length, page + worker, server.requests.join('\n'));
    });
  }

  test('esbuild without the recipe: init() rejects naming the URL it fetched', { timeout: 30_000 }, async () => {
    const { result } = await resultOf('esbuild-plain');
    assert.equal(result.dump, undefined);
    assert.match(result.error, new RegExp(`^init\\(\\): fetching html5\\.wasm from ${server.origin}/dist/html5\\.wasm failed: HTTP 404 \\(bundled\\?`));
  });
});
