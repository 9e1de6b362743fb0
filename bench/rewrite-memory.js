#!/usr/bin/env node
// HTMLRewriter's memory on a long stream (issue 33): a generated document of
// --gb gigabytes (default 1) in 64 KiB chunks through a rewriter with a few
// handlers (the benchmark's job, a text handler, an end-tag handler), the
// output read and dropped.  Prints the peak RSS (sampled at every chunk) and
// fails (exit 1) at 100 MB (10^8 bytes, issue 33's bound) or more.  Not a
// test: it takes a while.
//
//   node bench/rewrite-memory.js [--gb 1] [--baseline]
import { parseArgs } from 'node:util';
// The rewriter's own entry, as a program that only rewrites imports it: rewrite.wasm, no html5.wasm.
import { HTMLRewriter } from '../js/entries/rewrite.js';
import { rewriteModule } from '../js/rewrite/module.js';

const memoryUsage = () => ({ wasm: rewriteModule.wasm === null ? 0 : rewriteModule.wasm.memory.buffer.byteLength });

const { values: args } = parseArgs({ options: { gb: { type: 'string', default: '1' }, baseline: { type: 'boolean', default: false } } });
const total = Number(args.gb) * 2 ** 30;
const CHUNK = 64 << 10;
const unit = new TextEncoder().encode(
  '<div class="post"><h2><a href="http://example.com/p">A title &amp; more</a></h2><img src=i.png alt=x>' +
  '<p>Some text with <b>bold</b> and <i>italic</i>.</p><script>var a = "</div>";</script><!-- c --></div>\n',
);
const chunk = new Uint8Array(CHUNK);
for (let at = 0; at < CHUNK; at += unit.length) chunk.set(unit.subarray(0, Math.min(unit.length, CHUNK - at)), at);
// The generator's chunks come from a ring of buffers (refilled when reused), so that its own garbage does not
// dominate the peak: a chunk is not reused before the rewriter has taken the next few (it keeps no chunk longer).
const ring = Array.from({ length: 8 }, () => new Uint8Array(CHUNK));
let turn = 0;

let sent = 0;
let peak = 0;
const sample = () => { peak = Math.max(peak, process.memoryUsage.rss()); };
const source = new ReadableStream({
  start(c) { c.enqueue(new TextEncoder().encode('<!DOCTYPE html><html><head><title>t</title></head><body>')); },
  pull(c) {
    if (sent >= total) return c.close();
    const next = ring[turn++ % ring.length];
    next.set(chunk);
    c.enqueue(next);
    sent += CHUNK;
    sample();
    if (process.env.H5_TRACE && sent % (16 << 20) === 0) console.error(`${sent >> 20} MiB: rss ${process.memoryUsage.rss() >> 20} MiB, heap ${process.memoryUsage().heapUsed >> 20} MiB, external ${process.memoryUsage().external >> 20} MiB, arrayBuffers ${process.memoryUsage().arrayBuffers >> 20} MiB, wasm ${JSON.stringify(memoryUsage())}`);
  },
});
let texts = 0;
const rewriter = new HTMLRewriter()
  .on('a[href^="http:"]', { element(e) { e.setAttribute('href', 'https:' + e.getAttribute('href').slice(5)); e.setAttribute('rel', 'noopener'); } })
  .on('img', { element(e) { e.setAttribute('loading', 'lazy'); } })
  .on('head', { element(e) { e.prepend('<meta name=x>', { html: true }); } })
  .on('script', { element(e) { e.remove(); } })
  .on('p', { text(t) { texts += t.text.length; }, element(e) { e.onEndTag((t) => { t.after('\n'); }); } });
const t0 = process.cpuUsage();
let out = 0;
// --baseline: the same stream read without a rewriter (what the harness itself takes).
const stream = args.baseline ? source : rewriter.transform(source);
for await (const c of stream) out += c.length;
sample();
const cpu = process.cpuUsage(t0);
const mb = (n) => (n / 2 ** 20).toFixed(1);
console.log(`${mb(sent)} MiB in, ${mb(out)} MiB out, ${texts} text code units seen; peak RSS ${mb(peak)} MiB (${(peak / 1e6).toFixed(1)} MB); CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`);
if (peak >= 100e6) {
  console.log('peak RSS is 100 MB or more');
  process.exit(1);
}
