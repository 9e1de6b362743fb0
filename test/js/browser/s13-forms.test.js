// Form controls of issue 18 against Chromium: each case of
// ./s13-forms.cases.js runs as `(d) => ...` on a parse() document and on a
// DOMParser document of the same markup, in the same page; the JSON of what
// it returns (or the name of what it threw) must be the same, and be the
// case's `expected` (which test/js/unit/s13-forms.test.js checks without a
// browser).  The known differences give the standard's answer here and
// something else in Chromium.
//
// A missing Chromium FAILS these tests; set H5_BROWSER_TESTS=0 to skip them
// explicitly (the reason is printed).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { describeInChromium } from '../../browser/chromium.js';
import { useHarness } from '../../browser/harness-session.js';
import { CASES, KNOWN_DIFFERENCES } from './s13-forms.cases.js';

// Runs in the page.
async function pageRun(cases) {
  const { parse } = await import('/js/index.js');
  const run = (fn, d) => {
    try {
      return JSON.stringify(fn(d));
    } catch (e) {
      return `threw ${e?.name}`;
    }
  };
  return cases.map((c) => {
    const fn = new Function('d', c.body);
    return { name: c.name, ours: run(fn, parse(c.html)), theirs: run(fn, new DOMParser().parseFromString(c.html, 'text/html')) };
  });
}

describeInChromium('test/js/browser/s13-forms.test.js', 'browser: form controls of issue 18 against Chromium', { timeout: 120_000 }, () => {
  const h = useHarness();
  const runCases = (cases) => h.page.evaluate(pageRun, cases.map(({ name, html, body }) => ({ name, html, body })));

  test('willValidate, reflected numbers, valueAsNumber / valueAsDate, progress, meter, setters, options writes', async (t) => {
    const results = await runCases(CASES);
    assert.equal(results.length, CASES.length);
    const bad = results.filter((r) => r.ours !== r.theirs);
    t.diagnostic(`${CASES.length - bad.length}/${CASES.length} cases identical to Chromium`);
    assert.deepEqual(bad.map((r) => `${r.name}\n  ours:     ${r.ours}\n  chromium: ${r.theirs}`), []);
    // The committed answers (what the unit test checks) are Chromium's.
    assert.deepEqual(results.map((r) => [r.name, r.theirs]), CASES.map((c) => [c.name, c.expected]));
  });

  test('the known differences: the standard here, something else in Chromium', async () => {
    const results = await runCases(KNOWN_DIFFERENCES);
    assert.deepEqual(results.map((r) => [r.name, r.ours]), KNOWN_DIFFERENCES.map((c) => [c.name, c.expected]));
    for (const r of results) assert.notEqual(r.theirs, r.ours, `${r.name}: Chromium now agrees; move it to CASES and out of docs/chromium-differences.md`);
  });
});
