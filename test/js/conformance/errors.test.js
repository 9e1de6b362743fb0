// Parse errors through the public API (parse/parseFragment + onParseError,
// i.e. the wasm build), on every html5lib tree-construction test:
//
// - every reported error has a documented code (docs/errors.md), an offset
//   inside the input and the line/col of that offset;
// - the number of errors equals #errors + #new-errors (the README of
//   tree-construction: #new-errors adds to #errors), except for the runs
//   listed with their reason in errors-known.json, whose counts are checked
//   too (see docs/errors.md, "The html5lib-tests error counts").  Any other
//   difference fails, and so does a listed run that no longer differs.
//
// html5lib-tests@9329e64 counts errors as the tokenizer made them before
// processing instructions (whatwg/html 320c05f6, 2026): `<?` was
// unexpected-question-mark-instead-of-tag-name and a bogus comment.  Its
// tests run with processingInstructions: false, the parser they were written
// for.  The errors of processing instructions (their codes and positions)
// are checked by test/data/tokenizer/processing-instructions.test
// (tokenizer.test.js); here the inputs of test/data/wpt/*.dat, which have
// no error expectations, are parsed with the default options and every
// error they report is checked as above (documented code, offset, line/col).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

import { errorNames } from '../../../js/core/errors.js';
import { getWasm } from '../../../js/core/loader.js';
import { parse, parseFragment } from '../../../js/node.js';
import { contextOption, readDat } from '../lib/dat.js';
import { sharedPath } from '../lib/shared.js';

const here = dirname(fileURLToPath(import.meta.url));
const wptDir = join(here, '..', '..', 'data', 'wpt');
const known = JSON.parse(readFileSync(join(here, 'errors-known.json'), 'utf8'));
const docs = readFileSync(join(here, '..', '..', '..', 'docs', 'errors.md'), 'utf8');

// The codes documented in docs/errors.md: first column of its tables.
const DOCUMENTED = new Set([...docs.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]));

// Floor for the number of runs whose count matches #errors + #new-errors
// exactly (2947 of 3549 since <select> joined the default scope, whatwg/html
// 172cccf4, which ended webkit01.dat #31's extra option errors; the other
// 602 are explained in errors-known.json).  It may only go up.
const EXACT_FLOOR = 2947;

const relisted = new Set();
for (const [file, indexes] of Object.entries(known.relisted.tests)) for (const i of indexes) relisted.add(`${file}#${i}`);
const differs = new Map(); // test id -> { count, reason }
for (const d of known.differs) for (const [id, count] of Object.entries(d.ours)) differs.set(id, { count, reason: d.reason });

/** 1-based line and column of `offset` (lines end at LF, CR LF or a lone CR). */
function lineCol(input, offset) {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    const c = input.charCodeAt(i);
    if (c === 10 || (c === 13 && input.charCodeAt(i + 1) !== 10)) {
      line++;
      start = i + 1;
    }
  }
  return { line, col: offset - start + 1 };
}

/** #new-errors entries: "(line:col) code" or "(line:col-line:col) code". */
function parseNewError(text) {
  const m = /^\((\d+):(\d+)(?:-\d+:\d+)?\) ([a-z0-9-]+)$/.exec(text);
  assert.ok(m, `unreadable #new-errors entry ${JSON.stringify(text)}`);
  return { line: +m[1], col: +m[2], code: m[3] };
}

/**
 * Parse test t and return its errors, each checked: documented code, offset
 * in the input, the line/col of that offset.
 */
function parseErrors(t, scriptingEnabled, processingInstructions, label) {
  const errors = [];
  const options = { scriptingEnabled, processingInstructions, onParseError: (e) => errors.push(e) };
  if (t.fragment) parseFragment(t.data, { ...options, context: contextOption(t.fragment) });
  else parse(t.data, options);
  for (const e of errors) {
    assert.deepEqual(Object.keys(e).sort(), ['code', 'col', 'line', 'offset'], label);
    assert.ok(DOCUMENTED.has(e.code), `${label}: code ${JSON.stringify(e.code)} is not in docs/errors.md`);
    assert.ok(Number.isInteger(e.offset) && e.offset >= 0 && e.offset <= t.data.length, `${label}: offset ${e.offset} outside the input (${t.data.length})`);
    assert.deepEqual({ line: e.line, col: e.col }, lineCol(t.data, e.offset), `${label}: line/col of offset ${e.offset}`);
  }
  return errors;
}

const dir = sharedPath('html5lib-tests', 'tree-construction');
const files = readdirSync(dir).filter((f) => f.endsWith('.dat')).sort();

const stats = { runs: 0, exact: 0, relisted: 0, differs: 0, errors: 0 };
const ran = new Set(); // ids of the tests that ran

describe('html5lib tree-construction: parse errors through onParseError', () => {
  for (const file of files) {
    test(file, () => {
      const failures = [];
      for (const t of readDat(join(dir, file))) {
        const id = `${file}#${t.index}`;
        ran.add(id);
        const modes = t.script ? [t.script === 'on'] : [true, false];
        for (const scriptingEnabled of modes) {
          const label = `${id} [script-${scriptingEnabled ? 'on' : 'off'}]${t.fragment ? ` (fragment: ${t.fragment})` : ''}`;
          const errors = parseErrors(t, scriptingEnabled, false, label);
          stats.runs++;
          stats.errors += errors.length;

          const expected = t.errors.length + t.newErrors.length;
          if (errors.length === expected) {
            stats.exact++;
            if (relisted.has(id) || differs.has(id)) failures.push(`${label}: now has the expected ${expected} errors: remove it from errors-known.json`);
            continue;
          }
          const ours = errors.map((e) => `${e.line}:${e.col} ${e.code}`).join(', ');
          if (relisted.has(id)) {
            // Our count is #errors', and each #new-errors entry is one of ours.
            if (errors.length !== t.errors.length) {
              failures.push(`${label}: listed as re-listing #errors in #new-errors, but has ${errors.length} errors, #errors has ${t.errors.length}: ${ours}`);
              continue;
            }
            for (const ne of t.newErrors.map(parseNewError)) {
              if (!errors.some((e) => e.code === ne.code && e.line === ne.line && e.col === ne.col)) {
                failures.push(`${label}: #new-errors entry ${ne.line}:${ne.col} ${ne.code} is not among ours: ${ours}`);
              }
            }
            stats.relisted++;
            continue;
          }
          if (differs.has(id)) {
            const d = differs.get(id);
            if (errors.length !== d.count) failures.push(`${label}: listed with ${d.count} errors (${d.reason}), now ${errors.length}: ${ours}`);
            else stats.differs++;
            continue;
          }
          failures.push(`${label}: ${errors.length} errors, expected ${expected} (#errors ${t.errors.length} + #new-errors ${t.newErrors.length})\n    input: ${JSON.stringify(t.data)}\n    ours: ${ours}\n    expected: ${[...t.errors, ...t.newErrors].join(' | ')}`);
        }
      }
      if (failures.length) assert.fail(failures.join('\n'));
    });
  }

  test('error-count figures (html5lib #errors + #new-errors)', (t) => {
    const explained = stats.relisted + stats.differs;
    t.diagnostic(`tree-construction errors: ${stats.exact} of ${stats.runs} runs have exactly #errors + #new-errors errors (${stats.errors} errors reported in all)`);
    t.diagnostic(`of the other ${stats.runs - stats.exact}, explained (errors-known.json, docs/errors.md): ${stats.relisted} runs where #new-errors re-lists an error #errors counts already (checked by code and position), ${stats.differs} where html5lib's count differs from the spec's`);
    assert.equal(stats.exact + explained, stats.runs, 'every run matches or is explained');
    assert.ok(stats.exact >= EXACT_FLOOR, `exact matches fell to ${stats.exact} (floor ${EXACT_FLOOR})`);
    const missing = [...relisted, ...differs.keys()].filter((id) => !ran.has(id));
    assert.deepEqual(missing, [], 'errors-known.json lists tests that do not exist');
  });

  test('test/data/wpt/*.dat (processing instructions on): every error documented, at its offset, line and col', () => {
    const codes = new Set();
    for (const file of readdirSync(wptDir).filter((f) => f.endsWith('.dat')).sort()) {
      for (const t of readDat(join(wptDir, file))) {
        const modes = t.script ? [t.script === 'on'] : [true, false];
        for (const s of modes) for (const e of parseErrors(t, s, true, `${file}#${t.index}`)) codes.add(e.code);
      }
    }
    // The four codes of 320c05f6 all occur in these inputs.
    for (const code of ['disallowed-processing-instruction-target', 'eof-in-processing-instruction',
      'invalid-first-character-of-processing-instruction-target', 'invalid-processing-instruction-target']) {
      assert.ok(codes.has(code), `${code} never reported`);
    }
  });

  test('docs/errors.md documents exactly the codes of the module', () => {
    const codes = errorNames(getWasm()).slice(1); // 0 is H5_ERROR_NONE, never reported
    assert.deepEqual([...DOCUMENTED].sort(), [...codes].sort());
  });
});
