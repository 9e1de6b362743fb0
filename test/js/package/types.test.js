// The TypeScript types (js/**/*.d.ts, and js/cjs-types/**/*.d.cts for the CommonJS entry):
// tsc (TypeScript 7, a devDependency) checks the files of test/types/ under
// each tsconfig*.json there (module node16 ESM and CommonJS, bundler, the
// DOM lib and @types/node), resolving 'html5-wasm' as a user does: the
// package's self-reference through package.json "exports".
//
// A line after `// @ts-expect-error -- TEXT` must fail to type-check with a
// message that contains TEXT: tsc runs again over a copy of the folder (in
// build/, inside the package, so the self-reference still resolves) with the
// directives turned into plain comments, and every error must be on such a
// line and say what the directive says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../lib/shared.js';

const TYPES = join(repoRoot, 'test/types');
const TSC = join(repoRoot, 'node_modules/typescript/bin/tsc');
const DIRECTIVE = /^\s*\/\/ @ts-expect-error -- (.+)$/;
const configs = readdirSync(TYPES).filter((f) => /^tsconfig\..+\.json$/.test(f)).sort();

function tsc(config) {
  const r = spawnSync(process.execPath, [TSC, '-p', config, '--pretty', 'false'], { cwd: repoRoot, encoding: 'utf8', timeout: 300_000 });
  if (r.error) throw r.error;
  return { status: r.status, out: r.stdout + r.stderr };
}

/** tsc's diagnostics: { file, line, text } (text with its indented continuation lines). */
function diagnostics(out, base) {
  const list = [];
  for (const line of out.split('\n')) {
    const m = /^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/.exec(line);
    if (m) list.push({ file: relative(base, join(repoRoot, m[1])), line: Number(m[2]), text: m[3] });
    else if (/^\s/.test(line) && list.length > 0) list.at(-1).text += '\n' + line.trim();
    else if (line.trim() !== '') list.push({ file: '?', line: 0, text: line });
  }
  return list;
}

test('the CommonJS declarations (js/cjs-types/**/*.d.cts) are built from the js/**/*.d.ts that js/index.d.ts reaches, in a folder of their own', () => {
  execFileSync(process.execPath, [join(repoRoot, 'scripts/build-dcts.mjs')]);
  const all = readdirSync(join(repoRoot, 'js'), { recursive: true });
  const dts = all.filter((f) => f.endsWith('.d.ts')).sort();
  const dcts = all.filter((f) => f.endsWith('.d.cts')).sort();
  assert.ok(dcts.every((f) => f.startsWith('cjs-types/')), dcts.join(' '));
  const built = dcts.map((f) => f.replace(/^cjs-types\//, '').replace(/\.d\.cts$/, '.d.ts'));
  assert.deepEqual(built.filter((f) => !dts.includes(f)), []);
  for (const f of ['index.d.ts', 'types.d.ts', 'dom/dom.d.ts', 'dom/decode.d.ts', 'html/object.d.ts', 'xml/xml.d.ts']) assert.ok(built.includes(f), f);
  assert.deepEqual(built.filter((f) => f.startsWith('entries/')), [], 'the subpath entries are ES modules only');
  const index = readFileSync(join(repoRoot, 'js/cjs-types/index.d.cts'), 'utf8');
  assert.match(index, /from '\.\/dom\/decode\.cjs'/);
  assert.doesNotMatch(index, /from '\.\/[^']+\.js'/);
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  assert.equal(pkg.exports['.'].node.require.types, './js/cjs-types/index.d.cts');
  assert.equal(pkg.exports['.'].node.import.types, './js/index.d.ts');
  assert.equal(pkg.exports['.'].types, './js/index.d.ts');
});

test('there are type tests with expected errors, under several settings', () => {
  assert.deepEqual(configs, ['tsconfig.bundler.json', 'tsconfig.node16.json', 'tsconfig.platform.json']);
  const files = readdirSync(TYPES).filter((f) => /\.[cm]?ts$/.test(f));
  assert.ok(files.includes('esm.mts') && files.includes('cjs.cts') && files.includes('bundler.ts'), files.join(' '));
  const marked = files.reduce((n, f) => n + readFileSync(join(TYPES, f), 'utf8').split('\n').filter((l) => DIRECTIVE.test(l)).length, 0);
  assert.ok(marked >= 20, `${marked} expected errors`);
});

for (const config of configs) {
  test(`tsc -p test/types/${config}: no errors`, { timeout: 300_000 }, () => {
    const { status, out } = tsc(join(TYPES, config));
    assert.equal(out.trim(), '', out);
    assert.equal(status, 0);
  });

  test(`tsc -p test/types/${config}: each expected error is there, and says what was wrong`, { timeout: 300_000 }, (t) => {
    const copy = join(repoRoot, 'build', `types-check-${process.pid}-${config.split('.')[1]}`);
    rmSync(copy, { recursive: true, force: true });
    mkdirSync(copy, { recursive: true });
    try {
      cpSync(TYPES, copy, { recursive: true });
      const expected = []; // { file, line, text }
      for (const f of readdirSync(copy).filter((x) => /\.[cm]?ts$/.test(x))) {
        const lines = readFileSync(join(copy, f), 'utf8').split('\n');
        lines.forEach((l, i) => {
          const m = DIRECTIVE.exec(l);
          if (m) {
            expected.push({ file: f, line: i + 2, text: m[1] });
            lines[i] = l.replace('@ts-expect-error', 'expected error');
          }
        });
        writeFileSync(join(copy, f), lines.join('\n'));
      }
      const { status, out } = tsc(join(copy, config));
      assert.notEqual(status, 0, out);
      const errors = diagnostics(out, copy);
      const inConfig = new Set(JSON.parse(readFileSync(join(copy, config), 'utf8')).files);
      const wanted = expected.filter((e) => inConfig.has(e.file));
      const problems = [];
      for (const e of wanted) {
        const here = errors.filter((d) => d.file === e.file && d.line === e.line);
        if (here.length === 0) problems.push(`${e.file}:${e.line} type-checks, but should fail with "${e.text}"`);
        else if (!here.some((d) => d.text.includes(e.text))) problems.push(`${e.file}:${e.line}: expected "${e.text}", tsc says:\n${here.map((d) => d.text).join('\n')}`);
      }
      assert.deepEqual(problems, []);
      const stray = errors.filter((d) => !wanted.some((e) => e.file === d.file && e.line === d.line));
      assert.deepEqual(stray, [], 'errors on lines not marked as expected errors');
      t.diagnostic(`${wanted.length} expected errors, each with its message`);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
}
