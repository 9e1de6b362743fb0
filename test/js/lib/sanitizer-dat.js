// Reader for WPT's sanitizer-api html5lib-style .sub.dat files
// (test/data/wpt-sanitizer/, README.md there): each case as
// { file, index, data, config, method, context, error, document }, and the
// case run on a <div> (or the #document-fragment element) of a document.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const WPT_SANITIZER_DIR = fileURLToPath(new URL('../../data/wpt-sanitizer/', import.meta.url));

/** As wpt's support/html5lib-testcase-support.js parse_html5lib_testcases: sections keyed by their #line. */
function parseCases(text) {
  const cases = [];
  let current = {};
  let state;
  const flush = () => {
    const c = {};
    for (const k in current) c[k] = current[k].join('\n');
    if (Object.keys(c).length) cases.push(c);
  };
  for (const line of text.split('\n')) {
    if (!line) {
      flush();
      current = {};
      state = undefined;
    } else if (line[0] === '#') {
      state = line.slice(1);
      current[state] = [];
    } else if (state) current[state].push(line);
  }
  flush();
  return cases;
}

/** Every case of every .sub.dat file. */
export function readSanitizerCases() {
  const out = [];
  for (const file of readdirSync(WPT_SANITIZER_DIR).filter((f) => f.endsWith('.sub.dat')).sort()) {
    parseCases(readFileSync(WPT_SANITIZER_DIR + file, 'utf8')).forEach((c, index) => {
      let config;
      try {
        config = JSON.parse(c.config);
      } catch {
        config = undefined; // as wpt: no (or no valid) #config, no sanitizer option
      }
      out.push({
        file, index, data: c.data ?? '', config,
        method: c.method ?? (/^sethtml-unsafety|^sethtmlunsafe-/.test(file) ? 'setHTMLUnsafe' : 'setHTML'),
        context: c['document-fragment'] ?? 'div',
        error: c.error ?? null,
        // The expected children in the html5lib format, as dumpTree() writes them.
        // (wpt reads a comment line as <!--DATA-->, the html5lib format writes <!-- DATA -->).
        document: c.document ? c.document.split('\n').map((l) => l.replace(/^(\|\s*)<!--(.*)-->$/, '$1<!-- $2 -->') + '\n').join('') : '',
      });
    });
  }
  return out;
}

/**
 * Run a case with `doc` (a Document with setHTML / setHTMLUnsafe on its
 * elements) and dump(node): the dump of the context element's children, or
 * 'error: NAME' (and whether the element stayed empty).  Runs in Node and,
 * as its source text, in the browser page.
 */
export function runSanitizerCase(doc, dump, c) {
  const el = doc.createElement(c.context);
  try {
    el[c.method](c.data, { sanitizer: c.config });
  } catch (e) {
    return `error: ${e.name}${el.firstChild === null ? '' : ' (children left)'}`;
  }
  return dump(el);
}
