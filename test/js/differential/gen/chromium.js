// Chromium as a third parser, to adjudicate when html5-wasm and parse5
// disagree (parse5 has bugs of its own and predates the 2025 <select>
// parsing).  Trees are dumped in the browser with js/dom/dump.js's dumpTree, so
// they compare line for line with dumpTree of our tree.
//
// Documents: scripting disabled via DOMParser; scripting enabled via
// document.open/write/close of a fresh same-origin iframe in a page whose CSP
// blocks every script (the scripting flag stays on, nothing runs).
// Fragments: innerHTML on a context element owned by the page's document
// (scripting enabled) or by an inert document (scripting disabled); a
// template context parses into its content.
//
// Chromium 156 is a tie-breaker, not a reference: the generator found it
// off the standard in places (minimal inputs):
//   "\0<!>"                          the comment lands before <html> (NUL ignored in "initial")
//   "<template><colgroup>\0<template>" a NUL in "in column group" does not close the colgroup
//   "<desc><small is></desc>x"        formatting elements with an is attribute are not reconstructed
//   "<math><ms><![CDATA[\0"           a NUL from a CDATA section at an integration point becomes U+FFFD
//   "<nobr><search><nobr>"            search is not special (parse5 neither)
//   "<template><tr><s><colgroup> "    template missing from the "in table" character list (parse5 too)
//   no selectedcontent clone when the option is inside the selectedcontent.
// (Since the 2026 standard, "<template><table><form>" keeps the form (whatwg/html PR 12911) and
// select is special and in the default scope (172cccf4), as in Chromium; see
// docs/chromium-differences.md.)
import { readFileSync } from 'node:fs';

import * as parse5 from 'parse5';

import { dumpTree, parse, parseFragment } from '../../../../js/node.js';
import { launchChromium } from '../../../browser/chromium.js';

const NS = {
  html: 'http://www.w3.org/1999/xhtml',
  svg: 'http://www.w3.org/2000/svg',
  math: 'http://www.w3.org/1998/Math/MathML',
};

const DUMP_SOURCE = readFileSync(new URL('../../../../js/dom/dump.js', import.meta.url), 'utf8').replace(/^export /gm, '');
const ORIGIN = 'http://h5-oracle.invalid/';

// Runs in the page: jobs -> [{ dump, mode } | { error }].
const PAGE_FN = `(jobs) => {
  ${DUMP_SOURCE}
  const NS = { html: 'http://www.w3.org/1999/xhtml', svg: 'http://www.w3.org/2000/svg', math: 'http://www.w3.org/1998/Math/MathML' };
  const inert = document.implementation.createHTMLDocument('');
  return jobs.map(({ html, scripting, context }) => {
    try {
      if (context) {
        const owner = scripting ? document : inert;
        const el = owner.createElementNS(NS[context[1]], context[0]);
        el.innerHTML = html;
        const root = context[0] === 'template' && context[1] === 'html' ? el.content : el;
        return { dump: dumpTree(root) };
      }
      if (!scripting) {
        const doc = new DOMParser().parseFromString(html, 'text/html');
        return { dump: dumpTree(doc), mode: doc.compatMode };
      }
      const frame = document.createElement('iframe');
      document.body.appendChild(frame);
      const doc = frame.contentDocument;
      doc.open();
      doc.write(html);
      doc.close();
      const out = { dump: dumpTree(doc), mode: doc.compatMode };
      frame.remove();
      return out;
    } catch (e) {
      return { error: String(e) };
    }
  });
}`;

/**
 * Start the oracle.  Returns { version, parse(jobs) -> Promise<results>, close() }.
 */
export async function startChromiumOracle() {
  const browser = await launchChromium();
  const page = await browser.context.newPage();
  await page.route('**/*', (route) => {
    if (route.request().url() === ORIGIN) {
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        headers: { 'content-security-policy': "script-src 'none'; object-src 'none'; frame-src 'self'" },
        body: '<!DOCTYPE html><title>h5 oracle</title><body>',
      });
    }
    return route.abort();
  });
  await page.goto(ORIGIN);
  return {
    version: browser.version,
    async parse(jobs) {
      const plain = jobs.map(({ html, scripting, context }) => ({ html, scripting, context }));
      return page.evaluate(`(${PAGE_FN})(${JSON.stringify(plain)})`);
    },
    close: () => browser.close(),
  };
}

/** Our tree for a job: { dump, mode } (mode: parse5's document mode). */
export function ourResult(job) {
  const { html, scripting, context } = job;
  const tree = context
    ? parseFragment(html, { format: 'object', scriptingEnabled: scripting, context: { localName: context[0], namespaceURI: NS[context[1]] } })
    : parse(html, { format: 'object', scriptingEnabled: scripting });
  return { dump: dumpTree(tree), mode: tree.mode };
}

function parse5Result(job, parse5) {
  const { html, scripting, context } = job;
  const tree = context
    ? parse5.parseFragment(parse5.defaultTreeAdapter.createElement(context[0], NS[context[1]], []), html, { scriptingEnabled: scripting })
    : parse5.parse(html, { scriptingEnabled: scripting });
  return { dump: dumpTree(tree), mode: tree.mode };
}

// Chromium's compatMode against parse5's mode names (limited-quirks and
// no-quirks are both CSS1Compat).
const sameMode = (chromiumMode, mode) => chromiumMode === undefined || (chromiumMode === 'BackCompat') === (mode === 'quirks');

/**
 * Who agrees with Chromium, for each job (parse5Module: the reference,
 * default stock parse5):
 *   'ours'    html5-wasm equals Chromium (and parse5 does not): parse5 is wrong
 *   'parse5'  parse5 equals Chromium (and we do not): html5-wasm is wrong
 *   'both'    all three agree (on what Chromium shows)
 *   'neither' three different answers
 *   'error'   Chromium threw
 * Returns [{ verdict, chromium, ours, parse5 }].
 */
export async function adjudicate(oracle, jobs, parse5Module = parse5) {
  const res = await oracle.parse(jobs);
  return jobs.map((job, i) => {
    const c = res[i];
    const ours = ourResult(job);
    const theirs = parse5Result(job, parse5Module);
    if (c.error) return { verdict: 'error', chromium: c, ours, parse5: theirs };
    const oursOk = c.dump === ours.dump && sameMode(c.mode, ours.mode);
    const theirsOk = c.dump === theirs.dump && sameMode(c.mode, theirs.mode);
    const verdict = oursOk && theirsOk ? 'both' : oursOk ? 'ours' : theirsOk ? 'parse5' : 'neither';
    return { verdict, chromium: c, ours, parse5: theirs };
  });
}
