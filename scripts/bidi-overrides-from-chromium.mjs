#!/usr/bin/env node
// Writes scripts/data/bidi-overrides.txt for scripts/gen-bidi.py: the
// strong bidirectional type, as headless Chromium's :dir(auto) sees it, of
// the code points of planes 0-3 and 14 whose type differs from what
// Python's Unicode data (14.0) and gen-bidi.py's defaults for unassigned code
// points give (characters assigned or changed since).  Each code point c is classified by two documents of
// <div dir=auto> elements: c + U+05D0 is ltr only when c is L; c + 'a' is rtl
// only when c is R or AL.  Run: node scripts/bidi-overrides-from-chromium.mjs
// (needs Chromium, as the browser tests do), then python3 scripts/gen-bidi.py.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openHarness } from '../test/browser/harness-session.js';
import { repoRoot } from '../test/js/lib/shared.js';

// [code point, type ("L" | "R" | "N")] by the Python generator, for every candidate
const defaults = JSON.parse(execFileSync('python3', [join(repoRoot, 'scripts', 'gen-bidi.py'), '--candidates'], { maxBuffer: 1 << 27 }).toString());
const h = await openHarness();
try {
  const out = [];
  for (let k = 0; k < defaults.length; k += 20000) {
    const chunk = defaults.slice(k, k + 20000).map(([c]) => c);
    const got = await h.page.evaluate((cps) => {
      const classify = (suffix, want) => {
        const d = document.implementation.createHTMLDocument('');
        for (const c of cps) {
          const e = d.createElement('div');
          e.setAttribute('dir', 'auto');
          e.textContent = String.fromCodePoint(c) + suffix;
          d.body.append(e);
        }
        const hit = new Set(d.querySelectorAll(`:dir(${want})`));
        return [...d.body.children].map((e) => hit.has(e));
      };
      const l = classify('\u05d0', 'ltr');
      const r = classify('a', 'rtl');
      return cps.map((c, i) => (l[i] ? 'L' : r[i] ? 'R' : 'N'));
    }, chunk);
    chunk.forEach((c, i) => { if (got[i] !== defaults[k + i][1]) out.push([c, got[i]]); });
  }
  // ranges of equal class
  const lines = [];
  for (let i = 0; i < out.length;) {
    let j = i;
    while (j + 1 < out.length && out[j + 1][0] === out[j][0] + 1 && out[j + 1][1] === out[i][1]) j++;
    lines.push(`${out[i][0].toString(16).toUpperCase()}${j > i ? '..' + out[j][0].toString(16).toUpperCase() : ''} ${out[i][1]}`);
    i = j + 1;
  }
  const head = '# Strong bidirectional types (L, R = R or AL, N = not strong) of the code points of\n' +
    "# planes 0-3 and 14 whose type in headless Chromium differs from Python's Unicode 14.0 data\n# (and scripts/gen-bidi.py's defaults for unassigned code points).\n" +
    '# Written by scripts/bidi-overrides-from-chromium.mjs.\n';
  writeFileSync(join(repoRoot, 'scripts', 'data', 'bidi-overrides.txt'), head + lines.join('\n') + '\n');
  console.log(`${out.length} code points, ${lines.length} ranges`);
} finally {
  await h.close();
}
