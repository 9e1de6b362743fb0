// tokenize(): the HTML tokenizer (spec 13.2.5) on its own, as html5lib's
// tokenizer tests describe it.
import {
  STATE_NAMES, STATUS_OK, TOKEN_ATTR_WORDS, TOKEN_CHARACTER, TOKEN_COMMENT, TOKEN_DATA_WORDS, TOKEN_DOCTYPE,
  TOKEN_DOCTYPE_WORDS, TOKEN_END_TAG, TOKEN_FORCE_QUIRKS, TOKEN_HAS_NAME, TOKEN_HAS_PUBLIC_ID, TOKEN_HAS_SYSTEM_ID,
  TOKEN_PI_WORDS, TOKEN_PROCESSING_INSTRUCTION, TOKEN_SELF_CLOSING, TOKEN_START_TAG, TOKEN_START_TAG_WORDS,
  TOKENIZE_PROCESSING_INSTRUCTIONS,
} from '../core/abi.js';
import { copyErrors, reportErrors, statusError } from '../core/errors.js';
import { unitsToString } from '../core/text.js';
import { getWasm, writeInput } from '../core/loader.js';
import { checkInput, checkOptions, isBoolean, isFunction, isString, oneOf } from '../core/options.js';

export const TOKENIZE_OPTIONS = {
  initialState: oneOf(...STATE_NAMES),
  lastStartTag: isString,
  processingInstructions: isBoolean,
  onParseError: isFunction,
};

/**
 * Split an HTML string into tokens.
 * @param {string} html
 * @param {{initialState?: string, lastStartTag?: string, processingInstructions?: boolean, onParseError?: (e: {code: string, line: number, col: number, offset: number}) => void}} [options]
 *   processingInstructions: default true, `<?target data>` is a
 *   processingInstruction token (the standard since 2026); false: the bogus
 *   comment of earlier tokenizers (and of html5lib-tests' tokenizer tests)
 */
export function tokenize(html, options) {
  return tokenizeIn(getWasm(), html, options);
}

/** tokenize() in module `w`: html5.wasm, or rewrite.wasm (js/rewrite/, which has the tokenizer too). */
export function tokenizeIn(w, html, options) {
  checkInput('tokenize', html);
  const o = checkOptions('tokenize', options, TOKENIZE_OPTIONS);
  const last = o.lastStartTag ?? '';
  writeInput(w, html + last);
  const state = o.initialState ? STATE_NAMES.indexOf(o.initialState) : 0;
  const flags = (o.processingInstructions ?? true) ? TOKENIZE_PROCESSING_INSTRUCTIONS : 0;
  const status = w.h5w_tokenize(html.length, state, last.length, flags);
  if (status !== STATUS_OK) statusError('tokenize', status, html.length);

  const nw = w.h5w_out_words_len();
  const tokens = readTokens(w.memory.buffer, w.h5w_out_words(), nw, w.h5w_out_str(), w.h5w_out_str_len());
  if (o.onParseError) reportErrors(o.onParseError, copyErrors(w, html));
  return tokens;
}


/**
 * The tokens of `nw` token records (abi.js TOKEN_*) at byte offset `wordsPtr`
 * of `memory`, whose strings are the `strLen` code units at `strPtr`.
 */
export function readTokens(memory, wordsPtr, nw, strPtr, strLen) {
  const words = new Uint32Array(memory, wordsPtr, nw);
  const str = unitsToString(new Uint16Array(memory, strPtr, strLen));
  const s = (i) => str.slice(words[i], words[i] + words[i + 1]);

  const tokens = [];
  for (let i = 0; i < nw;) {
    switch (words[i]) {
      case TOKEN_DOCTYPE: {
        const f = words[i + 1];
        tokens.push({
          type: 'doctype',
          name: f & TOKEN_HAS_NAME ? s(i + 2) : null,
          publicId: f & TOKEN_HAS_PUBLIC_ID ? s(i + 4) : null,
          systemId: f & TOKEN_HAS_SYSTEM_ID ? s(i + 6) : null,
          forceQuirks: (f & TOKEN_FORCE_QUIRKS) !== 0,
        });
        i += TOKEN_DOCTYPE_WORDS;
        break;
      }
      case TOKEN_START_TAG: {
        const selfClosing = (words[i + 1] & TOKEN_SELF_CLOSING) !== 0;
        const name = s(i + 2);
        const n = words[i + 4];
        i += TOKEN_START_TAG_WORDS;
        const attributes = new Array(n);
        for (let k = 0; k < n; k++, i += TOKEN_ATTR_WORDS) attributes[k] = { name: s(i), value: s(i + 2) };
        tokens.push({ type: 'startTag', name, attributes, selfClosing });
        break;
      }
      case TOKEN_END_TAG:
        tokens.push({ type: 'endTag', name: s(i + 1) });
        i += TOKEN_DATA_WORDS;
        break;
      case TOKEN_COMMENT:
      case TOKEN_CHARACTER:
        tokens.push({ type: words[i] === TOKEN_COMMENT ? 'comment' : 'character', data: s(i + 1) });
        i += TOKEN_DATA_WORDS;
        break;
      case TOKEN_PROCESSING_INSTRUCTION:
        tokens.push({ type: 'processingInstruction', target: s(i + 1), data: s(i + 3) });
        i += TOKEN_PI_WORDS;
        break;
      default:
        throw new Error(`html5-wasm: corrupt token stream (record type ${words[i]})`);
    }
  }
  return tokens;
}
