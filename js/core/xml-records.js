// The XML section of a flat buffer (docs/format.md, "XML documents"),
// written by src/xml5/xml5_flatbuf.c: the namespace URI and prefix
// ("qualifier") of every element (and of every attribute, which its record
// holds in word 1 bits 8-31), and the XML declaration.  Checked whole when
// read: a corrupt section is a RangeError.
import {
  A_NS, ATTR_WORDS, H_ATTRS_OFF, H_TOTAL_BYTES, H_XML_OFF, HEADER_BYTES, NONE, X_A_Q_SHIFT, X_DECL_FLAGS, X_ENCODING_OFF,
  X_HEADER_WORDS, X_Q_NS_OFF, X_Q_PREFIX_OFF, X_Q_WORDS, X_QUALIFIER_COUNT, X_STANDALONE_OFF, X_STRING_UNITS, X_STRINGS_OFF,
  X_VERSION_OFF, XD_HAS_ENCODING, XD_HAS_STANDALONE, XD_HAS_VERSION, XD_PRESENT, XD_WIDE_QUALIFIERS,
} from './abi.js';
import { unitsToString } from './text.js';

/**
 * @param {Uint32Array} u32 the whole buffer as words
 * @param {Uint32Array} h header words
 * @returns {{ nq: Uint16Array|Uint32Array, aq: Uint32Array, ns: (string|null)[], prefix: (string|null)[],
 *   declaration: { version: string|null, encoding: string|null, standalone: string|null } | null }}
 *   nq/aq: the qualifier of each node / attribute (copies)
 */
export function readXmlSection(u32, h, nodeCount, attrCount, fn = 'decode') {
  const bad = (what) => new RangeError(`${fn}: corrupt buffer: XML section: ${what}`);
  const total = h[H_TOTAL_BYTES];
  const off = h[H_XML_OFF];
  if (off % 4 !== 0 || off < HEADER_BYTES || off + X_HEADER_WORDS * 4 > total) throw bad(`offset ${off} does not fit in ${total} bytes`);
  const x = off >>> 2;
  const qcount = u32[x + X_QUALIFIER_COUNT];
  const d = u32[x + X_DECL_FLAGS];
  const wide = (d & XD_WIDE_QUALIFIERS) !== 0;
  const nodeWords = wide ? nodeCount : (nodeCount + 1) >>> 1;
  const words = X_HEADER_WORDS + nodeWords + qcount * X_Q_WORDS;
  if (off + words * 4 > total) throw bad(`${qcount} qualifiers do not fit in ${total} bytes`);
  const soff = u32[x + X_STRINGS_OFF];
  const units = u32[x + X_STRING_UNITS];
  if (soff % 2 !== 0 || soff < off + words * 4 || soff + units * 2 > total) throw bad('its strings do not fit in the buffer');
  const str = unitsToString(new Uint16Array(u32.buffer, u32.byteOffset + soff, units));
  const string = (w) => {
    const o = u32[w], len = u32[w + 1];
    if (o === NONE) return null;
    if (o + len > units) throw bad(`string (${o}, ${len}) is out of its ${units} units`);
    return str.slice(o, o + len);
  };
  const nq = wide ? u32.slice(x + X_HEADER_WORDS, x + X_HEADER_WORDS + nodeCount)
    : new Uint16Array(u32.buffer, u32.byteOffset + (x + X_HEADER_WORDS) * 4, nodeCount).slice();
  for (const q of nq) if (q >= qcount) throw bad(`a node has qualifier ${q} of ${qcount}`);
  // The attribute records (checked before this by the caller) hold theirs.
  const aq = new Uint32Array(attrCount);
  for (let k = 0, w = (h[H_ATTRS_OFF] >>> 2) + A_NS; k < attrCount; k++, w += ATTR_WORDS) {
    const q = u32[w] >>> X_A_Q_SHIFT;
    if (q >= qcount) throw bad(`an attribute has qualifier ${q} of ${qcount}`);
    aq[k] = q;
  }
  const ns = new Array(qcount), prefix = new Array(qcount);
  for (let i = 0, w = x + X_HEADER_WORDS + nodeWords; i < qcount; i++, w += X_Q_WORDS) {
    ns[i] = string(w + X_Q_NS_OFF);
    prefix[i] = string(w + X_Q_PREFIX_OFF);
    if (prefix[i] !== null && ns[i] === null) throw bad(`qualifier ${i} has a prefix and no namespace`);
  }
  const declaration = (d & XD_PRESENT) === 0 ? null : {
    version: (d & XD_HAS_VERSION) !== 0 ? string(x + X_VERSION_OFF) : null,
    encoding: (d & XD_HAS_ENCODING) !== 0 ? string(x + X_ENCODING_OFF) : null,
    standalone: (d & XD_HAS_STANDALONE) !== 0 ? string(x + X_STANDALONE_OFF) : null,
  };
  return { nq, aq, ns, prefix, declaration };
}
