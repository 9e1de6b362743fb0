// decode(buffer, { format: 'object' }): plain objects in exactly the shape of
// parse5's default tree adapter (same keys, same key order), so code written
// for parse5 trees (including parse5.serialize) works on them unchanged.
//
//   Document          { nodeName: '#document', mode, childNodes }
//   DocumentFragment  { nodeName: '#document-fragment', childNodes }
//   DocumentType      { nodeName: '#documentType', name, publicId, systemId, parentNode }
//   Element           { nodeName, tagName, attrs, namespaceURI, childNodes, parentNode
//                       [, content (HTML template)] [, sourceCodeLocation] }
//   attribute         { name, value } or, for adjusted foreign attributes,
//                     { name, value, prefix, namespace }
//   Text              { nodeName: '#text', value, parentNode }
//   Comment           { nodeName: '#comment', data, parentNode }
//   (XML5 only) PI    { nodeName: '#processing-instruction', target, data, parentNode }
//
// sourceCodeLocation is present only when the buffer has locations.

export const NONE = 0xffffffff;
/** A string offset at or above this is an offset into the source (header flag SOURCE_REFS). */
export const SOURCE_REF = 0x80000000;

const ELEMENT_NS_URI = ['http://www.w3.org/1999/xhtml', 'http://www.w3.org/2000/svg', 'http://www.w3.org/1998/Math/MathML', null];
const ATTR_NS_URI = [null, 'http://www.w3.org/1999/xlink', 'http://www.w3.org/XML/1998/namespace', 'http://www.w3.org/2000/xmlns/'];
const ATTR_PREFIX = [null, 'xlink', 'xml', 'xmlns'];
const TEMPLATE_CONTENTS = 1 << 18; // node flag bit 2, in word 0
const CLONED = 1 << 21; // node flag bit 5
const IMPLICIT = 1 << 17; // node flag bit 1

/**
 * Maps UTF-16 offsets to 1-based line and column (lines end at LF, CRLF or
 * a lone CR, as parse5 counts them).  Without the source only offsets are
 * reported.
 */
export class Locator {
  constructor(source) {
    this.hasLines = typeof source === 'string';
    this.starts = null;
    this.hint = 0;
    this.line = 0;
    this.col = 0;
    if (this.hasLines) {
      const starts = [0];
      let i = source.indexOf('\n');
      while (i >= 0) {
        starts.push(i + 1);
        i = source.indexOf('\n', i + 1);
      }
      if (source.indexOf('\r') >= 0) {
        for (let j = source.indexOf('\r'); j >= 0; j = source.indexOf('\r', j + 1)) {
          if (source.charCodeAt(j + 1) !== 10) starts.push(j + 1);
        }
        starts.sort((a, b) => a - b);
      }
      this.starts = starts;
    }
  }
  // Sets this.line / this.col for `offset`.
  at(offset) {
    const s = this.starts;
    let h = this.hint;
    if (!(s[h] <= offset && (h + 1 === s.length || offset < s[h + 1]))) {
      let lo = 0;
      let hi = s.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (s[mid] <= offset) lo = mid;
        else hi = mid - 1;
      }
      h = this.hint = lo;
    }
    this.line = h + 1;
    this.col = offset - s[h] + 1;
  }
  /** { startLine, startCol, startOffset, endLine, endCol, endOffset } */
  span(start, end) {
    if (!this.hasLines) return { startOffset: start, endOffset: end };
    this.at(start);
    const sl = this.line;
    const sc = this.col;
    this.at(end);
    return { startLine: sl, startCol: sc, startOffset: start, endLine: this.line, endCol: this.col, endOffset: end };
  }
}

/**
 * parse5-style location of node `i`, or null when the node has no source
 * position.  `r` has the record arrays n, a, nl, al and names (the reader
 * of decode.js or a dom.js Tree).
 */
export function nodeLocation(r, i, loc, source) {
  const n = r.n;
  const nl = r.nl;
  const lb = i << 2;
  const start = nl[lb];
  // Elements the parser implied (no start tag) have none, as in parse5.
  if (start === NONE || (r.n[i << 3] & IMPLICIT) !== 0) return null;
  let end = nl[lb + 3];
  const b = i << 3;
  const type = n[b] & 0xff;
  if (type !== 1) return loc.span(start, end === NONE ? start : end);
  const stEnd = nl[lb + 1];
  const etStart = nl[lb + 2];
  if (end === NONE) end = stEnd === NONE ? start : stEnd;
  const l = loc.span(start, end);
  const cnt = n[b + 6];
  if (cnt !== 0) {
    const ns = (n[b] >>> 8) & 0xff;
    const a0 = n[b + 5];
    const al = r.al;
    const a = r.a;
    let attrs = null;
    for (let k = a0; k < a0 + cnt; k++) {
      const q = k << 2;
      const nameStart = al[q];
      if (nameStart === NONE || nameStart < start || (stEnd !== NONE && nameStart >= stEnd)) continue;
      let aEnd = al[q + 1];
      const vs = al[q + 2];
      const ve = al[q + 3];
      if (vs !== NONE && ve !== NONE && vs > aEnd) {
        aEnd = ve;
        // The value's span is inside the quotes; parse5 ends the attribute after the closing quote.
        if (source !== undefined) {
          const quote = source.charCodeAt(vs - 1);
          if ((quote === 0x22 || quote === 0x27) && source.charCodeAt(ve) === quote) aEnd = ve + 1;
        }
      }
      const ans = a[q + 1] & 0xff;
      let key = r.names[a[q]];
      if (ans !== 0 && !(ans === 3 && key === 'xmlns')) key = ATTR_PREFIX[ans] + ':' + key;
      // parse5 keys attribute locations by the name as tokenized (lowercase).
      if (ns !== 0) key = key.toLowerCase();
      if (attrs === null) attrs = Object.create(null);
      attrs[key] = loc.span(nameStart, aEnd);
    }
    if (attrs !== null) l.attrs = attrs;
  }
  const st = loc.span(start, stEnd === NONE ? end : stEnd);
  if (l.attrs !== undefined) st.attrs = l.attrs;
  l.startTag = st;
  if (etStart !== NONE) l.endTag = loc.span(etStart, end);
  return l;
}

/** Build the parse5-shaped tree from the reader `r` of decode.js. */
export function buildObject(r, options) {
  const { n, a, names, str, nodeCount, units, attrCount } = r;
  const withLoc = r.nl !== null;
  const source = options && typeof options.source === 'string' ? options.source : undefined;
  // With SOURCE_REFS, data and attribute values found verbatim in the input
  // are offsets into `source` (+ SOURCE_REF): sliced from it, not decoded.
  // (decode.js lets such a buffer through only with its source.)
  const refs = r.sourceRefs;
  const srcLen = refs ? source.length : 0;
  // The string at (off, len) of node i: from the source or the string section.
  const text = (off, len, i, what) => {
    if (len === 0) return '';
    if (refs && off >= SOURCE_REF) {
      const o = off - SOURCE_REF;
      if (o + len > srcLen) r.bad(i, `${what} out of the source`);
      return source.slice(o, o + len);
    }
    if (off + len > units) r.bad(i, `${what} out of bounds`);
    return str.slice(off, off + len);
  };
  const loc = withLoc ? new Locator(source) : null;
  // The open ancestors of the current node (records are in pre-order): a
  // parent is found on this stack, so no array of all nodes is kept (each
  // young node stored into such an array costs the GC a remembered slot).
  const openIdx = [];
  const openNode = [];
  let top = -1;
  let root = null;
  const nameCount = names.length;
  // Children per node, so that each childNodes array is made at its final
  // length (growing arrays by push over-allocates, which the GC then copies).
  const left = new Uint32Array(nodeCount);
  for (let i = 1; i < nodeCount; i++) {
    const p = n[(i << 3) + 1];
    if (p < i && (n[i << 3] & TEMPLATE_CONTENTS) === 0) left[p]++;
  }

  for (let i = 0; i < nodeCount; i++) {
    const b = i << 3;
    const info = n[b];
    const type = info & 0xff;
    let parent = null;
    if (i !== 0) {
      const p = n[b + 1];
      if (p >= i) r.bad(i, `parent index ${p} is not before the node`);
      while (top >= 0 && openIdx[top] !== p) top--;
      if (top < 0) r.bad(i, `parent ${p} is not an open ancestor`);
      parent = openNode[top];
    }
    let node;
    switch (type) {
      case 1: {
        const id = n[b + 4];
        if (id >= nameCount) r.bad(i, `name id ${id} out of range`);
        const name = names[id];
        const ns = (info >>> 8) & 0xff;
        const a0 = n[b + 5];
        const an = n[b + 6];
        if (a0 + an > attrCount) r.bad(i, 'attribute range out of bounds');
        const attrs = new Array(an);
        for (let k = 0; k < an; k++) {
          const q = (a0 + k) << 2;
          const nid = a[q];
          if (nid >= nameCount) r.bad(i, `attribute name id ${nid} out of range`);
          const value = text(a[q + 2], a[q + 3], i, 'attribute value');
          const ans = a[q + 1] & 0xff;
          if (ans === 0) attrs[k] = { name: names[nid], value };
          else {
            const local = names[nid];
            attrs[k] = {
              name: local,
              value,
              prefix: ans === 3 && local === 'xmlns' ? '' : ATTR_PREFIX[ans & 3],
              namespace: ATTR_NS_URI[ans & 3],
            };
          }
        }
        node = ns === 0 && name === 'template'
          ? { nodeName: name, tagName: name, attrs, namespaceURI: ELEMENT_NS_URI[0], childNodes: new Array(left[i]), parentNode: parent, content: null }
          : { nodeName: name, tagName: name, attrs, namespaceURI: ELEMENT_NS_URI[ns & 3], childNodes: new Array(left[i]), parentNode: parent };
        break;
      }
      case 3:
      case 8:
      case 7: {
        const data = text(n[b + 5], n[b + 6], i, 'data');
        if (type === 3) node = { nodeName: '#text', value: data, parentNode: parent };
        else if (type === 8) node = { nodeName: '#comment', data, parentNode: parent };
        else {
          const id = n[b + 4];
          if (id >= nameCount) r.bad(i, `name id ${id} out of range`);
          node = { nodeName: '#processing-instruction', target: names[id], data, parentNode: parent };
        }
        break;
      }
      case 10: {
        const id = n[b + 4];
        if (id >= nameCount) r.bad(i, `name id ${id} out of range`);
        const po = n[b + 5];
        const pl = n[b + 6];
        const sl = n[b + 7];
        if (po + pl + sl > units) r.bad(i, 'doctype identifier out of bounds');
        node = {
          nodeName: '#documentType',
          name: names[id],
          publicId: str.slice(po, po + pl),
          systemId: str.slice(po + pl, po + pl + sl),
          parentNode: parent,
        };
        break;
      }
      case 9:
        node = { nodeName: '#document', mode: r.mode, childNodes: new Array(left[i]) };
        break;
      case 11:
        node = { nodeName: '#document-fragment', childNodes: new Array(left[i]) };
        break;
      default:
        r.bad(i, `unknown node type ${type}`);
    }
    if (type === 1 || type === 9 || type === 11) {
      top++;
      openIdx[top] = i;
      openNode[top] = node;
    }
    if (parent !== null) {
      if (parent.childNodes === undefined) r.bad(i, 'parent cannot have children');
      if ((info & TEMPLATE_CONTENTS) !== 0) {
        parent.content = node;
        if (withLoc) node.sourceCodeLocation = null;
      } else {
        const kids = parent.childNodes;
        kids[kids.length - left[n[b + 1]]--] = node;
      }
    }
    // parse5 gives elements made by the adoption agency no location at all.
    if (withLoc && type !== 9 && type !== 11 && (info & CLONED) === 0) node.sourceCodeLocation = nodeLocation(r, i, loc, source);
    if (i === 0) root = node;
  }
  return root;
}
