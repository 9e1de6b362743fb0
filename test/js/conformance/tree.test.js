// The html5lib tree-construction suite through the wasm build and the public
// API: parse()/parseFragment() in both output formats (DOM-like nodes and
// parse5-shaped objects), each dumped in the html5lib format and compared.
// Tests without a scripting flag run with scripting on and off.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { dumpTree, parse, parseFragment } from '../../../js/node.js';
import { contextOption, readDat } from '../lib/dat.js';
import { sharedPath } from '../lib/shared.js';

const dir = sharedPath('html5lib-tests', 'tree-construction');
const files = readdirSync(dir).filter((f) => f.endsWith('.dat')).sort();

for (const file of files) {
  describe(`tree-construction/${file}`, () => {
    for (const t of readDat(join(dir, file))) {
      const modes = t.script ? [t.script === 'on'] : [true, false];
      for (const scriptingEnabled of modes) {
        for (const format of ['dom', 'object']) {
          const label = `#${t.index} [script-${scriptingEnabled ? 'on' : 'off'}] [${format}]${t.fragment ? ` (fragment: ${t.fragment})` : ''}`;
          test(label, () => {
            const root = t.fragment
              ? parseFragment(t.data, { context: contextOption(t.fragment), scriptingEnabled, format })
              : parse(t.data, { scriptingEnabled, format });
            assert.equal(dumpTree(root), t.document, `input: ${JSON.stringify(t.data)}`);
          });
        }
      }
    }
  });
}

test('tree-construction/scripted/*.dat', { skip: 'not applicable: these tests need a script engine (document.write)' });
