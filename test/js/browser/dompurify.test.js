// DOMPurify on createWindow() against DOMPurify in Chromium 156, the reference
// browser (issue 32, item 3): the same DOMPurify build (node_modules/dompurify)
// sanitizes DOMPurify's fixtures, the string cases of its test suite
// (test/data/dompurify/, see test/js/unit/dompurify.test.js) and corpus pages
// in an about:blank page and on this DOM; the outputs are compared one for one.
//
// They differ in three ways, and the test checks that every difference is one
// of them ("Not there" in docs/dom.md, "DOMPurify and other DOM libraries"):
// - this DOM lacks a member that Chromium's document or form has: DOMPurify's
//   SANITIZE_DOM (on by default) drops an id or name whose value is one;
// - a form has no named properties here (HTML 4.10.3: `form.nodeName` is the
//   control named nodeName in a browser), so DOMPurify never finds a form
//   clobbered and keeps it (without the offending names, which SANITIZE_DOM
//   drops), where in Chromium it removes the form with its contents;
// - with PARSER_MEDIA_TYPE 'application/xhtml+xml' (the output is
//   serializeXml()'s), a default namespace declaration that Chromium's
//   XMLSerializer writes first stands where the element's attributes have it.
//
// A missing Chromium FAILS these tests; H5_BROWSER_TESTS=0 skips them
// explicitly (the reason is printed).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import createDOMPurify from 'dompurify';

import { describeInChromium, launchChromium } from '../../browser/chromium.js';
import '../../../js/node.js';
import { createWindow } from '../../../js/window/window.js';
import { sharedPath } from '../lib/shared.js';

const PAGES = [
  'gumbo__wikipedia.html',
  'gumbo__bbc.html',
  'lol-html__html-parsing-spec.html',
  'htmlparser-benchmark__guardian.co.uk__aeaf4e3c4527.html',
  'htmlparser-benchmark__w3.org__74e8bc94abea.html',
  'htmlparser-benchmark__economictimes.indiatimes.com__908eb47dc8a2.html',
  'htmlparser-benchmark__foxsports.com__a3ff07209a14.html',
  'htmlparser-benchmark__startribune.com__ea80cfab838b.html',
];
const revive = (k, v) => (v !== null && typeof v === 'object' && '$regexp' in v ? new RegExp(v.$regexp, v.flags) : v);
const load = (name) => JSON.parse(readFileSync(new URL(`../../data/dompurify/${name}`, import.meta.url), 'utf8'));
const require = createRequire(import.meta.url);
const PURIFY = readFileSync(require.resolve('dompurify/dist/purify.min.js'), 'utf8');

// Cases as [label, payload, config as JSON (RegExps as { $regexp, flags })].
function cases() {
  const out = [];
  for (const c of load('expect.json').cases) out.push([`fixture: ${c.title}`, c.payload, null]);
  for (const c of load('test-suite.json').cases) out.push([`suite: ${c.test}`, c.payload, c.config]);
  for (const p of PAGES) out.push([`page: ${p}`, readFileSync(sharedPath('corpus', 'pages', p), 'latin1'), null]);
  return out;
}

// The outputs are the same once the id and name attributes whose value is a member Chromium's document or form
// has and ours lack are taken out (SANITIZE_DOM), and the forms with what they hold (named properties); or, in
// XML mode, once the same xmlns declarations are taken out.
function knownDifference(ours, chromium, missing, xml) {
  const strip = (s) => s.replace(/ (?:id|name)="([^"]*)"/g, (m, v) => (missing.has(v) ? '' : m));
  const forms = (s) => s.replace(/<form\b[^>]*>[\s\S]*?<\/form>/g, '');
  const xmlns = (s) => s.replace(/ xmlns="[^"]*"/g, '');
  return strip(ours) === strip(chromium) || forms(strip(ours)) === forms(strip(chromium)) ||
    (xml && xmlns(ours) === xmlns(chromium) && ours.match(/ xmlns="[^"]*"/g)?.join() === chromium.match(/ xmlns="[^"]*"/g)?.join());
}

describeInChromium('test/js/browser/dompurify.test.js', 'DOMPurify on createWindow() against DOMPurify in Chromium', { timeout: 300_000 }, () => {
  let browser;
  let page;
  before(async () => {
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.setContent('<!DOCTYPE html><title>t</title>');
    await page.addScriptTag({ content: PURIFY });
  });
  after(async () => {
    await browser?.close();
  });

  test('the same output, but for the ids and names of members this DOM lacks and forms Chromium finds clobbered', async (t) => {
    const all = cases();
    const theirs = await page.evaluate((list) => {
      const revive = (k, v) => (v !== null && typeof v === 'object' && '$regexp' in v ? new RegExp(v.$regexp, v.flags) : v);
      return list.map(([, payload, config]) => {
        try {
          return window.DOMPurify.sanitize(payload, config === null ? undefined : JSON.parse(JSON.stringify(config), revive));
        } catch (e) {
          return `threw ${e.name}`;
        }
      });
    }, all);
    // The names Chromium's document and form have that this DOM's do not.
    const chromiumNames = await page.evaluate(() => {
      const names = (o) => { const s = new Set(); for (let p = o; p; p = Object.getPrototypeOf(p)) for (const k of Object.getOwnPropertyNames(p)) s.add(k); return [...s]; };
      const inert = document.createElement('template').content.ownerDocument;
      return [...names(inert), ...names(inert.createElement('form'))];
    });
    const w = createWindow();
    const inert = w.document.createElement('template').content.ownerDocument;
    const form = inert.createElement('form');
    const missing = new Set(chromiumNames.filter((k) => !(k in inert) && !(k in form)));
    const purify = createDOMPurify(w);
    let same = 0;
    const other = [];
    for (const [k, [label, payload, config]] of all.entries()) {
      let ours;
      try {
        ours = purify.sanitize(payload, config === null ? undefined : JSON.parse(JSON.stringify(config), revive));
      } catch (e) {
        ours = `threw ${e.name}`;
      }
      if (ours === theirs[k]) same++;
      else if (!knownDifference(ours, theirs[k], missing, config?.PARSER_MEDIA_TYPE === 'application/xhtml+xml')) other.push({ label, ours: ours.slice(0, 300), chromium: theirs[k].slice(0, 300) });
    }
    t.diagnostic(`${same} of ${all.length} the same; ${all.length - same - other.length} differ in the three known ways`);
    assert.deepEqual(other, []);
  });
});
