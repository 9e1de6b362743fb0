// The packed tarball in the other JavaScript runtimes (issue 30): Deno and
// Bun run the README's script as it is, with no flags; Cloudflare Workers
// through wrangler's bundle (`wrangler deploy --dry-run`) run in workerd
// (`workerd test`, no socket, no network).  The runtimes come from the npm
// registry as devDependencies (their packages ship the binaries); a missing
// one is a failure that says `make setup`, never a skip.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { repoRoot } from '../lib/shared.js';
import { installPacked, run } from './packed.js';

const bin = (name) => {
  const path = join(repoRoot, 'node_modules', '.bin', name);
  assert.ok(existsSync(path), `${name} is not installed: run \`make setup\` (it is a devDependency)`);
  return path;
};

// The README's script (Runtimes): parse, querySelector, a stream from a
// Response body, parseXml; its output is compared with Node's.
const SCRIPT = `
import { parse, parseXml, parseStream } from 'html5-wasm';
const doc = parse('<!DOCTYPE html><title>Hi</title><p class=x>One<p>Two &amp; <b>three');
const xml = parseXml('<feed xmlns="http://www.w3.org/2005/Atom"><title>X</title></feed>');
const streamed = await parseStream(new Response('<title>streamed</title><p>a<p>b').body);
console.log(JSON.stringify([doc.title, doc.querySelector('p.x').textContent, doc.body.innerHTML,
  xml.documentElement.namespaceURI, xml.querySelector('title').textContent, streamed.title, streamed.querySelectorAll('p').length]));
`;
const EXPECTED = JSON.stringify(['Hi', 'One', '<p class="x">One</p><p>Two &amp; <b>three</b></p>',
  'http://www.w3.org/2005/Atom', 'X', 'streamed', 2]);

// The narrower entry points: they read dist/*.wasm beside the package.
const NARROW = `
import { parseToBuffer } from 'html5-wasm/buffer';
import { decode } from 'html5-wasm/decode';
import { parse } from 'html5-wasm/parse';
import { parseXml } from 'html5-wasm/xml';
console.log(JSON.stringify([decode(parseToBuffer('<title>buffer</title>')).title, parseXml('<a><b/></a>').documentElement.firstChild.localName,
  parse('<p id=x>parsed').querySelector('#x').innerHTML]));
`;

// A module worker: the README's recipe for Cloudflare Workers.
const WORKER = `
import { parse, parseXml, parseStream } from 'html5-wasm';
export default {
  async fetch(request) {
    const doc = parse(await request.text());
    const xml = parseXml('<a xmlns="urn:x"><b/></a>');
    const streamed = await parseStream(new Response('<title>streamed</title>').body);
    return Response.json([doc.title, doc.querySelector('p.x').textContent, xml.documentElement.namespaceURI, streamed.title]);
  },
};
`;
/** The workerd test module: POSTs `body` to the bundled worker, whose answer must be `want`. */
const workerTest = (body, want) => `
import worker from './out/index.js';
export default {
  async test() {
    const res = await worker.fetch(new Request('http://example.test/', { method: 'POST', body: ${JSON.stringify(body)} }));
    const got = await res.text();
    console.log('worker answered ' + got);
    if (got !== ${JSON.stringify(want)}) throw new Error('unexpected answer: ' + got);
  },
};
`;
const WORKER_TEST = workerTest('<title>Hi</title><p class=x>One', '["Hi","One","urn:x","streamed"]');

// A module worker that only rewrites: html5-wasm/rewrite (its own workerd condition) and its module alone.
const REWRITE_WORKER = `
import { HTMLRewriter } from 'html5-wasm/rewrite';
export default {
  async fetch(request) {
    return new HTMLRewriter().on('img', { element(e) { e.setAttribute('loading', 'lazy'); } }).transform(new Response(request.body, { headers: { 'content-type': 'text/html' } }));
  },
};
`;
const REWRITE_WORKER_TEST = workerTest('<img src=a><p>b', '<img src=a loading="lazy"><p>b');

let dir;
let project;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'h5-runtimes-'));
  project = join(dir, 'app');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  installPacked(dir, project);
  writeFileSync(join(project, 'main.mjs'), SCRIPT);
  writeFileSync(join(project, 'narrow.mjs'), NARROW);
});
after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('runtimes: the packed tarball', () => {
  test('Node runs the script (the reference output)', () => {
    assert.equal(run(process.execPath, ['main.mjs'], project).trim(), EXPECTED);
  });

  test('Deno runs it with no flags (the "deno" condition: the embedded build, no file read)', () => {
    const env = { DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1' };
    assert.equal(run(bin('deno'), ['run', '--no-prompt', 'main.mjs'], project, 120_000, env).trim(), EXPECTED);
  });

  test('Deno: the narrower entries read dist/*.wasm, with --allow-read', () => {
    const out = run(bin('deno'), ['run', '--no-prompt', '--allow-read', 'narrow.mjs'], project, 120_000, { DENO_NO_UPDATE_CHECK: '1' });
    assert.equal(out.trim(), '["buffer","b","parsed"]');
  });

  test('Bun runs it with no flags, and the narrower entries', () => {
    assert.equal(run(bin('bun'), ['main.mjs'], project).trim(), EXPECTED);
    assert.equal(run(bin('bun'), ['narrow.mjs'], project).trim(), '["buffer","b","parsed"]');
  });

  test('Node runs the narrower entries with no init()', () => {
    assert.equal(run(process.execPath, ['narrow.mjs'], project).trim(), '["buffer","b","parsed"]');
  });

  test('Node: the default entry, the narrower ones and /inline are one library (the same classes, one instance)', () => {
    writeFileSync(join(project, 'one.mjs'), `
import { parse, memoryUsage } from 'html5-wasm';
import { parseToBuffer, memoryUsage as bufferMemory } from 'html5-wasm/buffer';
import { decode } from 'html5-wasm/decode';
import { parse as baseParse } from 'html5-wasm/parse';
import { parse as inlineParse } from 'html5-wasm/inline';
const a = parse('<p>x'), b = decode(parseToBuffer('<p>y')), c = inlineParse('<p>z'), d = baseParse('<p>w');
const P = a.body.firstChild.constructor;
console.log(JSON.stringify([b.body.firstChild.constructor === P, c.body.firstChild.constructor === P, b instanceof a.constructor,
  d.body.firstChild.constructor === P, memoryUsage().wasm === bufferMemory().wasm]));
`);
    assert.equal(run(process.execPath, ['one.mjs'], project).trim(), '[true,true,true,true,true]');
  });

  /** Bundles module worker `source` with wrangler (in folder `name`), runs `test` on it in workerd; the wasm files bundled and its output. */
  function worker(name, source, test) {
    const w = join(project, name);
    mkdirSync(join(w, 'src'), { recursive: true });
    writeFileSync(join(w, 'src', 'index.js'), source);
    writeFileSync(join(w, 'wrangler.toml'), 'name = "h5"\nmain = "src/index.js"\ncompatibility_date = "2026-11-01"\n');
    run(bin('wrangler'), ['deploy', '--dry-run', '--outdir', 'out'], w, 180_000,
      { CI: 'true', WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG: 'error', HOME: dir });
    const files = readdirSync(join(w, 'out'));
    const wasm = files.filter((f) => f.endsWith('.wasm')).sort();
    writeFileSync(join(w, 'test.js'), test);
    const modules = [
      '(name = "test.js", esModule = embed "test.js")',
      '(name = "out/index.js", esModule = embed "out/index.js")',
      ...wasm.map((f) => `(name = "out/${f}", wasm = embed "out/${f}")`),
    ];
    writeFileSync(join(w, 'config.capnp'), `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (services = [(name = "main", worker = .w)]);
const w :Workerd.Worker = (modules = [${modules.join(', ')}], compatibilityDate = "2026-11-01");
`);
    return { files, wasm, out: run(bin('workerd'), ['test', 'config.capnp'], w, 120_000, {}, true) };
  }

  test('Cloudflare Workers: wrangler bundles a module worker with no configuration of ours, and workerd runs it', () => {
    const { files, wasm, out } = worker('worker', WORKER, WORKER_TEST);
    assert.equal(wasm.length, 3, `html5.wasm, xml5.wasm and rewrite.wasm as modules: ${files.join(', ')}`);
    assert.match(out, /worker answered \["Hi","One","urn:x","streamed"\]/);
    assert.match(out, /\[ PASS \] main/);
  });

  test('Cloudflare Workers: a worker that imports html5-wasm/rewrite bundles rewrite.wasm alone, and workerd runs it', () => {
    const { files, wasm, out } = worker('rewrite-worker', REWRITE_WORKER, REWRITE_WORKER_TEST);
    assert.equal(wasm.length, 1, `rewrite.wasm alone as a module: ${files.join(', ')}`);
    assert.match(out, /worker answered <img src=a loading="lazy"><p>b/);
    assert.match(out, /\[ PASS \] main/);
  });
});
