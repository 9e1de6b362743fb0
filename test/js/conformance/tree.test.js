// The html5lib tree-construction suite through the wasm build and the public
// API: parse()/parseFragment() in both output formats (DOM-like nodes and
// parse5-shaped objects), each dumped in the html5lib format and compared.
// Tests without a scripting flag run with scripting on and off.
//
// html5lib-tests@9329e64 predates the 2026 standard: the tests whose
// expectation the standard changed since are listed in
// test/data/html5lib-changed.txt (as test/native/tree_test.c --changed reads
// it).  A listed test must give a tree other than its old expectation; one
// changed by the processing-instruction rules alone ("pi") must still give
// the old tree with processingInstructions: false (the pre-2026 parser).
// The new expectations are in test/data/wpt/*.dat, run here with the
// default options.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

import { dumpTree, parse, parseFragment } from '../../../js/node.js';
import { contextOption, readChanged, readDat } from '../lib/dat.js';
import { sharedPath } from '../lib/shared.js';

const dir = sharedPath('html5lib-tests', 'tree-construction');
const wptDir = fileURLToPath(new URL('../../data/wpt', import.meta.url));
const changed = readChanged();
const seen = new Set();

function run(t, scriptingEnabled, format, extra) {
  if (t.shadowRoots) extra = { shadowRoots: true, ...extra };
  const root = t.fragment
    ? parseFragment(t.data, { context: contextOption(t.fragment), scriptingEnabled, format, ...extra })
    : parse(t.data, { scriptingEnabled, format, ...extra });
  return dumpTree(root);
}

function suite(name, path, file, isHtml5lib) {
  describe(name, () => {
    for (const t of readDat(join(path, file))) {
      const key = `${file}:${t.index}`;
      const change = isHtml5lib ? changed.get(key) : undefined;
      if (change) seen.add(key);
      const modes = t.script ? [t.script === 'on'] : [true, false];
      for (const scriptingEnabled of modes) {
        for (const format of ['dom', 'object']) {
          const label = `#${t.index} [script-${scriptingEnabled ? 'on' : 'off'}] [${format}]${t.fragment ? ` (fragment: ${t.fragment})` : ''}`;
          const input = `input: ${JSON.stringify(t.data)}`;
          if (!change) {
            test(label, () => assert.equal(run(t, scriptingEnabled, format), t.document, input));
            continue;
          }
          test(`${label}: changed by whatwg/html ${change.commit} (${change.description})`, () => {
            assert.notEqual(run(t, scriptingEnabled, format), t.document, `${input}: listed in html5lib-changed.txt, but gives the old tree`);
            if (change.piOnly) {
              assert.equal(run(t, scriptingEnabled, format, { processingInstructions: false }), t.document,
                `${input}: with processingInstructions: false the old tree`);
            }
          });
        }
      }
    }
  });
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.dat')).sort()) {
  suite(`tree-construction/${file}`, dir, file, true);
}
for (const file of readdirSync(wptDir).filter((f) => f.endsWith('.dat')).sort()) {
  suite(`test/data/wpt/${file}`, wptDir, file, false);
}

test('html5lib-changed.txt names only tests that exist', () => {
  assert.deepEqual([...changed.keys()].filter((k) => !seen.has(k)), []);
});

test('tree-construction/scripted/*.dat', { skip: 'not applicable: these tests need a script engine (document.write)' });
