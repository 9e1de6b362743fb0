// Grafts (docs/dom.md, "From buffer-backed to mutable"): a subtree of one
// tree made of the records of another, with no copy.  setHTML's sanitizer
// (js/sanitize/sanitize.js) lists what survives of the fragment parser's
// tree and grafts it into the element's tree: the nodes get their indexes
// at once and their records (js/dom/dom.js Rec) when first read.
import {
  ANS_NONE, ELEMENT_NS_URI, INFO_NS_MASK, INFO_NS_SHIFT, INFO_TYPE_MASK, N_NAME, NODE_WORDS, NONE, TYPE_COMMENT, TYPE_DOCTYPE,
  TYPE_ELEMENT, TYPE_PI, TYPE_TEXT,
} from '../core/abi.js';
import { AttrRec, Rec, setGraftReader } from '../dom/dom.js';

/**
 * A detached subtree of a Tree made from the records of another, unchanged
 * tree (graft()): node k of the graft is node base + k of the tree.  Its
 * Recs are made on first access (Overlay#get), from the source's records
 * and `g`, GRAFT_WORDS words per node: the source record, then parent,
 * prev, next, first, last (graft indexes, NONE for none), the template
 * contents of an element / the host of template contents, and the kept
 * attributes (source attribute records) at attrs[start .. start + count).
 * `texts`: the data of Text nodes that are several source nodes joined
 * (graft index → string), or null.  A node's Rec, once made, is the node:
 * changes go to it, and the graft's words for it are not read again.
 */
export const GRAFT_WORDS = 9;
export const G_SRC = 0, G_PARENT = 1, G_PREV = 2, G_NEXT = 3, G_FIRST = 4, G_LAST = 5, G_LINK = 6, G_ATTRS = 7, G_NATTRS = 8;
class Graft {
  constructor(t, src, base, len, g, attrs, texts, gone) {
    Object.assign(this, { t, src, base, len, g, attrs, texts });
    this.done = new Uint8Array(len); // 1: its Rec was made (and may since have gone: Overlay#delete)
    this.left = len - gone; // nodes whose Rec may still be asked for and was not made (`gone`: nodes no link reaches)
    this.names = new Int32Array(src.names.length).fill(-1); // source name id → the tree's
  }
  rec(k) {
    const { src, g, base } = this;
    const at = (v) => (v === NONE ? NONE : v + base);
    const b = k * GRAFT_WORDS;
    const s = g[b + G_SRC];
    const w = src.n[s * NODE_WORDS];
    const type = w & INFO_TYPE_MASK;
    let name = 0;
    if (type === TYPE_ELEMENT || type === TYPE_PI || type === TYPE_DOCTYPE) {
      const id = src.n[s * NODE_WORDS + N_NAME];
      name = this.names[id];
      if (name < 0) name = this.names[id] = this.t.intern(src.names[id]);
    }
    const ns = type === TYPE_ELEMENT ? (w >>> INFO_NS_SHIFT) & INFO_NS_MASK : 0;
    const r = new Rec(type, ns, name);
    r.parent = at(g[b + G_PARENT]);
    r.prev = at(g[b + G_PREV]);
    r.next = at(g[b + G_NEXT]);
    r.first = at(g[b + G_FIRST]);
    r.last = at(g[b + G_LAST]);
    if (type === TYPE_ELEMENT) {
      r.contents = at(g[b + G_LINK]);
      r.uri = ELEMENT_NS_URI[ns];
      const first = g[b + G_ATTRS];
      const l = new Array(g[b + G_NATTRS]);
      let is = null;
      for (let m = 0; m < l.length; m++) {
        const a = this.attrs[first + m];
        const x = l[m] = new AttrRec(src.attrName(a), src.attrNs(a), src.attrURI(a), src.attrPrefix(a), src.attrValue(a));
        if (x.ns === ANS_NONE && x.local === 'is') is = x.value;
      }
      r.attrs = l;
      this.t.storeIs(r, is);
    } else if (type === TYPE_TEXT || type === TYPE_COMMENT || type === TYPE_PI) {
      const joined = this.texts === null ? undefined : this.texts.get(k);
      r.data = joined !== undefined ? joined : src.data(s);
      if (type === TYPE_TEXT) r.cdata = src.isCdata(s);
    } else if (type === TYPE_DOCTYPE) {
      r.pub = src.publicId(s);
      r.sys = src.systemId(s);
    } else r.host = at(g[b + G_LINK]);
    return r;
  }
}
/** Overlay o's Rec of node i when i is a graft's node whose Rec was never made: made now (Overlay#get). */
function graftRec(o, i) {
  const gs = o.grafts;
  let lo = 0, hi = gs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (gs[mid].base <= i) lo = mid;
    else hi = mid - 1;
  }
  const gr = gs[lo];
  const k = i - gr.base;
  if (k < 0 || k >= gr.len || gr.done[k] !== 0) return undefined;
  gr.done[k] = 1;
  const r = gr.rec(k);
  o.made[i - o.count] = r;
  o.live++;
  // Every node has its Rec: the graft, and the source tree it holds, can go.
  if (--gr.left === 0) gs.splice(lo, 1);
  return r;
}

/**
 * A new detached subtree of tree t made of `len` nodes of tree `src`
 * (unchanged since it was decoded) as `g` and `attrs` list them (Graft),
 * `gone` of which no link reaches: its root's index.  No node of it has a
 * Rec until it is read.
 */
export function graft(t, src, g, len, attrs, texts, gone = 0) {
  if (src.ov !== null) throw new Error('graft: the source tree has changed');
  setGraftReader(graftRec);
  const o = t.ov === null ? t._overlay() : t.ov;
  const base = t.top;
  t.top += len;
  // Room for its Recs, by half again at least (holes read as undefined; the array stays in fast elements).
  const need = t.top - t.count;
  if (o.made.length < need) o.made.length = Math.max(need, o.made.length + (o.made.length >>> 1));
  if (o.grafts === null) o.grafts = [];
  o.grafts.push(new Graft(t, src, base, len, g, attrs, texts, gone));
  t.version++;
  return base;
}
