// The mutation differential against Chromium (issue 18): the same DOM
// operation sequences (test/browser/mutation.js) run in headless Chromium
// on DOMParser documents and on html5-wasm's parse() documents, in the same
// page; after every step the document's markup and the name of the
// exception thrown (if any) must be the same.  Hand-written scripts cover
// the DOM standard's rules and exceptions, generated ones (seeded) random
// sequences over small documents and corpus pages.
//
// A missing Chromium FAILS these tests; set H5_BROWSER_TESTS=0 to skip them
// explicitly (the reason is printed).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { describeInChromium } from '../../browser/chromium.js';
import { useHarness } from '../../browser/harness-session.js';

const SCRIPTS = ['build a list', 'hierarchy errors', 'names and attributes', 'markup setters', 'templates', 'two documents', 'character data'];

// Small generated documents: each seed runs 40 random steps.
const SMALL = [
  '<!DOCTYPE html><div id=a><p>one<b>two</b></p><ul><li>x<li>y</ul></div><table><tr><td>c</table>',
  '<p>quirks <i>mode</i><table><tr><td>t</table><template><td>in</template>',
  '<!DOCTYPE html><svg><g><rect/></g></svg><math><mi>x</mi></math><select><option>o</select><textarea>t</textarea>',
  '<!DOCTYPE html><!--c--><?pi d?><form><input name=a><label>l</label></form><pre>\nx</pre>',
];
const SEEDS = 12;
const PAGES = ['gumbo__hacker_news.html', 'gumbo__wikipedia.html', 'tdewolff-minify__sample_blogpost.html', 'html5ever__medium-fragment.html'];

describeInChromium('test/js/browser/mutation.test.js', 'browser: mutation differential against Chromium', { timeout: 300_000 }, () => {
  const h = useHarness();

  const runCases = (cases) => h.page.evaluate(async (c) => (await import('./mutation.js')).run(c), cases);
  function check(t, label, results) {
    const bad = results.filter((r) => r.error || r.at >= 0);
    const steps = results.reduce((n, r) => n + (r.steps ?? 0), 0);
    const thrown = results.reduce((n, r) => n + (r.outcomes ?? []).filter((o) => o !== 'ok').length, 0);
    t.diagnostic(`${label}: ${results.length - bad.length}/${results.length} cases identical to Chromium (${steps} steps, ${thrown} of them threw in Chromium)`);
    if (bad.length) {
      assert.fail(bad.map((r) => r.error ?? `${r.name}: step ${r.at} differs (${r.op})\n  ours:     ${r.ours.slice(0, 600)}\n  chromium: ${r.theirs.slice(0, 600)}`).join('\n\n'));
    }
    return thrown;
  }

  test(`${SCRIPTS.length} hand-written scripts: same markup and exceptions after every step`, async (t) => {
    const results = await runCases(SCRIPTS.map((s) => ({ name: s, script: s })));
    const thrown = check(t, 'scripts', results);
    assert.ok(thrown >= 20, `the scripts exercise the exceptions (${thrown} steps threw)`);
  });

  test(`generated sequences on ${SMALL.length} documents x ${SEEDS} seeds`, async (t) => {
    const cases = [];
    SMALL.forEach((html, k) => { for (let s = 1; s <= SEEDS; s++) cases.push({ name: `doc ${k} seed ${s}`, html, seed: s * 7919 + k, count: 40 }); });
    check(t, 'generated', await runCases(cases));
  });

  test(`generated sequences on ${PAGES.length} corpus pages`, async (t) => {
    const cases = PAGES.map((p, k) => ({ name: p, url: `/corpus/${p}`, seed: 100 + k, count: 60, everyStep: false }));
    check(t, 'corpus pages', await runCases(cases));
  });

  test('the comparison can fail', async () => {
    const r = await h.page.evaluate(async () => {
      const m = await import('./mutation.js');
      const { parse } = await import('../../js/index.js');
      const a = parse('<p>x</p>', { scriptingEnabled: false });
      a.body.firstChild.textContent = 'y';
      return m.docMarkup(a) === m.docMarkup(new DOMParser().parseFromString('<p>x</p>', 'text/html'));
    });
    assert.equal(r, false);
  });

  test('no page errors', () => {
    assert.deepEqual(h.log.filter((l) => !/\/favicon\.ico$/.test(l)), []);
  });
});
