#!/usr/bin/env node
// Benchmarks html5-wasm against parse5, htmlparser2 and its own native C
// build on the real pages of shared/corpus/pages (`make bench`).
//
//   node bench/run.js            full run; writes bench/results.md and bench/chart.svg
//   node bench/run.js --quick    a dozen pages, one round (development); writes nothing
//
// Options: --rounds N (timed rounds), --only ID,ID (parsers: dom, object, core,
// parse5, htmlparser2, native), --write / --no-write (results.md + chart.svg; written by default
// after a full run only),
// --from FILE (report a saved run again: every run saves build/bench/last-run.json),
// --baseline DIR (also the DOM row of another checkout built with `make bundles`, e.g. a
// `git worktree` of an older commit: its pages interleaved with ours, and the ratio in a note).
//
// Every measurement runs in a child process (lib/*.js), so the parsers'
// imports, JIT state and heaps do not leak into each other's numbers:
//   throughput  all JS parsers in one process (a worker thread each), interleaved page by page
//   native      build/native_bench --serve, a runner of the throughput phase; and once alone
//   memory      one process per parser
//   cold start  a fresh node per sample
//   first page  the largest page on a fresh instance against warm, and on one prepared by init({ memory }),
//               init({ memory, warmUp }) right before it and 1 s before it; core and DOM, a fresh node per sample
//   scaling     pages ×1, ×2, ×4
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, type } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runChild } from './lib/child.js';
import { listPages, midPage, quickSubset, readPage, ROOT, scalingPages, utf8File } from './lib/corpus.js';
import { NATIVE_BIN, nativeAvailable, nativeScaling, runNative } from './lib/native.js';
import { byId, NATIVE, PARSERS } from './lib/parsers.js';
import { chartSvg, markdownReport, terminalReport, verdicts } from './lib/report.js';
import { mbps, median, sum } from './lib/stats.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    only: { type: 'string' },
    write: { type: 'boolean' },
    from: { type: 'string' },
    baseline: { type: 'string' },
  },
  allowNegative: true,
});
const quick = args.quick;
const rounds = args.rounds ? Number(args.rounds) : quick ? 1 : 5;
const only = args.only ? args.only.split(',') : null;
if (args.baseline) process.env.H5_BENCH_BASELINE = resolve(args.baseline); // read by lib/parsers.js in the children
const jsIds = PARSERS.map((p) => p.id).filter((id) => (!only || only.includes(id)) && (id !== 'baseline' || args.baseline));
const wantNative = !only || only.includes('native');
const LAST_RUN = join(ROOT, 'build/bench/last-run.json');

const notes = [];
const log = (msg) => process.stderr.write(`${msg}\n`);

// --from FILE: report a saved run again (after changing the report) without measuring.
if (args.from) {
  output(JSON.parse(readFileSync(args.from, 'utf8')));
  process.exit(0);
}
const t0 = performance.now();
const loadAtStart = loadavg()[0];

function machine() {
  let model = cpus()[0]?.model ?? '?';
  try {
    model = /^model name\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? model;
  } catch { /* not Linux: keep os.cpus()'s */ }
  return {
    nproc: cpus().length, cpu: model.trim(), node: process.version, os: `${type()} ${release()}`,
    load: [loadAtStart, loadavg()[0]],
  };
}

/** Runs one phase; a failure is reported and leaves that phase out. */
async function phase(name, fn) {
  try {
    return await fn();
  } catch (e) {
    log(`${name} failed: ${e.message}`);
    notes.push(`${name} not measured: ${e.message.split('\n')[0]}`);
    return undefined;
  }
}

// ---- native ---------------------------------------------------------------
// The native build runs in the throughput phase, its batches interleaved with
// the JS parsers' (native_bench --serve).  One pass before it runs the pages
// alone, back to back with nothing in between: a reference for what the
// interleaving costs it (reported in a note).
const allPages = listPages();
const pagesMeta = quick ? quickSubset(allPages) : allPages;
let nativeAlone = null;
if (wantNative) {
  if (nativeAvailable()) {
    // Same text as the JS parsers: non-UTF-8 pages go through their UTF-8 copy.
    log('native: pages alone, back to back…');
    nativeAlone = await phase('native alone', () => runNative(pagesMeta.map(utf8File), { rounds: quick ? 2 : 5 }));
  } else {
    const msg = `native build skipped: ${NATIVE_BIN} missing (make build/native_bench)`;
    log(msg);
    notes.push(msg);
  }
}

// ---- throughput -------------------------------------------------------------
log(`throughput: ${quick ? 'quick subset' : 'all pages'}, ${rounds} round(s)…`);
const tp = await runChild('throughput.js', [JSON.stringify({ quick, rounds, parsers: jsIds, native: Boolean(nativeAlone) })]);
for (const s of tp.skipped) log(`  skipped ${s.label}: ${s.reason}`);
notes.push(...tp.notes);
const totalBytes = sum(tp.pages.map((p) => p.bytes));
// MB/s over the pages of each size class, from the per-page medians.
const SIZE_CLASSES = [['< 100 KB', 0, 100e3], ['100–500 KB', 100e3, 500e3], ['≥ 500 KB', 500e3, Infinity]];
function bySize(pages, perPageMs) {
  return SIZE_CLASSES.map(([label, lo, hi]) => {
    const idx = pages.map((p, i) => (p.bytes >= lo && p.bytes < hi ? i : -1)).filter((i) => i >= 0);
    return { label, pages: idx.length, mbps: mbps(sum(idx.map((i) => pages[i].bytes)), sum(idx.map((i) => perPageMs[i]))) };
  });
}

// The harness's own cost per sample (the empty runner's median), taken off
// every per-page median: it is the same for all parsers, and a larger share
// of a fast parser's samples.
const overhead = tp.cpu.harness ? median(tp.cpu.harness.flat()) : 0;
const overheadWall = tp.wall.harness ? median(tp.wall.harness.flat()) : 0;
if (tp.cpu.harness) {
  notes.push(`Harness cost per sample (empty runner, median): ${overhead.toFixed(3)} ms CPU, ${overheadWall.toFixed(3)} ms wall; taken off every per-page median`);
}
const net = (x, o) => Math.max(x - o, 0.001);
// The native runner reads its clocks in C, at no such cost.
const throughput = tp.parsers.map(({ id }) => {
  const [o, ow] = id === NATIVE.id ? [0, 0] : [overhead, overheadWall];
  const perPage = tp.cpu[id].map((xs) => net(median(xs), o));
  const ms = sum(perPage);
  return {
    ...byId(id),
    ms,
    mbps: mbps(totalBytes, ms),
    wallMbps: mbps(totalBytes, sum(tp.wall[id].map((xs) => net(median(xs), ow)))),
    medianMs: median(perPage),
    bySize: bySize(tp.pages, perPage),
  };
});

// Where html5-wasm's time goes: the core (wasm parse, buffer left in wasm memory) vs decode + walk.
const tpById = Object.fromEntries(throughput.map((r) => [r.id, r]));
// parse() decodes the buffer in place, as parseToView() leaves it.
const coreRow = tpById.view ?? tpById.core;
if (coreRow) {
  const shares = ['dom', 'object'].filter((id) => tpById[id])
    .map((id) => `${tpById[id].label} ${((coreRow.ms / tpById[id].ms) * 100).toFixed(0)}%`);
  if (shares.length > 0) notes.push(`Share of the core (${coreRow.label}) in the end-to-end time: ${shares.join(', ')}; the rest is decode + walk`);
}
if (tpById.view && tpById.core) {
  notes.push(`The copy of the flat buffer into a new ArrayBuffer (parseToBuffer against parseToView): ` +
    `${(((tpById.core.ms - tpById.view.ms) / tpById.core.ms) * 100).toFixed(1)}% of parseToBuffer's time`);
}

// Same trees, same walk: node counts must agree between parse5 and ours.
for (const id of ['object', 'dom']) {
  if (!tp.nodes[id] || !tp.nodes.parse5) continue;
  const diff = tp.pages.filter((_, i) => tp.nodes[id][i] !== tp.nodes.parse5[i]);
  if (diff.length > 0) {
    const i = tp.pages.indexOf(diff[0]);
    notes.push(`${byId(id).label} and parse5 disagree on the node count of ${diff.length} page(s), ` +
      `e.g. ${diff[0].name}: ${tp.nodes[id][i]} vs ${tp.nodes.parse5[i]}`);
  } else {
    notes.push(`${byId(id).label} walks as many nodes as parse5 on all ${tp.pages.length} pages`);
  }
}

if (nativeAlone && tpById.native && coreRow) {
  const aloneMbps = mbps(nativeAlone.bytes, sum(nativeAlone.files.map((f) => f.ms)));
  notes.push(`Native alone (every page once per round, back to back, no other parser between its pages; ` +
    `median of ${quick ? 2 : 5} rounds): ${aloneMbps.toFixed(1)} MB/s, ${(aloneMbps / tpById.native.mbps).toFixed(2)}× its interleaved ` +
    `throughput; ${coreRow.label} is ${(aloneMbps / coreRow.mbps).toFixed(2)}× slower than that`);
}

if (tpById.stream && tpById.dom) {
  notes.push(`Streaming (createParser, 64 KB chunks) against one-shot parse(), DOM format: ` +
    `${((tpById.stream.ms / tpById.dom.ms - 1) * 100).toFixed(1)}% time (issue 20's target: within 10%)`);
}

if (tpById.baseline && tpById.dom) {
  notes.push(`DOM row against ${tpById.baseline.label}: ${((tpById.dom.ms / tpById.baseline.ms - 1) * 100).toFixed(1)}% time ` +
    `(per-page CPU medians, interleaved in one run)`);
}

// ---- memory -----------------------------------------------------------------
// Peak RSS moves by up to 25 MiB from run to run (when V8 collects, how far its
// heap has grown): five processes per parser, interleaved, and the run
// with the median peak RSS is reported.
const memory = [];
const MEMORY_RUNS = quick ? 1 : 5;
const memRuns = new Map(jsIds.map((id) => [id, []]));
for (let k = 0; k < MEMORY_RUNS; k++) {
  for (const id of jsIds) {
    log(`memory: ${id} (${k + 1}/${MEMORY_RUNS})…`);
    const m = await phase(`memory of ${id}`, () =>
      runChild('memory.js', [JSON.stringify({ id, quick })], { nodeFlags: ['--expose-gc'] }));
    if (m && !m.skipped) memRuns.get(id).push(m);
  }
}
for (const id of jsIds) {
  const runs = memRuns.get(id).sort((a, b) => a.peakRss - b.peakRss);
  if (runs.length === 0) continue;
  const m = runs[(runs.length - 1) >> 1];
  memory.push({ ...byId(id), ...m, peakRssRuns: runs.map((r) => r.peakRss) });
}

// Tokenizing a stream larger than memory: the peak RSS stays that of a chunk and a token.
if (!only || only.includes('stream')) {
  const megabytes = quick ? 64 : 1024;
  log(`stream memory: tokenizing a generated ${megabytes} MB stream…`);
  const sm = await phase('stream memory', () => runChild('stream-memory.js', [JSON.stringify({ megabytes })]));
  if (sm) {
    notes.push(`Tokenizing a generated ${(sm.bytes / 1e6).toFixed(0)} MB stream (createTokenizer, 64 KB byte chunks, ` +
      `${sm.tokens} tokens): peak RSS ${(sm.peakRss / 2 ** 20).toFixed(0)} MiB (issue 20's bound: 200 MB), ` +
      `${mbps(sm.bytes, sm.ms).toFixed(1)} MB/s`);
  }
}

// ---- cold start -------------------------------------------------------------
// Fresh node processes, the parsers interleaved run by run: import + init,
// the first parse, the first full walk.  On a mid-sized page, and (issue 31,
// "the first page") on the largest UTF-8 page, where the whole first page of
// a CLI run or a serverless function is import + parse + walk.
const coldRuns = quick ? 3 : 11;
const coldPage = midPage(allPages);
const coldLargePage = allPages.filter((p) => p.utf8).at(-1);
async function coldStart(page, what) {
  const samples = Object.fromEntries(jsIds.map((id) => [id, []]));
  log(`${what}: ${coldRuns} fresh node processes per parser…`);
  await phase(what, async () => {
    for (let r = 0; r < coldRuns; r++) {
      for (const id of jsIds) {
        const c = await runChild('coldstart.js', [id, page.path]);
        if (!c.skipped) samples[id].push(c);
      }
    }
  });
  return jsIds.filter((id) => samples[id].length > 0).map((id) => {
    const s = samples[id];
    const med = (k) => median(s.map((x) => x[k]));
    return {
      ...byId(id),
      boot: med('boot'), importInit: med('importInit'), firstParse: med('firstParse'), firstWalk: med('firstWalk'), cpu: med('cpu'),
      // import + init + first parse + first walk, per process, then the median
      whole: median(s.map((x) => x.importInit + x.firstParse + x.firstWalk)),
    };
  });
}
const cold = await coldStart(coldPage, 'cold start');
const coldLarge = await coldStart(coldLargePage, 'cold start, largest page');

// ---- the first page (issue 17, item 8) ----------------------------------------
// The largest corpus page in fresh `node` processes (bench/lib/first-page.js):
// the first parse of a fresh instance (cold code, fresh wasm memory) against
// the median of the warm parses after it, for parseToView() (the core) and
// parse() (DOM): with nothing done before, after init({ memory }), after
// init({ memory, warmUp }) with the page right after it, and with a second
// between them.  Wall clock and the main thread's CPU time.
const bigPage = allPages.filter((p) => p.utf8).at(-1);
const FIRST_PAGE_MODES = [
  ['fresh', 'nothing before'],
  ['memory', 'init({ memory })'],
  ['memwarm', 'init({ memory, warmUp })'],
  ['prepared', 'init({ memory, warmUp }) 1 s before'],
];
const FIRST_PAGE_KINDS = ['core', 'dom'].flatMap((kind) => FIRST_PAGE_MODES.map(([mode, how]) =>
  [kind, mode, `${kind === 'core' ? 'parseToView' : 'parse, DOM'}: ${how}`]));
const firstPageRuns = quick ? 2 : 5;
const firstPage = { page: bigPage.name, bytes: bigPage.fileBytes, runs: firstPageRuns, rows: [] };
log(`the first page: ${firstPageRuns} fresh node processes per kind on ${bigPage.name}…`);
await phase('first page', async () => {
  const samples = FIRST_PAGE_KINDS.map(() => []);
  // Alternating kinds, so that a busy spell of the machine hits each alike.
  for (let r = 0; r < firstPageRuns; r++) {
    for (const [i, [kind, mode]] of FIRST_PAGE_KINDS.entries()) {
      samples[i].push(await runChild('first-page.js', [bigPage.path, kind, mode]));
    }
  }
  firstPage.rows = FIRST_PAGE_KINDS.map(([kind, mode, label], i) => {
    const s = samples[i];
    const row = {
      kind, mode, label,
      initMs: median(s.map((x) => x.initMs)), cold: median(s.map((x) => x.cold)), warm: median(s.map((x) => x.warm)),
      faults: median(s.map((x) => x.faults)), ratios: s.map((x) => x.cold / x.warm),
      cpuCold: s.every((x) => x.cpuCold != null) ? median(s.map((x) => x.cpuCold)) : null,
      cpuWarm: s.every((x) => x.cpuWarm != null) ? median(s.map((x) => x.cpuWarm)) : null,
      cpuRatios: s.every((x) => x.cpuCold != null) ? s.map((x) => x.cpuCold / x.cpuWarm) : null,
    };
    if (row.cpuRatios) row.cpuRatio = median(row.cpuRatios);
    row.ratio = median(row.ratios);
    return row;
  });
});

// ---- scaling ----------------------------------------------------------------
log('scaling…');
const sc = await phase('scaling', () => runChild('scaling.js', [JSON.stringify({ quick, parsers: jsIds })]));
const ratiosOf = (perPage) => perPage.map(([a, b, c]) => [b / a, c / b]);
const scalingRows = sc ? sc.parsers.map(({ id }) => ({ ...byId(id), ratios: ratiosOf(sc.ms[id]), ms: sc.ms[id], gc: sc.gc[id] })) : [];
if (sc && wantNative && nativeAvailable()) {
  const ms = await phase('native scaling', () => nativeScaling(scalingPages(allPages), sc.factors, (p) => readPage(p).text));
  if (ms) scalingRows.push({ ...NATIVE, ratios: ratiosOf(ms) });
}

// ---- report -----------------------------------------------------------------
const res = {
  date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  machine: machine(),
  quick,
  rounds,
  pageCount: tp.pages.length,
  totalBytes,
  throughput,
  memory,
  cold,
  coldRuns,
  coldPage: coldPage.name,
  coldLarge,
  coldLargePage: coldLargePage.name,
  firstPage,
  scaling: scalingRows.length > 0 ? { pages: sc.pages, rows: scalingRows } : null,
  notes,
};
for (const s of tp.skipped) notes.push(`${s.label} not measured: ${s.reason}`);
res.method = [
  'Each JS parser runs `parse(html)` then an iterative walk reading every node name, attribute name and ' +
    'value, and text/comment data (html5-wasm DOM: childNodes/attributes/data; object and parse5: ' +
    'childNodes/attrs/value/data; htmlparser2: children/attribs/data). The core rows have no decode and no walk: ' +
    'parseToView() copies the string into wasm memory, parses it and writes the flat buffer there (what parse() ' +
    'then decodes in place); parseToBuffer() also copies the buffer out into a new ArrayBuffer the caller owns.',
  'Throughput: one process, each JS parser in its own worker thread (its own V8 isolate and heap, so that ' +
    "one parser's garbage is not collected during another's samples). A parser gets the pages in batches of 8 " +
    'consecutive pages, as a batch job (scraper, build tool) runs them: an untimed parse of the first page, then ' +
    'each page timed on its own, back to back; batches are interleaved across the parsers (the order rotates). ' +
    "After each batch a 2 ms idle pause lets V8's background GC threads finish the batch's garbage; that CPU " +
    "time (CPU time counts all threads) is shared among the batch's samples. An empty runner measures what a " +
    'sample costs by itself, and its median is taken off every per-page median. No forced GC between samples ' +
    '(it shrinks V8\'s young generation, and the next parse then runs well below its steady state).',
  'Native: build/native_bench, the same job as the core row: h5_parse, then h5_flatbuf_write of the tree into ' +
    'the flat buffer (library -O2 as built by make, driver -O3); UTF-8 → UTF-16 conversion untimed, no copies ' +
    'across a boundary and no decode. It is a runner of the throughput phase like the JS parsers, in its own ' +
    'process (native_bench --serve): the same batches, interleaved with theirs, the same 2 ms pause after each ' +
    'batch, clocks read in C (no harness cost taken off). So the core and native rows meet the same conditions: ' +
    "caches holding another parser's data at the start of a batch, the same load. A note gives native run alone " +
    '(rounds over all pages, back to back).',
  'Memory: peak RSS is the OS figure (getrusage maxrss) of a process that parses and walks every page once, ' +
    'one tree alive at a time; five such processes per parser (interleaved), the median one reported; node itself accounts for the RSS after init. JS heap = heapUsed + arrayBuffers; ' +
    "the wasm module's linear memory (size at the end) is not in it, but is in RSS.",
  'Cold start: a fresh `node` per sample; wall times from process start (performance.timeOrigin), and the ' +
    'CPU time (all threads) of import + init + first parse, less sensitive to other load. Import + init ' +
    'covers the dynamic import of the library (and for html5-wasm, compiling and instantiating the module); ' +
    'first parse is the first parse() of the page (html5-wasm DOM nodes are made lazily, during the walk).',
  'Scaling: each page concatenated with itself ×2 and ×4; samples are batches of equal work (4k parses of ×1, ' +
    '2k of ×2, k of ×4, ≥ 2 MB), best of 7 (2 in --quick), parsers interleaved, each in its own worker thread ' +
    '(as for throughput); a batch is timed until the process is idle again, so that its own background GC is ' +
    'charged to it and not to the next parser; native: fastest parse over 15 ' +
    'native_bench runs with the files in rotated order. A missed target names the GC pauses of the ' +
    "parser's thread in the same batches (PerformanceObserver 'gc' entries: wall time of the pauses; " +
    'scavenges run in parallel, so their CPU time is larger).',
];
mkdirSync(dirname(LAST_RUN), { recursive: true });
writeFileSync(LAST_RUN, JSON.stringify(res, null, 1));
output(res);
log(`done in ${((performance.now() - t0) / 1000).toFixed(0)} s (measurements saved in ${relative(ROOT, LAST_RUN)})`);

/**
 * Prints the report and writes results.md and chart.svg: by default only for
 * a full run (not --quick, not --only, not --baseline, whose partial tables
 * would replace the full ones); --write / --no-write decide otherwise.
 */
function output(result) {
  result.verdicts = verdicts(result);
  console.log(`\n${terminalReport(result)}\n`);
  if (args.write ?? (!result.quick && !only && !args.baseline)) {
    writeFileSync(join(ROOT, 'bench/results.md'), markdownReport(result));
    writeFileSync(join(ROOT, 'bench/chart.svg'), chartSvg(result));
    log('wrote bench/results.md and bench/chart.svg');
  }
}
