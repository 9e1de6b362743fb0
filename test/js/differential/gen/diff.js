// Differential comparison of html5-wasm against parse5 (the reference), a
// delta-debugging shrinker and failure formatting; shared by
// test/js/differential/differential.test.js and bench/differential.js.
import * as stockParse5 from 'parse5';

import { dumpTree, parse, parseFragment } from '../../../../js/node.js';
import { fragmentContext, generateDocument, generateFragment } from './html.js';

const NS = {
  html: 'http://www.w3.org/1999/xhtml',
  svg: 'http://www.w3.org/2000/svg',
  math: 'http://www.w3.org/1998/Math/MathML',
};

/**
 * The jobs of one case: its input parsed with scripting on and off.
 * kind: 'document' | 'fragment' (context: fragmentContext(seed));
 * select: the generator's select mode ('compat' | '2025').
 */
export function caseJobs(seed, kind, select = 'compat') {
  seed >>>= 0;
  if (kind === 'fragment') {
    const context = fragmentContext(seed);
    const html = generateFragment(seed, context, { select });
    return [true, false].map((scripting) => ({ seed, kind, select, scripting, context, html }));
  }
  const html = generateDocument(seed, { select });
  return [true, false].map((scripting) => ({ seed, kind: 'document', select, scripting, html }));
}

let reference = stockParse5;
/** Set the reference parser: a parse5 module (see parse5-fixed.js). */
export function setReference(mod) {
  reference = mod;
}

function parse5Context(parse5, name, ns) {
  return parse5.defaultTreeAdapter.createElement(name, NS[ns], []);
}

/**
 * Parse `html` with both parsers and compare.  job: { html, scripting,
 * context?: [localName, 'html'|'svg'|'math'] } (context => fragment).
 * Returns null when equal, else { what, ours, theirs } where what is
 * 'dump' (tree dumps differ), 'mode' (document mode), 'serialize'
 * (parse5.serialize differs: e.g. attribute order) or 'error' (we threw).
 * parse5: the reference module (default: the one set by setReference).
 * parse5 predates processing instructions (whatwg/html 320c05f6, 2026): we
 * parse with processingInstructions: false, the `<?` of the parser it follows.
 */
export function compare(job, parse5 = reference) {
  const { html, scripting, context } = job;
  let ours;
  let theirs;
  if (context) {
    const [name, ns] = context;
    theirs = parse5.parseFragment(parse5Context(parse5, name, ns), html, { scriptingEnabled: scripting });
    try {
      ours = parseFragment(html, { format: 'object', scriptingEnabled: scripting, processingInstructions: false, context: { localName: name, namespaceURI: NS[ns] } });
    } catch (e) {
      return { what: 'error', ours: String(e && e.stack || e), theirs: dumpTree(theirs) };
    }
  } else {
    theirs = parse5.parse(html, { scriptingEnabled: scripting });
    try {
      ours = parse(html, { format: 'object', scriptingEnabled: scripting, processingInstructions: false });
    } catch (e) {
      return { what: 'error', ours: String(e && e.stack || e), theirs: dumpTree(theirs) };
    }
  }
  const a = dumpTree(ours);
  const b = dumpTree(theirs);
  if (a !== b) return { what: 'dump', ours: a, theirs: b };
  if (!context && ours.mode !== theirs.mode) return { what: 'mode', ours: ours.mode, theirs: theirs.mode };
  const sa = parse5.serialize(ours);
  const sb = parse5.serialize(theirs);
  if (sa !== sb) return { what: 'serialize', ours: sa, theirs: sb };
  return null;
}

// Split into tag-ish chunks: "<...>" runs and the text between them.
function chunks(s) {
  const out = [];
  let i = 0;
  while (i < s.length) {
    let j;
    if (s[i] === '<') {
      j = s.indexOf('>', i + 1);
      j = j < 0 ? s.length : j + 1;
    } else {
      j = s.indexOf('<', i + 1);
      if (j < 0) j = s.length;
    }
    out.push(s.slice(i, j));
    i = j;
  }
  return out;
}

// ddmin over a list of pieces; fails(list) must be true for the input list.
async function ddmin(list, fails, deadline) {
  let n = 2;
  while (list.length >= 2 && Date.now() < deadline) {
    const size = Math.ceil(list.length / n);
    let reduced = false;
    for (let i = 0; i < list.length && Date.now() < deadline; i += size) {
      const cand = list.slice(0, i).concat(list.slice(i + size));
      if (await fails(cand)) {
        list = cand;
        n = Math.max(n - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (n >= list.length) break;
      n = Math.min(list.length, n * 2);
    }
  }
  return list;
}

/**
 * Shrink a failing input: ddmin over tag/text chunks, then over characters
 * (strings are split on code units; a lone surrogate may result, which is
 * still valid input).  fails(html) -> boolean or Promise<boolean>.
 * Bounded by timeMs.  chars: false stops after the chunk pass (keeps
 * tag names whole).
 */
export async function shrink(html, fails, timeMs = 4000, { chars = true } = {}) {
  const deadline = Date.now() + timeMs;
  const safe = async (s) => {
    try { return await fails(s); } catch { return false; }
  };
  let list = await ddmin(chunks(html), (l) => safe(l.join('')), deadline);
  // drop the attributes of each tag where the failure persists
  for (let i = 0; i < list.length && Date.now() < deadline; i++) {
    const m = /^<(\/?[a-zA-Z][^\s/>]*)[\s/][^>]*>$/.exec(list[i]);
    if (!m) continue;
    const cand = list.slice();
    cand[i] = `<${m[1]}>`;
    if (await safe(cand.join(''))) list = cand;
  }
  let cur = list.join('');
  if (chars) cur = (await ddmin([...cur], (l) => safe(l.join('')), deadline)).join('');
  return cur;
}

/**
 * Replace the contents of every select element (up to its end tag, else to
 * the end of the input) with nothing: what is left is parsed the same with
 * and without the 2025 <select> rules.
 */
export function stripSelects(html) {
  return html.replace(/<select\b[^>]*>[\s\S]*?(?:<\/select\b[^>]*>|$)/gi, '<select></select>');
}

/**
 * True when a mismatch on `html` goes away once select contents are removed:
 * such an input differs (at least also) because parse5 lacks the 2025
 * <select> parsing.
 */
export function selectExplained(job) {
  if (!/<select/i.test(job.html)) return false;
  return compare({ ...job, html: stripSelects(job.html) }) === null;
}

/**
 * The failing job shrunk: a mismatch of the same kind persists, not one
 * that only comes from select contents (deleting a </select> must not
 * "explain" the case), and extra(job) (optional, may be async) holds.
 */
export async function shrinkJob(job, diff, timeMs, extra = null) {
  const noSelect = !selectExplained(job);
  const html = await shrink(job.html, async (h) => {
    const j = { ...job, html: h };
    const d = compare(j);
    if (d === null || d.what !== diff.what) return false;
    if (noSelect && selectExplained(j)) return false;
    return extra ? extra(j) : true;
  }, timeMs);
  return { ...job, html };
}

/** The first differing lines of two dumps, with a little context. */
export function firstDifference(a, b, context = 3) {
  const x = visible(a).split('\n');
  const y = visible(b).split('\n');
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const from = Math.max(0, i - context);
  const show = (lines) => lines.slice(from, i + context + 1).map((l, k) => `${from + k === i ? '>' : ' '} ${l}`).join('\n');
  return `first difference at line ${i + 1}\n  ours (html5-wasm):\n${show(x)}\n  parse5:\n${show(y)}`;
}

export function describeJob(job) {
  const ctx = job.context ? ` context=${job.context[1] === 'html' ? '' : job.context[1] + ':'}${job.context[0]}` : '';
  const sel = job.select && job.select !== 'compat' ? ` --select ${job.select}` : '';
  return `seed=${job.seed} ${job.kind ?? (job.context ? 'fragment' : 'document')}${ctx} scripting=${job.scripting}` +
    (job.kind ? ` (rerun: node bench/differential.js --seed ${job.seed} --count 1 --kind ${job.kind}${sel})` : '');
}

/**
 * A full failure report: seed, shrunk input, dumps.  opts: shrinkMs,
 * extra (shrink predicate, see shrinkJob), note (a line added at the top).
 */
export async function report(job, diff, { shrinkMs = 4000, extra = null, note = '' } = {}) {
  const small = shrinkMs > 0 ? await shrinkJob(job, diff, shrinkMs, extra) : job;
  const d = compare(small) ?? diff;
  return {
    small,
    text: [
      `MISMATCH (${d.what}) ${describeJob(job)}${note ? ' — ' + note : ''}`,
      `  input (${job.html.length} chars): ${JSON.stringify(job.html.length > 300 ? job.html.slice(0, 300) + '…' : job.html)}`,
      `  shrunk (${small.html.length} chars): ${JSON.stringify(small.html)}`,
      `  ours:\n${indent(d.ours)}`,
      `  parse5:\n${indent(d.theirs)}`,
      `  ${firstDifference(d.ours, d.theirs).replace(/\n/g, '\n  ')}`,
    ].join('\n'),
  };
}

// Control characters made visible in reports (the comparison uses the raw text).
export function visible(s) {
  // eslint-disable-next-line no-control-regex
  return String(s).replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) => (c === '\r' ? '\\r' : c === '\f' ? '\\f' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

function indent(s) {
  return visible(s).split('\n').slice(0, 60).map((l) => '    ' + l).join('\n');
}
