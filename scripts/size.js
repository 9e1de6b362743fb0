#!/usr/bin/env node
// What a browser downloads (`make size`): dist/html5.wasm and the JS modules
// reachable from js/index.js (static and dynamic relative imports followed;
// node: built-ins and the Node-only entry js/node.js are not part of it),
// raw, gzip (zlib level 9) and brotli (quality 11), against the budget.
//
//   node scripts/size.js [--check]    --check: exit 1 when over budget
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = join(ROOT, 'js/index.js');
const WASM = join(ROOT, 'dist/html5.wasm');
const BUDGET = 150 * 1000; // bytes, gzipped (KB = 1000 bytes)
const NODE_ONLY = new Set([join(ROOT, 'js/node.js')]);
// html5-wasm/inline: the same JS with the wasm embedded (base64), one download.
const INLINE_ENTRY = join(ROOT, 'js/inline.js');
const INLINE_WASM = join(ROOT, 'js/inline-wasm.js');

// Relative specifiers of import/export ... from '...', import '...' and import('...').
const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;

/** The JS files reachable from `entry`, in discovery order. */
function reachable(entry) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file) || NODE_ONLY.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${relative(ROOT, file)} is imported but missing`);
    seen.add(file);
    const src = stripComments(readFileSync(file, 'utf8'));
    for (const m of src.matchAll(IMPORT_RE)) queue.push(resolve(dirname(file), m[2]));
  }
  return [...seen];
}

// Drops comments so that import examples inside them are not followed
// (string contents are kept; a '//' inside a string ends nothing).
function stripComments(src) {
  return src.replace(/("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
    (m, str) => str ?? '');
}

function sizes(file, mode) {
  const raw = readFileSync(file);
  return {
    name: relative(ROOT, file),
    raw: raw.length,
    gzip: gzipSync(raw, { level: 9 }).length,
    brotli: brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: mode,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }).length,
  };
}

if (!existsSync(WASM)) {
  console.error('dist/html5.wasm is missing: run `make wasm` first');
  process.exit(1);
}
const rows = [
  sizes(WASM, constants.BROTLI_MODE_GENERIC),
  ...reachable(ENTRY).map((f) => sizes(f, constants.BROTLI_MODE_TEXT)),
];
const js = rows.slice(1);
const total = (k, list = rows) => list.reduce((a, r) => a + r[k], 0);
const kb = (n) => (n / 1000).toFixed(1);

const table = [
  ['file', 'raw KB', 'gzip KB', 'brotli KB'],
  ...rows.map((r) => [r.name, kb(r.raw), kb(r.gzip), kb(r.brotli)]),
  [`JS (${js.length} files)`, kb(total('raw', js)), kb(total('gzip', js)), kb(total('brotli', js))],
  ['total', kb(total('raw')), kb(total('gzip')), kb(total('brotli'))],
];
const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
const line = (r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
const rule = widths.map((w) => '-'.repeat(w)).join('  ');
console.log([line(table[0]), rule, ...table.slice(1, -2).map(line), rule, ...table.slice(-2).map(line)].join('\n'));

// html5-wasm/inline: what it adds to the JS, against html5.wasm served as a file.
if (existsSync(INLINE_WASM)) {
  const inlineJs = reachable(INLINE_ENTRY).map((f) => sizes(f, constants.BROTLI_MODE_TEXT));
  const embedded = inlineJs.find((r) => r.name === relative(ROOT, INLINE_WASM));
  console.log(`\nhtml5-wasm/inline (${inlineJs.length} JS files, the wasm embedded as base64 in ${embedded.name}): ` +
    `${kb(total('gzip', inlineJs))} KB gzipped, ${kb(total('brotli', inlineJs))} KB brotli, ${kb(total('raw', inlineJs))} KB raw; ` +
    `the embedded wasm ${kb(embedded.gzip)} KB gzipped against ${kb(rows[0].gzip)} KB as html5.wasm`);
} else {
  console.log('\nhtml5-wasm/inline: js/inline-wasm.js is missing (`make bundles`)');
}

// What a bundler's production build ships of the browser entry: one
// minified ESM bundle (esbuild, a devDependency) beside html5.wasm.
try {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [ENTRY], bundle: true, minify: true, format: 'esm', platform: 'browser', write: false,
    logLevel: 'silent', external: ['node:*'], outdir: 'build/size-min',
  });
  const code = Buffer.from(out.outputFiles.find((f) => f.path.endsWith('.js')).contents);
  const mgz = gzipSync(code, { level: 9 }).length;
  console.log(`
minified (an esbuild --minify bundle of js/index.js, as a bundler's production build ships it): ` +
    `JS ${kb(code.length)} KB raw, ${kb(mgz)} KB gzipped; with html5.wasm ${kb(mgz + rows[0].gzip)} KB gzipped`);
} catch (e) {
  console.log(`
minified: not measured (${e.message})`);
}

// Per-file gzip sums overstate a bundle slightly; the budget counts files as
// they are served (one request each).
const gz = total('gzip');
const verdict = gz <= BUDGET
  ? `within budget: ${kb(gz)} KB gzipped of ${kb(BUDGET)} KB (${((gz / BUDGET) * 100).toFixed(0)}%)`
  : `OVER budget: ${kb(gz)} KB gzipped, ${kb(gz - BUDGET)} KB more than ${kb(BUDGET)} KB`;
console.log(`\n${verdict}`);
if (process.argv.includes('--check') && gz > BUDGET) process.exit(1);
