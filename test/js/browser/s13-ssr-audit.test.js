// Issue 18 audited as a user would (items 1-3 and 5): one SSR page (a
// rendered form, lists, a table, links with relative hrefs, templates,
// data-*, lang/dir) read, queried with every selector the issue names and
// changed with every mutation method, by one script
// (s13-ssr-audit.script.js) over Chromium's DOMParser document and over
// html5-wasm's parse() and decode() trees of the same markup; then
// @testing-library/dom's window-free queries over both.  Every line must
// agree.  The page is served at http://shop.example:8080/cart/index.html (a
// routed origin), so Chromium's document has the URL that
// test/js/unit/s13-ssr-audit.test.js passes as `url`, and Chromium's lines
// are the committed snapshot that test checks without a browser
// (H5_UPDATE_SNAPSHOT=1 rewrites it from Chromium).
//
// A missing Chromium FAILS these tests; set H5_BROWSER_TESTS=0 to skip them
// explicitly (the reason is printed).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

import { describeInChromium } from '../../browser/chromium.js';
import { openHarness } from '../../browser/harness-session.js';
import { repoRoot } from '../lib/shared.js';
import { differences } from './s13-ssr-audit.script.js';

const PAGE_URL = 'http://shop.example:8080/cart/index.html';
const SNAPSHOT = fileURLToPath(new URL('../unit/s13-ssr-audit.chromium.txt', import.meta.url));

describeInChromium('test/js/browser/s13-ssr-audit.test.js', 'browser: the SSR audit page reads, selects and changes as in Chromium', { timeout: 120_000 }, () => {
  let session;
  let page;

  before(async () => {
    session = await openHarness();
    page = await session.chrome.context.newPage();
    // shop.example:8080 is this repository: /cart/index.html an empty page, the rest the files.
    await page.route('http://shop.example:8080/**', async (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/cart/index.html') {
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><title>audit</title>' });
        return;
      }
      const res = await fetch(`${session.server.origin}${pathname}`);
      await route.fulfill({ status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) });
    });
    const res = await page.goto(PAGE_URL);
    assert.ok(res.ok(), `loading ${PAGE_URL}: HTTP ${res.status()}`);
    const ready = await page.evaluate(async () => {
      const { init } = await import('/js/index.js');
      try {
        await init();
        return 'ok';
      } catch (e) {
        return `${e.name}: ${e.message}`;
      }
    });
    assert.equal(ready, 'ok', 'init() in the page');
    // @testing-library/dom bundled for the page (window.TL).
    const bundle = await build({
      entryPoints: ['@testing-library/dom'], bundle: true, format: 'iife', globalName: 'TL', write: false, platform: 'browser',
      define: { 'process.env.NODE_ENV': '"production"', 'process.env.DEBUG_PRINT_LIMIT': 'undefined', 'process.env.COLORS': 'undefined' },
      logLevel: 'error', absWorkingDir: repoRoot,
    });
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
  });

  after(() => session?.close());

  const run = () => page.evaluate(async () => {
    const { parse, decode, parseToBuffer } = await import('/js/index.js');
    const { auditLines, testingLibraryLines } = await import('/test/js/browser/s13-ssr-audit.script.js');
    const engines = {
      chromium: (h) => new DOMParser().parseFromString(h, 'text/html'),
      parse: (h) => parse(h, { scriptingEnabled: false, url: location.href }),
      decode: (h) => decode(parseToBuffer(h, { scriptingEnabled: false }), { url: location.href }),
    };
    const out = {};
    for (const [name, parseHTML] of Object.entries(engines)) {
      out[name] = { audit: auditLines(parseHTML), tl: testingLibraryLines(window.TL, parseHTML) };
    }
    return out;
  });

  let results;
  before(async () => { results = await run(); });

  test('the read / select / mutate script gives Chromium\'s lines on parse() and decode() trees', (t) => {
    const { chromium, parse, decode } = results;
    assert.ok(chromium.audit.length > 200, `only ${chromium.audit.length} lines`);
    t.diagnostic(`${chromium.audit.length} lines compared`);
    let d = differences(parse.audit, chromium.audit);
    assert.equal(d.length, 0, `parse() differs from Chromium:\n${d.join('\n')}`);
    d = differences(decode.audit, chromium.audit);
    assert.equal(d.length, 0, `decode() differs from Chromium:\n${d.join('\n')}`);
  });

  test('@testing-library/dom finds the same elements as on Chromium\'s document', () => {
    const { chromium, parse, decode } = results;
    assert.ok(chromium.tl.length >= 20);
    assert.deepEqual(parse.tl, chromium.tl);
    assert.deepEqual(decode.tl, chromium.tl);
  });

  test('the committed snapshot the unit test checks is Chromium\'s', () => {
    const lines = [...results.chromium.audit, ...results.chromium.tl];
    const text = `${lines.join('\n')}\n`;
    if (process.env.H5_UPDATE_SNAPSHOT === '1') writeFileSync(SNAPSHOT, text);
    const d = differences(readFileSync(SNAPSHOT, 'utf8').split('\n'), text.split('\n'));
    assert.equal(d.length, 0, `test/js/unit/s13-ssr-audit.chromium.txt is not Chromium's (H5_UPDATE_SNAPSHOT=1 rewrites it):\n${d.join('\n')}`);
  });
});
