// HTMLRewriter everywhere (issue 33): examples/rewrite/recipe.mjs, the same
// code, in Deno and Bun (npm devDependencies: a missing one is a failure,
// not a skip), and in Chromium in a page (examples/rewrite/index.html) and
// in a module worker.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

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

describeInChromium('test/js/browser/rewrite.test.js', 'HTMLRewriter in Chromium', {}, () => {
  test('the recipe in a page and in a module worker', { timeout: 60_000 }, async () => {
    let server;
    let chrome;
    try {
      server = await startServer([['/', repoRoot]]);
      chrome = await launchChromium();
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
    } finally {
      await chrome?.close();
      await server?.close();
    }
  });
});
