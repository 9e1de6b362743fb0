// createWindow() (js/window/window.js; issue 32, items 3 and 5): what a library that
// takes a window reads (members on the interface that defines them, the same
// object from repeated reads), DOMParser, the option checks, and that nothing
// runs a script, evaluates an event handler or loads a URL, whatever the markup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHook } from 'node:async_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import createDOMPurify from 'dompurify';
import { createWindow as createWindowFromEntry, parse, parseXml } from '../../../js/node.js';
import { createWindow } from '../../../js/window/window.js';
import { shadowRootOf } from '../../../js/dom/dom.js';
import { ARIA_ATTRIBUTES, EVENT_HANDLERS, GLOBAL_EVENT_HANDLERS } from '../../../js/window/dom-names.js';

// A document with a node of every kind (and a declarative shadow root, and template contents).
function everyKind() {
  const doc = parse('<!DOCTYPE html><!--c--><p id=p class="a b">t<b>x</b><?pi data?></p><svg><g/></svg><math><mi/></math>' +
    '<template><i>in</i></template><form id=f><input name=q></form><div id=h><template shadowrootmode=open><s>sh</s></template></div>',
  { shadowRoots: true });
  const xml = parseXml('<r xmlns:x="urn:x" x:a="1"><![CDATA[cd]]><x:e/></r>');
  const nodes = [];
  const walk = (n) => {
    nodes.push(n);
    if (n.nodeName === 'TEMPLATE') walk(n.content);
    if (n.nodeType === 1 && shadowRootOf(n) !== null) walk(shadowRootOf(n));
    for (const c of n.childNodes) walk(c);
  };
  walk(doc);
  walk(xml);
  nodes.push(doc.createDocumentFragment());
  return nodes;
}

// DOM 4.4, 4.9, 4.10 and HTML: members by the interface that defines them (WebIDL puts them on its prototype).
const MEMBERS = {
  Node: ['nodeType', 'nodeName', 'baseURI', 'isConnected', 'ownerDocument', 'parentNode', 'parentElement', 'childNodes',
    'firstChild', 'lastChild', 'previousSibling', 'nextSibling', 'nodeValue', 'textContent', 'getRootNode', 'hasChildNodes',
    'normalize', 'cloneNode', 'contains', 'insertBefore', 'appendChild', 'replaceChild', 'removeChild'],
  Element: ['namespaceURI', 'prefix', 'localName', 'tagName', 'id', 'className', 'classList', 'slot', 'hasAttributes',
    'attributes', 'getAttributeNames', 'getAttribute', 'getAttributeNS', 'setAttribute', 'setAttributeNS', 'removeAttribute',
    'removeAttributeNS', 'toggleAttribute', 'hasAttribute', 'hasAttributeNS', 'getAttributeNode', 'getAttributeNodeNS',
    'setAttributeNode', 'setAttributeNodeNS', 'removeAttributeNode', 'shadowRoot', 'closest', 'matches', 'webkitMatchesSelector',
    'insertAdjacentElement', 'insertAdjacentText', 'insertAdjacentHTML', 'innerHTML', 'outerHTML', 'getHTML',
    'previousElementSibling', 'nextElementSibling', 'before', 'after', 'replaceWith', 'remove'],
  CharacterData: ['data', 'length', 'substringData', 'appendData', 'insertData', 'deleteData', 'replaceData',
    'previousElementSibling', 'nextElementSibling', 'before', 'after', 'replaceWith', 'remove'],
  Text: ['splitText', 'wholeText'],
  ProcessingInstruction: ['target'],
  DocumentType: ['name', 'publicId', 'systemId'],
  HTMLTemplateElement: ['content'],
};
// DOM 4.2.6 ParentNode: a mixin, its members on each interface that includes it.
const PARENT_NODE = ['children', 'firstElementChild', 'lastElementChild', 'childElementCount', 'prepend', 'append',
  'replaceChildren', 'querySelector', 'querySelectorAll'];
const GETTERS = ['nodeType', 'nodeName', 'nodeValue', 'textContent', 'parentNode', 'childNodes', 'firstChild', 'lastChild',
  'previousSibling', 'nextSibling', 'ownerDocument', 'isConnected'];

test('the window holds a document and the interface objects; the package entry exports createWindow', () => {
  const w = createWindow();
  assert.equal(createWindowFromEntry, createWindow);
  assert.equal(w.window, w);
  assert.equal(w.self, w);
  assert.equal(w.document.nodeType, 9);
  assert.equal(w.document.body.outerHTML, '<body></body>');
  assert.ok(w.document instanceof w.Document && w.document instanceof w.Node);
  for (const name of ['Node', 'Element', 'DocumentFragment', 'HTMLTemplateElement', 'NamedNodeMap', 'HTMLFormElement', 'Text',
    'Comment', 'DOMParser', 'HTMLDivElement', 'HTMLInputElement', 'HTMLUnknownElement', 'SVGElement']) {
    assert.equal(typeof w[name], 'function', name);
  }
  assert.equal(w.NodeFilter.SHOW_ELEMENT, 1);
  assert.equal(w.trustedTypes, undefined);
  const d = w.document;
  assert.ok(d.createElement('template') instanceof w.HTMLTemplateElement);
  assert.ok(d.createElement('form') instanceof w.HTMLFormElement);
  assert.ok(d.createElement('div') instanceof w.HTMLDivElement);
  assert.ok(d.createElement('p').attributes instanceof w.NamedNodeMap);
  assert.equal(createWindow({ html: '<title>T</title><p>x', url: 'https://example.com/a/' }).document.title, 'T');
  assert.equal(createWindow({ url: 'https://example.com/a/' }).document.URL, 'https://example.com/a/');
});

test('members are on the interface that defines them, and its getter gives every kind of node the same answer', () => {
  const w = createWindow();
  for (const [name, members] of Object.entries(MEMBERS)) {
    for (const m of members) assert.ok(Object.getOwnPropertyDescriptor(w[name].prototype, m) !== undefined, `${name}.prototype.${m}`);
  }
  for (const name of ['Element', 'Document', 'DocumentFragment']) {
    assert.equal(Object.getPrototypeOf(w[name].prototype), w.Node.prototype, `${name} inherits from Node`);
    for (const m of PARENT_NODE) assert.ok(Object.getOwnPropertyDescriptor(w[name].prototype, m) !== undefined, `${name}.prototype.${m}`);
  }
  assert.equal(Object.getPrototypeOf(w.CharacterData.prototype), w.Node.prototype);
  assert.equal(Object.getPrototypeOf(w.HTMLElement.prototype), w.Element.prototype);
  const nodes = everyKind();
  assert.deepEqual([...new Set(nodes.map((n) => n.nodeType))].sort((a, b) => a - b), [1, 3, 4, 7, 8, 9, 10, 11]);
  for (const m of GETTERS) {
    const get = Object.getOwnPropertyDescriptor(w.Node.prototype, m).get;
    for (const n of nodes) assert.equal(get.call(n), n[m], `Node.prototype.${m} on ${n.nodeName}`);
  }
  for (const m of ['namespaceURI', 'prefix', 'localName', 'tagName']) {
    const get = Object.getOwnPropertyDescriptor(w.Element.prototype, m).get;
    for (const n of nodes) if (n.nodeType === 1) assert.equal(get.call(n), n[m], `Element.prototype.${m} on ${n.nodeName}`);
  }
  // (parse() and parseXml() documents give a new NamedNodeMap per read: docs/dom.md; the window's keep one, below.)
  const attributes = Object.getOwnPropertyDescriptor(w.Element.prototype, 'attributes').get;
  const nameValues = (map) => [...map].map((a) => [a.name, a.namespaceURI, a.value]);
  for (const n of nodes) if (n.nodeType === 1) assert.deepEqual(nameValues(attributes.call(n)), nameValues(n.attributes), n.nodeName);
  assert.deepEqual(nameValues(nodes.find((n) => n.localName === 'r').attributes), [['xmlns:x', 'http://www.w3.org/2000/xmlns/', 'urn:x'], ['x:a', 'urn:x', '1']]);
  // As in browsers, a getter called on what is not a node throws.
  assert.throws(() => Object.getOwnPropertyDescriptor(w.Node.prototype, 'nodeType').get.call({}), TypeError);
  // Node's setters: nodeValue and textContent of character data and elements.
  const [p] = nodes.filter((n) => n.nodeName === 'P');
  const set = (n, m, v) => Object.getOwnPropertyDescriptor(w.Node.prototype, m).set.call(n, v);
  set(p.firstChild, 'nodeValue', 'T');
  assert.equal(p.firstChild.data, 'T');
  set(p, 'textContent', 'all');
  assert.equal(p.innerHTML, 'all');
  set(p.ownerDocument, 'textContent', 'ignored');
  assert.equal(p.ownerDocument.body.firstChild, p);
});

test('the same object from repeated reads: childNodes, attributes and its Attrs, which stay live', () => {
  const d = createWindow().document;
  const parsed = new (createWindow().DOMParser)().parseFromString('<p id=a title=t>x</p>', 'text/html');
  for (const p of [parsed.querySelector('p'), d.body.appendChild(d.createElement('p'))]) {
    p.setAttribute('id', 'a');
    assert.equal(p.childNodes, p.childNodes);
    const attrs = p.attributes;
    assert.equal(attrs, p.attributes);
    assert.equal(p.getAttributeNode('id'), attrs[0]);
    const id = attrs[0];
    p.setAttribute('id', 'b');
    assert.equal(id.value, 'b');
    p.setAttribute('lang', 'en');
    assert.equal(attrs, p.attributes);
    assert.equal(attrs.getNamedItem('lang'), attrs[attrs.length - 1]);
    p.removeAttribute('id');
    assert.equal(id.ownerElement, null);
    assert.ok(![...attrs].includes(id));
    assert.deepEqual([...attrs].map((a) => a.name), p.getAttributeNames());
    // Moved into another document (and back): still the element's map, with its attributes.
    const other = d.implementation.createHTMLDocument('');
    other.body.appendChild(p);
    assert.deepEqual([...p.attributes].map((a) => a.value), p.getAttributeNames().map((n) => p.getAttribute(n)));
    assert.equal(p.attributes, p.attributes);
  }
  // WebIDL [SameObject]: the live collections too, still live, and made again for an element moved to another document.
  const w2 = createWindow({ html: '<form><input id=i><select><option>a</select><fieldset></fieldset></form><table><tr><td>x</table><label for=i>l</label><textarea></textarea>' });
  const d2 = w2.document;
  const [form, input, select, fieldset, table, tr, textarea] = ['form', 'input', 'select', 'fieldset', 'table', 'tr', 'textarea'].map((s) => d2.querySelector(s));
  const reads = {
    'form.elements': () => form.elements, 'fieldset.elements': () => fieldset.elements, 'select.options': () => select.options,
    'select.selectedOptions': () => select.selectedOptions, 'input.labels': () => input.labels, 'table.rows': () => table.rows,
    'table.tBodies': () => table.tBodies, 'tbody.rows': () => table.tBodies[0].rows, 'tr.cells': () => tr.cells,
    'document.forms': () => d2.forms, 'document.images': () => d2.images, 'document.links': () => d2.links, 'document.scripts': () => d2.scripts,
    'document.anchors': () => d2.anchors, 'document.embeds': () => d2.embeds, 'document.plugins': () => d2.plugins,
  };
  for (const [name, read] of Object.entries(reads)) assert.equal(read(), read(), name);
  const options = select.options;
  select.append(d2.createElement('option'));
  assert.equal(options.length, 2, 'still live');
  assert.equal(textarea.rows, 2);
  textarea.setAttribute('rows', '7');
  assert.equal(textarea.rows, 7, 'a number is not kept');
  const elements = form.elements;
  d.body.append(form);
  assert.equal(form.elements, form.elements);
  assert.notEqual(form.elements, elements, 'made again for the document the form moved to');
  assert.equal(form.elements.length, 3);
  // The template contents' document and documents made from the window's keep them too.
  const t = d.createElement('template');
  t.innerHTML = '<i class=c></i>';
  assert.equal(t.content.firstChild.attributes, t.content.firstChild.attributes);
  const x = d.implementation.createHTMLDocument('').createElement('x');
  assert.equal(x.attributes, x.attributes);
});

test('DOMParser: text/html without scripting, the XML types, a parsererror document, bad types', () => {
  const w = createWindow({ url: 'https://example.com/' });
  const parser = new w.DOMParser();
  const doc = parser.parseFromString('<body><noscript><p>shown</p></noscript>', 'text/html');
  assert.equal(doc.querySelector('noscript > p')?.textContent, 'shown', 'scripting disabled: noscript holds markup');
  assert.equal(doc.URL, 'https://example.com/');
  const svg = parser.parseFromString('<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>', 'image/svg+xml');
  assert.equal(svg.contentType, 'image/svg+xml');
  assert.equal(svg.documentElement.firstChild.namespaceURI, 'http://www.w3.org/2000/svg');
  const bad = parser.parseFromString('<a><b></a>', 'application/xml');
  assert.equal(bad.documentElement.localName, 'parsererror');
  assert.equal(bad.documentElement.namespaceURI, 'http://www.mozilla.org/newlayout/xml/parsererror.xml');
  assert.equal(bad.documentElement.nextSibling, null);
  assert.throws(() => parser.parseFromString('x', 'text/plain'), { name: 'TypeError', message: /DOMParser.parseFromString: 'text\/plain' is not a valid DOMParserSupportedType/ });
  assert.throws(() => parser.parseFromString('x'), { name: 'TypeError', message: /parseFromString: 2 arguments required/ });
});

test('createWindow() checks its options', () => {
  assert.throws(() => createWindow({ scripts: true }), { name: 'TypeError', message: /createWindow\(\): unknown option 'scripts'/ });
  assert.throws(() => createWindow({ html: 1 }), { name: 'TypeError', message: /createWindow\(\): option 'html' must be a string/ });
  assert.throws(() => createWindow({ url: 'relative/path' }), { name: 'TypeError', message: /createWindow\(\): option 'url' must be an absolute URL/ });
  assert.throws(() => createWindow('x'), { name: 'TypeError', message: /createWindow\(\): options must be an object/ });
});

// ---- item 5: never execute, never fetch --------------------------------------

// Markup that runs code or loads a URL in a browser: every `globalThis.__h5pwned` would be set by a script or handler run.
const HOSTILE = [
  '<script>globalThis.__h5pwned = 1</script>',
  '<script src="https://example.invalid/x.js"></script>',
  '<img src="https://example.invalid/i.png" onerror="globalThis.__h5pwned = 2" onload="globalThis.__h5pwned = 3">',
  '<svg onload="globalThis.__h5pwned = 4"><script>globalThis.__h5pwned = 5</script><image href="https://example.invalid/s.svg"/></svg>',
  '<body onload="globalThis.__h5pwned = 6" onpageshow="globalThis.__h5pwned = 7">',
  '<iframe src="https://example.invalid/" srcdoc="<script>globalThis.__h5pwned = 8</script>" onload="globalThis.__h5pwned = 9"></iframe>',
  '<link rel=stylesheet href="https://example.invalid/s.css" onload="globalThis.__h5pwned = 10"><link rel=preload href="https://example.invalid/p">',
  '<meta http-equiv=refresh content="0;url=https://example.invalid/"><base href="https://example.invalid/">',
  '<object data="https://example.invalid/o"></object><embed src="https://example.invalid/e"><video poster="https://example.invalid/v.png" autoplay src="https://example.invalid/v.mp4"></video>',
  '<form action="https://example.invalid/f" id=f><input autofocus onfocus="globalThis.__h5pwned = 11"><button formaction="javascript:globalThis.__h5pwned = 12">b</button></form>',
  '<a href="javascript:globalThis.__h5pwned = 13" ping="https://example.invalid/ping">a</a>',
  '<template><script>globalThis.__h5pwned = 14</script><img src=x onerror="globalThis.__h5pwned = 15"></template>',
  '<div style="background:url(https://example.invalid/bg.png)" onmouseover="globalThis.__h5pwned = 16"></div>',
  '<details open ontoggle="globalThis.__h5pwned = 17"><summary>s</summary></details><marquee onstart="globalThis.__h5pwned = 18">m</marquee>',
  '<style>@import "https://example.invalid/i.css"; p { background: url(https://example.invalid/p.png) }</style>',
];

// Everything a page or a library does with markup on this DOM.
function exercise(html) {
  const w = createWindow({ html, url: 'https://example.com/' });
  const d = w.document;
  const purify = createDOMPurify(w);
  purify.sanitize(html);
  purify.sanitize(html, { WHOLE_DOCUMENT: true, ADD_TAGS: ['script', 'iframe'], ADD_ATTR: ['onerror', 'onload'] });
  purify.sanitize(html, { RETURN_DOM_FRAGMENT: true });
  purify.sanitize(d.body.cloneNode(true), { IN_PLACE: true, ADD_TAGS: ['script'] });
  const div = d.body.appendChild(d.createElement('div'));
  div.innerHTML = html;
  div.insertAdjacentHTML('beforeend', html);
  d.body.appendChild(d.importNode(new w.DOMParser().parseFromString(html, 'text/html').documentElement, true));
  for (const e of d.querySelectorAll('*')) {
    e.setAttribute('onclick', 'globalThis.__h5pwned = 100');
    void e.onclick;
    for (const a of ['src', 'href', 'action', 'data', 'poster', 'formAction']) void e[a];
  }
  for (const f of d.querySelectorAll('form')) {
    f.submit();
    f.requestSubmit();
  }
  d.body.outerHTML = `<body>${html}</body>`;
  return d.documentElement.outerHTML;
}

test('nothing runs a script or evaluates an event handler, whatever the markup (item 5)', () => {
  delete globalThis.__h5pwned;
  for (const html of HOSTILE) exercise(html);
  exercise(HOSTILE.join(''));
  assert.equal(globalThis.__h5pwned, undefined);
});

test('nothing loads a URL or schedules anything: no network, no timer, no file, no promise (item 5)', () => {
  const created = [];
  const hook = createHook({ init(id, type) { created.push(type); } });
  const calls = [];
  const saved = { fetch: globalThis.fetch, XMLHttpRequest: globalThis.XMLHttpRequest, WebSocket: globalThis.WebSocket };
  globalThis.fetch = (...args) => calls.push(['fetch', String(args[0])]);
  globalThis.XMLHttpRequest = class { open(...args) { calls.push(['XMLHttpRequest', args[1]]); } };
  globalThis.WebSocket = class { constructor(url) { calls.push(['WebSocket', url]); } };
  hook.enable();
  try {
    for (const html of HOSTILE) exercise(html);
  } finally {
    hook.disable();
    Object.assign(globalThis, saved);
  }
  assert.deepEqual(calls, []);
  assert.deepEqual(created, [], 'async resources made while the markup was handled');
});

test('the DOM modules hold no call that evaluates code, loads a URL or schedules work (item 5)', () => {
  // js/core/loader.js (init() fetching html5.wasm) and js/stream/stream.js (reading a stream) are not DOM modules.
  const inFolder = (d) => readdirSync(new URL(`../../../js/${d}/`, import.meta.url)).filter((f) => f.endsWith('.js')).map((f) => `${d}/${f}`);
  const files = [...inFolder('dom'), ...inFolder('window'), ...inFolder('select'), ...inFolder('sanitize'), 'html/serialize.js', 'xml/xml.js'];
  assert.ok(files.length > 20, files.join());
  const forbidden = /\b(?:fetch|eval|Function|XMLHttpRequest|WebSocket|EventSource|Worker|importScripts|setTimeout|setInterval|setImmediate|queueMicrotask|requestIdleCallback|sendBeacon)\s*\(|\bimport\s*\(|\brequire\s*\(/;
  for (const f of files) {
    const code = readFileSync(new URL(`../../../js/${f}`, import.meta.url), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|\s)\/\/.*$/gm, '$1');
    const hit = code.split('\n').find((line) => forbidden.test(line));
    assert.equal(hit, undefined, `js/${f}`);
  }
});

test('event handler IDL attributes, ARIA reflections, click/focus/blur and Document\'s no-browsing-context members (js/window/idl-attributes.js)', () => {
  const w = createWindow();
  const d = w.document;
  const form = d.createElement('form');
  const svg = d.createElementNS('http://www.w3.org/2000/svg', 'svg');
  assert.ok(GLOBAL_EVENT_HANDLERS.length > 90 && GLOBAL_EVENT_HANDLERS.includes('onclick'));
  for (const name of ['HTMLElement', 'SVGElement', 'MathMLElement', 'Document']) {
    for (const n of [...GLOBAL_EVENT_HANDLERS, ...EVENT_HANDLERS[name] ?? []]) assert.ok(Object.getOwnPropertyDescriptor(w[name].prototype, n), `${name}.prototype.${n}`);
  }
  for (const n of EVENT_HANDLERS.Element) assert.ok(Object.getOwnPropertyDescriptor(w.Element.prototype, n), `Element.prototype.${n}`);
  for (const n of [...GLOBAL_EVENT_HANDLERS, ...ARIA_ATTRIBUTES]) assert.ok(n in form && n in d.body && n in svg, n);
  for (const n of [...GLOBAL_EVENT_HANDLERS, ...EVENT_HANDLERS.Document]) assert.ok(n in d, n);
  // The content attribute is never compiled; what is set through the IDL attribute is kept, never called.
  form.setAttribute('onclick', 'globalThis.__h5pwned = 1');
  assert.equal(form.onclick, null);
  let called = 0;
  const f = () => called++;
  form.onclick = f;
  svg.onload = f;
  d.onreadystatechange = f;
  assert.equal(form.onclick, f);
  assert.equal(svg.onload, f);
  form.click();
  form.focus();
  form.blur();
  form.submit();
  assert.equal(called, 0);
  assert.equal(globalThis.__h5pwned, undefined);
  form.onclick = 'not a function';
  assert.equal(form.onclick, null);
  assert.equal(d.createElement('form').onclick, null, 'per element');
  // ARIA: nullable string reflections.
  form.ariaLabel = 'Search';
  form.role = 'search';
  assert.equal(form.getAttribute('aria-label'), 'Search');
  assert.equal(form.outerHTML, '<form onclick="globalThis.__h5pwned = 1" aria-label="Search" role="search"></form>');
  assert.equal(form.ariaBusy, null);
  form.ariaLabel = null;
  assert.equal(form.hasAttribute('aria-label'), false);
  // Document.
  assert.equal(d.referrer, '');
  assert.equal(d.cookie, '');
  d.cookie = 'a=b';
  assert.equal(d.cookie, '', 'cookie-averse');
  assert.equal(d.location, null);
  assert.equal(d.domain, '');
  assert.throws(() => { d.domain = 'example.com'; }, { name: 'SecurityError' });
  assert.equal(d.hidden, true);
  assert.equal(d.visibilityState, 'hidden');
  assert.equal(d.activeElement, d.body);
  d.clear();
  d.close();
  assert.throws(() => new w.DOMParser().parseFromString('<r/>', 'application/xml').close(), { name: 'InvalidStateError' });
  assert.equal(d.body.outerHTML, '<body></body>');
});
