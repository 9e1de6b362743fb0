// The JS fuzzer's HTMLRewriter part (issue 33), seeded and bounded by an
// iteration count: test/js/unit/fuzz.test.js runs it briefly in `make test`,
// bench/fuzz-js.js runs it long (--rewrites N).  Each iteration makes a
// random document (pieces of markup, cuts anywhere, random bytes, bytes
// flipped) and a random rewriter (element, end tag, text, comment, doctype
// and document-end handlers doing random things, some returning Promises,
// some selectors it must refuse), then checks:
//  - a refused selector or handlers object is a TypeError naming it;
//  - the output is the same whole, in random chunkings (1 byte and up, as a
//    ReadableStream), as a Response (with a random ASCII-compatible charset
//    against itself), and with a rule added that makes the engine record
//    every element (a selector with a combinator: the session's filter off),
//    and the handlers observe the same (names, attributes, end tags, text
//    nodes, comments);
//  - a rewriter whose handlers change nothing gives the input back;
//  - a handler that throws (or rejects) errors the transform with that very
//    error, and the next transform works;
//  - nothing throws an engine error (LEAK), and no transform hangs (each
//    has a deadline).
import { HTMLRewriter } from '../../../js/node.js';
import { concat, readAll, streamOf } from './chunks.js';
import { rng } from './fuzz-js.js';

const PIECES = [
  '<!DOCTYPE html>', '<!doctype x PUBLIC "p" "s">', '<html lang=en>', '<head>', '<title>t&amp;</title>', '<script>if (a<b) x("</scr"+"ipt>")</script>',
  '<style>p{}</style>', '<body class="a b">', '<p id=x>', '<P ID=X class=a>', '</p>', '</P>', '<a href="http://e/?a=1&b=2">', '<a href=http://x>', '<a href="&#104;ttp://y">',
  '</a>', '<img src=i alt="">', '<br/>', '<div a=1 a=2 A=3>', '<div class="b  a">', '</div>', '<span>', '</span>', '<li>', '<ul>', '</ul>', '<custom-el x=1>', '</custom-el>',
  '<svg><path d=1 /><foreignObject><p>f</foreignObject></svg>', '<svg><title>s</title><desc><p>d</p></desc></svg>',
  '<math><mi>x</mi><annotation-xml encoding="text/html"><b>y</b></annotation-xml></math>', '<![CDATA[c]]>', '<!-- c -->', '<!--->', '<?pi x?>', '</x y=1>',
  '<select><option>1<style>s</style><script>s</script><textarea>t</textarea></select>', '<frameset><noframes>n</noframes>', '<table><tr><td>1<td>2</table>',
  '<template><p>t</template>', '<textarea>\r\n<p></textarea>', '<plaintext>', '<xmp><p></xmp>', '<noscript><p>n</noscript>', '<iframe><p></iframe>',
  'text ', '&amp; &notanentity; &#x1F600;', '\u00e9\u4e2d\ud83d\ude00', '\0', '\r\n', '\r', ' ', '<p title="x', "<p title='y' ", '<', '</', '<!', '<!-', '<!--', '<!DOCTYPE',
  '<a\u00e9>', '</a\u00e9>', '<b>', '</b>', '<i>', '</i>', '<h2>', '</h2>', '<input type=TEXT>',
];
// Selectors the session's filter takes (one compound, no sibling counts) and ones it does not.
const SELECTORS = [
  '*', 'p', 'a', 'div', 'a[href]', 'a[href^="http:"]', 'a[href^="http"]', 'a[href="http://x"]', '[id=x]', '#x', '.a', '.b', 'div.a.b', '[class~="b"]',
  'div[a]', 'div[a="1"]', '[a="2"]', 'p[title]', 'img', 'script', 'title', 'svg', 'path', 'custom-el', 'custom-el[x="1"]', 'li', 'b, i', 'h2, a',
  ':not(p)', 'p:not(.a)', '[lang|="en"]', 'input[type="text" i]', 'input[type="text"]', '[href$="2"]', '[href*="e/"]', 'a\u00e9',
  'div > p', 'ul li', 'svg *', 'td:first-child', 'li:nth-child(2n+1)', 'p:first-of-type', 'span:nth-of-type(2)', ':not(li:first-child)',
];
const BAD_SELECTORS = ['', 'p + p', 'p ~ p', 'a:hover', 'p::before', '[', 'svg|a', ':nth-last-child(1)', 'p:has(a)'];
const CHARSETS = ['utf-8', 'windows-1252', 'iso-8859-2', 'shift_jis', 'euc-kr', 'gb18030', 'koi8-r'];
// Engine errors that leak through (as fuzz-js.js): ours name the function.
const LEAK = /Cannot read prop|Cannot convert|is not a function|is not iterable|Maximum call stack|Invalid typed array|is out of bounds|outside the bounds|of undefined|undefined is not|of null|\[object /;
const DEADLINE_MS = 20000;

const utf8 = (s) => new TextEncoder().encode(s);

function same(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `p`, or a rejection after DEADLINE_MS: a transform that never settles is a hang. */
function deadline(p, what) {
  let timer;
  const t = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`fuzz-rewrite: ${what} did not settle in ${DEADLINE_MS} ms (a hang)`)), DEADLINE_MS);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

export class RewriteFuzzer {
  constructor(seed) {
    this.R = rng(seed);
    this.seed = seed;
    this.stats = { documents: 0, transforms: 0, refused: 0, thrown: 0, async: 0, filtered: 0 };
  }

  fail(what) {
    const doc = this.current === undefined ? '' : `\n  document (latin1): ${JSON.stringify(String.fromCharCode(...this.current.bytes))}\n  rules: ${JSON.stringify(this.current.rules)}`;
    throw new Error(`fuzz-rewrite seed ${this.seed}, document ${this.stats.documents}: ${what}${doc}`);
  }

  document() {
    const R = this.R;
    const parts = [];
    for (let k = R.int(16); k >= 0; k--) parts.push(utf8(R.pick(PIECES)));
    if (R.chance(0.2)) parts.push(Uint8Array.from({ length: 1 + R.int(8) }, () => R.int(256)));
    let bytes = concat(parts);
    if (R.chance(0.2)) for (let k = 1 + R.int(3); k > 0 && bytes.length; k--) bytes[R.int(bytes.length)] = R.int(256);
    if (R.chance(0.3)) bytes = bytes.slice(0, R.int(bytes.length + 1));
    return bytes;
  }

  /**
   * A random rewriter plan: rules [selector, kind, action] and document
   * handlers; `make(log, extraRule)` builds the HTMLRewriter, its handlers
   * logging what they observe into `log`.
   */
  plan() {
    const R = this.R;
    const rules = Array.from({ length: 1 + R.int(4) }, () => [R.pick(SELECTORS), R.int(5), R.int(14)]);
    const doc = { text: R.chance(0.3), comments: R.chance(0.3), doctype: R.chance(0.3), end: R.chance(0.3) };
    const throwAt = R.chance(0.08) ? 1 + R.int(6) : 0;
    const asyncEvery = R.chance(0.15) ? 1 + R.int(4) : 0;
    if (asyncEvery) this.stats.async++;
    const make = (log, extraRule) => {
      let calls = 0;
      // Every handler goes through here: logs, maybe throws, maybe returns a Promise.
      const wrap = (fn) => (x) => {
        calls++;
        if (throwAt !== 0 && calls === throwAt) {
          const e = new Error('fuzz-rewrite: thrown by a handler on purpose');
          log.thrown = e;
          if (asyncEvery) return Promise.reject(e);
          throw e;
        }
        fn(x);
        if (asyncEvery !== 0 && calls % asyncEvery === 0) return new Promise((resolve) => setTimeout(resolve, 0));
        return undefined;
      };
      let text = '';
      const r = new HTMLRewriter();
      for (const [sel, kind, act] of rules) {
        if (kind <= 2) {
          r.on(sel, {
            element: wrap((e) => {
              log.push(['element', sel, e.tagName, e.namespaceURI, [...e.attributes], e.selfClosing, e.canHaveContent]);
              elementAction(e, act, log);
            }),
          });
        } else if (kind === 3) {
          r.on(sel, { text: wrap((t) => { if (t.text !== '' && act % 2) t.replace(t.text.toUpperCase()); if (t.lastInTextNode && act % 3 === 0) t.after('|'); }) });
        } else {
          r.on(sel, { comments: wrap((c) => { log.push(['comment', sel, c.text]); if (act % 2) c.text = 'x'; else if (act % 3 === 0) c.remove(); }) });
        }
      }
      if (extraRule) r.on('q > q', { element() {} });
      const d = {};
      if (doc.text) d.text = wrap((t) => { text += t.text; if (t.lastInTextNode) { log.push(['text', text]); text = ''; } });
      if (doc.comments) d.comments = wrap((c) => log.push(['doc comment', c.text]));
      if (doc.doctype) d.doctype = wrap((x) => log.push(['doctype', x.name, x.publicId, x.systemId]));
      if (doc.end) d.end = wrap((x) => { x.append('<!--end-->', { html: true }); });
      return r.onDocument(d);
    };
    this.current.rules = { rules, doc, throwAt, asyncEvery };
    return { make, throwAt };
  }

  /** Runs `fn` (a transform), with a deadline; its error (none: null) must be the handler's or one of ours. */
  async settle(fn, what, log) {
    this.stats.transforms++;
    try {
      return { out: await deadline(fn(), what), error: null };
    } catch (e) {
      if (String(e?.message).includes('did not settle')) this.fail(e.message);
      if (log.thrown !== undefined && e === log.thrown) return { out: null, error: e };
      if (!(e instanceof TypeError || e instanceof RangeError) || LEAK.test(e.message)) this.fail(`${what}: ${e?.stack ?? e}`);
      return { out: null, error: e };
    }
  }

  async one() {
    const R = this.R;
    this.stats.documents++;
    const bytes = this.document();
    this.current = { bytes, rules: null };
    // A refused selector or handlers object: a TypeError naming it.
    if (R.chance(0.1)) {
      const sel = R.pick(BAD_SELECTORS);
      try {
        new HTMLRewriter().on(sel, { element() {} });
        this.fail(`on(${JSON.stringify(sel)}) was taken`);
      } catch (e) {
        if (!(e instanceof TypeError) || !e.message.includes(JSON.stringify(sel))) this.fail(`on(${JSON.stringify(sel)}): ${e}`);
        this.stats.refused++;
      }
    }
    const { make, throwAt } = this.plan();
    const sizes = () => Array.from({ length: 8 }, () => 1 + R.int(1 + R.int(R.chance(0.5) ? 8 : 256)));
    const runs = [];
    const logA = [];
    const whole = await this.settle(() => make(logA, false).transform(bytes), 'transform(bytes)', logA);
    runs.push(['whole', whole, logA]);
    const logB = [];
    runs.push(['chunked', await this.settle(() => readAll(make(logB, false).transform(streamOf(bytes, sizes()))), 'transform(stream)', logB), logB]);
    const logC = [];
    runs.push(['every element recorded', await this.settle(() => readAll(make(logC, true).transform(streamOf(bytes, sizes()))), 'transform(stream), filter off', logC), logC]);
    this.stats.filtered++;
    for (const [what, r, log] of runs) {
      if (throwAt !== 0 && log.thrown !== undefined) {
        if (r.error !== log.thrown) this.fail(`${what}: a handler threw, the transform gave ${r.error === null ? 'its output' : r.error}`);
        this.stats.thrown++;
        continue;
      }
      if (r.error !== null) this.fail(`${what}: ${r.error.stack}`);
    }
    const ok = runs.filter(([, r]) => r.error === null);
    for (const [what, r, log] of ok.slice(1)) {
      if (!same(r.out, ok[0][1].out)) this.fail(`${what}: the output differs from ${ok[0][0]}'s`);
      if (JSON.stringify(log) !== JSON.stringify(ok[0][2])) this.fail(`${what}: the handlers observed something else than in ${ok[0][0]}`);
    }
    // After a throw the module is still usable; and a rewriter that changes nothing gives the input back.
    const quiet = new HTMLRewriter().on(R.pick(SELECTORS), { element(e) { [...e.attributes]; e.getAttribute('id'); } });
    if (R.chance(0.5)) quiet.onDocument({ text() {}, comments() {} });
    const back = await this.settle(() => readAll(quiet.transform(streamOf(bytes, sizes()))), 'no-change transform', {});
    if (!same(back.out, bytes)) this.fail('a rewriter that changes nothing changed the output');
    // A Response in an ASCII-compatible charset: the same output whole and chunked.
    if (R.chance(0.2)) {
      const charset = R.pick(CHARSETS);
      const res = () => new Response(streamOf(bytes, sizes()), { headers: { 'content-type': `text/html; charset=${charset}` } });
      const l1 = [];
      const l2 = [];
      const a = await this.settle(async () => new Uint8Array(await make(l1, false).transform(res()).arrayBuffer()), `transform(Response, ${charset})`, l1);
      const b = await this.settle(async () => new Uint8Array(await make(l2, true).transform(res()).arrayBuffer()), `transform(Response, ${charset}), filter off`, l2);
      if (a.error === null && b.error === null && (!same(a.out, b.out) || JSON.stringify(l1) !== JSON.stringify(l2))) this.fail(`Response in ${charset}: the filter changed the output or what the handlers observed`);
    }
  }

  async run(iterations) {
    for (let i = 0; i < iterations; i++) await this.one();
    return this.stats;
  }
}

/** What element handler action `act` does to `e` (logging its end tag). */
function elementAction(e, act, log) {
  switch (act) {
    case 0: e.setAttribute('data-x', '1'); break;
    case 1: e.removeAttribute('id'); break;
    case 2: e.before('<b>', { html: true }); break;
    case 3: e.after('a&b'); break;
    case 4: e.prepend('P'); break;
    case 5: e.append('A'); break;
    case 6: e.remove(); break;
    case 7: e.removeAndKeepContent(); break;
    case 8: e.replace('<i>r</i>', { html: true }); break;
    case 9: e.setInnerContent('I'); break;
    case 10: e.tagName = 'x-y'; break;
    case 11: e.setAttribute('href', String(e.getAttribute('href')).toUpperCase()); break;
    default:
      if (e.canHaveContent) e.onEndTag((t) => { log.push(['end', t.name, t.implied]); if (act % 2) t.after('E'); else t.before('B'); });
  }
}
