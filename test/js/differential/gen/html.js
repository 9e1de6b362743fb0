// A seeded generator of nasty HTML for the differential test
// (test/js/differential/differential.test.js, bench/differential.js): misnested
// formatting elements, tables in tables, foster parenting, foreign content,
// templates anywhere, framesets, broken comments and doctypes, character
// references, NULs, lone surrogates, CR/CRLF, raw-text elements, odd
// attributes and tags.  Same seed and options, same string.
//
// <select> contents come from a forked PRNG, so a case generated with
// select: 'compat' (only option/optgroup/text/comments/script inside a
// select: parsed the same by the pre-2025 "in select" mode of parse5 and by
// the 2025 relaxed <select> parsing) differs from the same seed with
// select: '2025' (anything inside a select) only inside select elements.

/** mulberry32: a small, fast, well-mixed 32-bit PRNG; returns [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  constructor(seed) { this.f = mulberry32(seed); }
  next() { return this.f(); }
  /** integer in [0, n) */
  int(n) { return Math.floor(this.f() * n); }
  /** integer in [a, b] */
  range(a, b) { return a + this.int(b - a + 1); }
  chance(p) { return this.f() < p; }
  pick(arr) { return arr[this.int(arr.length)]; }
  /** a fresh 32-bit seed (one draw) */
  seed() { return Math.floor(this.f() * 4294967296) >>> 0; }
}

// ---- vocabulary -----------------------------------------------------------

const FORMATTING = ['a', 'b', 'big', 'code', 'em', 'font', 'i', 'nobr', 's', 'small', 'strike', 'strong', 'tt', 'u'];
const BLOCKS = ['address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl', 'fieldset',
  'figcaption', 'figure', 'footer', 'header', 'hgroup', 'main', 'menu', 'nav', 'ol', 'p', 'search', 'section', 'summary', 'ul'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const PHRASING = ['span', 'abbr', 'cite', 'dfn', 'kbd', 'label', 'mark', 'q', 'samp', 'sub', 'sup', 'var', 'bdi', 'bdo', 'ins', 'del', 'data', 'time', 'output', 'slot', 'canvas', 'video', 'audio', 'picture', 'map'];
const VOIDS = ['area', 'br', 'embed', 'img', 'keygen', 'wbr', 'input', 'hr', 'param', 'source', 'track', 'image', 'col', 'frame', 'basefont', 'bgsound', 'link', 'meta', 'base'];
const UNKNOWN = ['foo', 'my-element', 'x-y', 'isindex', 'menuitem', 'blink', 'spacer', 'marquee2', 'acronym', 'rb', 'rtc', 'frame', 'mi', 'svg:rect', 'g'];
const MARKERS = ['applet', 'marquee', 'object'];
const RAWTEXT = ['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript'];
const HEAD_ONLY = ['base', 'basefont', 'bgsound', 'link', 'meta', 'title', 'style', 'script', 'noframes', 'template', 'noscript'];
const BREAKOUT = ['b', 'big', 'blockquote', 'body', 'br', 'center', 'code', 'dd', 'div', 'dl', 'dt', 'em', 'embed', 'h1', 'h2',
  'h3', 'h4', 'h5', 'h6', 'head', 'hr', 'i', 'img', 'li', 'listing', 'menu', 'meta', 'nobr', 'ol', 'p', 'pre', 'ruby', 's',
  'small', 'span', 'strong', 'strike', 'sub', 'sup', 'table', 'tt', 'u', 'ul', 'var'];
const SVG_TAGS = ['svg', 'g', 'path', 'circle', 'rect', 'text', 'tspan', 'textPath', 'clipPath', 'linearGradient', 'radialGradient',
  'feGaussianBlur', 'feColorMatrix', 'feDropShadow', 'feFuncA', 'animateTransform', 'animateMotion', 'altGlyph', 'altGlyphDef',
  'glyphRef', 'use', 'defs', 'symbol', 'marker', 'mask', 'pattern', 'filter', 'image', 'switch', 'a', 'style', 'script', 'font',
  'foreignObject', 'desc', 'title', 'fePointLight', 'feSpecularLighting', 'stop', 'mi', 'annotation-xml'];
const SVG_INTEGRATION = ['foreignObject', 'desc', 'title'];
const MATH_TAGS = ['math', 'mrow', 'mfrac', 'msqrt', 'mroot', 'msub', 'msup', 'munderover', 'mtable', 'mtr', 'mtd', 'mstyle',
  'semantics', 'annotation', 'mspace', 'mglyph', 'malignmark', 'mpadded', 'desc', 'foreignObject', 'mtext'];
const MATH_TEXT = ['mi', 'mo', 'mn', 'ms', 'mtext'];
const SVG_ATTRS = ['viewBox', 'preserveAspectRatio', 'xlink:href', 'xlink:title', 'xlink:show', 'xlink:arcrole', 'xml:lang',
  'xml:space', 'xml:base', 'xmlns', 'xmlns:xlink', 'xmlns:foo', 'attributeName', 'baseFrequency', 'definitionURL',
  'gradientUnits', 'pathLength', 'refX', 'stdDeviation', 'tableValues', 'diffuseConstant', 'x', 'd', 'fill', 'class', 'id',
  'requiredExtensions', 'zoomAndPan', 'glyphRef', 'kernelMatrix', 'xlink', 'foo:bar', 'XLINK:HREF', 'encoding', 'color',
  'face', 'size'];
const HTML_ATTRS = ['id', 'class', 'title', 'style', 'href', 'src', 'lang', 'dir', 'hidden', 'data-x', 'type', 'value',
  'color', 'face', 'size', 'name', 'for', 'xmlns', 'xlink:href', 'xml:lang', 'definitionurl', 'viewbox', 'selected',
  'multiple', 'label', 'disabled', 'align', 'colspan', 'onclick', 'ID', 'CLASS', 'Type', 'VIEWBOX', 'a', 'b', 'x:y',
  'a"b', "a'b", 'a<b', 'a\u0000b', 'é', '\uD800', 'z=', 'checked', 'shadowrootmode', 'is'];
const NAMED_REFS = ['&amp;', '&amp', '&lt', '&gt;', '&quot', '&nbsp', '&nbsp;', '&notin;', '&notit;', '&not', '&copy',
  '&AElig', '&Aacute;', '&ffllig;', '&NotNestedGreaterGreater;', '&unknown;', '&;', '&', '& ', '&ampamp;', '&amp;amp;',
  '&aacute', '&Eacute', '&eacuteX', '&ltx', '&gt=', '&reg', '&REG;', '&zwj;', '&bne;', '&acE;', '&nGt;', '&fjlig;',
  '&ThickSpace;', '&image;', '&sup1', '&sup2x', '&frac12;', '&nbs', '&lang;', '&rang;', '&NoBreak;', '&Tab;', '&NewLine;'];
const NUMERIC_REFS = ['&#', '&#x', '&#X', '&#;', '&#x;', '&#0;', '&#00;', '&#x80;', '&#x81;', '&#x8D;', '&#x9F;', '&#128',
  '&#xD800;', '&#xDFFF;', '&#xdbff;', '&#x10FFFF;', '&#x110000;', '&#1114112;', '&#99999999999999;', '&#xFFFE;',
  '&#xFFFF;', '&#x1FFFE;', '&#x1F;', '&#13;', '&#x0D', '&#65', '&#X41;', '&#x41g', '&#9;', '&#10;', '&#xc;', '&#x7F;',
  '&#x0;', '&#38;', '&#60;', '&#x3c;script', '&#0000000000000065;', '&#xFDD0;', '&#x2F804;'];
const WORDS = ['foo', 'bar', 'x', 'hello', 'World', 'lorem', 'ipsum', '42', 'a b', 'ÿ', 'ü', '日本', '😀', '\u00a0',
  '\uFFFD', '\uFEFF', '\uFFFE', '\uFFFF', '\u0080', '\u009F', '\u000B', '\u0001', '\u007F', ']]>', '-->', '>', '"', "'", '=', '/', '`'];
const WS = [' ', '\n', '\t', '\f', '\r', '\r\n', '  ', ' \n ', '\r\r\n'];
const SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uD83D', '\uDE00x'];
const DOCTYPES = [
  '<!DOCTYPE html>', '<!doctype HTML>', '<!DoCtYpE hTmL>', '<!DOCTYPE>', '<!DOCTYPE >', '<!DOCTYPEhtml>', '<!DOCTYPE  html  >',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN">', '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">',
  '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">', '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Frameset//EN">', '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Frameset//EN" "x">',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Frameset//EN">', '<!DOCTYPE html PUBLIC "-//W3O//DTD W3 HTML Strict 3.0//EN//">',
  '<!DOCTYPE html PUBLIC "-/w3c/dtd html 4.0 transitional/en">', '<!DOCTYPE html PUBLIC "HTML">', '<!DOCTYPE html PUBLIC "-//IETF//DTD HTML 2.0//EN">',
  '<!DOCTYPE html SYSTEM "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd">', '<!DOCTYPE html SYSTEM "about:legacy-compat">',
  "<!DOCTYPE html PUBLIC 'x' 'y'>", '<!DOCTYPE html PUBLIC"x">', '<!DOCTYPE html PUBLIC>', '<!DOCTYPE html SYSTEM>', '<!DOCTYPE html foo>',
  '<!DOCTYPE html PUBLIC "a>', '<!DOCTYPE html SYSTEM \'b>', '<!DOCTYPE svg>', '<!DOCTYPE html PUBLIC "-//WebTechs//DTD Mozilla HTML//EN">',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Frameset//EN" "">', '<!DOCTYPE h\u0000tml>', '<!DOCTYPE HTML SYSTEM "x" junk>',
  '<!DOCTYPE html PUBLIC "" "">', '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">', '<!DOCTYPE html SYSTEM"y">',
  '<!DOCTYPE html PUBLIC "x"\'y\'>', '<!DOCTYPE html\tpublic\n"-//W3C//DTD HTML 4.0 Transitional//EN">', '<!DOCTYPE html PUBLIC "-//Netscape Comm. Corp.//DTD HTML//EN">',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "">', '<!DOCTYPE html BOGUS "x">', '<!DOCTYPE "html">',
];
const COMMENTS = ['<!---->', '<!-->', '<!--->', '<!-- -->', '<!-- --!>', '<!--a--!-->', '<!-- <!-- -->', '<!--!>', '<!-- - -->',
  '<!--a-->', '<!--a--->', '<!--a----->', '<!-- a -- b -->', '<!--\u0000-->', '<!-', '<!->', '<!x>', '<!>', '<?pi data?>', '<?>',
  '<? x >', '</ >', '</>', '</3>', '</\u0000>', '<!--<script>-->', '<!--a--!b-->', '<!--a-!>', '<!--\r\n-->', '<![CDATA[x]]>',
  '<!DOCTYPE html>', '<!doctype x>', '</ foo bar>', '<!--[if IE]><p>x<![endif]-->', '<!--a--\u0000-->'];
// Fragment contexts: [localName, namespace]; parse5 and ours get the same element.
export const FRAGMENT_CONTEXTS = [
  ['body', 'html'], ['div', 'html'], ['p', 'html'], ['td', 'html'], ['th', 'html'], ['tr', 'html'], ['tbody', 'html'],
  ['table', 'html'], ['caption', 'html'], ['colgroup', 'html'], ['select', 'html'], ['template', 'html'], ['svg', 'svg'],
  ['math', 'math'], ['foreignObject', 'svg'], ['desc', 'svg'], ['g', 'svg'], ['mi', 'math'], ['annotation-xml', 'math'],
  ['textarea', 'html'], ['title', 'html'], ['style', 'html'], ['script', 'html'], ['noscript', 'html'], ['plaintext', 'html'],
  ['xmp', 'html'], ['iframe', 'html'], ['noframes', 'html'], ['html', 'html'], ['head', 'html'], ['frameset', 'html'],
  ['ul', 'html'], ['button', 'html'], ['a', 'html'], ['b', 'html'], ['pre', 'html'], ['li', 'html'], ['optgroup', 'html'],
  ['option', 'html'], ['dl', 'html'], ['nobr', 'html'], ['object', 'html'],
];

// ---- the generator --------------------------------------------------------

class Gen {
  /**
   * @param {number} seed
   * @param {{ select?: 'compat'|'2025', size?: number, selectInterior?: boolean, strictSelect?: boolean }} opts
   */
  constructor(seed, opts = {}) {
    this.r = new Rng(seed >>> 0);
    this.opts = opts;
    this.select = opts.select ?? 'compat';
    this.budget = opts.size ?? this.r.range(15, 110);
    this.depth = 0;
  }

  left() { return this.budget > 0; }
  spend(n = 1) { this.budget -= n; }

  tag(name) {
    const r = this.r;
    const x = r.next();
    if (x < 0.78) return name;
    if (x < 0.9) return name.toUpperCase();
    if (x < 0.96) return [...name].map((c) => (r.chance(0.5) ? c.toUpperCase() : c.toLowerCase())).join('');
    return name.toLowerCase();
  }

  ws() { return this.r.pick(WS); }

  // -- text and character references --
  charRef() {
    const r = this.r;
    return r.chance(0.6) ? r.pick(NAMED_REFS) : r.pick(NUMERIC_REFS);
  }

  text(n = this.r.range(1, 4)) {
    const r = this.r;
    let s = '';
    for (let i = 0; i < n; i++) {
      const x = r.next();
      if (x < 0.45) s += r.pick(WORDS);
      else if (x < 0.65) s += this.ws();
      else if (x < 0.8) s += this.charRef();
      else if (x < 0.86) s += '\u0000';
      else if (x < 0.9) s += r.pick(SURROGATES);
      else if (x < 0.93) s += r.pick(['<', '< ', '<3', '<<', '<=', '</', '&', '&&', '<a', '<!', '<?']) + ' ';
      else s += r.pick(WORDS) + this.ws();
    }
    return s;
  }

  wsText() {
    let s = '';
    for (let n = this.r.range(1, 3); n > 0; n--) s += this.ws();
    return s;
  }

  // -- attributes --
  attrValue() {
    const r = this.r;
    const x = r.next();
    if (x < 0.2) return '';
    if (x < 0.55) return r.pick(WORDS).replace(/[\s]/g, '');
    if (x < 0.7) return r.pick(NAMED_REFS) + r.pick(['', '=', 'x', '1', ';']) + r.pick(['', r.pick(WORDS)]);
    if (x < 0.78) return r.pick(NUMERIC_REFS);
    if (x < 0.83) return r.pick(['text/html', 'application/xhtml+xml', 'TEXT/HTML', 'hidden', 'HIDDEN', 'color', 'red', 'x-y']);
    if (x < 0.87) return 'a\u0000b' + r.pick(SURROGATES);
    if (x < 0.9) return r.pick(['"', "'", '<', '>', '`', '=', 'a b', '\r\n', '&amp=', '&ampx', '&notin=', '&lt1']);
    if (x < 0.93) return (r.pick(WORDS) + ' ').repeat(r.range(200, 1500)); // huge
    return r.pick(WORDS) + this.charRef();
  }

  attr(names = HTML_ATTRS) {
    const r = this.r;
    const name = r.chance(0.9) ? r.pick(names) : r.pick(HTML_ATTRS);
    const value = this.attrValue();
    const x = r.next();
    if (x < 0.15) return name; // no value
    if (x < 0.55) return `${name}="${value.replace(/"/g, r.chance(0.9) ? '&quot;' : '"')}"`;
    if (x < 0.75) return `${name}='${value.replace(/'/g, "&#39;")}'`;
    if (x < 0.95) return `${name}=${value.replace(/[\s>]/g, '') || 'v'}`; // unquoted
    return `${name} = "${value}"`;
  }

  attrs(names = HTML_ATTRS, p = 0.35) {
    const r = this.r;
    if (!r.chance(p)) return '';
    let s = '';
    const n = r.chance(0.8) ? r.range(1, 2) : r.range(3, 8);
    let prev = null;
    for (let i = 0; i < n; i++) {
      const sep = r.chance(0.85) ? ' ' : r.pick(['\n', '\t', '\f', '/', ' / ', '  ', '']);
      let a = this.attr(names);
      if (prev && r.chance(0.15)) a = prev.split('=')[0] + '=dup'; // duplicate attribute
      s += (i === 0 && sep === '' ? ' ' : sep) + a;
      prev = a;
    }
    return s;
  }

  /** Attributes that cannot swallow what follows (no open quote, no stray '>'). */
  safeAttrs(names, p) {
    const r = this.r;
    if (!r.chance(p)) return '';
    let s = '';
    for (let n = r.range(1, 3); n > 0; n--) {
      const name = r.pick(names);
      s += r.chance(0.2) ? ` ${name}` : ` ${name}="${this.attrValue().replace(/"/g, '&quot;')}"`;
    }
    return s;
  }

  startTag(name, names, p) {
    const r = this.r;
    const selfClose = r.chance(0.06) ? (r.chance(0.5) ? '/' : ' /') : '';
    return `<${this.tag(name)}${this.attrs(names, p)}${selfClose}>`;
  }

  endTag(name) {
    const r = this.r;
    const x = r.next();
    if (x < 0.93) return `</${this.tag(name)}>`;
    if (x < 0.97) return `</${this.tag(name)} a=b>`; // end tag with attributes
    return `</${this.tag(name)}/>`;
  }

  // -- comments, doctype --
  comment() {
    const r = this.r;
    if (r.chance(0.6)) return r.pick(COMMENTS);
    return `<!--${this.text(r.range(0, 3)).replace(/-->/g, '- ->')}-->`;
  }

  // -- the main content producer: a run of items in "flow" (body) context --
  flow(max = this.r.range(1, 8)) {
    let s = '';
    for (let i = 0; i < max && this.left(); i++) s += this.flowItem();
    return s;
  }

  /** `n` pieces, each one choose(cases). */
  pieces(n, cases) {
    let s = '';
    for (; n > 0; n--) s += this.choose(cases);
    return s;
  }

  /** What the first of `cases` ([bound, make]) whose bound is above a draw of r.int(100) makes. */
  choose(cases) {
    const x = this.r.int(100);
    return cases.find(([bound]) => x < bound)[1]();
  }

  flowItem() {
    const r = this.r;
    this.spend();
    if (this.depth > 9) return r.chance(0.5) ? this.text() : this.formattingSoup(); // keep recursion bounded
    this.depth++;
    try {
      return this.choose([
        [16, () => this.text()],
        [28, () => this.formattingSoup()],
        [38, () => this.block()],
        [46, () => this.table()],
        [53, () => this.foreign()],
        [57, () => this.template(() => this.anyContext())],
        [62, () => this.rawText()],
        [65, () => this.comment()],
        [69, () => this.misc()],
        [72, () => this.headOnlyInBody()],
        [76, () => this.listItems()],
        [79, () => this.selectElement()],
        [82, () => this.voidTag()],
        [85, () => this.strayEndTag()],
        [88, () => this.element(r.pick(PHRASING), () => this.flow(r.range(0, 3)))],
        [90, () => this.element(r.pick(UNKNOWN), () => this.flow(r.range(0, 3)))],
        [92, () => this.element(r.pick(MARKERS), () => this.flow(r.range(0, 4)))],
        [94, () => this.ruby()],
        [96, () => this.form()],
        [97, () => this.element(r.pick(['pre', 'listing', 'textarea']), () => r.pick(['\n', '\r\n', '\r', '\n\n', '']) + this.flow(r.range(0, 2)))],
        [98, () => this.structureTag()],
        [100, () => this.element(r.pick(['button', 'a', 'nobr', 'form', 'p', 'li', 'dd', 'h3']), () => this.flow(r.range(0, 3)) + this.element(r.pick(['button', 'a', 'nobr', 'form', 'p', 'li', 'dt', 'h1']), () => this.flow(r.range(0, 2))))],
      ]);
    } finally {
      this.depth--;
    }
  }

  element(name, inner, closeP = 0.75) {
    return this.startTag(name) + inner() + (this.r.chance(closeP) ? this.endTag(name) : '');
  }

  block() {
    const r = this.r;
    const name = r.chance(0.8) ? r.pick(BLOCKS) : r.pick(HEADINGS);
    return this.element(name, () => this.flow(r.range(0, 4)), 0.7);
  }

  // Formatting elements opened and closed in random orders: adoption
  // agency (incl. its 8-iteration outer loop and 3-iteration inner loop) and
  // the Noah's Ark clause (more than 3 identical entries).
  formattingSoup() {
    const r = this.r;
    let s = '';
    const open = [];
    const n = r.range(2, 14);
    const ark = r.chance(0.2);
    const arkTag = ark ? `<${r.pick(FORMATTING)}${r.chance(0.5) ? ' class=x' : ''}>` : '';
    for (let i = 0; i < n; i++) {
      const x = r.next();
      if (ark && x < 0.35) {
        s += arkTag;
        open.push(arkTag.slice(1).split(/[ >]/)[0]);
      } else if (x < 0.5) {
        const name = r.pick(FORMATTING);
        s += this.startTag(name, name === 'font' ? ['color', 'face', 'size', 'class'] : HTML_ATTRS, 0.25);
        open.push(name);
      } else if (x < 0.75 && open.length) {
        const name = r.chance(0.7) ? open.splice(r.int(open.length), 1)[0] : r.pick(FORMATTING);
        s += this.endTag(name);
      } else if (x < 0.85) {
        s += this.text(r.range(1, 2));
      } else if (x < 0.9) {
        const b = r.pick(['div', 'p', 'blockquote', 'address', 'table', 'li', 'h2', 'pre', 'section', 'marquee', 'object', 'td', 'button']);
        s += this.startTag(b);
        if (r.chance(0.5)) s += this.text(1);
        if (r.chance(0.3)) s += this.endTag(b);
      } else if (x < 0.93 && this.depth < 8) {
        this.depth++;
        s += r.chance(0.5) ? this.table() : this.foreign();
        this.depth--;
      } else if (x < 0.96) {
        s += r.pick(['<br>', '</br>', '<p>', '</p>', '<hr>', '<img>', '<wbr>', '<input>']);
      } else {
        s += this.text(1);
      }
    }
    if (r.chance(0.4)) while (open.length) s += this.endTag(open.pop());
    return s;
  }

  listItems() {
    const r = this.r;
    const list = r.pick(['ul', 'ol', 'dl', 'menu', 'dir', '']);
    let s = list ? this.startTag(list) : '';
    for (let n = r.range(1, 5); n > 0; n--) {
      const item = list === 'dl' ? r.pick(['dd', 'dt']) : r.pick(['li', 'li', 'dd', 'dt']);
      s += this.startTag(item) + this.flow(r.range(0, 2));
      if (r.chance(0.3)) s += this.endTag(item);
    }
    if (list && r.chance(0.7)) s += this.endTag(list);
    return s;
  }

  voidTag() {
    const r = this.r;
    const name = r.pick(VOIDS);
    let s = `<${this.tag(name)}${this.attrs(name === 'input' ? ['type', 'value', 'name'] : HTML_ATTRS, 0.5)}${r.chance(0.3) ? '/' : ''}>`;
    if (r.chance(0.1)) s += `</${this.tag(name)}>`;
    return s;
  }

  strayEndTag() {
    const r = this.r;
    const name = r.pick(['p', 'br', 'br', 'p', 'body', 'html', 'head', 'div', 'table', 'td', 'tr', 'tbody', 'caption',
      'template', 'form', 'li', 'dd', 'h1', 'a', 'b', 'nobr', 'span', 'select', 'option', 'svg', 'math', 'foreignObject',
      'script', 'textarea', 'frameset', 'colgroup', 'col', 'button', 'marquee', 'object', 'ruby', 'rt', 'sarcasm']);
    return this.endTag(name);
  }

  misc() {
    const r = this.r;
    return r.pick([
      () => `<image${this.attrs()}>`,
      () => `<isindex${this.attrs(['prompt', 'action', 'name'], 0.6)}>`,
      () => `<${this.tag('div')}/>` + this.text(1),
      () => `<${this.tag('span')}/>` + this.text(1),
      () => `<a${this.attrs(['href'], 0.5)}>` + this.text(1) + `<a>` + this.text(1) + (r.chance(0.5) ? '</a>' : ''),
      () => `<nobr>a<nobr>b<nobr>c`,
      () => `<button>a<button>b</button>`,
      () => `<form>a<form>b</form>c</form>`,
      () => `<p>a<table>b</table>`,
      () => `<frameset><frame></frameset>`,
      () => `<frame>`,
      () => `<html${this.attrs(HTML_ATTRS, 1)}>`,
      () => `<body${this.attrs(HTML_ATTRS, 1)}>`,
      () => `<head>`,
      () => `<plaintext>` + this.text(),
      () => `<math>` + this.text(1) + `</math>`,
      () => `<h1>a<h2>b</h1>c</h2>`,
      () => `<li><ul><li>x</ul>`,
      () => `<dd>a<dt>b<dl><dd>c`,
      () => `<ruby>a<rb>b<rt>c<rp>d<rtc>e</ruby>`,
      () => `<rt>x<rp>y`,
      () => `<textarea>\n${this.text(1)}</textarea>`,
      () => `<textarea>${this.text(1)}</textarea>`,
      () => `<pre>\n\n${this.text(1)}</pre>`,
      () => `<listing>\r\n${this.text(1)}</listing>`,
      () => `<br${this.attrs()}/>`,
      () => `</br${this.attrs()}>`,
      () => `<input type=hidden>`,
      () => `<input type=HIDDEN>`,
      () => `<keygen>`,
      () => `<select></select>`,
      () => `<noscript><p>x</noscript>`,
      () => `<svg><p>x</svg>`,
      () => `<table><tr><td>x</table>`,
      () => `<a><div><a>x</div></a>`,
      () => `<b><p>x</b>y</p>`,
      () => `<b><div><b><i><div>x</b>y</i>z`,
      () => `<i><b><u><s><i><b><u><s><i>x</b>`,
      () => `<a><table><a>x</table>`,
      () => `<object><p>x</object>`,
      () => `<dialog><p>x</dialog>`,
      () => `<menuitem>a</menuitem>`,
      () => `<search><p>x</search>`,
      () => `<hgroup><h1>x</h1></hgroup>`,
    ])();
  }

  ruby() {
    const r = this.r;
    let s = this.startTag('ruby') + this.text(1);
    for (let n = r.range(1, 5); n > 0; n--) {
      const t = r.pick(['rb', 'rt', 'rp', 'rtc', 'span']);
      s += this.startTag(t) + (r.chance(0.7) ? this.text(1) : this.flow(1));
      if (r.chance(0.3)) s += this.endTag(t);
    }
    return s + (r.chance(0.7) ? this.endTag('ruby') : '');
  }

  form() {
    const r = this.r;
    let s = this.startTag('form');
    for (let n = r.range(1, 4); n > 0; n--) {
      s += r.pick([
        () => `<input${this.attrs(['type', 'name', 'value'], 0.8)}>`,
        () => this.element('button', () => this.flow(r.range(0, 2))),
        () => this.element('fieldset', () => `<legend>${this.text(1)}</legend>` + this.flow(1)),
        () => this.element('label', () => this.text(1)),
        () => this.element('output', () => this.text(1)),
        () => this.selectElement(),
        () => `<textarea${this.attrs()}>${this.text(1)}</textarea>`,
        () => this.flow(1),
        () => '<form>',
        () => '</form>',
      ])();
    }
    return s + (r.chance(0.6) ? this.endTag('form') : '');
  }

  structureTag() {
    const r = this.r;
    return r.pick(['<body>', '</body>', '<html>', '</html>', '<head>', '</head>', '<frameset>', '<frame>', '</frameset>',
      `<body${this.attrs(HTML_ATTRS, 1)}>`, `<html${this.attrs(HTML_ATTRS, 1)}>`, '</body>' + this.text(1), '</html>' + this.comment()]);
  }

  headOnlyInBody() {
    const r = this.r;
    const name = r.pick(HEAD_ONLY);
    if (name === 'template') return this.template(() => this.anyContext());
    if (['title', 'style', 'script', 'noframes', 'noscript'].includes(name)) return this.rawText(name);
    return `<${this.tag(name)}${this.attrs(['charset', 'http-equiv', 'content', 'href', 'rel', 'name'], 0.6)}>`;
  }

  // -- raw text, RCDATA, script data --
  rawText(name = this.r.pick(RAWTEXT)) {
    const r = this.r;
    let body = '';
    for (let n = r.range(0, 5); n > 0; n--) {
      body += r.pick([
        () => this.text(1),
        () => '<!--', () => '-->', () => '<!--<script>', () => '</script>', () => '<script>', () => '</scrip', () => '</script ',
        () => '<!--<script>x</script>-->', () => '<!-- <script></script> -->', () => '<!-- </script> -->', () => '<!--<SCRIPT >', () => '</SCRIPT',
        () => '-', () => '--', () => '<', () => '</', () => `</${name}`, () => `</${name.toUpperCase()} x>`, () => `</${name}x>`,
        () => '<b>x</b>', () => '&amp;&lt', () => '\u0000', () => '<p>', () => '</style>', () => '</title>', () => '</textarea>',
        () => '<!--<script/>', () => '<!--<script\t>', () => '<!--<scriptx>', () => '</noscript>', () => '<![CDATA[', () => ']]>',
      ])();
    }
    const close = r.next();
    if (close < 0.85) return `${this.startTag(name)}${body}</${this.tag(name)}${r.chance(0.1) ? ' x' : ''}>`;
    if (close < 0.93) return `${this.startTag(name)}${body}</${name}/>`;
    return `${this.startTag(name)}${body}`; // unterminated: eats the rest
  }

  // -- tables --
  table() {
    const r = this.r;
    let s = this.startTag('table');
    for (let n = r.range(0, 7); n > 0 && this.left(); n--) s += this.tableItem();
    const x = r.next();
    if (x < 0.75) s += this.endTag('table');
    else if (x < 0.8) s += '</tbody></table>';
    return s;
  }

  tableItem() {
    const r = this.r;
    this.spend();
    const x = r.int(100);
    if (x < 25) return this.rowGroup();
    if (x < 40) return this.row();
    if (x < 47) return this.cell();
    if (x < 52) return this.caption();
    if (x < 57) return this.colgroup();
    if (x < 59) return `<${this.tag('col')}${this.attrs()}>`;
    if (x < 66) return this.text(); // foster-parented (non-whitespace) or kept (whitespace)
    if (x < 70) return this.wsText();
    if (x < 80) return this.fosterElement();
    if (x < 84) return this.template(() => this.tableContext());
    if (x < 87) return this.comment();
    if (x < 90 && this.depth < 8) { this.depth++; try { return this.table(); } finally { this.depth--; } }
    if (x < 93) return r.pick(['<input type=hidden>', '<input type="hidden" name=a>', '<input>', '<form>', '<form></form>', '<style>a</style>', '<script>x</script>', '<select><option>x</select>']);
    return r.pick(['</tbody>', '</tr>', '</td>', '</th>', '</caption>', '</colgroup>', '</table>', '</body>', '</html>', '</thead>', '<tbody>', '<tr>', '</col>', '</p>', '</br>', '</div>', '</template>']);
  }

  fosterElement() {
    const r = this.r;
    if (this.depth > 8) return this.text(1);
    this.depth++;
    try {
      return r.pick([
        () => this.formattingSoup(),
        () => this.block(),
        () => this.element(r.pick(FORMATTING), () => this.text(1) + (r.chance(0.3) ? this.row() : '')),
        () => this.foreign(),
        () => this.selectElement(),
        () => this.element('a', () => this.text(1)),
        () => this.voidTag(),
        () => this.rawText(),
        () => this.misc(),
      ])();
    } finally {
      this.depth--;
    }
  }

  rowGroup() {
    const r = this.r;
    const name = r.pick(['tbody', 'thead', 'tfoot']);
    let s = this.startTag(name);
    for (let n = r.range(0, 4); n > 0 && this.left(); n--) {
      const x = r.next();
      if (x < 0.6) s += this.row();
      else if (x < 0.7) s += this.cell();
      else if (x < 0.8) s += this.text(1);
      else if (x < 0.87) s += this.fosterElement();
      else if (x < 0.92) s += this.template(() => this.row());
      else s += r.pick(['</tr>', '</td>', '<caption>', '<col>', '</table>', '<tbody>', '<tfoot>', '</thead>']);
    }
    return s + (r.chance(0.5) ? this.endTag(name) : '');
  }

  row() {
    const r = this.r;
    this.spend();
    let s = this.startTag('tr');
    for (let n = r.range(0, 4); n > 0 && this.left(); n--) {
      const x = r.next();
      if (x < 0.7) s += this.cell();
      else if (x < 0.8) s += this.text(1);
      else if (x < 0.87) s += this.fosterElement();
      else if (x < 0.92) s += this.template(() => this.cell());
      else s += r.pick(['</td>', '<tr>', '</tr>', '</tbody>', '<caption>', '</table>', '<th>', '</th>']);
    }
    return s + (r.chance(0.5) ? this.endTag('tr') : '');
  }

  cell() {
    const r = this.r;
    this.spend();
    const name = r.chance(0.8) ? 'td' : 'th';
    let s = this.startTag(name, ['colspan', 'rowspan', 'id', 'class']);
    if (this.depth < 9) {
      this.depth++;
      try { s += this.flow(r.range(0, 3)); } finally { this.depth--; }
    } else {
      s += this.text(1);
    }
    return s + (r.chance(0.5) ? this.endTag(r.chance(0.9) ? name : r.pick(['td', 'th', 'tr', 'table'])) : '');
  }

  caption() {
    const r = this.r;
    let s = this.startTag('caption');
    if (this.depth < 9) {
      this.depth++;
      try { s += this.flow(r.range(0, 3)); } finally { this.depth--; }
    }
    const x = r.next();
    if (x < 0.6) s += this.endTag('caption');
    else if (x < 0.7) s += r.pick(['</table>', '<tr>', '<td>', '<col>', '</tbody>', '</caption></caption>', '<caption>']);
    return s;
  }

  colgroup() {
    const r = this.r;
    let s = this.startTag('colgroup', ['span', 'id']);
    for (let n = r.range(0, 3); n > 0; n--) {
      s += r.pick(['<col>', '<col/>', '<COL span=2>', ' ', '\n', 'x', '<!--c-->', '</col>', '<template><col></template>', '<td>', '<colgroup>', '</colgroup>', '<p>', '\u0000']);
    }
    return s + (r.chance(0.6) ? this.endTag('colgroup') : '');
  }

  tableContext() {
    const r = this.r;
    return r.pick([() => this.row(), () => this.cell(), () => this.rowGroup(), () => this.caption(), () => this.colgroup(), () => this.tableItem()])();
  }

  // -- templates --
  template(inner) {
    const r = this.r;
    if (this.depth > 9) return '<template></template>';
    this.depth++;
    try {
      let s = this.startTag('template', ['shadowrootmode', 'id', 'class'], 0.3);
      for (let n = r.range(0, 3); n > 0; n--) s += inner();
      if (r.chance(0.25)) s += this.template(inner); // nested
      return s + (r.chance(0.8) ? this.endTag('template') : '');
    } finally {
      this.depth--;
    }
  }

  anyContext() {
    const r = this.r;
    return r.pick([
      () => this.flow(r.range(1, 3)), () => this.tableContext(), () => this.tableContext(), () => this.colgroup(),
      () => `<${this.tag('col')}>`, () => this.headOnlyInBody(), () => this.structureTag(), () => this.foreign(),
      () => r.pick(['<frame>', '<frameset>', '</template>', '<caption>', '<body>', '<html>', '<head>', '<option>x']),
    ])();
  }

  // -- foreign content --
  foreign() {
    const r = this.r;
    return r.chance(0.6) ? this.svg() : this.math();
  }

  foreignAttrs(p = 0.4) {
    return this.attrs(SVG_ATTRS, p);
  }

  svg() {
    const r = this.r;
    let s = `<${this.tag('svg')}${this.foreignAttrs(0.5)}${r.chance(0.07) ? '/' : ''}>`;
    s += this.foreignContent('svg', r.range(0, 6));
    return s + (r.chance(0.6) ? this.endTag('svg') : '');
  }

  math() {
    const r = this.r;
    let s = `<${this.tag('math')}${this.foreignAttrs(0.3)}${r.chance(0.07) ? '/' : ''}>`;
    s += this.foreignContent('math', r.range(0, 6));
    return s + (r.chance(0.6) ? this.endTag('math') : '');
  }

  foreignContent(ns, n) {
    const r = this.r;
    let s = '';
    for (; n > 0 && this.left(); n--) {
      this.spend();
      if (this.depth > 10) { s += this.text(1); continue; }
      this.depth++;
      try {
        const x = r.int(100);
        if (x < 22) s += this.text(r.range(1, 2));
        else if (x < 42) s += this.foreignElement(ns);
        else if (x < 52) s += this.integrationPoint(ns);
        else if (x < 60) s += this.breakout();
        else if (x < 66) s += r.pick(['<![CDATA[x]]>', '<![CDATA[]]>', '<![CDATA[<p>&amp;\u0000]]]>', '<![CDATA[a]]b]]>', '<![cdata[x]]>', '<![CDATA[', '<![CDATA[x]]', ']]>']);
        else if (x < 70) s += this.comment();
        else if (x < 74) s += ns === 'svg' ? this.math() : this.svg();
        else if (x < 78) s += r.pick(['</p>', '</br>', '<br>', '</svg>', '</math>', '</foreignObject>', '</desc>', '</mi>', '</div>', '</b>', '</CLIPPATH>', '</clippath>', '</foreignobject>']);
        else if (x < 82) s += `<script>${r.pick(['x', '<!--', '</scr', 'a<b'])}</script>` + (r.chance(0.3) ? '<style>a</style>' : '');
        else if (x < 85) s += this.template(() => this.foreignContent(ns, 1));
        else if (x < 88) s += this.table();
        else if (x < 91) s += `<${this.tag(r.pick(['font', 'FONT']))}${r.chance(0.6) ? ' ' + r.pick(['color', 'face', 'size', 'COLOR', 'class']) + '=x' : ''}>` + this.text(1);
        else if (x < 94) s += this.selectElement();
        else s += this.formattingSoup();
      } finally {
        this.depth--;
      }
    }
    return s;
  }

  foreignElement(ns) {
    const r = this.r;
    const name = ns === 'svg' ? r.pick(SVG_TAGS) : r.pick(MATH_TAGS.concat(MATH_TEXT));
    const variant = r.chance(0.2) ? name.toLowerCase() : r.chance(0.1) ? name.toUpperCase() : name;
    if (r.chance(0.2)) return `<${variant}${this.foreignAttrs()}/>`;
    let s = `<${variant}${this.foreignAttrs()}>`;
    s += this.foreignContent(ns, r.range(0, 3));
    if (r.chance(0.7)) s += `</${r.chance(0.7) ? variant : name.toLowerCase()}>`;
    return s;
  }

  integrationPoint(ns) {
    const r = this.r;
    let name;
    let attrs = '';
    if (ns === 'svg') {
      name = r.pick(SVG_INTEGRATION);
      name = r.chance(0.25) ? name.toLowerCase() : name;
    } else if (r.chance(0.6)) {
      name = r.pick(MATH_TEXT);
    } else {
      name = 'annotation-xml';
      attrs = r.pick([' encoding=text/html', ' encoding="TEXT/HTML"', ' encoding="application/xhtml+xml"', ' ENCODING="Application/XHTML+XML"', ' encoding=text/xml', '', ' encoding="text/html "']);
    }
    let s = `<${name}${attrs}${this.foreignAttrs(0.2)}>`;
    for (let n = r.range(0, 3); n > 0 && this.left(); n--) {
      const x = r.next();
      if (x < 0.5) s += this.flowItem();
      else if (x < 0.65) s += r.pick(['<mglyph>', '<malignmark>', '<mglyph/>', '</mglyph>', '<svg>', '<math>', '<svg><desc>x', '<math><mi>y']);
      else if (x < 0.85) s += this.foreignContent(ns, 1);
      else s += this.text(1);
    }
    if (r.chance(0.6)) s += `</${name}>`;
    return s;
  }

  breakout() {
    const r = this.r;
    const name = r.pick(BREAKOUT);
    return this.startTag(name) + this.text(1) + (r.chance(0.3) ? this.endTag(name) : '');
  }

  // -- select --
  // The interior comes from a forked PRNG with its own budget, so the rest
  // of the case is the same whichever select mode is used.
  selectElement() {
    const r = this.r;
    const attrs = this.safeAttrs(['multiple', 'name', 'size', 'id'], 0.3);
    const upper = r.chance(0.1);
    const sub = r.seed();
    const close = r.chance(0.85);
    const child = new Gen(sub, { select: this.select, size: 0, selectInterior: true });
    child.depth = this.depth + 1;
    child.budget = child.r.range(1, 12);
    const interior = this.select === 'compat' ? child.compatSelectContent(false) : child.relaxedSelectContent();
    // In compat mode the select is always closed: what follows it must not
    // land inside it (parse5 would drop it; the 2025 rules keep it).
    const end = close || this.select === 'compat' ? `</${upper ? 'SELECT' : 'select'}>` : '';
    return `<${upper ? 'SELECT' : 'select'}${attrs}>${interior}${end}`;
  }

  /**
   * Content parsed identically by the pre-2025 "in select" insertion mode
   * and the 2025 rules: text, comments, option/optgroup, script, with
   * attributes that cannot swallow the </select>.  Not hr: with a p open
   * around the select, the 2025 hr closes the p and the select with it.  No
   * stray </option> or </optgroup>: select is no longer special, so they
   * could close an option open around the select.
   * strict: options and optgroups always closed (select fragment context,
   * where the 2025 rules have no select element in scope).
   */
  compatSelectContent(strict) {
    const r = this.r;
    let s = '';
    const simpleText = () => {
      let t = this.text(r.range(1, 2));
      // no markup-looking text (a stray '<' would start a tag)
      t = t.replace(/</g, '&lt;');
      return t;
    };
    const option = () => `<${this.tag('option')}${this.safeAttrs(['value', 'selected', 'label', 'disabled'], 0.4)}>` + simpleText() + (strict || r.chance(0.5) ? `</${this.tag('option')}>` : '');
    for (let n = r.range(0, 6); n > 0; n--) {
      const x = r.next();
      if (x < 0.45) s += option();
      else if (x < 0.6) {
        s += `<${this.tag('optgroup')}${this.safeAttrs(['label', 'disabled'], 0.5)}>`;
        for (let k = r.range(0, 3); k > 0; k--) s += option();
        if (strict || r.chance(0.5)) s += strict ? '</option></optgroup>' : `</${this.tag('optgroup')}>`;
      } else if (x < 0.75) s += simpleText();
      else if (x < 0.83) s += this.wsText();
      else if (x < 0.9) s += `<!--${r.pick(['', 'c', ' x ', '-'])}-->`;
      else s += `<script>${r.pick(['x', '', 'a<b', '<!--<script></script>-->'])}</script>`;
    }
    return s;
  }

  /** Anything inside a select (the 2025 relaxed <select> parsing). */
  relaxedSelectContent() {
    const r = this.r;
    return this.pieces(r.range(0, 6), [
      [30, () => this.compatSelectContent(false)],
      [40, () => this.element(r.pick(['option', 'optgroup']), () => this.flow(r.range(0, 2)), 0.5)],
      [50, () => this.element(r.pick(['div', 'span', 'button', 'legend', 'datalist', 'p', 'label']), () => this.flow(r.range(0, 2)), 0.6)],
      [58, () => this.element('button', () => r.pick(['<selectedcontent>', '<selectedcontent></selectedcontent>', '<span><selectedcontent></span>', '']) + this.text(1))],
      [63, () => r.pick(['<selectedcontent>', '<selectedcontent></selectedcontent>', '</selectedcontent>'])],
      [70, () => this.formattingSoup()],
      [75, () => this.foreign()],
      [80, () => r.pick(['<input>', '<keygen>', '<textarea>x</textarea>', '<select>', '</select>', '<select multiple>', '<img>', '<br>', '</p>', '</br>'])],
      [85, () => this.table()],
      [90, () => this.template(() => this.flow(1))],
      [94, () => r.pick(['<option selected>a<b>b</b>', '<option><img>x', '<option label=l disabled>d', '<optgroup><legend>L</legend><option>z'])],
      [100, () => this.flow(r.range(1, 2))],
    ]);
  }

  // -- documents --
  head() {
    const r = this.r;
    return this.pieces(r.range(0, 6), [
      [15, () => this.rawText('title')],
      [30, () => `<${this.tag(r.pick(['meta', 'link', 'base', 'basefont', 'bgsound']))}${this.attrs(['charset', 'http-equiv', 'content', 'href', 'rel'], 0.7)}>`],
      [42, () => this.rawText(r.pick(['style', 'script', 'noframes']))],
      [52, () => r.pick(['<noscript>', '<NOSCRIPT>']) + r.pick(['<link>', '<meta>', '<style>a</style>', 'x', ' ', '<p>', '<!--c-->', '<noscript>', '</br>', '<head>', '<noframes>n</noframes>']) + (r.chance(0.7) ? '</noscript>' : '')],
      [60, () => this.template(() => this.anyContext())],
      [70, () => this.wsText()],
      [75, () => this.comment()],
      [80, () => this.text(1)], // closes the head
      [100, () => r.pick(['</head>', '<head>', '</br>', '</p>', '<html a=b>', '</body>', '</template>', '<!DOCTYPE x>', '</html>', '<frameset>', '<body>', '<svg>'])],
    ]);
  }

  document() {
    const r = this.r;
    let s = '';
    if (r.chance(0.05)) s += r.pick(['\uFEFF', ' ', '\n', '<!--pre-->', '\u0000']);
    if (r.chance(0.8)) s += r.pick(DOCTYPES);
    if (r.chance(0.1)) s += this.comment();
    if (r.chance(0.2)) s += this.wsText();
    if (r.chance(0.5)) s += `<${this.tag('html')}${this.attrs(HTML_ATTRS, 0.3)}>`;
    if (r.chance(0.5)) s += `<${this.tag('head')}${this.attrs(HTML_ATTRS, 0.1)}>`;
    if (r.chance(0.6)) s += this.head();
    if (r.chance(0.4)) s += this.endTag('head');
    if (r.chance(0.2)) s += this.wsText() + (r.chance(0.5) ? this.comment() : '') + (r.chance(0.2) ? this.rawText(r.pick(['style', 'script', 'title'])) : '');
    if (r.chance(0.12)) s += this.frameset();
    else {
      if (r.chance(0.5)) s += `<${this.tag('body')}${this.attrs(HTML_ATTRS, 0.2)}>`;
      if (r.chance(0.08)) s += this.wsText() + '<frameset><frame>' + this.text(1);
      while (this.left()) s += this.flow();
      if (r.chance(0.3)) s += this.endTag('body');
    }
    if (r.chance(0.3)) s += this.endTag('html');
    if (r.chance(0.2)) s += r.pick([() => this.comment(), () => this.wsText(), () => this.text(1), () => this.block(), () => '<html><body>x', () => '</body></html>' + this.comment(), () => '<noframes>n</noframes>', () => '<!DOCTYPE html>'])();
    return s;
  }

  frameset() {
    const r = this.r;
    let s = `<${this.tag('frameset')}${this.attrs(['rows', 'cols'], 0.5)}>`;
    for (let n = r.range(0, 6); n > 0; n--) {
      s += r.pick([
        () => '<frame>', () => `<frame${this.attrs(['src'], 1)}/>`, () => '<frameset><frame></frameset>', () => '<frameset>',
        () => this.wsText(), () => this.text(1), () => this.comment(), () => '<noframes>' + this.text(1) + '<p>' + '</noframes>',
        () => '</frameset>', () => '<div>x</div>', () => '<frame></frame>', () => '</html>',
      ])();
    }
    s += r.pick(['</frameset>', '', '</frameset></frameset>']);
    if (r.chance(0.4)) s += r.pick([() => this.wsText(), () => '<noframes>x</noframes>', () => this.comment(), () => 'junk<p>', () => '</html> <noframes>y</noframes>', () => '<frameset>'])();
    return s;
  }

  fragment(context) {
    const r = this.r;
    const [name, ns] = context;
    let s = '';
    const one = () => {
      this.spend();
      if (name === 'select') {
        // a forked PRNG, as in selectElement(): the select modes differ only here
        const child = new Gen(r.seed(), { select: this.select, size: 0 });
        child.depth = this.depth;
        child.budget = child.r.range(1, 12);
        return this.select === 'compat' ? child.compatSelectContent(true) : child.relaxedSelectContent();
      }
      if (['table', 'tbody', 'tr', 'colgroup'].includes(name) && r.chance(0.7)) return this.tableContext();
      if ((ns === 'svg' || ns === 'math') && r.chance(0.7)) return this.foreignContent(ns === 'svg' ? 'svg' : 'math', r.range(1, 4));
      if (['html', 'head'].includes(name) && r.chance(0.4)) return this.head();
      if (name === 'frameset' && r.chance(0.6)) return this.frameset();
      if (['textarea', 'title', 'style', 'script', 'xmp', 'iframe', 'noframes', 'noscript', 'plaintext'].includes(name) && r.chance(0.4)) {
        return r.pick(['</' + name + '>', '<!--<script>', '</script>', '&amp;', '<p>', '-->', '<![CDATA[']) + this.text(1);
      }
      return this.flow();
    };
    while (this.left()) s += one();
    return s;
  }
}

/** A random document. opts: { select: 'compat' | '2025', size } */
export function generateDocument(seed, opts = {}) {
  return new Gen(seed, opts).document();
}

/**
 * A random fragment for a context [localName, ns]; in compat select mode a
 * select context gets select content parsed the same by both select
 * algorithms.  opts: { select, size }.
 */
export function generateFragment(seed, context, opts = {}) {
  return new Gen(seed, opts).fragment(context);
}

/** The context of fragment case number i (cycles through FRAGMENT_CONTEXTS). */
export function fragmentContext(i) {
  return FRAGMENT_CONTEXTS[i % FRAGMENT_CONTEXTS.length];
}
