// html5-wasm in a real browser: headless Chromium (Debian package
// `chromium`) driven by playwright-core.  A page imports js/index.js, runs
// init() (fetching dist/html5.wasm from a local server), parses real pages
// and tricky snippets, and compares our tree with Chromium's own
// DOMParser's, node by node (test/browser/canon.js).  The same again in a
// module worker that parses with parseToBuffer() and transfers the buffer.
//
// A missing Chromium FAILS these tests; set H5_BROWSER_TESTS=0 to skip them
// explicitly (the reason is printed).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { describeInChromium } from '../../browser/chromium.js';
import { openHarness } from '../../browser/harness-session.js';
import { formatDifference } from '../../browser/canon.js';
import { sharedPath } from '../lib/shared.js';

// Real pages from the shared corpus: varied sites, sizes and scripts
// (English, Chinese, specs with huge tables, minified pages); all valid
// UTF-8 per MANIFEST.tsv (checked below).
const PAGES = [
  'gumbo__hacker_news.html',
  'gumbo__wikipedia.html',
  'gumbo__baidu.html',
  'gumbo__bbc.html',
  'gumbo__yahoo.html',
  'gumbo__xinhua.html',
  'lol-html__cloudflare.com.html',
  'lol-html__html-parsing-spec.html',
  'parse5__location-info-whatwg-html.html',
  'parse5__sax-npmorg-src.html',
  'tdewolff-minify__sample_blogpost.html',
  'tdewolff-minify__sample_stackoverflow.html',
  'tdewolff-minify__sample_amazon.html',
  'html5ever__lipsum-zh.html',
  'html5ever__medium-fragment.html',
  'htmlparser-benchmark__facebook.com__211311431552.html',
  'htmlparser-benchmark__nytimes.com__749998378f1d.html',
  'htmlparser-benchmark__guardian.co.uk__aeaf4e3c4527.html',
  'htmlparser-benchmark__dailymail.co.uk__488a0b7fa8bc.html',
  'htmlparser-benchmark__w3.org__74e8bc94abea.html',
  'htmlparser-benchmark__hindustantimes.com__7fc58a2d32d5.html',
  'htmlparser-benchmark__washingtonpost.com__8a82ce22fec5.html',
];

// Snippets exercising the hard parts of tree construction.
export const SNIPPETS = {
  // misnested formatting / adoption agency / Noah's ark
  'misnested b i': '<p><b>1<i>2</b>3</i>4</p>',
  'a across p': '<a href="x">1<p>2</a>3</p>',
  'adoption with table': '<a>1<table><a>2</table>3',
  'noahs ark': '<p><b class=x><b class=x><b class=x><b class=x>x</p>y',
  'formatting reconstruct across blocks': '<b><i><u>a<div>b</b>c</div>d',
  'adoption outer loop limit': '<b>' + '<div>'.repeat(12) + 'x</b>y',
  'nested a': '<a><a><a>x</a>',
  'font reopened': '<font color=red><p>x</font>y</p>',
  // tables and foster parenting
  'table stray text': '<table>foo<tr>bar<td>baz</td>qux</tr>quux</table>',
  'table stray formatting': '<table><b>1<tr><td>2</b>3</table>4',
  'table in cell then text': '<table><tr><td>a<table>b</table></td></tr>x</table>',
  'table hidden input': '<table><input type=hidden><input type=text>x</table>',
  'table caption colgroup': '<table><caption>c<col><tr><td>d</table>',
  'table form': '<table><form><tr><td><input></form></td></tr></table>',
  'table whitespace text': '<table>\n  <tr> <td>x</td>\t</tr>\n</table>',
  'table select': '<table><tr><td><select><option>1<td>2</select></table>',
  // foreign content
  'svg and math': '<svg viewBox="0 0 1 1"><foreignObject><p>x</p></foreignObject><desc><b>d</b></desc><path xlink:href="#a" xml:lang="en" xmlns:xlink="http://www.w3.org/1999/xlink"/></svg><math><mi>x</mi><annotation-xml encoding="text/html"><div>h</div></annotation-xml><mtext><b>t</b></mtext></math>',
  'svg case fixups': '<svg><clippath><lineargradient gradientunits=x/></clippath><feblend/><textpath/></svg><svg VIEWBOX="1" definitionurl=y>',
  'math attributes': '<math definitionurl=x><mglyph/><malignmark/><mi><mglyph/></mi></math>',
  'svg breakout': '<svg><g><p>breakout</g></svg><svg><font color=red>f</font><font>g</font></svg>',
  'math in svg in math': '<math><mi><svg><foreignObject><math><mn>1</mn></math></foreignObject></svg></mi></math>',
  'svg cdata': '<svg><![CDATA[a<b>&amp;]]></svg><p><![CDATA[x]]>',
  'svg title html': '<svg><title><b>t</b></title><script>1<2</script></svg>',
  // DOCTYPE quirks (whatwg/html PR 12084, e7318c5e: an empty system identifier counts as missing)
  'doctype 4.01 frameset empty system id': '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Frameset//EN" ""><p><table>',
  'doctype 4.01 transitional empty system id': '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" \'\'><p><table>',
  'doctype 4.01 transitional system id': '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "x"><p><table>',
  'doctype 4.01 frameset no system id': '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Frameset//EN"><p><table>',
  // templates
  'template rows': '<template><tr><td>1</td></tr></template>',
  'template in table': '<table><template><td>x</template><tr><td>y</table>',
  'nested templates': '<template><template><col></template><li>a</template>',
  'template in head': '<head><template><meta charset=x><p>p</template></head><body>b',
  'template frameset': '<template><frameset></template>x',
  // select with the 2025 relaxed content model
  'select div span': '<select><div><option>a</option></div><span>b</span></select>',
  'select button selectedcontent': '<select><button><selectedcontent></selectedcontent></button><option>x</option><option selected>y</option></select>',
  'select optgroup hr img': '<select><optgroup label=g><option><img src=x>o</option></optgroup><hr></select>',
  'select input closes': '<select><option>a<input>after',
  'select in select': '<select><option>a<select><option>b</select>',
  'select svg': '<select><option><svg><circle/></svg></option></select>',
  'select p in option': '<select><option><p>para</option><option>q</select>',
  'select legend datalist': '<select><legend>l</legend><datalist><option>d</datalist></select>',
  'select textarea keygen': '<select><textarea>t</textarea><keygen></select>x',
  // misc
  'no doctype quirks': '<p><table><tr><td>x</table>',
  'limited quirks doctype': '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><p><table>',
  'quirks doctype': '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><p><table>',
  'noscript head and body': '<head><noscript><link rel=x><p>p</p></noscript></head><body><noscript><p>q</p></noscript>',
  'frameset': '<!DOCTYPE html><frameset><frame><noframes><p>x</noframes></frameset> <!-- c -->',
  'plaintext': '<p>a<plaintext></p><b>&amp;',
  'entities': '&notin; &noti; &amp;x &#x110000; &#0; &#x80; &lt&gt &unknown; &AElig',
  'nulls and newlines': 'a\u0000b\r\nc\rd<p \u0000x=1>\u0000</p>',
  'pre textarea listing newline': '<pre>\n\nx</pre><textarea>\ny</textarea><listing>\nz</listing>',
  'comments and bogus': '<!-- a -- b --><!---><!--><?php x ?></ x><!a><!--->',
  'forms and lists': '<form><form><li><li><dd><dt><ul><li>x</ul></form>',
  'ruby': '<ruby><rb>a<rt>b<rp>c<rtc>d<rt>e</ruby>',
  'image isindex': '<image src=x><isindex prompt=p>',
  'html body attributes merge': '<html a=b><body c=d><html e=f x=1><body c=z g=h>',
  'duplicate attributes': '<p a=1 a=2 A=3 b>',
  'after html': '</html>x<!--c--></body>y',
  'buttons headings': '<button><button>x</button><h1><h2>y</h1><p><hr>',
  'raw text elements': '<script><!--<script></script>--></script>x<style><b></style><title>&amp;<b></title><xmp><b></xmp><iframe><b></iframe><noembed><b></noembed>',
  'document.write-free script': '<head><script>document.write("x")</script></head>',
  'end tags br p': '</br></p>x',
  'whitespace before head': ' \n<!--c--> <html> <head> </head> <body>x',
  // processing instructions (whatwg/html 320c05f6, 255188e5), the example first
  'PI example': '<p><?php echo 1 ?>x<?xml-stylesheet href=a?><?a$b?><?A-B c ?d?>',
  'PI in every mode': '<?a?><!DOCTYPE html><?b?><html><?c?><head><?d?><noscript><?e?></noscript><?e2?></head><?f?><body><table><?g?><caption><?g2?></caption><colgroup><?g3?></colgroup><tr><?h?><td><?i?></table><template><?j?><tr><?j2?></template><svg><?k x?></svg><math><?l?></math><select><?m?><option><?n?></select></body><?o?></html><?p?><?q',
  'PI frameset': '<!DOCTYPE html><frameset><?a?><frame></frameset><?b?></html><?c?>',
  'PI edge cases': '<?x??><?y ?z?><?X\ty\nz><?_a-1 d><?><?1?><?xml x?><?XML-StyleSheet?><?a-><?a\u0000b?><? x>',
  'PI in text contexts': '<title><?t?></title><textarea><?x?></textarea><script><?s?></script><style><?y?></style><p><?z d>',
  // the 2026 tree-construction rules (test/data/wpt/standard-2026.dat)
  'frameset after head template': '<head><template></template></head><p><frameset>',
  'form in table in template': '<template><table><form></table></template>',
  'select in default scope': '<ol><select><p>y</ol>=<ul><li><select><li>x</ul><div><select></div><option>a',
};

// Fragment parsing: parseFragment() vs innerHTML on an element of that kind
// (svg and math in their namespaces): per context, a fragment, then one
// with processing instructions where there is a second.
const FOREIGN_NS = { svg: 'http://www.w3.org/2000/svg', math: 'http://www.w3.org/1998/Math/MathML' };
const FRAGMENT_HTML = {
  div: ['<p>a<b>b</p>c</b><td>x', '<?a b?>x<?xml y?><table><?t?><tr><?r?></table>'],
  td: ['x<td>y</td><tr>z'],
  tr: ['x<td>y<th>z'],
  table: ['x<tr><td>y</table>z'],
  select: ['<option>a<div>b</div><optgroup>c', '<?s?><option><?o?>'],
  template: ['<td>a<tr>b<col>', '<?a?><tr><?c d?><td><?e?>'],
  svg: ['<circle/><p>x<foreignobject><p>y', '<?s d?><circle/><?t?>'],
  math: ['<mi>x</mi><div>y'],
  title: ['<b>&amp;</b>'],
  textarea: ['\nx<b>'],
  pre: ['\nx'],
  plaintext: ['<b>x</b>'],
  html: ['<head><title>t</title></head><body>b'],
};
const FRAGMENTS = Object.entries(FRAGMENT_HTML).flatMap(([context, htmls]) => htmls.map((html, i) => (
  { name: i === 0 ? context : `${context} PIs`, context, namespaceURI: FOREIGN_NS[context], html })));

// Serialisation (13.3, whatwg/html PR 12654: <?target data?>): the html
// element's outerHTML and the body's innerHTML of our tree against Chromium's.
const SERIALIZE = ['PI example', 'PI in every mode', 'PI edge cases', 'PI in text contexts', 'comments and bogus'];

// Which cases the worker round-trips (corpus pages + a few snippets).
const WORKER_PAGES = PAGES.slice(0, 8);
const WORKER_SNIPPETS = ['misnested b i', 'table stray text', 'svg and math', 'template in table', 'select div span', 'entities', 'PI in every mode'];

function corpusCheck() {
  const manifest = readFileSync(sharedPath('corpus/pages/MANIFEST.tsv'), 'utf8').trim().split('\n');
  const utf8 = new Map(manifest.slice(1).map((l) => { const f = l.split('\t'); return [f[0], f.at(-1)]; }));
  for (const p of PAGES) {
    assert.ok(utf8.has(p), `corpus page ${p} is not in MANIFEST.tsv`);
    assert.equal(utf8.get(p), 'utf-8', `corpus page ${p} must be UTF-8 for a string comparison`);
  }
}

function report(t, label, results) {
  const errors = results.filter((r) => r.error);
  const diffs = results.filter((r) => !r.error && r.diff);
  const same = results.length - errors.length - diffs.length;
  const lines = results.reduce((n, r) => n + (r.lines ?? 0), 0);
  t.diagnostic(`${label}: ${same}/${results.length} identical to Chromium's DOMParser (${lines} dump lines compared)`);
  const msgs = [
    ...errors.map((r) => `${r.name}: ${r.error}`),
    ...diffs.map((r) => formatDifference(r.name, r.diff)),
  ];
  if (msgs.length) {
    assert.fail(`${label}: ${diffs.length} differ from Chromium, ${errors.length} threw ` +
      `(${diffs.map((r) => r.name).concat(errors.map((r) => r.name)).join(', ')})\n\n${msgs.join('\n\n')}`);
  }
}

describeInChromium('test/js/browser/browser.test.js', 'browser: html5-wasm in headless Chromium', { timeout: 120_000 }, () => {
  let server;
  let chrome;
  let page;
  let log;
  let session;

  before(async () => {
    corpusCheck();
    session = await openHarness();
    ({ server, chrome, page, log } = session);
  });

  after(() => session?.close());

  test('init() with no argument fetches dist/html5.wasm as application/wasm', async (t) => {
    const wasm = server.requests.filter((r) => r === 'GET /dist/html5.wasm');
    assert.ok(wasm.length >= 1, `no request for /dist/html5.wasm; requests: ${server.requests.join(', ')}`);
    // instantiateStreaming needs the MIME type; check what the page got.
    const type = await page.evaluate(async () => (await fetch('/dist/html5.wasm')).headers.get('content-type'));
    assert.equal(type, 'application/wasm');
    t.diagnostic(`${chrome.version}`);
  });

  test(`${PAGES.length} corpus pages: parse() equals DOMParser`, { timeout: 90_000 }, async (t) => {
    const cases = PAGES.map((p) => ({ name: p, url: `/corpus/${p}` }));
    const results = await page.evaluate((c) => window.h5.compareDocuments(c), cases);
    assert.equal(results.length, PAGES.length);
    for (const r of results) if (!r.error) assert.ok(r.lines >= 5, `${r.name}: suspiciously small dump (${r.lines} lines)`);
    report(t, 'corpus pages', results);
  });

  test(`${Object.keys(SNIPPETS).length} tricky snippets: parse() equals DOMParser`, async (t) => {
    const cases = Object.entries(SNIPPETS).map(([name, html]) => ({ name, html }));
    const results = await page.evaluate((c) => window.h5.compareDocuments(c), cases);
    assert.equal(results.length, cases.length);
    report(t, 'snippets', results);
  });

  test(`${FRAGMENTS.length} fragments: parseFragment() equals innerHTML`, async (t) => {
    const results = await page.evaluate((c) => window.h5.compareFragments(c), FRAGMENTS);
    assert.equal(results.length, FRAGMENTS.length);
    report(t, 'fragments', results);
  });

  test(`${SERIALIZE.length} snippets: outerHTML and innerHTML equal Chromium's (processing instructions as <?target data?>)`, async (t) => {
    const cases = SERIALIZE.map((name) => ({ name, html: SNIPPETS[name] }));
    const results = await page.evaluate((c) => window.h5.compareSerialization(c), cases);
    assert.equal(results.length, cases.length);
    for (const r of results) assert.ok(r.error || r.pis > 0 || r.name === 'comments and bogus', `${r.name}: no processing instruction in Chromium's tree`);
    report(t, 'serialisation', results);
  });

  test('the comparison can fail: a wrong tree is reported as a difference', async () => {
    // Guard against a harness that compares nothing: DOMParser vs a
    // document whose text was changed must differ.
    const d = await page.evaluate(async () => {
      const { canonLines, firstDifference } = await import('./canon.js');
      const { parse } = await import('../../../js/index.js');
      const a = canonLines(parse('<p>x<b>y</b></p>', { scriptingEnabled: false }));
      const b = canonLines(new DOMParser().parseFromString('<p>x<b>z</b></p>', 'text/html'));
      const c = canonLines(new DOMParser().parseFromString('<p>x<b>y</b></p>', 'text/html'));
      return { differ: firstDifference(a, b), same: firstDifference(a, c), lines: a };
    });
    assert.equal(d.same, null);
    assert.ok(d.differ, 'changed text must be reported');
    assert.equal(d.differ.ours, '|         #text "y"');
    assert.deepEqual(d.lines, [
      '#document BackCompat', '| <html html>', '|   <head html>', '|   <body html>',
      '|     <p html>', '|       #text "x"', '|       <b html>', '|         #text "y"',
    ]);
  });

  test('module worker: parseToBuffer() + transfer, page decode() equals DOMParser', { timeout: 60_000 }, async (t) => {
    const before = server.requests.filter((r) => r === 'GET /dist/html5.wasm').length;
    const cases = [
      ...WORKER_PAGES.map((p) => ({ name: p, url: `/corpus/${p}` })),
      ...WORKER_SNIPPETS.map((n) => ({ name: n, html: SNIPPETS[n] })),
    ];
    const { info, results } = await page.evaluate((c) => window.h5.compareViaWorker(c), cases);
    assert.equal(info.ready, true, 'init() in the worker');
    assert.equal(info.workerName, 'h5-parse-worker');
    const fetched = server.requests.filter((r) => r === 'GET /dist/html5.wasm').length;
    assert.ok(fetched > before, 'the worker fetches html5.wasm itself');
    assert.equal(results.length, cases.length);
    for (const r of results) {
      if (r.error) continue;
      const x = r.transfer;
      assert.equal(x.isArrayBuffer, true, `${r.name}: the page receives an ArrayBuffer`);
      assert.ok(x.byteLengthInWorker > 0, `${r.name}: non-empty buffer`);
      assert.equal(x.byteLengthHere, x.byteLengthInWorker, `${r.name}: the whole buffer arrives`);
      assert.equal(x.byteLengthInWorkerAfterTransfer, 0, `${r.name}: the worker's buffer is detached after the transfer`);
      if (x.detachedInWorker !== null) assert.equal(x.detachedInWorker, true);
    }
    report(t, 'worker', results);
  });

  test('no page errors', () => {
    assert.deepEqual(log.filter((l) => !/\/favicon\.ico$/.test(l)), []);
  });
});
