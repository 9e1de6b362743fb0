// Nodes that debug well (js/dom/inspect.js): util.inspect's short form, toJSON,
// isEqualNode, and deep equality in node:assert and Vitest that compares
// trees, never the internals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import util from 'node:util';
import { parse, parseFragment } from '../../../js/node.js';
import { repoRoot } from '../lib/shared.js';

const PAGE = '<!DOCTYPE html><title>T</title><p class=x id=y>Hello <b>world</b><!--c--><?pi data?><template><i>t</i></template><svg><path d=M0 xlink:href=#a /></svg>';
const INTERNALS = /Uint32Array|Uint16Array|_t\b|_i\b|names|chunks|\bTree\b/;

test('util.inspect: one line per node, children indented, down to the depth asked', () => {
  const doc = parse(PAGE);
  assert.equal(util.inspect(doc), [
    'Document (no-quirks) (2 children) {',
    '  DocumentType <!DOCTYPE html>',
    '  Element <html> (2 children) {',
    '    Element <head> (1 child)',
    '    Element <body> (1 child)',
    '  }',
    '}',
  ].join('\n'));
  assert.equal(util.inspect(doc.body.firstChild, { depth: 1 }), [
    'Element <p class="x" id="y"> (6 children) {',
    '  Text "Hello "',
    '  Element <b> (1 child)',
    '  Comment "c"',
    '  ProcessingInstruction <?pi data?>',
    '  Element <template>',
    '  Element <svg svg> (1 child)',
    '}',
  ].join('\n'));
  assert.equal(util.inspect(doc.body.firstChild.childNodes[4]), [
    'Element <template> {',
    '  content: DocumentFragment (1 child) {',
    '    Element <i> (1 child)',
    '  }',
    '}',
  ].join('\n'));
  assert.equal(util.inspect(doc.body.firstChild.lastChild.firstChild), 'Element <svg path d="M0" xlink:href="#a">');
  assert.equal(util.inspect(doc.body.firstChild.firstChild), 'Text "Hello "');
  assert.equal(util.inspect(doc.body.firstChild.attributes), '[ Attr class="x", Attr id="y" ]');
  assert.equal(util.inspect(parseFragment('<td>x', { context: 'tr' }), { depth: 0 }), 'DocumentFragment (1 child)');
  assert.equal(util.inspect(parse('<p>').doctype), 'null');
  assert.equal(util.inspect(parse('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "x">').doctype),
    'DocumentType <!DOCTYPE html "-//W3C//DTD HTML 4.01//EN" "x">');
  assert.equal(util.inspect(parse('x').body, { depth: 0 }), 'Element <body> (1 child)');
  // Nested in other values, the node keeps its short form.
  assert.equal(util.inspect({ node: parse('x').body.firstChild }), '{ node: Text "x" }');
});

test('util.inspect stays short: long text and many attributes or children are cut', () => {
  const long = 'word '.repeat(1000);
  const attrs = Array.from({ length: 50 }, (_, i) => `a${i}="${long}"`).join(' ');
  const kids = '<i>x</i>'.repeat(500);
  const doc = parse(`<p ${attrs}>${long}</p><div>${kids}</div>`);
  const p = util.inspect(doc.body.firstChild);
  assert.ok(p.length < 600, p);
  assert.match(p, /^Element <p a0="(word ){12}…" .* …44 more> \(1 child\) \{\n {2}Text "(word ){12}…"\n\}$/);
  const div = util.inspect(doc.body.lastChild, { depth: 1 });
  assert.equal(div.split('\n').length, 20 + 3);
  assert.match(div, /\n {2}… 480 more\n\}$/);
  assert.doesNotMatch(util.inspect(doc, { depth: 3 }), INTERNALS);
});

test('util.inspect of a very deep tree, at any depth, does not recurse and stops at 1000 lines', () => {
  const deep = parse('<div>'.repeat(20000)).body;
  const lines = util.inspect(deep, { depth: Infinity }).split('\n');
  assert.equal(lines.length, 1001);
  assert.equal(lines.at(-1), '… (cut at 1000 lines)');
  assert.equal(util.inspect(deep).split('\n').length, 5);
  assert.equal(util.inspect(parse('<div>'.repeat(300)).body, { depth: Infinity }).split('\n').length, 2 * 300 + 1);
});

test('toJSON: plain data of the subtree, no cycles; JSON.stringify works', () => {
  const doc = parse(PAGE);
  const p = doc.body.firstChild;
  assert.deepEqual(p.toJSON(), {
    type: 'element', name: 'p', attributes: { class: 'x', id: 'y' }, children: [
      { type: 'text', data: 'Hello ' },
      { type: 'element', name: 'b', attributes: {}, children: [{ type: 'text', data: 'world' }] },
      { type: 'comment', data: 'c' },
      { type: 'processingInstruction', target: 'pi', data: 'data' },
      { type: 'element', name: 'template', attributes: {}, children: [], content: { type: 'fragment', children: [
        { type: 'element', name: 'i', attributes: {}, children: [{ type: 'text', data: 't' }] },
      ] } },
      { type: 'element', name: 'svg', namespace: 'svg', attributes: {}, children: [
        { type: 'element', name: 'path', namespace: 'svg', attributes: { d: 'M0', 'xlink:href': '#a' }, children: [] },
      ] },
    ],
  });
  assert.deepEqual(JSON.parse(JSON.stringify(doc)).children[0], { type: 'doctype', name: 'html', publicId: '', systemId: '' });
  assert.equal(JSON.parse(JSON.stringify(doc)).mode, 'no-quirks');
  assert.equal(JSON.stringify({ x: p.firstChild }), '{"x":{"type":"text","data":"Hello "}}');
  assert.deepEqual(parseFragment('a').toJSON(), { type: 'fragment', children: [{ type: 'text', data: 'a' }] });
  // 20,000 levels: built without recursion.
  let j = parse('<div>'.repeat(20000)).body.toJSON();
  let depth = 0;
  while (j.children.length) { j = j.children[0]; depth++; }
  assert.equal(depth, 20000);
});

test('isEqualNode: the DOM standard\'s node equality', () => {
  const body = (html) => parse(html).body;
  assert.equal(body('<p a=1 b=2>x<!--y-->').isEqualNode(body('<!--z--><p b=2 a=1>x<!--y-->')), true, 'attributes in any order');
  assert.equal(body('<p>x').isEqualNode(body('<p>y')), false);
  assert.equal(body('<p>x').isEqualNode(body('<div>x')), false);
  assert.equal(body('<p a=1>').isEqualNode(body('<p a=2>')), false);
  assert.equal(body('<p a=1>').isEqualNode(body('<p a=1 b>')), false);
  assert.equal(body('<svg><a xlink:href=1>').isEqualNode(body('<svg><a href=1>')), false);
  assert.equal(body('<p>x').isEqualNode(body('<p>x<p>')), false);
  assert.equal(body('<p>').firstChild.isEqualNode(body('<svg>').firstChild), false);
  assert.equal(parse('<!DOCTYPE html>').doctype.isEqualNode(parse('<!DOCTYPE html SYSTEM "s">').doctype), false);
  assert.equal(body('<body><?a b?>').isEqualNode(body('<body><?a c?>')), false);
  assert.equal(body('x').isEqualNode(null), false);
  assert.throws(() => body('x').isEqualNode({}), TypeError, 'not a Node: a TypeError, as WebIDL gives');
  const deep = '<div>'.repeat(20000);
  assert.equal(body(deep).isEqualNode(body(deep)), true);
  assert.equal(body(deep + 'x').isEqualNode(body(deep + 'y')), false);
  // As the standard says: a template's contents are not its children.
  assert.equal(body('<body><template>a</template>').isEqualNode(body('<body><template>b</template>')), true);
});

test('node:assert deepStrictEqual compares trees', () => {
  const body = (html) => parse(html).body;
  assert.deepStrictEqual(body('<p class=x>a<b>c</b><!--d--><template>t</template>'), body('<!--z--><p class=x>a<b>c</b><!--d--><template>t</template>'));
  assert.deepStrictEqual(parse(PAGE), parse(PAGE));
  assert.ok(util.isDeepStrictEqual(body('<p>a'), body('<p>a')));
  const differ = [
    ['<p>a<b>c</b>', '<p>a<b>d</b>', /data: \[Getter(?:\/Setter)?: 'c'\]\n-\s+data: \[Getter(?:\/Setter)?: 'd'\]/],
    ['<p class=x>', '<p class=y>', /value: (?:\[Getter\/Setter: )?'x'\]?\n-\s+value: (?:\[Getter\/Setter: )?'y'/],
    ['<p>', '<div>', /nodeName: \[Getter: 'P'\]\n-\s+nodeName: \[Getter: 'DIV'\]/],
    ['<svg><a xlink:href=x>', '<svg><a href=x>', /name: \[Getter: 'xlink:href'\],\n-\s+name: \[Getter: 'href'\]/],
    ['<body><template>a</template>', '<body><template>b</template>', /data: \[Getter(?:\/Setter)?: 'a'\]\n-\s+data: \[Getter(?:\/Setter)?: 'b'\]/],
    ['<p>x<!--a-->', '<p>x<!--b-->', /Comment \{\n\+\s+data: \[Getter(?:\/Setter)?: 'a'\]/],
    ['<body><?a b?>', '<body><?a c?>', /data: \[Getter(?:\/Setter)?: 'b'\]/],
  ];
  for (const [a, b, diff] of differ) {
    assert.throws(() => assert.deepStrictEqual(body(a), body(b)), (e) => {
      assert.equal(e.code, 'ERR_ASSERTION');
      assert.match(e.message, diff);
      assert.doesNotMatch(e.message, INTERNALS);
      assert.ok(e.message.length < 800, e.message);
      return true;
    }, `${a} vs ${b}`);
  }
  assert.equal(util.isDeepStrictEqual(parse('<!DOCTYPE html>x'), parse('x')), false, 'doctype and mode');
  // The nodes read as before once compared.
  const p = body('<p class=x>a').firstChild;
  assert.deepStrictEqual(p, body('<p class=x>a').firstChild);
  assert.equal(p.nodeName, 'P');
  assert.equal(p.childNodes[0].data, 'a');
  assert.equal(p.attributes[0].localName, 'class');
  assert.deepEqual(Object.keys(p), ['nodeName', 'attributes', 'childNodes']);
});

test("Vitest's toEqual compares trees (isEqualNode) and shows the difference", () => {
  const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
  const r = spawnSync(process.execPath, [vitest, 'run', '--root', join(repoRoot, 'test/js/unit/vitest'), '--color=false'], {
    cwd: repoRoot, encoding: 'utf8', timeout: 120_000, env: { ...process.env, CI: '1', NO_COLOR: '1' },
  });
  const out = r.stdout + r.stderr;
  assert.equal(r.status, 1, out);
  assert.match(out, /Tests {2}1 failed \| 2 passed \(3\)/, out);
  assert.match(out, /FAIL .*MARKER the failure shows the difference/, out);
  assert.match(out, /-\s+d\n\+\s+c/, out);
  assert.doesNotMatch(out, /FAIL .*(equal trees are equal|different trees are not)/, out);
});
