// The reading APIs (issue 18) against Chromium: the same read script
// (test/browser/read.js) runs over Chromium's DOMParser document and over
// html5-wasm's parse() of the same HTML (scripting disabled, the page's URL
// as the document's URL, as DOMParser's documents have), and the lines it
// produces are compared: reflected attributes, URLs, innerText,
// form.elements, select/option state, compareDocumentPosition, collections,
// TreeWalker / NodeIterator.  Inputs: hand-written cases, generated
// documents (seeded) and corpus pages.
//
// A missing Chromium FAILS these tests; set H5_BROWSER_TESTS=0 to skip them
// explicitly (the reason is printed).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { describeInChromium } from '../../browser/chromium.js';
import { openHarness } from '../../browser/harness-session.js';

const PAGES = [
  'gumbo__hacker_news.html',
  'gumbo__wikipedia.html',
  'gumbo__bbc.html',
  'gumbo__yahoo.html',
  'lol-html__cloudflare.com.html',
  'tdewolff-minify__sample_stackoverflow.html',
  'tdewolff-minify__sample_amazon.html',
  'htmlparser-benchmark__facebook.com__211311431552.html',
  'htmlparser-benchmark__nytimes.com__749998378f1d.html',
  'htmlparser-benchmark__w3.org__74e8bc94abea.html',
];

export const CASES = {
  'forms': '<form id=f action="submit?x=1" method=POST enctype=TEXT/PLAIN name=main><fieldset id=fs disabled name=g><legend>L <input id=inlegend></legend><input name=a value=" 1 "><input type=CHECKBOX name=c checked><input type=radio name=r value=x><input type=radio name=r checked></fieldset><button>b</button><button type=reset value=v name=n disabled>r</button><button type=bogus>z</button><input type=image name=img><output for="a b" name=o>out</output><object name=obj></object></form><input form=f name=outside><input form=nope name=none><form id=g></form><input form=g name=tog>',
  'input types and values': '<input type=number value="1e3"><input type=number value=x><input type=email value=" a@b "><input type=url value=" http://x/ \n"><input type=color value=#ABCDEF><input type=color value=bogus><input type=range value=500><input type=range min=10 max=20><input type=date value=2024-02-30><input type=date value=2024-02-29><input type=time value=12:30><input type=month value=2024-13><input type=week value=2024-W53><input type=week value=2026-W53><input type=week value=2020-W53><input type=datetime-local value="2024-01-01 10:00"><input type=hidden value=" h "><input type=file value=f><input type=checkbox><input type=text value="a\nb"><input type=password value=p><input type=search><input type=tel><input type=nonsense value=v><input type=submit><input type=reset value=R>',
  'input attributes': '<input maxlength=5 minlength=-2 size=0 min=1 max=9 step=any pattern="[a-z]+" placeholder=ph readonly required disabled multiple accept=".png" alt=a src="img.png" formaction="go" formmethod=PoSt list=dl><datalist id=dl><option value=1><option value=2 label=two></datalist><input size=40 maxlength=x>',
  'select single': '<select name=s><option>  a  b </option><option value=v2 selected>two</option><option selected>three</option></select>',
  'select none selected': '<select><option disabled>d</option><optgroup label=g disabled><option>in disabled group</option></optgroup><option>ok</option><option>next</option></select>',
  'select multiple': '<select multiple><option selected>a<option>b<option selected>c</select><select multiple><option>x</select>',
  'select size': '<select size=3><option>a<option>b</select><select size=1><option>a</select><select size=0><option>a</select>',
  'select empty and groups': '<select></select><select><optgroup label=G><option value=1>one<option>two</optgroup><option label="">three</select>',
  'option outside select': '<option selected value=x>v</option><datalist><option selected>d</option></datalist><option>  spaced   text  </option>',
  'option with script': '<select><option>a<script>b</script>c</option></select>',
  'textarea': '<textarea rows=0 cols=x maxlength=3 wrap=hard name=t placeholder=p>\nfirst\r\nsecond</textarea><textarea></textarea><textarea rows=5 cols=40>x &amp; y</textarea>',
  'labels': '<label id=l1 for=x>X</label><label id=l2>Y <input id=y><input id=z></label><input id=x><label for=hid>H</label><input type=hidden id=hid><label><span>no control</span></label><label for=missing>M</label><label for=div>D</label><div id=div></div><label><textarea id=ta></textarea></label><label>m<meter></meter></label>',
  'links and urls': '<a href="/abs?q=1#h">1</a><a href="rel/path">2</a><a href="https://user:pw@example.com:8080/p?a=b#c">3</a><a href="http://[bad">4</a><a href="mailto:x@y">5</a><a href="javascript:void(0)">6</a><a href="">7</a><a>8</a><a href="  //other.org/x  ">9</a><a href="#frag">10</a><a href="?q">11</a><a href="https://EXAMPLE.com:443/">12</a><a href="data:text/plain,x">13</a><area href="a.html" alt=A shape=circle coords="1,2,3"><a href="x" rel="noopener NoReferrer other" target=_blank download=f hreflang=en type=text/html ping="p q" referrerpolicy=ORIGIN>13</a><a href="file:///etc/passwd">f</a><a href="http://example.com:80/">p</a>',
  'base href': '<head><base target=t><base href="https://base.example/dir/"><base href="/ignored/"></head><a href="x?y">x</a><link rel=stylesheet href="s.css"><img src="i.png" srcset="a.png 1x"><form action=""></form><form></form><form action="f"></form><script src="s.js"></script><iframe src="fr.html"></iframe>',
  // (A <base> whose href does not parse: the standard falls back to the
  // document's URL, Chromium to about:blank; test/js/unit/dom-read.test.js.)
  'javascript base href': '<base href="javascript:x"><a href="rel">r</a>',
  'relative base href': '<base href="sub/"><a href="rel">r</a>',
  'img': '<img src="a.png" alt="A" width=100 height=x srcset="a 1x, b 2x" sizes="100vw" crossorigin usemap="#m" ismap decoding=ASYNC loading=LAZY referrerpolicy=no-referrer name=n><img crossorigin=use-credentials><img crossorigin=bogus width=" 7px" height=-3 loading=x decoding=y><img width=99999999999>',
  'meta link script style': '<meta name=description content="d"><meta http-equiv=refresh content="5"><meta charset=utf-8><meta name=viewport media="(x)"><link rel="stylesheet ALTERNATE" href="a.css" media=print hreflang=fr type=text/css as=STYLE crossorigin=anonymous integrity=sha sizes="16x16 32x32" disabled><link rel=icon><link rel=preload as=bogus href=x><script src=a.js type=module nomodule async defer crossorigin integrity=i charset=utf-8>var x = 1;</script><script>y</script><style media=screen type=text/css>p{}</style><title> a  b </title>',
  'global attributes': '<div id=a class="  x y  x " title=t lang=en dir=RTL hidden translate=no accesskey=k draggable=true spellcheck=false inert data-foo-bar=1 data-x=2 data-=e data-FOO=up data-a-b-c=3>d</div><p dir=bogus hidden=until-found translate=yes draggable=bogus><span>in p</span></p><span dir=auto hidden=UNTIL-FOUND>s</span><div lang="">x</div>',
  'tabindex': '<a>a</a><a href=x>a</a><area><button>b</button><input><select></select><textarea></textarea><iframe></iframe><object></object><frame><div>d</div><span tabindex=3>s</span><span tabindex=" 7">s</span><span tabindex=-5>s</span><span tabindex=x>s</span><span tabindex=99999999999>s</span><span tabindex="+2">s</span><details><summary>first</summary><summary>second</summary></details><summary>loose</summary><svg><a></a><circle tabindex=2></circle><g></g></svg><math><mi tabindex=1>x</mi><mo>y</mo></math><div contenteditable>c</div><img><img usemap=#m>',
  'innerText': '<div id=t>a<br>b<p>c</p><script>s()</script><style>p{}</style>  d   e<div>f</div><table><tr><td>1<td>2</table><ul><li>x<li>y</ul><template>tpl</template><select><option>o</select><!-- c --><textarea>ta</textarea></div>',
  'lists and cells': '<ol start=5 reversed type=a><li value=3>a<li>b<li value=x>c</ol><ol reversed><li>1<li>2<li>3</ol><ol start=-2></ol><table><tr><td colspan=0 rowspan=70000 headers=h scope=ROW abbr=ab>x<th colspan=2000 rowspan=0 scope=bogus>y<td colspan=" 3x">z</table>',
  'details dialog': '<details open name=n><summary>s</summary></details><details></details><dialog open>d</dialog><dialog></dialog>',
  'namespaces': '<svg xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="#x" id=sa><text>t</text></a></svg><math xmlns="http://www.w3.org/1998/Math/MathML"><mi data-v=1>x</mi></math><div xmlns:foo="urn:foo">d</div>',
  'getElementsByName': '<div name=a></div><input name=a><svg><g name=a></g></svg><span name=b></span><form name=a></form><iframe name=b></iframe>',
  'nested forms and tables': '<table><form id=tf><tr><td><input name=in-table></td></tr></form></table><form id=outer><div><form id=inner><input name=x></form></div><input name=y></form>',
  'quirks mode document': '<p class=Foo>x</p><input type=text value=v>',
  'template contents': '<template id=tp><input name=in-template><a href=x>l</a></template><input name=after>',
  'deep nesting': '<div>'.repeat(200) + '<input name=deep><a href=deep>d</a>' + '</div>'.repeat(200),
};

/** A seeded generator of documents that exercise the reflected attributes. */
export function generate(seed, count) {
  let s = seed >>> 0;
  const rnd = (n) => {
    s = (s * 1103515245 + 12345) >>> 0;
    return (s >>> 8) % n;
  };
  const pick = (a) => a[rnd(a.length)];
  const VALUES = ['', 'x', ' x ', 'X', '0', '1', '-1', '07', ' 12 ', '+3', '1e2', 'a b', 'a\nb', 'TRUE', 'on', 'auto', 'rtl', 'LTR', 'until-found', '99999999999', '#fff', '2024-01-01', 'text', 'submit', 'http://h/', '../up', '?q', '#f', '//x.y', 'mailto:a'];
  const ATTRS = ['id', 'class', 'title', 'lang', 'dir', 'hidden', 'tabindex', 'name', 'value', 'type', 'checked', 'selected', 'disabled', 'required', 'readonly', 'placeholder', 'href', 'src', 'form', 'for', 'multiple', 'size', 'label', 'maxlength', 'min', 'max', 'rel', 'target', 'action', 'method', 'width', 'height', 'colspan', 'start', 'data-k', 'data-two-words', 'translate', 'draggable', 'crossorigin', 'loading'];
  const TAGS = ['div', 'span', 'a', 'area', 'img', 'input', 'input', 'input', 'select', 'option', 'optgroup', 'textarea', 'button', 'form', 'fieldset', 'legend', 'label', 'output', 'meta', 'link', 'base', 'script', 'style', 'ol', 'li', 'td', 'details', 'summary', 'datalist', 'p', 'br', 'table', 'tr', 'iframe'];
  const docs = [];
  for (let d = 0; d < count; d++) {
    const ids = [];
    let html = rnd(2) ? '<!DOCTYPE html>' : '';
    const n = 5 + rnd(40);
    const open = [];
    for (let k = 0; k < n; k++) {
      const tag = pick(TAGS);
      let attrs = '';
      const na = rnd(5);
      for (let a = 0; a < na; a++) {
        const name = pick(ATTRS);
        let v = pick(VALUES);
        if (name === 'id') {
          v = `i${rnd(8)}`;
          ids.push(v);
        } else if ((name === 'for' || name === 'form') && ids.length && rnd(2)) v = pick(ids);
        else if (name === 'name') v = `n${rnd(4)}`;
        attrs += rnd(6) === 0 ? ` ${name}` : ` ${name}="${v.replace(/"/g, '&quot;')}"`;
      }
      html += `<${tag}${attrs}>`;
      if (rnd(3) === 0) html += pick(['text', ' spaced  out ', 'a&amp;b', '\n']);
      if (tag !== 'br' && tag !== 'img' && tag !== 'input' && tag !== 'meta' && tag !== 'link' && tag !== 'base' && tag !== 'area') open.push(tag);
      while (open.length && rnd(3) === 0) html += `</${open.pop()}>`;
    }
    docs.push(html);
  }
  return docs;
}

describeInChromium('test/js/browser/dom-read.test.js', 'browser: DOM reading APIs against Chromium', { timeout: 180_000 }, () => {
  let session;
  let page;

  before(async () => {
    session = await openHarness();
    ({ page } = session);
  });

  after(() => session?.close());

  // Runs in the page: read both documents of each case, return the first differences.
  const compare = (cases) => page.evaluate(async (cases) => {
    const { parse } = await import('/js/index.js');
    const { readLines, traversalLines } = await import('/test/browser/read.js');
    const out = [];
    for (const c of cases) {
      try {
        const html = c.html ?? await (await fetch(c.url)).text();
        const theirs = new DOMParser().parseFromString(html, 'text/html');
        const ours = parse(html, { scriptingEnabled: false, url: location.href });
        const read = (d) => [...readLines(d), ...(c.traversal ? traversalLines(d) : [])];
        const a = read(ours);
        const b = read(theirs);
        const diffs = [];
        for (let k = 0; k < Math.max(a.length, b.length) && diffs.length < 8; k++) {
          if (a[k] !== b[k]) diffs.push(`  html5-wasm: ${a[k]}\n    Chromium: ${b[k]}`);
        }
        out.push({ name: c.name, lines: b.length, diffs });
      } catch (e) {
        out.push({ name: c.name, error: `${e.name}: ${e.message}\n${e.stack}` });
      }
    }
    return out;
  }, cases);

  function report(t, label, results) {
    const bad = results.filter((r) => r.error || r.diffs.length);
    const lines = results.reduce((n, r) => n + (r.lines ?? 0), 0);
    t.diagnostic(`${label}: ${results.length - bad.length}/${results.length} read the same as Chromium (${lines} values compared)`);
    for (const r of results) assert.ok(r.error || r.lines > 5, `${r.name}: suspiciously few values (${r.lines})`);
    if (bad.length) {
      assert.fail(`${label}: ${bad.length} differ from Chromium:\n` +
        bad.map((r) => `${r.name}: ${r.error ?? '\n' + r.diffs.join('\n')}`).join('\n\n'));
    }
  }

  test(`${Object.keys(CASES).length} hand-written cases read the same as in Chromium`, async (t) => {
    const cases = Object.entries(CASES).map(([name, html]) => ({ name, html, traversal: true }));
    report(t, 'cases', await compare(cases));
  });

  test('300 generated documents read the same as in Chromium', async (t) => {
    const cases = generate(18, 300).map((html, k) => ({ name: `generated #${k}: ${html.slice(0, 300)}`, html, traversal: k % 10 === 0 }));
    report(t, 'generated', await compare(cases));
  });

  test(`${PAGES.length} corpus pages read the same as in Chromium`, { timeout: 120_000 }, async (t) => {
    report(t, 'corpus pages', await compare(PAGES.map((p) => ({ name: p, url: `/corpus/${p}`, traversal: true }))));
  });

  test('form-control state set from JS reads the same as in Chromium', async () => {
    const r = await page.evaluate(async () => {
      const { parse } = await import('/js/index.js');
      const html = '<select id=s><option>a<option value=b>B<option selected>c<option disabled>d</select>' +
        '<select id=m multiple><option>x<option selected>y</select><select id=z size=3><option>p<option>q</select>' +
        '<input id=t value=a><input id=n type=number value=1><input id=c type=checkbox checked><input id=r type=range>' +
        '<textarea id=ta>orig</textarea>';
      const steps = (d) => {
        const $ = (id) => d.getElementById(id);
        const out = [];
        const snap = () => out.push(JSON.stringify([$('s').value, $('s').selectedIndex, [...$('s').options].map((o) => o.selected),
          [...$('m').selectedOptions].map((o) => o.value), $('z').selectedIndex, $('t').value, $('t').defaultValue, $('n').value,
          $('c').checked, $('c').defaultChecked, $('r').value, $('ta').value, $('ta').defaultValue]));
        snap();
        $('s').value = 'b'; snap();
        $('s').selectedIndex = 3; snap();
        $('s').value = 'none'; snap();
        $('s').options[2].selected = true; snap();
        $('s').options[2].selected = false; snap();
        $('s').selectedIndex = -1; snap();
        $('s').selectedIndex = 9; snap();
        $('m').options[0].selected = true; snap();
        $('m').value = 'x'; snap();
        $('z').options[1].selected = true; snap();
        $('z').options[1].selected = false; snap();
        $('t').value = 'typed\nline'; snap();
        $('n').value = 'abc'; snap();
        $('n').value = '2.5'; snap();
        $('c').checked = false; snap();
        $('r').value = '250'; snap();
        $('ta').value = 'new\r\ntext'; snap();
        return out;
      };
      return { ours: steps(parse(html, { url: location.href })), theirs: steps(new DOMParser().parseFromString(html, 'text/html')) };
    });
    assert.deepEqual(r.ours, r.theirs);
  });

  test('the comparison can fail: a changed document is reported', async () => {
    const r = await page.evaluate(async () => {
      const { parse } = await import('/js/index.js');
      const { readLines } = await import('/test/browser/read.js');
      const a = readLines(parse('<input value=a>', { url: location.href }));
      const b = readLines(new DOMParser().parseFromString('<input value=b>', 'text/html'));
      const c = readLines(new DOMParser().parseFromString('<input value=a>', 'text/html'));
      return { differ: a.filter((x, k) => x !== b[k]), same: a.filter((x, k) => x !== c[k]) };
    });
    assert.deepEqual(r.same, []);
    assert.ok(r.differ.some((x) => x.includes('"a"')), JSON.stringify(r.differ));
  });
});
