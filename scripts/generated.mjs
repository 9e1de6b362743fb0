// What the generators (scripts/gen-*.mjs, `make gen`) share: where the
// repository is, reading scripts/data/atoms.txt, and writing outputs.
//
// A generator run with `--out DIR` writes its files below DIR (same relative
// paths) instead of into the repository: the staleness test
// (test/js/unit/generated.test.js) regenerates into a temporary folder and
// compares byte for byte.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const i = process.argv.indexOf('--out');
const OUT = i >= 0 ? process.argv[i + 1] : null;

/** The repository file `rel` (inputs are always read from the repository). */
export const readRepo = (rel) => readFileSync(join(ROOT, rel), 'utf8');

/**
 * Write the generated file `rel`: below --out when given, else into the
 * repository, and there only when its text changes (src/encoding/encoding.h and
 * src/common/abi.h are included by most C sources; an untouched file rebuilds nothing).
 */
export function write(rel, text) {
  if (OUT !== null) {
    const path = join(OUT, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    return;
  }
  const path = join(ROOT, rel);
  if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
}

/** The atom names of scripts/data/atoms.txt in id order, from id 1 (atom 0 is the empty name). */
export function readAtoms() {
  const names = [];
  const seen = new Set();
  for (const line of readRepo('scripts/data/atoms.txt').split('\n')) {
    if (line.startsWith('#')) continue;
    for (const n of line.split(/\s+/)) {
      if (!n || seen.has(n)) continue;
      seen.add(n);
      names.push(n);
    }
  }
  return names;
}
