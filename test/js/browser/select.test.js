// Selectors against Chromium: the same selector strings run through
// Chromium's querySelectorAll (on DOMParser documents) and through ours
// (parse() with scripting off, as DOMParser parses), over corpus pages and
// generated documents; the matched elements are compared one for one, in
// order (as indices into querySelectorAll('*')), and a selector Chromium
// rejects must throw a SyntaxError here too.  Where Chromium departs from
// the standards the case is listed in docs/chromium-differences.md and
// tested in test/js/unit/select.test.js instead.
//
// A missing Chromium FAILS these tests; H5_BROWSER_TESTS=0 skips them
// explicitly (the reason is printed).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';

import { announceSkip, browserTestsSkipReason, launchChromium } from '../../browser/chromium.js';
import { init, parse } from '../../../js/index.js';
import { sharedPath } from '../lib/shared.js';

const PAGES = [
  'gumbo__wikipedia.html',
  'gumbo__bbc.html',
  'lol-html__html-parsing-spec.html',
  'tdewolff-minify__sample_stackoverflow.html',
  'htmlparser-benchmark__guardian.co.uk__aeaf4e3c4527.html',
  'htmlparser-benchmark__w3.org__74e8bc94abea.html',
];

// Selectors compared over every document (pages and generated).
export const SELECTORS = [
  '*', 'div', 'DIV', 'a[href]', 'p:first-child', 'li:last-child', ':only-child', 'span:first-of-type',
  'td:last-of-type', ':only-of-type', ':nth-child(2)', ':nth-child(odd)', ':nth-child(3n+1)', ':nth-child(-n+3)',
  ':nth-last-child(2)', ':nth-last-child(even)', ':nth-of-type(2n)', ':nth-last-of-type(1)', 'li:nth-child(n+2):nth-last-child(n+2)',
  ':nth-child(2 of .a, [title])', ':nth-last-child(odd of div)', ':nth-child(1 of :has(a))', 'div > p', 'div p', 'h2 + p',
  'h2 ~ *', 'ul > li + li', ':is(h1, h2, h3) + *', ':where(nav, footer) a', ':not(div, span, p)', ':not(:first-child)',
  'div:has(> a)', 'div:has(a)', ':has(+ p)', ':has(~ ul)', 'li:has(> a[href^="http"])', 'div:has(p a)', 'body :has(> img, > svg)',
  ':has(> :is(h1, h2))', 'section:not(:has(p))', 'div:has(> div > div)', 'div:has(+ div ~ p)', ':has(:only-child)',
  ':root', ':empty', 'div:empty', ':scope', ':scope > *', ':defined', ':not(:defined)', ':link', ':any-link',
  'a:not(:link)', ':checked', ':indeterminate', ':default', ':disabled', ':enabled', ':required',
  ':read-only', ':read-write', ':placeholder-shown', ':out-of-range', ':open', ':lang(en)', ':lang(de)',
  ':lang(zh)', ':lang(en-US)', ':dir(ltr)', ':dir(rtl)', ':hover', ':focus', ':visited', ':target',
  ':focus-within', ':active', '::before', 'p::first-line', '[lang]', '[lang|=en]', '[type=TEXT]',
  '[class~=a]', '[id^=x]', '[id$="1"]', '[id*=-]', '[rel=NOFOLLOW]', '[align=center]', '[data-x="Y" i]', '*|*', '*|svg',
  '|p', 'svg *', 'svg|a', '[*|href]', '[|href]', 'svg [href]', 'foreignObject', 'clipPath', 'image', '[viewBox]', '& p',
  'input:not([type])', 'option:checked', 'select > :checked', 'fieldset :disabled', 'form :default', 'input[type=radio]:checked',
  'textarea:placeholder-shown', ':valid', ':invalid', 'form:invalid', 'fieldset:valid', ':is()', ':is(p, ::before, !)', ':where(> p)',
];

// Compared on the forms document only: Chromium gives every number input
// range limitations, the standard only those with min or max.
const FORM_SELECTORS = [':in-range', 'input:not(:in-range)'];

// Selectors whose validity is compared (results too, when valid).
export const TRICKY = [
  '', ' ', 'p >', '> p', 'p,', ',p', '[a', '[a=]', ':nope', '::nope', '::before', 'a::before b', '::before:hover',
  '::before.a', '::-webkit-scrollbar', '::part(x)', '::slotted(p)', ':before', 'p:after', 'a|b', '#', '.', '#1a', '#-1',
  '#--x', '.1a', 'p:nth-child(x)', ':not(', 'p!', 'svg|a', '*|a', '|a', '[xlink|href]', '[*|href]', '[|href]', 'ns|*',
  ':has(:has(a))', ':has()', ':is()', ':where()', ':not()', ':is(p, ::before)', ':is(p,,)', ':is(p, !)', ':where(!)',
  ':not(!)', ':has(!)', ':has(p, !)', ':has(::before)', ':has(p,)', ':nth-child(2 of)', ':nth-child(2 of p, !)',
  ':nth-child(2 of ::before)', ':nth-of-type(2 of p)', ':lang()', ':lang(*-CH)', ':lang(\\*-CH)', ':lang(en-)',
  ':dir(ltr)', ':dir(foo)', ':dir()', ':dir("ltr")', ':target-within', ':playing', ':closed', ':blank', ':local-link',
  ':-webkit-any-link', ':-webkit-any(p, a)', ':matches(p)', ':nth-child(+ 2n)', ':nth-child(2n + 1)', ':nth-child(2n+ 1)',
  ':nth-child(2n +1)', ':nth-child(+n)', ':nth-child(- n)', ':nth-child(-n+3)', ':nth-child(n-1)', ':nth-child(n- 1)',
  ':nth-child(3n-)', ':nth-child(1.5)', ':nth-child(2n+-1)', ':nth-child(N)', ':nth-child(odd of p)', ':nth-child(2of p)',
  ':nth-child(n of p)', ':nth-child(-n- 2)', ':nth-child(+-n)', ':nth-child(n+ -1)', ':nth-child( 2 of p )', ':first-child()',
  ':root()', ':is(> a)', ':not(> a)', ':has(:is(a))', ':is(:has(a))', ':has(:not(:has(a)))', ':has(:where(:has(a)))',
  ':has(:nth-child(1 of :has(a)))', ':has(:scope p)', '[a=1]', '[a=-1]', '[a="b" x]', '[a i]', '[a=b i i]', '[a=b I]',
  '[a=b i]', 'p | a', 'a >> b', 'a || b', '&', 'p&', ':host', ':host(p)', ':host-context(p)', ':host-context()',
  ':state(x)', ':current(p)', ':in-range()', 'a/**/b', 'a/* x */ > b', '\\70', 'p\\', '[a="b', '"p"', 'p:is(a', ':is(p, a', ':where(p, !', ':nth-child(2',
  ':nth-child(2n+1 of)', ':NTH-CHILD(2)', ':Hover', '::Before', '*|', '|', '*|*|a', 'p:lang(en):dir(ltr)', ':not(p):not(a)',
  ':nth-last-child(1 of p, a)', ':is(p ~ a, b + c)', 'a:has(> b c, + d)', ':has(> p > a ~ b + c d)',
];

// A small deterministic generator of documents (a linear congruential
// generator: the same documents on every run).
function generated(seed, count) {
  let s = seed >>> 0;
  const rnd = (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
  const pick = (a) => a[rnd(a.length)];
  const tags = ['div', 'p', 'span', 'a', 'ul', 'li', 'section', 'h2', 'img', 'em', 'x-foo', 'table', 'select', 'option',
    'form', 'fieldset', 'legend', 'input', 'textarea', 'button', 'details', 'bdi', 'svg', 'progress', 'label', 'optgroup'];
  const attrs = ['class="a"', 'class="b a"', 'id="x1"', 'title="t"', 'lang="en"', 'lang="de-CH"', 'lang="EN-us"',
    'dir="rtl"', 'dir="auto"', 'dir="ltr"', 'href="#"', 'disabled', 'checked', 'selected', 'required', 'readonly',
    'placeholder="p"', 'value="3"', 'value=""', 'min="1"', 'max="5"', 'type="number"', 'type="radio" name="r"',
    'type="checkbox"', 'type="submit"', 'type="text"', 'contenteditable', 'contenteditable="false"', 'open', 'is="y-z"',
    'multiple', 'size="2"', 'type="range"', 'type="date" value="2020-01-05" min="2020-02-01"', 'data-x="y"', 'align="CENTER"'];
  const texts = ['', 'x', ' ', 'שלום', 'abc', 'مرحبا', '1'];
  const docs = [];
  for (let d = 0; d < count; d++) {
    let html = rnd(3) === 0 ? '' : '<!DOCTYPE html>';
    const n = 30 + rnd(60);
    const open = [];
    for (let k = 0; k < n; k++) {
      const r = rnd(10);
      if (r < 6) {
        const tag = pick(tags);
        let a = '';
        for (let m = rnd(3); m > 0; m--) a += ' ' + pick(attrs);
        html += `<${tag}${a}>`;
        if (tag !== 'img' && tag !== 'input') open.push(tag);
      } else if (r < 8) {
        html += pick(texts);
      } else if (open.length > 0) {
        html += `</${open.pop()}>`;
      }
    }
    docs.push(html);
  }
  return docs;
}

const FORMS = `<!DOCTYPE html><html lang="en-GB"><head><meta http-equiv="content-language" content="fr"></head><body>
<form id=f1><input type=radio name=g checked><input type=radio name=g checked><input type=radio name=h>
<input type=checkbox checked><input type=checkbox><input type=submit><button>b</button><input type=image>
<fieldset disabled><legend><input id=inlegend></legend><input id=infs><select></select></fieldset>
<fieldset disabled><p><legend><input id=notfirstlegend></legend></fieldset>
<select><option>1<option selected>2<option selected>3</select><select><option disabled>1<option>2</select>
<select multiple><option>1<option selected>2</select><select size=3><option>1</select>
<select><optgroup disabled><option>a</optgroup><option>b</select><option selected>loose</option>
<input required><input type=hidden required><input type=range required><textarea required></textarea>
<input readonly><input type=number readonly><input type=color><textarea readonly></textarea><textarea disabled>t</textarea>
<input placeholder=x><input placeholder=x value=v><input placeholder=""><textarea placeholder=p></textarea><textarea placeholder=p>v</textarea>
<input type=number min=1 max=5 value=3><input type=number min=1 max=5 value=9><input type=number min=1 value=x>
<input type=date min=2020-01-01 value=2019-12-31><input type=time min=10:00 max=09:00 value=12:00><input type=range min=0 max=3 value=7>
<input type=month max=2020-05 value=2020-06><input type=week min=2020-W10 value=2020-W09><input type=datetime-local max=2020-01-01T00:00 value=2020-01-01T00:01>
<input type=number min=1 max=5 value=9 disabled><input type=number max=5 value=9 readonly><datalist><input type=number max=1 value=2></datalist>
<progress></progress><progress value=1></progress><details open><summary>s</summary></details><details></details><dialog open></dialog>
</form><input form=f1 type=submit id=outside><button type=button>b</button><button form=f1>late</button>
<div contenteditable><p>x<span contenteditable=false>y<b contenteditable=true>z</b></span></p></div><p contenteditable=plaintext-only>q</p>
<x-foo></x-foo><p is=x-bar></p><svg><x-foo/></svg><font-face></font-face><a>no href</a><area href=x><link href=x><svg><a href=x></a></svg>
<div lang=de><p>de<span lang="">none</span><svg lang=ja><text>j</text></svg><math lang=he><mi>x</mi></math></div>
<div dir=rtl><p>r<span dir=ltr>l</span><bdi>אבג</bdi><bdi>abc</bdi></p></div><div dir=auto>123 <b>שלום</b></div>
<div dir=auto><bdi>שלום</bdi>x</div><input dir=auto value="مرحبا"><input type=tel><textarea dir=auto>שלום</textarea><div dir=AUTO></div>
<p xml:lang=ja>x</p><svg><g xml:lang="pt"><text>p</text></g></svg>
<form id=f2><input type=email value="a@b.c"><input type=email value="nope"><input type=email multiple value="a@b.c, d@e.f">
<input type=url value="https://x.y/"><input type=url value="x y"><input pattern="[a-c]+" value=abc><input pattern="[a-c]+" value=abd>
<input type=number value=1.5><input type=number step=0.5 value=1.5><input type=number step=any value=1.25><input type=number min=0.2 value=1.2>
<input type=radio name=q required><input type=radio name=q><input type=checkbox required><input type=file required>
<select required><option value="">pick<option>a</select><select required><option>x</select><textarea required>x</textarea>
<fieldset><input required></fieldset><fieldset><input></fieldset><input type=text required value=" "><input required readonly></form>
</body></html>`;

let chrome;
let page;
const skip = browserTestsSkipReason();

/** [results per doc][results per selector]: element indices or an exception name. */
async function inChromium(docs, sels) {
  return page.evaluate(({ docs, sels }) => docs.map((html) => {
    const d = new DOMParser().parseFromString(html, 'text/html');
    const idx = new Map([...d.querySelectorAll('*')].map((e, i) => [e, i]));
    return sels.map((s) => {
      try {
        return [...d.querySelectorAll(s)].map((e) => idx.get(e));
      } catch (e) {
        return e.name;
      }
    });
  }), { docs, sels });
}
function here(docs, sels) {
  return docs.map((html) => {
    const d = parse(html, { scriptingEnabled: false });
    const idx = new Map(d.querySelectorAll('*').map((e, i) => [e, i]));
    return sels.map((s) => {
      try {
        return d.querySelectorAll(s).map((e) => idx.get(e));
      } catch (e) {
        return e.name;
      }
    });
  });
}
function compare(t, label, docs, names, sels, theirs, ours) {
  const diffs = [];
  let compared = 0;
  let matched = 0;
  for (let d = 0; d < docs.length; d++) {
    for (let k = 0; k < sels.length; k++) {
      compared++;
      const a = JSON.stringify(theirs[d][k]);
      const b = JSON.stringify(ours[d][k]);
      if (Array.isArray(ours[d][k])) matched += ours[d][k].length;
      if (a !== b && diffs.length < 20) diffs.push(`${names[d]} ${JSON.stringify(sels[k])}: Chromium ${a.slice(0, 200)}, here ${b.slice(0, 200)}`);
    }
  }
  t.diagnostic(`${label}: ${compared} (document, selector) pairs, ${matched} elements matched`);
  assert.ok(matched > 0 || label.includes('validity'), 'the comparison matched nothing');
  assert.deepEqual(diffs, []);
}

describe('selectors against Chromium', { skip: skip ? announceSkip('selector tests against Chromium') : false }, () => {
  before(async () => {
    await init();
    chrome = await launchChromium();
    page = await chrome.context.newPage();
  });
  after(async () => {
    await chrome?.close();
  });

  test('validity: the same selectors throw SyntaxError', async (t) => {
    const docs = ['<p class=a>x<a href=y>b</a></p>'];
    compare(t, 'validity', docs, ['snippet'], TRICKY, await inChromium(docs, TRICKY), here(docs, TRICKY));
  });

  test('form controls, languages, directions', async (t) => {
    const docs = [FORMS];
    const sels = [...SELECTORS, ...FORM_SELECTORS];
    compare(t, 'forms document', docs, ['forms'], sels, await inChromium(docs, sels), here(docs, sels));
  });

  test('generated documents', async (t) => {
    const docs = generated(18, 60);
    const names = docs.map((_, k) => `generated #${k}`);
    compare(t, 'generated', docs, names, SELECTORS, await inChromium(docs, SELECTORS), here(docs, SELECTORS));
  });

  test(`${PAGES.length} corpus pages`, { timeout: 120_000 }, async (t) => {
    const docs = PAGES.map((p) => readFileSync(sharedPath('corpus', 'pages', p), 'utf8'));
    compare(t, 'corpus', docs, PAGES, SELECTORS, await inChromium(docs, SELECTORS), here(docs, SELECTORS));
  });
});
