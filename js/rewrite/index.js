// HTMLRewriter (issue 33): Cloudflare Workers' streaming HTML rewriter API,
// outside Workers too, on html5-wasm's tokenizer.
//
//   new HTMLRewriter()
//     .on(selector, { element, comments, text })
//     .onDocument({ doctype, comments, text, end })
//     .transform(input)
//
// transform(Response) -> Response (its body streams; Content-Type's charset
// decides the encoding, as in workerd), transform(ReadableStream) ->
// ReadableStream, transform(string) -> Promise<string>, transform(bytes)
// -> Promise<Uint8Array>.  docs/rewriter.md has the details and what
// differs from workerd.
import { encodingOfLabel, getRewriteWasm } from './module.js';
import { describe } from '../core/options.js';
import { asBytes } from '../core/text.js';
import { encodingFor } from './encoding.js';
import { Engine } from './engine.js';
import { compileRewriteSelector } from './selector.js';

export { Comment, Doctype, DocumentEnd, Element, EndTag, TextChunk } from './content.js';

const ELEMENT_KEYS = ['element', 'comments', 'text'];
const DOCUMENT_KEYS = ['doctype', 'comments', 'text', 'end'];

/** The handlers object of on()/onDocument(): only `keys`, each a function. */
function checkHandlers(fn, handlers, keys) {
  if (handlers === null || typeof handlers !== 'object') {
    throw new TypeError(`HTMLRewriter.${fn}: handlers must be an object with ${keys.join(', ')} functions; got ${describe(handlers)}`);
  }
  const out = {};
  for (const k of keys) {
    const h = handlers[k];
    if (h === undefined) continue;
    if (typeof h !== 'function') throw new TypeError(`HTMLRewriter.${fn}: handlers.${k} must be a function; got ${describe(h)}`);
    out[k] = h.bind(handlers);
  }
  return out;
}

/** The encoding of a Content-Type (its charset parameter), UTF-8 without one (as workerd). */
function charsetOf(contentType) {
  if (typeof contentType !== 'string') return 1;
  const m = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  if (m === null) return 1;
  const label = (m[1] ?? m[2]).trim();
  const id = encodingOfLabel(getRewriteWasm(), label);
  return id === 0 ? 1 : id;
}

export class HTMLRewriter {
  #rules = [];
  #doc = { doctype: [], comments: [], text: [], end: [] };

  /** Handlers for the elements `selector` matches (and the comments and text inside them). */
  on(selector, handlers) {
    const compiled = compileRewriteSelector(selector);
    const h = checkHandlers('on(selector, handlers)', handlers, ELEMENT_KEYS);
    this.#rules.push({ selector: compiled, source: selector, index: this.#rules.length, ...h });
    return this;
  }

  /** Handlers for the whole document: its doctype, every comment and text chunk, its end. */
  onDocument(handlers) {
    const h = checkHandlers('onDocument(handlers)', handlers, DOCUMENT_KEYS);
    for (const k of DOCUMENT_KEYS) if (h[k]) this.#doc[k].push(h[k]);
    return this;
  }

  /**
   * Rewrites `input`: a Response (gives a Response), a ReadableStream of
   * bytes (gives a ReadableStream), a string (a Promise of the string) or
   * bytes (a Promise of a Uint8Array).  Each call rewrites with the handlers
   * added so far; handlers added later apply to later calls only.
   */
  transform(input) {
    const rules = this.#rules.slice();
    const doc = { doctype: [...this.#doc.doctype], comments: [...this.#doc.comments], text: [...this.#doc.text], end: [...this.#doc.end] };
    if (typeof input === 'string') return rewriteWhole(rules, doc, 1, new TextEncoder().encode(input), true);
    const bytes = input !== null && typeof input === 'object' && !isStream(input) && !isResponse(input) ? asBytes(input, 'HTMLRewriter.transform(input): the input') : null;
    if (bytes !== null) return rewriteWhole(rules, doc, 1, bytes);
    if (isResponse(input)) {
      const id = charsetOf(input.headers.get('content-type'));
      const enc = encodingFor('HTMLRewriter.transform(response)', id);
      if (input.body === null) return new Response(null, { status: input.status, statusText: input.statusText, headers: input.headers });
      const headers = new Headers(input.headers);
      headers.delete('content-length'); // the rewritten body has another length
      return new Response(rewriteStream(rules, doc, enc, input.body), { status: input.status, statusText: input.statusText, headers });
    }
    if (isStream(input)) return rewriteStream(rules, doc, encodingFor('HTMLRewriter.transform(stream)', 1), input);
    throw new TypeError(`HTMLRewriter.transform(input): input must be a Response, a ReadableStream, a string or bytes; got ${describe(input)}`);
  }
}

const isStream = (v) => v !== null && typeof v === 'object' && typeof v.getReader === 'function';
const isResponse = (v) => typeof Response === 'function' && v instanceof Response;

/** Rewrites all of `bytes` at once: a Promise of the output bytes, or (`asString`) of their UTF-8 text. */
async function rewriteWhole(rules, doc, id, bytes, asString = false) {
  const enc = encodingFor('HTMLRewriter.transform()', id);
  let result = null;
  const engine = new Engine(rules, doc, enc, null);
  // The output in one piece at the end: bytes of its own, or decoded from a buffer of the engine's.
  engine.whole = (view) => {
    result = asString ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(view) : view;
  };
  engine.wholeDecoded = asString;
  try {
    await engine.write(bytes);
    await engine.end();
  } finally {
    engine.free();
  }
  return result ?? (asString ? '' : new Uint8Array(0));
}

/** The chunk as bytes: a Uint8Array, another view or an ArrayBuffer; else a TypeError. */
function chunkBytes(chunk) {
  if (chunk instanceof Uint8Array) return chunk;
  const b = chunk !== null && typeof chunk === 'object' ? asBytes(chunk, 'HTMLRewriter: a chunk of the input') : null;
  if (b === null) throw new TypeError(`HTMLRewriter: the input stream must give bytes (Uint8Array, ArrayBuffer); got a chunk ${describe(chunk)}`);
  return b;
}

/** A ReadableStream of the rewritten bytes of `source` (a ReadableStream of bytes), pulled as it is read. */
function rewriteStream(rules, doc, enc, source) {
  let reader = null;
  let engine = null;
  let ended = false;
  let gave = false;
  const stop = () => {
    engine?.free();
    engine = null;
  };
  return new ReadableStream({
    start(controller) {
      reader = source.getReader();
      engine = new Engine(rules, doc, enc, (b) => {
        gave = true;
        controller.enqueue(b);
      });
    },
    async pull(controller) {
      try {
        // Read until some output came (or the end): a pull that enqueues nothing is not called again.
        gave = false;
        while (!gave && !ended) {
          const { done, value } = await reader.read();
          if (engine === null) return; // cancelled meanwhile
          if (done) {
            ended = true;
            await engine.end();
            stop();
            controller.close();
            return;
          }
          await engine.write(chunkBytes(value));
        }
      } catch (e) {
        stop();
        reader.cancel(e).catch(() => {});
        controller.error(e);
      }
    },
    cancel(reason) {
      stop();
      return reader?.cancel(reason);
    },
  }, { highWaterMark: 0 });
}
