// NamedNodeMaps kept per element, in the trees that ask for them (js/window/window.js's
// documents, and the documents made from them: their template contents' inert
// document, clones, createHTMLDocument and createDocument): DOM 4.9
// `attributes` is then the same object on every read, with the same Attr objects
// (DOMPurify compares two reads to tell a clobbered form), and it is live.
// js/dom/dom.js keeps them in `tree.maps` (a Map by node index: Element#attributes
// makes one on first use); this module keeps them in step with the tree,
// through js/dom/dom.js's state hooks (called after every attribute change, and
// for every element copied or moved to another tree).  Not for parse()'s own
// documents: keeping them costs a parse and full walk 8% more time
// (docs/dom.md, "Keeping reads fast").
import { stateHooks } from '../dom/dom.js';

/** From now on tree t (and its inert template document) keeps its elements' NamedNodeMaps. */
export function keepAttributes(t) {
  if (t.maps === null) t.maps = new Map();
  if (t._inert !== null && t._inert !== t) keepAttributes(t._inert);
}

let installed = false;
/** Chain this module's state hooks after js/dom/'s (explicitly, once: createWindow() calls it, after installDom()). */
export function installAttributeMaps() {
  if (installed) return;
  installed = true;
  // After attribute (local, uri) of element i of tree t changed: old null, added; value null, removed.
  const attribute = stateHooks.attribute;
  stateHooks.attribute = (t, i, local, uri, old, value) => {
    if (attribute !== null) attribute(t, i, local, uri, old, value);
    const m = t.maps?.get(i);
    if (m === undefined) return;
    if (old === null) {
      m.push(t.node(i)._attr(t.attrFirst(i) + t.attrCount(i) - 1)); // (appended last)
      return;
    }
    const k = m.findIndex((a) => a.localName === local && a.namespaceURI === uri);
    if (k < 0) t.maps.delete(i); // (never: made again at the next read)
    else if (value === null) m.splice(k, 1)[0].ownerElement = null; // DOM "remove an attribute": its element becomes null
    else m[k]._v = value;
  };
  // Element s of tree src copied to element i of tree t, moved (adopted): its map goes along.
  const copied = stateHooks.copied;
  stateHooks.copied = (src, s, t, i, moved) => {
    if (copied !== null) copied(src, s, t, i, moved);
    const m = moved ? src.maps?.get(s) : undefined;
    if (m === undefined) return;
    src.maps.delete(s);
    t.maps?.set(i, m);
  };
}
