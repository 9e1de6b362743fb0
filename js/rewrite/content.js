// The objects HTMLRewriter's handlers receive, with the members of
// Cloudflare Workers' HTMLRewriter (developers.cloudflare.com/workers/
// runtime-apis/html-rewriter/): Element, EndTag, Text, Comment, Doctype,
// DocumentEnd.  Each is valid while its handler runs (and until the
// Promise it returned settles); the engine (js/rewrite/engine.js) reads
// the mutations afterwards and writes the output.
//
// Inserted content is HTML (`{ html: true }`) or text, which is escaped as
// lol-html escapes it: & < > become &amp; &lt; &gt;.

const NS_URI = ['http://www.w3.org/1999/xhtml', 'http://www.w3.org/2000/svg', 'http://www.w3.org/1998/Math/MathML'];

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeText = (s) => (/[&<>]/.test(s) ? s.replace(/[&<>]/g, (c) => ESCAPES[c]) : s);

/** The string to insert for `content` with `options` ({ html }), for method `what`. */
function contentOf(what, content, options) {
  if (typeof content !== 'string') {
    if (content !== null && typeof content === 'object' && (typeof content.getReader === 'function' || typeof content.arrayBuffer === 'function')) {
      throw new TypeError(`${what}(content): streamed content (ReadableStream, Response) is not supported; pass a string`);
    }
    content = String(content);
  }
  if (options !== undefined && options !== null && typeof options !== 'object') {
    throw new TypeError(`${what}(content, options): options must be an object such as { html: true }; got ${typeof options}`);
  }
  return options?.html === true ? content : escapeText(content);
}

// Attribute names as handlers give them, lowercased: the same few names come again and again ('href'), so
// each string is lowercased once (and, for setAttribute, checked once).
const LOWERED = new Map();
const VALID_NAMES = new Set();
function lowered(name) {
  let n = LOWERED.get(name);
  if (n === undefined) {
    n = String(name).toLowerCase();
    if (typeof name === 'string' && LOWERED.size < 1024) LOWERED.set(name, n);
  }
  return n;
}

/** Base of every token object: validity and the mutations all share. */
class Token {
  constructor(kind) {
    this._kind = kind;
    this._live = true;
    // The mutations (lol-html's): before, after, replacement, removed.
    this._before = '';
    this._after = '';
    this._replacement = '';
    this._removed = false;
  }
  _check(what) {
    if (!this._live) {
      throw new TypeError(`${this._kind}.${what}(): this ${this._kind} is no longer valid; tokens are only valid while their handler runs (and until the Promise it returned settles)`);
    }
  }
  before(content, options) {
    this._check('before');
    this._before += contentOf(`${this._kind}.before`, content, options);
    return this;
  }
  after(content, options) {
    this._check('after');
    this._after = contentOf(`${this._kind}.after`, content, options) + this._after;
    return this;
  }
  remove() {
    this._check('remove');
    this._removed = true;
    return this;
  }
  get removed() { return this._removed; }
}

/** A replaceable token: Text, Comment, Element. */
class Replaceable extends Token {
  replace(content, options) {
    this._check('replace');
    this._replacement = contentOf(`${this._kind}.replace`, content, options);
    this._removed = true;
    return this;
  }
}

/**
 * An element's start tag (Element).  `item` is the engine's stack item of
 * the element; `tag` gives the start tag: name, attributes as [name,
 * value] pairs (names lowercased, values as written), raw bytes.
 */
export class Element extends Replaceable {
  constructor(tag, ns, canHaveContent, item) {
    super('Element');
    this._tag = tag;
    this._ns = ns;
    this._canHave = canHaveContent;
    this._item = item;          // null for a void element (no end tag)
    this._name = null;          // set: the new tag name
    this._attrs = null;         // set: the attributes after a change (_list)
    // Before that, setAttribute's changes alone: name, value, source index or -1 (new), three entries each, in the
    // order first set (the start tag is written from them and the source without a list of every attribute:
    // engine.writeStartTag).
    this._sets = null;
    this._prepend = '';
    this._append = '';
    this._inner = null;         // setInnerContent: the new content
    this._keepContent = false;  // removeAndKeepContent
    this._endTagHandlers = null;
  }
  get tagName() { return this._name ?? this._tag.name; }
  set tagName(name) {
    this._check('tagName');
    name = String(name);
    // As lol-html: an ASCII letter first (13.2.5.6 tag open state), then no whitespace, '/' or '>'.
    if (!/^[A-Za-z][^\t\n\f\r />]*$/.test(name)) throw new TypeError(`Element.tagName: ${JSON.stringify(name)} is not a valid tag name (an ASCII letter first, no whitespace, '/' or '>')`);
    this._name = name;
  }
  get namespaceURI() { return NS_URI[this._ns]; }
  get selfClosing() { return this._tag.selfClosing; }
  get canHaveContent() { return this._canHave; }
  get attributes() {
    const list = this._attrs === null && this._sets === null ? this._tag.attrs() : this._list().map((a) => [a[0], this._value(a)]);
    return list.map(([n, v]) => [n, v])[Symbol.iterator]();
  }
  /** The attributes as a handler changes them: [name, value (undefined: not read yet), source index or -1, changed]. */
  _list() {
    if (this._attrs !== null) return this._attrs;
    const list = (this._attrs = this._tag.names().map((n, i) => [n, undefined, i, false]));
    const sets = this._sets;
    if (sets !== null) {
      for (let i = 0; i < sets.length; i += 3) {
        const n = sets[i], v = sets[i + 1], k = sets[i + 2];
        if (k >= 0) {
          list[k][1] = v;
          list[k][3] = true;
        } else list.push([n, v, -1, true]);
      }
      this._sets = null;
    }
    return list;
  }
  _value(a) {
    if (a[1] === undefined) a[1] = this._tag.valueAt(a[2]);
    return a[1];
  }
  getAttribute(name) {
    const n = lowered(name);
    if (this._attrs === null) {
      const sets = this._sets;
      if (sets !== null) for (let i = 0; i < sets.length; i += 3) if (sets[i] === n) return sets[i + 1];
      return this._tag.attr(n);
    }
    for (const a of this._attrs) if (a[0] === n) return this._value(a);
    return null;
  }
  hasAttribute(name) { return this.getAttribute(name) !== null; }
  setAttribute(name, value) {
    this._check('setAttribute');
    const n = lowered(name);
    if (!VALID_NAMES.has(n)) {
      if (!/^[^\t\n\f\r />=]+$/.test(n)) throw new TypeError(`Element.setAttribute(name, value): ${JSON.stringify(String(name))} is not a valid attribute name`);
      if (VALID_NAMES.size < 1024) VALID_NAMES.add(n);
    }
    const v = String(value);
    const tag = this._tag;
    if (this._attrs === null && !tag.duplicates) {
      // A change noted without the list: the attribute's source index found by comparing bytes.
      const sets = this._sets;
      if (sets === null) {
        this._sets = [n, v, tag.indexOf(n)]; // (a literal: no room for more allocated)
        return this;
      }
      for (let i = 0; i < sets.length; i += 3) {
        if (sets[i] === n) {
          sets[i + 1] = v;
          return this;
        }
      }
      if (sets.length === 3) this._sets = [sets[0], sets[1], sets[2], n, v, tag.indexOf(n)];
      else sets.push(n, v, tag.indexOf(n));
      return this;
    }
    const list = this._list();
    for (const a of list) {
      if (a[0] === n) {
        a[1] = v;
        a[3] = true; // written anew (its name as written)
        return this;
      }
    }
    list.push([n, v, -1, true]);
    return this;
  }
  removeAttribute(name) {
    this._check('removeAttribute');
    const n = lowered(name);
    const list = this._list();
    const k = list.findIndex((a) => a[0] === n);
    if (k >= 0) list.splice(k, 1);
    return this;
  }
  prepend(content, options) {
    this._check('prepend');
    if (this._canHave) this._prepend = contentOf('Element.prepend', content, options) + this._prepend;
    return this;
  }
  append(content, options) {
    this._check('append');
    if (this._canHave) this._append += contentOf('Element.append', content, options);
    return this;
  }
  setInnerContent(content, options) {
    this._check('setInnerContent');
    if (this._canHave) {
      this._inner = contentOf('Element.setInnerContent', content, options);
      this._prepend = '';
      this._append = '';
    }
    return this;
  }
  removeAndKeepContent() {
    this._check('removeAndKeepContent');
    this._keepContent = true;
    this._removed = true;
    return this;
  }
  remove() {
    this._keepContent = false;
    return super.remove();
  }
  replace(content, options) {
    this._keepContent = false;
    return super.replace(content, options);
  }
  onEndTag(handler) {
    this._check('onEndTag');
    if (typeof handler !== 'function') throw new TypeError(`Element.onEndTag(handler): handler must be a function; got ${handler === null ? 'null' : typeof handler}`);
    if (!this._canHave) throw new TypeError(`Element.onEndTag(handler): <${this.tagName}> has no end tag (a void element, or a self-closing one in SVG or MathML)`);
    (this._endTagHandlers ??= []).push(handler);
    return this;
  }
}

/** An end tag (EndTag): its handlers are those of Element.onEndTag(). */
export class EndTag extends Token {
  constructor(name, implied) {
    super('EndTag');
    this._n = name;
    this._renamed = false;
    this.implied = implied; // no end tag in the source: the element ended with an ancestor's, or at the end
  }
  get name() { return this._n; }
  set name(name) {
    this._check('name');
    this._n = String(name);
    this._renamed = true;
  }
}

/** A chunk of text (Text). */
export class TextChunk extends Replaceable {
  constructor(text, last) {
    super('Text');
    this._text = text;
    this._last = last;
  }
  get text() { return this._text; }
  get lastInTextNode() { return this._last; }
}

/** A comment (Comment); its text is settable. */
export class Comment extends Replaceable {
  constructor(text) {
    super('Comment');
    this._text = text;
    this._changed = false;
  }
  get text() { return this._text; }
  set text(t) {
    this._check('text');
    t = String(t);
    // Text that would end the comment early (13.2.5.43-52): as lol-html, refused.
    if (t.includes('-->') || t.includes('--!>') || t.startsWith('>') || t.startsWith('->')) {
      throw new TypeError(`Comment.text: ${JSON.stringify(t)} would end the comment early (it contains '-->' or '--!>', or starts with '>' or '->')`);
    }
    this._text = t;
    this._changed = true;
  }
}

/** A DOCTYPE (Doctype): read-only. */
export class Doctype {
  constructor(name, publicId, systemId) {
    this.name = name;
    this.publicId = publicId;
    this.systemId = systemId;
    Object.freeze(this);
  }
}

/** The end of the document (DocumentEnd). */
export class DocumentEnd {
  constructor() {
    this._live = true;
    this._append = '';
  }
  append(content, options) {
    if (!this._live) throw new TypeError('DocumentEnd.append(): the document end is no longer valid; it is only valid while its handler runs');
    this._append += contentOf('DocumentEnd.append', content, options);
    return this;
  }
}
