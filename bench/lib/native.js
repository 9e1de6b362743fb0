// The native C build (bench/native_bench.c, built by `make build/native_bench`):
// CPU time of h5_parse + h5_flatbuf_write per file (median of repeated runs;
// the UTF-8 to UTF-16 conversion is not timed).
import { execFile, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT, TMP_DIR } from './corpus.js';
import { shareSettle, sum } from './stats.js';

export const NATIVE_BIN = join(ROOT, 'build/native_bench');

export function nativeAvailable() {
  return existsSync(NATIVE_BIN);
}

/**
 * Runs native_bench on `files`; resolves { files: [{ name, bytes, ms, best }],
 * bytes, ms } (ms: the median run, best: the fastest).
 *   { rounds: N }  interleaved, as the JS parsers run: N rounds over all the
 *                  files, each parsed once per round (after an untimed round)
 *   { minMs: N }   each file back to back for N ms; the first file of a run
 *                  pays for growing the parser's arena (page faults), so the
 *                  largest file is parsed first, untimed
 */
export function runNative(files, { minMs = 100, rounds = 0 } = {}) {
  const largest = files.reduce((a, b) => (statSync(b).size > statSync(a).size ? b : a));
  return new Promise((resolvePromise, reject) => {
    const args = rounds > 0 ? ['--rounds', String(rounds), ...files] : ['--min-ms', String(minMs), largest, ...files];
    execFile(NATIVE_BIN, args, { maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      if (err) {
        reject(new Error(`native_bench failed: ${err.message.trim()}${stderr ? `\n${stderr.trim()}` : ''}`));
        return;
      }
      // Header, [the warm-up file,] one line per file, TOTAL (recomputed without the warm-up).
      const rows = stdout.trim().split('\n').slice(rounds > 0 ? 1 : 2, -1).map((l) => l.split('\t'));
      const out = rows.map((r) => ({ name: r[0], bytes: Number(r[1]), ms: Number(r[2]), best: Number(r[3]) }));
      resolvePromise({ files: out, bytes: sum(out.map((f) => f.bytes)), ms: sum(out.map((f) => f.ms)) });
    });
  });
}

/**
 * The native build as a runner of the throughput benchmark (throughput.js),
 * interleaved with the JS parsers: native_bench --serve holds `files` (in
 * the order of the JS parsers' pages) and runs each batch as measureBatch()
 * does in a worker: an untimed parse of the first page, each page timed,
 * then a `settleMs` pause whose CPU time is shared among the samples.
 * Resolves { runBatch([i…]) → [{ cpu, wall, nodes: null }], close() }.
 */
export async function nativeServer(files, settleMs) {
  const child = spawn(NATIVE_BIN, ['--serve', String(settleMs), ...files], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const failed = new Promise((_, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`native_bench --serve exited with code ${code}`)));
  });
  failed.catch(() => {}); // observed by each read below
  const read = async () => {
    const r = await Promise.race([lines.next(), failed]);
    if (r.done) throw new Error('native_bench --serve closed its output');
    return r.value;
  };
  const hello = await read();
  if (hello !== 'ready') throw new Error(`native_bench --serve: expected "ready", got ${JSON.stringify(hello)}`);
  return {
    async runBatch(batch) {
      child.stdin.write(`${batch.join(' ')}\n`);
      const [extra, ...times] = (await read()).split(' ').map(Number);
      const samples = batch.map((_, j) => ({ cpu: times[2 * j], wall: times[2 * j + 1], nodes: null }));
      return shareSettle(samples, extra);
    },
    close() {
      child.stdin.end();
    },
  };
}

/**
 * Scaling with the native build: ms per page for each factor (see
 * scaling.js).  Several short runs with the files in rotated order; the
 * fastest parse of each file over all of them (other load only adds time).
 */
export async function nativeScaling(pages, factors, readText, { reps = 15 } = {}) {
  mkdirSync(TMP_DIR, { recursive: true });
  const files = [];
  for (const page of pages) {
    const text = readText(page);
    for (const f of factors) {
      const file = join(TMP_DIR, `${basename(page.name, '.html')}.x${f}.html`);
      writeFileSync(file, text.repeat(f));
      files.push(file);
    }
  }
  const samples = new Map(files.map((f) => [basename(f), []]));
  for (let r = 0; r < reps; r++) {
    const order = [...files.slice(r % files.length), ...files.slice(0, r % files.length)];
    const { files: rows } = await runNative(order, { minMs: 10 });
    for (const row of rows) samples.get(row.name).push(row.best);
  }
  return pages.map((_, i) => factors.map((_f, j) => Math.min(...samples.get(basename(files[i * factors.length + j])))));
}
