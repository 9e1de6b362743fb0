// Mutation XSS (issue 32, item 4): what sanitize() returns, parsed again as
// a page parses it, must hold nothing the sanitizer would remove.  Property
// test over generated nasty documents (foreign content, raw-text and RCDATA
// elements, noscript, select / template, nested forms, tables, comments, PIs,
// nesting depth; test/js/lib/sanitizer-gen.js) x generated configurations:
// sanitize -> markup -> parsed again in a <div> with scripting enabled and
// with it disabled -> sanitized again: nothing removed.  The same round
// trip through Chromium:
// test/js/browser/sanitize.test.js.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { parse, parseFragment, serialize } from '../../../js/node.js';
import { installSanitizerMembers } from '../../../js/sanitize/index.js';
import { sanitize } from '../../../js/sanitize/index.js';
import { compile, sanitizeCore } from '../../../js/sanitize/sanitize.js';
import { compiledFor, sanitizerFromOptions } from '../../../js/sanitize/config.js';
import { nastyDocuments, randomConfig, rng } from '../lib/sanitizer-gen.js';

installSanitizerMembers();
const SEED = 4242;
const docs = nastyDocuments(SEED, 700);
const r = rng(SEED + 1);
const configs = [undefined, 'default', {}];
for (let k = 0; k < 9; k++) configs.push(randomConfig(r));

/** Markup parsed in a <div>, sanitized with `options`: the names of what was removed, or null. */
function removedOnReparse(markup, options, scriptingEnabled) {
  const f = parseFragment(markup, { context: 'div', scriptingEnabled });
  const before = serialize(f);
  const cfg = compiledFor(sanitizerFromOptions('test', options, true), true, compile);
  return sanitizeCore(f._t, f._i, cfg) ? { before, after: serialize(f) } : null;
}

test(`mutation XSS: ${docs.length} generated documents x ${configs.length} configurations, sanitized, parsed again, sanitized again: nothing removed (seed ${SEED})`, (t) => {
  let checked = 0;
  const failures = [];
  for (const html of docs) {
    for (const sanitizer of configs) {
      const options = { sanitizer };
      const out = sanitize(html, options);
      for (const scripting of [true, false]) {
        const removed = removedOnReparse(out, options, scripting);
        if (removed !== null) failures.push({ html, sanitizer, scripting, out, ...removed });
      }
      checked++;
    }
  }
  assert.deepEqual(failures.slice(0, 3), []);
  t.diagnostic(`${checked} outputs parsed again (scripting on and off): nothing to remove`);
});

test('the nested-form mutation (DOMPurify 2.0.0\'s bypass): the sanitized markup would parse into an img with onerror, sanitize() returns what that sanitizes to', () => {
  const html = '<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=alert(1)>';
  const options = { sanitizer: {} };
  // setHTML's tree, serialized, is the mutating markup ...
  const f = parseFragment(html, { context: 'div', scriptingEnabled: false });
  sanitizeCore(f._t, f._i, compiledFor(sanitizerFromOptions('test', options, true), true, compile));
  const once = serialize(f);
  assert.match(once, /<form><math><mtext><form><mglyph><style><\/math><img src=x onerror=alert\(1\)>/);
  assert.match(serialize(parseFragment(once, { context: 'div' })), /<img src="x" onerror="alert\(1\)">/);
  // ... which sanitize() does not return.
  const out = sanitize(html, options);
  assert.doesNotMatch(out, /onerror/);
  assert.equal(removedOnReparse(out, options, true), null);
});

test('sanitize() is setHTML() then innerHTML in a document without scripting, but where that markup would mutate', () => {
  const doc = parse('<!DOCTYPE html>', { scriptingEnabled: false });
  let same = 0;
  let mutated = 0;
  for (const html of docs.slice(0, 300)) {
    for (const sanitizer of configs) {
      const options = { sanitizer };
      const div = doc.createElement('div');
      div.setHTML(html, options);
      const a = sanitize(html, options);
      if (a === div.innerHTML) {
        same++;
        continue;
      }
      // Different only where setHTML's markup, parsed again, holds something the sanitizer removes.
      assert.ok(removedOnReparse(div.innerHTML, options, true) !== null || removedOnReparse(div.innerHTML, options, false) !== null,
        `sanitize() differs from setHTML() for ${JSON.stringify(html)} with ${JSON.stringify(sanitizer)}`);
      mutated++;
    }
  }
  assert.ok(same > 3000, `${same} equal`);
  assert.ok(mutated < same / 50, `${mutated} mutated`);
});
