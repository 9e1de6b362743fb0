// The HTML Sanitizer API (js/sanitize/) against Chromium 156's own
// (headless, as browser.test.js): get() of the default and of generated
// configurations byte for byte, the modifier methods step by step, WPT's
// sanitizer-api cases, generated documents x generated configurations
// through setHTML / setHTMLUnsafe / parseHTML compared as markup byte for
// byte, and the mutation-XSS round trip of our sanitize() output through
// Chromium's parser and sanitizer.  Where Chromium and the standard differ
// the differences are asserted as such (docs/chromium-differences.md,
// "The HTML Sanitizer").
//
// A missing Chromium FAILS these tests; H5_BROWSER_TESTS=0 skips them
// explicitly (the reason is printed).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { describeInChromium } from '../../browser/chromium.js';
import { useHarness } from '../../browser/harness-session.js';
import { dumpTree, parse } from '../../../js/node.js';
import { installSanitizerMembers, parseHTML, parseHTMLUnsafe, sanitize, Sanitizer } from '../../../js/sanitize/index.js';
import { EVENT_HANDLERS } from '../../../js/sanitize/builtins.js';
import { nastyDocuments, nastyMarkup, randomConfig, rng } from '../lib/sanitizer-gen.js';
import { readSanitizerCases, runSanitizerCase } from '../lib/sanitizer-dat.js';

installSanitizerMembers();

// The event handler attributes of the HTML standard that Chromium 156's
// remove unsafe does not list (we remove them: the stricter result).
// Chromium's renderer crashes when setHTML() meets one of them, so the
// generated documents below do not hold them (the unit tests cover them).
const CHROMIUM_EVENT_HANDLERS_MISSING = ['onbeforematch', 'onpagereveal', 'onpageswap', 'onrejectionhandled', 'onunhandledrejection'];

const html5 = (s) => `<!DOCTYPE html>${s}`;
const ourDoc = () => parse(html5(''));
const set = (markup, sanitizer) => {
  const d = ourDoc().createElement('div');
  d.setHTML(markup, { sanitizer });
  return d.innerHTML;
};

function ours(fn) {
  try {
    return fn();
  } catch (e) {
    return `throws ${e.name}`;
  }
}

// Chromium's parser caps the tree's depth at 512 (deeper elements become
// siblings; docs/chromium-differences.md): generated documents stay below.
const browserDocuments = (seed, n) => nastyDocuments(seed, n).filter((d) => !/^(<[a-z]+>){600}/.test(d))
  .concat(['div', 'b', 'table', 'svg', 'select', 'noscript'].map((t) => `<${t}>`.repeat(300) + 'x'));

describeInChromium('test/js/browser/sanitize.test.js', 'browser: the HTML Sanitizer API against Chromium 156', { timeout: 300_000 }, () => {
  const h = useHarness();

  test('new Sanitizer().get(), new Sanitizer({}).get() and 80 generated configurations: JSON.stringify(get()) is Chromium\'s', async () => {
    const r = rng(11);
    const configs = ['default', {}, undefined];
    for (let k = 0; k < 80; k++) configs.push(randomConfig(r) ?? {});
    // Invalid ones too: their TypeErrors.
    configs.push({ elements: ['a'], removeElements: ['b'] }, { attributes: ['x'], removeAttributes: ['y'] },
      { replaceWithChildrenElements: ['html'] }, { elements: ['a', 'a'] }, { removeAttributes: [], dataAttributes: true },
      { elements: [{ name: 'a', attributes: ['x'], removeAttributes: ['y'] }] }, { replaceWithChildrenElements: [{ name: 'svg', namespace: 'http://www.w3.org/2000/svg' }] },
      { elements: [{ name: 'p', attributes: ['data-x'] }], attributes: [], dataAttributes: true }, { processingInstructions: ['a', 'a'] },
      { elements: [{ name: 'x', namespace: '' }], attributes: [{ name: 'y', namespace: '' }] }, { elements: [{}] }, 'nope');
    const theirs = await h.page.evaluate((configs) => configs.map((c) => {
      try {
        return JSON.stringify(new Sanitizer(c).get());
      } catch (e) {
        return `throws ${e.name}`;
      }
    }), configs);
    const mine = configs.map((c) => ours(() => JSON.stringify(new Sanitizer(c).get())));
    assert.deepEqual(mine, theirs);
    assert.ok(mine.filter((x) => x.startsWith('throws')).length >= 10);
  });

  test('removeUnsafe(): the same get() but for the standard\'s event handlers Chromium does not list', async () => {
    const configs = [{}, 'default', { attributes: ['onclick', 'title', 'onbeforematch'] }, { elements: ['script', 'p'], removeAttributes: ['onload'] }];
    const theirs = await h.page.evaluate((configs) => configs.map((c) => {
      const s = new Sanitizer(c);
      return [s.removeUnsafe(), JSON.stringify(s.get())];
    }), configs);
    // Chromium 156's removeUnsafe() returns undefined; the standard's returns whether the configuration changed.
    assert.deepEqual(theirs.map((x) => x[0]), configs.map(() => undefined));
    configs.forEach((c, k) => {
      const s = new Sanitizer(c);
      assert.equal(s.removeUnsafe(), c !== 'default'); // the default holds nothing unsafe
      assert.equal(s.removeUnsafe(), false);
      const mine = s.get();
      const chromium = JSON.parse(theirs[k][1]);
      if (mine.removeAttributes) {
        const extra = mine.removeAttributes.filter((a) => !chromium.removeAttributes.some((b) => b.name === a.name && b.namespace === a.namespace));
        assert.deepEqual(extra.map((a) => a.name), CHROMIUM_EVENT_HANDLERS_MISSING);
        mine.removeAttributes = chromium.removeAttributes;
      }
      if (c.attributes) assert.equal(mine.attributes.some((a) => a.name === 'onbeforematch'), false);
      if (c.attributes) mine.attributes = chromium.attributes; // the same list less onbeforematch
      assert.deepEqual(mine, chromium);
    });
    assert.ok(EVENT_HANDLERS.length >= 140);
  });

  test('the modifier methods: 60 generated sequences give Chromium\'s return values and get() after every step', async () => {
    const r = rng(5);
    const names = ['p', 'b', 'div', { name: 'svg', namespace: 'http://www.w3.org/2000/svg' }, { name: 'a', namespace: null }, 'html', 'script', 'template', 'x-y'];
    const attrs = ['id', 'title', 'data-x', 'onclick', { name: 'href', namespace: 'http://www.w3.org/1999/xlink' }, 'style'];
    const pick = (l) => l[Math.floor(r() * l.length)];
    const sequences = [];
    for (let k = 0; k < 60; k++) {
      const steps = [];
      for (let n = 0; n < 12; n++) {
        const m = pick(['allowElement', 'removeElement', 'replaceElementWithChildren', 'allowAttribute', 'removeAttribute',
          'allowProcessingInstruction', 'removeProcessingInstruction', 'setComments', 'removeUnsafe']);
        let arg;
        if (m === 'allowElement') arg = r() < 0.5 ? pick(names) : { name: pick(['p', 'b', 'div']), attributes: [pick(attrs)], ...(r() < 0.3 ? { removeAttributes: [pick(attrs)] } : {}) };
        else if (m.endsWith('Element') || m === 'replaceElementWithChildren') arg = pick(names);
        else if (m.endsWith('Attribute')) arg = pick(attrs);
        else if (m.endsWith('Instruction')) arg = pick(['a', { target: 'b' }, 'xml-stylesheet']);
        else arg = r() < 0.5;
        steps.push([m, arg]);
      }
      sequences.push({ start: r() < 0.3 ? 'default' : randomConfig(r) ?? {}, steps });
    }
    const run = (S, seq) => {
      const s = new S(seq.start);
      const out = [];
      for (const [m, arg] of seq.steps) {
        const ret = s[m](arg);
        // setComments / removeUnsafe return a boolean in the standard, undefined in Chromium 156.
        out.push(m === 'setComments' || m === 'removeUnsafe' ? m : ret, JSON.stringify(s.get()));
      }
      return out;
    };
    const theirs = await h.page.evaluate(`(${(seqs, runSrc) => {
      const runIt = eval(`(${runSrc})`);
      return seqs.map((q) => {
        try {
          return runIt(Sanitizer, q);
        } catch (e) {
          return `throws ${e.name}`;
        }
      });
    }})(${JSON.stringify(sequences)}, ${JSON.stringify(run.toString())})`);
    // removeUnsafe() with a global removeAttributes list: ours lists the standard's handlers Chromium does not
    // (the test above); taken out here, the rest must be equal.
    const withoutMissing = (json) => {
      const c = JSON.parse(json);
      if (c.removeAttributes) c.removeAttributes = c.removeAttributes.filter((a) => !CHROMIUM_EVENT_HANDLERS_MISSING.includes(a.name));
      return JSON.stringify(c);
    };
    const mine = sequences.map((q) => ours(() => run(Sanitizer, q).map((x) => (typeof x === 'string' && x.startsWith('{') ? withoutMissing(x) : x))));
    assert.deepEqual(mine, theirs);
  });

  test('setComments() / setDataAttributes() return booleans (Chromium 156: undefined); setDataAttributes() as the standard says', async () => {
    const theirs = await h.page.evaluate(() => {
      const s = new Sanitizer({});
      const t = new Sanitizer({ attributes: ['data-x', 'id'], elements: [{ name: 'p', attributes: ['data-y'] }], dataAttributes: false });
      return [s.setComments(false), s.setDataAttributes(true), JSON.stringify(s.get()), t.setDataAttributes(true), JSON.stringify(t.get())];
    });
    const s = new Sanitizer({});
    const t = new Sanitizer({ attributes: ['data-x', 'id'], elements: [{ name: 'p', attributes: ['data-y'] }], dataAttributes: false });
    const mine = [s.setComments(false), s.setDataAttributes(true), JSON.stringify(s.get()), t.setDataAttributes(true), JSON.stringify(t.get())];
    // The standard: no dataAttributes next to a removeAttributes list (the call returns false); allowing data
    // attributes takes the data- names off the allow lists.  Chromium 156 does neither.
    assert.deepEqual(mine, [true, false, '{"comments":false,"removeAttributes":[],"removeElements":[],"removeProcessingInstructions":[]}', true,
      '{"attributes":[{"name":"id","namespace":null}],"comments":true,"dataAttributes":true,"elements":[{"name":"p","namespace":"http://www.w3.org/1999/xhtml","attributes":[]}],"removeProcessingInstructions":[]}']);
    assert.deepEqual(theirs, [undefined, undefined, '{"comments":false,"dataAttributes":true,"removeAttributes":[],"removeElements":[],"removeProcessingInstructions":[]}', undefined,
      '{"attributes":[{"name":"data-x","namespace":null},{"name":"id","namespace":null}],"comments":true,"dataAttributes":true,"elements":[{"name":"p","namespace":"http://www.w3.org/1999/xhtml","attributes":[{"name":"data-y","namespace":null}]}],"removeProcessingInstructions":[]}']);
  });

  test('WPT sanitizer-api cases: Chromium\'s trees equal ours but in six, where one of us follows the standard and WPT', async () => {
    const cases = readSanitizerCases();
    const theirs = await h.page.evaluate(`(async (cases) => {
      const { dumpTree } = await import('/js/index.js');
      const run = ${runSanitizerCase.toString()};
      return cases.map((c) => run(document, dumpTree, c));
    })(${JSON.stringify(cases)})`);
    const mine = cases.map((c) => runSanitizerCase(ourDoc(), dumpTree, c));
    const differ = cases.filter((c, k) => mine[k] !== theirs[k]).map((c) => `${c.file} #${c.index}`);
    // WPT's <base href=javascript:> case predates whatwg/html PR 12664 (<base> unsafe): both remove the element.
    const base = cases.findIndex((c) => c.file === 'sanitizer-javascript-url.sub.dat' && c.index === 2);
    assert.deepEqual([mine[base], theirs[base]], ['', '']);
    // Chromium sanitizes while parsing (whatwg/html PR 12756, open): a replaced element's children go where the
    // parser would have put the element.  WPT expects that in the adoption agency case, where we follow the
    // merged standard (sanitize the parsed fragment); in the other five WPT expects the merged standard's result
    // and Chromium 156 fails them: a replaced template's contents become children, text lands in a <table>.
    const chromiumRight = ['sanitizer-in-adoption-agency.sub.dat #6'];
    const oursRight = ['sethtml-tree-construction.sub.dat #79', 'sethtml-tree-construction.sub.dat #80',
      'sethtml-tree-construction.sub.dat #82', 'sethtml-tree-construction.sub.dat #83', 'sethtmlunsafe-toplevel-template-script.sub.dat #2'];
    assert.deepEqual(differ, [...chromiumRight, ...oursRight]);
    cases.forEach((c, k) => {
      const name = `${c.file} #${c.index}`;
      const expected = c.error !== null ? `error: ${c.error}` : c.document;
      if (chromiumRight.includes(name)) assert.equal(theirs[k], expected);
      else if (oursRight.includes(name)) assert.equal(mine[k], expected, name);
    });
  });

  test('generated documents x generated configurations: setHTML, setHTMLUnsafe and parseHTML markup byte for byte', async (t) => {
    const docs = browserDocuments(21, 260);
    const r = rng(22);
    const configs = [undefined, 'default', {}];
    for (let k = 0; k < 14; k++) configs.push(randomConfig(r));
    const cases = [];
    for (let d = 0; d < docs.length; d++) for (let c = 0; c < configs.length; c++) if (c < 3 || r() < 0.3) cases.push([d, c]);
    const theirs = await h.page.evaluate(({ docs, configs, cases }) => cases.map(([d, c]) => {
      const o = { sanitizer: configs[c] };
      const run = (f) => {
        try {
          return f();
        } catch (e) {
          return `throws ${e.name}`;
        }
      };
      const a = document.createElement('div');
      const b = document.createElement('div');
      return [run(() => (a.setHTML(docs[d], o), a.innerHTML)), run(() => (b.setHTMLUnsafe(docs[d], o), b.innerHTML)),
        run(() => Document.parseHTML(docs[d], o).documentElement.outerHTML)];
    }), { docs, configs, cases });
    const doc = ourDoc();
    let same = 0;
    const differ = [];
    cases.forEach(([d, c], k) => {
      const o = { sanitizer: configs[c] };
      const a = doc.createElement('div');
      const b = doc.createElement('div');
      const mine = [ours(() => (a.setHTML(docs[d], o), a.innerHTML)), ours(() => (b.setHTMLUnsafe(docs[d], o), b.innerHTML)),
        ours(() => parseHTML(docs[d], o).documentElement.outerHTML)];
      for (let m = 0; m < 3; m++) {
        if (mine[m] === theirs[k][m]) same++;
        else differ.push({ method: ['setHTML', 'setHTMLUnsafe', 'parseHTML'][m], config: configs[c], doc: docs[d], ours: mine[m], chromium: theirs[k][m] });
      }
    });
    // The only difference left: Chromium sanitizes while parsing (whatwg/html PR 12756, open), which puts a
    // replaced element's children where the parser would have put the element, without foster parenting them.
    for (const x of differ) assert.ok(x.config?.replaceWithChildrenElements?.length > 0, `differs from Chromium:\n${JSON.stringify(x, null, 1)}`);
    assert.ok(differ.length <= same / 200, `${differ.length} differences`);
    t.diagnostic(`${cases.length} document x configuration cases, ${same} results equal Chromium's byte for byte, ${differ.length} differ by sanitizing while parsing`);
  });

  test('context elements: setHTML and setHTMLUnsafe on 19 kinds of element (tables, select, foreign content, raw text, template) give Chromium\'s markup', async (t) => {
    // Not a select: there an <input> start tag is ignored by the standard (the fragment case with a select
    // context) and inserted by Chromium 156, a parser difference (docs/chromium-differences.md, The HTML Sanitizer).
    const contexts = [['td'], ['tr'], ['table'], ['tbody'], ['option'], ['svg', 'http://www.w3.org/2000/svg'],
      ['foreignObject', 'http://www.w3.org/2000/svg'], ['math', 'http://www.w3.org/1998/Math/MathML'], ['mi', 'http://www.w3.org/1998/Math/MathML'],
      ['template'], ['textarea'], ['style'], ['title'], ['noscript'], ['iframe'], ['plaintext'], ['p'], ['button'], ['frameset']];
    const r = rng(51);
    const docs = ['<td>a</td><tr><td>b', '<option>o<optgroup><option>p', '<p>x<svg><rect/></svg><math><mi>y</mi></math>', '<b onclick=1>b</b><script>s</script>'];
    // No U+0000: Chromium drops it in RCDATA (a textarea's content), the standard makes it U+FFFD (a parser difference).
    while (docs.length < 34) {
      const d = nastyMarkup(r, 3);
      if (!d.includes('\u0000')) docs.push(d);
    }
    // 'default' stands for no sanitizer option (JSON has no undefined): 'default' is what the safe methods take then.
    const configs = ['default', {}, { elements: ['td', 'tr', 'tbody', 'option', 'b', 'p', 'svg', 'rect', 'mi', 'math'], attributes: [] }];
    const cases = [];
    for (const [name, ns] of contexts) for (const doc of docs) for (let c = 0; c < configs.length; c++) cases.push([name, ns ?? null, doc, c]);
    const run = (document, [name, ns, doc, c], unsafe, configs) => {
      const el = ns === null ? document.createElement(name) : document.createElementNS(ns, name);
      try {
        el[unsafe ? 'setHTMLUnsafe' : 'setHTML'](doc, configs[c] === 'default' ? undefined : { sanitizer: configs[c] });
      } catch (e) {
        return `throws ${e.name}`;
      }
      return el.innerHTML;
    };
    const theirs = await h.page.evaluate(`((cases, configs) => { const run = ${run.toString()}; return cases.map((x) => [run(document, x, false, configs), run(document, x, true, configs)]); })(${JSON.stringify(cases)}, ${JSON.stringify(configs)})`);
    const doc = ourDoc();
    const mine = cases.map((x) => [run(doc, x, false, configs), run(doc, x, true, configs)]);
    const differ = cases.filter((x, k) => mine[k][0] !== theirs[k][0] || mine[k][1] !== theirs[k][1])
      .map((x) => ({ context: x[0], doc: x[2], config: configs[x[3]], ours: mine[cases.indexOf(x)], chromium: theirs[cases.indexOf(x)] }));
    assert.deepEqual(differ.slice(0, 3), []);
    t.diagnostic(`${cases.length * 2} context x document x configuration results equal Chromium's`);
  });

  test('shadow roots: ShadowRoot.setHTML / setHTMLUnsafe, and parseHTML / parseHTMLUnsafe with declarative shadow roots, give Chromium\'s markup', async (t) => {
    const r = rng(61);
    const markup = ['<b onclick=1>b</b><script>s</script><slot></slot>', '<td>a</td><p>x<svg><rect/></svg>', '<template shadowrootmode=open>in</template>x'];
    while (markup.length < 25) {
      const d = nastyMarkup(r, 3);
      if (!d.includes('\u0000')) markup.push(d);
    }
    const configs = ['default', {}, { elements: ['b', 'p', 'slot', 'template', 'div', 'svg', 'rect'], attributes: ['shadowrootmode', 'shadowrootserializable'] },
      { removeElements: ['b'], removeAttributes: ['shadowrootserializable'] }];
    const hosts = ['div', 'span', 'article', 'x-y'];
    const roots = [];
    for (const host of hosts) for (const m of markup) for (let c = 0; c < configs.length; c++) roots.push([host, m, c]);
    const docs = [];
    for (const m of markup.slice(0, 12)) {
      for (let c = 0; c < configs.length; c++) {
        docs.push([`<!DOCTYPE html><div id=h><template shadowrootmode=open shadowrootserializable>${m}</template>light</div><p>${m}`, c]);
      }
    }
    const page = (document, roots, docs, configs, make) => {
      const opt = (c) => (configs[c] === 'default' ? undefined : { sanitizer: configs[c] });
      const out = [];
      for (const [host, m, c] of roots) {
        const [a, b] = [make(document, host), make(document, host)];
        a.setHTML(m, opt(c));
        b.setHTMLUnsafe(m, opt(c));
        out.push(a.innerHTML, b.innerHTML);
      }
      for (const [d, c] of docs) {
        for (const f of ['parseHTML', 'parseHTMLUnsafe']) {
          const doc = f === 'parseHTML' ? document.constructor.parseHTML?.(d, opt(c)) ?? parseHTML(d, opt(c)) : document.constructor.parseHTMLUnsafe?.(d, opt(c)) ?? parseHTMLUnsafe(d, opt(c));
          out.push(doc.documentElement === null ? '(no html element)' : doc.documentElement.getHTML({ serializableShadowRoots: true }));
        }
      }
      return out;
    };
    const theirs = await h.page.evaluate(`(${page.toString()})(document, ${JSON.stringify(roots)}, ${JSON.stringify(docs)}, ${JSON.stringify(configs)},
      (document, host) => document.createElement(host).attachShadow({ mode: 'open' }))`);
    const mine = page({ constructor: {} }, roots, docs, configs, (_, host) => parse(`<!DOCTYPE html><${host}><template shadowrootmode=open></template></${host}>`, { shadowRoots: true }).body.firstChild.shadowRoot);
    assert.equal(mine.length, theirs.length);
    const differ = mine.map((x, k) => [k, x, theirs[k]]).filter(([, x, y]) => x !== y);
    assert.deepEqual(differ.slice(0, 3), []);
    t.diagnostic(`${mine.length} shadow root and document results equal Chromium's`);
  });

  test('mutation XSS: our sanitize() output, parsed again by Chromium, holds nothing Chromium\'s setHTML() removes', async (t) => {
    const docs = browserDocuments(31, 240);
    const r = rng(32);
    const configs = [undefined, {}];
    for (let k = 0; k < 8; k++) configs.push(randomConfig(r));
    const cases = [];
    for (let d = 0; d < docs.length; d++) for (let c = 0; c < configs.length; c++) cases.push([sanitize(docs[d], { sanitizer: configs[c] }), c]);
    // Parsed by setHTMLUnsafe() with a sanitizer that removes nothing, and by setHTML(): the same parse
    // (scripting disabled, as Chromium parses when it sanitizes), so the markup differs only if setHTML() removed something.
    const bad = await h.page.evaluate(({ configs, cases }) => cases.filter(([out, c]) => {
      const a = document.createElement('div');
      a.setHTMLUnsafe(out, { sanitizer: {} });
      const b = document.createElement('div');
      b.setHTML(out, { sanitizer: configs[c] });
      return a.innerHTML !== b.innerHTML;
    }), { configs, cases });
    assert.deepEqual(bad, []);
    t.diagnostic(`${cases.length} sanitized outputs parsed again by Chromium: nothing to remove`);
  });

  test('sanitize() is div.setHTML() then innerHTML in a document without a browsing context, as in Chromium', async () => {
    const r = rng(41);
    const docs = [];
    for (let k = 0; k < 150; k++) docs.push(nastyMarkup(r));
    docs.push('<noscript><p title="</noscript><img src=x onerror=1>"></noscript>', '<noscript>&lt;/noscript&gt;&lt;img src=x onerror=1&gt;</noscript>');
    const config = { elements: ['noscript', 'p', 'img', 'b', 'template'], attributes: ['title', 'src'] };
    const theirs = await h.page.evaluate(({ docs, config }) => docs.map((d) => {
      const div = document.implementation.createHTMLDocument().createElement('div');
      div.setHTML(d, { sanitizer: config });
      return div.innerHTML;
    }), { docs, config });
    assert.deepEqual(docs.map((d) => sanitize(d, { sanitizer: config })), theirs);
  });

  test('an is attribute the configuration removes leaves no is value (Chromium sanitizes the start tag first)', async () => {
    const cases = ['<a is="" href=x>t</a><p is="x-y">p</p>', '<div is=x-y><span is=a-b>s</span></div>'];
    const configs = [undefined, { removeAttributes: ['is'] }, {}, { elements: ['p', 'div', 'span', 'a'], attributes: ['href'] }];
    const theirs = await h.page.evaluate(({ cases, configs }) => cases.flatMap((c) => configs.map((sanitizer) => {
      const d = document.createElement('div');
      d.setHTML(c, { sanitizer });
      return d.innerHTML;
    })), { cases, configs });
    const mine = cases.flatMap((c) => configs.map((sanitizer) => set(c, sanitizer)));
    assert.deepEqual(mine, theirs);
    assert.ok(theirs.some((x) => x.includes(' is=')) && theirs.some((x) => !x.includes(' is=')));
  });

  test('the standard\'s event handlers Chromium\'s list lacks are removed by setHTML (Chromium 156 crashes on them)', () => {
    for (const a of CHROMIUM_EVENT_HANDLERS_MISSING) {
      assert.equal(sanitize(`<b ${a}=x()>t</b>`, { sanitizer: {} }), '<b>t</b>');
    }
  });
});
