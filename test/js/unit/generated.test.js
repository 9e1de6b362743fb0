// The committed generated files are what their generators (scripts/gen-*.mjs,
// `make gen`) make of their sources today: each generator runs into a
// temporary folder and every file it writes must equal the committed one
// byte for byte.  And the atom hash the generator computes is the one
// docs/format.md defines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ATOM_COUNT, ATOM_HASH } from '../../../js/core/abi.js';
import { ATOMS } from '../../../js/core/atoms.js';
import { ROOT } from '../lib/helpers.js';

const generators = readdirSync(join(ROOT, 'scripts')).filter((f) => /^gen-.*\.mjs$/.test(f)).sort();

function filesBelow(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesBelow(p));
    else out.push(p);
  }
  return out;
}

test('there are generators', () => {
  assert.deepEqual(generators, ['gen-abi.mjs', 'gen-atoms.mjs', 'gen-dom-names.mjs', 'gen-encodings.mjs', 'gen-entities.mjs', 'gen-sanitizer.mjs']);
});

for (const g of generators) {
  test(`${g}: the committed files are up to date (run \`make gen\`)`, () => {
    const out = mkdtempSync(join(tmpdir(), 'h5gen-'));
    try {
      execFileSync(process.execPath, [join(ROOT, 'scripts', g), '--out', out], { stdio: 'pipe' });
      const files = filesBelow(out);
      assert.ok(files.length > 0, `${g} wrote nothing`);
      for (const f of files) {
        const rel = relative(out, f);
        assert.ok(readFileSync(f).equals(readFileSync(join(ROOT, rel))), `${rel} is stale: run \`make gen\``);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
}

test('ATOM_HASH is FNV-1a over the atom names, each followed by LF (docs/format.md)', () => {
  let h = 2166136261;
  for (let a = 1; a < ATOMS.length; a++) {
    for (const c of ATOMS[a]) h = Number((BigInt((h ^ c.charCodeAt(0)) >>> 0) * 16777619n) % 2n ** 32n);
    h = Number((BigInt((h ^ 10) >>> 0) * 16777619n) % 2n ** 32n);
  }
  assert.equal(ATOM_COUNT, ATOMS.length);
  assert.equal(ATOM_HASH, h >>> 0);
});
