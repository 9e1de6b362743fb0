// parseXml() against Chromium's XML parser (issue 21): headless Chromium
// (Debian `chromium`, playwright-core, the harness of browser.test.js)
// parses each case with `new DOMParser().parseFromString(x,
// 'application/xml')` and with html5-wasm's parseXml() in the same page,
// and compares names, namespaces, prefixes, attributes, text, comments,
// processing instructions and the doctype node by node.  Cases: well-formed
// XML written here (namespaces, feeds, SVG, XHTML, a DOCTYPE, references),
// and corpus pages serialized by Chromium's XMLSerializer (the ones
// Chromium's XML parser accepts back).  Also: serializeXml() equals
// XMLSerializer on those trees.
//
// CDATA sections are compared as nodes of their own (nodeType 4,
// '#cdata-section'; never merged with the text beside them), as Chromium
// makes them.
// A missing Chromium FAILS; H5_BROWSER_TESTS=0 skips (the reason is printed).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { describeInChromium } from '../../browser/chromium.js';
import { openHarness } from '../../browser/harness-session.js';

const CASES = {
  'default namespace': '<r xmlns="urn:a"><b c="1"><d/></b></r>',
  'prefixes and attributes': '<p:r xmlns:p="urn:p" xmlns:q="urn:q" p:a="1" q:b="2" c="3"><q:x p:y="z"/></p:r>',
  'undeclare default': '<r xmlns="urn:a"><b xmlns=""><c/></b><d/></r>',
  'redeclare prefix': '<p:r xmlns:p="urn:1"><p:s xmlns:p="urn:2"><p:t/></p:s><p:u/></p:r>',
  'xml prefix': '<r xml:lang="en" xml:space="preserve"><b xmlns:xml="http://www.w3.org/XML/1998/namespace" xml:base="x"/></r>',
  'prolog and epilog': '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!-- before -->\n<?style href="a.css"?>\n<r/>\n<!-- after --><?end x?>\n',
  'doctype public': '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body><p>x<br/>y</p></body></html>',
  'doctype system': '<!DOCTYPE r SYSTEM "r.dtd"><r/>',
  'predefined and numeric references': '<r a="&lt;&amp;&gt;&quot;&apos;">&lt;&amp;&gt;&quot;&apos; &#65;&#x42;&#x1F600; &#x20AC;</r>',
  'cdata': '<r>a<![CDATA[<b>&amp;]]>c</r>',
  'cdata sections side by side, empty, with brackets': '<r><![CDATA[x]]><![CDATA[]]><![CDATA[ ]] ]]]]>t<![CDATA[\r\n&lt;]]><s><![CDATA[<s/>]]></s></r>',
  'whitespace and newlines': '<r>\r\n  <a>\r</a>\t<b> x </b>\n</r>',
  'comments and PIs inside': '<r><!-- c - d --><?target data with spaces ?><?t?><?q a ? b?c??d?><?q ???></r>',
  'case sensitivity': '<Root><ROOT a="1" A="2"/><root/></Root>',
  'atom feed': '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><title type="text">News</title><link rel="self" href="https://example.org/feed"/><entry><id>urn:uuid:1</id><title>A &amp; B</title><media:thumbnail url="https://example.org/1.png"/><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hi</p></div></content></entry></feed>',
  'rss': '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>T</title><item><title>I</title><dc:creator>me</dc:creator><content:encoded><![CDATA[<p>html</p>]]></content:encoded></item></channel></rss>',
  'svg': '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><use xlink:href="#g"/><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>',
  'sitemap': '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.org/</loc><lastmod>2026-01-01</lastmod></url></urlset>',
  'office-like': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="urn:r"><w:body><w:p><w:r r:id="rId1"><w:t xml:space="preserve"> Hello </w:t></w:r></w:p></w:body></w:document>',
  'attribute-value normalization': '<r a="x\ny\tz" b="&#10;&#9;" c="\r\n"/>',
  'non-ASCII names and text': '<données xmlns:é="urn:é" é:clé="välue">日本語 текст</données>',
};

// Page side: runs in Chromium (serialized by page.evaluate; self-contained).
async function comparePage({ cases, pages }) {
  const { parseXml, serializeXml } = await import('/js/index.js');
  const canon = (root) => {
    const out = [];
    const stack = [[root, 0]];
    while (stack.length) {
      const [n, d] = stack.pop();
      const pad = '  '.repeat(d);
      if (n.nodeType === 9) out.push('#document');
      else if (n.nodeType === 1) {
        out.push(`${pad}<${n.namespaceURI ?? ''}|${n.prefix ?? ''}|${n.localName}> ${n.tagName}`);
        const attrs = [];
        for (const a of n.attributes) attrs.push(`${pad}  @${a.namespaceURI ?? ''}|${a.prefix ?? ''}|${a.localName}=${JSON.stringify(a.value)} ${a.name}`);
        out.push(...attrs.sort());
      } else if (n.nodeType === 3) out.push(`${pad}#text ${JSON.stringify(n.data)}`);
      else if (n.nodeType === 4) out.push(`${pad}${n.nodeName} ${JSON.stringify(n.data)}`);
      else if (n.nodeType === 7) out.push(`${pad}#pi ${n.target} ${JSON.stringify(n.data)}`);
      else if (n.nodeType === 8) out.push(`${pad}#comment ${JSON.stringify(n.data)}`);
      else if (n.nodeType === 10) out.push(`${pad}#doctype ${n.name} ${JSON.stringify(n.publicId)} ${JSON.stringify(n.systemId)}`);
      else out.push(`${pad}?${n.nodeType}`);
      const kids = n.childNodes;
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], d + 1]);
    }
    return out;
  };
  const diff = (a, b) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return { line: i, ours: a[i] ?? '(end)', theirs: b[i] ?? '(end)' };
    return null;
  };
  const compare = (name, xml) => {
    const theirs = new DOMParser().parseFromString(xml, 'application/xml');
    // Chromium reports a well-formedness error with a <parsererror> element.
    if (theirs.getElementsByTagName('parsererror').length) return { name, rejected: true };
    const errors = [];
    const ours = parseXml(xml, { onParseError: (e) => errors.push(e.code) });
    // strict: true rejects none of what Chromium accepts.
    let strict = null;
    try {
      parseXml(xml, { strict: true });
    } catch (e) {
      strict = e.message;
    }
    const a = canon(ours), b = canon(theirs);
    // serializeXml over Chromium's tree equals XMLSerializer (less one
    // Chromium deviation: it keeps xmlns:xml declarations, which DOM Parsing
    // 3.2.1.1.4 skips); and our serialization of our tree, parsed by
    // Chromium, gives Chromium's tree again.
    const sTheirs = new XMLSerializer().serializeToString(theirs.documentElement)
      .replaceAll(' xmlns:xml="http://www.w3.org/XML/1998/namespace"', '');
    const sOurs = serializeXml(theirs.documentElement);
    const again = canon(new DOMParser().parseFromString(serializeXml(ours), 'application/xml'));
    return {
      name, lines: b.length, diff: diff(a, b), errors, strict,
      serialized: sOurs === sTheirs ? null : { ours: sOurs.slice(0, 300), theirs: sTheirs.slice(0, 300) },
      roundTrip: diff(again, b.filter((l) => !l.includes('@http://www.w3.org/2000/xmlns/|xmlns|xml='))),
    };
  };
  const out = [];
  for (const [name, xml] of Object.entries(cases)) out.push(compare(name, xml));
  for (const p of pages) {
    const html = await (await fetch(`/corpus/${p}`)).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    out.push(compare(p, new XMLSerializer().serializeToString(doc)));
  }
  return out;
}

const PAGES = [
  'gumbo__hacker_news.html', 'gumbo__wikipedia.html', 'gumbo__baidu.html', 'gumbo__bbc.html', 'gumbo__yahoo.html',
  'lol-html__cloudflare.com.html', 'tdewolff-minify__sample_blogpost.html', 'tdewolff-minify__sample_stackoverflow.html',
  'tdewolff-minify__sample_amazon.html', 'html5ever__lipsum-zh.html', 'htmlparser-benchmark__w3.org__74e8bc94abea.html',
  'htmlparser-benchmark__nytimes.com__749998378f1d.html',
];

describeInChromium('test/js/browser/xml.test.js', 'browser: parseXml vs Chromium DOMParser (application/xml)', { timeout: 120_000 }, () => {
  let session, page, results;

  before(async () => {
    session = await openHarness();
    ({ page } = session);
    results = await page.evaluate(comparePage, { cases: CASES, pages: PAGES });
  });
  after(async () => {
    await session?.close();
  });

  const check = (t, list) => {
    const bad = list.filter((r) => r.diff || r.serialized || r.roundTrip);
    const lines = list.reduce((n, r) => n + r.lines, 0);
    t.diagnostic(`${list.length - bad.length}/${list.length} identical to Chromium (${lines} dump lines)`);
    assert.deepEqual(bad.map((r) => ({ name: r.name, diff: r.diff, serialized: r.serialized, roundTrip: r.roundTrip })), []);
  };

  test(`${Object.keys(CASES).length} well-formed documents: the same tree, no parse error, serializeXml equals XMLSerializer and round-trips`, (t) => {
    const list = results.slice(0, Object.keys(CASES).length);
    assert.deepEqual(list.filter((r) => r.rejected).map((r) => r.name), [], 'Chromium rejects none of the written cases');
    assert.deepEqual(list.filter((r) => r.errors.length || r.strict !== null).map((r) => [r.name, r.errors]), []);
    check(t, list);
  });

  test(`${PAGES.length} corpus pages serialized by XMLSerializer: the same tree`, (t) => {
    const list = results.slice(Object.keys(CASES).length);
    const accepted = list.filter((r) => !r.rejected);
    t.diagnostic(`Chromium's XML parser accepts ${accepted.length} of the ${list.length} serializations`);
    assert.ok(accepted.length >= PAGES.length / 3, 'many serializations are well-formed XML');
    // Parse errors are reported where XML5 (xml5lib-tests) reports what XML 1.0
    // allows (<!-- inside a comment, C1 controls), but strict accepts them.
    assert.deepEqual(accepted.filter((r) => r.strict !== null).map((r) => [r.name, r.strict]), []);
    check(t, accepted);
  });
});
