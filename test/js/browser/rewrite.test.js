// HTMLRewriter everywhere (issue 33): examples/rewrite/recipe.mjs, the same
// code, in Deno, Bun and workerd (npm devDependencies: a missing one is a
// failure, not a skip), and in Chromium in a page (examples/rewrite/index.html) and
// in a module worker.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { after, before, test } from 'node:test';

import { describeInChromium, launchChromium, openPage } from '../../browser/chromium.js';
import { startServer } from '../../browser/server.js';
import { repoRoot } from '../lib/shared.js';

const RECIPE = join(repoRoot, 'examples/rewrite/recipe.mjs');
const WANT = '<p><a href="https://example.com" rel="noopener">x</a></p>';

for (const [name, args] of [['deno', ['run', '--allow-read', RECIPE]], ['bun', [RECIPE]]]) {
  test(`the recipe in ${name}`, () => {
    const bin = join(repoRoot, 'node_modules/.bin', name);
    assert.ok(existsSync(bin), `${name} is missing (${bin}): it is a devDependency, run npm install`);
    const r = spawnSync(bin, args, { encoding: 'utf8', cwd: repoRoot, timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), WANT);
  });
}

/** The files the module `file` imports, transitively (relative specifiers), with itself. */
function moduleGraph(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/(?:from\s*|import\s*\(?\s*)'(\.[^']+)'/g)) moduleGraph(resolve(dirname(file), m[1]), seen);
  return seen;
}

test('the recipe in workerd, as a worker\'s own modules (an alternative to the built-in HTMLRewriter)', () => {
  const bin = join(repoRoot, 'node_modules/.bin/workerd');
  assert.ok(existsSync(bin), `workerd is missing (${bin}): it is a devDependency, run npm install`);
  const dir = mkdtempSync(join(tmpdir(), 'h5-rewrite-in-workerd-'));
  try {
    const files = [...moduleGraph(RECIPE), ...moduleGraph(join(repoRoot, 'js/index.js'))].map((f) => relative(repoRoot, f));
    for (const f of new Set(files)) {
      mkdirSync(join(dir, dirname(f)), { recursive: true });
      copyFileSync(join(repoRoot, f), join(dir, f));
    }
    copyFileSync(join(repoRoot, 'dist/rewrite.wasm'), join(dir, 'rewrite.wasm'));
    writeFileSync(join(dir, 'main.js'), `import { initRewriteSync } from './js/index.js';
      import { rewriteExample } from './examples/rewrite/recipe.mjs';
      import wasm from './rewrite.wasm';
      initRewriteSync(wasm);
      export default { async test() { console.log(await rewriteExample()); } };`);
    const modules = [...new Set(files)].map((f) => `(name = "${f}", esModule = embed "${f}")`).join(',\n');
    writeFileSync(join(dir, 'config.capnp'), `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = ( services = [ (name = "main", worker = .w) ] );
const w :Workerd.Worker = ( modules = [ (name = "main.js", esModule = embed "main.js"), (name = "rewrite.wasm", wasm = embed "rewrite.wasm"),
${modules} ], compatibilityDate = "2024-09-01" );`);
    const r = spawnSync(bin, ['test', 'config.capnp'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), WANT, r.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describeInChromium('test/js/browser/rewrite.test.js', 'HTMLRewriter in Chromium', {}, () => {
  let server = null;
  let chrome = null;
  before(async () => {
    server = await startServer([['/', repoRoot]]);
    chrome = await launchChromium();
  });
  after(async () => Promise.all([chrome?.close(), server?.close()]));

  test('the recipe in a page and in a module worker', { timeout: 60_000 }, async () => {
    const { page, log } = await openPage(chrome.context, `${server.origin}/examples/rewrite/index.html`);
    await page.waitForFunction(() => globalThis.exampleResult !== undefined, null, { timeout: 20_000 });
    assert.equal(await page.evaluate(() => globalThis.exampleResult), WANT);
    const inWorker = await page.evaluate(() => new Promise((resolve, reject) => {
      const src = `import { init } from '${location.origin}/js/index.js';
        import { rewriteExample } from '${location.origin}/examples/rewrite/recipe.mjs';
        await init();
        postMessage(await rewriteExample());`;
      const w = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })), { type: 'module' });
      w.onmessage = (e) => resolve(e.data);
      w.onerror = (e) => reject(new Error(e.message));
    }));
    assert.equal(inWorker, WANT);
    assert.deepEqual(log.filter((l) => !/favicon\.ico/.test(l)), []);
  });
});
