// tokenize(): the HTML tokenizer (spec 13.2.5) on its own, as html5lib's
// tokenizer tests describe it.
import { reportErrors, statusError } from './errors.js';
import { unitsToString } from './text.js';
import { getWasm, writeInput } from './loader.js';
import { checkInput, checkOptions, isFunction, isString, oneOf } from './options.js';

const STATES = ['Data state', 'RCDATA state', 'RAWTEXT state', 'Script data state', 'PLAINTEXT state', 'CDATA section state'];
const OPTIONS = {
  initialState: oneOf(...STATES),
  lastStartTag: isString,
  onParseError: isFunction,
};

/**
 * Split an HTML string into tokens.
 * @param {string} html
 * @param {{initialState?: string, lastStartTag?: string, onParseError?: (e: {code: string, line: number, col: number, offset: number}) => void}} [options]
 */
export function tokenize(html, options) {
  checkInput('tokenize', html);
  const o = checkOptions('tokenize', options, OPTIONS);
  const w = getWasm();
  const last = o.lastStartTag ?? '';
  writeInput(w, html + last);
  const state = o.initialState ? STATES.indexOf(o.initialState) : 0;
  const status = w.h5w_tokenize(html.length, state, last.length);
  if (status !== 0) statusError('tokenize', status, html.length);

  const nw = w.h5w_out_words_len();
  const words = new Uint32Array(w.memory.buffer, w.h5w_out_words(), nw);
  const strLen = w.h5w_out_str_len();
  const str = unitsToString(new Uint16Array(w.memory.buffer, w.h5w_out_str(), strLen));
  const s = (i) => str.slice(words[i], words[i] + words[i + 1]);

  const tokens = [];
  for (let i = 0; i < nw;) {
    switch (words[i]) {
      case 0: {
        const f = words[i + 1];
        tokens.push({
          type: 'doctype',
          name: f & 1 ? s(i + 2) : null,
          publicId: f & 2 ? s(i + 4) : null,
          systemId: f & 4 ? s(i + 6) : null,
          forceQuirks: (f & 8) !== 0,
        });
        i += 8;
        break;
      }
      case 1: {
        const selfClosing = words[i + 1] === 1;
        const name = s(i + 2);
        const n = words[i + 4];
        i += 5;
        const attributes = new Array(n);
        for (let k = 0; k < n; k++, i += 4) attributes[k] = { name: s(i), value: s(i + 2) };
        tokens.push({ type: 'startTag', name, attributes, selfClosing });
        break;
      }
      case 2:
        tokens.push({ type: 'endTag', name: s(i + 1) });
        i += 3;
        break;
      case 3:
        tokens.push({ type: 'comment', data: s(i + 1) });
        i += 3;
        break;
      case 4:
        tokens.push({ type: 'character', data: s(i + 1) });
        i += 3;
        break;
      default:
        throw new Error(`html5-wasm: corrupt token stream (record type ${words[i]})`);
    }
  }
  if (o.onParseError) reportErrors(w, o.onParseError);
  return tokens;
}

