// The HTML Sanitizer API on our DOM (js/sanitize/, docs/sanitizer.md): the
// Sanitizer's configuration rules as the standard writes them (HTML 8.5.2 /
// 8.6, from the WICG Sanitizer API index.bs), the algorithm's special cases
// (template contents, declarative shadow roots, processing instructions,
// comments, data attributes, namespaced names, javascript: URLs, SVG
// animation, non-replaceable elements), the entry points, misuse, bad
// input, and that nothing fetches or runs.  Chromium 156 comparisons:
// test/js/browser/sanitize.test.js; WPT's cases: sanitize-wpt.test.js;
// mutated XSS: sanitize-mxss.test.js.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { build } from 'esbuild';

import { parse } from '../../../js/node.js';
import { Element, ShadowRoot } from '../../../js/dom/dom.js';
import {
  installSanitizerMembers, isJavascriptURL, parseHTML, parseHTMLUnsafe, sanitize, Sanitizer,
} from '../../../js/sanitize/index.js';
import { rng, nastyMarkup } from '../lib/sanitizer-gen.js';
import { repoRoot } from '../lib/shared.js';

installSanitizerMembers();
const HTML = 'http://www.w3.org/1999/xhtml';
const SVG = 'http://www.w3.org/2000/svg';
const MATH = 'http://www.w3.org/1998/Math/MathML';
const XLINK = 'http://www.w3.org/1999/xlink';
const div = () => parse('<!DOCTYPE html>').createElement('div');
const set = (html, sanitizer, unsafe = false) => {
  const d = div();
  d[unsafe ? 'setHTMLUnsafe' : 'setHTML'](html, sanitizer === undefined ? undefined : { sanitizer });
  return d.innerHTML;
};

describe('Sanitizer configuration', () => {
  test('the constructor canonicalizes: default namespaces, empty-string namespace is null, missing lists become empty remove lists', () => {
    assert.deepEqual(new Sanitizer({}).get(), { comments: true, removeAttributes: [], removeElements: [], removeProcessingInstructions: [] });
    assert.deepEqual(new Sanitizer({ elements: ['p', { name: 'x', namespace: '' }, { name: 'svg', namespace: SVG, attributes: ['a'] }], attributes: [{ name: 'y', namespace: XLINK }] }).get(), {
      attributes: [{ name: 'y', namespace: XLINK }],
      comments: true,
      dataAttributes: true,
      elements: [
        { name: 'x', namespace: null, removeAttributes: [] },
        { name: 'p', namespace: HTML, removeAttributes: [] },
        { name: 'svg', namespace: SVG, attributes: [{ name: 'a', namespace: null }] },
      ],
      removeProcessingInstructions: [],
    });
  });

  test('get() sorts as "less than item": no namespace first, then namespace, then name; PIs by target', () => {
    const g = new Sanitizer({ removeElements: ['b', { name: 'a', namespace: SVG }, 'a', { name: 'z', namespace: null }], processingInstructions: ['b', 'a', { target: 'B' }] }).get();
    assert.deepEqual(g.removeElements.map((e) => [e.namespace, e.name]), [[null, 'z'], [HTML, 'a'], [HTML, 'b'], [SVG, 'a']]);
    assert.deepEqual(g.processingInstructions, [{ target: 'B' }, { target: 'a' }, { target: 'b' }]);
    assert.deepEqual(Object.keys(new Sanitizer().get()), ['attributes', 'comments', 'dataAttributes', 'elements', 'processingInstructions']);
  });

  test('the default configuration: 121 elements, 58 global attributes, no comments, no data attributes, no PIs', () => {
    const g = new Sanitizer().get();
    assert.equal(g.elements.length, 121);
    assert.equal(g.attributes.length, 58);
    assert.equal(g.comments, false);
    assert.equal(g.dataAttributes, false);
    assert.deepEqual(g.processingInstructions, []);
    for (const unsafe of ['script', 'iframe', 'object', 'embed', 'frame', 'base', 'style', 'form', 'input', 'template']) {
      assert.equal(g.elements.some((e) => e.name === unsafe && e.namespace === HTML), false, unsafe);
    }
    assert.deepEqual(new Sanitizer('default').get(), g);
    assert.deepEqual(new Sanitizer(undefined).get(), g);
  });

  const invalid = [
    [{ elements: ['a'], removeElements: ['b'] }, "'elements' and 'removeElements' are both given"],
    [{ attributes: [], removeAttributes: [] }, "'attributes' and 'removeAttributes' are both given"],
    [{ processingInstructions: [], removeProcessingInstructions: [] }, "'processingInstructions' and 'removeProcessingInstructions'"],
    [{ elements: ['a', { name: 'a' }] }, "'elements' lists an element twice"],
    [{ removeElements: ['a', 'a'] }, "'removeElements' lists an element twice"],
    [{ replaceWithChildrenElements: ['a', 'a'] }, "'replaceWithChildrenElements' lists an element twice"],
    [{ processingInstructions: ['x', { target: 'x' }] }, "'processingInstructions' lists a target twice"],
    [{ attributes: ['id', 'id'] }, "'attributes' lists an attribute twice"],
    [{ replaceWithChildrenElements: ['html'] }, "'replaceWithChildrenElements' lists 'html'"],
    [{ replaceWithChildrenElements: [{ name: 'svg', namespace: SVG }] }, "'svg'"],
    [{ replaceWithChildrenElements: [{ name: 'math', namespace: MATH }] }, "'math'"],
    [{ elements: ['p'], replaceWithChildrenElements: ['p'] }, "'elements' and 'replaceWithChildrenElements' list the same element"],
    [{ removeElements: ['p'], replaceWithChildrenElements: ['p'] }, "'removeElements' and 'replaceWithChildrenElements'"],
    [{ attributes: ['id'], elements: [{ name: 'p', attributes: ['id'] }] }, "its 'attributes' repeat the global 'attributes'"],
    [{ attributes: ['id'], elements: [{ name: 'p', removeAttributes: ['title'] }] }, "its 'removeAttributes' must all be in the global 'attributes'"],
    [{ attributes: [], dataAttributes: true, elements: [{ name: 'p', attributes: ['data-x'] }] }, "lists a data- attribute while 'dataAttributes' is true"],
    [{ attributes: ['data-x'], dataAttributes: true }, "'attributes' lists a data- attribute"],
    [{ removeAttributes: [], elements: [{ name: 'p', attributes: ['a'], removeAttributes: ['b'] }] }, "'attributes' and 'removeAttributes' are both given"],
    [{ removeAttributes: ['id'], elements: [{ name: 'p', attributes: ['id'] }] }, "its 'attributes' repeat the global 'removeAttributes'"],
    [{ removeAttributes: ['id'], elements: [{ name: 'p', removeAttributes: ['id'] }] }, "its 'removeAttributes' repeat the global 'removeAttributes'"],
    [{ removeAttributes: [], dataAttributes: false }, "'dataAttributes' needs an 'attributes' list"],
    [{ elements: [{}] }, "'elements[0].name' is required"],
    [{ elements: [{ name: 'p', attributes: [{ namespace: null }] }] }, "'elements[0].attributes[0].name' is required"],
    [{ processingInstructions: [{}] }, "'processingInstructions[0].target' is required"],
    [{ elements: 'p' }, "'elements' must be a sequence"],
    [{ attributes: 5 }, "'attributes' must be a sequence"],
    [{ elements: [Symbol('x')] }, "'elements[0]' must be a string; got a symbol"],
  ];
  for (const [config, message] of invalid) {
    test(`invalid: ${JSON.stringify(config) ?? 'symbol'} is a TypeError naming ${message}`, () => {
      for (const f of [() => new Sanitizer(config), () => div().setHTML('x', { sanitizer: config }), () => sanitize('x', { sanitizer: config }),
        () => parseHTML('x', { sanitizer: config }), () => div().setHTMLUnsafe('x', { sanitizer: config })]) {
        assert.throws(f, (e) => e instanceof TypeError && e.message.includes(message), message);
      }
    });
  }

  test('the preset argument: only "default"; other primitives are TypeErrors; null is the empty dictionary', () => {
    assert.throws(() => new Sanitizer('foo'), /new Sanitizer\(\): "foo" is not a SanitizerPresets value/);
    assert.throws(() => new Sanitizer(5), TypeError);
    assert.deepEqual(new Sanitizer(null).get(), new Sanitizer({}).get());
    assert.throws(() => div().setHTML('x', { sanitizer: 'strict' }), /Element.setHTML: option 'sanitizer' "strict" is not 'default'/);
    assert.throws(() => div().setHTML('x', 5), /Element.setHTML: options must be an object/);
  });

  test('a setHTML() dictionary is canonicalized without comments, PIs or data attributes; setHTMLUnsafe() with them', () => {
    assert.equal(set('<p data-x=1>a<!--c--><?pi x?></p>', { attributes: [] }), '<p>a</p>');
    assert.equal(set('<p data-x=1>a<!--c--><?pi x?></p>', { attributes: [] }, true), '<p data-x="1">a<!--c--><?pi x?></p>');
    assert.equal(set('<p data-x=1>a<!--c--><?pi x?></p>', new Sanitizer({ attributes: [] }), true), '<p data-x="1">a<!--c--><?pi x?></p>');
  });
});

describe('Sanitizer modifier methods (the standard\'s steps)', () => {
  test('allowElement with a global allow list: appends, replaces a different entry, removes it from replaceWithChildren', () => {
    const s = new Sanitizer({ elements: ['div'], replaceWithChildrenElements: ['p'], attributes: ['id'] });
    assert.equal(s.allowElement('p'), true);
    assert.equal(s.allowElement('p'), false);
    assert.equal(s.get().replaceWithChildrenElements.length, 0);
    assert.equal(s.allowElement({ name: 'div', attributes: ['id', 'title', 'title'] }), true); // id dropped: global
    assert.deepEqual(s.get().elements.find((e) => e.name === 'div').attributes, [{ name: 'title', namespace: null }]);
    assert.equal(s.allowElement({ name: 'div', attributes: ['title'] }), false); // equal entry
    assert.equal(s.allowElement({ name: 'div', removeAttributes: ['id', 'zz'] }), true);
    assert.deepEqual(s.get().elements.find((e) => e.name === 'div'), { name: 'div', namespace: HTML, removeAttributes: [{ name: 'id', namespace: null }] });
  });

  test('allowElement with a global remove list: takes the element off it; per-element attributes are refused', () => {
    const s = new Sanitizer({ removeElements: ['p'] });
    assert.equal(s.allowElement('p'), true);
    assert.equal(s.allowElement('p'), false);
    assert.equal(s.allowElement({ name: 'b', attributes: [] }), false);
    assert.deepEqual(s.get().removeElements, []);
  });

  test('removeElement / replaceElementWithChildren / the non-replaceable elements', () => {
    const s = new Sanitizer({ elements: ['p', 'b'] });
    assert.equal(s.removeElement('p'), true);
    assert.equal(s.removeElement('p'), false);
    assert.equal(s.replaceElementWithChildren('b'), true);
    assert.equal(s.replaceElementWithChildren('b'), false);
    assert.deepEqual(s.get().elements, []);
    for (const e of ['html', { name: 'svg', namespace: SVG }, { name: 'math', namespace: MATH }]) assert.equal(s.replaceElementWithChildren(e), false);
    assert.equal(s.replaceElementWithChildren({ name: 'svg' }), true); // an HTML "svg" may be
    const r = new Sanitizer({});
    assert.equal(r.removeElement('x'), true);
    assert.equal(r.removeElement('x'), false);
    assert.deepEqual(r.get().removeElements, [{ name: 'x', namespace: HTML }]);
  });

  test('allowAttribute / removeAttribute fix the per-element lists', () => {
    const s = new Sanitizer({ attributes: ['id'], elements: [{ name: 'p', attributes: ['title'] }, { name: 'b', removeAttributes: ['id'] }] });
    assert.equal(s.allowAttribute('title'), true);
    assert.deepEqual(s.get().elements.find((e) => e.name === 'p').attributes, []);
    assert.equal(s.removeAttribute('id'), true);
    assert.deepEqual(s.get().elements.find((e) => e.name === 'b').removeAttributes, []);
    assert.equal(s.removeAttribute('id'), false);
    const r = new Sanitizer({ elements: [{ name: 'p', attributes: ['x'] }] });
    assert.equal(r.removeAttribute('x'), true);
    assert.deepEqual(r.get().elements[0].attributes, []);
    assert.deepEqual(r.get().removeAttributes, [{ name: 'x', namespace: null }]);
    assert.equal(r.allowAttribute('x'), true);
    assert.equal(r.allowAttribute('x'), false);
  });

  test('processing instructions, comments and data attributes', () => {
    const s = new Sanitizer({ processingInstructions: [] });
    assert.equal(s.allowProcessingInstruction('xml-stylesheet'), true);
    assert.equal(s.allowProcessingInstruction({ target: 'xml-stylesheet' }), false);
    assert.equal(s.removeProcessingInstruction('xml-stylesheet'), true);
    assert.equal(s.removeProcessingInstruction('xml-stylesheet'), false);
    const r = new Sanitizer({});
    assert.equal(r.removeProcessingInstruction('php'), true);
    assert.equal(r.allowProcessingInstruction('php'), true);
    assert.equal(r.setComments(true), false);
    assert.equal(r.setComments(false), true);
    assert.equal(r.setDataAttributes(true), false); // no global attributes list
    const d = new Sanitizer({ attributes: ['data-a', 'id'], dataAttributes: false, elements: [{ name: 'p', attributes: ['data-b'] }] });
    assert.equal(d.setDataAttributes(true), true);
    assert.deepEqual(d.get().attributes, [{ name: 'id', namespace: null }]);
    assert.deepEqual(d.get().elements[0].attributes, []);
    assert.equal(d.allowAttribute('data-c'), false);
  });

  test('removeUnsafe: the baseline elements (base included), the event handlers, javascriptURLs off', () => {
    const s = new Sanitizer({ elements: ['script', 'base', 'p', { name: 'use', namespace: SVG }], attributes: ['onclick', 'onbeforematch', 'id'] });
    assert.equal(s.removeUnsafe(), true);
    assert.deepEqual(s.get().elements.map((e) => e.name), ['p']);
    assert.deepEqual(s.get().attributes.map((a) => a.name), ['id']);
    assert.equal(s.removeUnsafe(), false);
    // javascriptURLs off: setHTMLUnsafe now drops javascript: URLs too (whatwg/html PR 12898).
    const a = '<a href="javascript:alert(1)">x</a>';
    const u = new Sanitizer({});
    assert.equal(set(a, u, true), '<a href="javascript:alert(1)">x</a>');
    u.removeUnsafe();
    assert.equal(set(a, u, true), '<a>x</a>');
    assert.equal(set(a, new Sanitizer({ javascriptURLs: false }), true), '<a>x</a>');
    assert.equal(set(a, new Sanitizer(), true), '<a>x</a>');
  });

  test("misuse: the methods on something else are TypeErrors; a Sanitizer's prototype methods name themselves", () => {
    assert.throws(() => Sanitizer.prototype.get.call({}), /Sanitizer.prototype.get: 'this' is not a Sanitizer/);
    assert.throws(() => Sanitizer.prototype.allowElement.call(null, 'p'), /Sanitizer.prototype.allowElement/);
    assert.throws(() => new Sanitizer().allowElement({}), /Sanitizer.allowElement: 'element.name' is required/);
    assert.throws(() => Element.prototype.setHTML.call({}, 'x'), /Element.setHTML: 'this' is not an Element/);
  });
});

describe('the sanitize algorithm', () => {
  test('javascript: URLs as the URL parser reads the scheme', () => {
    for (const v of ['javascript:x', ' JaVaScRiPt:x', '\u0000\u001f javascript:x', 'java\tscript:x', 'java\nscript:x', 'j\ra\nv\ta\tscript:x', 'javascript:', 'JAVASCRIPT:1 ']) {
      assert.equal(isJavascriptURL(v), true, JSON.stringify(v));
    }
    for (const v of ['javascript', 'javascripts:x', 'xjavascript:x', 'java script:x', '1javascript:x', 'javascript\u000b:x', '/javascript:x', '', 'https://x/javascript:', 'java\u00a0script:x', 'vbscript:x']) {
      assert.equal(isJavascriptURL(v), false, JSON.stringify(v));
    }
  });

  test('the navigating URL attributes, MathML href and the SVG animation rules (safe methods)', () => {
    const all = {};
    assert.equal(set('<a href=" javascript:1">a</a><a href="https://x/">b</a>', all), '<a>a</a><a href="https://x/">b</a>');
    assert.equal(set('<form action="javascript:1"><button formaction="javascript:2">b</button><input formaction="javascript:3"></form>', all), '<form><button>b</button><input></form>');
    assert.equal(set('<area href="javascript:1">', all), '<area>');
    assert.equal(set('<svg><a href="javascript:1" xlink:href="javascript:2">t</a></svg>', all), '<svg><a>t</a></svg>');
    assert.equal(set('<math><mi href="javascript:1" xlink:href="javascript:2">x</mi><mi href="https://x/">y</mi></math>', all), '<math><mi>x</mi><mi href="https://x/">y</mi></math>');
    assert.equal(set('<svg><animate attributeName="href"></animate><set attributeName="xlink:href"></set><animateTransform attributeName="href"></animateTransform><animate attributeName="fill"></animate></svg>', all),
      '<svg><animate></animate><set></set><animateTransform></animateTransform><animate attributeName="fill"></animate></svg>');
    // Other elements' href, and other URL attributes, are not navigations.
    assert.equal(set('<div href="javascript:1" cite="javascript:2">x</div>', all), '<div href="javascript:1" cite="javascript:2">x</div>');
    // The unsafe methods keep them (javascriptURLs true by default there).
    assert.equal(set('<a href="javascript:1">a</a>', undefined, true), '<a href="javascript:1">a</a>');
  });

  test('template contents, comments, processing instructions and data attributes', () => {
    assert.equal(set('<template><script>1</script><b onclick=2>x</b><!--c--></template>', { elements: ['template', 'b'] }), '<template><b>x</b></template>');
    assert.equal(set('<template><b>x</b></template>', { replaceWithChildrenElements: ['template'] }), '');
    assert.equal(set('a<!--c-->b', { comments: true }), 'a<!--c-->b');
    assert.equal(set('a<?style href="x"?><?php echo 1?>', { processingInstructions: ['style'] }), 'a<?style href="x"?>');
    assert.equal(set('a<?style href="x"?><?php echo 1?>', { removeProcessingInstructions: ['php'] }, true), 'a<?style href="x"?>');
    // <?xml…?> is a bogus comment, not a processing instruction (whatwg/html 320c05f6).
    assert.equal(set('a<?xml-stylesheet href="x"?>', { processingInstructions: ['xml-stylesheet'] }), 'a');
    assert.equal(set('<p data-x=1 data-=2 title=t>x</p>', { attributes: ['title'], dataAttributes: true }), '<p data-x="1" data-="2" title="t">x</p>');
    assert.equal(set('<p data-x=1 title=t>x</p>', { attributes: ['title'] }), '<p title="t">x</p>');
  });

  test('a removal joins the Text nodes around it (as Chromium 156)', () => {
    const d = div();
    d.setHTML('<p>a<span>b</span>c<!--x-->d</p>', { sanitizer: { removeElements: ['span'] } });
    assert.equal(d.firstChild.childNodes.length, 1);
    assert.equal(d.firstChild.firstChild.data, 'acd');
  });

  test('namespaced elements and attributes are told apart', () => {
    const config = { elements: [{ name: 'svg', namespace: SVG }, { name: 'a', namespace: SVG, attributes: [{ name: 'href', namespace: XLINK }] }, 'a'], attributes: [] };
    assert.equal(set('<a href="/x" xlink:href="/y">h</a><svg><a href="/x" xlink:href="/y">s</a></svg>', config), '<a>h</a><svg><a xlink:href="/y">s</a></svg>');
    assert.equal(set('<svg><p>x</p></svg><math><b>y</b></math>', { removeElements: [{ name: 'b', namespace: MATH }] }), '<svg></svg><p>x</p><math></math><b>y</b>');
  });

  test('setHTML on a script element does nothing; on a template it fills the contents; setHTMLUnsafe keeps scripts', () => {
    const doc = parse('<!DOCTYPE html><script id=s>old</script><template id=t></template><svg><script id=v>old</script></svg>');
    doc.getElementById('s').setHTML('<b>x</b>', { sanitizer: {} });
    assert.equal(doc.getElementById('s').textContent, 'old');
    doc.getElementById('v').setHTML('<b>x</b>');
    assert.equal(doc.getElementById('v').textContent, 'old');
    doc.getElementById('s').setHTMLUnsafe('a<b>c');
    assert.equal(doc.getElementById('s').textContent, 'a<b>c');
    const t = doc.getElementById('t');
    t.setHTML('<p>in<script>x</script></p>');
    assert.equal(t.innerHTML, '<p>in</p>');
    assert.equal(t.childNodes.length, 0);
  });

  test('ShadowRoot.setHTML / setHTMLUnsafe replace the root\'s children, parsed with the host as context', () => {
    const doc = parse('<!DOCTYPE html><nav id=h><template shadowrootmode=open><li>old</li></template></nav>', { shadowRoots: true });
    const root = doc.getElementById('h').shadowRoot;
    assert.ok(root instanceof ShadowRoot);
    root.setHTML('<li onclick=1>a<li>b</li><script>x</script>', { sanitizer: {} });
    assert.equal(root.innerHTML, '<li>a</li><li>b</li>');
    root.setHTMLUnsafe('<p onclick=1>b</p>');
    assert.equal(root.innerHTML, '<p onclick="1">b</p>');
  });

  test('parseHTML / parseHTMLUnsafe: whole documents, declarative shadow roots sanitized, scripting disabled', () => {
    const src = '<!DOCTYPE html><html onload=x><head><base href=/x><title>t</title></head><body><noscript><p onclick=1>n</p></noscript><div id=h><template shadowrootmode=open><b onclick=1>s</b><script>1</script></template>l</div>';
    const doc = parseHTML(src, { sanitizer: { elements: ['html', 'head', 'title', 'body', 'noscript', 'p', 'div', 'b', 'template'], attributes: ['id', 'shadowrootmode'] } });
    assert.equal(doc.doctype.name, 'html');
    assert.equal(doc.documentElement.outerHTML, '<html><head><title>t</title></head><body><noscript><p>n</p></noscript><div id="h">l</div></body></html>');
    assert.equal(doc.getElementById('h').shadowRoot.innerHTML, '<b>s</b>');
    const u = parseHTMLUnsafe(src);
    assert.equal(u.getElementById('h').shadowRoot.innerHTML, '<b onclick="1">s</b><script>1</script>');
    assert.equal(parseHTML(src).head.innerHTML, '<title>t</title>');
  });

  test('declarative shadow roots: attached where the configuration keeps shadowrootmode; flags only where it keeps their attributes', () => {
    const src = '<div id=h><template shadowrootmode=open shadowrootserializable shadowrootclonable shadowrootdelegatesfocus>s</template></div>';
    const root = (sanitizer) => parseHTMLUnsafe(src, { sanitizer }).getElementById('h').shadowRoot;
    const all = root({});
    assert.deepEqual([all.serializable, all.clonable, all.delegatesFocus], [true, true, true]);
    const some = root({ removeAttributes: ['shadowrootserializable', 'shadowrootdelegatesfocus'] });
    assert.deepEqual([some.serializable, some.clonable, some.delegatesFocus], [false, true, false]);
    assert.equal(root({ removeAttributes: ['shadowrootmode'] }), null);
    assert.equal(root({ removeElements: ['template'] }), null);
    // Not attached, the template is a template (and sanitized as one).
    assert.equal(parseHTMLUnsafe(src, { sanitizer: { removeAttributes: ['shadowrootmode'] } }).body.innerHTML,
      '<div id="h"><template shadowrootserializable="" shadowrootclonable="" shadowrootdelegatesfocus="">s</template></div>');
  });

  test('the markup is a DOMString: non-strings are converted, symbols are TypeErrors', () => {
    assert.equal(set({}), '[object Object]');
    assert.equal(set(1), '1');
    assert.equal(set(undefined), 'undefined');
    assert.equal(sanitize(null), 'null');
    assert.throws(() => sanitize(Symbol('x')), /sanitize: the markup must be a string/);
  });

  test('bad input never throws: 2,000 generated nasty documents and random strings through every entry point', () => {
    const r = rng(99);
    for (let k = 0; k < 1000; k++) {
      const html = nastyMarkup(r, 6);
      let junk = '';
      for (let n = Math.floor(r() * 80); n > 0; n--) junk += String.fromCharCode(Math.floor(r() * 0x10000));
      for (const x of [html, junk]) {
        sanitize(x);
        sanitize(x, { sanitizer: {} });
        set(x, {}, true);
        parseHTML(x);
      }
    }
    // And depth: 100,000 nested elements.
    assert.equal(sanitize('<div>'.repeat(100000) + 'x').length > 100000, true);
  });
});

describe('never fetch, never execute', () => {
  test('scripts, event handlers, javascript: URLs, iframes, images, links and styles: nothing runs, nothing is fetched', async () => {
    const hits = [];
    const saved = { fetch: globalThis.fetch, XMLHttpRequest: globalThis.XMLHttpRequest, WebSocket: globalThis.WebSocket };
    globalThis.fetch = (...a) => {
      hits.push(['fetch', String(a[0])]);
      return Promise.reject(new Error('no fetch'));
    };
    globalThis.XMLHttpRequest = function XMLHttpRequest() { hits.push(['xhr']); };
    globalThis.WebSocket = function WebSocket(u) { hits.push(['ws', u]); };
    Object.defineProperty(globalThis, '__pwned', { configurable: true, set(v) { hits.push(['ran', v]); }, get() { return undefined; } });
    const net = await import('node:net');
    const connect = net.Socket.prototype.connect;
    net.Socket.prototype.connect = function (...a) {
      hits.push(['socket', a[0]]);
      return connect.apply(this, a);
    };
    try {
      const evil = [
        '<script>globalThis.__pwned = 1</script>', '<img src="http://127.0.0.1:9/x.png" onerror="globalThis.__pwned = 2">',
        '<svg onload="globalThis.__pwned = 3"><script>globalThis.__pwned = 4</script></svg>', '<iframe src="http://127.0.0.1:9/" srcdoc="<script>globalThis.__pwned=5</script>"></iframe>',
        '<a href="javascript:globalThis.__pwned = 6">x</a>', '<link rel=stylesheet href="http://127.0.0.1:9/s.css"><style>@import "http://127.0.0.1:9/i.css"</style>',
        '<object data="http://127.0.0.1:9/o"></object><embed src="http://127.0.0.1:9/e"><base href="http://127.0.0.1:9/">', '<body onload="globalThis.__pwned = 7"><video poster="http://127.0.0.1:9/p"><source src="http://127.0.0.1:9/v"></video>',
        '<form action="javascript:globalThis.__pwned=8"><button formaction="javascript:globalThis.__pwned=9">b</button></form>', '<div><template shadowrootmode=open><script>globalThis.__pwned=10</script></template></div>',
        '<meta http-equiv=refresh content="0;url=javascript:globalThis.__pwned=11">',
      ];
      for (const e of evil) {
        for (const unsafe of [false, true]) {
          const d = div();
          d.setHTMLUnsafe(e); // keeps everything: still inert
          d[unsafe ? 'setHTMLUnsafe' : 'setHTML'](e, { sanitizer: {} });
          d.querySelectorAll('*').forEach((el) => el.getAttributeNames());
          d.innerHTML;
          parseHTMLUnsafe(e).documentElement.outerHTML;
          parseHTML(e);
          sanitize(e);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50)); // anything asynchronous would have started
      assert.deepEqual(hits, []);
    } finally {
      Object.assign(globalThis, saved);
      delete globalThis.__pwned;
      net.Socket.prototype.connect = connect;
    }
  });
});

test('installSanitizerMembers() puts non-enumerable, writable methods on Element and ShadowRoot, once', () => {
  installSanitizerMembers();
  for (const C of [Element, ShadowRoot]) {
    for (const m of ['setHTML', 'setHTMLUnsafe']) {
      const d = Object.getOwnPropertyDescriptor(C.prototype, m);
      assert.equal(typeof d.value, 'function');
      assert.equal(d.enumerable, false);
      assert.equal(d.writable, true);
      assert.equal(d.value.length, 2);
    }
  }
});

test('the parser alone does not load the sanitizer: the narrower parser entries reach nothing in js/sanitize/, and a program that parses from html5-wasm bundles none of it', async () => {
  for (const entry of ['js/entries/buffer.js', 'js/entries/stream.js', 'js/entries/decode.js']) {
    const r = await build({ entryPoints: [join(repoRoot, entry)], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', logLevel: 'silent' });
    const inputs = Object.keys(r.metafile.inputs);
    assert.ok(inputs.some((f) => f.includes('js/dom/') || f.includes('js/html/')), entry);
    assert.deepEqual(inputs.filter((f) => f.includes('js/sanitize/')), [], entry);
  }
  // The default entry has the sanitizer, and bundlers drop it from a program that does not use it.
  const r = await build({
    stdin: { contents: "import { parse } from './js/index.js'; console.log(parse('<p>').title);", resolveDir: repoRoot },
    bundle: true, write: false, metafile: true, platform: 'browser', format: 'esm', logLevel: 'silent',
  });
  const out = r.outputFiles[0].text;
  assert.ok(out.includes('querySelector'), 'the parser and the DOM are there');
  assert.ok(!out.includes('setHTMLUnsafe'), 'nothing of the sanitizer');
});

test('the types (js/sanitize/index.d.ts): test/types/sanitize.mts type-checks, and its @ts-expect-error lines fail', () => {
  const tsc = join(repoRoot, 'node_modules/.bin/tsc');
  const r = spawnSync(tsc, ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022',
    '--types', 'node', join(repoRoot, 'test/types/sanitize.mts')], { encoding: 'utf8' });
  assert.equal(r.stdout + r.stderr, '');
  assert.equal(r.status, 0);
});
