#!/usr/bin/env node
// HTMLRewriter (issue 33) against parse5-html-rewriting-stream and
// html-rewriter-wasm (lol-html in wasm) on the corpus pages: the same job
// in each (http links made https with rel="noopener", lazy images, a meta
// tag prepended to head, scripts removed), CPU time (process.cpuUsage),
// one run, the rewriters interleaved page by page (the order rotating).
// Pages one of them rejects (lol-html's ParsingAmbiguityError) are left out
// for all and counted.  Every rewriter first runs over every page untimed
// (as make bench's parsers do): the timed run is the steady state, not V8
// compiling the wasm modules and the JS in the background (process CPU time
// counts those threads; a first pass of ours takes 2-3x a warm one).  A
// last line gives the floor of our design: a rewriter with no handlers,
// which tokenizes every page and copies it out (docs/rewriter.md, "Speed").
//
//   node bench/rewrite.js [--pages N]
import { parseArgs } from 'node:util';
import { HTMLRewriter } from '../js/node.js';
import { listPages, readPage } from './lib/corpus.js';
// The job, with Cloudflare's API (ours and html-rewriter-wasm's): the differential test's, which checks that
// workerd gives the same bytes.
import { job, META } from '../test/js/differential/rewrite/scripts.mjs';

const { values: args } = parseArgs({ options: { pages: { type: 'string' } } });
const { RewritingStream } = await import('parse5-html-rewriting-stream');
const { HTMLRewriter: WasmRewriter } = await import('html-rewriter-wasm');

async function ours(bytes) {
  return job(new HTMLRewriter()).transform(bytes);
}

/** No rules: the tokenizer session and the copy to the output, nothing else. */
async function floor(bytes) {
  return new HTMLRewriter().transform(bytes);
}

async function wasm(bytes) {
  const out = [];
  const r = job(new WasmRewriter((c) => out.push(c)));
  try {
    await r.write(bytes);
    await r.end();
  } finally {
    r.free();
  }
  return out;
}

/** parse5's setAttribute. */
function setAttr(tag, name, value) {
  const a = tag.attrs.find((x) => x.name === name);
  if (a) a.value = value;
  else tag.attrs.push({ name, value });
}

function parse5(text) {
  return new Promise((resolve, reject) => {
    const rs = new RewritingStream();
    const out = [];
    let inScript = 0;
    rs.on('startTag', (tag, raw) => {
      if (tag.tagName === 'script') {
        inScript++;
        return;
      }
      if (inScript) return;
      if (tag.tagName === 'a') {
        const href = tag.attrs.find((a) => a.name === 'href');
        if (href && href.value.startsWith('http:')) {
          href.value = 'https:' + href.value.slice(5);
          setAttr(tag, 'rel', 'noopener');
          rs.emitStartTag(tag);
          return;
        }
      } else if (tag.tagName === 'img') {
        setAttr(tag, 'loading', 'lazy');
        rs.emitStartTag(tag);
        return;
      } else if (tag.tagName === 'head') {
        rs.emitRaw(raw + META);
        return;
      }
      rs.emitRaw(raw);
    });
    rs.on('endTag', (tag, raw) => {
      if (tag.tagName === 'script' && inScript) {
        inScript--;
        return;
      }
      if (!inScript) rs.emitRaw(raw);
    });
    rs.on('text', (_, raw) => { if (!inScript) rs.emitRaw(raw); });
    rs.on('data', (d) => out.push(d));
    rs.on('end', () => resolve(out.join('')));
    rs.on('error', reject);
    rs.end(text);
  });
}

const pages = listPages().slice(0, args.pages ? Number(args.pages) : undefined).map((p) => {
  const text = readPage(p).text;
  return { name: p.name, text, bytes: new TextEncoder().encode(text) };
});

const runners = [
  { id: 'html5-wasm HTMLRewriter', run: (p) => ours(p.bytes) },
  { id: 'parse5-html-rewriting-stream', run: (p) => parse5(p.text) },
  { id: 'html-rewriter-wasm (lol-html)', run: (p) => wasm(p.bytes) },
  { id: 'html5-wasm, no handlers (floor)', run: (p) => floor(p.bytes) },
];
const cpu = runners.map(() => 0);
let bytes = 0;
let used = 0;
const skipped = [];
// Warm-up: each on every page (not timed).
for (const p of pages) for (const r of runners) await r.run(p).catch(() => {});
for (let i = 0; i < pages.length; i++) {
  const p = pages[i];
  const times = new Array(runners.length);
  let failed = null;
  for (let k = 0; k < runners.length; k++) {
    const j = (i + k) % runners.length;
    const t0 = process.cpuUsage();
    try {
      await runners[j].run(p);
    } catch (e) {
      failed = `${runners[j].id}: ${String(e.message).split('\n')[0].slice(0, 80)}`;
    }
    const d = process.cpuUsage(t0);
    times[j] = (d.user + d.system) / 1e3;
  }
  if (failed !== null) {
    skipped.push(`${p.name} (${failed})`);
    continue;
  }
  used++;
  bytes += p.bytes.length;
  for (let j = 0; j < runners.length; j++) cpu[j] += times[j];
}
const mbps = (ms) => bytes / 1e6 / (ms / 1e3);
console.log(`HTMLRewriter job on ${used} corpus pages (${(bytes / 1e6).toFixed(1)} MB), CPU time, one run, interleaved:`);
for (let j = 0; j < runners.length; j++) {
  console.log(`  ${runners[j].id.padEnd(32)} ${cpu[j].toFixed(0).padStart(7)} ms  ${mbps(cpu[j]).toFixed(1).padStart(7)} MB/s  ${j === 0 ? '' : `(${(cpu[j] / cpu[0]).toFixed(1)}x ${j === runners.length - 1 ? 'the job' : 'slower than ours'})`}`);
}
if (skipped.length) console.log(`  left out: ${skipped.length} page(s): ${skipped.slice(0, 5).join('; ')}${skipped.length > 5 ? '; …' : ''}`);
