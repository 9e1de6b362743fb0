// Streaming (js/stream/stream.js): createParser, parseStream, createTokenizer,
// tokenizeStream.  Every chunking of an input gives exactly what the one-shot
// call gives for the whole input: the tree, the errors, the locations, the
// encoding, the buffer.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';

import {
  createParser, createTokenizer, decode, dumpTree, memoryUsage, parse, parseFragment, parseStream, parseToBuffer, parseToView,
  releaseMemory, serialize, tokenize, tokenizeStream,
} from '../../../js/node.js';
import { PieceText } from '../../../js/core/text.js';
import { DOCUMENTS } from '../lib/corpus.js';
import { readEncodingDat } from '../lib/dat.js';
import { rng } from '../lib/fuzz-js.js';
import { sharedPath } from '../lib/shared.js';

const utf8 = (s) => new TextEncoder().encode(s);
const latin1 = (s) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const noParent = (k, v) => (k === 'parentNode' ? undefined : v);

/** `input` cut at the given sizes (cycled), as string or byte chunks (one empty chunk for an empty input). */
function cut(input, sizes) {
  if (input.length === 0) return [input];
  const out = [];
  for (let i = 0, k = 0; i < input.length; k++) {
    const n = sizes[k % sizes.length];
    out.push(input.slice(i, i + n));
    i += n;
  }
  return out;
}

/** Random chunk sizes (1..max) from a seeded generator. */
function randomSizes(seed, count, max) {
  const r = rng(seed + 1);
  return Array.from({ length: count }, () => 1 + r.int(max));
}

/** What the one-shot and streamed parses give, to compare: tree, html, errors, locations, encoding. */
function outcome(run, options = {}) {
  const errors = [];
  const opts = { ...options, onParseError: (e) => errors.push(e) };
  const dom = run(opts);
  const obj = run({ ...opts, format: 'object', sourceLocations: true });
  return {
    tree: dumpTree(dom),
    html: serialize(dom),
    charset: dom.characterSet,
    mode: dom.mode,
    errors: JSON.stringify(errors.slice(0, errors.length / 2)),
    object: JSON.stringify(obj, noParent),
  };
}

function streamed(chunks, options) {
  const p = createParser(options);
  for (const c of chunks) p.write(c);
  return p.end();
}

function assertSameParse(input, chunkings, options, what) {
  const whole = outcome((o) => parse(input, o), options);
  for (const sizes of chunkings) {
    const chunks = cut(input, sizes);
    assert.deepEqual(outcome((o) => streamed(chunks, o), options), whole, `${what} in chunks of ${sizes.slice(0, 8)}`);
  }
}

describe('createParser: any chunking gives parse()\'s result', () => {
  test('the sample documents as strings: 1..7-unit chunks and random ones', () => {
    DOCUMENTS.forEach((doc, i) => {
      const chunkings = [[1], [2], [3], [5], [7], randomSizes(i, 50, 20)];
      assertSameParse(doc, chunkings, {}, `document ${i}`);
    });
  });

  test('the sample documents as UTF-8 bytes, 1-byte chunks included', () => {
    DOCUMENTS.forEach((doc, i) => {
      assertSameParse(utf8(doc), [[1], [2], [3], randomSizes(100 + i, 50, 40)], {}, `document ${i} (bytes)`);
    });
  });

  test('chunks that end inside a tag, an attribute value, a character reference, CR LF, a surrogate pair', () => {
    const doc = '<!DOCTYPE html><p title="a&amp;b">x&notin;y&#x1F600;\r\n\r\n<textarea>\r\nt</textarea><pre>\r\n\r\np</pre>\ud83d\ude00\ud800z';
    for (let at = 1; at < doc.length; at++) assertSameParse(doc, [[at, doc.length]], {}, `split at ${at}`);
    assertSameParse(doc, [[1]], { scriptingEnabled: false, processingInstructions: false }, 'options');
    // A lone surrogate half at the very end of the input stays one.
    assert.equal(streamed(['<p>a\ud83d'], {}).body.textContent, 'a\ud83d');
    assert.equal(streamed(['<p>a\ud83d', ''], {}).body.textContent, 'a\ud83d');
  });

  test('UTF-8 sequences split between chunks', () => {
    const doc = utf8('<meta charset=utf-8><p>\u00e9\u4e2d\ud83d\ude00\u20ac');
    for (let at = 1; at < doc.length; at++) assertSameParse(doc, [[at, doc.length]], {}, `split at byte ${at}`);
  });

  test('output buffer and view equal parseToBuffer()/parseToView() byte for byte', () => {
    const doc = DOCUMENTS[2] + DOCUMENTS[10];
    for (const options of [{}, { sourceLocations: true, includeErrors: true }, { scriptingEnabled: false }]) {
      const whole = new Uint8Array(parseToBuffer(doc, options));
      const buffer = streamed(cut(doc, [3]), { ...options, output: 'buffer' });
      assert.ok(buffer instanceof ArrayBuffer);
      assert.deepEqual(new Uint8Array(buffer), whole);
      const view = streamed(cut(doc, [5]), { ...options, output: 'view' });
      assert.deepEqual(view.slice(), new Uint8Array(parseToView(doc, options).slice()));
    }
    const bytes = latin1('<meta charset=iso-8859-2><p>\u00b1');
    assert.deepEqual(new Uint8Array(streamed(cut(bytes, [1]), { output: 'buffer' })), new Uint8Array(parseToBuffer(bytes)));
  });

  test('an empty input, and end() without write()', () => {
    assert.equal(dumpTree(createParser().end()), dumpTree(parse('')));
    assert.equal(dumpTree(streamed([''], {})), dumpTree(parse('')));
    assert.equal(streamed([new Uint8Array(0)], {}).characterSet, parse(new Uint8Array(0)).characterSet);
  });
});

describe('createParser: fragments (13.4)', () => {
  const SVG = { localName: 'svg', namespaceURI: 'http://www.w3.org/2000/svg' };
  const MATH = { localName: 'math', namespaceURI: 'http://www.w3.org/1998/Math/MathML' };
  // Tags, attribute values and character references to split, CR LF pairs, surrogate pairs, a lone
  // surrogate, NUL, and end tags that the context decides about.
  const FRAGMENTS = [
    '<td title="a&amp;b\r\nc">x&notin;y\r\n\r\nz\ud83d\ude00</td><td>\ud800q</tr><p>after',
    'text &lt;b&gt;\r\n<b>bold<i>both</b>it</i>\0<!-- c\r\nd --><?pi data?></textarea></title>\ud83d\ude00',
    '<circle r="1"/><foreignObject><p>\r\nhtml</p></foreignObject><mi>x</mi></svg><td>',
    '<option>a<option>b\r\n<optgroup label="\ud83d\ude00"><option>c</select>d',
  ];
  const CONTEXTS = [undefined, 'td', 'tr', 'table', 'select', 'textarea', 'title', 'script', 'plaintext', 'body', 'html', SVG, MATH];

  /** What parseFragment() gives, and the same for a streamed fragment, to compare (as outcome()). */
  function fragmentOutcome(run, context) {
    return outcome((o) => run({ ...o, context }));
  }
  const streamedFragment = (chunks) => (o) => streamed(chunks, { ...o, fragment: true });

  test('every split point, 1-unit chunks and random chunkings give parseFragment()\'s result, in every context', () => {
    FRAGMENTS.forEach((html, f) => {
      for (const context of CONTEXTS) {
        const what = `fragment ${f} in ${JSON.stringify(context ?? 'template')}`;
        const whole = fragmentOutcome((o) => parseFragment(html, o), context);
        for (const sizes of [[1], [2], [3], randomSizes(f, 30, 12)]) {
          assert.deepEqual(fragmentOutcome(streamedFragment(cut(html, sizes)), context), whole, `${what}, chunks of ${sizes.slice(0, 8)}`);
        }
        if (context !== 'td' && context !== SVG) continue;
        for (let at = 1; at < html.length; at++) {
          assert.deepEqual(fragmentOutcome(streamedFragment(cut(html, [at, html.length])), context), whole, `${what}, split at ${at}`);
        }
      }
    });
  });

  test('output buffer and view equal parseToBuffer()/parseToView() with fragment: true byte for byte', () => {
    for (const context of [undefined, 'tr', SVG]) {
      for (const options of [{}, { sourceLocations: true, includeErrors: true }, { scriptingEnabled: false }]) {
        const o = { ...options, fragment: true, context };
        const html = FRAGMENTS.join('');
        const whole = new Uint8Array(parseToBuffer(html, o));
        assert.deepEqual(new Uint8Array(streamed(cut(html, [3]), { ...o, output: 'buffer' })), whole);
        assert.deepEqual(streamed(cut(html, [7]), { ...o, output: 'view' }).slice(), new Uint8Array(parseToView(html, o).slice()));
      }
    }
  });

  test('one-shot parses between the chunks (which reuse the module\'s input, where the context name was) change nothing', () => {
    const html = FRAGMENTS[0];
    const p = createParser({ fragment: true, context: 'tr' });
    for (const chunk of cut(html, [4])) {
      parse('<table><tr><td>' + 'x'.repeat(100));
      parseFragment('<p>y', { context: 'select' });
      p.write(chunk);
    }
    assert.equal(dumpTree(p.end()), dumpTree(parseFragment(html, { context: 'tr' })));
  });

  test('parseStream takes fragment and context; the url option is the tree\'s', async () => {
    const html = '<a href="x/y">link</a>';
    const frag = await parseStream(cut(html, [2]), { fragment: true, context: 'td', url: 'https://example.com/d/' });
    assert.equal(frag.constructor.name, 'DocumentFragment');
    assert.equal(frag.firstChild.href, 'https://example.com/d/x/y');
    assert.equal(streamed([html], { url: 'https://example.com/e/' }).body.firstChild.href, 'https://example.com/e/x/y');
  });

  test('misuse: context without fragment, bytes, byte options', () => {
    assert.throws(() => createParser({ context: 'td' }), { name: 'TypeError', message: /option 'context' needs fragment: true/ });
    assert.throws(() => createParser({ fragment: true, encoding: 'utf-8' }), { name: 'TypeError', message: /a fragment is parsed from strings/ });
    assert.throws(() => createParser({ fragment: true, context: '' }), TypeError);
    assert.throws(() => createParser({ fragment: true, context: { localName: 'x', namespaceURI: 'urn:nope' } }), /unsupported namespaceURI/);
    const p = createParser({ fragment: true, context: 'td' });
    assert.throws(() => p.write(utf8('<b>')), { name: 'TypeError', message: /a fragment is parsed from strings, not bytes/ });
    p.write('<b>still usable'); // the TypeError left the parser as it was
    assert.equal(serialize(p.end()), '<b>still usable</b>');
  });
});

describe('createParser: long strings', () => {
  test('text and attribute values across the 16 Ki-unit pieces of a long string section are exact', () => {
    // Output 'buffer' holds all its strings in the section (decode() reads it in pieces); output
    // 'tree' slices them from the chunks written: texts of lengths around the piece size,
    // non-Latin-1 characters, lone surrogates and pairs at the edges.
    const r = rng(7);
    const alphabet = ['a', 'b', ' ', '\u00e9', '\u4e2d', '\ud83d\ude00', '\ud800', '\udfff', '-'];
    const texts = [];
    for (const n of [1, 16383, 16384, 16385, 5, 40000, 32768, 3, 70000]) {
      let t = '';
      while (t.length < n) t += alphabet[r.int(alphabet.length)];
      texts.push(t.replace(/[<&\r]/g, 'x'));
    }
    const html = texts.map((t, i) => `<p title="${t.slice(0, 20000).replace(/"/g, '')}">${t}</p>`).join('');
    const doc = streamed(cut(html, [32768]), {});
    const ps = doc.body.children;
    assert.equal(ps.length, texts.length);
    texts.forEach((t, i) => {
      assert.equal(ps[i].textContent, t, `text ${i} (${t.length} units)`);
      assert.equal(ps[i].getAttribute('title'), t.slice(0, 20000), `attribute ${i}`);
    });
    // The object format and decode() read the section the same way.
    const obj = streamed([html], { format: 'object' });
    const body = obj.childNodes[0].childNodes[1];
    texts.forEach((t, i) => assert.equal(body.childNodes[i].childNodes[0].value, t));
    assert.equal(dumpTree(decode(parseToBuffer(html))), dumpTree(parse(html)));
    const buffered = createParser({ output: 'buffer' });
    for (const c of cut(html, [32768])) buffered.write(c);
    assert.equal(dumpTree(decode(buffered.end())), dumpTree(parse(html)));
  });

  test('strings sliced from the chunks written: across chunks of any size, short chunks joined, both formats', () => {
    const r = rng(11);
    const alphabet = ['a', ' ', '\u00e9', '\ud83d\ude00', '\ud800', '-', '\r\n', '&amp;'];
    let html = '<!DOCTYPE html>';
    for (let k = 0; k < 60; k++) {
      let t = '';
      const n = [3, 900, 9000, 20000][k % 4];
      while (t.length < n) t += alphabet[r.int(alphabet.length)];
      html += `<p id="p${k}" title="${t.slice(0, 3000)}">${t}</p><!--${t.slice(0, 50)}-->`;
    }
    const whole = parse(html);
    const wholeObj = parse(html, { format: 'object' });
    for (const sizes of [[1, 7, 8191, 8192], [5000], [20000, 3], [32768], [65536, 1], [r.int(9000) + 1, r.int(40000) + 1]]) {
      const chunks = cut(html, sizes);
      assert.equal(dumpTree(streamed(chunks, {})), dumpTree(whole), `chunk sizes ${sizes}`);
      assert.deepEqual(JSON.parse(JSON.stringify(streamed(chunks, { format: 'object' }), noParent)),
        JSON.parse(JSON.stringify(wholeObj, noParent)), `object format, chunk sizes ${sizes}`);
    }
  });

  test('PieceText.of: slices of pieces of any length equal slices of the pieces joined', () => {
    const pieces = ['ab', 'c', 'defgh', 'i', 'jklmnopq', 'r'];
    const joined = pieces.join('');
    const t = PieceText.of(pieces);
    assert.equal(t.length, joined.length);
    for (let a = 0; a <= joined.length; a++) {
      for (let b = a; b <= joined.length; b++) assert.equal(t.slice(a, b), joined.slice(a, b), `[${a}, ${b})`);
    }
    // keepOnly: the pieces no span overlaps go; slices within the spans are unchanged.
    t.keepOnly([8, 4, 3, 1]); // [8, 12): 'i' and 'jklmnopq'; [3, 4): 'defgh'
    assert.deepEqual(t.pieces, ['', '', 'defgh', 'i', 'jklmnopq', '']);
    assert.equal(t.slice(8, 12), joined.slice(8, 12));
    assert.equal(t.slice(3, 4), joined.slice(3, 4));
  });
});

describe('createParser: bytes (13.2.3)', () => {
  test('html5lib encoding tests fed in chunks', () => {
    const dir = sharedPath('html5lib-tests', 'encoding');
    let n = 0;
    for (const file of ['tests1.dat', 'tests2.dat', 'test-yahoo-jp.dat']) {
      for (const t of readEncodingDat(join(dir, file))) {
        const data = new Uint8Array(t.data);
        const whole = parse(data);
        for (const sizes of [[1], [7], [1023, 1, 1], randomSizes(t.index, 20, 300)]) {
          const doc = streamed(cut(data, sizes), {});
          assert.equal(doc.characterSet, whole.characterSet, `${file} #${t.index}`);
          assert.equal(dumpTree(doc), dumpTree(whole), `${file} #${t.index}`);
        }
        n++;
      }
    }
    assert.ok(n > 50);
  });

  test('the prescan waits for 1024 bytes: a <meta> split anywhere in them is found', () => {
    const doc = latin1('<!DOCTYPE html><head><meta charset="iso-8859-2"><p>\u00b1\u00e6');
    for (let at = 1; at < doc.length; at++) {
      const d = streamed([doc.subarray(0, at), doc.subarray(at)], {});
      assert.equal(d.characterSet, 'ISO-8859-2');
      assert.equal(d.body.textContent, '\u0105\u0107');
    }
  });

  test('a <meta> after the first 1024 bytes starts the parse again from the kept bytes (13.2.3.4)', () => {
    const pad = `<!-- ${'x'.repeat(2000)} -->`;
    const doc = latin1(`<!DOCTYPE html><title>\u00b1</title>${pad}<meta charset=iso-8859-2><p>\u00b1`);
    const whole = parse(doc);
    assert.equal(whole.characterSet, 'ISO-8859-2');
    assertSameParse(doc, [[1], [64], [1024], [1500, 3]], {}, 'late meta');
    assertSameParse(doc, [[100]], { detectUtf8: false }, 'late meta, no detection');
    assertSameParse(doc, [[100]], { defaultEncoding: 'koi8-r' }, 'late meta, defaultEncoding');
    // The transport's encoding is certain: no restart.
    assertSameParse(doc, [[100]], { encoding: 'windows-1251' }, 'transport');
    assert.equal(streamed(cut(doc, [10]), { encoding: 'windows-1251' }).characterSet, 'windows-1251');
  });

  test('BOMs split between chunks; UTF-16; replacement; x-user-defined', () => {
    const le = new Uint8Array([0xff, 0xfe, ...Array.from('<p>\u0105\u20ac\ud83d\ude00', (c) => [c.charCodeAt(0) & 255, c.charCodeAt(0) >> 8]).flat()]);
    assertSameParse(le, [[1], [3]], {}, 'UTF-16LE');
    assertSameParse(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('<p>\u00e9')]), [[1]], {}, 'UTF-8 BOM');
    assertSameParse(latin1('<p>\u00e9x'), [[1]], { encoding: 'iso-2022-kr' }, 'replacement');
    assertSameParse(latin1('<p>\u00e9\u0080x'), [[1]], { encoding: 'x-user-defined' }, 'x-user-defined');
    assertSameParse(latin1('<p>\u0080\u009f\u00e9'), [[1]], {}, 'windows-1252');
  });

  test('a chunk that is a view of the module\'s own memory (parseToView) is read before the module is called', () => {
    const view = parseToView(DOCUMENTS[10].repeat(20));
    const copy = view.slice();
    const head = new Uint8Array(2000).fill(0x20);
    const p = createParser({ detectUtf8: false });
    p.write(head);
    p.write(view);
    const expected = new Uint8Array(head.length + copy.length);
    expected.set(head);
    expected.set(copy, head.length);
    assert.equal(dumpTree(p.end()), dumpTree(parse(expected, { detectUtf8: false })));
  });

  test('strings and bytes do not mix; byte options need bytes', () => {
    const p = createParser();
    p.write('<p>');
    assert.throws(() => p.write(utf8('x')), TypeError);
    p.write('still usable');
    assert.equal(p.end().body.textContent, 'still usable');
    const q = createParser();
    q.write(utf8('<p>'));
    assert.throws(() => q.write('x'), /strings and bytes do not mix/);
    assert.throws(() => createParser({ encoding: 'utf-8' }).write('x'), /apply to byte input/);
  });
});

describe('createParser: misuse and robustness', () => {
  test('clear errors for wrong chunks, options and calls after end()', () => {
    assert.throws(() => createParser({ nope: 1 }), /unknown option 'nope'/);
    assert.throws(() => createParser({ format: 'object', output: 'buffer' }), TypeError);
    assert.throws(() => createParser({ includeErrors: true }), TypeError);
    assert.throws(() => createParser({ defaultEncoding: 'bogus' }), RangeError);
    const p = createParser();
    for (const bad of [1, null, {}, [1], new Proxy(new Uint8Array(1), {})]) assert.throws(() => p.write(bad), TypeError);
    p.end();
    assert.throws(() => p.write('x'), /after end\(\)/);
    assert.throws(() => p.end(), /after end\(\)/);
    const a = createParser();
    a.abort();
    assert.throws(() => a.write('x'), /after abort\(\)/);
  });

  test('several parsers, one-shot parses and releaseMemory() between their chunks do not disturb each other', () => {
    const docs = [DOCUMENTS[2], DOCUMENTS[10], DOCUMENTS[24]];
    const parsers = docs.map(() => createParser({ sourceLocations: true, format: 'object' }));
    const chunks = docs.map((d) => cut(d, [3]));
    for (let k = 0; k < Math.max(...chunks.map((c) => c.length)); k++) {
      parsers.forEach((p, i) => { if (k < chunks[i].length) p.write(chunks[i][k]); });
      parse(DOCUMENTS[k % DOCUMENTS.length]);
      tokenize('<b>x');
      if (k === 5) releaseMemory();
    }
    parsers.forEach((p, i) => {
      assert.equal(JSON.stringify(p.end(), noParent), JSON.stringify(parse(docs[i], { sourceLocations: true, format: 'object' }), noParent));
    });
  });

  test('onParseError may parse and stream again; the result is unchanged', () => {
    const seen = [];
    const doc = streamed(cut('<p>a</div>b', [2]), {
      onParseError: (e) => {
        seen.push(e.code);
        const inner = createParser();
        inner.write('<i>x');
        inner.end();
        parse('<b>y');
      },
    });
    assert.equal(doc.body.innerHTML, '<p>a</p>b'.replace('</p>b', 'b</p>'));
    assert.ok(seen.includes('end-tag-without-matching-open-element'));
  });

  test('result settles with end(); writable works with pipeTo', async () => {
    const p = createParser();
    p.write('<p>x');
    const doc = p.end();
    assert.equal(await p.result, doc);
    const q = createParser();
    await new Blob(['<title>T', 'itle</title><p>y']).stream().pipeTo(q.writable);
    assert.equal((await q.result).title, 'Title');
    const r = createParser();
    const cause = new Error('network down');
    await assert.rejects(new ReadableStream({ start(c) { c.enqueue(utf8('<p>')); c.error(cause); } }).pipeTo(r.writable), (e) => e === cause);
    await assert.rejects(r.result, (e) => e === cause);
  });
});

describe('parseStream', () => {
  const doc = DOCUMENTS[2];
  test('WHATWG ReadableStream, Node Readable, async and sync iterables; strings and bytes', async () => {
    const expected = dumpTree(parse(doc));
    const sources = [
      () => new Blob([doc]).stream(),
      () => Readable.from(cut(utf8(doc), [7]).map((b) => Buffer.from(b))),
      () => Readable.from(cut(doc, [7])),
      () => (async function* () { for (const c of cut(doc, [5])) yield c; })(),
      () => cut(utf8(doc), [11]),
    ];
    for (const make of sources) assert.equal(dumpTree(await parseStream(make())), expected);
    const buffer = await parseStream(new Blob([doc]).stream(), { output: 'buffer' });
    assert.deepEqual(new Uint8Array(buffer), new Uint8Array(parseToBuffer(utf8(doc))));
  });

  test('a stream error rejects with its cause and the module stays usable', async () => {
    const cause = new Error('boom');
    const failing = async function* () { yield '<p>a'; throw cause; };
    await assert.rejects(parseStream(failing()), (e) => e === cause);
    const node = new Readable({ read() {} });
    node.push('<p>');
    setImmediate(() => node.destroy(cause));
    await assert.rejects(parseStream(node), (e) => e === cause);
    const web = new ReadableStream({ pull(c) { c.error(cause); } });
    await assert.rejects(parseStream(web), (e) => e === cause);
    assert.equal(parse('<p>ok').body.textContent, 'ok');
  });

  test('an abort cancels the source and rejects with the reason', async () => {
    let cancelled = null;
    const never = new ReadableStream({ start(c) { c.enqueue('<p>'); }, cancel(r) { cancelled = r; } });
    const ac = new AbortController();
    const pending = parseStream(never, { signal: ac.signal });
    const reason = new Error('stop');
    setImmediate(() => ac.abort(reason));
    await assert.rejects(pending, (e) => e === reason);
    assert.equal(cancelled, reason);
    await assert.rejects(parseStream(['<p>'], { signal: AbortSignal.abort(reason) }), (e) => e === reason);
    assert.equal(parse('<p>ok').body.textContent, 'ok');
  });

  test('a bad chunk or source rejects with a TypeError', async () => {
    await assert.rejects(parseStream(42), TypeError);
    await assert.rejects(parseStream('<p>a string is not a stream'), TypeError);
    await assert.rejects(parseStream([1]), TypeError);
    await assert.rejects(parseStream([], { signal: {} }), TypeError);
  });
});

describe('createTokenizer, tokenizeStream', () => {
  const collect = (run) => {
    const errors = [];
    const tokens = run({ onParseError: (e) => errors.push(e) });
    return JSON.stringify({ tokens, errors });
  };

  test('any chunking gives tokenize()\'s tokens and errors', () => {
    const docs = [...DOCUMENTS, '<p>a\r\n\rb\u0000&amp&notin;</p\r', '<!DOCTYPE html PUBLIC "x" "y"><?php x ?><![CDATA[y]]>'];
    docs.forEach((doc, i) => {
      const whole = collect((o) => tokenize(doc, o));
      for (const sizes of [[1], [3], randomSizes(i, 30, 25)]) {
        const got = collect((o) => {
          const t = createTokenizer(o);
          return [...cut(doc, sizes).flatMap((c) => t.write(c)), ...t.end()];
        });
        assert.equal(got, whole, `document ${i} in chunks of ${sizes.slice(0, 6)}`);
      }
    });
    const opts = { initialState: 'RCDATA state', lastStartTag: 'title', processingInstructions: false };
    const t = createTokenizer(opts);
    assert.deepEqual([...t.write('a</tit'), ...t.write('le>b'), ...t.end()], tokenize('a</title>b', opts));
  });

  test('tokens come as they complete; onToken hears each', () => {
    const heard = [];
    const t = createTokenizer({ onToken: (tok) => heard.push(tok.type) });
    assert.deepEqual(t.write('<p class="a'), []);
    assert.deepEqual(t.write('">te').map((x) => x.type), ['startTag']);
    assert.deepEqual(t.write('xt<'), []);
    assert.deepEqual(t.write('/p>'), [{ type: 'character', data: 'text' }, { type: 'endTag', name: 'p' }]);
    assert.deepEqual(t.end(), []);
    assert.deepEqual(heard, ['startTag', 'character', 'endTag']);
    assert.throws(() => t.write('x'), /after end/);
    const r = createTokenizer({ onToken: () => r.write('x') });
    assert.throws(() => r.write('<p>'), /from onToken/);
  });

  test('bytes are decoded as UTF-8 (or encoding), sequences split anywhere', () => {
    const doc = '<p title="\u00e9">\u4e2d\ud83d\ude00</p>';
    const t = createTokenizer();
    const got = [...cut(utf8(doc), [1]).flatMap((c) => t.write(c)), ...t.end()];
    assert.deepEqual(got, tokenize(doc));
    const k = createTokenizer({ encoding: 'latin1' });
    assert.deepEqual([...k.write(latin1('<p>\u0080')), ...k.end()], tokenize('<p>\u20ac'));
    assert.throws(() => createTokenizer({ encoding: 'nope' }).write(utf8('x')), RangeError);
  });

  test('tokenizeStream is an async iterator; breaking off cancels the source', async () => {
    const doc = DOCUMENTS[2];
    const tokens = [];
    for await (const tok of tokenizeStream(new Blob([doc]).stream())) tokens.push(tok);
    assert.deepEqual(tokens, tokenize(doc));
    let cancelled = false;
    const src = new ReadableStream({ pull(c) { c.enqueue('<p>x</p>'); }, cancel() { cancelled = true; } });
    let n = 0;
    for await (const tok of tokenizeStream(src)) if (tok.type === 'endTag' && ++n === 3) break;
    assert.ok(cancelled);
    const cause = new Error('gone');
    await assert.rejects(async () => { for await (const _ of tokenizeStream((async function* () { yield '<p>'; throw cause; })())); }, (e) => e === cause);
  });

  test('memory stays bounded: 16 MiB tokenized in 64 KiB chunks keep the module\'s memory flat', () => {
    releaseMemory();
    const unit = '<div class="item" data-n="1"><a href="/x?a=1&amp;b=2">link</a> some text &copy; here</div>\n';
    const chunk = unit.repeat(Math.ceil(65536 / unit.length)).slice(0, 65536);
    const t = createTokenizer();
    let count = 0;
    t.write(chunk);
    const before = memoryUsage().wasm;
    for (let i = 0; i < 256; i++) count += t.write(chunk).length;
    count += t.end().length;
    const after = memoryUsage().wasm;
    assert.ok(count > 256 * 2000, `tokens: ${count}`);
    // Nothing of the input is kept: the module did not grow by the 32 MB of UTF-16 it saw.
    assert.ok(after - before <= 1 << 20, `wasm memory grew from ${before} to ${after} bytes`);
  });

  test('memory stays bounded for a streamed parse: the module holds the tree, not the input', () => {
    releaseMemory();
    // 32 MB of UTF-16 that adds nothing to the tree (end tags that match no element).
    const chunk = '</nothing>'.repeat(6553);
    const p = createParser();
    p.write('<!DOCTYPE html><p>');
    const before = memoryUsage().wasm;
    for (let i = 0; i < 256; i++) p.write(chunk);
    p.write('end');
    const after = memoryUsage().wasm;
    assert.equal(p.end().body.innerHTML, '<p>end</p>');
    assert.ok(after - before <= 1 << 20, `wasm memory grew from ${before} to ${after} bytes`);
  });
});
