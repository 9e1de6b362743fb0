// The published package: `npm pack` the repository, install the tarball
// into a throw-away project (offline: the package has no runtime
// dependencies) and use it there by name, from ESM (Node entry, initialised
// at import) and from CommonJS (js/index.cjs).
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { repoRoot } from '../lib/shared.js';
import { installPacked, run } from './packed.js';

const HTML = '<!DOCTYPE html><title>pkg</title><p><b>1<i>2</b>3</i><table>x<tr><td>y</table><svg><path xlink:href=#a /></svg><template><td>t</template>';

// The consumer scripts print one JSON line.
const ESM = `
import { parse, parseFragment, dumpTree, serialize, isReady, decode, parseToBuffer } from 'html5-wasm';
const html = ${JSON.stringify(HTML)};
const doc = parse(html);
console.log(JSON.stringify({
  ready: isReady(),
  resolved: import.meta.resolve('html5-wasm'),
  dump: dumpTree(doc),
  html: serialize(doc),
  fragment: dumpTree(parseFragment('<td>x', { context: 'tr' })),
  buffer: dumpTree(decode(parseToBuffer(html))),
}));
`;
const CJS = `
const h5 = require('html5-wasm');
const html = ${JSON.stringify(HTML)};
const doc = h5.parse(html);
console.log(JSON.stringify({
  ready: h5.isReady(),
  resolved: require.resolve('html5-wasm'),
  wasm: require.resolve('html5-wasm/html5.wasm'),
  dump: h5.dumpTree(doc),
  html: h5.serialize(doc),
  fragment: h5.dumpTree(h5.parseFragment('<td>x', { context: 'tr' })),
  buffer: h5.dumpTree(h5.decode(h5.parseToBuffer(html))),
}));
`;

describe('package: npm pack + install', { timeout: 300_000 }, () => {
  let dir;
  let pack;     // npm pack --json entry
  let project;  // the consumer project

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'h5-pack-'));
    project = join(dir, 'consumer');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'h5-consumer', version: '1.0.0', private: true }));
    pack = installPacked(dir, project);
    writeFileSync(join(project, 'esm.mjs'), ESM);
    writeFileSync(join(project, 'cjs.cjs'), CJS);
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the tarball holds what users need and nothing else', (t) => {
    const files = pack.files.map((f) => f.path);
    const wasm = pack.files.find((f) => f.path === 'dist/html5.wasm');
    t.diagnostic(`${pack.filename}: ${pack.size} bytes packed, ${pack.unpackedSize} unpacked, ${pack.entryCount} files (html5.wasm ${wasm?.size} bytes)`);
    const has = (p) => files.includes(p);
    for (const p of ['package.json', 'README.md', 'LICENSE', 'dist/html5.wasm', 'js/index.js', 'js/node.js', 'js/node.bundle.js', 'js/core/loader.js', 'js/index.cjs', 'js/inline.js', 'js/inline-wasm.js', 'bin/html5-wasm.js',
      'dist/html5-wasm.min.js', 'dist/html5-wasm-core.min.js', 'dist/html5-wasm-inline.min.js']) {
      assert.ok(has(p), `the tarball lacks ${p}`);
    }
    const bad = files.filter((p) => /^(test|src|wasm|build|bench|scripts|examples|node_modules)\//.test(p) || /(^|\/)node_modules\//.test(p) || /\.tgz$/.test(p));
    assert.deepEqual(bad, [], 'sources, tests and build output stay out of the package');
    // Every file package.json points at is shipped.
    const pj = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    const targets = new Set([pj.main, pj.module, pj.types, ...Object.values(pj.bin ?? {})]);
    const walk = (v) => { if (typeof v === 'string') targets.add(v); else if (v && typeof v === 'object') Object.values(v).forEach(walk); };
    walk(pj.exports);
    const missing = [...targets].filter(Boolean).map((p) => p.replace(/^\.\//, '')).filter((p) => !has(p));
    assert.deepEqual(missing, [], 'files named in package.json (main/module/types/exports/bin) missing from the tarball');
    assert.equal(wasm.size, lstatSync(join(repoRoot, 'dist/html5.wasm')).size);
    // The browser entries' source maps, and the sources they name.
    for (const min of files.filter((p) => p.endsWith('.min.js'))) {
      assert.ok(has(`${min}.map`), `the tarball lacks ${min}.map`);
      const { sources } = JSON.parse(readFileSync(join(repoRoot, `${min}.map`), 'utf8'));
      const named = sources.filter((s) => s.startsWith('../')).map((s) => s.slice(3));
      assert.ok(named.length > 0);
      assert.deepEqual(named.filter((p) => !has(p)), [], `sources of ${min}.map missing from the tarball`);
    }
  });

  test('npm installed a copy of the package (not a link to the repo)', () => {
    const installed = join(project, 'node_modules', 'html5-wasm');
    assert.ok(lstatSync(installed).isDirectory() && !lstatSync(installed).isSymbolicLink());
    const pj = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    assert.equal(pj.name, 'html5-wasm');
    assert.deepEqual(pj.dependencies ?? {}, {}, 'no runtime dependencies');
  });

  test("ESM `import from 'html5-wasm'` and CJS `require('html5-wasm')` parse alike", () => {
    const esm = JSON.parse(run(process.execPath, ['esm.mjs'], project));
    const cjs = JSON.parse(run(process.execPath, ['cjs.cjs'], project));
    const installed = join(project, 'node_modules', 'html5-wasm');
    assert.equal(esm.ready, true, 'the Node ESM entry initialises at import');
    assert.equal(cjs.ready, true, 'the CJS entry initialises at require');
    assert.equal(esm.resolved, 'file://' + join(installed, 'js/node.bundle.js'));
    assert.equal(cjs.resolved, join(installed, 'js/index.cjs'));
    assert.equal(cjs.wasm, join(installed, 'dist/html5.wasm'));
    assert.equal(cjs.dump, esm.dump);
    assert.equal(cjs.html, esm.html);
    assert.equal(cjs.fragment, esm.fragment);
    assert.equal(esm.buffer, esm.dump);
    assert.equal(cjs.buffer, cjs.dump);
    assert.equal(esm.fragment, '| <td>\n|   "x"\n');
    assert.match(esm.dump, /^\| <!DOCTYPE html>\n\| <html>\n\|   <head>\n\|     <title>\n\|       "pkg"\n/);
    assert.match(esm.dump, /\n\|     <svg svg>\n\|       <svg path>\n\|         xlink href="#a"\n/);
    assert.match(esm.dump, /\n\|     <template>\n\|       content\n\|         <td>\n\|           "t"\n/);
    assert.ok(esm.html.includes('<p><b>1<i>2</i></b><i>3</i></p>x<table><tbody><tr><td>y</td></tr></tbody></table>'), esm.html);
  });

  test("'html5-wasm/inline' from the tarball is initialised at import", () => {
    writeFileSync(join(project, 'inline.mjs'), `
import { isReady, parse } from 'html5-wasm/inline';
console.log(JSON.stringify({ ready: isReady(), title: parse('<title>inline</title>').title, resolved: import.meta.resolve('html5-wasm/inline') }));
`);
    const r = JSON.parse(run(process.execPath, ['inline.mjs'], project));
    assert.deepEqual(r, { ready: true, title: 'inline', resolved: 'file://' + join(project, 'node_modules', 'html5-wasm', 'js/inline.node.js') });
  });

  test('the installed command line parses a file', () => {
    writeFileSync(join(project, 'page.html'), HTML);
    const out = run(join(project, 'node_modules', '.bin', 'html5-wasm'), ['page.html'], project);
    const esm = JSON.parse(run(process.execPath, ['esm.mjs'], project));
    assert.ok(out.startsWith(esm.dump), `CLI output:\n${out}`);
    assert.match(out, /# \d+ parse error\(s\)/);
  });
});
