#!/usr/bin/env node
// The floors under issue 31's goals, measured in one run on this machine
// (bench/PROFILE.md, "The floors"): a lower bound on html5-wasm's time for
// each goal, from parts it cannot do without, against the time the goal
// allows.  A floor above its budget means the goal cannot be met by any
// change to html5-wasm's code, only by another machine or runtime.
//
// 1. The first page (goal: import + parse + walk of the largest UTF-8 page
//    in a fresh process, >= 4x parse5 and >= 2x htmlparser2).  Floor:
//    importing html5-wasm in a fresh process (median of fresh processes,
//    interleaved with parse5's and htmlparser2's whole first page) plus a
//    *warm* parse and a *warm* walk of the page: what the first page would
//    take if nothing in it were cold.
// 2. Warm (goal: parse + full DOM walk of the corpus, >= 6x parse5 and >= 4x
//    htmlparser2, CPU time).  Budget: the goal's time minus the core's
//    (parseToView, a parse with no JS tree at all).  Floor: allocating one
//    object of an Element's size for every node the walk visits, kept alive
//    until the page is done, as any tree of JS objects must (attributes,
//    strings and reading them not counted).
//
//   node bench/floors.js [--quick]
import { parseArgs } from 'node:util';
import { runChild } from './lib/child.js';
import { listPages, readPage } from './lib/corpus.js';
import { byId, loadParsers } from './lib/parsers.js';
import { cpuMs, median } from './lib/stats.js';

const { values: args } = parseArgs({ options: { quick: { type: 'boolean' } } });
const runs = args.quick ? 3 : 7;
const pages = listPages();
const log = (s) => console.log(s);
const ms = (x) => `${x.toFixed(1)} ms`;

// ---- 1. the first page -------------------------------------------------------
const big = pages.filter((p) => p.utf8).at(-1);
const fresh = { dom: [], parse5: [], htmlparser2: [] };
for (let r = 0; r < runs; r++) {
  for (const id of Object.keys(fresh)) fresh[id].push(await runChild('coldstart.js', [id, big.path]));
}
const whole = (id) => median(fresh[id].map((x) => x.importInit + x.firstParse + x.firstWalk));
const importInit = median(fresh.dom.map((x) => x.importInit));
const { ready } = await loadParsers([byId('dom'), byId('view'), byId('parse5'), byId('htmlparser2')]);
const P = Object.fromEntries(ready.map((p) => [p.id, p]));
const bigHtml = readPage(big).text;
const warmParse = [];
const warmWalk = [];
for (let i = 0; i < 5 + runs; i++) {
  const t0 = performance.now();
  const doc = P.dom.parse(bigHtml);
  const t1 = performance.now();
  P.dom.walk(doc);
  const t2 = performance.now();
  if (i >= 5) {
    warmParse.push(t1 - t0);
    warmWalk.push(t2 - t1);
  }
}
const floor1 = importInit + median(warmParse) + median(warmWalk);
log(`1. The first page (${big.name}, ${(big.fileBytes / 1e6).toFixed(2)} MB; fresh processes: median of ${runs}):`);
log(`   whole first page: html5-wasm ${ms(whole('dom'))}, parse5 ${ms(whole('parse5'))}, htmlparser2 ${ms(whole('htmlparser2'))}`);
log(`   floor: import + init ${ms(importInit)} + warm parse ${ms(median(warmParse))} + warm walk ${ms(median(warmWalk))} = ${ms(floor1)}`);
for (const [id, k] of [['parse5', 4], ['htmlparser2', 2]]) {
  const budget = whole(id) / k;
  // How close to warm the first parse and walk would have to be (fresh wasm memory and cold code make them
  // 2.5-3.5x here; make bench's "First page" table has the best setups).
  const within = (budget - importInit) / (median(warmParse) + median(warmWalk));
  log(`   ${k}x ${id} allows ${ms(budget)}: the floor is ${(floor1 / budget).toFixed(2)}x that (${floor1 > budget ? 'out of reach' : 'not ruled out'}); ` +
    `the first parse and walk would have to be within ${within.toFixed(2)}x of warm ones`);
}

// ---- 2. warm -------------------------------------------------------------------
const texts = pages.map((p) => readPage(p).text);
const bytes = texts.reduce((a, t) => a + Buffer.byteLength(t), 0);
// What the walk visits (html5-wasm's DOM), per page: nodes, attributes, and the lengths of the strings it
// reads that no tree can share between nodes (text and comment data, attribute values; names are interned).
const counts = texts.map((t) => {
  const doc = P.dom.parse(t);
  let nodes = 0;
  let attrs = 0;
  const lengths = [];
  const stack = [doc];
  while (stack.length > 0) {
    const n = stack.pop();
    nodes++;
    if (n.nodeType === 1) {
      for (const a of n.attributes) lengths.push(a.value.length);
      attrs += n.attributes.length;
      if (n.nodeName === 'TEMPLATE') stack.push(n.content);
    } else if (n.nodeType === 3 || n.nodeType === 8) lengths.push(n.data.length);
    for (let c = n.firstChild; c !== null; c = c.nextSibling) stack.push(c);
  }
  return [nodes, attrs, Int32Array.from(lengths)];
});
// An object with as many fields as an Element (js/dom).
class Obj17 {
  constructor(i) {
    this.a = i; this.b = null; this.c = null; this.d = null; this.e = null; this.f = null; this.g = 0; this.h = 0; this.i = null;
    this.j = null; this.k = null; this.l = null; this.m = null; this.n = null; this.o = null; this.p = null; this.q = null;
  }
}
let kept = 0;
const allocate = () => {
  for (const [n] of counts) {
    const nodes = new Array(n);
    for (let i = 0; i < n; i++) nodes[i] = new Obj17(i);
    kept += nodes.length;
  }
};
// The least a persistent node object can hold (its tree and its place in it), and the strings read, sliced
// from the page's text as html5-wasm slices them from one string.
class Obj2 {
  constructor(tree, i) {
    this.tree = tree;
    this.i = i;
  }
}
const allocateLeast = () => {
  for (let p = 0; p < counts.length; p++) {
    const [n, , lengths] = counts[p];
    const text = texts[p];
    const nodes = new Array(n);
    for (let i = 0; i < n; i++) nodes[i] = new Obj2(nodes, i);
    const strings = new Array(lengths.length);
    for (let i = 0, at = 0; i < lengths.length; i++) {
      const len = lengths[i];
      if (at + len > text.length) at = 0;
      strings[i] = text.slice(at, at + len);
      at += len;
    }
    kept += nodes.length + strings.length;
  }
};
const jobs = {
  parse5: () => { for (const t of texts) P.parse5.walk(P.parse5.parse(t)); },
  htmlparser2: () => { for (const t of texts) P.htmlparser2.walk(P.htmlparser2.parse(t)); },
  'html5-wasm (DOM)': () => { for (const t of texts) P.dom.walk(P.dom.parse(t)); },
  'html5-wasm core (parseToView)': () => { for (const t of texts) P.view.parse(t); },
  'floor: an object per node': allocate,
  'floor: 2-field node + strings': allocateLeast,
};
const times = Object.fromEntries(Object.keys(jobs).map((k) => [k, []]));
for (const f of Object.values(jobs)) f(); // warm-up
for (let r = 0; r < runs; r++) {
  for (const [k, f] of Object.entries(jobs)) {
    const c = cpuMs();
    f();
    times[k].push(cpuMs() - c);
  }
}
const t = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
const nodes = counts.reduce((s, c) => s + c[0], 0);
const attrs = counts.reduce((s, c) => s + c[1], 0);
log(`2. Warm, the corpus (${pages.length} pages, ${(bytes / 1e6).toFixed(1)} MB, ${nodes} nodes, ${attrs} attributes; CPU time, median of ${runs} interleaved rounds):`);
for (const [k, v] of Object.entries(t)) log(`   ${k.padEnd(30)} ${ms(v).padStart(9)}  ${(bytes / 1e3 / v).toFixed(1).padStart(6)} MB/s`);
log(`   html5-wasm (DOM) is ${(t.parse5 / t['html5-wasm (DOM)']).toFixed(2)}x parse5, ${(t.htmlparser2 / t['html5-wasm (DOM)']).toFixed(2)}x htmlparser2`);
for (const [id, k] of [['parse5', 6], ['htmlparser2', 4]]) {
  const budget = t[id] / k - t['html5-wasm core (parseToView)'];
  log(`   ${k}x ${id} leaves ${ms(budget)} beyond the core for the whole JS tree:`);
  for (const [what, key] of [['objects the size of an Element', 'floor: an object per node'], ['2-field nodes and the strings read', 'floor: 2-field node + strings']]) {
    const floor = t[key];
    log(`     allocating ${what} alone takes ${ms(floor)} (${(floor / budget).toFixed(2)}x; ${floor > budget ? 'out of reach' : 'not ruled out'})`);
  }
}
if (kept === 0) log('(nothing allocated)');
