// Generated inputs for the sanitizer tests (unit and browser): nasty
// documents (foreign content, raw-text and RCDATA elements, noscript,
// select, template, nested forms, tables, comments and processing
// instructions, javascript: URLs in their disguises, SVG animation, deep
// nesting) and sanitizer configurations, from a seeded generator, so that a
// run is repeatable and a failure names its seed.

import { mulberry32 } from '../differential/gen/html.js';

/** A seeded PRNG: () => [0, 1) (mulberry32, as the differential test's generator). */
export const rng = mulberry32;

const pick = (r, list) => list[Math.floor(r() * list.length)];

// javascript: URLs as the URL parser reads them, and look-alikes that are not.
export const URLS = [
  'javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'java&#10;script:1', '&#1;javascript:1',
  '\u0000javascript:1', 'javascript&colon;1', 'javascript', 'javascripts:1', 'xjavascript:1', 'javascript :1',
  'https://example.com/', '/relative', '#frag', 'data:text/html,<script>1</script>', 'vbscript:1', 'JAVASCRIPT:1',
  'javascript://%0aalert(1)', ' \n javascript:1 ', 'javascript\u000b:1',
];

// Attributes, as markup (some with a value slot #U for a URL).
const ATTRS = [
  'onclick=alert(1)', 'onload="x()"', 'onerror=1', 'onmouseover=x', 'ONFOCUS=1', 'onfoo=1', 'id=i', 'class="c d"', 'title="t"',
  'style="color:red"', 'data-x=1', 'data-=2', 'data-Y=3', 'lang=en', 'dir=rtl', 'href="#U"', 'src="#U"', 'action="#U"',
  'formaction="#U"', 'xlink:href="#U"', 'xml:lang=en', 'xmlns:xlink="http://www.w3.org/1999/xlink"', 'attributeName=href',
  'attributeName="xlink:href"', 'attributeName=HREF', 'attributeName=" href"', 'to="#U"', 'values="#U"', 'name=n',
  'type=text', 'value=v', 'srcdoc="<script>1</script>"', 'shadowrootmode=open', 'slot=s', 'tabindex=1',
  'title="</noscript><img src=x onerror=1>"', 'title="</style><img src=x onerror=1>"', 'title="]]><img src=x onerror=1>"',
  'alt="<!--"', 'cite="#U"', 'colspan=2', 'width=10', 'viewBox="0 0 1 1"', 'encoding="text/html"', 'fill=red',
];

// Element names: the default configuration's, the unsafe ones, and the
// parser's special cases.
const ELEMENTS = [
  'a', 'b', 'i', 'p', 'div', 'span', 'em', 'strong', 'u', 's', 'code', 'pre', 'ul', 'li', 'ol', 'table', 'tr', 'td', 'th', 'tbody',
  'caption', 'h1', 'blockquote', 'q', 'img', 'br', 'hr', 'sub', 'sup', 'small', 'font', 'center', 'nobr', 'button', 'form',
  'input', 'select', 'option', 'optgroup', 'textarea', 'title', 'style', 'script', 'noscript', 'noembed', 'noframes', 'iframe',
  'xmp', 'object', 'embed', 'frame', 'base', 'link', 'meta', 'template', 'slot', 'area', 'map', 'math', 'svg', 'foreignObject',
  'desc', 'mi', 'mo', 'mtext', 'annotation-xml', 'animate', 'set', 'animateTransform', 'use', 'image', 'x-y', 'body', 'html',
  'head', 'frameset', 'details', 'summary', 'dialog', 'label', 'fieldset', 'legend', 'data', 'time', 'ruby', 'rt', 'mglyph',
  'malignmark', 'plaintext', 'listing', 'dl', 'dt', 'dd', 'article', 'main', 'nav', 'audio', 'video', 'source', 'track', 'picture',
];

const TEXTS = ['x', 'a&amp;b', '<', '&lt;script&gt;', '</p>', 'alert(1)', ' ', '\n', '&', '-->', ']]>', '</noscript>', '</style>'];
const SPECIAL = [
  '<!--c-->', '<!-- <img src=x onerror=1> -->', '<?xml-stylesheet href="x"?>', '<?php echo 1 ?>', '<?a b?>', '<!DOCTYPE html>',
  '<![CDATA[<img src=x onerror=1>]]>', '</form>', '</p>', '</table>', '</svg>', '</math>', '</template>', '</select>', '<br/>',
  '</br>', '<p/>', '<svg/>', '<math><mi><svg><style><img src=x onerror=1></style></svg></mi></math>',
  '<svg><p><style><img src=x onerror=1></style></p></svg>', '<noscript><p title="</noscript><img src=x onerror=1>"></noscript>',
  '<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=1>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', '<svg><animate attributeName=href to="javascript:alert(1)"/></svg>',
  '<math href="javascript:alert(1)"><mi xlink:href="javascript:1">x</mi></math>', '<select><template><img src=x onerror=1></template></select>',
  '<table><td><svg><desc><td>x</table>', '<template shadowrootmode=open><img src=x onerror=1></template>',
];

/** One nasty document fragment (markup) from r, nested up to `depth`. */
export function nastyMarkup(r, depth = 4) {
  let out = '';
  const n = 1 + Math.floor(r() * 4);
  for (let k = 0; k < n; k++) {
    const x = r();
    if (x < 0.2) out += pick(r, TEXTS);
    else if (x < 0.32) out += pick(r, SPECIAL);
    else {
      const name = pick(r, ELEMENTS);
      let attrs = '';
      const na = Math.floor(r() * 3.2);
      for (let a = 0; a < na; a++) attrs += ' ' + pick(r, ATTRS).replace('#U', pick(r, URLS).replaceAll('"', '&quot;'));
      const inner = depth > 0 && r() < 0.75 ? nastyMarkup(r, depth - 1) : pick(r, TEXTS);
      out += `<${name}${attrs}>${inner}${r() < 0.8 ? `</${name}>` : ''}`;
    }
  }
  return out;
}

/** Deep nesting: `n` levels of `name`, closed or not. */
export const deepMarkup = (name, n, closed) => `<${name}>`.repeat(n) + 'x' + (closed ? `</${name}>`.repeat(n) : '');

const CONFIG_ELEMENTS = ['p', 'b', 'i', 'div', 'span', 'a', 'table', 'td', 'tr', 'tbody', 'template', 'svg', 'math', 'img', 'form', 'select',
  'option', 'style', 'title', 'textarea', 'noscript', 'xmp', 'iframe', 'script', 'em', 'li', 'ul', 'button', 'input', 'x-y', 'slot'];
const CONFIG_ATTRS = ['id', 'class', 'title', 'href', 'src', 'style', 'onclick', 'data-x', 'lang', 'action', 'formaction', 'name', 'shadowrootmode'];
const SVG = 'http://www.w3.org/2000/svg';
const MATHML = 'http://www.w3.org/1998/Math/MathML';

function subset(r, list, p) {
  return list.filter(() => r() < p);
}

/**
 * A sanitizer configuration from r (a SanitizerConfig object, valid), or
 * 'default' / undefined: the shapes the standard allows (allow or remove
 * lists, per-element attributes, comments, data attributes, processing
 * instructions, replaceWithChildren).
 */
export function randomConfig(r) {
  const x = r();
  if (x < 0.08) return undefined;
  if (x < 0.14) return 'default';
  if (x < 0.2) return {};
  const c = {};
  const allowElements = r() < 0.5;
  if (allowElements) {
    c.elements = subset(r, CONFIG_ELEMENTS, 0.5).map((name) => (r() < 0.3 ? { name, attributes: subset(r, CONFIG_ATTRS, 0.2) } : name));
    if (r() < 0.3) c.elements.push({ name: 'svg', namespace: SVG }, { name: 'a', namespace: SVG, attributes: [{ name: 'href', namespace: 'http://www.w3.org/1999/xlink' }] });
    if (r() < 0.3) c.elements.push({ name: 'math', namespace: MATHML }, { name: 'mi', namespace: MATHML, attributes: ['href'] });
    if (r() < 0.2) c.elements.push({ name: 'animate', namespace: SVG, attributes: ['attributeName', 'to'] }, { name: 'set', namespace: SVG });
  } else if (r() < 0.7) c.removeElements = subset(r, CONFIG_ELEMENTS, 0.2);
  if (r() < 0.3) {
    const names = allowElements ? new Set(c.elements.map((e) => (typeof e === 'string' ? e : e.name))) : new Set(c.removeElements ?? []);
    c.replaceWithChildrenElements = subset(r, CONFIG_ELEMENTS, 0.15).filter((n) => !names.has(n) && n !== 'svg' && n !== 'math');
  }
  if (r() < 0.5) {
    c.attributes = subset(r, CONFIG_ATTRS, 0.5);
    if (r() < 0.5) c.dataAttributes = r() < 0.5;
    if (c.dataAttributes) c.attributes = c.attributes.filter((a) => !a.startsWith('data-'));
    // Per-element lists must not repeat the global list, nor list data- attributes while dataAttributes is true.
    for (const e of c.elements ?? []) {
      if (typeof e === 'string' || !e.attributes) continue;
      e.attributes = e.attributes.filter((a) => typeof a !== 'string' || (!c.attributes.includes(a) && !(c.dataAttributes && a.startsWith('data-'))));
    }
  } else if (r() < 0.7) {
    c.removeAttributes = subset(r, CONFIG_ATTRS, 0.3);
    for (const e of c.elements ?? []) {
      if (typeof e === 'string' || !e.attributes) continue;
      e.attributes = e.attributes.filter((a) => typeof a !== 'string' || !c.removeAttributes.includes(a));
    }
  }
  if (r() < 0.5) c.comments = r() < 0.5;
  if (r() < 0.3) c[r() < 0.5 ? 'processingInstructions' : 'removeProcessingInstructions'] = subset(r, ['xml-stylesheet', 'php', 'a'], 0.5);
  return c;
}

/** Every generated document of a run: `count` nasty ones from `seed`, and the deep ones. */
export function nastyDocuments(seed, count) {
  const r = rng(seed);
  const docs = [];
  for (let k = 0; k < count; k++) docs.push(nastyMarkup(r));
  for (const name of ['div', 'b', 'table', 'svg', 'math', 'select', 'form', 'template', 'a', 'noscript']) {
    docs.push(deepMarkup(name, 600, true), deepMarkup(name, 600, false));
  }
  return docs;
}
