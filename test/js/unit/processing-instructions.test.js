// Processing instructions (whatwg/html 320c05f6 and 255188e5, 2026; their
// serialization <?target data?>, PR 12654) through the public API: the
// option processingInstructions (default true; false: the pre-2026 bogus
// comment), the DOM-like ProcessingInstruction, the object format's form and
// what tools built on parse5 make of it, tokens, buffers, parse errors.
// The trees themselves: test/data/wpt/*.dat (conformance/tree.test.js) and
// Chromium 156 (browser/browser.test.js).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import * as parse5 from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';

import {
  decode, dumpTree, parse, parseFragment, parseToBuffer, parseToView, serialize, serializeBuffer, serializeOuter,
  tokenize,
} from '../../../js/node.js';
import { readHeader } from '../../../js/dom/decode.js';
import { repoRoot } from '../lib/shared.js';
import { PROCESSING_INSTRUCTION_NODE } from '../../../js/dom/dom.js';

// The example: in Chromium 156, PI(php, "echo 1 "), "x", comment
// "?xml-stylesheet href=a?", comment "?a$b?", PI(A-B, "c ?d").
const EXAMPLE = '<p><?php echo 1 ?>x<?xml-stylesheet href=a?><?a$b?><?A-B c ?d?>';
const SERIALIZED = '<p><?php echo 1 ?>x<!--?xml-stylesheet href=a?--><!--?a$b?--><?A-B c ?d?></p>';

describe('processing instructions: DOM-like nodes', () => {
  test('ProcessingInstruction: nodeType 7, nodeName and target the target, data = nodeValue = textContent', () => {
    const p = parse(EXAMPLE).querySelector('p');
    const [pi, x, c1, c2, pi2] = p.childNodes;
    assert.equal(PROCESSING_INSTRUCTION_NODE, 7);
    assert.equal(pi.nodeType, 7);
    assert.equal(pi.constructor.name, 'ProcessingInstruction');
    assert.equal(pi.nodeName, 'php');
    assert.equal(pi.target, 'php');
    assert.equal(pi.data, 'echo 1 ');
    assert.equal(pi.nodeValue, 'echo 1 ');
    assert.equal(pi.textContent, 'echo 1 ');
    assert.equal(pi.length, 7);
    assert.equal(pi.parentNode, p);
    assert.equal(pi.nextSibling, x);
    assert.deepEqual([...pi.childNodes], []); // a NodeList (issue 18)
    assert.equal(pi.hasChildNodes(), false);
    assert.equal(x.data, 'x');
    assert.deepEqual([c1.nodeType, c1.data, c2.nodeType, c2.data], [8, '?xml-stylesheet href=a?', 8, '?a$b?']);
    assert.deepEqual([pi2.nodeName, pi2.target, pi2.data], ['A-B', 'A-B', 'c ?d']);
    // An element's textContent is its Text descendants' data (DOM): no PI data.
    assert.equal(p.textContent, 'x');
    assert.equal(p.children.length, 0);
  });

  test('serialization: <?target data?>, <?target ?> without data (outerHTML, innerHTML, serialize, C)', () => {
    const doc = parse(EXAMPLE);
    const p = doc.querySelector('p');
    assert.equal(p.outerHTML, SERIALIZED);
    assert.equal(serializeOuter(p.firstChild), '<?php echo 1 ?>');
    assert.equal(serialize(parseFragment('<?x?><?q ??>', { context: 'div' })), '<?x ?><?q ??>');
    // data that ends in "?" survives the next parse (the reason for "?>")
    const again = parseFragment(serialize(parseFragment('<?q ??>', { context: 'div' })), { context: 'div' });
    assert.equal(again.firstChild.data, '?');
    const buf = parseToBuffer(EXAMPLE);
    assert.equal(serializeBuffer(buf), serialize(doc));
    assert.equal(serialize(doc), `<html><head></head><body>${SERIALIZED}</body></html>`);
  });

  test('dumpTree writes | <?target data?> as the .dat files do', () => {
    assert.equal(dumpTree(parseFragment('<?a b?><?c?>', { context: 'div' })), '| <?a b?>\n| <?c ?>\n');
  });

  test('processingInstructions: false gives the pre-2026 tree: bogus comments', () => {
    const p = parse(EXAMPLE, { processingInstructions: false }).querySelector('p');
    assert.deepEqual(p.childNodes.map((n) => [n.nodeType, n.data]),
      [[8, '?php echo 1 ?'], [3, 'x'], [8, '?xml-stylesheet href=a?'], [8, '?a$b?'], [8, '?A-B c ?d?']]);
    const f = parseFragment('<?a?>', { context: 'div', processingInstructions: false });
    assert.equal(f.firstChild.nodeType, 8);
  });
});

describe('processing instructions: the object format and tools built on parse5', () => {
  test('a PI is a comment to parse5 tools, with processingInstruction: { target, data }', () => {
    const p = parse(EXAMPLE, { format: 'object' }).childNodes[0].childNodes[1].childNodes[0];
    const pi = p.childNodes[0];
    assert.deepEqual(Object.keys(pi), ['nodeName', 'data', 'parentNode', 'processingInstruction']);
    assert.equal(pi.nodeName, '#comment');
    assert.equal(pi.data, '?php echo 1 ?');
    assert.equal(pi.parentNode, p);
    assert.deepEqual(pi.processingInstruction, { target: 'php', data: 'echo 1 ' });
    assert.deepEqual(p.childNodes[4].processingInstruction, { target: 'A-B', data: 'c ?d' });
    assert.equal(p.childNodes[2].processingInstruction, undefined, 'a bogus comment stays a comment');
    assert.equal(serialize(p), SERIALIZED.slice(3, -4));
    assert.equal(dumpTree(p), '| <?php echo 1 ?>\n| "x"\n| <!-- ?xml-stylesheet href=a? -->\n| <!-- ?a$b? -->\n| <?A-B c ?d?>\n');
  });

  test('parse5.serialize writes it as a comment, and does not throw', () => {
    const tree = parse(EXAMPLE, { format: 'object' });
    assert.equal(parse5.serialize(tree), '<html><head></head><body><p><!--?php echo 1 ?-->x<!--?xml-stylesheet href=a?--><!--?a$b?--><!--?A-B c ?d?--></p></body></html>');
    // which parse5 (and every pre-2026 parser) reads back as comments
    assert.equal(parse5.serialize(parse5.parse(parse5.serialize(tree))), parse5.serialize(tree));
  });

  test('hast-util-from-parse5 makes comments of them, and does not throw', () => {
    for (const sourceLocations of [false, true]) {
      const html = EXAMPLE;
      const tree = parse(html, { format: 'object', sourceLocations });
      const hast = fromParse5(tree, sourceLocations ? { file: html } : undefined);
      const p = hast.children[0].children[1].children[0];
      assert.equal(p.tagName, 'p');
      assert.deepEqual(p.children.map((c) => [c.type, c.value]),
        [['comment', '?php echo 1 ?'], ['text', 'x'], ['comment', '?xml-stylesheet href=a?'], ['comment', '?a$b?'], ['comment', '?A-B c ?d?']]);
      if (sourceLocations) assert.deepEqual([p.children[0].position.start.offset, p.children[0].position.end.offset], [3, 18]);
    }
  });

  test('processingInstructions: false gives exactly parse5\'s tree', () => {
    assert.deepEqual(parse(EXAMPLE, { format: 'object', processingInstructions: false }), parse5.parse(EXAMPLE));
  });

  test('serialize() and dumpTree() take a user-built { nodeName: "#processing-instruction", target, data }', () => {
    const div = { nodeName: 'div', tagName: 'div', attrs: [], namespaceURI: 'http://www.w3.org/1999/xhtml', childNodes: [], parentNode: null };
    div.childNodes.push({ nodeName: '#processing-instruction', target: 'm', data: 'n=1', parentNode: div });
    assert.equal(serializeOuter(div), '<div><?m n=1?></div>');
    assert.equal(dumpTree(div), '| <?m n=1?>\n');
  });
});

describe('processing instructions: buffers, tokens, errors, options', () => {
  test('parseToBuffer / parseToView: type 7 records, decoded in both formats', () => {
    const buf = parseToBuffer('<?a b?>');
    const legacy = parseToBuffer('<?a b?>', { processingInstructions: false });
    assert.equal(readHeader(buf).nodeCount, readHeader(legacy).nodeCount);
    assert.equal(decode(buf).firstChild.nodeType, 7);
    assert.equal(decode(legacy).firstChild.nodeType, 8);
    assert.deepEqual(decode(buf, { format: 'object' }).childNodes[0].processingInstruction, { target: 'a', data: 'b' });
    assert.equal(decode(parseToView('<p><?a b?>', { fragment: true, context: 'div' }).slice()).firstChild.firstChild.target, 'a');
    assert.equal(serializeBuffer(parseToView('<?a b?>', { fragment: true, processingInstructions: false })), '<!--?a b?-->');
  });

  test('tokenize(): processingInstruction tokens by default; false: comments (as html5lib-tests expect)', () => {
    assert.deepEqual(tokenize('<?php echo 1 ?>x<?xml a?>'), [
      { type: 'processingInstruction', target: 'php', data: 'echo 1 ' },
      { type: 'character', data: 'x' },
      { type: 'comment', data: '?xml a?' },
    ]);
    assert.deepEqual(tokenize('<?php echo 1 ?>', { processingInstructions: false }), [{ type: 'comment', data: '?php echo 1 ?' }]);
  });

  test('parse errors: the four codes, at their positions', () => {
    const errors = (html, o) => {
      const out = [];
      parse('<!DOCTYPE html>' + html, { ...o, onParseError: (e) => out.push(`${e.code}@${e.col - 15}`) });
      return out;
    };
    assert.deepEqual(errors('<?xml a?>'), ['disallowed-processing-instruction-target@6']);
    assert.deepEqual(errors('<?a$b?>'), ['invalid-processing-instruction-target@4']);
    assert.deepEqual(errors('<?1?>'), ['invalid-first-character-of-processing-instruction-target@3']);
    assert.deepEqual(errors('<?ab'), ['eof-in-processing-instruction@5']);
    assert.deepEqual(errors('<?php x?>'), []);
    assert.deepEqual(errors('<?php x?>', { processingInstructions: false }), ['unexpected-question-mark-instead-of-tag-name@2']);
  });

  test('the option is checked: a non-boolean is a TypeError naming it', () => {
    for (const fn of [() => parse('', { processingInstructions: 1 }), () => parseFragment('', { processingInstructions: 'no' }),
      () => parseToBuffer('', { processingInstructions: null }), () => tokenize('', { processingInstructions: 0 })]) {
      assert.throws(fn, (e) => e instanceof TypeError && /processingInstructions/.test(e.message));
    }
  });

  test('the command line: PIs by default, --no-processing-instructions the bogus comment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'h5-pi-'));
    try {
      const file = join(dir, 'p.html');
      writeFileSync(file, '<p><?php x?>');
      const cli = (...a) => execFileSync(process.execPath, [join(repoRoot, 'bin/html5-wasm.js'), ...a, file], { encoding: 'utf8' });
      assert.match(cli(), /\|       <\?php x\?>\n/);
      assert.match(cli('--no-processing-instructions'), /\|       <!-- \?php x\? -->\n/);
      assert.match(cli('--tokens'), /{"type":"processingInstruction","target":"php","data":"x"}/);
      assert.match(cli('--tokens', '--no-processing-instructions'), /{"type":"comment","data":"\?php x\?"}/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
