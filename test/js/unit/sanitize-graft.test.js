// setHTML's result as a graft (js/sanitize/sanitize.js graftSanitized, js/dom/graft.js): the
// fragment parser's tree is sanitized where it is, record by record, and what survives is grafted into the
// element's tree, whose nodes get their records when first read.  That must be the very tree the other way
// gives (sanitize the parser's tree in place, then copy it): the same nodes, names, namespaces, attributes in
// their order, data, joined Text nodes, template contents and links, through the DOM API, on generated nasty
// documents x generated configurations and on real pages; and the same after mutations of its nodes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { parse } from '../../../js/node.js';
import { parseHTMLFragmentFor } from '../../../js/dom/dom.js';
import { installSanitizerMembers } from '../../../js/sanitize/index.js';
import { compile, sanitizeCore } from '../../../js/sanitize/sanitize.js';
import { compiledFor, sanitizerFromOptions } from '../../../js/sanitize/config.js';
import { dumpTree } from '../lib/dom-dump.js';
import { nastyDocuments, randomConfig, rng } from '../lib/sanitizer-gen.js';
import { sharedPath } from '../lib/shared.js';

installSanitizerMembers();
const optionsOf = (sanitizer) => (sanitizer === undefined ? undefined : { sanitizer });

/** div.setHTML(html, options) the other way: the parser's tree sanitized in place (sanitizeCore), then copied. */
function setHTMLByCopy(div, html, sanitizer) {
  const cfg = compiledFor(sanitizerFromOptions('test', optionsOf(sanitizer), true), true, compile);
  const f = parseHTMLFragmentFor(div, html, 'test', {
    shadowRoots: cfg.declarativeShadowRoots,
    scriptingEnabled: false,
    prepare: (g) => { sanitizeCore(g._t, g._i, cfg); },
  });
  div.replaceChildren(f);
}

const SEED = 99;
const r = rng(SEED);
const configs = [undefined, 'default', {}];
for (let k = 0; k < 24; k++) configs.push(randomConfig(r));

const grafts = (doc) => doc._t.ov?.grafts?.length ?? 0;

function same(doc, html, sanitizer) {
  const a = doc.createElement('div');
  a.setHTML(html, optionsOf(sanitizer));
  const b = doc.createElement('div');
  setHTMLByCopy(b, html, sanitizer);
  const da = dumpTree(a);
  return da === dumpTree(b) && a.innerHTML === b.innerHTML ? null : { html, sanitizer, graft: da, copy: dumpTree(b) };
}

test(`setHTML's graft is the sanitized copy's tree: generated documents x ${configs.length} configurations (seed ${SEED})`, (t) => {
  const doc = parse('<!DOCTYPE html>');
  const failures = [];
  let n = 0;
  for (const html of nastyDocuments(SEED, 120)) {
    for (const c of configs) {
      const d = same(doc, html, c);
      if (d !== null) failures.push(d);
      n++;
    }
  }
  assert.deepEqual(failures.slice(0, 2), []);
  // Once every node was read, the grafts (and the parsers' trees they hold) are gone.
  assert.equal(grafts(doc), 0);
  t.diagnostic(`${n} trees compared`);
});

test('setHTML\'s graft is the sanitized copy\'s tree: real pages (every 6th of the corpus), default and generated configurations', () => {
  const dir = sharedPath('corpus', 'pages');
  const rows = readFileSync(join(dir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  const doc = parse('<!DOCTYPE html>');
  const own = parse('<!DOCTYPE html>');
  const failures = [];
  let grafted = 0;
  rows.forEach(([file], k) => {
    if (k % 6 !== 0) return;
    const html = readFileSync(join(dir, file)).toString('latin1');
    // The default configuration grafts a page: the graft is there until its nodes are read.  (In a
    // document of its own: where a checked radio button ever was, every insertion reads the nodes
    // inserted, for their radio button groups.)
    const before = grafts(own);
    own.createElement('div').setHTML(html);
    if (grafts(own) > before) grafted++;
    for (const c of [undefined, configs[3 + (k % 20)]]) {
      const d = same(doc, html, c);
      if (d !== null) failures.push({ file, sanitizer: d.sanitizer });
    }
  });
  assert.deepEqual(failures, []);
  assert.equal(grafted, Math.ceil(rows.length / 6));
});

test('a grafted tree makes records only for the nodes read, and takes changes as a copied one', () => {
  const doc = parse('<!DOCTYPE html>');
  const html = '<p title=t onclick=x>a<script>s</script>b<!--c-->d<b>e<i>f</i></b></p><ul><li>1<li>2<img src=x></ul>';
  const a = doc.createElement('div');
  const before = doc._t.ov?.size ?? 0;
  a.setHTML(html);
  // The div, the fragment and its two children: no record for the rest.
  assert.ok(doc._t.ov.size - before <= 6, `${doc._t.ov.size - before} records`);
  assert.equal(a.innerHTML, '<p title="t">abd<b>e<i>f</i></b></p><ul><li>1</li><li>2</li></ul>');
  assert.equal(a.firstChild.childNodes.length, 2); // "a", "b" and "d" joined: one Text
  assert.equal(a.firstChild.firstChild.data, 'abd');

  const b = doc.createElement('div');
  setHTMLByCopy(b, html, undefined);
  const seed = 5;
  const all = (root) => {
    const l = [];
    const walk = (x) => { l.push(x); for (const c of x.childNodes) walk(c); };
    walk(root);
    return l;
  };
  const other = parse('<p>other</p>');
  const logs = [];
  for (const root of [a, b]) {
    const r2 = rng(seed);
    const log = [];
    for (let step = 0; step < 200; step++) {
      const l = all(root);
      const x = l[Math.floor(r2() * l.length)];
      const y = l[Math.floor(r2() * l.length)];
      try {
        switch (Math.floor(r2() * 8)) {
          case 0: if (x !== root) x.remove(); break;
          case 1: y.appendChild(x); break;
          case 2: if (x.nodeType === 1) x.setAttribute('t' + step, 'v'); break;
          case 3: if (x.nodeType === 1 && x.attributes.length > 0) x.removeAttribute(x.attributes[0].name); break;
          case 4: if (x.nodeType === 3) x.data += step; break;
          case 5: y.insertBefore(x.cloneNode(true), y.firstChild); break;
          case 6: if (x !== root) other.body.appendChild(other.adoptNode(x)); break;
          default: if (x.nodeType === 1) log.push(x.outerHTML, x.textContent);
        }
      } catch (e) {
        log.push(e.name);
      }
    }
    logs.push(log);
    if (root === a) logs.push(other.body.innerHTML);
  }
  assert.deepEqual(logs[0], logs[2]);
  assert.equal(dumpTree(a), dumpTree(b));
});
