// HTMLRewriter against Cloudflare's own (issue 33): the rewrite scripts of
// rewrite/scripts.mjs run on the corpus pages in workerd (npm `workerd`, a
// devDependency: `workerd test` runs a worker offline, no socket) and here,
// each page fed in the same random byte chunks on both sides; the output
// bytes and what the handlers logged must be the same.  Pages where workerd
// throws lol-html's ParsingAmbiguityError are compared with nothing (we
// give the standard's answer there: docs/rewriter.md) and counted.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { HTMLRewriter } from '../../../js/node.js';
import { streamOf } from '../lib/chunks.js';
import { rng } from '../lib/fuzz-js.js';
import { repoRoot, sharedPath } from '../lib/shared.js';
import { SCRIPTS } from './rewrite/scripts.mjs';

const WORKERD = join(repoRoot, 'node_modules/.bin/workerd');
const SCRIPTS_FILE = join(repoRoot, 'test/js/differential/rewrite/scripts.mjs');

// Pages written here for what the corpus has little of, where the tokenizer's own characters (U+FFFD,
// character references: UTF-8 in the rewriter's module, src/common/h5.h) meet what handlers and selectors see:
// values whose references decode to as many bytes as they take (the session's filter must not take them as
// written), U+0000 in names, DOCTYPEs and text, CR in values and DOCTYPEs, references in text; and the
// namespace of integration points (their content is HTML, they are not).
const EDGES = [
  '<!DOCTYPE html PUBLIC "abc><!DOCTYPE HtMl\u00c4 SYSTEM \'s\' ><!DOCTYPE html PUBLIC"p""s"><!DOCTYPE html bogus "x">',
  '<!DOCTYPE html PUBLIC "p" junk "s"><!DOCTYPE\0><!DOCTYPE html SYSTEM\r\n"a\rb"><!DOCTYPE\u00ff\ufffd>',
  '<!DOCTYPE\rhtml\rPUBLIC\r"\r\n\f"\r"\t\r"><!DOCTYPE\rhtml\rPUBLIC\r"\r\f "\r"\t\r">',
  '<svg><desc/><title/><p>x</p></svg><math><mi>a<b>b</b></mi><mtext/><annotation-xml encoding=text/html>y</annotation-xml></math>',
  '<math><annotation-xml encoding="TEXT/html"><svg><title><div>d</div></title></svg></annotation-xml></math>',
  '<a href="&#104;ttp:&nGt;&nGt;&nGt;&nGt;&nGt;">decoded http:, as long as written</a>',
  '<a href="&#104;ttp://x">h</a><a href="http&colon;//y">c</a><a href="http://x&amp;y">amp</a><a href="ht&#x74;p://z">t</a>',
  '<a href="http:\r\n//cr">cr</a><a href=http:\r//lone>lone</a><a href="http:\0//nul">nul</a><a href="\0http://x">n</a>',
  '<!DOCTYPE h\0tml PUBLIC "\u00e9\0" "\u00fc\r\n"><p>a&nGt;b\0c&#0;d&#x1F600;e&#xD800;f</p>',
  '<div\0 id=a>t<p>u</div\ufffd>v</div><a\0>w</a\ufffd></a>x</p><img src=a\0b><script\0>y</script\0>z',
  '<svg><title>&amp;</title><font color="&#0;">f</font></svg><math><annotation-xml encoding="text&#47;html"><p>q</p></annotation-xml></math>',
  // Text with character references, U+0000 and CR, in the data, RCDATA, RAWTEXT and script data states (text as written).
  '<body>x<p>a&lt;p>&#60;b&#x3c;/p&gt;&amp&notin;&#0;\0\r\r\n& &</p><title>&lt;/title&gt;&#60;/title>\0\r</title><style>&amp;\0\r</style><script>&#60;/script>\0\r</script><p>&amp\r',
];

/** The pages (UTF-8 ones: a Response without charset is UTF-8 in workerd) with their chunk sizes. */
function plan() {
  const dir = sharedPath('corpus/pages');
  const manifest = readFileSync(join(dir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').map((l) => l.split('\t'));
  const col = manifest[0].indexOf('utf8');
  const utf8 = new Set(manifest.slice(1).filter((r) => r[col] === 'utf-8').map((r) => r[0]));
  const r = rng(2026);
  const pages = [];
  let offset = 0;
  for (const name of readdirSync(dir).filter((f) => utf8.has(f)).sort()) {
    const bytes = readFileSync(join(dir, name));
    const max = [64, 512, 4096, 65536][pages.length % 4];
    const sizes = Array.from({ length: 32 }, () => 1 + r.int(max));
    pages.push({ name, offset, length: bytes.length, sizes, bytes });
    offset += bytes.length;
  }
  EDGES.forEach((html, k) => {
    const bytes = Buffer.from(html, 'utf8');
    pages.push({ name: `edge-${k + 1}`, offset, length: bytes.length, sizes: Array.from({ length: 32 }, () => 1 + r.int(8)), bytes });
    offset += bytes.length;
  });
  return pages;
}

/** The worker: the same scripts, the same chunks, a line of JSON per page and script. */
const WORKER = `
import { SCRIPTS } from './scripts.mjs';
import plan from './plan.json';
import data from './pages.bin';
const hex = (b) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, '0')).join('');
function source(bytes, sizes) {
  let at = 0, k = 0;
  return new ReadableStream({ pull(c) {
    if (at >= bytes.length) return c.close();
    const n = sizes[k++ % sizes.length];
    c.enqueue(bytes.slice(at, at + n));
    at += n;
  } });
}
export default { async test() {
  for (const p of plan) {
    const bytes = new Uint8Array(data, p.offset, p.length);
    for (const [script, setup] of Object.entries(SCRIPTS)) {
      const log = [];
      try {
        const res = setup(new HTMLRewriter(), log).transform(new Response(source(bytes, p.sizes), { headers: { 'content-type': 'text/html' } }));
        const out = await res.arrayBuffer();
        const logBytes = new TextEncoder().encode(JSON.stringify(log));
        console.log(JSON.stringify({ page: p.name, script, out: hex(await crypto.subtle.digest('SHA-256', out)), log: hex(await crypto.subtle.digest('SHA-256', logBytes)) }));
      } catch (e) {
        console.log(JSON.stringify({ page: p.name, script, error: String(e.message).split('\\n')[0] }));
      }
    }
  }
} };
`;

const CONFIG = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = ( services = [ (name = "main", worker = .w) ] );
const w :Workerd.Worker = (
  modules = [
    (name = "main.js", esModule = embed "main.js"),
    (name = "scripts.mjs", esModule = embed "scripts.mjs"),
    (name = "plan.json", json = embed "plan.json"),
    (name = "pages.bin", data = embed "pages.bin"),
  ],
  compatibilityDate = "2024-09-01",
);
`;

function runWorkerd(pages) {
  const dir = mkdtempSync(join(tmpdir(), 'h5-rewrite-workerd-'));
  try {
    writeFileSync(join(dir, 'main.js'), WORKER);
    copyFileSync(SCRIPTS_FILE, join(dir, 'scripts.mjs'));
    writeFileSync(join(dir, 'plan.json'), JSON.stringify(pages.map(({ name, offset, length, sizes }) => ({ name, offset, length, sizes }))));
    writeFileSync(join(dir, 'pages.bin'), Buffer.concat(pages.map((p) => p.bytes)));
    writeFileSync(join(dir, 'config.capnp'), CONFIG);
    const r = spawnSync(WORKERD, ['test', 'config.capnp'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (r.error) throw r.error;
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('{'));
    assert.ok(lines.length > 0, `workerd gave no results (exit ${r.status}): ${r.stderr.slice(0, 2000)}`);
    return lines.map((l) => JSON.parse(l));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sha = (b) => createHash('sha256').update(b).digest('hex');

test('HTMLRewriter gives workerd\'s bytes and observations on the corpus, in the same random chunks', async (t) => {
  assert.ok(existsSync(WORKERD), `workerd is missing (${WORKERD}): it is a devDependency, run npm install`);
  const pages = plan();
  const theirs = runWorkerd(pages);
  assert.equal(theirs.length, pages.length * Object.keys(SCRIPTS).length, 'workerd ran every page and script');
  const byName = new Map(pages.map((p) => [p.name, p]));
  const mismatches = [];
  const ambiguous = new Set();
  let compared = 0;
  for (const w of theirs) {
    if (w.error !== undefined) {
      assert.match(w.error, /ambiguous|ParsingAmbiguity/, `${w.page} ${w.script}: workerd failed otherwise: ${w.error}`);
      ambiguous.add(w.page);
      continue;
    }
    const p = byName.get(w.page);
    const log = [];
    const res = SCRIPTS[w.script](new HTMLRewriter(), log).transform(new Response(streamOf(p.bytes, p.sizes), { headers: { 'content-type': 'text/html' } }));
    const out = new Uint8Array(await res.arrayBuffer());
    const same = { out: sha(out) === w.out, log: sha(JSON.stringify(log)) === w.log };
    if (!same.out || !same.log) mismatches.push(`${w.page} ${w.script}: ${!same.out ? 'output' : ''}${!same.out && !same.log ? ' and ' : ''}${!same.log ? 'observations' : ''}`);
    compared++;
  }
  t.diagnostic(`${compared} comparisons (${pages.length} pages x ${Object.keys(SCRIPTS).length} scripts); workerd refused ${ambiguous.size} page(s)${ambiguous.size ? ': ' + [...ambiguous].join(', ') : ''}`);
  assert.deepEqual(mismatches, [], `${mismatches.length} of ${compared} differ from workerd`);
  assert.ok(compared >= 900, `${compared} comparisons`);
  assert.ok(ambiguous.size <= 10, `workerd refused ${ambiguous.size} pages: ${[...ambiguous].join(', ')}`);
});
