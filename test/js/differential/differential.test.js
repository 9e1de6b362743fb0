// Differential test: seeded random nasty HTML (test/js/differential/gen/html.js) parsed by
// html5-wasm (object format) and by parse5, documents and fragments in many
// contexts, both scripting modes; the tree dumps, the document mode and
// parse5.serialize of both trees must be equal.
//
// The reference is parse5 with its known deviations from the standard fixed
// (test/js/differential/gen/parse5-fixed.js: each fix is an exact edit of parse5's code,
// checked below to be needed and, on its example, to agree with us).
// parse5 predates the 2025 relaxed <select> parsing (and select joining the
// default scope, whatwg/html 172cccf4): the main sets put only
// parse5-compatible content inside <select>; a separate set puts anything
// there and accepts a difference only if it vanishes for the same seed with
// compatible select content, and hand-checked trees cover the new rules.
// parse5 also predates processing instructions (we parse with
// processingInstructions: false, gen/diff.js) and the 2026 rules of PR 12908
// and PR 12911 (fixed in the reference like its bugs, gen/parse5-fixed.js).
//
// Deterministic: case seeds are H5_DIFF_SEED + i (default 0x5eed);
// H5_DIFF_COUNT documents (default 3000), a third as many fragments, a tenth
// as many select-2025 cases.  A failure prints the seed, a shrunk input and
// the first differing dump lines; bench/differential.js reruns a seed and
// runs long soaks.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import * as stockParse5 from 'parse5';

import { dumpTree, parse, parseFragment } from '../../../js/node.js';
import { caseJobs, compare, describeJob, firstDifference, report, setReference, shrink } from './gen/diff.js';
import { FRAGMENT_CONTEXTS, generateDocument } from './gen/html.js';
import { FIXES, loadFixedParse5 } from './gen/parse5-fixed.js';

function envInt(name, def) {
  const v = process.env[name];
  if (v === undefined || v === '') return def;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer; got ${JSON.stringify(v)}`);
  return n;
}
const BASE = envInt('H5_DIFF_SEED', 0x5eed) >>> 0;
const COUNT = Math.max(1, envInt('H5_DIFF_COUNT', 3000));
const FRAGMENTS = Math.max(1, Math.round(COUNT / 3));
const SELECT_CASES = Math.max(1, Math.round(COUNT / 10));
const REPORTS = 3; // failures shrunk and printed in full

/**
 * Compare every job; returns { n, bytes, stockOnly, failures }.  stockOnly:
 * jobs equal to the reference where stock parse5 differs (its bugs).
 */
function run(jobs) {
  const out = { n: 0, bytes: 0, stockOnly: 0, failures: [] };
  for (const job of jobs) {
    out.n++;
    if (job.scripting) out.bytes += job.html.length;
    const d = compare(job);
    if (d) out.failures.push({ job, d });
    else if (compare(job, stockParse5)) out.stockOnly++;
  }
  return out;
}

async function failureMessage(what, r) {
  const lines = [`${r.failures.length} of ${r.n} ${what} differ from the reference:`];
  const seeds = new Set();
  for (const { job, d } of r.failures) {
    if (seeds.size === REPORTS) break;
    if (seeds.has(job.seed)) continue; // one report per input (not per scripting mode)
    seeds.add(job.seed);
    lines.push((await report(job, d, { shrinkMs: 2500 })).text);
  }
  const rest = r.failures.filter((f) => !seeds.has(f.job.seed)).map((f) => `${f.job.seed}/${f.job.scripting ? 'on' : 'off'}`);
  if (rest.length) lines.push(`… and ${rest.length} more (seed/scripting): ${rest.slice(0, 60).join(' ')}${rest.length > 60 ? ' …' : ''}`);
  return lines.join('\n\n');
}

const casesOf = (from, n, kind, select) => {
  const jobs = [];
  for (let i = 0; i < n; i++) jobs.push(...caseJobs(from + i, kind, select));
  return jobs;
};

describe('differential: html5-wasm vs parse5 on random nasty HTML', () => {
  let reference;
  before(async () => {
    reference = await loadFixedParse5();
    setReference(reference);
  });

  test('the generator is deterministic and covers the nasty parts', () => {
    assert.equal(generateDocument(BASE), generateDocument(BASE));
    assert.notEqual(generateDocument(BASE), generateDocument(BASE + 1));
    const features = {
      'svg': /<svg/i, 'math': /<math/i, 'template': /<template/i, 'table': /<table/i, 'caption': /<caption/i,
      'colgroup': /<colgroup/i, 'CDATA': /<!\[CDATA\[/, 'NUL': /\0/, 'numeric char ref': /&#/,
      'lone surrogate': /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
      'named ref without ;': /&(amp|lt|not|copy|nbsp)(?![;a-z])/, 'select': /<select/i, 'frameset': /<frameset/i,
      'doctype': /<!doctype/i, 'CRLF': /\r\n/, 'plaintext': /<plaintext/i, 'script': /<script/i, 'comment': /<!--/,
      'bogus comment': /<\?|<!-?[^-D[]|<\/ /, 'foreignObject': /<foreignObject/i, 'annotation-xml': /<annotation-xml/i,
      'nobr': /<nobr/i, 'image': /<image/i, 'isindex': /<isindex/i, 'listing': /<listing/i, 'li': /<li/i,
      'option': /<option/i, '</br>': /<\/br/i, '</p>': /<\/p>/i, 'font': /<font/i, 'xlink:href': /xlink:href/i,
      'uppercase tag': /<[A-Z]/, 'self-closing non-void': /<(div|span)\/>/i, 'end tag with attributes': /<\/[a-z]+ a=b>/i,
      'huge attribute': /(\w+ ){200}/, 'duplicate attribute': /=dup/, 'textarea': /<textarea/i, 'style': /<style/i,
      'noscript': /<noscript/i, 'iframe': /<iframe/i, 'xmp': /<xmp/i, 'noembed': /<noembed/i, 'noframes': /<noframes/i,
      'title': /<title/i, 'dd/dt': /<d[dt]/i, 'ruby': /<ruby/i, 'camelCase svg': /clipPath|linearGradient|feGaussianBlur|viewBox/,
      'mi/mo/mn/ms/mtext': /<m[ionst]/, 'desc': /<desc/i, 'form': /<form/i, 'script escape': /<!--<script/i,
    };
    const n = Math.min(COUNT, 300);
    const seen = Object.fromEntries(Object.keys(features).map((k) => [k, 0]));
    for (let i = 0; i < n; i++) {
      const html = generateDocument(BASE + i);
      for (const [k, re] of Object.entries(features)) if (re.test(html)) seen[k]++;
    }
    const rare = Object.entries(seen).filter(([, c]) => c < Math.ceil(n / 100));
    assert.deepEqual(rare, [], `features in fewer than 1% of ${n} documents`);
  });

  test('each parse5 fix is needed and agrees with html5-wasm on its example', () => {
    for (const fix of FIXES) {
      const job = { scripting: true, ...fix.example };
      assert.notEqual(compare(job, stockParse5), null, `${fix.id}: stock parse5 already right on ${JSON.stringify(job.html)}?`);
      const d = compare(job);
      assert.equal(d, null, `${fix.id}: html5-wasm and fixed parse5 differ on ${JSON.stringify(job.html)}\n${d && firstDifference(d.ours, d.theirs)}`);
    }
  });

  test(`${COUNT} documents, both scripting modes`, async (t) => {
    const r = run(casesOf(BASE, COUNT, 'document', 'compat'));
    t.diagnostic(`${r.n} parses (${(r.bytes / 1e6).toFixed(1)} MB of input); ${r.stockOnly} equal only to parse5 with its bugs fixed`);
    if (r.failures.length) assert.fail(await failureMessage('document parses', r));
  });

  test(`${FRAGMENTS} fragments in ${FRAGMENT_CONTEXTS.length} contexts, both scripting modes`, async (t) => {
    const r = run(casesOf(BASE + COUNT, FRAGMENTS, 'fragment', 'compat'));
    t.diagnostic(`${r.n} parses (${(r.bytes / 1e6).toFixed(1)} MB of input); ${r.stockOnly} equal only to parse5 with its bugs fixed`);
    if (r.failures.length) assert.fail(await failureMessage('fragment parses', r));
  });

  // Anything inside <select>.  A difference is accepted only when the input
  // has a select and the same seed with parse5-compatible select content
  // (the rest of the input is then identical) gives equal trees.
  test(`select 2025: ${SELECT_CASES} documents + ${SELECT_CASES} fragments with relaxed <select> content`, async (t) => {
    const accepted = [];
    const failures = [];
    let n = 0;
    let withSelect = 0;
    const from = BASE + COUNT + FRAGMENTS;
    for (let i = 0; i < 2 * SELECT_CASES; i++) {
      const seed = from + i;
      const kind = i < SELECT_CASES ? 'document' : 'fragment';
      const jobs = caseJobs(seed, kind, '2025');
      if (/<select/i.test(jobs[0].html)) withSelect++;
      for (const job of jobs) {
        n++;
        const d = compare(job);
        if (!d) continue;
        const compat = caseJobs(seed, kind, 'compat').find((c) => c.scripting === job.scripting);
        if (/<select/i.test(job.html) && compare(compat) === null) accepted.push(job);
        else failures.push({ job, d });
      }
    }
    t.diagnostic(`${n} parses, ${withSelect} of ${2 * SELECT_CASES} inputs with a select; ` +
      `${accepted.length} parse(s) accepted as select-2025 differences (vanish with parse5-compatible select content)`);
    if (accepted.length) {
      const list = accepted.map((j) => `${j.seed}/${j.scripting ? 'on' : 'off'}`);
      t.diagnostic(`accepted (seed/scripting): ${list.slice(0, 60).join(' ')}${list.length > 60 ? ` … (${list.length - 60} more)` : ''}`);
      // a few, shrunk (keeping a select and the difference), to show what they are
      const shown = new Set();
      for (const job of accepted.slice(0, 16)) {
        if (shown.size === 5) break;
        const small = await shrink(job.html, (h) => /<select/i.test(h) && compare({ ...job, html: h }) !== null, 500, { chars: false });
        if (shown.has(small)) continue;
        shown.add(small);
        t.diagnostic(`e.g. ${describeJob(job).split(' (rerun')[0]}, shrunk: ${JSON.stringify(small)}`);
      }
    }
    if (failures.length) assert.fail(await failureMessage('select-2025 parses (not explained by select)', { n, failures }));
    if (COUNT >= 1000) assert.ok(accepted.length > 0, 'the relaxed select content should show differences with parse5');
  });

  // The 2025 rules, hand-checked (each also equals Chromium 156's tree).
  test('select 2025: hand-checked trees', () => {
    const body = (lines) => ['<html>', '  <head>', '  <body>', ...lines.map((l) => '    ' + l)].map((l) => `| ${l}\n`).join('');
    const frag = (lines) => lines.map((l) => `| ${l}\n`).join('');
    const cases = [
      ['<select><div>a</div><button>b</button><span>c</span></select>',
        body(['<select>', '  <div>', '    "a"', '  <button>', '    "b"', '  <span>', '    "c"'])],
      ['<select><svg><circle/></svg><math><mi>x</mi></math></select>',
        body(['<select>', '  <svg svg>', '    <svg circle>', '  <math math>', '    <math mi>', '      "x"'])],
      ['<select><b>x</select>y', body(['<select>', '  <b>', '    "x"', '<b>', '  "y"'])],
      ['<select><option><div>x</div></option><option>y</select>',
        body(['<select>', '  <option>', '    <div>', '      "x"', '  <option>', '    "y"'])],
      ['<select><option><b>bold</b> <i>it</i></option></select>',
        body(['<select>', '  <option>', '    <b>', '      "bold"', '    " "', '    <i>', '      "it"'])],
      ['<select><option>a<p>b</option>c</select>', body(['<select>', '  <option>', '    "a"', '    <p>', '      "bc"'])],
      ['<select><datalist><option>x</option></datalist></select>', body(['<select>', '  <datalist>', '    <option>', '      "x"'])],
      ['<select><div><select>x', body(['<select>', '  <div>', '"x"'])],
      ['<select><textarea>x</textarea>y</select>', body(['<select>', '  <textarea>', '    "x"', '  "y"'])],
      ['<select><keygen>x', body(['<select>', '  <keygen>', '  "x"'])],
      ['<select><hr><option>x</select>', body(['<select>', '  <hr>', '  <option>', '    "x"'])],
      ['<table><tr><td><select><div>x</div></select>',
        body(['<table>', '  <tbody>', '    <tr>', '      <td>', '        <select>', '          <div>', '            "x"'])],
      ['<table><select><div>x</table>y', body(['<select>', '  <div>', '    "x"', '<table>', '"y"'])],
      ['<select><button><selectedcontent></selectedcontent></button><option>One<option selected>Two</select>',
        body(['<select>', '  <button>', '    <selectedcontent>', '      "Two"', '  <option>', '    "One"', '  <option>',
          '    selected=""', '    "Two"'])],
      ['<select><button><selectedcontent></selectedcontent></button><option><img>x<b>y</option></select>',
        body(['<select>', '  <button>', '    <selectedcontent>', '      <img>', '      "x"', '      <b>', '        "y"',
          '  <option>', '    <img>', '    "x"', '    <b>', '      "y"'])],
      ['<select multiple><button><selectedcontent></selectedcontent></button><option>One</select>',
        body(['<select>', '  multiple=""', '  <button>', '    <selectedcontent>', '  <option>', '    "One"'])],
      [['<div>a</div><option>b', 'select'], frag(['<div>', '  "a"', '<option>', '  "b"'])],
      // select in the default scope and in the special category (whatwg/html
      // 172cccf4): an end tag or <li> inside a select does not reach out of it.
      ['<ol><select><p>y</ol>=', body(['<ol>', '  <select>', '    <p>', '      "y="'])],
      ['<ul><li><select><li>x', body(['<ul>', '  <li>', '    <select>', '      <li>', '        "x"'])],
      ['<div><select></div><option>a', body(['<div>', '  <select>', '    <option>', '      "a"'])],
    ];
    for (const [input, expected] of cases) {
      const [html, context] = Array.isArray(input) ? input : [input, null];
      const tree = context ? parseFragment(html, { format: 'object', context }) : parse(html, { format: 'object' });
      const got = dumpTree(tree);
      assert.equal(got, expected, `${JSON.stringify(html)}${context ? ' in ' + context : ''}\n${firstDifference(got, expected)}`);
    }
  });

  // Bugs of html5-wasm found by the generator, shrunk; expected trees by
  // hand from the standard (parse5 and Chromium 156 agree).
  describe('bugs found by the generator', () => {
    // U+000D from a character reference is ASCII whitespace for tree
    // construction (only the input stream's CRs are normalised away).
    const CR = [
      ['&#13;', '| <html>\n|   <head>\n|   <body>\n'],
      ['&#xD;<p>', '| <html>\n|   <head>\n|   <body>\n|     <p>\n'],
      ['<table>&#13;</table>', '| <html>\n|   <head>\n|   <body>\n|     <table>\n|       "\r"\n'],
      ['<table><tfoot><tr></tbody>&#13;', '| <html>\n|   <head>\n|   <body>\n|     <table>\n|       <tfoot>\n|         <tr>\n|           "\r"\n'],
      ['<frameset>&#13;', '| <html>\n|   <head>\n|   <frameset>\n|     "\r"\n'],
      ['<template><col>&#xD;', '| <html>\n|   <head>\n|     <template>\n|       content\n|         <col>\n|         "\r"\n|   <body>\n'],
    ];
    for (const [html, expected] of CR) {
      test(`CR character reference is whitespace: ${JSON.stringify(html)}`, () => {
        assert.equal(dumpTree(reference.parse(html)), expected, 'the expectation is (fixed) parse5\'s tree too');
        const got = dumpTree(parse(html, { format: 'object' }));
        assert.equal(got, expected, firstDifference(got, expected));
      });
    }
  });
});
