// tokenizeXml(): the XML5 tokenizer (seed 002, src/xml5/xml5_tokenizer.c)
// on its own, as xml5lib-tests' tokenizer tests describe it.
import {
  ERROR_WORDS, STATUS_OK, XTOKEN_ATTR_WORDS, XTOKEN_CDATA, XTOKEN_CHARACTER, XTOKEN_COMMENT, XTOKEN_DATA_WORDS, XTOKEN_DECL_WORDS, XTOKEN_DOCTYPE,
  XTOKEN_EMPTY_TAG, XTOKEN_END_TAG, XTOKEN_HAS_FIRST, XTOKEN_HAS_SECOND, XTOKEN_HAS_THIRD, XTOKEN_PI, XTOKEN_PI_WORDS,
  XTOKEN_SHORT_END_TAG, XTOKEN_START_TAG, XTOKEN_TAG_WORDS, XTOKEN_XML_DECLARATION,
} from '../core/abi.js';
import { reportErrors, statusError } from '../core/errors.js';
import { writeInput } from '../core/loader.js';
import { getXmlWasm } from './module.js';
import { checkInput, checkOptions, isFunction } from '../core/options.js';
import { errorRecords } from '../core/records.js';
import { unitsToString } from '../core/text.js';
import { xmlErrorNames } from './xml.js';

const OPTIONS = { onParseError: isFunction };

/**
 * Split a string into XML5 tokens: { type: 'startTag' | 'emptyTag', name,
 * attributes: [{ name, value }] }, { type: 'endTag', name },
 * { type: 'shortEndTag' } (`</>`), { type: 'comment' | 'character', data },
 * { type: 'character', data, cdata: true } (a CDATA section's data, one
 * token per section, also when empty: the draft's character tokens, marked),
 * { type: 'processingInstruction', target, data },
 * { type: 'xmlDeclaration', version, encoding, standalone },
 * { type: 'doctype', name, publicId, systemId } (null when absent).
 * Adjacent character tokens are merged (a section with none).
 * @param {string} xml
 * @param {{ onParseError?: (e: { code: string, line: number, col: number, offset: number }) => void }} [options]
 */
export function tokenizeXml(xml, options) {
  checkInput('tokenizeXml', xml);
  const o = checkOptions('tokenizeXml', options, OPTIONS);
  const w = getXmlWasm();
  writeInput(w, xml);
  const status = w.h5w_tokenize_xml(xml.length);
  if (status !== STATUS_OK) statusError('tokenizeXml', status, xml.length);
  const nw = w.h5w_out_words_len();
  const words = new Uint32Array(w.memory.buffer, w.h5w_out_words(), nw);
  const str = unitsToString(new Uint16Array(w.memory.buffer, w.h5w_out_str(), w.h5w_out_str_len()));
  const s = (i) => str.slice(words[i], words[i] + words[i + 1]);
  const tokens = [];
  let i = 0;
  const push = (token, words) => {
    tokens.push(token);
    i += words;
  };
  while (i < nw) {
    const kind = words[i];
    switch (kind) {
      case XTOKEN_START_TAG:
      case XTOKEN_EMPTY_TAG: {
        const name = s(i + 1);
        const n = words[i + 3];
        i += XTOKEN_TAG_WORDS;
        const attributes = new Array(n);
        for (let k = 0; k < n; k++, i += XTOKEN_ATTR_WORDS) attributes[k] = { name: s(i), value: s(i + 2) };
        tokens.push({ type: kind === XTOKEN_START_TAG ? 'startTag' : 'emptyTag', name, attributes });
        break;
      }
      case XTOKEN_END_TAG: push({ type: 'endTag', name: s(i + 1) }, XTOKEN_DATA_WORDS); break;
      case XTOKEN_SHORT_END_TAG: push({ type: 'shortEndTag' }, 1); break;
      case XTOKEN_COMMENT:
      case XTOKEN_CHARACTER: push({ type: kind === XTOKEN_COMMENT ? 'comment' : 'character', data: s(i + 1) }, XTOKEN_DATA_WORDS); break;
      case XTOKEN_CDATA: push({ type: 'character', data: s(i + 1), cdata: true }, XTOKEN_DATA_WORDS); break;
      case XTOKEN_PI: push({ type: 'processingInstruction', target: s(i + 1), data: s(i + 3) }, XTOKEN_PI_WORDS); break;
      case XTOKEN_XML_DECLARATION:
      case XTOKEN_DOCTYPE: {
        const f = (flag) => (words[i + 1] & flag) !== 0;
        const v = [f(XTOKEN_HAS_FIRST) ? s(i + 2) : null, f(XTOKEN_HAS_SECOND) ? s(i + 4) : null, f(XTOKEN_HAS_THIRD) ? s(i + 6) : null];
        push(kind === XTOKEN_DOCTYPE
          ? { type: 'doctype', name: v[0], publicId: v[1], systemId: v[2] }
          : { type: 'xmlDeclaration', version: v[0], encoding: v[1], standalone: v[2] }, XTOKEN_DECL_WORDS);
        break;
      }
      default:
        throw new Error(`html5-wasm: corrupt XML token stream (record type ${kind})`);
    }
  }
  if (o.onParseError) {
    const n = w.h5w_out_errors_len();
    const errors = n === 0 ? [] : errorRecords(new Uint32Array(w.memory.buffer, w.h5w_out_errors(), n), n / ERROR_WORDS, xml);
    const names = xmlErrorNames(w);
    for (const e of errors) e.code = names[e.code];
    reportErrors(o.onParseError, errors);
  }
  return tokens;
}
