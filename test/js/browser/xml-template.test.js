// XHTML templates: parseXml() against Chromium's XML parser (issue 30).
// HTML 13.4 (Parsing XML documents): "When an XML parser would append a
// node to a template element, it must instead append it to the template
// element's template contents".  Headless Chromium (the harness of
// xml.test.js) parses each case with `new DOMParser().parseFromString(x,
// 'application/xhtml+xml')` and 'application/xml' (Chromium puts the
// children of an HTML-namespace template into its contents under both),
// and with html5-wasm's parseXml() in the same page; the trees are compared
// node by node with template contents written out (test/browser/canon.js),
// and so are serializeXml() and XMLSerializer, the innerHTML
// getter of each template, and the innerHTML setter's and
// insertAdjacentHTML's effect on a template.
// A missing Chromium FAILS; H5_BROWSER_TESTS=0 skips (the reason is printed).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { describeInChromium } from '../../browser/chromium.js';
import { useHarness } from '../../browser/harness-session.js';

const X = 'xmlns="http://www.w3.org/1999/xhtml"';
const CASES = {
  'a template': `<html ${X}><body><template id="t"><p class="a">x<b>y</b></p></template></body></html>`,
  'text, comments, PIs and CDATA inside': `<div ${X}><template>a<!--c--><?pi d?><![CDATA[<z>]]>b</template></div>`,
  'nested templates': `<div ${X}><template><ul><li><template><i>deep</i><template/></template></li></ul></template></div>`,
  'empty, self-closing and whitespace-only': `<div ${X}><template/><template></template><template>\n  </template></div>`,
  'a prefixed XHTML template': `<h:div xmlns:h="http://www.w3.org/1999/xhtml"><h:template><h:p/><q/></h:template></h:div>`,
  'a template as the root element': `<template ${X}><p>root</p></template>`,
  'templates in other namespaces are ordinary elements': `<r xmlns="urn:r"><template><a/></template><svg xmlns="http://www.w3.org/2000/svg"><template><g/></template></svg><m:template xmlns:m="http://www.w3.org/1998/Math/MathML"><mi/></m:template></r>`,
  'namespace declarations inside the contents': `<div ${X}><template xmlns:s="urn:s"><s:a s:b="1"><c xmlns="urn:c"><d/></c></s:a><p/></template><p/></div>`,
  'nodes after a template keep their names': `<div ${X} xmlns:k="urn:k"><template><k:a/></template><k:b k:c="1"/><template/><k:d/></div>`,
  // What an XHTML serialization of a page like github.com's holds: templates among other markup.
  'a page with templates (GitHub-like)': `<!DOCTYPE html><html ${X} lang="en"><head><meta charset="utf-8"/><title>repo</title></head><body>` +
    '<div class="flash"><template class="js-flash-template"><div class="flash flash-full"><div class="px-2"><button class="flash-close" type="button" aria-label="Dismiss this message"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M3.72 3.72a.75.75 0 0 1 1.06 0"/></svg></button><div aria-atomic="true" role="alert" class="js-flash-alert"><div>{{ message }}</div></div></div></div></template></div>' +
    '<template id="site-details-dialog"><details class="details-reset details-overlay" open=""><summary role="button" aria-label="Close dialog"/><details-dialog class="Box"><button class="Box-btn-octicon" type="button" data-close-dialog="">x</button><div class="octocat-spinner my-6 js-details-dialog-spinner"/></details-dialog></details></template>' +
    '<main><p>Readme</p><template id="snippet-clipboard-copy-button"><div class="zeroclipboard-container"><clipboard-copy aria-label="Copy" class="ClipboardButton" data-copy-feedback="Copied!" tabindex="0" role="button"/></div></template></main></body></html>',
};
const TYPES = ['application/xhtml+xml', 'application/xml'];

// Page side: runs in Chromium (serialized by page.evaluate; self-contained).
async function comparePage({ cases, types }) {
  const { parseXml, serializeXml } = await import('/js/index.js');
  const { canonLines } = await import('/test/browser/canon.js');
  const HTML = 'http://www.w3.org/1999/xhtml';
  const isTemplate = (n) => n.nodeType === 1 && n.localName === 'template' && n.namespaceURI === HTML;
  // One line per node (test/browser/canon.js): prefixes, CDATA sections, a template's contents as `#content`.
  const canon = (root) => canonLines(root, { withRoot: root.nodeType === 1 });
  const templates = (doc) => {
    const list = [];
    const walk = [doc];
    while (walk.length) {
      const n = walk.pop();
      if (isTemplate(n)) {
        list.push(n);
        walk.push(n.content);
      }
      for (const c of n.childNodes) walk.push(c);
    }
    return list;
  };
  const diff = (a, b) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return { line: i, ours: a[i] ?? '(end)', theirs: b[i] ?? '(end)' };
    return null;
  };
  // What a template's innerHTML setter and insertAdjacentHTML('beforeend') do, as canon lines.
  const mutate = (doc) => {
    const t = templates(doc)[0];
    if (t === undefined) return [];
    t.innerHTML = '<a/>text<b c="1">d</b>';
    t.insertAdjacentHTML('beforeend', '<z/>');
    return [...canon(t), ...canon(t.cloneNode(true))];
  };
  const out = [];
  for (const [name, xml] of Object.entries(cases)) {
    for (const type of types) {
      const theirs = new DOMParser().parseFromString(xml, type);
      if (theirs.getElementsByTagName('parsererror').length) {
        out.push({ name, type, rejected: true });
        continue;
      }
      const errors = [];
      const ours = parseXml(xml, { onParseError: (e) => errors.push(e.code) });
      const a = canon(ours), b = canon(theirs);
      const sTheirs = new XMLSerializer().serializeToString(theirs);
      out.push({
        name, type, errors, lines: b.length,
        templates: [templates(ours).length, templates(theirs).length],
        contentNodes: templates(theirs).reduce((k, t) => k + t.content.childNodes.length, 0),
        diff: diff(a, b),
        serialized: serializeXml(ours) === sTheirs ? null : { ours: serializeXml(ours).slice(0, 400), theirs: sTheirs.slice(0, 400) },
        // serializeXml over Chromium's own tree, too (its templates hold their contents).
        serializedTheirs: serializeXml(theirs) === sTheirs ? null : serializeXml(theirs).slice(0, 400),
        innerHTML: diff(templates(ours).map((t) => t.innerHTML), templates(theirs).map((t) => t.innerHTML)),
        mutated: diff(mutate(ours), mutate(theirs)),
      });
    }
  }
  return out;
}

describeInChromium('test/js/browser/xml-template.test.js', 'browser: XHTML templates in parseXml vs Chromium DOMParser', { timeout: 120_000 }, () => {
  const h = useHarness();
  let results;
  before(async () => {
    results = await h.page.evaluate(comparePage, { cases: CASES, types: TYPES });
  });

  test(`${Object.keys(CASES).length} documents x ${TYPES.length} types: Chromium accepts each, and it has templates with contents`, (t) => {
    assert.deepEqual(results.filter((r) => r.rejected).map((r) => `${r.name} (${r.type})`), []);
    assert.equal(results.length, Object.keys(CASES).length * TYPES.length);
    const templates = results.reduce((k, r) => k + r.templates[1], 0);
    const content = results.reduce((k, r) => k + r.contentNodes, 0);
    t.diagnostic(`${templates} HTML templates in Chromium's trees, ${content} nodes in their contents`);
    // Every case but the one of other namespaces has an HTML template; most have contents.
    assert.deepEqual(results.filter((r) => r.templates[1] === 0).map((r) => r.name),
      ['templates in other namespaces are ordinary elements', 'templates in other namespaces are ordinary elements']);
    assert.ok(content >= 30, `${content} content nodes`);
    assert.deepEqual(results.filter((r) => r.errors.length).map((r) => [r.name, r.errors]), []);
  });

  test('the same trees, template contents included, and the same number of templates', (t) => {
    const lines = results.reduce((k, r) => k + r.lines, 0);
    t.diagnostic(`${lines} lines compared`);
    assert.deepEqual(results.filter((r) => r.diff || r.templates[0] !== r.templates[1]).map((r) => ({ name: r.name, type: r.type, diff: r.diff, templates: r.templates })), []);
  });

  test('serializeXml equals XMLSerializer (which writes a template\'s contents), on our trees and on Chromium\'s', () => {
    assert.deepEqual(results.filter((r) => r.serialized).map((r) => ({ name: r.name, type: r.type, ...r.serialized })), []);
    assert.deepEqual(results.filter((r) => r.serializedTheirs).map((r) => ({ name: r.name, type: r.type, ours: r.serializedTheirs })), []);
  });

  test('each template\'s innerHTML, and what its innerHTML setter, insertAdjacentHTML and cloneNode do', () => {
    assert.deepEqual(results.filter((r) => r.innerHTML || r.mutated).map((r) => ({ name: r.name, type: r.type, innerHTML: r.innerHTML, mutated: r.mutated })), []);
  });
});
