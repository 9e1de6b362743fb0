#!/usr/bin/env node
// What a browser downloads (`make size`), raw, gzip (zlib level 9) and
// brotli (quality 11), against the budget (issues 15 and 21: 150 KB gzipped).
//
// The budget counts 'html5-wasm' through its default export condition, what
// browsers and bundlers get: dist/html5-wasm.min.js, the modules it imports
// (dist/html5-wasm-core.min.js) and dist/html5.wasm.  For information: the
// same for html5-wasm/inline (the wasm embedded), and the unminified sources
// (js/index.js and the modules reachable from it, static and dynamic relative
// imports followed; node: built-ins and the Node-only js/node.js are not part
// of it) as served one file per request to those who import js/ directly.
//
//   node scripts/size.js [--check]    --check: exit 1 when over budget
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WASM = join(ROOT, 'dist/html5.wasm');
const BUNDLE = join(ROOT, 'dist/html5-wasm.min.js');
const INLINE_BUNDLE = join(ROOT, 'dist/html5-wasm-inline.min.js');
const SOURCES = join(ROOT, 'js/index.js');
const BUDGET = 150 * 1000; // bytes, gzipped (KB = 1000 bytes)
const NODE_ONLY = new Set([join(ROOT, 'js/node.js')]);

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

for (const [file, make] of [[WASM, 'make wasm'], [BUNDLE, 'make bundles'], [INLINE_BUNDLE, 'make bundles']]) {
  if (!existsSync(file)) {
    console.error(`${relative(ROOT, file)} is missing: run \`${make}\` first`);
    process.exit(1);
  }
}
const kb = (n) => (n / 1000).toFixed(1);
const total = (k, list) => list.reduce((a, r) => a + r[k], 0);
const sum = (name, list) => ({ name, raw: total('raw', list), gzip: total('gzip', list), brotli: total('brotli', list) });
const jsSizes = (entry) => reachable(entry).map((f) => sizes(f, constants.BROTLI_MODE_TEXT));

/** A table: header, rows, then (after a rule) the summary rows. */
function printTable(rows, summary) {
  const cells = (r) => [r.name, kb(r.raw), kb(r.gzip), kb(r.brotli)];
  const table = [['file', 'raw KB', 'gzip KB', 'brotli KB'], ...rows.map(cells), ...summary.map(cells)];
  const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
  const line = (r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  console.log([line(table[0]), rule, ...table.slice(1, 1 + rows.length).map(line), rule, ...table.slice(1 + rows.length).map(line)].join('\n'));
}

const wasm = sizes(WASM, constants.BROTLI_MODE_GENERIC);
const bundle = jsSizes(BUNDLE);
const shipped = [wasm, ...bundle];
console.log("'html5-wasm' in a browser (the package's default export condition, as bundlers and browsers load it):\n");
printTable(shipped, [sum(`JS (${bundle.length} files, minified)`, bundle), sum('total', shipped)]);

// html5-wasm/inline: what it adds to the JS, against html5.wasm served as a file.
const inline = jsSizes(INLINE_BUNDLE);
const inlineOwn = inline.find((r) => r.name === relative(ROOT, INLINE_BUNDLE));
console.log(`\n'html5-wasm/inline' (${inline.map((r) => r.name).join(' + ')}, the wasm embedded as base64): ` +
  `${kb(total('gzip', inline))} KB gzipped, ${kb(total('brotli', inline))} KB brotli, ${kb(total('raw', inline))} KB raw; ` +
  `${inlineOwn.name} ${kb(inlineOwn.gzip)} KB gzipped against ${kb(wasm.gzip)} KB for html5.wasm as a file`);

// The unminified sources, for those who import js/index.js by URL.
const sources = jsSizes(SOURCES);
console.log(`\nThe unminified sources (${relative(ROOT, SOURCES)} and what it imports, one request each; comments included), for information:\n`);
printTable(sources, [sum(`JS (${sources.length} files)`, sources), sum('with html5.wasm', [wasm, ...sources])]);

// html5-wasm/sanitize (issue 32): what the HTML Sanitizer adds to the parser's JS,
// js/sanitize/ bundled and minified with the parser's modules left out
// (they are shared); importing the parser alone does not load it.
const { build } = await import('esbuild');
const SANITIZE_DIR = join(ROOT, 'js/sanitize');
const sanitizeOut = await build({
  entryPoints: [join(SANITIZE_DIR, 'index.js')],
  bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent',
  plugins: [{
    name: 'parser-external',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        const path = resolve(args.resolveDir, args.path);
        return path.startsWith(SANITIZE_DIR + '/') ? { path } : { path: args.path, external: true };
      });
    },
  }],
});
const sanitizeJs = sanitizeOut.outputFiles[0].contents;
const sanitizeGzip = gzipSync(sanitizeJs, { level: 9 }).length;
const sanitizeBrotli = brotliCompressSync(sanitizeJs, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).length;
console.log(`\n'html5-wasm/sanitize' (js/sanitize/, minified, the parser's modules not counted): ` +
  `${kb(sanitizeGzip)} KB gzipped, ${kb(sanitizeBrotli)} KB brotli, ${kb(sanitizeJs.length)} KB raw; not in 'html5-wasm' above`);

// Per-file sums: each file is one request (gzip runs per response).
const gz = total('gzip', shipped);
const verdict = gz <= BUDGET
  ? `within budget: ${kb(gz)} KB gzipped of ${kb(BUDGET)} KB (${((gz / BUDGET) * 100).toFixed(0)}%)`
  : `OVER budget: ${kb(gz)} KB gzipped, ${kb(gz - BUDGET)} KB more than ${kb(BUDGET)} KB`;
console.log(`\n${verdict} ('html5-wasm' in a browser: ${[wasm, ...bundle].map((r) => r.name).join(' + ')})`);
if (process.argv.includes('--check') && gz > BUDGET) process.exit(1);
