// Changing the DOM-like tree (issue 18, docs/dom.md): the DOM standard's
// mutation methods and exceptions, on parse(), parseFragment() and decode()
// trees, and the cost model (the overlay holds what changed, nothing more).
// The same operations against Chromium: test/js/browser/mutation.test.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decode, parse, parseFragment, parseToBuffer, serialize } from '../../../js/node.js';
import { DOMException as LibDOMException, Tree } from '../../../js/dom/dom.js';

const doc = (html) => parse(html);
const body = (d) => d.body.innerHTML;
const throwsDOM = (fn, name) => assert.throws(fn, (e) => {
  assert.equal(e.name, name, `expected ${name}, got ${e.name}: ${e.message}`);
  assert.ok(e instanceof LibDOMException);
  return true;
});

test('an unchanged tree has no overlay, whatever is read', () => {
  const d = doc('<!DOCTYPE html><p id=a class=x>one<b>two</b></p><template><i>t</i></template>');
  d.querySelectorAll('p, b, i');
  assert.equal(d.body.textContent, 'onetwo');
  assert.equal(serialize(d).length > 0, true);
  d.querySelector('template').content.firstChild.outerHTML;
  d.getElementById('a').attributes;
  assert.equal(d._t.ov, null);
  assert.equal(d._t.version, 0);
});

test('setters: textContent, data, nodeValue, id, className, title', () => {
  const d = doc('<!DOCTYPE html><title>T</title><h1>Hi <b>there</b></h1><p>x</p><!--c-->');
  const h1 = d.querySelector('h1');
  h1.textContent = 'New <text>';
  assert.equal(h1.outerHTML, '<h1>New &lt;text&gt;</h1>');
  assert.equal(h1.childNodes.length, 1);
  h1.textContent = '';
  assert.equal(h1.firstChild, null);
  const t = d.querySelector('p').firstChild;
  t.data = 'y';
  assert.equal(t.nodeValue, 'y');
  t.nodeValue = 'z&';
  assert.equal(t.length, 2);
  assert.equal(d.querySelector('p').innerHTML, 'z&amp;');
  t.textContent = null;
  assert.equal(t.data, '');
  const c = d.body.lastChild;
  c.data = 'changed';
  assert.equal(d.body.innerHTML.endsWith('<!--changed-->'), true);
  h1.id = 'main';
  h1.className = 'a b';
  assert.equal(h1.outerHTML, '<h1 id="main" class="a b"></h1>');
  assert.equal(d.querySelector('#main.b'), h1);
  h1.nodeValue = 'ignored';
  assert.equal(h1.outerHTML, '<h1 id="main" class="a b"></h1>');
  d.title = ' New  title ';
  assert.equal(d.title, 'New title');
  assert.throws(() => { h1.nodeType = 3; }, /Cannot set property nodeType of #<Element>/);
});

test('attributes: setAttribute, NS variants, toggleAttribute, Attr nodes, and name validation', () => {
  const d = doc('<div id=x data-A=1></div>');
  const e = d.getElementById('x');
  e.setAttribute('Data-New', 'v');
  assert.deepEqual(e.getAttributeNames(), ['id', 'data-a', 'data-new']);
  e.setAttribute('id', 'y');
  assert.equal(e.getAttribute('ID'), 'y');
  e.removeAttribute('DATA-A');
  assert.equal(e.hasAttribute('data-a'), false);
  assert.equal(e.toggleAttribute('hidden'), true);
  assert.equal(e.toggleAttribute('hidden', true), true);
  assert.equal(e.toggleAttribute('hidden'), false);
  assert.equal(e.toggleAttribute('hidden', false), false);
  e.setAttributeNS('http://www.w3.org/1999/xlink', 'xl:href', '#a');
  e.setAttributeNS('urn:x', 'p:Local', 'v');
  const attrs = e.attributes;
  assert.equal(attrs[2].name, 'xl:href');
  assert.equal(attrs[2].namespaceURI, 'http://www.w3.org/1999/xlink');
  assert.equal(attrs[3].prefix, 'p');
  assert.equal(e.getAttributeNS('urn:x', 'Local'), 'v');
  assert.equal(e.outerHTML, '<div id="y" data-new="v" xlink:href="#a" p:Local="v"></div>');
  e.removeAttributeNS('urn:x', 'Local');
  attrs[0].value = 'z';
  assert.equal(e.id, 'z');
  const a = d.createAttribute('Title');
  a.value = 't';
  assert.equal(e.setAttributeNode(a), null);
  assert.equal(e.getAttribute('title'), 't');
  const other = d.createElement('p');
  throwsDOM(() => other.setAttributeNode(a), 'InUseAttributeError');
  assert.equal(e.removeAttributeNode(a), a);
  for (const bad of ['', 'a b', 'a/b', 'a=b', 'a>b', 'a\0']) throwsDOM(() => e.setAttribute(bad, 'v'), 'InvalidCharacterError');
  e.setAttribute('1é"', 'ok'); // any other character is allowed (DOM 2025 names)
  assert.equal(e.getAttribute('1é"'), 'ok');
  throwsDOM(() => e.setAttributeNS(null, 'p:q', 'v'), 'NamespaceError');
  throwsDOM(() => e.setAttributeNS('urn:x', 'xml:lang', 'v'), 'NamespaceError');
  throwsDOM(() => e.setAttributeNS('urn:x', 'xmlns', 'v'), 'NamespaceError');
  throwsDOM(() => e.setAttributeNS('http://www.w3.org/2000/xmlns/', 'x', 'v'), 'NamespaceError');
  throwsDOM(() => e.toggleAttribute('a b'), 'InvalidCharacterError');
});

test('creating nodes: element names, namespaces and processing instructions', () => {
  const d = doc('');
  assert.equal(d.createElement('DIV').localName, 'div');
  assert.equal(d.createElement('DIV').tagName, 'DIV');
  for (const ok of ['é-x', ':x', '_y', 'a:b']) assert.equal(d.createElement(ok).localName, ok);
  assert.equal(d.createElement('A-Ö').localName, 'a-Ö'); // ASCII lowercase only
  for (const bad of ['', '1a', '-x', 'a b', 'a/b', 'a>b']) throwsDOM(() => d.createElement(bad), 'InvalidCharacterError');
  const r = d.createElementNS('http://www.w3.org/2000/svg', 'svg:rect');
  assert.deepEqual([r.localName, r.prefix, r.tagName, r.namespaceURI], ['rect', 'svg', 'svg:rect', 'http://www.w3.org/2000/svg']);
  const x = d.createElementNS('urn:x', 'Thing');
  assert.deepEqual([x.localName, x.namespaceURI, x.tagName], ['Thing', 'urn:x', 'Thing']);
  assert.equal(d.createElementNS(null, 'plain').namespaceURI, null);
  throwsDOM(() => d.createElementNS(null, 'p:q'), 'NamespaceError');
  const pi = d.createProcessingInstruction('x-y', 'data');
  assert.deepEqual([pi.nodeType, pi.target, pi.data], [7, 'x-y', 'data']);
  throwsDOM(() => d.createProcessingInstruction('1x', ''), 'InvalidCharacterError');
  throwsDOM(() => d.createProcessingInstruction('x', 'a?>b'), 'InvalidCharacterError');
  d.body.append(r, x, pi, d.createComment('c'), d.createTextNode('<t>'));
  assert.equal(d.body.innerHTML, '<svg:rect></svg:rect><Thing></Thing><?x-y data?><!--c-->&lt;t&gt;');
  const f = d.createDocumentFragment();
  assert.equal(f.nodeType, 11);
  assert.equal(f.ownerDocument, d);
  assert.equal(r.ownerDocument, d);
  assert.equal(r.parentNode, d.body);
});

test('appendChild, insertBefore, removeChild, replaceChild with the pre-insert checks', () => {
  const d = doc('<!DOCTYPE html><ul><li>1<li>2<li>3</ul>');
  const ul = d.querySelector('ul');
  const [a, b, c] = ul.children;
  assert.equal(ul.appendChild(a), a);
  assert.equal(ul.innerHTML, '<li>2</li><li>3</li><li>1</li>');
  ul.insertBefore(c, b);
  assert.equal(ul.innerHTML, '<li>3</li><li>2</li><li>1</li>');
  ul.insertBefore(b, null);
  assert.equal(ul.lastChild, b);
  assert.equal(ul.removeChild(a), a);
  assert.equal(a.parentNode, null);
  assert.equal(ul.replaceChild(a, c), c);
  assert.equal(ul.innerHTML, '<li>1</li><li>2</li>');
  throwsDOM(() => a.appendChild(ul), 'HierarchyRequestError');
  throwsDOM(() => a.appendChild(a), 'HierarchyRequestError');
  throwsDOM(() => ul.removeChild(c), 'NotFoundError');
  throwsDOM(() => ul.insertBefore(d.createElement('li'), c), 'NotFoundError');
  throwsDOM(() => ul.replaceChild(d.createElement('li'), c), 'NotFoundError');
  throwsDOM(() => a.firstChild.appendChild(d.createElement('i')), 'HierarchyRequestError');
  throwsDOM(() => d.appendChild(d.createElement('x')), 'HierarchyRequestError');
  throwsDOM(() => d.appendChild(d.createTextNode('x')), 'HierarchyRequestError');
  throwsDOM(() => ul.appendChild(d.doctype), 'HierarchyRequestError');
  throwsDOM(() => ul.appendChild(d), 'HierarchyRequestError');
  throwsDOM(() => d.insertBefore(d.doctype, d.documentElement), 'HierarchyRequestError');
  const two = d.createDocumentFragment();
  two.append(d.createElement('a'), d.createElement('b'));
  throwsDOM(() => d.replaceChild(two, d.documentElement), 'HierarchyRequestError');
  d.replaceChild(d.createElement('html'), d.documentElement);
  assert.equal(d.documentElement.outerHTML, '<html></html>');
  d.insertBefore(d.createComment('first'), d.firstChild);
  assert.equal(d.firstChild.nodeType, 8);
  const t = d.createElement('template');
  d.documentElement.append(t);
  throwsDOM(() => t.content.appendChild(t), 'HierarchyRequestError'); // the host is an ancestor
  assert.throws(() => ul.appendChild('text'), TypeError);
  assert.throws(() => ul.insertBefore(d.createElement('x')), TypeError);
});

test('append, prepend, before, after, remove, replaceWith, replaceChildren', () => {
  const d = doc('<p id=p>x</p>');
  const p = d.getElementById('p');
  p.append('a', d.createElement('b'), 'c');
  p.prepend('0');
  assert.equal(p.innerHTML, '0xa<b></b>c');
  p.querySelector('b').before('[', ']');
  p.querySelector('b').after(d.createElement('i'));
  assert.equal(p.innerHTML, '0xa[]<b></b><i></i>c');
  p.querySelector('i').replaceWith('I', 'J');
  p.querySelector('b').remove();
  assert.equal(p.innerHTML, '0xa[]IJc');
  assert.equal(p.childNodes.length, 8);
  p.normalize();
  assert.deepEqual(p.childNodes.map((n) => n.data), ['0xa[]IJc']);
  p.replaceChildren(d.createElement('br'), 'y');
  assert.equal(p.innerHTML, '<br>y');
  p.replaceChildren();
  assert.equal(p.firstChild, null);
  const detached = d.createElement('x');
  detached.remove();
  detached.before('nothing happens');
  assert.equal(detached.parentNode, null);
  // a node among the arguments keeps its place as the reference
  p.append('1', '2', '3');
  const [one, two] = p.childNodes;
  two.before(one, two);
  assert.equal(p.textContent, '123');
});

test('innerHTML, outerHTML and insertAdjacent* parse with the C fragment parser in context', () => {
  const d = doc('<!DOCTYPE html><div id=a>one</div><table id=t></table><p id=p>x</p>');
  const a = d.getElementById('a');
  a.innerHTML = '<b>bold<i>both</b>italic</i> &amp; <!--c--><?pi d?>';
  assert.equal(a.innerHTML, '<b>bold<i>both</i></b><i>italic</i> &amp; <!--c--><?pi d?>');
  d.getElementById('t').innerHTML = '<td>cell</td>text';
  assert.equal(d.getElementById('t').innerHTML, '<tbody><tr><td>cell</td></tr></tbody>text');
  d.getElementById('p').outerHTML = '<section>s</section><p id=p2>again';
  assert.equal(d.getElementById('p'), null);
  const p2 = d.getElementById('p2');
  p2.insertAdjacentHTML('beforebegin', '<hr>');
  p2.insertAdjacentHTML('afterend', '<em>after</em>');
  p2.insertAdjacentHTML('AfterBegin', '<span>first</span>');
  p2.insertAdjacentHTML('beforeend', 'last');
  assert.equal(d.body.innerHTML.slice(d.body.innerHTML.indexOf('<section>')), '<section>s</section><hr><p id="p2"><span>first</span>againlast</p><em>after</em>');
  throwsDOM(() => p2.insertAdjacentHTML('inside', 'x'), 'SyntaxError');
  throwsDOM(() => { d.documentElement.outerHTML = '<html>'; }, 'NoModificationAllowedError');
  throwsDOM(() => d.documentElement.insertAdjacentHTML('afterend', 'x'), 'NoModificationAllowedError');
  assert.equal(d.body.insertAdjacentElement('afterbegin', d.createElement('header')), d.body.firstChild);
  d.body.insertAdjacentText('beforeend', '<t>');
  assert.equal(d.body.lastChild.data, '<t>');
  assert.equal(d.createElement('x').insertAdjacentElement('beforebegin', d.createElement('y')), null);
  const svg = d.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.innerHTML = '<circle/><foreignObject><p>x</p></foreignObject><p>out';
  assert.equal(svg.innerHTML, '<circle></circle><foreignObject><p>x</p></foreignObject><p>out</p>');
  assert.equal(svg.firstChild.namespaceURI, 'http://www.w3.org/2000/svg');
  d.body.innerHTML = '<script>1<2</script><textarea>&lt;</textarea>';
  assert.equal(d.body.innerHTML, '<script>1<2</script><textarea>&lt;</textarea>');
  assert.equal(d.querySelector('textarea').textContent, '<');
});

test('template contents: mutable, owned by the inert template document', () => {
  const d = doc('<!DOCTYPE html><template id=t><p>in<b>side</b></p></template>');
  const t = d.getElementById('t');
  const inert = t.content.ownerDocument;
  assert.notEqual(inert, d);
  assert.equal(inert.nodeType, 9);
  assert.equal(t.content.firstChild.ownerDocument, inert);
  assert.equal(inert.querySelector('template'), null);
  t.content.append(d.createElement('i'));
  assert.equal(t.innerHTML, '<p>in<b>side</b></p><i></i>');
  d.body.append(t.content.cloneNode(true));
  assert.equal(d.body.lastChild.ownerDocument, d);
  t.innerHTML = '<tr><td>row';
  assert.equal(t.innerHTML, '<tr><td>row</td></tr>');
  assert.equal(t.childNodes.length, 0);
  const k = t.content.firstChild;
  k.remove();
  assert.equal(k.ownerDocument, inert); // still the inert document's, detached
  d.body.append(k);
  assert.equal(k.ownerDocument, d);
  const made = d.createElement('template');
  made.innerHTML = '<td>c';
  assert.equal(made.content.firstChild.localName, 'td');
  assert.equal(made.cloneNode(true).innerHTML, '<td>c</td>');
  assert.equal(made.cloneNode(false).innerHTML, '');
  const z = inert.createElement('z');
  t.content.append(z); // from the inert document's own tree: moved, same object
  assert.equal(z.parentNode, t.content);
  assert.equal(z.ownerDocument, inert);
});

test('importNode, adoptNode and insertion across documents keep node identity', () => {
  const d = doc('<!DOCTYPE html><div id=home></div>');
  const o = doc('<p id=away>away<b>bold</b></p><p id=imp>i</p>');
  const away = o.getElementById('away');
  const bold = away.lastChild; // a node object made before the move moves with it
  d.body.append(away);
  assert.equal(away.ownerDocument, d);
  assert.equal(bold.parentNode, away);
  assert.equal(d.getElementById('away'), away);
  assert.equal(o.getElementById('away'), null);
  assert.equal(o.body.innerHTML, '<p id="imp">i</p>');
  const copy = d.importNode(o.getElementById('imp'), true);
  assert.equal(copy.outerHTML, '<p id="imp">i</p>');
  assert.equal(copy.parentNode, null);
  assert.equal(o.getElementById('imp').ownerDocument, o);
  assert.equal(d.importNode(o.getElementById('imp')).outerHTML, '<p id="imp"></p>');
  const ad = d.adoptNode(o.getElementById('imp'));
  assert.equal(ad.ownerDocument, d);
  assert.equal(ad.parentNode, null);
  assert.equal(o.body.innerHTML, '');
  throwsDOM(() => d.adoptNode(o), 'NotSupportedError');
  throwsDOM(() => d.importNode(o), 'NotSupportedError');
  const f = o.createDocumentFragment();
  f.append(o.createElement('x'), 'y');
  d.body.prepend(f);
  assert.equal(f.childNodes.length, 0);
  assert.equal(d.body.firstChild.ownerDocument, d);
  const clone = d.cloneNode(true);
  clone.body.append('in the clone');
  assert.equal(clone.body.ownerDocument, clone);
  assert.equal(d.body.innerHTML.includes('in the clone'), false);
});

test('node identity, live childNodes and queries after changes', () => {
  const d = doc('<ul><li>a</li></ul>');
  const ul = d.querySelector('ul');
  const kids = ul.childNodes;
  const li = d.createElement('li');
  ul.append(li);
  assert.equal(kids.length, 2);
  assert.equal(kids[1], li);
  assert.equal(ul.lastChild, li);
  assert.equal(d.querySelectorAll('li')[1], li);
  assert.equal(li.matches('ul > li:last-child'), true);
  li.remove();
  assert.equal(kids.length, 1);
  li.setAttribute('class', 'new');
  ul.prepend(li);
  assert.equal(d.querySelector('li.new:first-child'), li);
  assert.equal(d.querySelector('li:empty'), li);
  li.append('');
  assert.equal(d.querySelector('li:empty'), li);
  li.firstChild.data = 'x';
  assert.equal(d.querySelector('li:empty'), null);
  assert.equal(d.getElementsByClassName('new')[0], li);
  assert.equal(d.getElementsByTagName('LI').length, 2);
  assert.equal(li.closest('ul'), ul);
  assert.equal(d.documentElement.contains(li), true);
});

test('decode() and parseFragment() trees change the same way', () => {
  const d = decode(parseToBuffer('<p>a</p>'));
  d.body.firstChild.append('b', d.createElement('i'));
  d.body.firstChild.setAttribute('x', '1');
  assert.equal(d.body.innerHTML, '<p x="1">ab<i></i></p>');
  const f = parseFragment('<td>1<td>2', { context: 'tr' });
  f.firstChild.innerHTML = '<b>x';
  f.lastChild.remove();
  f.append(f.firstChild.cloneNode(true));
  assert.equal(serialize(f), '<td><b>x</b></td><td><b>x</b></td>');
  assert.equal(f.firstChild.ownerDocument, null); // a fragment's tree has no document
});

test('cost: the overlay holds the nodes that changed, not the document', () => {
  const html = '<!DOCTYPE html><body>' + '<p class=x>text <b>bold</b></p>'.repeat(20000);
  const d = doc(html);
  const t = d._t;
  assert.equal(t.ov, null);
  const p = d.body.children[10000];
  p.setAttribute('data-k', 'v'); // one element's attribute list
  assert.equal(t.ov.size, 1);
  p.appendChild(d.createElement('i')); // the new node and the previous last child (the parent is there)
  assert.equal(t.ov.size, 3);
  const q = d.body.children[5000];
  q.remove(); // the node, its parent, its two siblings
  assert.equal(t.ov.size, 7);
  q.firstChild.data = 'changed'; // a text node inside the removed one
  assert.equal(t.ov.size, 8);
  assert.equal(d.body.childElementCount, 19999);
  assert.equal(t.data(t.count - 1), 'bold'); // records untouched
  const before = t.version;
  d.body.children[3].className = 'y';
  assert.equal(t.version, before + 1);
  assert.equal(d.querySelectorAll('p.y').length, 1);
  assert.equal(d.querySelectorAll('p').length, 19999);
});

test('deep trees: clone, import, move and serialise without recursion', () => {
  const depth = 100000;
  const d = doc('<div>'.repeat(depth) + 'x');
  const top = d.body.firstChild;
  const clone = top.cloneNode(true);
  assert.equal(clone.textContent, 'x');
  const o = doc('');
  o.body.append(top);
  assert.equal(o.body.textContent, 'x');
  assert.equal(o.body.innerHTML.length, 'x'.length + depth * '<div></div>'.length);
  o.body.normalize();
  assert.equal(d.importNode(clone, true).textContent, 'x');
});

test('DOMException: platform class with names and legacy codes; fragment parser registered', () => {
  const d = doc('');
  try {
    d.appendChild(d.createElement('x'));
    assert.fail('no exception');
  } catch (e) {
    assert.equal(e.constructor, globalThis.DOMException);
    assert.equal(e.code, 3);
  }
  const empty = Tree.emptyDocument(false).node(0);
  assert.equal(empty.nodeType, 9);
  empty.append(empty.createElement('html'));
  empty.documentElement.innerHTML = '<b>x</b>';
  assert.equal(empty.documentElement.outerHTML, '<html><head></head><body><b>x</b></body></html>'); // context html
});
