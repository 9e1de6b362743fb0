// Streaming (issue 20): parse and tokenize a document as it arrives, in
// chunks that may end anywhere (inside a tag, an attribute value, a
// character reference, a CR LF pair, a surrogate pair, a UTF-8 sequence).
//
//   createParser(options)        → { write(chunk), end(), abort(reason), writable, result }
//   parseStream(source, options) → Promise of what parse() returns
//   createTokenizer(options)     → { write(chunk) → tokens, end() → tokens }
//   tokenizeStream(source, options) → async iterator of tokens
//
// The wasm module keeps one session per parser (wasm/exports.c, h5w_stream_*):
// its own parser or tokenizer, chunk buffer and error list, so sessions and
// the one-shot calls (parse(), tokenize()…) run side by side.  A tokenizer
// session copies each chunk into its buffer and keeps nothing of it once
// fed.  A parse writes each chunk into the parser's own store
// (src/tree/parser.h, h5_parser_input), and the tree borrows its strings
// from the chunks there as parse()'s tree borrows them from its input: the
// module keeps the blocks of input the tree borrows from instead of copies
// of its strings (a block it borrows nothing from is reused, so input that
// adds nothing to the tree is not kept).  For output 'tree' the buffer then
// refers to the input (SOURCE_REFS) and the tree's strings are slices of
// the chunks written (kept here until end(), as a PieceText), as parse()'s
// are slices of its input string: nothing is decoded from the module.
//
// Bytes are sniffed as 13.2.3.2 says, with its waiting rule: the first
// 1024 bytes (or all there are, at the end) are buffered before the prescan
// runs; then decoded incrementally.  While the confidence is tentative the
// bytes are kept: a <meta> that declares another encoding starts the parse
// again from them (13.2.3.4).
import { ERROR_WORDS, E_CODE, E_OFFSET, PARSE_CONFIDENCE_SHIFT, PARSE_ENCODING_SHIFT, SNIFF_PRESCAN_BYTES, STATE_NAMES, STATUS_OK, TOKENIZE_PROCESSING_INSTRUCTIONS } from '../core/abi.js';
import { CERTAIN, TENTATIVE, UTF_8, createDecoder, detectUtf8, encodingOptions, sniffPrefix } from '../html/bytes.js';
import { decodeOwn } from '../dom/decode.js';
import { errorNames, reportErrors, statusError } from '../core/errors.js';
import { getWasm, withModuleLocked, writeInput } from '../core/loader.js';
import { describe, checkOptions, isBoolean, isFunction, isString, oneOf } from '../core/options.js';
import { PARSE_OPTIONS } from '../dom/parse.js';
import { checkContext, parseArgs } from '../html/parse.js';
import { Locator } from '../core/records.js';
import { PieceText, asBytes, concatBytes, copyToNewBuffer, writeUnits } from '../core/text.js';
import { TOKENIZE_OPTIONS, readTokens } from '../html/tokenize.js';

const PARSER_OPTIONS = {
  ...PARSE_OPTIONS, output: oneOf('tree', 'buffer', 'view'), includeErrors: isBoolean, fragment: isBoolean, context: checkContext,
};
const isSignal = (v) =>
  v !== null && typeof v === 'object' && typeof v.aborted === 'boolean' && typeof v.addEventListener === 'function'
    ? null
    : 'must be an AbortSignal';
const TOKENIZER_OPTIONS = { ...TOKENIZE_OPTIONS, onToken: isFunction, encoding: isString };
// Chunks shorter than this are kept joined to the one before (StreamParser.keep).
const SMALL_PIECE = 8192;

// A session the program dropped without end() or abort() is freed when its
// parser is collected.
const sessions = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({ w, s }) => w.h5w_stream_free(s))
  : null;

/**
 * One session of the wasm module (h5w_stream_*).  It keeps the instance it
 * was made in: releaseMemory() starts a fresh one for later calls, and this
 * one lives on until the session ends.
 */
class Session {
  constructor(fn, w, s, owner) {
    if (s === 0) throw new RangeError(`${fn}(): out of memory: the parser could not start a session`);
    this.fn = fn;
    this.w = w;
    this.s = s;
    this.fed = 0;
    sessions?.register(owner, { w, s }, this);
  }

  /** Feed `text` (any length, may end anywhere). */
  feed(text) {
    getWasm(); // refused while a parseToView() result is being reported
    const w = this.w;
    const n = text.length;
    const ptr = w.h5w_stream_input(this.s, n);
    if (ptr === 0) throw new RangeError(`${this.fn}(): out of memory: a chunk of ${n} UTF-16 code units does not fit the parser's memory`);
    writeUnits(w.memory.buffer, ptr, text);
    const status = w.h5w_stream_feed(this.s, n);
    this.fed += n;
    if (status !== STATUS_OK) statusError(this.fn, status, this.fed);
  }

  finish() {
    getWasm();
    const status = this.w.h5w_stream_finish(this.s);
    if (status !== STATUS_OK) statusError(this.fn, status, this.fed);
  }

  /** The session's parse errors, copied out: [{ code, offset, line?, col? }]. */
  errors(loc) {
    const w = this.w;
    const n = w.h5w_stream_errors_len(this.s);
    if (n === 0) return [];
    const u32 = new Uint32Array(w.memory.buffer, w.h5w_stream_errors(this.s), n);
    const names = errorNames(w);
    const out = new Array(n / ERROR_WORDS);
    for (let i = 0; i < out.length; i++) {
      const offset = u32[i * ERROR_WORDS + E_OFFSET];
      loc.at(offset);
      out[i] = { code: names[u32[i * ERROR_WORDS + E_CODE]], offset, line: loc.line, col: loc.col };
    }
    return out;
  }

  free() {
    if (this.s === 0) return;
    sessions?.unregister(this);
    this.w.h5w_stream_free(this.s);
    this.s = 0;
  }
}

/**
 * Where lines start in a text that arrives in chunks (for the line and
 * column of parse errors), as Locator (js/core/records.js) counts them: after
 * LF, CR LF and a lone CR; a CR at the end of a chunk waits for the next.
 */
class LineIndex {
  constructor() {
    this.starts = [0];
    this.base = 0;
    this.cr = -1;
  }
  add(text) {
    if (text.length === 0) return;
    const b = this.base;
    if (this.cr >= 0) {
      if (text.charCodeAt(0) !== 10) this.starts.push(this.cr + 1);
      this.cr = -1;
    }
    const re = /\r\n?|\n/g;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (m[0] === '\r' && m.index === text.length - 1) this.cr = b + m.index;
      else this.starts.push(b + m.index + m[0].length);
    }
    this.base += text.length;
  }
  /** A Locator over the lines so far (the end of the input: a CR left waiting ends a line). */
  locator() {
    if (this.cr >= 0) {
      this.starts.push(this.cr + 1);
      this.cr = -1;
    }
    const loc = new Locator(undefined);
    loc.hasLines = true;
    loc.starts = this.starts;
    return loc;
  }
}

/** The bytes of a chunk, or null for a string; anything else is a TypeError. */
function chunkBytes(fn, chunk) {
  if (typeof chunk === 'string') return null;
  const bytes = asBytes(chunk, `${fn}(chunk): the chunk`);
  if (bytes === null) {
    throw new TypeError(`${fn}(chunk): a chunk must be a string or bytes (Uint8Array, ArrayBuffer); got ${describe(chunk)}`);
  }
  return bytes;
}

/** Checks that one parse takes strings or bytes, not both; returns the kind of `bytes`. */
function chunkKind(fn, mode, bytes) {
  const kind = bytes === null ? 'string' : 'bytes';
  if (mode !== null && mode !== kind) {
    throw new TypeError(`${fn}(chunk): this input is ${mode === 'string' ? 'strings' : 'bytes'}, and a chunk of ${kind === 'string' ? 'a string' : 'bytes'} cannot follow: strings and bytes do not mix in one input`);
  }
  return kind;
}

/**
 * Byte input of a streamed parse: the waiting rule, the sniffing, the
 * incremental decoding and, while the confidence is tentative, the bytes
 * kept to decode again.  Gives text to `parser.text(…)`.
 */
class ByteInput {
  constructor(parser) {
    this.p = parser;
    this.head = [];      // bytes before the encoding is known (copies)
    this.headLen = 0;
    this.decided = false;
    this.waitAll = false; // the UTF-8 detection needs every byte
    this.decoder = null;
    this.kept = null;     // bytes while the confidence is tentative (copies)
    this.keptLen = 0;
  }

  write(bytes) {
    if (!this.decided || this.waitAll) {
      this.head.push(bytes.slice());
      this.headLen += bytes.length;
      // 13.2.3.2: wait for the prescan's 1024 bytes (or the end).
      if (!this.decided && this.headLen >= SNIFF_PRESCAN_BYTES) this.decide(false);
      return;
    }
    this.push(bytes);
  }

  /** The encoding sniffing algorithm over the head; atEnd: there is no more. */
  decide(atEnd) {
    const p = this.p;
    const all = concatBytes(this.head, this.headLen);
    if (!this.decided) {
      this.decided = true;
      this.sniffed = sniffPrefix(getWasm(), all, p.transport, p.fallback);
      // The UTF-8 detection reads the whole document: wait for the end.
      if (this.sniffed.undecided && p.o.detectUtf8 !== false && !atEnd) {
        this.waitAll = true;
        return;
      }
    }
    this.waitAll = false;
    this.head = [];
    this.headLen = 0;
    const s = this.sniffed;
    if (s.undecided && p.o.detectUtf8 !== false) {
      const text = detectUtf8(all);
      if (text !== null) {
        this.start(UTF_8, s.confidence, false);
        this.p.text(text);
        this.check(all);
        return;
      }
    }
    this.start(s.id, s.confidence, true);
    this.push(all, true);
  }

  start(id, confidence, decode) {
    this.decoder = decode ? createDecoder(this.p.fn, id) : null;
    this.kept = confidence === TENTATIVE ? [] : null;
    this.keptLen = 0;
    this.p.begin(id, confidence);
    this.id = id;
  }

  /** Decode and feed `bytes` (own: a copy of ours, else the caller's chunk). */
  push(bytes, own = false) {
    if (bytes.length === 0) return;
    // Kept bytes are copied first: the caller's may be a view of the module's memory, which feeding reuses.
    const mine = this.kept !== null && !own ? bytes.slice() : bytes;
    this.p.text(this.decoder.decode(mine));
    this.check(mine);
  }

  /** After the text of `bytes` (ours) was fed: keep them while tentative, start again on a change (13.2.3.4). */
  check(bytes) {
    if (this.kept === null) return;
    this.kept.push(bytes);
    this.keptLen += bytes.length;
    const session = this.p.session;
    const change = session.w.h5w_stream_encoding_change(session.s);
    if (change !== 0) {
      const all = concatBytes(this.kept, this.keptLen);
      this.p.restart();
      this.start(change, CERTAIN, true);
      this.push(all, true);
    } else if (session.w.h5w_stream_tentative(session.s) === 0) {
      this.kept = null; // a <meta> confirmed the encoding: nothing can change it now
    }
  }

  end() {
    if (!this.decided || this.waitAll) this.decide(true);
    if (this.decoder !== null) {
      const rest = this.decoder.end();
      if (rest.length !== 0) this.p.text(rest);
    }
  }
}

/**
 * A parser fed in chunks (createParser()).  Strings or bytes, not both;
 * end() returns what parse() (output 'tree'), parseToBuffer() ('buffer')
 * or parseToView() ('view') returns for the chunks joined.
 */
class StreamParser {
  constructor(fn, o) {
    if (o.output !== undefined && o.output !== 'tree' && o.format !== undefined) {
      throw new TypeError(`${fn}(): option 'format' applies to output 'tree'; got output ${JSON.stringify(o.output)}`);
    }
    if (o.includeErrors !== undefined && (o.output ?? 'tree') === 'tree') {
      throw new TypeError(`${fn}(): option 'includeErrors' applies to output 'buffer' or 'view'`);
    }
    if (o.context !== undefined && o.fragment !== true) {
      throw new TypeError(`${fn}(): option 'context' needs fragment: true`);
    }
    if (o.fragment === true && (o.encoding !== undefined || o.defaultEncoding !== undefined || o.detectUtf8 !== undefined)) {
      throw new TypeError(`${fn}(): options 'encoding', 'defaultEncoding' and 'detectUtf8' apply to byte input; a fragment is parsed from strings (13.4 has no encoding)`);
    }
    this.fn = fn;
    this.o = o;
    // Output 'tree': the tree's strings are slices of the chunks (SOURCE_REFS).
    this.refs = (o.output ?? 'tree') === 'tree';
    this.args = parseArgs(fn, o, o.fragment === true, this.refs);
    this.mode = null;     // 'string' | 'bytes'
    this.state = 'open';  // 'open' | 'ended' | 'aborted' | 'failed'
    this.session = null;
    this.bytes = null;
    this.keepText = (o.sourceLocations ?? o.sourceCodeLocationInfo) === true;
    // The text written, for output 'tree' (the tree slices its strings from it) and
    // with sourceLocations (lines, columns and attribute quotes come from it).
    this.keepPieces = this.keepText || this.refs;
    this.pieces = [];
    this.lines = null;    // where lines start, for onParseError without it
    const w = getWasm();
    [this.transport, this.fallback] = encodingOptions(fn, w, o);
    this.outcome = null;
    this.deferred = null;
    this.writableStream = null;
  }

  /** Starts the session (encoding id and confidence: 0 for strings). */
  begin(encoding, confidence) {
    const w = getWasm();
    const { ctxName, ctxNs } = this.args;
    const flags = this.args.flags | (encoding << PARSE_ENCODING_SHIFT) | (confidence << PARSE_CONFIDENCE_SHIFT);
    if (ctxName) writeInput(w, ctxName); // a fragment's context element (13.4)
    this.session = new Session(this.fn, w, w.h5w_stream_begin(flags, ctxName.length, ctxNs), this);
    this.lines = this.args.report && !this.keepText ? new LineIndex() : null;
    this.pieces = [];
  }

  /** The decoded text, in order. */
  text(t) {
    if (this.keepPieces) this.keep(t);
    if (!this.keepText) this.lines?.add(t);
    this.session.feed(t);
  }

  /** Keeps the text `t`: short pieces are joined (bounding their number when chunks are tiny). */
  keep(t) {
    if (t.length === 0) return;
    const pieces = this.pieces;
    const last = pieces.length - 1;
    if (t.length < SMALL_PIECE && last >= 0 && pieces[last].length < SMALL_PIECE) pieces[last] += t;
    else pieces.push(t);
  }

  /**
   * The text written: one string, or a PieceText over the pieces kept (no
   * copy) of which only those the tree's strings lie in stay (the spans of
   * input the module kept, h5w_stream_words after the finish).
   */
  source(session) {
    const pieces = this.pieces;
    if (this.keepText || pieces.length <= 1) return pieces.length === 1 ? pieces[0] : pieces.join('');
    const text = PieceText.of(pieces);
    const { w, s } = session;
    const n = w.h5w_stream_words_len(s);
    if (n !== 0) text.keepOnly(new Uint32Array(w.memory.buffer, w.h5w_stream_words(s), n));
    return text;
  }

  /** Drops the session, for a new one (13.2.3.4, the encoding changed). */
  restart() {
    this.session.free();
    this.session = null;
  }

  checkOpen(what) {
    if (this.state === 'open') return;
    const why = { ended: 'after end()', aborted: 'after abort()', failed: 'after an earlier call failed' }[this.state];
    throw new Error(`${this.fn}: ${what} called ${why}; create a new parser`);
  }

  /** Run `f`; on an exception the parser fails and frees its session. */
  guarded(f) {
    try {
      return f();
    } catch (e) {
      this.fail(e);
      throw e;
    }
  }

  fail(e) {
    if (this.state === 'open') this.state = 'failed';
    this.session?.free();
    this.session = null;
    this.settle(false, e);
  }

  write(chunk) {
    this.checkOpen('write()');
    const bytes = chunkBytes(this.fn, chunk);
    const kind = chunkKind(this.fn, this.mode, bytes);
    if (kind === 'bytes' && this.o.fragment === true) {
      throw new TypeError(`${this.fn}(chunk): a fragment is parsed from strings, not bytes (13.4 has no encoding)`);
    }
    if (kind === 'string' && (this.o.encoding !== undefined || this.o.defaultEncoding !== undefined || this.o.detectUtf8 !== undefined)) {
      throw new TypeError(`${this.fn}(): options 'encoding', 'defaultEncoding' and 'detectUtf8' apply to byte input; the input is strings`);
    }
    this.guarded(() => {
      if (this.mode === null) {
        this.mode = kind;
        if (kind === 'string') this.begin(0, 0);
        else this.bytes = new ByteInput(this);
      }
      if (kind === 'string') this.text(chunk);
      else this.bytes.write(bytes);
    });
  }

  end() {
    this.checkOpen('end()');
    let out;
    let errors = null;
    this.guarded(() => {
      if (this.mode === null) {
        this.mode = 'string';
        this.begin(0, 0);
      }
      if (this.bytes !== null) this.bytes.end();
      this.state = 'ended';
      const session = this.session;
      session.finish();
      const source = this.keepPieces ? this.source(session) : undefined;
      this.pieces = [];
      if (this.args.report) errors = session.errors(this.keepText ? new Locator(source) : this.lines.locator());
      const w = session.w;
      const view = new Uint8Array(w.memory.buffer, w.h5w_out_buf(), w.h5w_out_buf_len());
      const output = this.o.output ?? 'tree';
      out = output === 'tree' ? decodeOwn(view, this.o.format ?? 'dom', { source, url: this.o.url }) : output === 'buffer' ? copyToNewBuffer(view) : view;
      session.free();
      this.session = null;
    });
    if (errors !== null) {
      if (this.o.output === 'view') withModuleLocked(this.fn, () => reportErrors(this.o.onParseError, errors));
      else reportErrors(this.o.onParseError, errors);
    }
    this.settle(true, out);
    return out;
  }

  abort(reason) {
    if (this.state !== 'open') return;
    this.state = 'aborted';
    this.fail(reason === undefined ? new Error(`${this.fn}: aborted`) : reason);
  }

  settle(ok, value) {
    if (this.outcome !== null) return;
    this.outcome = { ok, value };
    if (this.deferred !== null) (ok ? this.deferred.resolve : this.deferred.reject)(value);
  }

  get result() {
    if (this.deferred === null) {
      let resolve, reject;
      const promise = new Promise((a, b) => { resolve = a; reject = b; });
      this.deferred = { promise, resolve, reject };
      if (this.outcome !== null) (this.outcome.ok ? resolve : reject)(this.outcome.value);
    }
    return this.deferred.promise;
  }

  get writable() {
    if (this.writableStream === null) {
      if (typeof WritableStream !== 'function') throw new Error(`${this.fn}: writable needs the WHATWG WritableStream (this platform has none)`);
      this.writableStream = new WritableStream({
        write: (chunk) => this.write(chunk),
        close: () => { this.end(); },
        abort: (reason) => this.abort(reason),
      });
    }
    return this.writableStream;
  }
}

/**
 * The parser object handed out: only the documented members.  Its methods
 * are the class's, not closures over the StreamParser made per parser:
 * with closures, each tree that end() returned (kept in `outcome` for
 * `result`) survived V8's young-generation collections until a full one
 * (the corpus in 64 KB chunks, then walked: 4.8 times the bytes promoted,
 * twice the time of parse()); with the class, as few as parse()'s.
 */
class Parser {
  #p;
  constructor(p) {
    this.#p = p;
    Object.freeze(this);
  }
  write(chunk) { this.#p.write(chunk); }
  end() { return this.#p.end(); }
  abort(reason) { this.#p.abort(reason); }
  get writable() { return this.#p.writable; }
  get result() { return this.#p.result; }
}

/**
 * A parser fed in chunks: write(chunk) any number of times (strings, or
 * bytes: not both), then end() returns what parse() returns for the whole
 * input and the same options (output 'buffer'/'view': what parseToBuffer()
 * / parseToView() return).
 */
export function createParser(options) {
  const o = checkOptions('createParser', options, PARSER_OPTIONS);
  return new Parser(new StreamParser('createParser', o));
}

// ---- sources: WHATWG ReadableStream, Node Readable, (async) iterables ------

/** { next(): Promise<{ done, value }>, cancel(reason) } over `source`. */
function chunksOf(fn, source) {
  if (source !== null && typeof source === 'object' && typeof source.getReader === 'function') {
    const reader = source.getReader();
    return { next: () => reader.read(), cancel: (reason) => reader.cancel(reason).catch(() => {}) };
  }
  const asyncIt = source?.[Symbol.asyncIterator];
  const syncIt = typeof source === 'string' || ArrayBuffer.isView(source) ? undefined : source?.[Symbol.iterator];
  const make = typeof asyncIt === 'function' ? asyncIt : typeof syncIt === 'function' ? syncIt : null;
  if (make === null) {
    throw new TypeError(`${fn}(source): source must be a ReadableStream, a Node Readable or an (async) iterable of chunks; got ${describe(source)}`);
  }
  const it = make.call(source);
  return {
    next: async () => it.next(),
    cancel: async (reason) => {
      try {
        await it.return?.(reason);
      } catch {
        // the source's own clean-up failed: the first error is the one reported
      }
    },
  };
}

/** Reads every chunk of `source` into `sink(chunk)`; an abort of `signal` cancels the source. */
async function pump(fn, source, signal, sink) {
  const chunks = chunksOf(fn, source);
  if (signal?.aborted) {
    await chunks.cancel(signal.reason);
    throw signal.reason;
  }
  let onAbort = null;
  const aborted = signal
    ? new Promise((_, reject) => {
        onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
      })
    : null;
  aborted?.catch(() => {});
  try {
    for (;;) {
      const step = aborted ? await Promise.race([chunks.next(), aborted]) : await chunks.next();
      if (step.done) return;
      await sink(step.value);
    }
  } catch (e) {
    await chunks.cancel(e);
    throw e;
  } finally {
    if (onAbort !== null) signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Parse a stream: a WHATWG ReadableStream (fetch().body, Blob.stream()), a
 * Node Readable or any (async) iterable of chunks.  Resolves to what parse()
 * returns (or parseToBuffer()/parseToView() with output 'buffer'/'view');
 * an error of the stream, or an abort of `signal`, rejects with its cause
 * (the stream is cancelled) and leaves the module usable.
 */
export async function parseStream(source, options) {
  const o = checkOptions('parseStream', options, { ...PARSER_OPTIONS, signal: isSignal });
  const signal = o.signal;
  delete o.signal;
  const p = new StreamParser('parseStream', o);
  try {
    await pump('parseStream', source, signal, (chunk) => p.write(chunk));
  } catch (e) {
    p.abort(e);
    throw e;
  }
  return p.end();
}

// ---- the tokenizer --------------------------------------------------------

/** A tokenizer fed in chunks (createTokenizer()). */
class StreamTokenizer {
  constructor(fn, o) {
    this.fn = fn;
    this.o = o;
    const w = getWasm();
    const last = o.lastStartTag ?? '';
    writeInput(w, last);
    const state = o.initialState ? STATE_NAMES.indexOf(o.initialState) : 0;
    const flags = (o.processingInstructions ?? true) ? TOKENIZE_PROCESSING_INSTRUCTIONS : 0;
    this.session = new Session(fn, w, w.h5w_tokens_begin(state, flags, last.length), this);
    this.mode = null;
    this.decoder = null;
    this.state = 'open';
    this.pending = null;  // the last character token, which the next chunk may continue
    this.lines = o.onParseError ? new LineIndex() : null;
    this.delivering = false;
  }

  checkOpen(what) {
    if (this.delivering) throw new Error(`${this.fn}: ${what} called from onToken or onParseError; call it after they return`);
    if (this.state === 'open') return;
    throw new Error(`${this.fn}: ${what} called ${this.state === 'ended' ? 'after end()' : 'after an earlier call failed'}; create a new tokenizer`);
  }

  feed(text) {
    this.lines?.add(text);
    this.session.feed(text);
  }

  write(chunk) {
    this.checkOpen('write()');
    const bytes = chunkBytes(this.fn, chunk);
    const kind = chunkKind(this.fn, this.mode, bytes);
    return this.guarded(() => {
      if (this.mode === null) {
        this.mode = kind;
        if (kind === 'bytes') this.decoder = createDecoder(this.fn, this.encodingId());
      }
      this.feed(kind === 'string' ? chunk : this.decoder.decode(bytes));
      return this.take(false);
    });
  }

  end() {
    this.checkOpen('end()');
    return this.guarded(() => {
      if (this.decoder !== null) {
        const rest = this.decoder.end();
        if (rest.length !== 0) {
          this.feed(rest);
          const before = this.take(false);
          this.state = 'ended';
          this.session.finish();
          return before.concat(this.take(true));
        }
      }
      this.state = 'ended';
      this.session.finish();
      return this.take(true);
    });
  }

  encodingId() {
    const label = this.o.encoding ?? 'utf-8';
    const w = getWasm();
    writeInput(w, label);
    const id = w.h5w_get_encoding(label.length);
    if (id === 0) throw new RangeError(`${this.fn}(): option 'encoding' is not an encoding label of the Encoding Standard; got ${describe(label)}`);
    return id;
  }

  guarded(f) {
    try {
      return f();
    } catch (e) {
      if (this.state === 'open') this.state = 'failed';
      this.session.free();
      throw e;
    }
  }

  /** The tokens the last feed completed (characters merged across chunks), delivered. */
  take(final) {
    const { w, s } = this.session;
    const tokens = readTokens(w.memory.buffer, w.h5w_stream_words(s), w.h5w_stream_words_len(s), w.h5w_stream_str(s), w.h5w_stream_str_len(s));
    const errors = this.lines !== null ? this.session.errors(final ? this.lines.locator() : this.linesSoFar()) : null;
    if (final) this.session.free();
    const out = [];
    for (const t of tokens) {
      if (this.pending !== null) {
        if (t.type === 'character') {
          this.pending.data += t.data;
          continue;
        }
        out.push(this.pending);
        this.pending = null;
      }
      if (t.type === 'character') this.pending = t;
      else out.push(t);
    }
    if (final && this.pending !== null) {
      out.push(this.pending);
      this.pending = null;
    }
    this.delivering = true;
    try {
      if (this.o.onToken) for (const t of out) this.o.onToken(t);
      if (errors !== null && errors.length !== 0) reportErrors(this.o.onParseError, errors);
    } finally {
      this.delivering = false;
    }
    return out;
  }

  /** A Locator over the lines so far, without ending a waiting CR's line. */
  linesSoFar() {
    const loc = new Locator(undefined);
    loc.hasLines = true;
    loc.starts = this.lines.starts;
    return loc;
  }
}

/**
 * A tokenizer fed in chunks: write(chunk) returns the tokens that chunk
 * completed (adjacent characters merged, across chunks too), end() the
 * rest; `onToken` hears of each as it is returned.  Strings, or bytes
 * decoded as `encoding` (default UTF-8).  The tokens of all the calls
 * joined equal tokenize() of the whole input.
 */
export function createTokenizer(options) {
  const o = checkOptions('createTokenizer', options, TOKENIZER_OPTIONS);
  const t = new StreamTokenizer('createTokenizer', o);
  return Object.freeze({
    write: (chunk) => t.write(chunk),
    end: () => t.end(),
  });
}

/**
 * The tokens of a stream (as parseStream() takes), as an async iterator:
 * `for await (const token of tokenizeStream(response.body)) …`.  Memory is
 * bounded by the largest token and the largest chunk.
 */
export async function* tokenizeStream(source, options) {
  const o = checkOptions('tokenizeStream', options, { ...TOKENIZER_OPTIONS, signal: isSignal });
  const signal = o.signal;
  delete o.signal;
  const t = new StreamTokenizer('tokenizeStream', o);
  const chunks = chunksOf('tokenizeStream', source);
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const step = await chunks.next();
      if (signal?.aborted) throw signal.reason;
      if (step.done) break;
      yield* t.write(step.value);
    }
    yield* t.end();
  } catch (e) {
    if (t.state === 'open') {
      t.state = 'failed';
      t.session.free();
    }
    await chunks.cancel(e);
    throw e;
  } finally {
    // The consumer stopped early (break, return): release the session and the source.
    if (t.state === 'open') {
      t.state = 'failed';
      t.session.free();
      await chunks.cancel(undefined);
    }
  }
}
