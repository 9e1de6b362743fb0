// Reader for html5lib tree-construction .dat files
// (see html5lib-tests/tree-construction/README.md).
import { readFileSync } from 'node:fs';

/**
 * @returns {{index: number, data: string, errors: string[], fragment: string|null,
 *   script: 'on'|'off'|null, shadowRoots: boolean, document: string}[]}
 */
export function readDat(path) {
  const text = readFileSync(path, 'utf8');
  const tests = [];
  const blocks = ('\n' + text).split('\n#data\n').slice(1);
  blocks.forEach((block, index) => {
    const sections = {};
    let current = 'data';
    let lines = [];
    for (const line of block.split('\n')) {
      const m = /^#(errors|new-errors|document-fragment|script-on|script-off|shadow-roots|document)$/.exec(line);
      if (m && current !== 'document') {
        sections[current] = lines;
        current = m[1];
        lines = [];
      } else {
        lines.push(line);
      }
    }
    sections[current] = lines;
    // The document section ends with the blank line that separates tests.
    const doc = sections.document ?? [];
    while (doc.length && doc[doc.length - 1] === '') doc.pop();
    tests.push({
      index,
      data: (sections.data ?? []).join('\n'),
      errors: (sections.errors ?? []).filter((l) => l !== ''),
      newErrors: (sections['new-errors'] ?? []).filter((l) => l !== ''),
      fragment: sections['document-fragment'] ? sections['document-fragment'][0] : null,
      script: 'script-on' in sections ? 'on' : 'script-off' in sections ? 'off' : null,
      // #shadow-roots (ours, test/data/wpt/README.md): parse with shadowRoots: true
      shadowRoots: 'shadow-roots' in sections,
      document: doc.join('\n') + '\n',
    });
  });
  return tests;
}

const NS = { svg: 'http://www.w3.org/2000/svg', math: 'http://www.w3.org/1998/Math/MathML' };

/** '#document-fragment' value -> parseFragment context option. */
export function contextOption(fragment) {
  const [a, b] = fragment.split(' ');
  return b ? { localName: b, namespaceURI: NS[a] } : a;
}

/**
 * test/data/html5lib-changed.txt: the html5lib tests whose expectation a
 * later revision of the standard changed (the file says how).  Returns a
 * Map 'FILE.dat:INDEX' -> { piOnly, commit, description }.
 */
export function readChanged(path = new URL('../../data/html5lib-changed.txt', import.meta.url)) {
  const map = new Map();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^(\S+\.dat):(\d+) (pi|all) (\S+) (.*)$/.exec(line);
    if (!m) throw new Error(`html5lib-changed.txt: bad line: ${line}`);
    map.set(`${m[1]}:${m[2]}`, { piOnly: m[3] === 'pi', commit: m[4], description: m[5] });
  }
  return map;
}

/** The tests of an html5lib encoding .dat file: { index, data (bytes), encoding }. */
export function readEncodingDat(path) {
  const bytes = readFileSync(path);
  const text = bytes.toString('latin1'); // one char per byte, so offsets are byte offsets
  const tests = [];
  let at = text.indexOf('#data\n');
  while (at >= 0) {
    const start = at + 6;
    const enc = text.indexOf('#encoding\n', start);
    let end = enc;
    if (text[end - 1] === '\n') end--; // the newline before #encoding is not data
    const lineEnd = text.indexOf('\n', enc + 10);
    const encoding = text.slice(enc + 10, lineEnd < 0 ? text.length : lineEnd);
    tests.push({ index: tests.length, data: bytes.subarray(start, end), encoding });
    at = text.indexOf('#data\n', enc);
  }
  return tests;
}
