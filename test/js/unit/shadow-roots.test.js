// Declarative shadow roots (parse option shadowRoots; HTML 13.2.6.4.4, a start
// tag "template"; DOM "attach a shadow root"): the DOM-like ShadowRoot,
// element.shadowRoot and getHTML(), the object format's host.shadowRoot and
// what parse5 tools make of it, serialize()/serializeBuffer() writing roots
// back as declarative templates, the flat buffer (version 2) and its checks,
// option checks.  The trees themselves: test/data/wpt/shadow-roots.dat
// (conformance/tree.test.js, make test-native); against Chromium:
// test/js/browser/shadow-roots.test.js.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { fromParse5 } from 'hast-util-from-parse5';
import * as parse5 from 'parse5';

import { decode, dumpTree, parse, parseFragment, parseToBuffer, serialize, serializeBuffer, serializeOuter } from '../../../js/node.js';
import { ShadowRoot, shadowRootOf } from '../../../js/dom/dom.js';
import { INFO_SHADOW_ROOT, N_PARENT, NODE_WORDS, HEADER_BYTES, H_NODES_OFF, SHADOW_ALL, FORMAT_VERSION } from '../../../js/core/abi.js';

const EXAMPLE = '<div id=h><template shadowrootmode=open shadowrootserializable><b>x</b><slot></slot></template>light</div>';
const ALL_FLAGS = '<p id=c><template shadowrootmode=closed shadowrootdelegatesfocus shadowrootclonable shadowrootserializable ' +
  'shadowrootslotassignment=manual shadowrootcustomelementregistry><i>c</i></template>q</p>';
const NOT_SERIALIZABLE = '<x-y id=n><template shadowrootmode=open><u>n</u></template>m</x-y>';

describe('the DOM format', () => {
  test("the issue's example: shadowRoot, innerHTML, getHTML", () => {
    const d = parse(EXAMPLE, { shadowRoots: true });
    const h = d.getElementById('h');
    const sr = h.shadowRoot;
    assert.ok(sr instanceof ShadowRoot);
    assert.equal(sr.innerHTML, '<b>x</b><slot></slot>');
    assert.equal(d.body.innerHTML, '<div id="h">light</div>');
    assert.equal(d.body.getHTML({ serializableShadowRoots: true }),
      '<div id="h"><template shadowrootmode="open" shadowrootserializable=""><b>x</b><slot></slot></template>light</div>');
    assert.equal(d.body.getHTML(), '<div id="h">light</div>');
    assert.equal(h.getHTML({ serializableShadowRoots: true }), '<template shadowrootmode="open" shadowrootserializable=""><b>x</b><slot></slot></template>light');
    assert.equal(sr.getHTML(), '<b>x</b><slot></slot>');
  });

  test('a ShadowRoot is a DocumentFragment that hangs off its host', () => {
    const d = parse(EXAMPLE, { shadowRoots: true });
    const h = d.getElementById('h');
    const sr = h.shadowRoot;
    assert.equal(sr.nodeType, 11);
    assert.equal(sr.nodeName, '#document-fragment');
    assert.equal(sr.host, h);
    assert.equal(sr.parentNode, null);
    assert.deepEqual([sr.mode, sr.delegatesFocus, sr.clonable, sr.serializable, sr.slotAssignment, sr.keepCustomElementRegistryNull],
      ['open', false, false, true, 'named', false]);
    assert.deepEqual(sr.children.map((e) => e.localName), ['b', 'slot']);
    assert.equal(sr.querySelector('slot').localName, 'slot');
    assert.equal(sr.firstChild.getRootNode(), sr);
    // The shadow tree is not the host's children, and selectors do not enter it.
    assert.deepEqual(h.childNodes.map((n) => n.nodeName), ['#text']);
    assert.equal(h.firstChild.data, 'light');
    assert.equal(d.querySelector('b'), null);
    assert.equal(d.getElementsByTagName('slot').length, 0);
    assert.equal(h.textContent, 'light');
    assert.equal(h.outerHTML, '<div id="h">light</div>');
  });

  test('closed roots: shadowRoot is null, shadowRootOf() and getHTML({ shadowRoots }) reach them', () => {
    const d = parse(ALL_FLAGS, { shadowRoots: true });
    const c = d.getElementById('c');
    assert.equal(c.shadowRoot, null);
    const sr = shadowRootOf(c);
    assert.deepEqual([sr.mode, sr.delegatesFocus, sr.clonable, sr.serializable, sr.slotAssignment, sr.keepCustomElementRegistryNull],
      ['closed', true, true, true, 'manual', true]);
    const tmpl = '<template shadowrootmode="closed" shadowrootdelegatesfocus="" shadowrootserializable="" ' +
      'shadowrootslotassignment="manual" shadowrootclonable="" shadowrootcustomelementregistry=""><i>c</i></template>';
    assert.equal(c.getHTML({ serializableShadowRoots: true }), tmpl + 'q');
    assert.equal(c.getHTML({ shadowRoots: [sr] }), tmpl + 'q');
    assert.equal(c.getHTML(), 'q');
    assert.equal(shadowRootOf(d.body), null);
  });

  test('shadowRoots: [root] writes that root whatever its serializable, true writes all', () => {
    const d = parse(EXAMPLE + NOT_SERIALIZABLE, { shadowRoots: true });
    const n = d.getElementById('n');
    assert.equal(d.body.getHTML({ serializableShadowRoots: true }),
      '<div id="h"><template shadowrootmode="open" shadowrootserializable=""><b>x</b><slot></slot></template>light</div><x-y id="n">m</x-y>');
    assert.equal(d.body.getHTML({ shadowRoots: [n.shadowRoot] }),
      '<div id="h">light</div><x-y id="n"><template shadowrootmode="open"><u>n</u></template>m</x-y>');
    assert.equal(serialize(d.body, { shadowRoots: true }),
      '<div id="h"><template shadowrootmode="open" shadowrootserializable=""><b>x</b><slot></slot></template>light</div><x-y id="n"><template shadowrootmode="open"><u>n</u></template>m</x-y>');
    assert.equal(serializeOuter(n, { shadowRoots: true }), '<x-y id="n"><template shadowrootmode="open"><u>n</u></template>m</x-y>');
  });

  test('round trip: the written templates parse to the same tree', () => {
    const html = EXAMPLE + ALL_FLAGS + NOT_SERIALIZABLE + '<div><template shadowrootmode=open><p><template shadowrootmode=open>in</template>x</p></template></div>';
    const d = parse(html, { shadowRoots: true });
    const again = parse(serialize(d, { shadowRoots: true }), { shadowRoots: true });
    assert.equal(dumpTree(again), dumpTree(d));
  });

  test('off by default (as DOMParser): the template stays a template', () => {
    const d = parse(EXAMPLE);
    assert.equal(d.getElementById('h').shadowRoot, null);
    assert.equal(d.body.innerHTML, '<div id="h"><template shadowrootmode="open" shadowrootserializable=""><b>x</b><slot></slot></template>light</div>');
    assert.equal(dumpTree(parse(EXAMPLE, { shadowRoots: false })), dumpTree(d));
  });

  test('fragments: parseFragment() attaches below the context, never to the context itself', () => {
    const f = parseFragment('<template shadowrootmode=open>t</template>' + EXAMPLE, { context: 'div', shadowRoots: true });
    assert.equal(f.firstChild.localName, 'template');
    assert.equal(f.childNodes[1].shadowRoot.innerHTML, '<b>x</b><slot></slot>');
  });

  test('dumpTree shows every root with its flags', () => {
    assert.equal(dumpTree(parse(ALL_FLAGS, { shadowRoots: true })), [
      '| <html>', '|   <head>', '|   <body>', '|     <p>', '|       id="c"',
      '|       #shadow-root (closed) delegatesfocus serializable slotassignment=manual clonable customelementregistry',
      '|         <i>', '|           "c"', '|       "q"', ''].join('\n'));
  });

  test('source locations: a shadow root spans its template', () => {
    const d = parse(EXAMPLE, { shadowRoots: true, sourceLocations: true });
    const sr = d.getElementById('h').shadowRoot;
    assert.equal(sr.sourceCodeLocation, null); // fragments have none (as parse5's)
    const b = sr.firstChild.sourceCodeLocation;
    assert.equal(EXAMPLE.slice(b.startOffset, b.endOffset), '<b>x</b>');
  });
});

describe('the object format', () => {
  test('host.shadowRoot, with its flags and host', () => {
    const doc = parse(ALL_FLAGS + EXAMPLE, { shadowRoots: true, format: 'object' });
    const body = doc.childNodes[0].childNodes[1];
    const [p, div] = body.childNodes;
    assert.deepEqual(Object.keys(p.shadowRoot), ['nodeName', 'childNodes', 'mode', 'delegatesFocus', 'clonable', 'serializable',
      'slotAssignment', 'keepCustomElementRegistryNull', 'host']);
    assert.equal(p.shadowRoot.host, p);
    assert.equal(p.shadowRoot.mode, 'closed');
    assert.equal(p.shadowRoot.childNodes[0].parentNode, p.shadowRoot);
    assert.equal(div.shadowRoot.childNodes.length, 2);
    assert.equal(div.childNodes.length, 1);
    assert.equal(serialize(body, { serializableShadowRoots: true }), parse(ALL_FLAGS + EXAMPLE, { shadowRoots: true }).body.getHTML({ serializableShadowRoots: true }));
    assert.equal(serialize(body), '<p id="c">q</p><div id="h">light</div>');
    assert.equal(dumpTree(doc), dumpTree(parse(ALL_FLAGS + EXAMPLE, { shadowRoots: true })));
  });

  test('parse5.serialize leaves the shadow tree out; hast-util-from-parse5 does not throw', () => {
    const doc = parse(EXAMPLE, { shadowRoots: true, format: 'object' });
    assert.equal(parse5.serialize(doc), '<html><head></head><body><div id="h">light</div></body></html>');
    const hast = fromParse5(doc);
    assert.equal(hast.type, 'root');
    const div = hast.children[0].children[1].children[0];
    assert.equal(div.tagName, 'div');
    assert.deepEqual(div.children, [{ type: 'text', value: 'light' }]);
  });
});

describe('the flat buffer (format version 2) and serializeBuffer', () => {
  test('a shadow root record right after its host; serializeBuffer writes it as the JS serialiser does', () => {
    const html = EXAMPLE + ALL_FLAGS + NOT_SERIALIZABLE;
    const buf = parseToBuffer(html, { shadowRoots: true });
    const u = new Uint32Array(buf);
    assert.equal(u[1], FORMAT_VERSION);
    assert.equal(FORMAT_VERSION, 2);
    const nodes = u.subarray(u[H_NODES_OFF] / 4);
    const roots = [];
    for (let i = 0; i * NODE_WORDS < nodes.length && roots.length < 3; i++) {
      if (nodes[i * NODE_WORDS] & INFO_SHADOW_ROOT) roots.push([i, nodes[i * NODE_WORDS + N_PARENT], nodes[i * NODE_WORDS + 5]]);
    }
    assert.equal(roots.length, 3);
    for (const [i, host] of roots) assert.equal(host, i - 1);
    const d = decode(buf);
    for (const o of [{}, { serializableShadowRoots: true }, { shadowRoots: true }]) {
      const js = serialize(d, o);
      assert.equal(serializeBuffer(buf, o), js, JSON.stringify(o));
    }
    assert.equal(serializeBuffer(buf, { node: roots[0][1], shadowRoots: true }), d.getElementById('h').getHTML({ shadowRoots: true }));
    assert.equal(serializeBuffer(buf, { node: roots[0][0] }), '<b>x</b><slot></slot>');
  });

  test('validation refuses a misplaced shadow root and unknown state bits', () => {
    const buf = parseToBuffer(EXAMPLE, { shadowRoots: true });
    const u = new Uint32Array(buf);
    const n = u.subarray(u[H_NODES_OFF] / 4);
    let r = 0;
    while (!(n[r * NODE_WORDS] & INFO_SHADOW_ROOT)) r++;
    const bits = buf.slice(0);
    new Uint32Array(bits, u[H_NODES_OFF])[r * NODE_WORDS + 5] = SHADOW_ALL + 1;
    assert.throws(() => decode(bits), { name: 'RangeError', message: /unknown shadow root bits/ });
    assert.throws(() => serializeBuffer(bits), RangeError);
    const moved = buf.slice(0);
    const m = new Uint32Array(moved, u[H_NODES_OFF]);
    m[r * NODE_WORDS] &= ~INFO_SHADOW_ROOT; // now a fragment inside the tree
    assert.throws(() => decode(moved), { name: 'RangeError', message: /a document or fragment inside the tree/ });
    assert.ok(HEADER_BYTES > 0);
  });
});

test('option checks', () => {
  assert.throws(() => parse('x', { shadowRoots: 'yes' }), { name: 'TypeError', message: /option 'shadowRoots' must be a boolean/ });
  assert.throws(() => serialize(parse('x'), { shadowRoots: ['x'] }), { name: 'TypeError', message: /option 'shadowRoots' must be an array of shadow roots/ });
  assert.throws(() => serialize(parse('x'), { serializableShadowRoots: 1 }), { name: 'TypeError', message: /must be a boolean/ });
  assert.throws(() => serializeBuffer(parseToBuffer('x'), { shadowRoots: [] }), { name: 'TypeError', message: /must be a boolean/ });
});
