// Issue 18's leftovers (docs/dom.md): DOMImplementation.createDocument, the
// XML fragment parsing algorithm (innerHTML and friends on XML documents),
// :dir() and slots, stored radio checkedness, :defined.  Against Chromium:
// test/js/browser/dom-rest.test.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, parseFragment, parseXml, serializeXml } from '../../../js/node.js';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';

test('createDocument (DOM 4.5.1): an XML document, its content type by namespace, its element and doctype', () => {
  const d = parse('<!DOCTYPE html><p>x');
  const impl = d.implementation;
  const svg = impl.createDocument(SVG_NS, 'svg', impl.createDocumentType('svg', '-//W3C//DTD SVG 1.1//EN', 'u'));
  assert.equal(svg.contentType, 'image/svg+xml');
  assert.deepEqual([...svg.childNodes].map((n) => n.nodeName), ['svg', 'svg']);
  assert.equal(svg.documentElement.namespaceURI, SVG_NS);
  assert.equal(serializeXml(svg), '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "u"><svg xmlns="http://www.w3.org/2000/svg"/>');
  assert.equal(svg.URL, 'about:blank');
  assert.equal(svg.compatMode, 'CSS1Compat');
  const xhtml = impl.createDocument(HTML_NS, 'html', null);
  assert.equal(xhtml.contentType, 'application/xhtml+xml');
  // createElement in an application/xhtml+xml document: the HTML namespace, the name as given
  const e = xhtml.createElement('Div');
  assert.deepEqual([e.namespaceURI, e.localName, e.tagName], [HTML_NS, 'Div', 'Div']);
  e.setAttribute('Class', 'k');
  assert.deepEqual(e.getAttributeNames(), ['Class']);
  const plain = impl.createDocument(null, '', undefined);
  assert.equal(plain.contentType, 'application/xml');
  assert.equal(plain.childNodes.length, 0);
  assert.equal(plain.createElement('Foo').namespaceURI, null);
  assert.equal(impl.createDocument('urn:x', null).childNodes.length, 0, 'a null name is the empty string');
  const p = impl.createDocument('urn:x', 'p:Root');
  assert.deepEqual([p.documentElement.prefix, p.documentElement.localName, p.documentElement.namespaceURI], ['p', 'Root', 'urn:x']);
  // validate and extract: "strictly split" on ':' keeps the second part
  assert.deepEqual([impl.createDocument('urn:x', 'a:b:c').documentElement.localName, d.createElementNS('urn:x', 'a:b:c').tagName], ['b', 'a:b']);
  // the doctype of another document moves
  const dt = d.doctype;
  impl.createDocument(null, 'r', dt);
  assert.equal(d.doctype, null);
  // createElementNS's exceptions
  assert.throws(() => impl.createDocument(null, 'a b'), { name: 'InvalidCharacterError' });
  assert.throws(() => impl.createDocument(null, 'p:x'), { name: 'NamespaceError' });
  assert.throws(() => impl.createDocument('urn:x', 'xmlns:x'), { name: 'NamespaceError' });
  assert.throws(() => impl.createDocument(null), TypeError);
  assert.throws(() => impl.createDocument(null, 'a', d.createElement('p')), /doctype is not a DocumentType/);
  // one document element
  assert.throws(() => plain.appendChild(plain.createElement('a')) && plain.appendChild(plain.createElement('b')), { name: 'HierarchyRequestError' });
});

test('innerHTML on an XML document\'s element: the XML fragment parsing algorithm (HTML 13.4)', () => {
  const d = parseXml('<root xmlns="urn:a" xmlns:b="urn:b"><item/><plain xmlns=""/><c:x xmlns:c="urn:c" xmlns:b="urn:b2"/></root>');
  const [item, plain, cx] = d.documentElement.children;
  // the namespaces in scope on the context: the default one and the prefixes
  item.innerHTML = '<x a="1">t &amp; <b:y/></x><!--c--><?pi d?>';
  assert.equal(item.innerHTML, '<x xmlns="urn:a" a="1">t &amp; <b:y xmlns:b="urn:b"/></x><!--c--><?pi d?>');
  assert.deepEqual([item.firstChild.namespaceURI, item.firstChild.lastChild.namespaceURI], ['urn:a', 'urn:b']);
  plain.innerHTML = '<x/>';
  assert.equal(plain.firstChild.namespaceURI, null);
  cx.innerHTML = '<b:y/><c:z/><w/>';
  assert.deepEqual([...cx.childNodes].map((n) => n.namespaceURI), ['urn:b2', 'urn:c', 'urn:a']);
  assert.equal(serializeXml(d), '<root xmlns="urn:a" xmlns:b="urn:b"><item><x a="1">t &amp; <b:y/></x><!--c--><?pi d?></item><plain xmlns=""><x/></plain>' +
    '<c:x xmlns:c="urn:c" xmlns:b="urn:b2"><b:y/><c:z/><w/></c:x></root>');
  // not well-formed: a SyntaxError DOMException, and nothing changes
  for (const bad of ['<x>', '</root>', '<x></y>', '<q:x/>', '<x a="1" a="2"/>', 'a < b', '<?xml version="1.0"?>', '<!DOCTYPE x>', '\u0001', '</item><item>']) {
    assert.throws(() => { item.innerHTML = bad; }, (e) => e.name === 'SyntaxError' && e instanceof DOMException, bad);
  }
  assert.equal(item.childNodes.length, 3);
  item.innerHTML = '';
  assert.equal(item.childNodes.length, 0);
  // outerHTML: the parent is the context
  plain.outerHTML = '<n1/>text<b:n2/>';
  assert.deepEqual([...d.documentElement.childNodes].map((n) => [n.nodeName, n.namespaceURI ?? null]),
    [['item', 'urn:a'], ['n1', 'urn:a'], ['#text', null], ['b:n2', 'urn:b'], ['c:x', 'urn:c']]);
  assert.throws(() => { d.documentElement.outerHTML = '<x/>'; }, { name: 'NoModificationAllowedError' });
  assert.throws(() => { item.outerHTML = '<x>'; }, { name: 'SyntaxError' });
  // insertAdjacentHTML: the parent or the element as the context
  cx.insertAdjacentHTML('afterbegin', '<c:first/>');
  cx.insertAdjacentHTML('afterend', '<last/>');
  assert.equal(cx.firstChild.namespaceURI, 'urn:c');
  assert.equal(d.documentElement.lastChild.namespaceURI, 'urn:a');
  assert.throws(() => d.documentElement.insertAdjacentHTML('beforebegin', '<x/>'), { name: 'NoModificationAllowedError' });
  assert.throws(() => cx.insertAdjacentHTML('beforeend', '<x>'), { name: 'SyntaxError' });
  // an element made by createElementNS, and one in a createDocument document
  const e = d.createElementNS('urn:q', 'q:e');
  e.innerHTML = '<q:f/><g/>';
  assert.deepEqual([e.firstChild.namespaceURI, e.lastChild.namespaceURI], ['urn:q', null]);
  const x = d.implementation.createDocument(HTML_NS, 'html', null);
  x.documentElement.innerHTML = '<body><p>a</p></body>';
  assert.equal(x.documentElement.firstChild.firstChild.namespaceURI, HTML_NS);
  assert.equal(serializeXml(x), '<html xmlns="http://www.w3.org/1999/xhtml"><body><p>a</p></body></html>');
});

test(':dir() and slots (HTML 3.2.6.4): a slot\'s auto directionality from its assigned nodes', () => {
  const R = '\u05d0';
  const dirOf = (e) => (e.matches(':dir(rtl)') ? 'rtl' : 'ltr');
  const host = (attrs, shadow, light) =>
    parse(`<!DOCTYPE html><div id=h ${attrs}><template shadowrootmode=open>${shadow}</template>${light}</div>`, { shadowRoots: true }).getElementById('h');
  // assigned text decides, not the slot's own (fallback) content
  let h = host('dir=rtl', '<slot id=s dir=auto>' + R + '</slot>', 'abc');
  assert.equal(dirOf(h.shadowRoot.getElementById('s')), 'ltr');
  h = host('dir=ltr', '<slot id=s dir=auto>abc</slot>', '');
  assert.equal(dirOf(h.shadowRoot.getElementById('s')), 'ltr', 'no assigned nodes: the slot\'s own text');
  h = host('dir=ltr', '<slot id=s dir=auto>abc</slot>', R);
  assert.equal(dirOf(h.shadowRoot.getElementById('s')), 'rtl');
  // an assigned element with a dir attribute is skipped, a named slot takes only its own
  h = host('dir=ltr', '<slot id=s dir=auto></slot>', `<span dir=ltr>abc</span><i>${R}</i>`);
  assert.equal(dirOf(h.shadowRoot.getElementById('s')), 'rtl');
  h = host('dir=ltr', '<slot id=s dir=auto name=n></slot><slot id=t dir=auto></slot>', `<i slot=n>abc</i><b>${R}</b>`);
  assert.deepEqual([dirOf(h.shadowRoot.getElementById('s')), dirOf(h.shadowRoot.getElementById('t'))], ['ltr', 'rtl']);
  // a slot met in contained text gives the host's directionality, unless it has a dir attribute
  h = host('dir=rtl', '<div id=a dir=auto><slot></slot>abc</div>', R);
  assert.equal(dirOf(h.shadowRoot.getElementById('a')), 'rtl');
  h = host('dir=rtl', '<div id=a dir=auto><slot dir=ltr></slot>abc</div>', R);
  assert.equal(dirOf(h.shadowRoot.getElementById('a')), 'ltr');
  // manual slot assignment: nothing is assigned here
  const m = parse(`<!DOCTYPE html><div id=h><template shadowrootmode=open shadowrootslotassignment=manual><slot id=s dir=auto>abc</slot></template>${R}</div>`, { shadowRoots: true });
  assert.equal(dirOf(m.getElementById('h').shadowRoot.getElementById('s')), 'ltr');
});

test('radio checkedness is stored state (HTML 4.10.5.1.16, 4.10.5.4)', () => {
  const doc = () => parse('<!DOCTYPE html><input type=radio name=a id=r1 checked><input type=radio name=a id=r2 checked><input type=radio name=b id=r3 checked>');
  const state = (d) => [...d.querySelectorAll('input')].map((e) => e.id + ':' + e.checked);
  const matched = (d) => [...d.querySelectorAll(':checked')].map((e) => e.id);
  // renaming keeps each radio's checkedness; the renamed one, checked, unchecks its new group
  let d = doc();
  d.getElementById('r1').name = 'zz';
  assert.deepEqual(state(d), ['r1:false', 'r2:true', 'r3:true']);
  d.getElementById('r2').name = 'b';
  assert.deepEqual(state(d), ['r1:false', 'r2:true', 'r3:false']);
  assert.deepEqual(matched(d), ['r2']);
  // the checked attribute: added sets checkedness (and unchecks the group) unless dirty; removed clears it
  d = doc();
  d.getElementById('r1').setAttribute('checked', 'again');
  assert.deepEqual(state(d), ['r1:false', 'r2:true', 'r3:true'], 'a value change is not an addition');
  d.getElementById('r1').removeAttribute('checked');
  d.getElementById('r1').setAttribute('checked', '');
  assert.deepEqual(state(d), ['r1:true', 'r2:false', 'r3:true']);
  d.getElementById('r2').removeAttribute('checked');
  d.getElementById('r1').removeAttribute('checked');
  assert.deepEqual(matched(d), ['r3']);
  d.getElementById('r3').checked = false; // dirty now
  d.getElementById('r3').setAttribute('checked', 'x');
  d.getElementById('r3').removeAttribute('checked');
  d.getElementById('r3').toggleAttribute('checked');
  assert.equal(d.getElementById('r3').checked, false);
  // insertion: a checked radio that becomes connected unchecks its new group, in tree order
  d = doc();
  const c = d.getElementById('r1').cloneNode();
  assert.equal(c.checked, false, 'a clone copies the checkedness');
  c.checked = true;
  assert.deepEqual(state(d), ['r1:false', 'r2:true', 'r3:true'], 'a detached radio is a group of its own');
  d.body.append(c);
  assert.deepEqual(state(d), ['r1:false', 'r2:false', 'r3:true', 'r1:true']);
  d.body.insertAdjacentHTML('beforeend', '<input type=radio name=b id=h1 checked><input type=radio name=b id=h2 checked>');
  assert.deepEqual(matched(d), ['r1', 'h2']);
  // a type change: the checked text input becomes a radio and unchecks the group
  d = doc();
  const t = d.createElement('input');
  t.setAttribute('checked', '');
  t.name = 'a';
  d.body.append(t);
  assert.deepEqual(state(d), ['r1:false', 'r2:true', 'r3:true', ':true']);
  t.type = 'radio';
  assert.deepEqual(state(d), ['r1:false', 'r2:false', 'r3:true', ':true']);
  // the form owner changes on removal: the group is now the removed subtree's
  d = parse('<!DOCTYPE html><form><div id=x><input type=radio name=a id=a1 checked></div><input type=radio name=a id=a2></form><div id=y><input type=radio name=a id=a3 checked></div>');
  d.getElementById('a2').checked = true;
  assert.deepEqual(state(d), ['a1:false', 'a2:true', 'a3:true']);
  const y = d.getElementById('y');
  y.remove();
  y.prepend(d.getElementById('x'));
  assert.deepEqual([...y.querySelectorAll('input')].map((e) => e.checked), [false, true]);
  // template contents: parsed radios without a form owner uncheck nothing; in a form they do
  d = parse('<!DOCTYPE html><template id=t><input type=radio name=a checked><input type=radio name=a checked><form><input type=radio name=a checked><input type=radio name=a checked></form></template>');
  const content = d.getElementById('t').content;
  assert.deepEqual([...content.querySelectorAll('input')].map((e) => e.checked), [true, true, false, true]);
  assert.deepEqual([...content.querySelectorAll(':checked')].length, 3);
  content.firstChild.checked = true;
  assert.deepEqual([...content.querySelectorAll('input')].map((e) => e.checked), [true, false, false, true]);
  // innerHTML: the fragment parser's document is connected, so the last checked radio wins there too
  const div = d.createElement('div');
  div.innerHTML = '<input type=radio name=a checked><input type=radio name=a checked>';
  assert.deepEqual([...div.children].map((e) => e.checked), [false, true]);
  const f = parseFragment('<input type=radio name=a checked><input type=radio name=a checked>');
  assert.deepEqual([...f.childNodes].map((e) => e.checked), [false, true]);
});

test('stored checkedness costs nothing where no input has the checked attribute', () => {
  const d = parse('<!DOCTYPE html>' + '<p>x</p>'.repeat(1000) + '<input type=radio name=a id=r>');
  d.body.append(d.createElement('p'));
  // no node object was made for the paragraphs by the change (only body, the new p, and what the tree keeps)
  let made = 0;
  for (let i = 0; i < d._t.count; i++) if (d._t.cached(i) !== undefined) made++;
  assert.ok(made < 10, `${made} node objects`);
  const e = parse('<!DOCTYPE html>' + '<p>x</p>'.repeat(1000) + '<input type=radio name=a id=r1 checked><input type=radio name=a id=r2 checked><input type=checkbox id=c checked>');
  e.body.append(e.createElement('p'));
  assert.deepEqual([...e.querySelectorAll(':checked')].map((x) => x.id), ['r2', 'c']);
  assert.deepEqual(['r1', 'r2', 'c'].map((id) => e.getElementById(id)._checked), [false, true, true], 'stored before the first change');
});

test(':defined (HTML 4.16.3): the 2025 valid custom element names are undefined, everything else defined', () => {
  const d = parse('<!DOCTYPE html><x-y id=a></x-y><a-\u00e9 id=b></a-\u00e9><a-\u037e id=c></a-\u037e><font-face id=d></font-face>' +
    '<div is=x-z id=e></div><p is="" id=f></p><span id=g></span><svg><x-y id=h /></svg>');
  assert.deepEqual([...d.querySelectorAll(':not(:defined)')].map((e) => e.id), ['a', 'b', 'c', 'e', 'f']);
  assert.deepEqual([...d.querySelectorAll(':defined[id]')].map((e) => e.id), ['d', 'g', 'h']);
  assert.equal(d.createElement('x-\u00d7').matches(':defined'), false);
  assert.equal(d.createElement('annotation-xml').matches(':defined'), true);
});

test('cloning steps (HTML 4.10.5, 4.10.11): an input\'s and a textarea\'s dirty value go to the copy', () => {
  const doc = parse('<!DOCTYPE html><form><input id=i value=a><textarea id=t>x</textarea><input id=c value=b></form>');
  const input = doc.getElementById('i');
  const area = doc.getElementById('t');
  input.value = 'typed';
  area.value = 'edited';
  const form = doc.querySelector('form').cloneNode(true);
  assert.equal(form.querySelector('#i').value, 'typed');
  assert.equal(form.querySelector('#i').getAttribute('value'), 'a');
  assert.equal(form.querySelector('#t').value, 'edited');
  assert.equal(form.querySelector('#t').textContent, 'x');
  // A clean value stays clean: the copy follows its own value attribute.
  const clean = form.querySelector('#c');
  assert.equal(clean.value, 'b');
  clean.setAttribute('value', 'z');
  assert.equal(clean.value, 'z');
  // The dirty copy no longer follows the attribute (its dirty value flag came along).
  form.querySelector('#i').setAttribute('value', 'q');
  assert.equal(form.querySelector('#i').value, 'typed');
  // The original is untouched by the copy's changes.
  form.querySelector('#t').value = 'other';
  assert.equal(area.value, 'edited');
  // importNode across documents clones too.
  const other = parse('<!DOCTYPE html>');
  assert.equal(other.importNode(input).value, 'typed');
});
