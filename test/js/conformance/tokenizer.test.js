// The html5lib tokenizer suite through the wasm build and the public
// tokenize() API: tokens and parse errors (code, line, col), every test,
// every initial state; then our own tests in the same format
// (test/data/tokenizer: processing instructions).  html5lib-tests@9329e64
// was written for the tokenizer before processing instructions (whatwg/html
// 320c05f6, 2026), so its tests run with processingInstructions: false; a
// test of ours that has "processingInstructions": true runs with the
// default (true).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { tokenize } from '../../../js/node.js';
import { sharedPath } from '../lib/shared.js';
import { testNotation } from '../lib/tokens.js';

const dirs = [sharedPath('html5lib-tests', 'tokenizer'), new URL('../../data/tokenizer', import.meta.url).pathname];

// html5lib "doubleEscaped": \uHHHH sequences are unescaped once more.
const unescape = (s) => s.replace(/\\u([0-9a-fA-F]{4})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

function toHtml5lib(tokens) {
  return testNotation(tokens, {
    doctype: (t) => ['DOCTYPE', t.name, t.publicId, t.systemId, !t.forceQuirks],
    startTag: (t) => {
      const attrs = {};
      for (const a of t.attributes) attrs[a.name] = a.value;
      return t.selfClosing ? ['StartTag', t.name, attrs, true] : ['StartTag', t.name, attrs];
    },
    endTag: (t) => ['EndTag', t.name],
    comment: (t) => ['Comment', t.data],
    processingInstruction: (t) => ['ProcessingInstruction', t.target, t.data],
  });
}

function expectedTokens(test) {
  const unesc = (v) => (typeof v === 'string' && test.doubleEscaped ? unescape(v) : v);
  return test.output.map((tok) => tok.map((v) => {
    if (v && typeof v === 'object') {
      const o = {};
      for (const [k, val] of Object.entries(v)) o[unesc(k)] = unesc(val);
      return o;
    }
    return unesc(v);
  }));
}

const order = (a, b) => a.line - b.line || a.col - b.col || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

for (const [dir, file] of dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.test')).sort().map((f) => [d, f]))) {
  const json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (json.xmlViolationTests) {
    // These expect the "coercing an HTML DOM into an infoset" tweaks, which
    // a tokenizer does not apply; counted and reported, not run.
    test(`tokenizer/${file}`, { skip: `${json.xmlViolationTests.length} tests not applicable: they expect the "coercing an HTML DOM into an infoset" tweaks, which are not tokenizer behaviour` });
    continue;
  }
  describe(`tokenizer/${file}`, () => {
    json.tests.forEach((t, index) => {
      for (const state of t.initialStates ?? ['Data state']) {
        test(`#${index} ${t.description} [${state}]`, () => {
          const input = t.doubleEscaped ? unescape(t.input) : t.input;
          const errors = [];
          const tokens = tokenize(input, {
            initialState: state,
            lastStartTag: t.lastStartTag ?? undefined,
            processingInstructions: t.processingInstructions === true ? undefined : false, // undefined: the default, on
            onParseError: (e) => errors.push(e),
          });
          assert.deepEqual(toHtml5lib(tokens), expectedTokens(t), `tokens differ for input ${JSON.stringify(input)}`);
          const got = errors.map(({ code, line, col }) => ({ code, line, col })).sort(order);
          const want = (t.errors ?? []).map(({ code, line, col }) => ({ code, line, col })).sort(order);
          assert.deepEqual(got, want, `errors differ for input ${JSON.stringify(input)}`);
          for (const e of errors) assert.equal(typeof e.offset, 'number');
        });
      }
    });
  });
}
