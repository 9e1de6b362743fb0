// html5-wasm through a bundler: esbuild bundles a tiny browser app that
// imports 'html5-wasm' by package name (resolved through a temporary
// node_modules/html5-wasm symlink to this repository).  The browser bundle
// must not pull in Node built-ins; it then runs in Node (init() given the
// wasm bytes) and in headless Chromium (init() given the URL).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';

import { build } from 'esbuild';

import { announceSkip, browserTestsSkipReason, launchChromium, openPage } from '../../browser/chromium.js';
import { startServer } from '../../browser/server.js';
import { dumpTree, parse, serialize } from '../../../js/node.js';
import { repoRoot } from '../lib/shared.js';

const APP = `
import { init, parse, parseToBuffer, decode, serialize, dumpTree } from 'html5-wasm';

export async function run(wasm, html) {
  await init(wasm);
  const doc = parse(html, { scriptingEnabled: false });
  const viaBuffer = decode(parseToBuffer(html, { scriptingEnabled: false }));
  return {
    dump: dumpTree(doc),
    bufferDump: dumpTree(viaBuffer),
    html: serialize(doc),
    title: doc.title,
    links: doc.querySelectorAll('a[href]').length,
  };
}
`;

const HTML = '<!DOCTYPE html><title>Bundled</title><p><b>1<i>2</b>3</i><a href=/x>x</a><table>t<tr><td><a href=/y>y</table><svg><path d=M0/></svg>';
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

describe('bundler: esbuild, platform browser', () => {
  let dir;
  let bundle; // { text, metafile } or { error }

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'h5-bundle-'));
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(repoRoot, join(dir, 'node_modules', 'html5-wasm'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'h5-bundle-app', private: true, type: 'module' }));
    writeFileSync(join(dir, 'app.js'), APP);
    try {
      const r = await build({
        entryPoints: [join(dir, 'app.js')],
        absWorkingDir: dir,
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2020',
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      bundle = { text: r.outputFiles[0].text, metafile: r.metafile, warnings: r.warnings };
      mkdirSync(join(dir, 'out'));
      writeFileSync(join(dir, 'out', 'app.js'), bundle.text);
      writeFileSync(join(dir, 'out', 'index.html'), '<!DOCTYPE html><title>bundle</title>');
    } catch (e) {
      bundle = { error: e.errors?.length ? e.errors.map((x) => `${x.location?.file}:${x.location?.line}: ${x.text}`).join('\n') : e.message };
    }
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const built = () => {
    if (bundle.error) assert.fail(`esbuild could not bundle 'html5-wasm' for the browser:\n${bundle.error}`);
    return bundle;
  };

  test("bundles 'html5-wasm' for the browser without Node built-ins", (t) => {
    const { text, metafile, warnings } = built();
    const inputs = Object.keys(metafile.inputs);
    // The package's browser entry (js/index.js), not the Node one.
    assert.ok(inputs.some((f) => f.endsWith('html5-wasm/js/index.js') || f.endsWith('/js/index.js')), `inputs: ${inputs.join(', ')}`);
    assert.ok(!inputs.some((f) => f.endsWith('/js/node.js')), 'the browser bundle must not contain js/node.js');
    const externals = Object.values(metafile.inputs).flatMap((i) => i.imports).filter((i) => i.external || BUILTINS.has(i.path));
    assert.deepEqual(externals.map((i) => i.path), [], 'no external (Node built-in) imports');
    const nodeImports = text.match(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["'](?:node:[\w/]+|fs|fs\/promises|path|url|module|worker_threads)["']/g);
    assert.equal(nodeImports, null, `Node built-in imports in the bundle: ${nodeImports}`);
    assert.doesNotMatch(text, /\brequire\s*\(/, 'an ESM browser bundle has no require()');
    assert.deepEqual(warnings, []);
    t.diagnostic(`bundle: ${text.length} bytes, ${inputs.length} input files`);
  });

  test('the bundle runs in Node with init(wasm bytes)', async () => {
    built();
    const { run } = await import(pathToFileURL(join(dir, 'out', 'app.js')).href);
    const r = await run(readFileSync(join(repoRoot, 'dist/html5.wasm')), HTML);
    const direct = parse(HTML, { scriptingEnabled: false });
    assert.equal(r.dump, dumpTree(direct));
    assert.equal(r.bufferDump, r.dump);
    assert.equal(r.html, serialize(direct));
    assert.match(r.html, /^<!DOCTYPE html><html><head><title>Bundled<\/title>/);
    assert.equal(r.title, 'Bundled');
    assert.equal(r.links, 2);
    assert.match(r.dump, /\|       <i>\n\|         "3"/); // adoption agency happened
  });

  const skip = browserTestsSkipReason();
  if (skip) {
    announceSkip('the Chromium part of test/js/package/bundler.test.js');
    test('the bundle runs in Chromium with init(URL)', { skip }, () => {});
    return;
  }

  test('the bundle runs in Chromium with init(URL)', { timeout: 60_000 }, async () => {
    built();
    let server;
    let chrome;
    try {
      server = await startServer([['/', repoRoot], ['/app/', join(dir, 'out')]]);
      chrome = await launchChromium();
      const { page, log } = await openPage(chrome.context, `${server.origin}/app/index.html`);
      const r = await page.evaluate(async (html) => {
        const { run } = await import('/app/app.js');
        const res = await run(new URL('/dist/html5.wasm', location.href), html);
        return { ...res, ua: navigator.userAgent };
      }, HTML);
      const direct = parse(HTML, { scriptingEnabled: false });
      assert.equal(r.dump, dumpTree(direct));
      assert.equal(r.bufferDump, r.dump);
      assert.equal(r.title, 'Bundled');
      assert.match(r.ua, /Chrome\//);
      assert.ok(server.requests.includes('GET /dist/html5.wasm'), 'the bundle fetched html5.wasm');
      assert.deepEqual(log.filter((l) => !/\/favicon\.ico$/.test(l)), []);
    } finally {
      await chrome?.close();
      await server?.close();
    }
  });
});
