#!/usr/bin/env node
// Writes scripts/data/dom-names.txt from Chromium 156 (the project's reference
// browser, /usr/bin/chromium or $H5_CHROMIUM, through playwright-core): the
// event handler IDL attributes (HTML 8.1.8.1: GlobalEventHandlers,
// DocumentAndElementEventHandlers and the interfaces' own) that Chromium
// defines on Element.prototype, HTMLElement.prototype, SVGElement.prototype,
// MathMLElement.prototype and Document.prototype, and the ARIA reflection
// attributes (WAI-ARIA 1.3 ARIAMixin) of Element.prototype that reflect a
// string attribute (role, aria*; not the element-reference ones, ariaXxxElement(s)).
// scripts/gen-dom-names.mjs turns the file into js/window/dom-names.js.
//
//   node scripts/dom-names-from-chromium.mjs
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { ARGS, CHROMIUM } from '../test/browser/chromium.js';

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
const page = await browser.newPage();
const got = await page.evaluate(() => {
  const own = (C, f) => Object.getOwnPropertyNames(C.prototype).filter(f).sort();
  const handler = (k) => /^on[a-z]+$/.test(k);
  return {
    version: navigator.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '',
    Element: own(Element, handler),
    HTMLElement: own(HTMLElement, handler),
    SVGElement: own(SVGElement, handler),
    MathMLElement: own(MathMLElement, handler),
    Document: own(Document, handler),
    aria: own(Element, (k) => (k === 'role' || /^aria[A-Z]/.test(k)) && !/Elements?$/.test(k) && k !== 'ariaNotify'),
  };
});
await browser.close();
const lines = [
  `# Names Chromium ${got.version} defines on its DOM interfaces' prototypes (Object.getOwnPropertyNames),`,
  '# written by scripts/dom-names-from-chromium.mjs; scripts/gen-dom-names.mjs makes js/window/dom-names.js of them.',
  '# "handlers X": event handler IDL attributes of X.prototype; "aria Element": ARIA string reflections.',
];
for (const k of ['Element', 'HTMLElement', 'SVGElement', 'MathMLElement', 'Document']) lines.push(`handlers ${k}: ${got[k].join(' ')}`);
lines.push(`aria Element: ${got.aria.join(' ')}`);
writeFileSync(new URL('data/dom-names.txt', import.meta.url), lines.join('\n') + '\n');
console.log(lines.slice(3).map((l) => l.slice(0, 60) + '… ' + l.split(' ').length).join('\n'));
