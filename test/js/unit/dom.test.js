// The DOM-like tree of decode(buffer) / decode(buffer, { format: 'dom' }).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as parse5 from 'parse5';
import { decode } from '../../../js/dom/decode.js';
import * as dom from '../../../js/dom/dom.js';
import { bufferFor, runDump } from '../lib/helpers.js';
import { DOCUMENTS, FRAGMENTS } from '../lib/corpus.js';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const upper = (s) => s.replace(/[a-z]+/g, (m) => m.toUpperCase());

// Walk a DOM-like node and the parse5 node it came from side by side.
function assertSameTree(d, p) {
  const stack = [[d, p, null]];
  while (stack.length) {
    const [a, b, parent] = stack.pop();
    assert.equal(a.parentNode, parent);
    switch (b.nodeName) {
      case '#document':
        assert.equal(a.nodeType, 9);
        assert.equal(a.nodeName, '#document');
        assert.equal(a.mode, b.mode);
        break;
      case '#document-fragment':
        assert.equal(a.nodeType, 11);
        assert.equal(a.nodeName, '#document-fragment');
        break;
      case '#text':
        assert.equal(a.nodeType, 3);
        assert.equal(a.nodeName, '#text');
        assert.equal(a.data, b.value);
        assert.equal(a.nodeValue, b.value);
        assert.equal(a.textContent, b.value);
        assert.equal(a.length, b.value.length);
        break;
      case '#comment':
        assert.equal(a.nodeType, 8);
        assert.equal(a.data, b.data);
        break;
      case '#documentType':
        assert.equal(a.nodeType, 10);
        assert.equal(a.name, b.name);
        assert.equal(a.nodeName, b.name);
        assert.equal(a.publicId, b.publicId);
        assert.equal(a.systemId, b.systemId);
        break;
      default: {
        assert.equal(a.nodeType, 1);
        assert.equal(a.localName, b.tagName);
        assert.equal(a.namespaceURI, b.namespaceURI);
        assert.equal(a.tagName, b.namespaceURI === HTML_NS ? upper(b.tagName) : b.tagName);
        assert.equal(a.nodeName, a.tagName);
        assert.equal(a.prefix, null);
        const attrs = a.attributes;
        assert.equal(attrs.length, b.attrs.length);
        b.attrs.forEach((x, k) => {
          const y = attrs[k];
          assert.equal(y.localName, x.name);
          assert.equal(y.value, x.value);
          assert.equal(y.namespaceURI, x.namespace ?? null);
          assert.equal(y.prefix, x.prefix ? x.prefix : null);
          assert.equal(y.name, x.prefix ? `${x.prefix}:${x.name}` : x.name);
          assert.equal(y.ownerElement, a);
          if (!x.namespace) assert.equal(a.getAttribute(x.name), x.value);
          assert.equal(a.getAttributeNS(x.namespace ?? null, x.name), x.value);
        });
        assert.deepEqual(a.getAttributeNames(), attrs.map((x) => x.name));
        if (b.content) {
          const c = a.content;
          assert.equal(c.nodeType, 11);
          assert.equal(c.parentNode, null);
          assert.equal(a.content, c, 'content is cached');
          stack.push([c, b.content, null]);
        }
      }
    }
    const kids = b.childNodes || [];
    const ak = a.childNodes;
    assert.equal(ak.length, kids.length, `children of ${b.nodeName}`);
    assert.equal(a.hasChildNodes(), kids.length > 0);
    assert.equal(a.firstChild, ak[0] ?? null);
    assert.equal(a.lastChild, ak[ak.length - 1] ?? null);
    for (let k = 0; k < ak.length; k++) {
      assert.equal(ak[k].previousSibling, ak[k - 1] ?? null);
      assert.equal(ak[k].nextSibling, ak[k + 1] ?? null);
      stack.push([ak[k], kids[k], a]);
    }
  }
}

test('documents mirror parse5 trees', async () => {
  for (const html of DOCUMENTS) {
    const { tree, buffer } = await bufferFor(html);
    const doc = decode(buffer);
    assert.ok(doc instanceof dom.Document);
    assertSameTree(doc, tree);
    assert.equal(decode(buffer, { format: 'dom' }).nodeType, 9);
  }
});

test('fragments mirror parse5 trees', async () => {
  for (const [html, context] of FRAGMENTS) {
    const { tree, buffer } = await bufferFor(html, { fragment: true, context });
    const frag = decode(buffer);
    assert.ok(frag instanceof dom.DocumentFragment);
    assertSameTree(frag, tree);
  }
});

test('document accessors', async () => {
  const { buffer } = await bufferFor('<!DOCTYPE html><html><head><title>  A \n title\t</title></head><body><p>x</p></body></html>');
  const doc = decode(buffer);
  assert.equal(doc.doctype.name, 'html');
  assert.equal(doc.documentElement.tagName, 'HTML');
  assert.equal(doc.head.localName, 'head');
  assert.equal(doc.body.localName, 'body');
  assert.equal(doc.title, 'A title');
  assert.equal(doc.mode, 'no-quirks');
  assert.equal(doc.compatMode, 'CSS1Compat');
  assert.equal(doc.textContent, null);
  assert.equal(doc.nodeValue, null);
  assert.equal(doc.ownerDocument, null);
  assert.equal(doc.body.ownerDocument, doc);
  assert.equal(doc.body.isConnected, true);
  assert.equal(doc.body.getRootNode(), doc);
  assert.equal(doc.body.parentElement, doc.documentElement);
  assert.equal(doc.documentElement.parentElement, null);

  const quirks = decode((await bufferFor('<p>x')).buffer);
  assert.equal(quirks.mode, 'quirks');
  assert.equal(quirks.compatMode, 'BackCompat');
  assert.equal(quirks.doctype, null);
  assert.equal(quirks.title, '');
  const limited = decode((await bufferFor('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "x"><p>')).buffer);
  assert.equal(limited.mode, 'limited-quirks');
  const frameset = decode((await bufferFor('<!DOCTYPE html><frameset></frameset>')).buffer);
  assert.equal(frameset.body.localName, 'frameset');
  const svgTitle = decode((await bufferFor('<svg><title>svg title</title></svg>', { fragment: true })).buffer);
  assert.equal(svgTitle.nodeType, 11);
});

test('textContent, nodeValue and data', async () => {
  const { buffer } = await bufferFor('<!DOCTYPE html><div id=d>a<b>b<i>c</i></b><!--no-->d<template>not content</template><script>s</script></div>');
  const doc = decode(buffer);
  const d = doc.getElementById('d');
  assert.equal(d.textContent, 'abcds');
  assert.equal(d.nodeValue, null);
  assert.equal(doc.body.childNodes[0].childNodes[2].data, 'no');
  assert.equal(doc.body.childNodes[0].childNodes[2].textContent, 'no');
  const tpl = d.querySelector('template');
  assert.equal(tpl.textContent, '');
  assert.equal(tpl.content.textContent, 'not content');
  assert.equal(doc.doctype.textContent, null);
});

test('getElementById, getElementsByTagName(NS), getElementsByClassName', async () => {
  const html = '<!DOCTYPE html><div id=a class="x Y"><p id=b class="y">1</p><svg id=s><foreignObject id=f class=x /></svg><SPAN class="x y">2</SPAN><template><p id=hidden class=x></p></template></div>';
  const doc = decode((await bufferFor(html)).buffer);
  assert.equal(doc.getElementById('b').localName, 'p');
  assert.equal(doc.getElementById('hidden'), null, 'template contents are not descendants');
  assert.equal(doc.getElementById('nope'), null);
  const a = doc.getElementById('a');
  assert.equal(a.getElementById('f').localName, 'foreignObject');
  assert.deepEqual(doc.getElementsByTagName('P').map((e) => e.id), ['b']);
  assert.deepEqual(doc.getElementsByTagName('span').map((e) => e.localName), ['span']);
  assert.deepEqual(doc.getElementsByTagName('foreignObject').map((e) => e.id), ['f']);
  assert.deepEqual([...doc.getElementsByTagName('foreignobject')], []); // a live HTMLCollection (issue 18)
  assert.equal(doc.getElementsByTagName('*').length, 9);
  assert.deepEqual(a.getElementsByTagName('*').map((e) => e.localName), ['p', 'svg', 'foreignObject', 'span', 'template']);
  assert.deepEqual(doc.getElementsByTagNameNS('http://www.w3.org/2000/svg', '*').map((e) => e.id), ['s', 'f']);
  assert.deepEqual(doc.getElementsByClassName('x').map((e) => e.id || e.localName), ['a', 'f', 'span']);
  assert.deepEqual(doc.getElementsByClassName(' y  x ').map((e) => e.localName), ['span']);
  assert.deepEqual(doc.getElementsByClassName('y').map((e) => e.id || e.localName), ['b', 'span']);
  assert.deepEqual([...doc.getElementsByClassName('')], []);
  // Quirks mode: class names match ignoring ASCII case.
  const q = decode((await bufferFor(html.replace('<!DOCTYPE html>', ''))).buffer);
  assert.equal(q.mode, 'quirks');
  assert.deepEqual(q.getElementsByClassName('y').map((e) => e.id || e.localName), ['a', 'b', 'span']);
});

test('attributes API', async () => {
  const html = '<!DOCTYPE html><p ID=x Data-Foo="bar" hidden></p><svg viewBox="0 0 1 1" xlink:href="#h" xml:lang=en xmlns:xlink=xl xmlns=ns></svg>';
  const doc = decode((await bufferFor(html)).buffer);
  const p = doc.body.firstChild;
  assert.equal(p.getAttribute('id'), 'x');
  assert.equal(p.getAttribute('ID'), 'x', 'HTML attribute names are matched lowercased');
  assert.equal(p.getAttribute('data-foo'), 'bar');
  assert.equal(p.getAttribute('hidden'), '');
  assert.equal(p.getAttribute('missing'), null);
  assert.equal(p.hasAttribute('HIDDEN'), true);
  assert.equal(p.hasAttributes(), true);
  assert.equal(p.id, 'x');
  assert.equal(p.className, '');
  assert.deepEqual(p.getAttributeNames(), ['id', 'data-foo', 'hidden']);
  assert.equal(p.getAttributeNode('data-foo').value, 'bar');
  const svg = doc.body.lastChild;
  assert.equal(svg.getAttribute('viewBox'), '0 0 1 1');
  assert.equal(svg.getAttribute('viewbox'), null, 'foreign attribute names are case-sensitive');
  assert.equal(svg.getAttribute('xlink:href'), '#h');
  assert.equal(svg.getAttributeNS('http://www.w3.org/1999/xlink', 'href'), '#h');
  assert.equal(svg.hasAttributeNS('http://www.w3.org/XML/1998/namespace', 'lang'), true);
  assert.equal(svg.getAttributeNS(null, 'viewBox'), '0 0 1 1');
  const list = svg.attributes.map((a) => [a.name, a.localName, a.prefix, a.namespaceURI, a.value]);
  assert.deepEqual(list, [
    ['viewBox', 'viewBox', null, null, '0 0 1 1'],
    ['xlink:href', 'href', 'xlink', 'http://www.w3.org/1999/xlink', '#h'],
    ['xml:lang', 'lang', 'xml', 'http://www.w3.org/XML/1998/namespace', 'en'],
    ['xmlns:xlink', 'xlink', 'xmlns', 'http://www.w3.org/2000/xmlns/', 'xl'],
    ['xmlns', 'xmlns', null, 'http://www.w3.org/2000/xmlns/', 'ns'],
  ]);
  assert.equal(doc.body.attributes.length, 0);
  assert.equal(doc.body.hasAttributes(), false);
});

test('element navigation helpers', async () => {
  const doc = decode((await bufferFor('<!DOCTYPE html><ul>a<li>1</li>b<li>2</li><!--c--><li>3</li>d</ul>')).buffer);
  const ul = doc.body.firstChild;
  assert.equal(ul.children.length, 3);
  assert.equal(ul.childElementCount, 3);
  assert.equal(ul.firstElementChild.textContent, '1');
  assert.equal(ul.lastElementChild.textContent, '3');
  assert.equal(ul.children[1].previousElementSibling, ul.children[0]);
  assert.equal(ul.children[1].nextElementSibling, ul.children[2]);
  assert.equal(ul.children[2].nextElementSibling, null);
  assert.equal(ul.firstChild.nextElementSibling, ul.children[0]);
  assert.equal(ul.lastChild.previousElementSibling, ul.children[2]);
  assert.equal(ul.contains(ul.children[2].firstChild), true);
  assert.equal(ul.children[2].contains(ul), false);
  assert.equal(ul.contains(ul), true);
  assert.equal(ul.childNodes, ul.childNodes, 'childNodes is cached');
  assert.equal(ul.firstChild.firstChild, null);
  assert.equal(ul.firstChild.hasChildNodes(), false);
});

test('template contents', async () => {
  const doc = decode((await bufferFor('<!DOCTYPE html><template id=t><p>in</p><template id=u>deeper</template></template><p>after</p>')).buffer);
  const t = doc.getElementById('t');
  assert.ok(t instanceof dom.TemplateElement);
  assert.equal(t.childNodes.length, 0);
  assert.equal(t.firstChild, null);
  const c = t.content;
  assert.equal(c.nodeName, '#document-fragment');
  assert.equal(c.firstChild.localName, 'p');
  assert.equal(c.firstChild.parentNode, c);
  assert.equal(c.getRootNode(), c);
  assert.equal(c.firstChild.isConnected, false);
  assert.equal(c.querySelector('#u').content.textContent, 'deeper');
  assert.equal(t.nextSibling, null, 'template is last in head');
  assert.equal(doc.body.firstChild.textContent, 'after');
  assert.equal(t.innerHTML, '<p>in</p><template id="u">deeper</template>');
  // A foreign <template> is an ordinary element.
  const svg = decode((await bufferFor('<svg><template><b/></template></svg>', { fragment: true })).buffer);
  assert.equal(svg.firstChild.firstChild.content, undefined);
});

test('node identity and classes', async () => {
  const doc = decode((await bufferFor('<!DOCTYPE html><p>x<!--y--></p>')).buffer);
  const p = doc.body.firstChild;
  assert.equal(doc.body.firstChild, p);
  assert.equal(p.firstChild.parentNode, p);
  assert.ok(p instanceof dom.Element && p instanceof dom.Node);
  assert.ok(p.firstChild instanceof dom.Text && p.firstChild instanceof dom.CharacterData);
  assert.ok(p.lastChild instanceof dom.Comment);
  assert.ok(doc.doctype instanceof dom.DocumentType);
  assert.equal(dom.ELEMENT_NODE, 1);
  assert.equal(dom.DOCUMENT_FRAGMENT_NODE, 11);
});

test('innerHTML and outerHTML equal parse5 serialisation', async () => {
  for (const html of DOCUMENTS) {
    const { tree, buffer } = await bufferFor(html);
    const doc = decode(buffer);
    assert.equal(doc.innerHTML, parse5.serialize(tree));
    const stack = [[doc, tree]];
    while (stack.length) {
      const [a, b] = stack.pop();
      if (a.nodeType === 1) {
        assert.equal(a.outerHTML, parse5.serializeOuter(b), `outerHTML of ${a.localName} in ${JSON.stringify(html)}`);
        assert.equal(a.innerHTML, parse5.serialize(b), `innerHTML of ${a.localName} in ${JSON.stringify(html)}`);
        if (b.content) stack.push([a.content, b.content]);
      }
      a.childNodes.forEach((c, k) => stack.push([c, b.childNodes[k]]));
    }
  }
});

test('a million nested elements', () => {
  const { buffer } = runDump(null, ['--deep', '1000000']);
  const doc = decode(buffer);
  const body = doc.body;
  assert.equal(body.textContent, 'x');
  let e = body.firstChild;
  let depth = 0;
  while (e.nodeType === 1) {
    e = e.firstChild;
    depth++;
  }
  assert.equal(depth, 1000000);
  assert.equal(e.data, 'x');
  assert.equal(e.parentNode.parentNode.localName, 'div');
  assert.equal(body.lastChild.data, 'after');
  const html = body.innerHTML;
  assert.equal(html.length, 1000000 * 11 + 1 + '<!--after-->'.length);
  assert.ok(html.startsWith('<div><div>') && html.endsWith('</div></div><!--after-->'));
  assert.equal(doc.querySelectorAll('div').length, 1000000);
  assert.equal(doc.querySelector('body > div > div > div').parentNode.parentNode, body.firstChild);
  assert.equal(doc.querySelectorAll('div div div div:first-child:last-child').length, 1000000 - 3);
  assert.equal(e.parentNode.closest('body'), body);
  assert.equal(doc.getElementsByTagName('div').length, 1000000);
});

test('a hundred thousand nested templates', () => {
  const { buffer } = runDump(null, ['--deep-templates', '100000']);
  const doc = decode(buffer);
  let t = doc.body.firstChild;
  let depth = 0;
  while (t.nodeType === 1) {
    t = t.content.firstChild;
    depth++;
  }
  assert.equal(depth, 100000);
  assert.equal(t.data, 'x');
  assert.equal(doc.body.lastChild.data, 'after');
  const html = doc.body.innerHTML;
  assert.equal(html.length, 100000 * '<template></template>'.length + 1 + '<!--after-->'.length);
  assert.equal(doc.querySelectorAll('template').length, 1, 'contents are not searched');
});
