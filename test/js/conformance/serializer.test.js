// The two serialisers of spec 13.3: the JavaScript one (serialize(),
// serializeOuter(), innerHTML, outerHTML over DOM-like nodes and parse5-shaped
// objects) and the C one (src/output/serialize.c through serializeBuffer(), over
// flat buffers), on every html5lib tree-construction input and every corpus
// page:
//   - the JS serialiser over our DOM tree equals it over our object tree and
//     parse5.serialize(our object tree), for the whole tree and
//     (tree-construction inputs) node by node, inner and outer (parse5 has
//     no processing instructions: it writes the comment that our object
//     tree shows it, js/html/object.js, so it is compared with serialize() of
//     the tree where the PIs are those comments: asComments);
//   - the two serialisers agree: serialize() of parse()'s tree equals
//     serializeBuffer() of parseToBuffer()'s buffer of the same input, for
//     the whole tree and node by node (tree-construction inputs: every node;
//     pages: a sample), with scripting on and off, documents and fragments;
//   - round trip: parse(serialize(parse(x))) gives the same tree.  The
//     serialisation algorithm loses three things by design (doctype
//     identifiers, CR, the first LF of pre/textarea/listing): trees are
//     compared after applying those losses to the first tree.  Inputs whose
//     tree no markup can reproduce are listed with a verified reason;
//   - serialize(parse(serialize(parse(x)))) === serialize(parse(x)), except
//     for inputs whose re-parse changes the tree (listed, with the reason);
// plus trees written by parse5 (through the native flatbuf_dump helper), the
// html5lib-tests serializer cases that describe the spec algorithm, and the
// API (getters, options, serializeBuffer(), escaping, misuse).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import * as parse5 from 'parse5';

import { dumpTree, parse, parseFragment, parseToBuffer, serialize, serializeOuter, decode } from '../../../js/node.js';
import { ATOMS } from '../../../js/core/atoms.js';
import { ATOM_HASH, FORMAT_VERSION } from '../../../js/core/abi.js';
import { escapeAttribute, escapeText, serializeBuffer } from '../../../js/html/serialize.js';
import { bufferFor } from '../lib/helpers.js';
import { DOCUMENTS, FRAGMENTS } from '../lib/corpus.js';
import { contextOption, readDat } from '../lib/dat.js';
import { sharedPath } from '../lib/shared.js';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';
const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

// ---- trees --------------------------------------------------------------------

/** Children of a node in serialisation order (a template: its contents' children). */
const kids = (n) => (n.content && (n.namespaceURI ?? HTML_NS) === HTML_NS ? n.content.childNodes : n.childNodes) ?? [];

/** Every node of a parse5-shaped or DOM-like tree, pre-order, template contents included. */
function* allNodes(root) {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop();
    yield n;
    const c = n.childNodes ?? [];
    for (let k = c.length - 1; k >= 0; k--) stack.push(c[k]);
    if (n.content) stack.push(n.content);
  }
}

/** Pairs of corresponding nodes of two trees of the same shape. */
function* pairs(a, b) {
  const stack = [[a, b]];
  while (stack.length) {
    const [x, y] = stack.pop();
    yield [x, y];
    const xs = x.childNodes ?? [];
    const ys = y.childNodes ?? [];
    assert.equal(xs.length, ys.length, 'trees of the same shape');
    for (let k = ys.length - 1; k >= 0; k--) stack.push([xs[k], ys[k]]);
    if (y.content) stack.push([x.content, y.content]);
  }
}

/**
 * Run fn with the processing instructions of parse5-shaped tree `root` seen
 * as the comments they are to parse5 (js/html/object.js: a comment whose
 * `processingInstruction` holds the PI); returns fn's result.
 */
function asComments(root, fn) {
  const pis = [];
  for (const n of allNodes(root)) if (n.processingInstruction) pis.push([n, n.processingInstruction]);
  for (const [n] of pis) delete n.processingInstruction;
  try {
    return fn();
  } finally {
    for (const [n, pi] of pis) n.processingInstruction = pi;
  }
}

const isElement = (n) => n.tagName !== undefined;
const isHtml = (n, name) => isElement(n) && (n.namespaceURI ?? HTML_NS) === HTML_NS && (n.localName ?? n.tagName) === name;

// ---- what the serialisation loses by design -------------------------------------

const LOSSES = {
  doctype: 'doctype public/system identifiers (the algorithm writes <!DOCTYPE name>)',
  cr: 'CR in text, comments or attribute values (written as is; input preprocessing turns CR and CRLF into LF)',
  lf: 'a leading LF in pre/textarea/listing (the parser drops the first LF after the start tag; the algorithm does not write an extra one)',
};

/**
 * Apply the losses to a parse5-shaped tree (in place); returns the set of
 * losses that changed something.
 */
function applyLosses(root) {
  const used = new Set();
  const cr = (s) => {
    if (s.indexOf('\r') < 0) return s;
    used.add('cr');
    return s.replace(/\r\n?/g, '\n');
  };
  const nodes = [...allNodes(root)];
  for (const n of nodes) {
    if (n.nodeName === '#documentType' && (n.publicId || n.systemId)) {
      n.publicId = n.systemId = '';
      used.add('doctype');
    } else if (n.nodeName === '#text') n.value = cr(n.value);
    else if (n.nodeName === '#comment') n.data = cr(n.data);
    else if (isElement(n)) for (const a of n.attrs) a.value = cr(a.value);
  }
  for (const n of nodes) {
    if (!(isHtml(n, 'pre') || isHtml(n, 'textarea') || isHtml(n, 'listing'))) continue;
    const first = n.childNodes[0];
    if (first && first.nodeName === '#text' && first.value.startsWith('\n')) {
      first.value = first.value.slice(1);
      if (first.value === '') n.childNodes.shift();
      used.add('lf');
    }
  }
  return used;
}

// ---- trees no markup reproduces: reasons, each checked on the tree ------------------

const RAW_CONTEXTS = new Set(['style', 'script', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext', 'noscript']);

function scriptCannotClose(text) {
  const f = parseFragment('<script>' + text + '</script>x', { context: 'div', format: 'object' });
  const s = f.childNodes[0];
  return !(f.childNodes.length === 2 && s.childNodes.length <= 1 && (s.childNodes[0]?.value ?? '') === text);
}

/**
 * Why tree `t1` (parse5-shaped) cannot come back from its serialisation;
 * [] when no known reason applies.
 */
function exceptionReasons(t1, t2, fragment, scripting) {
  const reasons = [];
  if (fragment && RAW_CONTEXTS.has(fragment) && (fragment !== 'noscript' || scripting)) {
    reasons.push(`raw text context <${fragment}>: the fragment's text is escaped (its parent is the fragment, not the context element) and the context re-parses the escapes as text`);
  }
  let plaintext = false;
  let script = false;
  let nested = false;
  for (const n of allNodes(t1)) {
    if (!isElement(n)) continue;
    if (isHtml(n, 'plaintext')) plaintext = true;
    if (isHtml(n, 'script') && scriptCannotClose(n.childNodes.map((c) => c.value).join(''))) script = true;
    const name = n.tagName;
    if ((n.namespaceURI ?? HTML_NS) === HTML_NS && (name === 'a' || name === 'nobr' || name === 'form')) {
      for (let p = n.parentNode; p; p = p.parentNode) if (isHtml(p, name)) nested = true;
    }
    if (isHtml(n, 'p') && n.parentNode && isHtml(n.parentNode, 'p')) nested = true;
  }
  if (plaintext) reasons.push('<plaintext> cannot be closed: its end tag and everything after it re-parse as its text');
  if (script) reasons.push('a script whose text leaves the tokenizer in the script data (double) escaped state: the </script> written after it does not close it');
  if (t1.mode !== undefined && t1.mode !== t2.mode) {
    reasons.push(`document mode ${t1.mode} comes from the doctype identifiers, which the serialisation drops: the re-parse is in ${t2.mode} mode`);
  }
  if (nested) reasons.push('mis-nested elements made by the tree builder (<a>, <nobr> or <form> inside another, <p> directly in <p>) that markup cannot express');
  return reasons;
}

// ---- one input --------------------------------------------------------------------

/**
 * serialize() / serializeOuter() (JS) of `doc`, parsed from `html` with
 * `options`, against serializeBuffer() (C) of parseToBuffer(html, options):
 * the same parse, so the same records and node indexes.  The whole tree,
 * then every `step`th node, inner and outer (not the outer of template
 * contents, which serializeBuffer() writes as its children and
 * serializeOuter() as '').  Returns the number of comparisons.
 */
function checkAgree(html, doc, options, label, step) {
  const buf = parseToBuffer(html, options);
  const t = doc._t;
  assert.equal(new Uint32Array(buf, 0, 20)[5], t.count, `${label}: same node count`);
  assert.equal(serializeBuffer(buf), serialize(doc), `${label}: C vs JS serialiser`);
  let compared = 1;
  for (let i = 1; i < t.count; i += step) {
    const x = t.node(i);
    assert.equal(serializeBuffer(buf, { node: i }), serialize(x), `${label}: inner of node ${i}`);
    compared++;
    if (!t.isContents(i)) {
      assert.equal(serializeBuffer(buf, { node: i, outer: true }), serializeOuter(x), `${label}: outer of node ${i}`);
      compared++;
    }
  }
  return compared;
}

/**
 * Check one input; returns { exact, losses: Set, reasons: [], idempotent }.
 * Throws (assertion) on any disagreement that is not explained.
 */
function checkInput(html, { fragment, scripting, label, everyNode, sample }) {
  const opts = { scriptingEnabled: scripting };
  if (fragment) opts.context = contextOption(fragment);
  const run = (s, format) => (fragment ? parseFragment(s, { ...opts, format }) : parse(s, { ...opts, format }));

  const d1 = run(html, 'dom');
  const o1 = run(html, 'object');
  const s1 = serialize(d1);
  const so = { scriptingEnabled: scripting };
  // One serialiser, three ways to reach the tree.
  assert.equal(serialize(o1, so), s1, `${label}: object tree vs DOM tree`);
  asComments(o1, () => assert.equal(serialize(o1, so), parse5.serialize(o1, so), `${label}: serialize() vs parse5.serialize(our object tree)`));
  if (everyNode) {
    for (const [x, y] of pairs(d1, o1)) {
      const inner = serialize(y, so);
      assert.equal(serialize(x), inner, `${label}: inner of ${x.nodeName}`);
      if (x.nodeType !== 9 && x.nodeType !== 11) assert.equal(serializeOuter(x), serializeOuter(y, so), `${label}: outer of ${x.nodeName}`);
    }
    asComments(o1, () => {
      for (const y of allNodes(o1)) {
        assert.equal(serialize(y, so), parse5.serialize(y, so), `${label}: inner of ${y.nodeName} (parse5)`);
        if (y.nodeName !== '#document' && y.nodeName !== '#document-fragment') {
          assert.equal(serializeOuter(y, so), parse5.serializeOuter(y, so), `${label}: outer of ${y.nodeName} (parse5)`);
        }
      }
    });
  }
  // The two serialisers, both scripting modes.
  const step = everyNode ? 1 : sample;
  const other = { ...opts, scriptingEnabled: !scripting };
  const compared =
    checkAgree(html, d1, { ...opts, fragment: !!fragment }, `${label} (scripting ${scripting ? 'on' : 'off'})`, step) +
    checkAgree(html, fragment ? parseFragment(html, other) : parse(html, other), { ...other, fragment: !!fragment }, `${label} (scripting ${scripting ? 'off' : 'on'})`, step);

  const d2 = run(s1, 'dom');
  const s2 = serialize(d2);
  const idempotent = s2 === s1;
  const dump2 = dumpTree(d2);
  const result = { exact: dumpTree(d1) === dump2, losses: new Set(), reasons: [], idempotent, compared };
  if (!result.exact) {
    result.losses = applyLosses(o1);
    if (dumpTree(o1) !== dump2) {
      result.reasons = exceptionReasons(o1, run(s1, 'object'), fragment, scripting);
      if (result.reasons.length === 0) {
        const a = dumpTree(o1).split('\n');
        const b = dump2.split('\n');
        let i = 0;
        while (a[i] === b[i]) i++;
        assert.fail(`${label}: the re-parsed tree differs (no known reason)\n  input:      ${JSON.stringify(html.slice(0, 300))}\n  serialised: ${JSON.stringify(s1.slice(0, 300))}\n  first: ${JSON.stringify(a.slice(i, i + 3))}\n  re-parse: ${JSON.stringify(b.slice(i, i + 3))}`);
      }
    }
  }
  if (!idempotent) {
    // A second round can only differ where the tree changed in a way the
    // serialisation shows: CR, the pre/textarea LF, or an exception.
    const shown = result.losses.has('cr') || result.losses.has('lf') || result.reasons.length > 0;
    assert.ok(shown, `${label}: serialize(parse(serialize(parse(x)))) differs from serialize(parse(x)) without a reason`);
  }
  return result;
}

// Collects results; reports the numbers and lists the exceptions.
class Tally {
  constructor() {
    this.inputs = 0;
    this.exact = 0;
    this.lossy = new Map(); // loss -> count
    this.lossyInputs = 0;
    this.exceptions = [];
    this.nonIdempotent = [];
    this.compared = 0;
  }
  add(label, r) {
    this.inputs++;
    this.compared += r.compared;
    if (r.exact) this.exact++;
    else if (r.reasons.length === 0) {
      this.lossyInputs++;
      for (const l of r.losses) this.lossy.set(l, (this.lossy.get(l) ?? 0) + 1);
    } else this.exceptions.push([label, r.reasons]);
    if (!r.idempotent) this.nonIdempotent.push(label);
  }
  report(t, what) {
    t.diagnostic(`${what}: serialize() (JS) = serializeBuffer() (C) in ${this.compared} comparisons (whole trees, inner and outer of nodes; scripting on and off)`);
    t.diagnostic(`${what}: ${this.inputs} inputs; same tree: ${this.exact} exactly, ${this.lossyInputs} once the algorithm's by-design losses are applied (${[...this.lossy].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}); ${this.exceptions.length} exception(s)`);
    for (const [k, v] of Object.entries(LOSSES)) if (this.lossy.has(k)) t.diagnostic(`  loss "${k}": ${v}`);
    const byReason = new Map();
    for (const [label, reasons] of this.exceptions) {
      for (const r of reasons) byReason.set(r, [...(byReason.get(r) ?? []), label]);
    }
    for (const [r, labels] of byReason) t.diagnostic(`  exception (${labels.length}): ${r}: ${labels.join(', ')}`);
    t.diagnostic(`${what}: serialize(parse(serialize(parse(x)))) === serialize(parse(x)) for ${this.inputs - this.nonIdempotent.length} of ${this.inputs}; differs for: ${this.nonIdempotent.join(', ') || 'none'}`);
  }
}

// ---- html5lib tree-construction inputs -------------------------------------------------

describe('html5lib tree-construction inputs: JS = C = parse5 serialisation, round trip', () => {
  const dir = sharedPath('html5lib-tests', 'tree-construction');
  const tally = new Tally();
  const files = readdirSync(dir).filter((f) => f.endsWith('.dat')).sort();
  for (const file of files) {
    test(file, () => {
      for (const c of readDat(join(dir, file))) {
        // A test without #script-* runs with scripting on (the parser's default).
        const scripting = c.script !== 'off';
        const label = `${file}#${c.index}`;
        tally.add(label, checkInput(c.data, { fragment: c.fragment, scripting, label, everyNode: true }));
      }
    });
  }
  test('summary', (t) => {
    tally.report(t, 'tree-construction');
    assert.ok(tally.inputs > 1500, 'all inputs ran');
    assert.ok(tally.compared > 2 * tally.inputs, 'C and JS compared on every input, both scripting modes');
    // 28 <plaintext>, 24 unclosable <script>, 8 mis-nested, 3 quirks mode, 3 raw text contexts
    assert.ok(tally.exceptions.length <= 70, `few exceptions: ${tally.exceptions.length}`);
  });
});

// ---- corpus pages ----------------------------------------------------------------------

describe('corpus pages: JS = C = parse5 serialisation, round trip', () => {
  const dir = sharedPath('corpus', 'pages');
  const manifest = readFileSync(join(dir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  const tally = new Tally();
  for (const [file, , , , , , , , utf8] of manifest) {
    test(file, () => {
      const bytes = readFileSync(join(dir, file));
      // The one non-UTF-8 page is read as latin1: both parsers see the same string.
      const html = utf8 === 'utf-8' ? bytes.toString('utf8') : bytes.toString('latin1');
      tally.add(file, checkInput(html, { scripting: true, label: file, sample: 61 }));
    });
  }
  test('summary', (t) => {
    tally.report(t, 'corpus');
    assert.equal(tally.inputs, manifest.length);
    assert.ok(tally.compared > 2 * tally.inputs, 'C and JS compared on every page, both scripting modes');
    assert.ok(tally.exceptions.length <= 5, `few exceptions: ${tally.exceptions.length}`);
  });
});

// ---- html5lib serializer tests ------------------------------------------------------------
// Their input is a token stream for html5lib's streaming serializer, whose
// defaults are not the spec algorithm's (unquoted or single-quoted attribute
// values, optional tags omitted, doctype identifiers written).  A case is
// applicable when it has no option but `encoding` and does not depend on
// those defaults.  Applicable token streams become a tree (start tags open
// elements, end tags close them, elements still open at the end are closed:
// a tree serialiser writes their end tags, which are appended to each
// expected string), serialised by the JS serialiser and by the C one (the
// tree is encoded as a flat buffer here and given to serializeBuffer(), and
// decoded into DOM-like nodes for the JS serialiser's other adapter).

/** Flat tree buffer (docs/format.md) of a parse5-shaped tree: the inverse of decode(). */
function encodeTree(root) {
  const ELEM_NS = new Map([[HTML_NS, 0], [SVG_NS, 1], [MATHML_NS, 2]]);
  const ATTR_NS = new Map([['http://www.w3.org/1999/xlink', 1], ['http://www.w3.org/XML/1998/namespace', 2], ['http://www.w3.org/2000/xmlns/', 3]]);
  const atomIds = new Map(ATOMS.map((a, i) => [a, i]));
  const strings = [];
  let units = 0;
  const str = (s) => {
    const off = units;
    strings.push(s);
    units += s.length;
    return off;
  };
  const tableNames = [];
  const tableIds = new Map();
  const nameId = (s) => {
    if (atomIds.has(s)) return atomIds.get(s);
    if (!tableIds.has(s)) {
      tableIds.set(s, ATOMS.length + tableNames.length);
      tableNames.push([str(s), s.length]);
    }
    return tableIds.get(s);
  };
  const recs = [];
  const attrs = [];
  const lastChild = new Map();
  const stack = [[root, 0xffffffff, false]];
  while (stack.length) {
    const [n, parent, contents] = stack.pop();
    const i = recs.length;
    const r = new Array(8).fill(0);
    r[1] = parent;
    r[3] = contents || parent === 0xffffffff ? 0xffffffff : lastChild.get(parent) ?? 0xffffffff;
    if (!contents && parent !== 0xffffffff) lastChild.set(parent, i);
    recs.push(r);
    let children = n.childNodes ?? [];
    switch (n.nodeName) {
      case '#document': r[0] = 9; r[6] = 0; break;
      case '#document-fragment': r[0] = 11 | (contents ? 1 << 18 : 0); break;
      case '#text': r[0] = 3; r[5] = str(n.value); r[6] = n.value.length; break;
      case '#comment': r[0] = 8; r[5] = str(n.data); r[6] = n.data.length; break;
      case '#documentType':
        r[0] = 10; r[4] = nameId(n.name); r[5] = str(n.publicId + n.systemId); r[6] = n.publicId.length; r[7] = n.systemId.length;
        break;
      default: {
        r[0] = 1 | (ELEM_NS.get(n.namespaceURI) ?? 3) << 8;
        r[4] = nameId(n.tagName);
        r[5] = attrs.length;
        r[6] = n.attrs.length;
        for (const a of n.attrs) attrs.push([nameId(a.name), ATTR_NS.get(a.namespace) ?? 0, str(a.value), a.value.length]);
      }
    }
    for (let k = children.length - 1; k >= 0; k--) stack.push([children[k], i, false]);
    if (n.content) stack.push([n.content, i, true]);
  }
  // Subtree ends (parents precede children), last children.
  const end = recs.map((_, i) => i + 1);
  for (let i = recs.length - 1; i > 0; i--) end[recs[i][1]] = Math.max(end[recs[i][1]], end[i]);
  recs.forEach((r, i) => {
    r[2] = end[i];
    if ((r[0] & 0xff) === 1 || (r[0] & 0xff) === 9 || (r[0] & 0xff) === 11) r[7] = lastChild.get(i) ?? 0xffffffff;
  });
  const nodesOff = 80;
  const attrsOff = nodesOff + recs.length * 32;
  const namesOff = attrsOff + attrs.length * 16;
  const stringsOff = namesOff + tableNames.length * 8;
  const total = stringsOff + ((units * 2 + 3) & ~3);
  const u32 = new Uint32Array(total / 4);
  u32.set([0x54573548, FORMAT_VERSION, root.nodeName === '#document' ? 0 : 1, ATOMS.length, ATOM_HASH, recs.length, attrs.length, tableNames.length, units, 0, nodesOff, attrsOff, namesOff, 0, 0, 0, stringsOff, total]);
  recs.forEach((r, i) => u32.set(r, nodesOff / 4 + i * 8));
  attrs.forEach((a, i) => u32.set(a, attrsOff / 4 + i * 4));
  tableNames.forEach((e, i) => u32.set(e, namesOff / 4 + i * 2));
  const u16 = new Uint16Array(u32.buffer, stringsOff, units);
  let p = 0;
  for (const s of strings) for (let k = 0; k < s.length; k++) u16[p++] = s.charCodeAt(k);
  return u32.buffer;
}

const VOID = new Set(['area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** Token stream → { tree, closing } (closing: end tags of elements left open), or { reason }. */
function tokensToTree(tokens) {
  const root = { nodeName: '#document-fragment', childNodes: [] };
  const open = [root];
  const top = () => open[open.length - 1];
  const append = (n) => {
    n.parentNode = top();
    top().childNodes.push(n);
  };
  const attrList = (a) => (Array.isArray(a) ? a : Object.entries(a ?? {}).map(([name, value]) => ({ namespace: null, name, value })));
  const element = (ns, name, attrs) => ({
    nodeName: name, tagName: name, namespaceURI: ns ?? HTML_NS, childNodes: [],
    attrs: attrList(attrs).map((a) => (a.namespace ? { name: a.name, value: a.value, namespace: a.namespace } : { name: a.name, value: a.value })),
  });
  for (const tok of tokens) {
    switch (tok[0]) {
      case 'StartTag': {
        const e = element(tok[1], tok[2], tok[3]);
        append(e);
        if (!(e.namespaceURI === HTML_NS && VOID.has(e.tagName))) open.push(e);
        break;
      }
      case 'EmptyTag':
        append(element(HTML_NS, tok[1], tok[2]));
        break;
      case 'EndTag':
        if (open.length < 2 || top().tagName !== tok[2]) return { reason: 'an end tag without a matching open element: the token stream is not a tree' };
        open.pop();
        break;
      case 'Characters':
      case 'SpaceCharacters': {
        const last = top().childNodes.at(-1);
        if (last && last.nodeName === '#text') last.value += tok[1];
        else append({ nodeName: '#text', value: tok[1] });
        break;
      }
      case 'Comment':
        append({ nodeName: '#comment', data: tok[1] });
        break;
      case 'Doctype':
        append({ nodeName: '#documentType', name: tok[1], publicId: tok[2] ?? '', systemId: tok[3] ?? '' });
        break;
      default:
        return { reason: `token ${tok[0]}` };
    }
  }
  const closing = open.slice(1).reverse().map((e) => `</${e.tagName}>`).join('');
  return { tree: root, closing };
}

/** Why a serializer case does not describe the spec algorithm, or null. */
function notApplicable(file, tc) {
  if (file === 'optionaltags.test') return "html5lib's default omit_optional_tags: the spec algorithm never omits tags";
  const opts = Object.keys(tc.options ?? {}).filter((k) => k !== 'encoding');
  if (opts.length) return `html5lib serializer option(s) ${opts.join(', ')}: the spec algorithm has none`;
  for (const tok of tc.input) {
    if (tok[0] === 'Doctype' && (tok[2] || tok[3])) return 'doctype identifiers: the spec algorithm writes <!DOCTYPE name> only';
    const attrs = tok[0] === 'StartTag' ? tok[3] : tok[0] === 'EmptyTag' ? tok[2] : null;
    const list = Array.isArray(attrs) ? attrs : Object.keys(attrs ?? {}).map((name) => ({ name }));
    for (const a of list) {
      if (!tc.expected.some((e) => e.includes(` ${a.name}="`))) {
        return "attribute quoting: html5lib's default quote_attr_values='legacy' / use_best_quote_char leave the value unquoted or single-quoted; the spec algorithm always writes double quotes";
      }
    }
  }
  return null;
}

describe('html5lib-tests serializer cases (the spec algorithm: JS and C serialisers)', () => {
  const dir = sharedPath('html5lib-tests', 'serializer');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.test')).sort()) {
    const cases = JSON.parse(readFileSync(join(dir, file), 'utf8')).tests;
    const skipped = new Map();
    const applicable = [];
    for (const tc of cases) {
      let reason = notApplicable(file, tc);
      let built = null;
      if (!reason) {
        built = tokensToTree(tc.input);
        reason = built.reason ?? null;
      }
      if (reason) skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
      else applicable.push([tc, built]);
    }
    if (applicable.length) {
      test(`${file}: ${applicable.length} applicable case(s)`, (t) => {
        for (const [tc, { tree, closing }] of applicable) {
          const expected = tc.expected.map((e) => e + closing);
          const js = serialize(tree);
          assert.ok(expected.includes(js), `${tc.description}: JS ${JSON.stringify(js)} not in ${JSON.stringify(expected)}`);
          const buf = encodeTree(tree);
          const c = serializeBuffer(buf);
          assert.ok(expected.includes(c), `${tc.description}: C ${JSON.stringify(c)} not in ${JSON.stringify(expected)}`);
          // The encoded buffer decodes to the same tree, which serialises alike.
          const dom = decode(buf);
          assert.equal(dumpTree(dom), dumpTree(tree));
          assert.equal(serialize(dom), js);
        }
        t.diagnostic(`${file}: ${applicable.length} of ${cases.length} applicable, all passed (JS serialiser and C serialiser)`);
      });
    }
    const n = [...skipped.values()].reduce((x, y) => x + y, 0);
    if (n) {
      const why = [...skipped].map(([r, k]) => `${k} × ${r}`).join('; ');
      test(`${file}: ${n} of ${cases.length} case(s) not applicable`, { skip: why }, () => {});
    }
  }
});

// ---- trees written by parse5 ---------------------------------------------------------------
// parse5 parses; its tree is written to a flat buffer by the native helper
// (test/js/lib/helpers.js): trees that do not come from our parser, through
// both node shapes and the C serialiser.

describe('trees written by parse5: both shapes and serializeBuffer() serialise as parse5 does', () => {
  test('documents, at every node', async () => {
    for (const html of DOCUMENTS) {
      const { tree, buffer } = await bufferFor(html);
      const expected = parse5.serialize(tree);
      const d = decode(buffer);
      const o = decode(buffer, { format: 'object' });
      assert.equal(serialize(d), expected, JSON.stringify(html));
      assert.equal(serialize(o), expected, JSON.stringify(html));
      assert.equal(serializeBuffer(buffer), expected, JSON.stringify(html));
      for (const [x, y] of pairs(d, tree)) {
        assert.equal(serialize(x), parse5.serialize(y));
        if (y.nodeName !== '#document') assert.equal(serializeOuter(x), parse5.serializeOuter(y));
      }
      for (const [x, y] of pairs(o, tree)) {
        assert.equal(serialize(x), parse5.serialize(y));
        if (y.nodeName !== '#document') assert.equal(serializeOuter(x), parse5.serializeOuter(y));
      }
    }
  });

  test('fragments', async () => {
    for (const [html, context] of FRAGMENTS) {
      const { tree, buffer } = await bufferFor(html, { fragment: true, context });
      const expected = parse5.serialize(tree);
      assert.equal(serialize(decode(buffer)), expected);
      assert.equal(serialize(decode(buffer, { format: 'object' })), expected);
      assert.equal(serializeBuffer(buffer), expected);
    }
  });

  test('noscript follows the scripting flag recorded in the buffer', async () => {
    const html = '<!DOCTYPE html><body><noscript>&lt;b&gt; &amp;</noscript>';
    const on = await bufferFor(html, { scripting: true });
    const off = await bufferFor(html, { scripting: false });
    assert.equal(serialize(decode(on.buffer)), parse5.serialize(on.tree));
    assert.equal(serialize(decode(on.buffer)).includes('<noscript>&lt;b&gt; &amp;</noscript>'), true);
    const offDoc = decode(off.buffer);
    assert.equal(serialize(offDoc), parse5.serialize(off.tree, { scriptingEnabled: false }));
    assert.equal(serializeBuffer(off.buffer), parse5.serialize(off.tree, { scriptingEnabled: false }));
    assert.equal(serialize(offDoc, { scriptingEnabled: true }), parse5.serialize(off.tree, { scriptingEnabled: true }));
    // Objects default to scripting on, as parse5.
    const obj = decode(off.buffer, { format: 'object' });
    assert.equal(serialize(obj), parse5.serialize(off.tree));
    assert.equal(serialize(obj, { scriptingEnabled: false }), parse5.serialize(off.tree, { scriptingEnabled: false }));
  });

  test('void elements serialise to nothing inside and have no end tag', async () => {
    const { tree, buffer } = await bufferFor('<!DOCTYPE html><br><img src="a&b">', { fragment: true });
    const d = decode(buffer);
    assert.equal(serialize(d.firstChild), '');
    assert.equal(serializeOuter(d.firstChild), '<br>');
    assert.equal(serializeOuter(d.lastChild), '<img src="a&amp;b">');
    assert.equal(serialize(tree.childNodes[0]), '');
  });
});

// ---- API behaviour -----------------------------------------------------------------------

describe('serialize(), serializeOuter(), getters, serializeBuffer()', () => {
  test('innerHTML / outerHTML are serialize() / serializeOuter()', () => {
    const doc = parse('<!DOCTYPE html><body><div id=a>x<b>y</b></div><template><i>t</i></template>');
    const html = serialize(doc);
    assert.equal(html, '<!DOCTYPE html><html><head></head><body><div id="a">x<b>y</b></div><template><i>t</i></template></body></html>');
    assert.equal(doc.innerHTML, html);
    const div = doc.getElementById('a');
    assert.equal(div.innerHTML, 'x<b>y</b>');
    assert.equal(div.outerHTML, '<div id="a">x<b>y</b></div>');
    assert.equal(div.outerHTML, serializeOuter(div));
    const tpl = doc.querySelector('template');
    assert.equal(tpl.innerHTML, '<i>t</i>');
    assert.equal(tpl.content.innerHTML, '<i>t</i>');
    assert.equal(tpl.outerHTML, '<template><i>t</i></template>');
    assert.equal(serializeOuter(doc), '', 'documents have no outer serialisation (as parse5)');
    assert.equal(serializeOuter(tpl.content), '', 'nor have fragments');
    assert.equal(serializeOuter(div.firstChild), 'x');
    assert.equal(serialize(div.firstChild), '', 'a text node has no children');
    const frag = parseFragment('<td>a</td><td>b', { context: 'tr' });
    assert.equal(frag.innerHTML, '<td>a</td><td>b</td>');
    assert.equal(frag.innerHTML, serialize(frag));
  });

  test('text: escaped, or raw under an HTML raw-text parent (noscript with scripting); comments, doctype, attributes', () => {
    const doc = parse('<!DOCTYPE html><!--c&<>--><style>a<b&c</style><body><p title=\'"&<>\u00a0x\'>&amp;&lt;&gt;&nbsp;"</p>' +
      '<svg><style>a&lt;b</style><a xlink:href="u" xml:lang="en" xmlns:x="y" xmlns="http://www.w3.org/2000/svg"></a></svg>');
    assert.equal(serialize(doc),
      '<!DOCTYPE html><!--c&<>--><html><head><style>a<b&c</style></head><body><p title="&quot;&amp;&lt;&gt;&nbsp;x">&amp;&lt;&gt;&nbsp;"</p>' +
      '<svg><style>a&lt;b</style><a xlink:href="u" xml:lang="en" xmlns:x="y" xmlns="http://www.w3.org/2000/svg"></a></svg></body></html>');
    const style = doc.querySelector('style');
    assert.equal(serializeOuter(style.firstChild), 'a<b&c', 'raw under <style>, also on its own');
    assert.equal(serialize(doc), serialize(parse(serialize(doc))));
  });

  test('scriptingEnabled option overrides the tree flag', () => {
    const html = '<body><noscript><b>&amp;</b>&lt;</noscript>';
    for (const scripting of [true, false]) {
      const doc = parse(html, { scriptingEnabled: scripting });
      const obj = parse(html, { scriptingEnabled: scripting, format: 'object' });
      const buf = parseToBuffer(html, { scriptingEnabled: scripting });
      for (const opt of [undefined, true, false]) {
        const o = opt === undefined ? undefined : { scriptingEnabled: opt };
        const want = parse5.serialize(obj, { scriptingEnabled: opt ?? scripting });
        assert.equal(serialize(doc, o), want);
        assert.equal(serializeBuffer(buf, o), want);
        assert.equal(serialize(obj, { scriptingEnabled: opt ?? scripting }), want);
      }
    }
  });

  test('parse5-shaped objects (also modified or made by the user)', () => {
    const obj = parse('<p>a</p>', { format: 'object' });
    const p = obj.childNodes[0].childNodes[1].childNodes[0];
    p.attrs.push({ name: 'title', value: '<"&>' });
    p.childNodes.push({ nodeName: '#text', value: '&b', parentNode: p });
    assert.equal(serialize(obj), '<html><head></head><body><p title="&lt;&quot;&amp;&gt;">a&amp;b</p></body></html>');
    assert.equal(serialize(obj), parse5.serialize(obj));

    const el = (tagName, attrs = [], childNodes = [], ns = HTML_NS) => {
      const e = { nodeName: tagName, tagName, attrs, namespaceURI: ns, childNodes, parentNode: null };
      for (const c of childNodes) c.parentNode = e;
      return e;
    };
    const text = (value) => ({ nodeName: '#text', value, parentNode: null });
    const script = el('script', [], [text('a < b')]);
    const svgStyle = el('style', [], [text('a < b')], SVG_NS);
    const tpl = el('template', [], [text('ignored')]);
    tpl.content = { nodeName: '#document-fragment', childNodes: [text('<in>')] };
    const root = el('div', [{ name: 'id', value: '"x"' }, { name: 'constructor', value: '' }], [
      script, el('svg', [{ name: 'href', value: 'h', prefix: 'xlink', namespace: 'http://www.w3.org/1999/xlink' }], [svgStyle], SVG_NS), tpl,
      el('toString'), { nodeName: '#comment', data: '-' }, { nodeName: 'unknown' },
    ]);
    const expected = parse5.serializeOuter(root);
    assert.equal(serializeOuter(root), expected);
    assert.equal(expected, '<div id="&quot;x&quot;" constructor=""><script>a < b</script><svg xlink:href="h"><style>a &lt; b</style></svg>' +
      '<template>&lt;in&gt;</template><toString></toString><!--*--></div>'.replace('*', '-'));
    assert.equal(serialize(root), parse5.serialize(root));
  });

  test('serializeBuffer(): whole buffer, a node, outer, bad input', () => {
    const html = '<!DOCTYPE html><title>t</title><p id=x>a<br>b';
    const buf = parseToBuffer(html);
    const doc = decode(buf);
    assert.equal(serializeBuffer(buf), serialize(doc));
    assert.equal(serializeBuffer(new Uint8Array(buf)), serialize(doc));
    assert.equal(serializeBuffer(buf, { outer: true }), serialize(doc), 'a document outer: its children');
    const p = doc.getElementById('x');
    assert.equal(serializeBuffer(buf, { node: p._i }), 'a<br>b');
    assert.equal(serializeBuffer(buf, { node: p._i, outer: true }), '<p id="x">a<br>b</p>');
    assert.throws(() => serializeBuffer(buf, { node: 10000 }), RangeError);
    assert.throws(() => serializeBuffer(buf.slice(0, 100)), RangeError);
    assert.throws(() => serializeBuffer(new Uint8Array(200)), RangeError);
    assert.throws(() => serializeBuffer('x'), TypeError);
    assert.throws(() => serializeBuffer(buf, { node: -1 }), RangeError);
    assert.equal(serialize(doc), serializeBuffer(buf));
  });

  test('lone surrogates and astral characters pass through', () => {
    const html = '<p title="\ud800">\udc00a\ud83d\ude00</p>';
    const doc = parse(html);
    assert.equal(doc.body.innerHTML, '<p title="\ud800">\udc00a\ud83d\ude00</p>');
    assert.equal(serializeBuffer(parseToBuffer(html), { node: doc.body._i }), doc.body.innerHTML);
  });

  test('long outputs: one serialisation over many chunks equals its parts', () => {
    const item = '<li class="a&amp;b">item &amp; <b>x</b> \u4e2d</li>';
    const doc = parse('<ul>' + item.repeat(5000) + '</ul>');
    const ul = doc.querySelector('ul');
    const want = '<ul>' + '<li class="a&amp;b">item &amp; <b>x</b> \u4e2d</li>'.repeat(5000) + '</ul>';
    assert.equal(ul.outerHTML, want);
    assert.equal(ul.children.map((li) => li.outerHTML).join(''), want.slice(4, -5));
    assert.equal(serializeBuffer(parseToBuffer('<ul>' + item.repeat(5000) + '</ul>'), { node: ul._i, outer: true }), want);
  });

  test('deep trees: 100000 nested elements', () => {
    const depth = 100000;
    const html = '<span>'.repeat(depth) + 'x';
    const want = '<span>'.repeat(depth) + 'x' + '</span>'.repeat(depth);
    assert.equal(serialize(parseFragment(html, { context: 'div' })), want);
    assert.equal(serialize(parseFragment(html, { context: 'div', format: 'object' })), want);
    assert.equal(serializeBuffer(parseToBuffer(html, { fragment: true, context: 'div' })), want);
  });

  test('escaping', () => {
    assert.equal(escapeText('a&b<c>d\u00a0e"f\'g'), 'a&amp;b&lt;c&gt;d&nbsp;e"f\'g');
    assert.equal(escapeAttribute('a&b<c>d\u00a0e"f\'g'), 'a&amp;b&lt;c&gt;d&nbsp;e&quot;f\'g');
    assert.equal(escapeText('plain'), 'plain');
    assert.equal(escapeText(''), '');
    assert.equal(escapeText('\ud800&'), '\ud800&amp;');
    assert.equal(escapeAttribute('&&'), '&amp;&amp;', 'every occurrence');
  });

  test('bad arguments throw TypeError', () => {
    assert.throws(() => serialize(null), TypeError);
    assert.throws(() => serialize(undefined), TypeError);
    assert.throws(() => serializeOuter('x'), TypeError);
  });
});
