// Types of the HTML Sanitizer API (js/sanitize/index.d.ts), imported by path
// until the package has its html5-wasm/sanitize entry.  Checked by
// test/js/unit/sanitize.test.js (tsc --strict, module nodenext).
import { parse } from '../../js/index.js';
import {
  installSanitizerMembers, isJavascriptURL, parseHTML, parseHTMLUnsafe, sanitize, Sanitizer,
  type CanonicalSanitizerConfig, type SanitizerConfig,
} from '../../js/sanitize/index.js';

installSanitizerMembers();
const config: SanitizerConfig = {
  elements: ['p', { name: 'svg', namespace: 'http://www.w3.org/2000/svg', attributes: ['viewBox'] }],
  attributes: [{ name: 'href', namespace: 'http://www.w3.org/1999/xlink' }],
  comments: true,
  processingInstructions: [{ target: 'a' }, 'b'],
};
const s = new Sanitizer(config);
const changed: boolean = s.allowElement('b') || s.removeUnsafe() || s.setComments(false);
const canonical: CanonicalSanitizerConfig = s.get();
const names: string[] = (canonical.elements ?? []).map((e) => e.name);
const markup: string = sanitize('<p>x', { sanitizer: s });
const doc = parseHTML('<p>', { sanitizer: 'default' });
const unsafe = parseHTMLUnsafe('<p>', { sanitizer: { removeElements: ['script'] } });
const el = parse('<div>').body!.firstElementChild!;
el.setHTML('<b>x</b>', { sanitizer: { replaceWithChildrenElements: ['b'] } });
unsafe.documentElement?.setHTMLUnsafe('x');
const js: boolean = isJavascriptURL(' javascript:1');
// @ts-expect-error -- not assignable
new Sanitizer('strict');
// @ts-expect-error -- not assignable
sanitize('x', { sanitizer: { elements: 'p' } });
export const used = [changed, names, markup, doc, js];
