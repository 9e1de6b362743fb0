// The JS layer's fuzzer (issue 16), seeded and bounded by an iteration count:
// test/js/unit/fuzz.test.js runs it briefly in `make test`, bench/fuzz-js.js
// runs it long.  Two parts:
//
//  - api(): random calls of the public API with random inputs (strings; bytes
//    as every typed array kind, DataView, ArrayBuffer, SharedArrayBuffer, a
//    view of the module's own memory, a detached buffer, a Proxy) and random
//    options (right and wrong types, BigInt, Symbol, Object.prototype names,
//    proxies, getters and onParseError callbacks that call the API again,
//    releaseMemory() included).  Every call must either give the result a
//    plain call with the same values gives (the tree, tokens, bytes and
//    errors) or throw a TypeError/RangeError/Error of ours, never an engine
//    error leaking through ("Cannot read properties of ...").
//  - buffers(): parseToBuffer() buffers mutated (words set to nearby indexes,
//    NONE, random values, bits flipped, records swapped, strings changed,
//    truncated) through every reader: decode() in both formats, readHeader(),
//    readErrors(), serializeBuffer().  All refuse (RangeError) or all accept;
//    an accepted buffer gives trees whose links agree both ways (parent,
//    children, siblings, first/last child, template contents) and whose
//    serialisations (JS over DOM nodes, JS over objects, C over the buffer)
//    are equal, for the whole tree and for a node.
import * as api from '../../../js/node.js';
import { decode, readErrors, readHeader } from '../../../js/dom/decode.js';
import { H_NODE_COUNT, H_NODES_OFF, NODE_WORDS, NONE } from '../../../js/core/abi.js';

const { parse, parseFragment, parseToBuffer, parseToView, tokenize, serialize, serializeOuter, serializeBuffer, releaseMemory, sniffEncoding, dumpTree } = api;
const { parseXml, parseXmlToBuffer, tokenizeXml, serializeXml, dumpXmlTree } = api;

/** A small seeded generator (xorshift32). */
export function rng(seed) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
  const int = (n) => next() % n;
  return { int, pick: (a) => a[int(a.length)], chance: (p) => next() / 4294967296 < p };
}

const SNIPPETS = [
  '<title>OUTER</title><p id=o>outer text</x>',
  '<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>T</title></head><body><p class="a b">x &amp; y<br>z</p></body></html>',
  '<table><tr><td>1<td>2</table><template><b>t</b><i>c</template>',
  '</x><p>a</y><svg viewBox="0 0 1 1"><path d=M0/><foreignObject><p>f</svg>',
  '<b><i>mis</b>nested</i><!-- c --><noscript><p>n</noscript><script>if (a<b) {}</script>',
  '<select><option>1<option selected>2</select><textarea>\r\n<x></textarea>\u00a0\ud800',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "x"><math><mi>x</mi></math><frameset></frameset>',
  'plain text, no tags at all',
  '',
];
// XML mode (issue 21): well-formed and malformed XML.
const XML_SNIPPETS = [
  '<?xml version="1.0" encoding="utf-8"?><!DOCTYPE r><r xmlns="urn:a" xmlns:p="urn:p" p:x="1"><p:c xml:lang="en">t&amp;<d/></p:c><!--c--><?pi d?></r>',
  '<a xmlns:n1="x"><n1:b n1:c="1" n1:c="2"><n2:d/></a><e/>text',
  '<feed xmlns="http://www.w3.org/2005/Atom"><entry><title type="html">&lt;b&gt;</title></entry></feed>',
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="#a"/></svg>',
  '<a><![CDATA[x]]></b></><c x=1 y',
  '\ufeff<?xml version="1.0"?><a xmlns:xml="bad" xmlns:xmlns="y" :c="1">\ud800\u0000</a>',
  '',
];
const FRAGMENT_CONTEXTS = ['td', 'template', 'tr', 'select', 'svg', { localName: 'svg', namespaceURI: 'http://www.w3.org/2000/svg' }];
const TYPED = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array];
const WEIRD = () => [undefined, null, 0, -1, 1.5, NaN, 1n, Symbol('s'), 'x', '', true, {}, [], () => 1, new Proxy({}, {}), Object.create(null)];

// Errors of ours name the function; engine errors that leak through do not.
const LEAK = /Cannot read prop|Cannot convert|Do not know how to serialize|is not a function|is not iterable|circular structure|Maximum call stack|Invalid typed array|is out of bounds|outside the bounds|Cannot perform|of undefined|undefined is not|of null|\[object /;

/** Shapes of `bytes` (a Uint8Array): [kind, value, is it bytes at all]. */
function bytesAs(R, bytes) {
  const k = R.int(8);
  const padded = new Uint8Array((bytes.length + 7) & ~7).fill(0x20);
  padded.set(bytes);
  switch (k) {
    case 0: return ['Uint8Array', bytes.slice(), true];
    case 1: return ['ArrayBuffer', bytes.slice().buffer, true];
    case 2: {
      const T = R.pick(TYPED);
      return [T.name, new T(padded.buffer.slice(0)), true];
    }
    case 3: return ['DataView', new DataView(padded.buffer.slice(0)), true];
    case 4: {
      const sab = new SharedArrayBuffer(bytes.length);
      new Uint8Array(sab).set(bytes);
      return R.chance(0.5) ? ['SharedArrayBuffer', sab, true] : ['Uint8Array on SharedArrayBuffer', new Uint8Array(sab), true];
    }
    case 5: {
      const ab = bytes.slice().buffer;
      const view = R.chance(0.5) ? ab : new Uint8Array(ab, R.int(Math.min(2, ab.byteLength + 1)));
      structuredClone(ab, { transfer: [ab] });
      return ['detached', view, false];
    }
    case 6: return ['Proxy', new Proxy(R.chance(0.5) ? bytes.slice().buffer : bytes.slice(), {}), false];
    default: {
      const o = Object.create(ArrayBuffer.prototype);
      return ['imitation', o, false];
    }
  }
}

/** The buffer readers ([name, read]) that take options, each reading `b` with `opts`. */
function readers(b, opts) {
  return [
    ['decode dom', () => decode(b, opts)],
    ['decode object', () => decode(b, { ...opts, format: 'object' })],
    ['readHeader', () => readHeader(b, opts)],
    ['readErrors', () => readErrors(b, opts)],
  ];
}

export class Fuzzer {
  constructor(seed) {
    this.R = rng(seed);
    this.stats = { calls: 0, returned: 0, refused: 0, reentrant: 0, reentrantRefused: 0, buffers: 0, accepted: 0, rejected: 0, nodesWalked: 0 };
    this.depth = 0;
  }

  fail(what) {
    throw new Error(`fuzz-js: ${what}`);
  }

  // ---- re-entrant user code -------------------------------------------------

  /** A call into the API from user code (a getter, a callback, a trap). */
  nested() {
    if (this.depth > 1) return;
    this.depth++;
    this.stats.reentrant++;
    const valid = this.valid;
    const R = this.R;
    try {
      switch (R.int(7)) {
        case 0: parse(R.pick(SNIPPETS), { onParseError() {} }); break;
        case 1: tokenize('<b>1</b><i>22222</i><u>333</u><s>4444</s></y>'); break;
        case 2: releaseMemory(); break;
        case 3: serializeBuffer(parseToBuffer('<p>'.repeat(1 + R.int(40)))); break;
        case 4: parseToView(R.pick(SNIPPETS)); break;
        case 5: parseFragment('<td>x', { context: 'tr' }); break;
        default: this.call(); break;
      }
    } catch (e) {
      this.stats.reentrantRefused++;
      this.checkError(e, 'nested');
    } finally {
      this.depth--;
      this.valid = valid;
    }
  }

  checkError(e, what) {
    if (e === MARK) return;
    if (!(e instanceof Error)) this.fail(`${what}: threw a non-Error ${String(e)}`);
    if (LEAK.test(e.message) && !/must not be undefined/.test(e.message)) this.fail(`${what}: engine error leaked: ${e.name}: ${e.message}`);
  }

  /**
   * Options with the values of `plain` (a plain object), dressed at random:
   * getters (that call the API), a Proxy, no prototype, an extra unknown or
   * Object.prototype name, a wrong value.  Returns [options, valid].
   */
  dress(plain) {
    const R = this.R;
    let o = {};
    let valid = true;
    const self = this;
    for (const [k, v] of Object.entries(plain)) {
      if (R.chance(0.3)) {
        Object.defineProperty(o, k, { enumerable: true, get() { self.nested(); return v; } });
      } else o[k] = v;
    }
    const r = R.int(12);
    if (r === 0) {
      o[R.pick(['isPrototypeOf', 'hasOwnProperty', 'constructor', 'toString', '__proto__x', 'formatt'])] = R.pick(WEIRD());
      valid = false;
    } else if (r === 1 && Object.keys(plain).length) {
      o[R.pick(Object.keys(plain))] = R.pick(WEIRD().filter((x) => x !== undefined));
      valid = null; // may or may not be valid
    } else if (r === 2) {
      const target = o;
      o = new Proxy(target, { get(t, k) { if (R.chance(0.3)) self.nested(); return t[k]; } });
    } else if (r === 3) {
      o = Object.assign(Object.create(null), o);
    } else if (r === 4) {
      o = Object.assign(Object.create({ format: 'object', scriptingEnabled: false }), o); // inherited: not options
    } else if (r === 5) {
      Object.defineProperty(o, 'boom', { enumerable: true, get() { throw MARK; } });
      valid = false;
    }
    if (valid !== true) this.valid = valid;
    return [o, valid];
  }

  // ---- API calls ----------------------------------------------------------------

  /** One random API call, compared with the same call made plainly. */
  call() {
    const R = this.R;
    this.stats.calls++;
    const html = R.pick(SNIPPETS);
    const fmt = R.pick(['dom', 'object']);
    const kind = R.int(10);
    let actual;
    let expected;
    this.valid = true; // set by dress(): false when the options must be refused, null when unknown
    try {
      switch (kind) {
        case 0: case 1: { // parse / parseFragment, strings or bytes
          const fragment = kind === 1;
          const plain = { format: fmt, scriptingEnabled: R.chance(0.5), sourceLocations: R.chance(0.3) };
          if (fragment) plain.context = R.pick(FRAGMENT_CONTEXTS);
          let input = html;
          let bytesOk = true;
          if (!fragment && R.chance(0.4)) {
            let kindName;
            [kindName, input, bytesOk] = bytesAs(R, new TextEncoder().encode(html));
            void kindName;
          }
          const ref = [];
          const refTree = bytesOk ? (fragment ? parseFragment : parse)(input, { ...plain, onParseError: (e) => ref.push(e) }) : null;
          expected = refTree === null ? null : [serialize(refTree), JSON.stringify(ref)];
          const got = [];
          const [o, valid] = this.dress({ ...plain, onParseError: (e) => { got.push(e); if (R.chance(0.3)) this.nested(); } });
          let tree;
          try {
            tree = (fragment ? parseFragment : parse)(input, o);
          } catch (e) {
            if (valid === true && bytesOk && e !== MARK) this.fail(`${fragment ? 'parseFragment' : 'parse'} refused valid arguments: ${e.message}`);
            throw e;
          }
          if (!bytesOk) this.fail(`parse accepted a non-buffer input`);
          actual = [serialize(tree), JSON.stringify(got)];
          break;
        }
        case 2: case 3: { // parseToBuffer / parseToView
          const plain = { includeErrors: R.chance(0.5), sourceLocations: R.chance(0.5) };
          const ref = parseToBuffer(html, { ...plain, onParseError() {} });
          expected = [Buffer.from(ref).toString('hex')];
          const [o, valid] = this.dress({ ...plain, onParseError: () => { if (R.chance(0.5)) this.nested(); } });
          let out;
          try {
            out = kind === 2 ? new Uint8Array(parseToBuffer(html, o)) : parseToView(html, o);
          } catch (e) {
            if (valid === true && e !== MARK) this.fail(`parseToBuffer refused valid arguments: ${e.message}`);
            throw e;
          }
          actual = [Buffer.from(out).toString('hex')];
          break;
        }
        case 4: { // tokenize
          const ref = [];
          expected = [JSON.stringify(tokenize(html, { onParseError: (e) => ref.push(e) })), JSON.stringify(ref)];
          const got = [];
          const [o] = this.dress({ onParseError: (e) => { got.push(e); if (R.chance(0.3)) this.nested(); } });
          actual = [JSON.stringify(tokenize(html, o)), JSON.stringify(got)];
          break;
        }
        case 5: { // decode / serializeBuffer / readHeader / readErrors of a buffer in any shape
          const buf = new Uint8Array(parseToBuffer(html, { includeErrors: true }));
          const [shape, value, ok] = R.chance(0.15) ? ['wasm view', parseToView(html, { includeErrors: true }), true] : bytesAs(R, buf);
          const ref = decode(buf, { format: fmt });
          expected = [serialize(ref), JSON.stringify(readErrors(buf))];
          const [o] = shape === 'wasm view' ? [{ format: fmt }] : this.dress({ format: fmt }); // a getter would overwrite the borrowed view
          let got;
          try {
            got = [serialize(decode(value, o)), JSON.stringify(readErrors(value))];
            if (R.chance(0.5)) {
              const s = serializeBuffer(value);
              if (s !== expected[0]) this.fail(`serializeBuffer(${shape}) differs`);
            }
            readHeader(value);
          } catch (e) {
            if (ok && e instanceof TypeError && !/option|must be/.test(e.message)) this.fail(`decode refused bytes (${shape}): ${e.message}`);
            throw e;
          }
          if (!ok) this.fail(`decode accepted ${shape}`);
          actual = got;
          break;
        }
        case 6: { // serialize with options
          const tree = parse(html, { format: fmt });
          const s = R.chance(0.5);
          expected = [serialize(tree, { scriptingEnabled: s }), serializeOuter(tree.childNodes[tree.childNodes.length - 1] ?? tree, { scriptingEnabled: s })];
          const [o] = this.dress({ scriptingEnabled: s });
          actual = [serialize(tree, o), serializeOuter(tree.childNodes[tree.childNodes.length - 1] ?? tree, o)];
          break;
        }
        case 7: { // sniffEncoding
          const bytes = new TextEncoder().encode('<meta charset=' + R.pick(['utf-8', 'latin1', 'sjis', 'bogus']) + '>' + html);
          const [, value, ok] = bytesAs(R, bytes);
          expected = ok ? [JSON.stringify(sniffEncoding(bytes))] : null;
          const [o] = this.dress({});
          actual = [JSON.stringify(sniffEncoding(value, o))];
          if (!ok) this.fail('sniffEncoding accepted a non-buffer');
          break;
        }
        case 8: { // XML: parseXml (strings or bytes), parseXmlToBuffer, tokenizeXml
          const xml = R.pick(XML_SNIPPETS);
          const which = R.int(3);
          const plain = which === 0 ? { format: fmt, strict: R.chance(0.2) } : which === 1 ? { includeErrors: R.chance(0.5) } : {};
          let input = xml;
          let bytesOk = true;
          if (which < 2 && R.chance(0.4)) [, input, bytesOk] = bytesAs(R, new TextEncoder().encode(xml));
          const run = (o) => {
            if (which === 0) {
              const t = parseXml(input, o);
              return fmt === 'dom' ? serializeXml(t) + dumpXmlTree(t) : JSON.stringify(t, (k, v) => (k === 'parentNode' ? undefined : v));
            }
            if (which === 1) return Buffer.from(parseXmlToBuffer(input, o)).toString('hex');
            return JSON.stringify(tokenizeXml(input, o));
          };
          const ref = [];
          let refOut = null;
          try {
            refOut = bytesOk ? run({ ...plain, onParseError: (e) => ref.push(e) }) : null;
          } catch (e) {
            if (!(plain.strict && e instanceof SyntaxError)) throw e;
            refOut = e.message;
          }
          expected = refOut === null ? null : [refOut, JSON.stringify(ref)];
          const got = [];
          const [o, valid] = this.dress({ ...plain, onParseError: (e) => { got.push(e); if (R.chance(0.3)) this.nested(); } });
          let out;
          try {
            out = run(o);
          } catch (e) {
            if (plain.strict && e instanceof SyntaxError && valid === true) out = e.message;
            else {
              if (valid === true && bytesOk && e !== MARK) this.fail(`XML call ${which} refused valid arguments: ${e.message}`);
              throw e;
            }
          }
          if (!bytesOk) this.fail('an XML call accepted a non-buffer input');
          actual = [out, JSON.stringify(got)];
          break;
        }
        default: { // wrong arguments anywhere
          const f = R.pick([parse, parseFragment, parseToBuffer, tokenize, serialize, serializeOuter, serializeBuffer, decode, readHeader, readErrors, dumpTree, sniffEncoding, parseXml, parseXmlToBuffer, tokenizeXml, serializeXml]);
          f(R.pick(WEIRD()), R.chance(0.5) ? R.pick(WEIRD()) : undefined);
          expected = actual = null; // may succeed
        }
      }
    } catch (e) {
      this.stats.refused++;
      this.checkError(e, `call ${kind}`);
      return;
    }
    this.stats.returned++;
    if (this.valid === false) this.fail(`call ${kind} accepted options it must refuse`);
    if (this.valid === true && expected !== null && JSON.stringify(actual) !== JSON.stringify(expected)) {
      this.fail(`call ${kind}: the result differs from the plain call's:\n  ${JSON.stringify(actual).slice(0, 300)}\n  ${JSON.stringify(expected).slice(0, 300)}`);
    }
  }

  // ---- mutated buffers ------------------------------------------------------------

  mutate(buf) {
    const R = this.R;
    const b = buf.slice();
    const w = new Uint32Array(b.buffer);
    const nodes = w[H_NODE_COUNT];
    const nb = w[H_NODES_OFF] >>> 2;
    const flips = 1 + R.int(3);
    for (let f = 0; f < flips; f++) {
      const r = R.int(10);
      if (r <= 4) { // a node word: an index nearby, NONE, a small value
        const i = R.int(nodes);
        const word = R.int(NODE_WORDS);
        const q = nb + i * NODE_WORDS + word;
        w[q] = R.pick([NONE, 0, i, i - 1, i + 1, i + 2, w[q] + 1, w[q] - 1, R.int(nodes + 2), w[q] ^ (1 << R.int(32))]) >>> 0;
      } else if (r === 5) { // swap two node records
        const i = R.int(nodes);
        const j = R.int(nodes);
        const t = w.slice(nb + i * NODE_WORDS, nb + (i + 1) * NODE_WORDS);
        w.copyWithin(nb + i * NODE_WORDS, nb + j * NODE_WORDS, nb + (j + 1) * NODE_WORDS);
        w.set(t, nb + j * NODE_WORDS);
      } else if (r <= 7) { // any word
        const q = R.int(w.length);
        w[q] = R.chance(0.5) ? w[q] ^ (1 << R.int(32)) : R.pick([0, 1, NONE, w[q] + 1, w[q] - 1, R.int(1 << 16)]) >>> 0;
      } else if (r === 8) { // a byte of the strings (always accepted)
        b[b.length - 1 - R.int(Math.min(64, b.length - 80))] ^= 1 + R.int(255);
      } else {
        return b.subarray(0, Math.max(0, b.length - 4 * (1 + R.int(8))));
      }
    }
    return b;
  }

  /** Run every reader over `b`; all refuse or all accept, and accepted trees are consistent. */
  readAll(b, source) {
    const R = this.R;
    this.stats.buffers++;
    // With the source, offsets must also lie within it: the readers that take it (all but serializeBuffer) agree on that.
    if (source !== undefined) this.agree(b, readers(b, { source }));
    const out = this.agree(b, [...readers(b), ['serializeBuffer', () => serializeBuffer(b)]]);
    if (out === null) {
      this.stats.rejected++;
      return;
    }
    this.stats.accepted++;
    const [dom, obj, , , c] = out;
    this.check(b, dom, obj, c);
  }

  /** The results of `readers` over `b`, or null if all refuse (RangeError); they must agree. */
  agree(b, readers) {
    const out = [];
    const errs = [];
    for (const [name, f] of readers) {
      try {
        out.push(f());
      } catch (e) {
        if (!(e instanceof RangeError)) this.fail(`${name}: ${e.name} on a corrupt buffer: ${e.message}`);
        this.checkError(e, name);
        out.push(undefined);
        errs.push(`${name}: ${e.message}`);
      }
    }
    if (errs.length === readers.length) return null;
    if (errs.length !== 0) this.fail(`readers disagree on a buffer: ${errs.join('; ')} (the others accept it)`);
    return out;
  }

  check(b, dom, obj, c) {
    const R = this.R;
    this.walk(dom, true);
    this.walk(obj, false);
    const js = serialize(dom);
    if (js !== c) this.fail(`serialize(decode(buffer)) and serializeBuffer(buffer) differ:\n  ${js.slice(0, 200)}\n  ${c.slice(0, 200)}`);
    // parse5 objects carry no scripting flag (serialize() defaults to true, as parse5): the buffer's.
    const jo = serialize(obj, { scriptingEnabled: readHeader(b).scripting });
    if (jo !== c) this.fail(`serialize(decode(buffer, object)) and serializeBuffer(buffer) differ:\n  ${jo.slice(0, 200)}\n  ${c.slice(0, 200)}`);
    // One node, inner and outer.
    const count = readHeader(b).nodeCount;
    const k = R.int(count);
    const node = dom._t.node(k);
    if (serializeBuffer(b, { node: k }) !== serialize(node)) this.fail(`inner of node ${k} differs`);
    // (The outer of a document or fragment: serializeBuffer() writes its children, serializeOuter() '', as parse5.)
    if (node.nodeType !== 9 && node.nodeType !== 11 && serializeBuffer(b, { node: k, outer: true }) !== serializeOuter(node)) this.fail(`outer of node ${k} differs`);
  }

  /** Links agree both ways, over the whole tree (iterative). */
  walk(root, isDom) {
    const stack = [root];
    let seen = 0;
    while (stack.length) {
      const x = stack.pop();
      if (++seen > 100000) this.fail('tree walk does not end');
      const kids = x.childNodes ?? [];
      for (let k = 0; k < kids.length; k++) {
        const c = kids[k];
        if (c.parentNode !== x) this.fail(`child ${k} of ${x.nodeName}: parentNode is ${c.parentNode?.nodeName}`);
        if (isDom) {
          if (c.previousSibling !== (kids[k - 1] ?? null)) this.fail(`${c.nodeName}.previousSibling disagrees with childNodes`);
          if (c.nextSibling !== (kids[k + 1] ?? null)) this.fail(`${c.nodeName}.nextSibling disagrees with childNodes`);
        }
        stack.push(c);
      }
      if (isDom && x.firstChild !== undefined) {
        if (x.firstChild !== (kids[0] ?? null)) this.fail(`${x.nodeName}.firstChild disagrees with childNodes`);
        if (x.lastChild !== (kids[kids.length - 1] ?? null)) this.fail(`${x.nodeName}.lastChild disagrees with childNodes`);
      }
      if (x.content && typeof x.content === 'object') { // a template's (not <meta>'s string)
        if (isDom ? x.content.parentNode !== null : false) this.fail('template contents have a parent');
        stack.push(x.content);
      }
    }
    this.stats.nodesWalked += seen;
  }

  /** A mutated XML buffer (the XML section too): the readers agree, and an accepted tree is consistent. */
  xmlBuffers() {
    const R = this.R;
    const xml = R.pick(XML_SNIPPETS);
    const buf = new Uint8Array(parseXmlToBuffer(xml, { includeErrors: R.chance(0.5) }));
    const b = R.chance(0.05) ? buf : this.mutate(buf);
    this.stats.buffers++;
    const out = this.agree(b, readers(b));
    if (out === null) {
      this.stats.rejected++;
      return;
    }
    this.stats.accepted++;
    this.walk(out[0], true);
    this.walk(out[1], false);
    if (serializeXml(out[0]) !== serializeXml(decode(b))) this.fail('serializeXml of one buffer differs between two decodes');
    dumpXmlTree(out[0]);
  }

  buffers() {
    const R = this.R;
    if (R.chance(0.25)) {
      this.xmlBuffers();
      return;
    }
    const html = R.pick(SNIPPETS);
    const withSource = R.chance(0.5);
    const opts = { sourceLocations: R.chance(0.6), includeErrors: R.chance(0.5) };
    if (R.chance(0.3)) {
      opts.fragment = true;
      opts.context = R.pick(FRAGMENT_CONTEXTS);
    }
    const buf = new Uint8Array(parseToBuffer(html, opts));
    this.readAll(R.chance(0.05) ? buf : this.mutate(buf), withSource ? html : undefined);
  }

  run(iterations) {
    for (let i = 0; i < iterations; i++) {
      if (this.R.chance(0.5)) this.call();
      else this.buffers();
    }
    return this.stats;
  }
}

// Thrown by a getter on purpose: must come out of the call unchanged.
const MARK = new Error('fuzz-js: thrown by a getter on purpose');
