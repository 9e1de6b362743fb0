#!/usr/bin/env node
// Writes the libFuzzer seed corpus: every input of the html5lib tokenizer
// and tree-construction suites and slices of the corpus pages, each behind
// the 3-byte selector header that test/fuzz/fuzz_parse.c reads.
//   node scripts/fuzz-seeds.mjs OUTDIR [SHARED]
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const out = process.argv[2];
const shared = resolve(process.argv[3] ?? '../shared');
if (!out) throw new Error('usage: fuzz-seeds.mjs OUTDIR [SHARED]');
mkdirSync(out, { recursive: true });

let n = 0;
function seed(sel, chunk, text, enc = 0) {
  const body = Buffer.from(text, 'utf8').subarray(0, 6000);
  writeFileSync(join(out, `seed-${n++}`), Buffer.concat([Buffer.from([sel, chunk, enc]), body]));
}

const tok = join(shared, 'html5lib-tests/tokenizer');
for (const f of readdirSync(tok).filter((f) => f.endsWith('.test'))) {
  const json = JSON.parse(readFileSync(join(tok, f), 'utf8'));
  for (const t of json.tests ?? []) seed(2 | (n % 6) << 3, n & 7, t.input);
}
const tree = join(shared, 'html5lib-tests/tree-construction');
for (const f of readdirSync(tree).filter((f) => f.endsWith('.dat'))) {
  const text = readFileSync(join(tree, f), 'utf8');
  for (const block of text.split(/\n\n(?=#data\n)/)) {
    const m = /^#data\n([\s\S]*?)\n#errors/.exec(block);
    if (!m) continue;
    const frag = /#document-fragment\n/.test(block);
    seed(frag ? 1 | (n % 32) << 3 : n % 4 === 3 ? 3 : 0, n & 15, m[1]);
  }
}
const pages = join(shared, 'corpus/pages');
for (const f of readdirSync(pages).filter((f) => f.endsWith('.html')).slice(0, 60)) {
  const text = readFileSync(join(pages, f), 'latin1');
  seed(0, 0, text.slice(0, 6000));
}
// XML mode (byte 2 bit 5): xml5lib-tests' inputs, through the XML5
// tokenizer alone (mode 2) and the parser (mode 0).
const XML = 32;
const xtok = join(shared, 'xml5lib-tests/tokenizer');
for (const f of readdirSync(xtok).filter((f) => f.endsWith('.test'))) {
  const json = JSON.parse(readFileSync(join(xtok, f), 'utf8'));
  for (const t of (json.tests ?? []).filter((_, i) => i % 8 === 0)) seed(n % 2 === 0 ? 2 : 0, n & 7, t.input, XML);
}
const xtree = join(shared, 'xml5lib-tests/tree-construction');
for (const f of readdirSync(xtree).filter((f) => f.endsWith('.dat'))) {
  for (const m of readFileSync(join(xtree, f), 'utf8').matchAll(/#data\n([\s\S]*?)\n#document/g)) seed(0, 0, m[1], XML | (n & 2));
}
console.log(`fuzz seeds: ${n} files in ${out}`);
