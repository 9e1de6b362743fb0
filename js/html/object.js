// decode(buffer, { format: 'object' }): plain objects in exactly the shape of
// parse5's default tree adapter (same keys, same key order), so code written
// for parse5 trees (including parse5.serialize) works on them unchanged.
//
//   Document          { nodeName: '#document', mode, childNodes }
//   DocumentFragment  { nodeName: '#document-fragment', childNodes }
//   DocumentType      { nodeName: '#documentType', name, publicId, systemId, parentNode }
//   Element           { nodeName, tagName, attrs, namespaceURI, childNodes, parentNode
//                       [, content (HTML template)] [, sourceCodeLocation] [, shadowRoot] }
//   ShadowRoot        { nodeName: '#document-fragment', childNodes, mode, delegatesFocus,
//                       clonable, serializable, slotAssignment, keepCustomElementRegistryNull,
//                       host } as the host's `shadowRoot` (shadowRoots: true; a
//                       closed root too, unlike the DOM format's element.shadowRoot).
//                     parse5 has no shadow roots (parse5 issue 1469): its serializer
//                     and tools built on it (hast-util-from-parse5) do not read the
//                     key and leave the shadow tree out (parse5.serialize writes the
//                     host without it); serialize() with serializableShadowRoots or
//                     shadowRoots writes it back as a declarative <template>.
//   attribute         { name, value } or, for adjusted foreign attributes,
//                     { name, value, prefix, namespace }
//   Text              { nodeName: '#text', value, parentNode }
//   Comment           { nodeName: '#comment', data, parentNode }
//   ProcessingInstruction  { nodeName: '#comment', data: '?' + target + ' ' + data + '?',
//                       parentNode, processingInstruction: { target, data } }
//                     (the standard since 2026, whatwg/html 320c05f6).  parse5's
//                     shape has no such node, and tools built on it take a
//                     nodeName they do not know for an element (hast-util-from-parse5
//                     then throws), so a PI is a comment to them, whose data is
//                     the PI's serialization between "<" and ">": parse5.serialize
//                     writes <!--?target data?-->, as pre-2026 parsers read it.
//                     `processingInstruction` tells it from a comment (serialize()
//                     and dumpTree() write it as a PI; they also take a
//                     user-built { nodeName: '#processing-instruction', target, data }).
//                     With processingInstructions: false the parser makes the
//                     comment parse5 makes.
//
// sourceCodeLocation is present only when the buffer has locations.

import { LAYOUT, Locator, nodeLocation } from '../core/records.js';

/** Build the parse5-shaped tree from the reader `r` of decode.js. */
export function buildObject(r, options) {
  // The buffer's layout (js/core/abi.js, records.js LAYOUT) as locals: V8 checks an imported binding
  // on every read, and this loop reads them per node; locals cost nothing
  // there (measured: the object format 4-5% faster than with the imports).
  const {
    A_NAME, A_NS, A_VALUE_LEN, A_VALUE_OFF, ANS_XMLNS, ATTR_NS_PREFIX, ATTR_NS_URI, ATTR_WORDS, ELEMENT_NS_URI,
    INFO_CLONED, INFO_NS_MASK, INFO_NS_SHIFT, INFO_SHADOW_ROOT, INFO_TEMPLATE_CONTENTS, INFO_TYPE_MASK, N_ATTR_COUNT,
    N_ATTR_FIRST, N_DATA_LEN, N_DATA_OFF, N_NAME, N_PARENT, N_PUBLIC_LEN, N_PUBLIC_OFF, N_SYSTEM_LEN, NODE_WORDS, NS_HTML,
    SHADOW_CLONABLE, SHADOW_CLOSED, SHADOW_DELEGATES_FOCUS, SHADOW_KEEP_REGISTRY_NULL, SHADOW_SERIALIZABLE,
    SHADOW_SLOT_MANUAL, SOURCE_REF, TYPE_COMMENT, TYPE_DOCTYPE, TYPE_DOCUMENT, TYPE_ELEMENT, TYPE_FRAGMENT, TYPE_PI, TYPE_TEXT,
  } = LAYOUT;
  const { n, a, names, str, nodeCount, units, attrCount } = r;
  const withLoc = r.nl !== null;
  // (a string, or the chunks of a streamed parse: js/core/text.js PieceText; decode() takes only strings)
  const source = options?.source;
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
    const p = n[i * NODE_WORDS + N_PARENT];
    if (p < i && (n[i * NODE_WORDS] & (INFO_TEMPLATE_CONTENTS | INFO_SHADOW_ROOT)) === 0) left[p]++;
  }

  for (let i = 0; i < nodeCount; i++) {
    const b = i * NODE_WORDS;
    const info = n[b];
    const type = info & INFO_TYPE_MASK;
    let parent = null;
    if (i !== 0) {
      const p = n[b + N_PARENT];
      if (p >= i) r.bad(i, `parent index ${p} is not before the node`);
      while (top >= 0 && openIdx[top] !== p) top--;
      if (top < 0) r.bad(i, `parent ${p} is not an open ancestor`);
      parent = openNode[top];
    }
    let node;
    switch (type) {
      case TYPE_ELEMENT: {
        const id = n[b + N_NAME];
        if (id >= nameCount) r.bad(i, `name id ${id} out of range`);
        const name = names[id];
        const ns = (info >>> INFO_NS_SHIFT) & INFO_NS_MASK;
        const a0 = n[b + N_ATTR_FIRST];
        const an = n[b + N_ATTR_COUNT];
        if (a0 + an > attrCount) r.bad(i, 'attribute range out of bounds');
        const attrs = new Array(an);
        for (let k = 0; k < an; k++) {
          const q = (a0 + k) * ATTR_WORDS;
          const nid = a[q + A_NAME];
          if (nid >= nameCount) r.bad(i, `attribute name id ${nid} out of range`);
          const value = text(a[q + A_VALUE_OFF], a[q + A_VALUE_LEN], i, 'attribute value');
          const ans = a[q + A_NS] & 0xff;
          if (ans === 0) attrs[k] = { name: names[nid], value };
          else {
            const local = names[nid];
            attrs[k] = {
              name: local,
              value,
              prefix: ans === ANS_XMLNS && local === 'xmlns' ? '' : ATTR_NS_PREFIX[ans & 3],
              namespace: ATTR_NS_URI[ans & 3],
            };
          }
        }
        node = ns === NS_HTML && name === 'template'
          ? { nodeName: name, tagName: name, attrs, namespaceURI: ELEMENT_NS_URI[NS_HTML], childNodes: new Array(left[i]), parentNode: parent, content: null }
          : { nodeName: name, tagName: name, attrs, namespaceURI: ELEMENT_NS_URI[ns & 3], childNodes: new Array(left[i]), parentNode: parent };
        break;
      }
      case TYPE_TEXT:
      case TYPE_COMMENT:
      case TYPE_PI: {
        const data = text(n[b + N_DATA_OFF], n[b + N_DATA_LEN], i, 'data');
        if (type === TYPE_TEXT) node = { nodeName: '#text', value: data, parentNode: parent };
        else if (type === TYPE_COMMENT) node = { nodeName: '#comment', data, parentNode: parent };
        else {
          const id = n[b + N_NAME];
          if (id >= nameCount) r.bad(i, `name id ${id} out of range`);
          const target = names[id];
          node = { nodeName: '#comment', data: '?' + target + ' ' + data + '?', parentNode: parent, processingInstruction: { target, data } };
        }
        break;
      }
      case TYPE_DOCTYPE: {
        const id = n[b + N_NAME];
        if (id >= nameCount) r.bad(i, `name id ${id} out of range`);
        const po = n[b + N_PUBLIC_OFF];
        const pl = n[b + N_PUBLIC_LEN];
        const sl = n[b + N_SYSTEM_LEN];
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
      case TYPE_DOCUMENT:
        node = { nodeName: '#document', mode: r.mode, childNodes: new Array(left[i]) };
        break;
      case TYPE_FRAGMENT:
        if ((info & INFO_SHADOW_ROOT) !== 0) {
          const w = n[b + 5];
          node = {
            nodeName: '#document-fragment', childNodes: new Array(left[i]),
            mode: (w & SHADOW_CLOSED) !== 0 ? 'closed' : 'open',
            delegatesFocus: (w & SHADOW_DELEGATES_FOCUS) !== 0,
            clonable: (w & SHADOW_CLONABLE) !== 0,
            serializable: (w & SHADOW_SERIALIZABLE) !== 0,
            slotAssignment: (w & SHADOW_SLOT_MANUAL) !== 0 ? 'manual' : 'named',
            keepCustomElementRegistryNull: (w & SHADOW_KEEP_REGISTRY_NULL) !== 0,
            host: parent,
          };
        } else node = { nodeName: '#document-fragment', childNodes: new Array(left[i]) };
        break;
      default:
        r.bad(i, `unknown node type ${type}`);
    }
    if (type === TYPE_ELEMENT || type === TYPE_DOCUMENT || type === TYPE_FRAGMENT) {
      top++;
      openIdx[top] = i;
      openNode[top] = node;
    }
    if (parent !== null) {
      if (parent.childNodes === undefined) r.bad(i, 'parent cannot have children');
      if ((info & INFO_TEMPLATE_CONTENTS) !== 0) {
        parent.content = node;
        if (withLoc) node.sourceCodeLocation = null;
      } else if ((info & INFO_SHADOW_ROOT) !== 0) {
        parent.shadowRoot = node;
      } else {
        const kids = parent.childNodes;
        kids[kids.length - left[n[b + N_PARENT]]--] = node;
      }
    }
    // parse5 gives elements made by the adoption agency no location at all.
    if (withLoc && type !== TYPE_DOCUMENT && type !== TYPE_FRAGMENT && (info & INFO_CLONED) === 0) node.sourceCodeLocation = nodeLocation(r, i, loc, source);
    if (i === 0) root = node;
  }
  return root;
}
