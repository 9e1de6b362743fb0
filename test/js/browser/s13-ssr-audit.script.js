// The SSR audit script (issue 18, items 1-3 and 5): what a server-rendering
// test reads, selects and changes on a rendered page, written as user code
// against the DOM and HTML standards' names only (no globals but
// DOMException), so the same function runs over a Chromium DOMParser
// document (test/js/browser/s13-ssr-audit.test.js) and over html5-wasm's
// parse() / decode() trees (test/js/unit/s13-ssr-audit.test.js).  It returns
// one line "label = JSON" per value read; two engines agree when the lines do.
//
// Not a test file itself (node --test does not pick up *.script.js).

/** The rendered page: a header with links, a checkout form, a table, lists, templates, lang/dir. */
export const PAGE = `<!DOCTYPE html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Shop  —  Cart </title>
<meta name="description" content="Your cart"><meta http-equiv="refresh" content="30">
<link rel="stylesheet alternate" href="/css/site.css" media="screen" id=css>
<link rel="canonical" href="https://shop.example/cart"></head>
<body class="page cart">
<header class="site-header  sticky" data-theme="dark" data-user-id="42" data-x-y-z="3"><nav aria-label="Main"><ul id="nav">
<li><a href="/" class="active" id=home>Home</a></li>
<li><a href="products?page=2#top" hreflang="en" rel="next prefetch" id=prod>Products</a></li>
<li><a href="../help/faq.html" target=_blank id=help>Help</a></li>
<li><a href="https://user:pw@other.example:8443/x/y?y=1#z" id=partner>Partner</a></li>
<li><a id=noref>Placeholder</a></li>
<li><a href="mailto:help@shop.example" id=mail>Mail</a></li>
<li><a href="HTTP://[bad" id=bad>Bad</a></li>
</ul></nav></header>
<main id=main>
<h1 title="Your cart" tabindex=-1 id=h1>Cart <small>(3 items)</small></h1>
<form id=checkout name=checkout action="/checkout?step=1" method=POST>
 <fieldset id=contact><legend>Contact</legend>
 <label for=email id=l-email>Email</label><input id=email type=email name=email value=" a@b.c " required placeholder="you@example.com" data-testid="email-input">
 <label id=l-name>Full name <input name=fullname id=fullname placeholder="Full name"></label>
 <label for=qty>Quantity</label><input id=qty type=number name=qty value=3 min=1 max=10 step=1>
 <input id=over type=number name=over value=12 min=1 max=10><input id=under type=range min=5 max=9 value=2><input id=nan type=number value=abc min=1>
 <input type=hidden name=csrf value="tok" id=csrf>
 <input type=checkbox name=gift id=gift checked><label for=gift>Gift wrap</label>
 <input type=checkbox name=news id=news>
 <input type=radio name=ship value=std checked id=std><input type=radio name=ship value=exp id=exp checked><input type=radio name=pay value=card id=card>
 <input name=coupon readonly value=SAVE10 id=coupon>
 <input name=promo disabled value=x id=promo>
 <input type=TEXT name=empty placeholder="shown" id=empty>
 <input type=bogus id=bogus value=" v ">
 </fieldset>
 <fieldset disabled id=offfs><legend>Off <input name=inlegend id=inlegend></legend><input name=inside id=inside><button id=fsbtn>x</button></fieldset>
 <select name=country id=country><option value="">Choose</option><option value=fr id=fr-opt>France<option value=de selected id=de-opt>Germany</option><optgroup label=Other disabled><option id=it-opt>  Italy  </option></optgroup></select>
 <select name=tags multiple id=tags><option selected>a<option>b<option selected>c</select>
 <select id=none><option disabled>x</option><option>y</option></select>
 <textarea name=notes id=notes placeholder="Notes">
Leave at door &amp; ring</textarea>
 <textarea id=ta2 placeholder="p"></textarea>
 <button id=buy name=act value=buy>Buy</button>
 <button type=reset id=reset>Reset</button>
 <button type=button disabled id=dbtn>Disabled</button>
 <output name=total for="qty over" id=out>31.50</output>
 <progress id=prog></progress><progress id=prog2 value=3 max=10></progress>
</form>
<input form=checkout name=outside id=outside>
<table id=cart><caption>Items</caption><thead><tr><th>Item<th>Qty<th>Price</thead>
<tbody><tr data-sku="A-1"><td>Tea<td>1<td>3.50<tr data-sku="B-2" class="odd"><td>Cup<td>2<td>8.00<tr data-sku="c-3"><td>Pot<td>1<td>20.00</tbody>
<tfoot><tr><td colspan=2 id=totl>Total<td>31.50</tfoot></table>
<ul class="list" id=list><li>one</li><li class="x">two</li><li>three</li><li class="x y">four</li><li id=e1></li><li id=e2><!-- c --></li><li id=e3> </li></ul>
<ol start=3 reversed id=ol><li>a<li value=10>b<li>c</ol>
<p lang="fr" id=fr>Bonjour <span lang="fr-CA" id=frca>eh</span> <span lang="" id=nolang>x</span> <span lang=de-Latn-DE id=de>d</span></p>
<p dir="RTL" id=rtl>مرحبا <bdi dir=auto id=bdi>abc</bdi> <span id=inrtl>x</span> <span dir=ltr id=back>y</span></p>
<div dir=auto id=autoar>שלום world</div><div dir=auto id=autoen>hello שלום</div><div dir=auto id=autonone>123</div>
<textarea dir=auto id=taauto>שלום</textarea><input dir=auto value="שלום" id=inauto>
<template id=row-tpl><tr><td class=name></td><td class=qty>0</td></tr></template>
<template id=card-tpl><article class=card><h2 class=t></h2><a class=more href="details">More</a></article></template>
<img src="img/tea.png" alt="Tea" width=64 height=64 srcset="img/tea@2x.png 2x" loading=lazy id=img>
<custom-widget id=cw>x</custom-widget><x-y id=xy></x-y><not_custom id=nc></not_custom>
<map name=m><area href="#main" alt=A id=area><area alt=B id=area2></map>
<a href="#main" id=skip>Skip</a>
<div hidden id=hid data-a-b="c">hidden <b>text</b></div>
<div id=txt>Line one<br>Line two <p>para</p><script>var s=1</script><style>p{}</style></div>
<div id=emptydiv></div><div id=ws> </div>
<div contenteditable id=ce>edit <span id=ince>me</span></div><div contenteditable=false id=ce2>no</div>
<svg id=svg viewBox="0 0 1 1"><a href="/svg-link" id=svga><text>t</text></a></svg>
</main>
<footer><p>&copy; 2026 <a href="/about" id=about>About</a> <a href="/terms" data-testid="terms">Terms</a></p></footer>
</body></html>`;

/** Selectors of issue 18, item 2 (and some that Chromium rejects). */
export const SELECTORS = [
  // :has() with relative selectors, :is/:where/:not with lists
  'li:has(> a[href^="/"])', 'ul:has(+ ol)', 'li:has(~ li.x)', 'form:has(input:checked)', 'section:has(a), nav:has(a)',
  ':is(h1, h2, legend) small', ':where(#nav, #list) > li:first-child', 'li:not(.x, :empty)', 'input:not([type]):not([name=fullname])',
  'tr:has(td:nth-child(3))', ':has(> [data-testid])', 'p:has(span:lang(fr-CA))', '*:has(*:has(#ince))',
  // structural pseudo-classes
  'li:first-child', 'li:last-child', 'li:only-child', 'td:nth-child(2n+1)', 'li:nth-child(even)', 'li:nth-child(-n+2)',
  'li:nth-last-child(2)', 'li:nth-of-type(3)', 'li:nth-last-of-type(1)', 'td:first-of-type', 'th:last-of-type', 'caption:only-of-type',
  'li:nth-child(2 of .x)', 'li:nth-last-child(1 of :not(:empty))', 'tr:nth-child(odd of [data-sku])', 'li:nth-child( 2N + 1 )',
  ':root', 'li:empty', 'div:empty', 'p:empty', '#list > :empty',
  // input pseudo-classes
  ':checked', ':disabled', ':enabled', ':required', 'input:read-only', 'input:read-write', ':read-write', 'textarea:read-only',
  ':default', ':indeterminate', ':placeholder-shown', ':in-range', ':out-of-range', 'option:checked', 'fieldset:disabled', 'legend :enabled',
  // links, language, direction, custom elements
  ':link', ':any-link', 'a:any-link', 'area:link', ':visited', ':lang(fr)', ':lang(en)', 
  ':dir(rtl)', ':dir(ltr) > bdi', 'div:dir(rtl)', 'p > :dir(ltr)', ':defined', ':not(:defined)', 'custom-widget:defined',
  // :scope, user-state pseudo-classes (parse, never match)
  ':scope', ':scope > body', ':hover', 'a:focus', ':focus-visible', ':focus-within', ':active', ':target', ':visited, :link',
  // attribute selectors and the HTML case rules
  '[type=checkbox]', '[type=CHECKBOX]', '[TYPE=checkbox]', 'input[type="text"]', '[data-sku=C-3]', '[data-sku=C-3 i]',
  '[lang|=fr]', '[class~=X]', '[class~=X i]', '[href$=".html"]', '[href*=page]', '[rel~=prefetch]', '[dir=rtl]', '[method=post]',
  '[hreflang|=EN]', 'INPUT[NAME=email]', 'Main LI', 'svg a[href]', '[viewBox]',
  // rejected by Chromium: SyntaxError
  'a:hover(', ':nth-child(2n+)', ':has()', ':is(', '::before', 'li::marker', '[data-x=]', ':nth-child(n of)', ':unknown', ':has(:has(a))',
  'a,', '>a', ':lang()', ':dir()', ':nth-child(1 of)', '#1x', '.5', 'a::after', ':host', '::slotted(a)', ':where()', ':not()',
];

/**
 * Selectors where Chromium 156 departs from the standards and html5-wasm
 * follows them (docs/chromium-differences.md#selectors): the standard's
 * answer, checked by the unit test only.
 */
export const STANDARD_NOT_CHROMIUM = {
  ':lang("de-DE")': ['#de'], // Selectors 4, 13.2: strings; extended filtering (de-Latn-DE)
  ':lang(fr, de)': ['#fr', '#frca', '#de'], // a list of ranges
  ':lang(\\*-DE)': ['#de'], // the wildcard of RFC 4647 3.3.2
  '[data-sku="a-1" s]': [], // Selectors 4, 6.3: the s flag
  ':optional': ['#fullname', '#qty', '#over', '#nan', '#gift', '#news', '#std', '#exp', '#card', '#coupon', '#promo', '#empty', '#bogus', '#inlegend', '#inside', '#country', '#tags', '#none', '#notes', '#ta2', '#outside', '#taauto', '#inauto'], // HTML 4.16.3
  'svg A': [], // HTML 4.16.2: type selectors keep their case for non-HTML elements
  '[viewbox]': [], // and attribute names too
};

/** querySelector from an element: :scope and relative behaviour. */
const SCOPED = [['#list', ':scope > li.x'], ['#nav', 'li a'], ['#checkout', ':scope input:disabled'], ['#cart', ':scope tr:has(td)'], ['#fr', ':scope > span:lang(fr)']];

const json = (v) => JSON.stringify(v === undefined ? '(undefined)' : v);

/**
 * @param {(html: string) => Document} parseHTML  a document for HTML, its URL the one the runner chose
 * @returns {string[]}
 */
export function auditLines(parseHTML, html = PAGE) {
  const doc = parseHTML(html);
  const out = [];
  const $ = (id) => doc.getElementById(id);
  const all = () => [...doc.querySelectorAll('*')];
  const tag = (e) => (e === null || e === undefined ? e ?? null : e.id ? `#${e.id}` : e.nodeType === 1 ? `${e.localName}@${all().indexOf(e)}` : e.nodeName);
  const put = (label, f) => {
    let v;
    try {
      v = f();
    } catch (e) {
      v = `!${e?.name}${e instanceof DOMException ? ` (${e.code})` : ' (not a DOMException)'}`;
    }
    out.push(`${label} = ${json(v)}`);
  };
  const tags = (list) => [...list].map(tag);

  // ---- 1. Reading ----------------------------------------------------------
  put('URL, baseURI, title, dir', () => [doc.URL === doc.documentURI, doc.baseURI === doc.URL, doc.title, doc.compatMode, doc.characterSet]);
  put('documentElement lang/dir', () => [doc.documentElement.lang, doc.documentElement.dir]);
  const header = doc.querySelector('header');
  put('classList', () => [header.classList.length, [...header.classList], header.classList.value, header.classList.item(1), header.classList.item(5), header.classList.contains('sticky'), String(header.classList)]);
  put('classList.supports', () => header.classList.supports('x'));
  put('relList', () => [[...$('prod').relList], $('prod').relList.contains('NEXT'), $('css').relList.supports('stylesheet'), $('css').relList.supports('bogus')]);
  put('dataset', () => [Object.keys(header.dataset), header.dataset.userId, header.dataset.xYZ, 'theme' in header.dataset, header.dataset.nope, JSON.stringify(header.dataset)]);
  put('id className title', () => [$('h1').id, doc.body.className, $('h1').title, header.title]);
  put('lang dir', () => [$('fr').lang, $('frca').lang, $('nolang').lang, $('h1').lang, $('rtl').dir, $('bdi').dir, $('inrtl').dir, doc.body.dir]);
  put('hidden', () => [$('hid').hidden, $('h1').hidden]);
  put('tabIndex', () => [$('h1').tabIndex, $('home').tabIndex, $('noref').tabIndex, $('email').tabIndex, $('txt').tabIndex, $('country').tabIndex, $('area').tabIndex, $('ce').tabIndex, $('svga').tabIndex]);
  for (const id of ['home', 'prod', 'help', 'partner', 'noref', 'mail', 'bad', 'skip', 'area', 'area2', 'about']) {
    put(`${id} URL parts`, () => {
      const a = $(id);
      return [a.href, a.protocol, a.username, a.password, a.host, a.hostname, a.port, a.pathname, a.search, a.hash, a.origin, a.target, a.rel, a.hreflang, a.text, String(a)];
    });
  }
  put('svg a href', () => [$('svga').getAttribute('href'), $('svga').namespaceURI]);
  put('img', () => { const i = $('img'); return [i.src, i.alt, i.width, i.height, i.srcset, i.loading, i.isMap, i.useMap]; });
  put('link', () => { const l = $('css'); return [l.href, l.rel, l.media, l.hreflang, l.as, l.disabled]; });
  put('meta', () => [...doc.querySelectorAll('meta')].map((m) => [m.name, m.content, m.httpEquiv]));
  for (const id of ['email', 'fullname', 'qty', 'over', 'nan', 'under', 'csrf', 'gift', 'news', 'std', 'exp', 'card', 'coupon', 'promo', 'empty', 'bogus', 'inlegend', 'inside', 'outside']) {
    put(`input #${id}`, () => {
      const i = $(id);
      return [i.type, i.name, i.value, i.defaultValue, i.checked, i.defaultChecked, i.disabled, i.required, i.readOnly, i.placeholder, i.min, i.max, i.step,
        i.form?.id ?? null, i.labels && [...i.labels].map(tag),
        i.type === 'hidden' ? null : i.willValidate /* a hidden input is barred from constraint validation (HTML 4.10.5.1.1): not yet modelled */, i.indeterminate];
    });
  }
  for (const id of ['country', 'tags', 'none']) {
    put(`select #${id}`, () => {
      const s = $(id);
      return [s.type, s.value, s.selectedIndex, s.length, s.options.length, tags(s.options), tags(s.selectedOptions), s.multiple, s.size, s.name, s.form?.id, s.options.item(1)?.text, s.options.namedItem('de-opt')?.value ?? null, s.item(0)?.value];
    });
  }
  for (const id of ['fr-opt', 'de-opt', 'it-opt']) {
    put(`option #${id}`, () => { const o = $(id); return [o.value, o.text, o.label, o.selected, o.defaultSelected, o.index, o.disabled, o.form?.id]; });
  }
  put('textarea', () => { const t = $('notes'); return [t.value, t.defaultValue, t.textLength, t.type, t.placeholder, t.rows, t.cols, t.form?.id]; });
  put('buttons', () => ['buy', 'reset', 'dbtn', 'fsbtn'].map((id) => { const b = $(id); return [b.type, b.name, b.value, b.disabled, b.form?.id]; }));
  put('fieldset', () => { const f = $('offfs'); return [f.disabled, f.type, f.name, tags(f.elements), f.form?.id]; });
  put('form', () => { const f = $('checkout'); return [f.name, f.action, f.method, f.enctype, f.target, f.length, tags(f.elements), f.elements.namedItem('email')?.id, tag(f.elements.namedItem('ship')?.[0] ?? null), f.elements.namedItem('ship')?.value, f.noValidate, f.acceptCharset]; });
  put('label', () => [...doc.querySelectorAll('label')].map((l) => [l.htmlFor, tag(l.control), l.form?.id ?? null]));
  put('output', () => { const o = $('out'); return [o.value, o.defaultValue, [...o.htmlFor], o.name, o.type, o.form?.id]; });
  put('ol/li', () => [$('ol').start, $('ol').reversed, [...$('ol').children].map((li) => li.value)]);
  put('td', () => [$('totl').colSpan, $('totl').rowSpan, $('totl').headers]);
  put('template.content', () => { const t = $('row-tpl'); return [t.content.nodeType, t.content.childNodes.length, t.childNodes.length, t.innerHTML, t.content.firstChild.localName, t.content.ownerDocument === doc, t.content.querySelector('.qty').textContent]; });
  put('innerText', () => [$('txt').innerText, $('hid').innerText, $('h1').innerText, $('list').innerText, $('txt').outerText, $('notes').innerText]);
  put('textContent', () => [$('txt').textContent, $('list').textContent, doc.textContent, doc.doctype.textContent]);
  put('getElementsByName', () => [tags(doc.getElementsByName('ship')), tags(doc.getElementsByName('m')), tags(doc.getElementsByName('nope')), doc.getElementsByName('email').length]);
  const li = doc.querySelectorAll('#list > li');
  put('isEqualNode / isSameNode', () => [li[1].isEqualNode(li[3]), li[4].isEqualNode(doc.createElement('li')), li[0].isEqualNode(li[0].cloneNode(true)), li[0].isSameNode(li[0]), li[0].isSameNode(li[1]), li[0].isSameNode(null), doc.doctype.isEqualNode(doc.doctype.cloneNode())]);
  put('Node constants', () => [doc.ELEMENT_NODE, li[0].TEXT_NODE, doc.DOCUMENT_POSITION_CONTAINED_BY, li[0].DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC, doc.COMMENT_NODE, doc.DOCUMENT_FRAGMENT_NODE, doc.PROCESSING_INSTRUCTION_NODE, doc.DOCUMENT_TYPE_NODE, li[0].constructor.ELEMENT_NODE ?? null]);
  put('compareDocumentPosition', () => [li[0].compareDocumentPosition(li[1]), li[1].compareDocumentPosition(li[0]), $('list').compareDocumentPosition(li[2]), li[2].compareDocumentPosition($('list')), li[0].compareDocumentPosition(li[0]),
    li[0].firstChild.compareDocumentPosition(li[0]), doc.compareDocumentPosition(li[0]), $('list').getAttributeNode('id').compareDocumentPosition(li[0]) & 0x3f, $('row-tpl').content.firstChild.compareDocumentPosition($('row-tpl')) & 0x39]);
  put('contains', () => [$('list').contains(li[3]), li[3].contains($('list')), li[3].contains(li[3]), li[3].contains(null), doc.contains(li[3].firstChild), $('row-tpl').contains($('row-tpl').content.firstChild)]);
  put('children HTMLCollection', () => { const c = $('list').children; return [c.length, tag(c.item(0)), c.item(99), tag(c.namedItem('e1')), c.namedItem('zz'), tag(c[2]), c[99] ?? null, [...c].length, Object.prototype.toString.call(c)]; });
  put('childNodes NodeList', () => { const c = $('list').childNodes; const seen = []; c.forEach((n, k) => seen.push([n.nodeName, k])); return [c.length, c.item(0)?.nodeName, c.item(-1), seen.slice(0, 3), [...c.keys()].length, [...c.entries()][1][1].nodeName, Object.prototype.toString.call(c)]; });
  put('querySelectorAll NodeList', () => { const q = doc.querySelectorAll('li.x'); return [q.length, tag(q.item(1)), q.item(2), Object.prototype.toString.call(q), [...q.values()].map(tag)]; });
  put('getElementsByTagName/ClassName', () => [doc.getElementsByTagName('li').length, doc.getElementsByTagName('LI').length, doc.getElementsByClassName('x').length, doc.getElementsByClassName('x y').length, tag(doc.getElementsByTagName('input').namedItem('email')), tag(doc.getElementsByTagName('a').namedItem('m'))]);
  put('document collections', () => [tags(doc.forms), tags(doc.images), tags(doc.links), doc.scripts.length, tag(doc.forms.namedItem('checkout'))]);
  put('TreeWalker', () => {
    const w = doc.createTreeWalker($('list'), 1 | 4 | 128, { acceptNode: (n) => (n.nodeType === 8 ? 2 : n.nodeType === 3 && !n.data.trim() ? 3 : 1) });
    const seen = [];
    while (w.nextNode()) seen.push(w.currentNode.nodeName + (w.currentNode.nodeType === 3 ? `:${w.currentNode.data}` : ''));
    const back = [];
    while (w.previousNode()) back.push(w.currentNode.nodeName);
    w.currentNode = li[3];
    return [seen, back, w.whatToShow, w.root === $('list'), w.parentNode().id, w.firstChild()?.nodeName, w.nextSibling()?.nodeName, w.lastChild()?.nodeName, w.previousSibling()?.nodeName];
  });
  put('NodeIterator', () => {
    const it = doc.createNodeIterator($('cart'), 4, (n) => (n.data.includes('.') ? 1 : 3));
    const seen = [];
    let n;
    while ((n = it.nextNode())) seen.push(n.data);
    const back = it.previousNode()?.data;
    return [seen, back, it.referenceNode.data, it.pointerBeforeReferenceNode, it.whatToShow, it.root.id];
  });
  put('lookupNamespaceURI', () => [doc.documentElement.lookupNamespaceURI(null), $('svga').lookupNamespaceURI(null), $('svga').lookupNamespaceURI('xlink'), doc.lookupNamespaceURI(null), $('h1').lookupPrefix('http://www.w3.org/1999/xhtml'), $('svg').isDefaultNamespace('http://www.w3.org/2000/svg'), doc.doctype.lookupNamespaceURI(null)]);

  // ---- 2. Selectors ----------------------------------------------------------
  for (const s of SELECTORS) {
    put(`querySelectorAll(${s})`, () => tags(doc.querySelectorAll(s)));
  }
  for (const [at, s] of SCOPED) {
    put(`${at}.querySelectorAll(${s})`, () => tags(doc.querySelector(at).querySelectorAll(s)));
  }
  put('matches/closest', () => [$('ince').matches('[contenteditable] *'), $('ince').closest(':read-write:not(span)')?.id, $('email').matches(':is(:required, :disabled):not(:placeholder-shown)'), $('home').closest('nav:has(> ul)')?.localName, $('de-opt').matches(':checked:default')]);
  put('matches rejects', () => $('email').matches(':nth-child('));
  put('closest rejects', () => $('email').closest('a]'));
  put('template content is not searched', () => [doc.querySelectorAll('.card').length, $('card-tpl').content.querySelectorAll('.card, .more').length, $('card-tpl').content.querySelector(':scope > article')?.className ?? null]);

  // ---- 3. Mutation -------------------------------------------------------------
  const body = doc.body;
  const list = $('list');
  put('textContent=', () => { li[0].textContent = 'uno <b>'; return [li[0].innerHTML, li[0].childNodes.length]; });
  put('innerHTML= (fragment in context)', () => { const t = $('cart').querySelector('tbody'); t.innerHTML = '<tr><td>New<td>5</tr><p>out'; return [t.innerHTML, $('cart').outerHTML.length]; });
  put('innerHTML= on select and table context', () => { const s = $('none'); s.innerHTML = '<option>p<option selected>q<div>no</div>'; return [s.innerHTML, s.value, s.selectedIndex]; });
  put('outerHTML=', () => { $('ws').outerHTML = '<section id=sec>A<i>b</i></section>x'; return [$('sec').outerHTML, $('sec').nextSibling.data[0], $('ws'), $('sec').parentNode.id]; });
  put('outerHTML= on the root', () => { doc.documentElement.outerHTML = '<p>'; return 'no throw'; });
  put('data/nodeValue', () => { const t = $('fr').firstChild; t.data = 'Salut '; const a = t.nodeValue; t.nodeValue = null; const b = t.data; t.nodeValue = 'Salut '; return [a, b, $('fr').innerHTML]; });
  put('element nodeValue=', () => { $('fr').nodeValue = 'ignored'; return $('fr').nodeValue; });
  put('reflected setters', () => {
    const a = $('help'); a.href = 'guide?a=1#sec';
    const i = $('qty'); i.value = '7'; i.defaultValue = '4'; i.min = '2'; i.required = true; i.disabled = false;
    $('h1').hidden = true; $('h1').tabIndex = 3; $('h1').lang = 'de'; $('h1').dir = 'Auto'; $('h1').title = 't2'; $('h1').id = 'h1';
    $('gift').checked = false; $('news').defaultChecked = true;
    $('country').value = 'fr'; $('tags').selectedIndex = 1; $('notes').value = 'typed'; $('ta2').textContent = 'def';
    $('img').width = 10; $('img').alt = 'T';
    return [a.href, a.outerHTML, i.outerHTML, i.value, $('h1').outerHTML.slice(0, 80), $('gift').outerHTML, $('news').checked, $('news').outerHTML,
      $('country').value, $('country').selectedIndex, $('tags').value, tags($('tags').selectedOptions), $('notes').value, $('notes').outerHTML, $('img').outerHTML, $('ta2').value, $('ta2').defaultValue];
  });
  put('bad setter values', () => {
    const errs = [];
    const tryit = (f) => { try { f(); errs.push('ok'); } catch (e) { errs.push(e.name); } };
    tryit(() => { $('img').width = -1; });
    tryit(() => { $('totl').colSpan = 0; });
    tryit(() => { $('ol').start = 'x'; });
    tryit(() => { $('email').size = 0; });
    tryit(() => { $('notes').rows = 3; });
    tryit(() => { $('email').maxLength = -2; });
    return [errs, $('img').getAttribute('width'), $('totl').getAttribute('colspan'), $('ol').getAttribute('start'), $('notes').getAttribute('rows')];
  });
  put('setAttribute & co', () => {
    const h = $('h1');
    h.setAttribute('Data-Mixed', 'v'); h.setAttribute('aria-level', '1'); h.removeAttribute('title'); h.removeAttribute('nope');
    const t1 = h.toggleAttribute('hidden'); const t2 = h.toggleAttribute('hidden', true); const t3 = h.toggleAttribute('inert', false);
    h.setAttributeNS('urn:x', 'x:foo', 'bar'); h.setAttributeNS(null, 'plain', '1'); h.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:lang', 'en');
    return [t1, t2, t3, h.outerHTML.replace(/>[^]*$/, '>'), h.getAttributeNS('urn:x', 'foo'), h.getAttribute('x:foo'), h.hasAttribute('DATA-MIXED'), h.getAttributeNames(), h.attributes.length, h.attributes[0].name, h.attributes[1].value];
  });
  put('attribute errors', () => {
    const h = $('h1'); const r = [];
    for (const f of [() => h.setAttribute('', 'x'), () => h.setAttribute('a b', 'x'), () => h.setAttribute('1a', 'x'), () => h.setAttributeNS(null, 'x:y', 'v'), () => h.setAttributeNS('urn:x', 'xmlns:y', 'v'),
      () => h.setAttributeNS('urn:x', 'xml:y', 'v'), () => h.toggleAttribute('<'), () => h.removeAttributeNS(null, 'zz')]) {
      try { f(); r.push('ok'); } catch (e) { r.push(e.name); }
    }
    return r;
  });
  put('classList writes', () => {
    const c = header.classList;
    c.add('a', 'b'); c.remove('sticky'); const t = c.toggle('dark'); const t2 = c.toggle('dark', true); const rep = c.replace('a', 'A'); const rep2 = c.replace('zz', 'y');
    const errs = [];
    for (const f of [() => c.add(''), () => c.add('a b'), () => c.remove(' '), () => c.toggle(''), () => c.replace('', 'x'), () => c.replace('x', 'a b')]) {
      try { f(); errs.push('ok'); } catch (e) { errs.push(e.name); }
    }
    c.value = ' v  w v ';
    const v1 = [...c];
    header.className = 'k';
    return [t, t2, rep, rep2, errs, v1, header.getAttribute('class'), c.length, c.value];
  });
  put('classList on an element without class', () => { const e = doc.createElement('p'); e.classList.remove('x'); const a = e.hasAttribute('class'); e.classList.toggle('x'); e.classList.toggle('x'); return [a, e.outerHTML]; });
  put('dataset writes', () => {
    const d = header.dataset;
    d.newKey = 'n'; d.userId = '7'; delete d.theme; d.aB = 'x'; d['x'] = 1;
    const r = [];
    try { d['a-b'] = 'y'; r.push('ok'); } catch (e) { r.push(e.name); }
    return [header.outerHTML.replace(/>[^]*$/, '>'), Object.keys(d), r];
  });
  put('create*', () => {
    const e = doc.createElement('DIV'); const n = doc.createElementNS('http://www.w3.org/2000/svg', 'svg:rect'); const t = doc.createTextNode('a<b');
    const c = doc.createComment('x--y'); const f = doc.createDocumentFragment(); f.append(e, t, c);
    const x = doc.createElementNS(null, 'Foo');
    const errs = [];
    for (const g of [() => doc.createElement(''), () => doc.createElement('a b'), () => doc.createElementNS('urn:x', 'a:b:c'), () => doc.createElementNS(null, 'p:q'), () => doc.createElementNS('http://www.w3.org/2000/svg', 'xmlns:x'), () => doc.createElement('1x')]) {
      try { g(); errs.push('ok'); } catch (err) { errs.push(err.name); }
    }
    return [e.localName, e.tagName, e.namespaceURI, n.tagName, n.prefix, n.namespaceURI, x.tagName, x.namespaceURI, f.childNodes.length, body.appendChild(f) === f, f.childNodes.length, body.lastChild.nodeType, e.constructor.name === doc.createElement('div').constructor.name, errs];
  });
  put('tree methods', () => {
    const a = doc.createElement('li'); a.textContent = 'A';
    const b = doc.createElement('li'); b.textContent = 'B';
    list.appendChild(a); list.insertBefore(b, list.firstChild); list.insertBefore(doc.createTextNode('t'), null);
    const removed = list.removeChild(a); const old = list.replaceChild(a, b);
    list.append('x', doc.createElement('hr')); list.prepend('p'); a.before('b4', doc.createElement('br')); a.after('af'); list.lastChild.remove(); a.replaceWith(b, 'rw');
    return [removed === a, old === b, list.innerHTML];
  });
  put('replaceChildren', () => { const ol = $('ol'); ol.replaceChildren('x', doc.createElement('li')); const a = ol.innerHTML; ol.replaceChildren(); return [a, ol.innerHTML, ol.childNodes.length]; });
  put('insertAdjacent*', () => {
    const p = $('fr');
    p.insertAdjacentHTML('beforebegin', '<hr id=hr1>'); p.insertAdjacentHTML('afterbegin', '<b>1</b>'); p.insertAdjacentHTML('beforeend', '<i>2</i><td>cell'); p.insertAdjacentHTML('afterend', '<hr id=hr2>');
    const r = [p.insertAdjacentElement('beforebegin', doc.createElement('s')).localName, p.insertAdjacentText('afterbegin', 'T'), p.insertAdjacentElement('afterEnd', doc.createElement('u')).localName];
    const errs = [];
    for (const f of [() => p.insertAdjacentHTML('middle', 'x'), () => doc.createElement('a').insertAdjacentHTML('beforebegin', 'x'), () => doc.documentElement.insertAdjacentHTML('afterend', '<p>'), () => p.insertAdjacentElement('beforeend', 'x')]) {
      try { const v = f(); errs.push(v === null ? 'null' : v === undefined ? 'ok' : 'value'); } catch (e) { errs.push(e.name); }
    }
    return [r, p.outerHTML, p.previousSibling.outerHTML, p.nextSibling.outerHTML, $('hr2').previousSibling.localName, errs];
  });
  put('insertAdjacentHTML in a table', () => { const tr = $('cart').querySelector('tfoot tr'); tr.insertAdjacentHTML('beforeend', '<td>x</td><tr><td>y'); tr.insertAdjacentHTML('afterend', '<tr><td>z'); return tr.parentNode.innerHTML; });
  put('cloneNode', () => {
    const f = $('checkout'); const c = f.cloneNode(true); const s = f.cloneNode();
    return [c.outerHTML === f.outerHTML, s.outerHTML, c.querySelector('#notes').value, c.querySelector('#qty').value, c.querySelector('#gift').checked, c.parentNode, c.ownerDocument === doc, c.elements?.length];
  });
  put('template.content writes', () => {
    const t = $('card-tpl');
    const copy = t.content.cloneNode(true); copy.querySelector('.t').textContent = 'Tea'; copy.querySelector('.more').href = 'tea';
    const imported = doc.importNode(t.content, true);
    const card = copy.firstChild;
    body.append(copy);
    t.content.firstChild.classList.add('tpl');
    t.innerHTML = '<b>new</b>';
    return [card.outerHTML, card.querySelector('a').href, copy.childNodes.length, t.content.childNodes.length, t.innerHTML, t.childNodes.length, imported.firstChild.className, t.content.ownerDocument === doc, t.content.ownerDocument === t.ownerDocument, t.outerHTML];
  });
  put('importNode/adoptNode between parsed documents', () => {
    const other = parseHTML('<!DOCTYPE html><div id=o class=c><a href="x">l</a><template><i>t</i></template></div><input id=oi value=typed>');
    const o = other.getElementById('o');
    other.getElementById('oi').value = 'dirty';
    const imp = doc.importNode(o, true); const shallow = doc.importNode(o);
    const impInput = doc.importNode(other.getElementById('oi'));
    const adopted = doc.adoptNode(o);
    body.append(adopted);
    const r = [imp.ownerDocument === doc, o.ownerDocument === doc, other.getElementById('o'), imp.outerHTML, shallow.outerHTML, impInput.value, adopted.parentNode === body, adopted.querySelector('template').content.firstChild.outerHTML, doc.getElementById('o') === adopted,
      imp.querySelector('a').href === adopted.querySelector('a').href];
    const errs = [];
    for (const f of [() => doc.adoptNode(other), () => doc.importNode(other), () => doc.adoptNode(other.doctype)]) { try { f(); errs.push('ok'); } catch (e) { errs.push(e.name); } }
    return [...r, errs, other.doctype?.ownerDocument === doc];
  });
  put('DOMExceptions of insertion', () => {
    const r = [];
    const tries = [
      () => doc.appendChild(doc.createElement('p')), () => doc.appendChild(doc.createTextNode('x')), () => li[2].appendChild(li[2].parentNode), () => li[2].appendChild(li[2]),
      () => list.insertBefore(doc.createElement('b'), $('h1')), () => list.removeChild($('h1')), () => list.replaceChild(doc.createElement('b'), $('h1')), () => body.appendChild(doc.doctype),
      () => doc.createTextNode('t').appendChild(doc.createElement('b')), () => doc.insertBefore(doc.createDocumentType('html', '', ''), doc.documentElement), () => body.append(doc),
      () => doc.createTextNode('abc').splitText(9), () => doc.createTextNode('abc').substringData(5, 1), () => li[2].before(li[2].parentNode), () => list.appendChild(null), () => doc.createComment('x').remove(),
      () => doc.replaceChild(doc.createElement('x'), doc.doctype),
    ];
    for (const f of tries) {
      try { f(); r.push('ok'); } catch (e) { r.push(`${e.name}${e instanceof DOMException ? '' : '*'}`); }
    }
    return r;
  });
  put('normalize', () => {
    const p = doc.createElement('p'); p.append('a', '', 'b'); const t = doc.createTextNode('c'); const s = doc.createElement('span'); s.append('', 'd', 'e'); p.append(s, t, '');
    const first = p.firstChild;
    p.normalize();
    return [p.childNodes.length, first.data, s.childNodes.length, s.firstChild.data, p.innerHTML];
  });
  put('nodes created by the mutations read as parsed', () => {
    const p = doc.createElement('p'); p.innerHTML = '<a href="rel#x">l</a><input type=checkbox checked><select><option>1<option selected>2</select>';
    body.append(p);
    return [p.querySelector('a').href, p.querySelector('input').checked, p.querySelector('select').value, tags(doc.querySelectorAll('#main ~ p:has(:checked)')), doc.links.length, p.querySelector(':checked').localName];
  });
  put('named properties of collections', () => {
    const f = doc.createElement('form');
    f.innerHTML = '<input name=email id=e><input name=length><input name=item><input id=x name=y><input type=radio name=r value=1><input type=radio name=r>';
    body.append(f);
    const e = f.elements;
    const c = $('nav').children;
    // (Named properties are not enumerated here: Object.keys lists the indexes only.)
    return [e.email?.id, typeof e.length, typeof e.item, e.y?.id, e.x?.name, e.r.length, 'email' in e, 'nope' in e, e.nope,
      Object.keys(c).length, $('main').children.h1?.localName, doc.forms.checkout?.id, doc.getElementsByTagName('a').skip?.id, doc.getElementsByClassName('x').e1, doc.links.partner?.id, 'partner' in doc.links];
  });
  put('RadioNodeList value', () => {
    const f = doc.createElement('form');
    f.innerHTML = '<input type=radio name=r value=on><input type=radio name=r><input type=checkbox name=r value=z><input type=radio name=r value=z>';
    const r = f.elements.namedItem('r');
    const seen = [];
    for (const v of ['on', 'z', 'nope', '']) {
      r.value = v;
      seen.push([r.value, [...r].map((x) => x.checked)]);
    }
    return seen;
  });
  put('DOMTokenList and DOMStringMap as objects', () => {
    const e = doc.createElement('p');
    e.className = 'q  r q';
    e.dataset.userId = '7';
    return [Object.keys(e.classList), JSON.stringify(e.classList), Object.getOwnPropertyNames(e.classList), 0 in e.classList, 2 in e.classList, Object.keys(e.dataset), JSON.stringify(e.dataset), { ...e.dataset }];
  });
  put('serialization after all changes', () => [doc.documentElement.outerHTML.length, doc.body.innerHTML.length, doc.documentElement.outerHTML.includes('<li>p<li>') === false]);
  put('final body', () => doc.body.innerHTML);
  put('final head', () => doc.head.outerHTML);
  return out;
}

/**
 * @testing-library/dom's queries that need no window, over the page's body:
 * what each finds ("#id", or the error's first line).
 * @param {typeof import('@testing-library/dom')} tl
 * @param {(html: string) => Document} parseHTML
 */
export function testingLibraryLines(tl, parseHTML, html = PAGE) {
  const body = parseHTML(html).body;
  const out = [];
  const name = (e) => (e.id ? `#${e.id}` : `${e.localName}:${e.textContent.trim().slice(0, 20)}`);
  const put = (label, f) => {
    let v;
    try {
      const r = f();
      v = Array.isArray(r) ? r.map(name) : r === null ? null : name(r);
    } catch (e) {
      v = `!${e.name}: ${String(e.message).split('\n')[0]}`;
    }
    out.push(`${label} = ${json(v)}`);
  };
  put('getByText(Cart)', () => tl.getByText(body, 'Cart', { exact: false, selector: 'h1' }));
  put('getByText(Gift wrap)', () => tl.getByText(body, 'Gift wrap'));
  put('getAllByText(/^t/)', () => tl.getAllByText(body, /^t/));
  put('getByText(Tea) in the table', () => tl.getByText(body, 'Tea'));
  put('queryByText(var s=1) ignores scripts', () => tl.queryByText(body, 'var s=1'));
  put('getByText(missing)', () => tl.getByText(body, 'missing'));
  put('getByText(Leave at door & ring)', () => tl.getByText(body, 'Leave at door & ring'));
  put('getByTestId(email-input)', () => tl.getByTestId(body, 'email-input'));
  put('getByTestId(terms)', () => tl.getByTestId(body, 'terms'));
  put('getByLabelText(Email)', () => tl.getByLabelText(body, 'Email'));
  put('getByLabelText(Full name)', () => tl.getByLabelText(body, 'Full name'));
  put('getByLabelText(Quantity)', () => tl.getByLabelText(body, 'Quantity'));
  put('getByLabelText(Gift wrap)', () => tl.getByLabelText(body, 'Gift wrap'));
  put('getAllByLabelText(/a/)', () => tl.getAllByLabelText(body, /a/));
  put('getByLabelText(Main) (aria-label)', () => tl.getByLabelText(body, 'Main'));
  put('getByPlaceholderText(Notes)', () => tl.getByPlaceholderText(body, 'Notes'));
  put('getByDisplayValue(SAVE10)', () => tl.getByDisplayValue(body, 'SAVE10'));
  put('getByAltText(Tea)', () => tl.getByAltText(body, 'Tea'));
  put('getByTitle(Your cart)', () => tl.getByTitle(body, 'Your cart'));
  put('within(#checkout).getAllByRole(button, hidden)', () => tl.within(body.querySelector('#checkout')).getAllByRole('button', { hidden: true }));
  return out;
}

/** The first `max` lines where two runs differ, for an assertion message. */
export function differences(ours, chromium, max = 10) {
  const out = [];
  for (let k = 0; k < Math.max(ours.length, chromium.length) && out.length < max; k++) {
    if (ours[k] !== chromium[k]) out.push(`  html5-wasm: ${ours[k]}\n    Chromium: ${chromium[k]}`);
  }
  return out;
}
