// The command line (bin/html5-wasm.js), run as people run it: a child
// process per invocation, files in a temporary folder, stdin through
// spawnSync's input.  Each test checks stdout, stderr (an error is one line,
// never a stack trace) and the exit status (0 parsed, 1 input error, 2 usage).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { repoRoot } from '../lib/shared.js';

const BIN = join(repoRoot, 'bin/html5-wasm.js');
let dir;

/** Run the CLI in `dir`: { out, err, status }.  `node` = options of node itself (before the script). */
function cli(args, { input, node = [] } = {}) {
  const r = spawnSync(process.execPath, [...node, BIN, ...args], { cwd: dir, input, encoding: 'utf8' });
  return { out: r.stdout, err: r.stderr, status: r.status };
}

/** An error: nothing on stdout, one line on stderr matching `re`, exit status `status`. */
function assertError(r, status, re) {
  assert.equal(r.out, '');
  assert.match(r.err, /^html5-wasm: [^\n]+\n$/, `one line on stderr; got ${JSON.stringify(r.err)}`);
  assert.doesNotMatch(r.err, /\bat .*:\d+:\d+/);
  assert.match(r.err, re);
  assert.equal(r.status, status);
}

const PAGE = '<!DOCTYPE html><title>T</title><p class=a>one<p class=a>two <b>x</b><div id=d>three';

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'h5-cli-'));
  writeFileSync(join(dir, 'page.html'), PAGE);
  mkdirSync(join(dir, 'folder'));
  symlinkSync(join(dir, 'nowhere.html'), join(dir, 'dangling.html'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('information', () => {
  test('--help lists every option on stdout, exit 0', () => {
    for (const flag of ['--help', '-h']) {
      const r = cli([flag]);
      assert.equal(r.status, 0);
      assert.equal(r.err, '');
      for (const opt of ['--format', 'tree', 'html', 'json', 'tokens', '--tokens', '--select', '--fragment', '--encoding',
        '--no-scripting', '--no-processing-instructions', '--max-errors', '--version', '--sanitize']) {
        assert.ok(r.out.includes(opt), `--help mentions ${opt}`);
      }
    }
  });

  test("--version prints package.json's version", () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    assert.deepEqual(cli(['--version']), { out: `${version}\n`, err: '', status: 0 });
    assert.equal(cli(['-v']).out, `${version}\n`);
  });
});

describe('formats', () => {
  test('tree (the default): the html5lib dump, the encoding, the parse errors', () => {
    const r = cli(['page.html']);
    assert.equal(r.status, 0);
    assert.equal(r.err, '');
    assert.equal(r.out, [
      '| <!DOCTYPE html>', '| <html>', '|   <head>', '|     <title>', '|       "T"', '|   <body>',
      '|     <p>', '|       class="a"', '|       "one"', '|     <p>', '|       class="a"', '|       "two "', '|       <b>', '|         "x"',
      '|     <div>', '|       id="d"', '|       "three"',
      '# encoding: windows-1252', '# 1 parse error(s)', '#   page.html:1:84 eof-with-open-elements', ''].join('\n'));
    assert.equal(cli(['--format', 'tree', 'page.html']).out, r.out);
    assert.equal(cli(['--format=tree', 'page.html']).out, r.out);
  });

  test('html: the serialised document; with --fragment the serialised fragment', () => {
    assert.deepEqual(cli(['--format', 'html', 'page.html']), {
      out: '<!DOCTYPE html><html><head><title>T</title></head><body><p class="a">one</p><p class="a">two <b>x</b></p>' +
        '<div id="d">three</div></body></html>\n',
      err: '', status: 0,
    });
    assert.deepEqual(cli(['--format', 'html', '--fragment', 'tr', '-'], { input: '<td>a<td>b' }),
      { out: '<td>a</td><td>b</td>\n', err: '', status: 0 });
  });

  test('json: the object format without parentNode links', () => {
    const r = cli(['--format', 'json', 'page.html']);
    assert.equal(r.status, 0);
    assert.equal(r.err, '');
    assert.doesNotMatch(r.out, /parentNode/);
    const doc = JSON.parse(r.out);
    assert.equal(doc.nodeName, '#document');
    assert.equal(doc.mode, 'no-quirks');
    assert.deepEqual(doc.childNodes[0], { nodeName: '#documentType', name: 'html', publicId: '', systemId: '' });
    const body = doc.childNodes[1].childNodes[1];
    assert.deepEqual(body.childNodes.map((n) => n.nodeName), ['p', 'p', 'div']);
    assert.deepEqual(body.childNodes[2], {
      nodeName: 'div', tagName: 'div', attrs: [{ name: 'id', value: 'd' }], namespaceURI: 'http://www.w3.org/1999/xhtml',
      childNodes: [{ nodeName: '#text', value: 'three' }],
    });
    const frag = JSON.parse(cli(['--format', 'json', '--fragment', 'select', '-'], { input: '<option>x' }).out);
    assert.equal(frag.nodeName, '#document-fragment');
    assert.deepEqual(frag.childNodes[0].childNodes, [{ nodeName: '#text', value: 'x' }]);
  });

  test('tokens: one JSON token a line, then the parse errors as JSON lines; --tokens is the same', () => {
    const r = cli(['--format', 'tokens', '-'], { input: '<a href=x>hi</a><!--' });
    assert.equal(r.status, 0);
    assert.equal(r.err, '');
    assert.equal(r.out, [
      '{"type":"startTag","name":"a","attributes":[{"name":"href","value":"x"}],"selfClosing":false}',
      '{"type":"character","data":"hi"}', '{"type":"endTag","name":"a"}', '{"type":"comment","data":""}',
      '{"type":"parseError","code":"eof-in-comment","line":1,"col":21,"offset":20}', ''].join('\n'));
    assert.deepEqual(cli(['--tokens', '-'], { input: '<a href=x>hi</a><!--' }), r);
  });

  // Issue 30: a JSON-lines consumer reads every line of stdout as JSON.
  test('tokens: every line of stdout is JSON, the errors those of tokenize() with their offsets', async () => {
    const { tokenize } = await import(pathToFileURL(join(repoRoot, 'js/node.js')).href);
    const input = '<!DOCTYPE html><p a=1 a=2>x&notit;\0</p><!-- a -- b --!><x y="z"/ ></x><![CDATA[q]]><?pi x?></p\n<';
    const expectedErrors = [];
    const expectedTokens = tokenize(input, { onParseError: (e) => expectedErrors.push(e) });
    assert.ok(expectedErrors.length >= 5, `${expectedErrors.length} errors`);
    const r = cli(['--tokens', '-'], { input });
    assert.equal(r.status, 0);
    assert.equal(r.err, '');
    assert.match(r.out, /\n$/);
    const lines = r.out.slice(0, -1).split('\n').map((l) => JSON.parse(l));
    const errors = lines.filter((l) => l.type === 'parseError');
    assert.deepEqual(lines.slice(0, lines.length - errors.length), JSON.parse(JSON.stringify(expectedTokens)));
    assert.deepEqual(errors, expectedErrors.map(({ code, line, col, offset }) => ({ type: 'parseError', code, line, col, offset })));
  });

  test('tokens: --max-errors N lists N errors, then how many were left out, as JSON', () => {
    const input = '<a \0=1 \0=2 \0=3>&#0;';
    const all = cli(['--tokens', '-'], { input }).out.trim().split('\n').map((l) => JSON.parse(l));
    const errors = all.filter((l) => l.type === 'parseError');
    assert.equal(errors.length, 6); // three NULs, two duplicate attributes, &#0;
    const two = cli(['--tokens', '--max-errors', '2', '-'], { input });
    assert.equal(two.err, '');
    const lines = two.out.trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(lines.filter((l) => l.type === 'parseError'), errors.slice(0, 2));
    assert.deepEqual(lines.at(-1), { type: 'parseErrorsOmitted', count: 4 });
    const none = cli(['--tokens', '--max-errors', '0', '-'], { input }).out.trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(none.at(-1), { type: 'parseErrorsOmitted', count: 6 });
    assert.equal(none.filter((l) => l.type === 'parseError').length, 0);
  });

  test('--xml tokens: JSON lines too, with the XML5 parse errors', () => {
    const r = cli(['--xml', '--tokens', '-'], { input: '<a b="1" b="2">x<' });
    assert.equal(r.status, 0);
    assert.equal(r.err, '');
    const lines = r.out.trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(lines.slice(0, 2), [
      { type: 'startTag', name: 'a', attributes: [{ name: 'b', value: '1' }] }, { type: 'character', data: 'x<' }]);
    assert.deepEqual(lines.slice(2).map((e) => `${e.type} ${e.code} ${e.line}:${e.col} ${e.offset}`),
      ['parseError duplicate-attribute 1:11 10', 'parseError eof-before-tag-name 1:18 17']);
  });
});

describe('--select', () => {
  test("the matching elements' outerHTML, one a line", () => {
    assert.deepEqual(cli(['--select', 'p.a', 'page.html']),
      { out: '<p class="a">one</p>\n<p class="a">two <b>x</b></p>\n', err: '', status: 0 });
    assert.deepEqual(cli(['--select', '#d, b', 'page.html']), { out: '<b>x</b>\n<div id="d">three</div>\n', err: '', status: 0 });
    assert.deepEqual(cli(['--select', 'table', 'page.html']), { out: '', err: '', status: 0 });
    assert.deepEqual(cli(['--select', 'td:last-child', '--fragment', 'tr', '-'], { input: '<td>a<td>b' }),
      { out: '<td>b</td>\n', err: '', status: 0 });
  });

  test('--no-scripting: <noscript> holds markup, and is serialised as such', () => {
    const input = '<body><noscript>a &amp; <i>b</i></noscript>';
    assert.equal(cli(['--no-scripting', '--select', 'noscript', '-'], { input }).out, '<noscript>a &amp; <i>b</i></noscript>\n');
    assert.match(cli(['--no-scripting', '-'], { input }).out, /<noscript>\n\|       "a & "\n\|       <i>\n/);
    // Scripting on (the default): its content is raw text, written back as it came.
    assert.equal(cli(['--select', 'noscript', '-'], { input }).out, '<noscript>a &amp; <i>b</i></noscript>\n');
    assert.match(cli(['-'], { input }).out, /<noscript>\n\|       "a &amp; <i>b<\/i>"\n/);
  });

  test('an invalid selector, or --select with another format, is a usage error', () => {
    assertError(cli(['--select', 'p[', 'page.html']), 2, /--select: .*'p\['/);
    assertError(cli(['--select', '', 'page.html']), 2, /--select/);
    assertError(cli(['--select', 'p', '--format', 'json', 'page.html']), 2, /--select .*--format json/);
  });
});

describe('--max-errors', () => {
  // A doctype is missing, then each stray end tag is an error: 31 in all.
  const input = '</x>'.repeat(30);

  test('20 listed by default, and how many were left out', () => {
    const r = cli(['-'], { input });
    assert.equal(r.status, 0);
    const lines = r.out.split('\n');
    assert.ok(lines.includes('# 31 parse error(s)'));
    assert.equal(lines.filter((l) => l.startsWith('#   <stdin>:')).length, 20);
    assert.ok(lines.includes('#   ... and 11 more (--max-errors N lists more)'));
  });

  test('N lists N; 0 only the count; more than there are lists all', () => {
    const listed = (n) => cli(['--max-errors', String(n), '-'], { input }).out.split('\n').filter((l) => l.startsWith('#   '));
    assert.deepEqual(listed(2), ['#   <stdin>:1:1 missing-doctype', '#   <stdin>:1:1 unexpected-end-tag', '#   ... and 29 more (--max-errors N lists more)']);
    assert.deepEqual(listed(0), ['#   ... and 31 more (--max-errors N lists more)']);
    assert.equal(listed(100).length, 31);
  });

  test('with html, json or --select the errors go to stderr, only when asked for', () => {
    assert.equal(cli(['--format', 'html', 'page.html']).err, '');
    const r = cli(['--format', 'html', '--max-errors', '5', 'page.html']);
    assert.equal(r.status, 0);
    assert.match(r.out, /^<!DOCTYPE html>/);
    assert.equal(r.err, '# 1 parse error(s)\n#   page.html:1:84 eof-with-open-elements\n');
    assert.equal(cli(['--select', 'b', '--max-errors', '1', 'page.html']).err, r.err);
  });

  test('not a number: a usage error', () => {
    for (const v of ['x', '-1', '1.5', '']) assertError(cli([`--max-errors=${v}`, 'page.html']), 2, /--max-errors/);
  });
});

describe('input', () => {
  test("stdin as '-', and when no FILE is given", () => {
    const a = cli(['-'], { input: '<p>hi' });
    assert.equal(a.status, 0);
    assert.match(a.out, /^\| <html>\n[^]*\|       "hi"\n# encoding: windows-1252\n# 1 parse error\(s\)\n#   <stdin>:1:1 missing-doctype\n$/);
    assert.deepEqual(cli([], { input: '<p>hi' }), a);
  });

  test('a document is decoded from its bytes: BOM, <meta>, --encoding', () => {
    const bytes = Buffer.from('<meta charset=utf-8><p>caf\xc3\xa9', 'latin1');
    assert.match(cli(['--format', 'html', '-'], { input: bytes }).out, /<p>café<\/p>/);
    const latin1 = Buffer.from('<p>caf\xe9', 'latin1');
    assert.match(cli(['-'], { input: latin1 }).out, /"café"\n# encoding: windows-1252\n/);
    assert.match(cli(['--encoding', 'koi8-r', '-'], { input: latin1 }).out, /"cafИ"\n# encoding: KOI8-R\n/);
  });

  test('fragments and tokens: UTF-8, or --encoding', () => {
    const latin1 = Buffer.from('<p>caf\xe9', 'latin1');
    assert.equal(cli(['--fragment', 'div', '--format', 'html', '-'], { input: latin1 }).out, '<p>caf\uFFFD</p>\n');
    assert.equal(cli(['--fragment', 'div', '--format', 'html', '--encoding', 'latin1', '-'], { input: latin1 }).out, '<p>café</p>\n');
    assert.match(cli(['--tokens', '--encoding', 'latin1', '-'], { input: latin1 }).out, /{"type":"character","data":"café"}/);
  });

  test('a missing file, a directory, a dangling symlink: one line, exit 1', () => {
    assertError(cli(['missing.html']), 1, /^html5-wasm: cannot read missing\.html: no such file\n/);
    assertError(cli(['folder']), 1, /^html5-wasm: cannot read folder: is a directory\n/);
    assertError(cli(['dangling.html']), 1, /^html5-wasm: cannot read dangling\.html: no such file\n/);
  });

  test('a fragment too long for a JavaScript string: the library\'s RangeError, one line, exit 1; a document is streamed', () => {
    // The platform's limit (2^29 - 24 code units) lowered to 10 before the CLI runs.
    const hook = join(dir, 'limit.mjs');
    writeFileSync(hook, `import { setMaxStringLengthForTesting } from ${JSON.stringify(pathToFileURL(join(repoRoot, 'js/html/bytes.js')).href)};\n` +
      'setMaxStringLengthForTesting(10);\n');
    const node = ['--import', pathToFileURL(hook).href];
    // A fragment is one string; a document and tokens are streamed, never one string (js/stream/stream.js).
    assertError(cli(['--fragment', 'div', 'page.html'], { node }), 1, /^html5-wasm: page\.html: the bytes decode \(\S+\) to 83 UTF-16 code units, over the longest string JavaScript can hold \(10\)\n$/);
    for (const args of [['page.html'], ['--format', 'json', 'page.html'], ['--tokens', 'page.html']]) {
      assert.deepEqual(cli(args, { node }), cli(args), args.join(' '));
    }
    assert.equal(cli(['-'], { node, input: '<p>' }).status, 0);
  });

  test('an encoding this platform cannot decode: one line naming it, exit 1', () => {
    let supported = true;
    try {
      new TextDecoder('iso-8859-16');
    } catch {
      supported = false; // Node 20
    }
    const r = cli(['--encoding', 'iso-8859-16', '--format', 'html', '-'], { input: Buffer.from([0x3c, 0x70, 0x3e, 0xa4]) });
    if (supported) assert.deepEqual(r, { out: '<html><head></head><body><p>€</p></body></html>\n', err: '', status: 0 });
    else assertError(r, 1, /^html5-wasm: <stdin>: the document's encoding is ISO-8859-16, which this platform's TextDecoder does not support\n$/);
  });
});

describe('usage errors: one line, exit 2', () => {
  test('options', () => {
    assertError(cli(['--bogus', 'page.html']), 2, /unknown option --bogus/);
    assertError(cli(['--format', 'xml', 'page.html']), 2, /--format must be one of tree, html, json, tokens; got 'xml'/);
    assertError(cli(['page.html', '--format']), 2, /--format needs a value/);
    assertError(cli(['--fragment', '--tokens', 'page.html']), 2, /--fragment needs a value/);
    assertError(cli(['--help=yes']), 2, /--help takes no value/);
    assertError(cli(['page.html', 'page.html']), 2, /one FILE at a time/);
  });

  test('--fragment with an empty context, or with tokens', () => {
    assertError(cli(['--fragment', '', 'page.html']), 2, /--fragment needs a context element name/);
    assertError(cli(['--fragment=', 'page.html']), 2, /--fragment needs a context element name/);
    assertError(cli(['--fragment', 'td', '--tokens', 'page.html']), 2, /--fragment does not apply to tokens/);
  });

  test('an unknown --encoding label is named', () => {
    assertError(cli(['--encoding', 'klingon', 'page.html']), 2, /^html5-wasm: --encoding: 'klingon' is not an encoding label of the Encoding Standard\n$/);
    // A label is matched as the Encoding Standard says: case-insensitive, spaces trimmed.
    assert.match(cli(['--encoding', ' LATIN1 ', '-'], { input: '<p>' }).out, /# encoding: windows-1252\n/);
  });
});

describe('--sanitize (the HTML Sanitizer API, js/sanitize/)', () => {
  const DIRTY = '<p onclick=x>Hi<script>alert(1)</script><a href=" javascript:alert(1)">a</a><!--c--><b data-x=1>b</b>';

  test('the built-in safe default configuration: scripts, handlers, javascript: URLs and comments go', () => {
    writeFileSync(join(dir, 'dirty.html'), DIRTY);
    for (const args of [['--sanitize', 'dirty.html'], ['--sanitize', '-']]) {
      const r = cli(args, { input: DIRTY });
      assert.equal(r.err, '');
      assert.equal(r.status, 0);
      assert.equal(r.out, '<p>Hi<a>a</a><b>b</b></p>\n');
    }
  });

  test('a configuration file: --sanitize FILE.json or --sanitize=FILE', () => {
    writeFileSync(join(dir, 'dirty.html'), DIRTY);
    writeFileSync(join(dir, 'keep.json'), JSON.stringify({ elements: ['p', 'b'], attributes: ['onclick'], comments: true, dataAttributes: true }));
    for (const args of [['--sanitize', 'keep.json', 'dirty.html'], ['--sanitize=keep.json', 'dirty.html']]) {
      const r = cli(args);
      assert.equal(r.status, 0);
      // onclick is removed all the same (remove unsafe), data- attributes and comments are kept.
      assert.equal(r.out, '<p>Hi<!--c--><b data-x="1">b</b></p>\n');
    }
  });

  test('--encoding decodes the input', () => {
    writeFileSync(join(dir, 'latin1.html'), Buffer.from([0x3c, 0x70, 0x3e, 0xe9, 0x3c, 0x2f, 0x70, 0x3e]));
    assert.equal(cli(['--sanitize', '--encoding', 'windows-1252', 'latin1.html']).out, '<p>\u00e9</p>\n');
  });

  test('errors: an invalid configuration and a non-JSON file are usage errors naming the problem; a missing file an input error', () => {
    writeFileSync(join(dir, 'both.json'), JSON.stringify({ elements: ['p'], removeElements: ['b'] }));
    writeFileSync(join(dir, 'broken.json'), '{ elements: ');
    assertError(cli(['--sanitize', 'both.json', 'page.html']), 2, /--sanitize: both\.json: invalid Sanitizer configuration: 'elements' and 'removeElements' are both given/);
    assertError(cli(['--sanitize', 'broken.json', 'page.html']), 2, /--sanitize: broken\.json is not JSON/);
    assertError(cli(['--sanitize', 'none.json', 'page.html']), 1, /--sanitize: cannot read none\.json: ENOENT/);
    assertError(cli(['--sanitize', '--format', 'json', 'page.html']), 2, /--sanitize .* does not combine with --format/);
    assertError(cli(['--sanitize', '--fragment', 'td', 'page.html']), 2, /does not combine with --fragment/);
    assertError(cli(['--sanitize=', 'page.html']), 2, /--sanitize= needs a configuration file name/);
  });
});
