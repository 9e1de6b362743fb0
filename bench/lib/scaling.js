// Child process: does parse time grow linearly with input size?
//
//   node bench/lib/scaling.js '{"quick":true}'
//
// Takes three pages of different sizes (scalingPages), makes ×1, ×2 and ×4
// copies of each (the page concatenated with itself) and times parse + walk
// of every copy with every parser, interleaved.  Each sample is a batch of
// equal work (4k parses of ×1, 2k of ×2, k of ×4; at least BATCH_BYTES), so
// GC and timer noise are amortised alike; the time per parse is the batch
// time / parses, best of `reps` batches (load from other processes only ever
// adds time, and the machine is shared).
// Replies { pages: [{name, bytes}], factors, parsers, skipped, ms: {id: [[×1,
// ×2, ×4] per page]} }; the ratios ms(2n)/ms(n) should be close to 2.
import { listPages, readPage, scalingPages } from './corpus.js';
import { loadParsers, PARSERS } from './parsers.js';
import { cpuMs, progress, reply } from './stats.js';

export const FACTORS = [1, 2, 4];
const BATCH_BYTES = 2e6;

const opts = JSON.parse(process.argv[2] ?? '{}');
const reps = opts.reps ?? (opts.quick ? 2 : 7);
const wanted = opts.parsers ? PARSERS.filter((p) => opts.parsers.includes(p.id)) : PARSERS;

const { ready, skipped } = await loadParsers(wanted);
const pages = scalingPages(listPages()).map((page) => {
  const { text } = readPage(page);
  return { name: page.name, bytes: Buffer.byteLength(text), texts: FACTORS.map((f) => text.repeat(f)) };
});

const times = {};
for (const p of ready) times[p.id] = pages.map(() => FACTORS.map(() => []));

const warmup = 1;
const maxFactor = FACTORS[FACTORS.length - 1];
let turn = 0;
for (let r = -warmup; r < reps; r++) {
  progress(`scaling: ${r < 0 ? 'warm-up' : `rep ${r + 1}/${reps}`}`);
  for (let i = 0; i < pages.length; i++) {
    for (let f = 0; f < FACTORS.length; f++) {
      const text = pages[i].texts[f];
      const k = Math.ceil(BATCH_BYTES / (pages[i].bytes * maxFactor));
      const parses = (k * maxFactor) / FACTORS[f];
      turn++;
      for (let k = 0; k < ready.length; k++) {
        const p = ready[(turn + k) % ready.length];
        const c0 = cpuMs();
        for (let j = 0; j < parses; j++) p.run(text);
        const ms = (cpuMs() - c0) / parses;
        if (r >= 0) times[p.id][i][f].push(ms);
      }
    }
  }
}
progress('');

const ms = {};
for (const p of ready) ms[p.id] = times[p.id].map((perFactor) => perFactor.map((xs) => Math.min(...xs)));
reply({
  pages: pages.map(({ name, bytes }) => ({ name, bytes })),
  factors: FACTORS,
  parsers: ready.map(({ id, label }) => ({ id, label })),
  skipped,
  ms,
});
