// Types of the streaming API (js/stream/stream.js): createParser, parseStream,
// createTokenizer, tokenizeStream.  Re-exported by index.d.ts.
import type * as Dom from '../dom/dom.js';
import type * as Obj from '../html/object.js';
import type { BytesOptions, FragmentContext, ParseOptions, Token, TokenizeOptions, UrlOption } from '../index.js';

/** A chunk: a string, or bytes.  One input takes strings or bytes, not both. */
export type StreamChunk = string | Uint8Array | ArrayBuffer | ArrayBufferView;

// The platform's stream and signal types where a lib declares them (the DOM
// lib, @types/node), so that `body.pipeTo(parser.writable)` type-checks; a
// minimal shape where none does, so that these types need neither.
type Global<K extends string, Else> = typeof globalThis extends { [P in K]: { prototype: infer T } } ? T : Else;
/** A WHATWG ReadableStream (structurally: anything with getReader()). */
export type ReadableStreamLike = Global<'ReadableStream', { getReader(): object }>;
/** A WHATWG WritableStream. */
export type WritableStreamLike = Global<'WritableStream', { getWriter(): object; readonly locked: boolean }>;
/** An AbortSignal. */
export type AbortSignalLike = Global<'AbortSignal', { readonly aborted: boolean; readonly reason?: unknown }>;

/**
 * Where chunks come from: a WHATWG ReadableStream (`fetch().body`, `Blob.stream()`),
 * a Node Readable, or any async or sync iterable of chunks.
 */
export type ChunkSource = ReadableStreamLike | AsyncIterable<StreamChunk> | Iterable<StreamChunk>;

/** What end() gives: parse()'s tree, or parseToBuffer()'s / parseToView()'s buffer. */
export type StreamOutput = 'tree' | 'buffer' | 'view';

export interface StreamParseOptions extends ParseOptions, BytesOptions, UrlOption {
  /** 'tree' (default): what parse() returns; 'buffer': parseToBuffer()'s ArrayBuffer; 'view': parseToView()'s borrowed Uint8Array. */
  output?: StreamOutput;
  /** 'tree' only: 'dom' (default) or 'object'. */
  format?: 'dom' | 'object';
  /** 'buffer' and 'view' only: write the parse errors into the buffer. */
  includeErrors?: boolean;
  /** Parse a fragment (13.4; string chunks only): end() returns what parseFragment() returns (parseToBuffer() with fragment: true for 'buffer'/'view'). */
  fragment?: boolean;
  /** With fragment: true, the context element (default <template>, as parseFragment()). */
  context?: FragmentContext;
}

type Result<O> = O extends { output: 'buffer' }
  ? ArrayBuffer
  : O extends { output: 'view' }
    ? Uint8Array
    : O extends { fragment: true }
      ? O extends { format: 'object' }
        ? Obj.DocumentFragment
        : Dom.DocumentFragment
      : O extends { format: 'object' }
        ? Obj.Document
        : Dom.Document;

export interface StreamParser<R> {
  /** Feed a chunk; it may end anywhere (inside a tag, a character reference, a CR LF pair, a surrogate pair, a UTF-8 sequence). */
  write(chunk: StreamChunk): void;
  /** The end of the input: what parse(whole, options) returns (or the buffer, with output 'buffer'/'view'). */
  end(): R;
  /** Give up: the session is freed; `result` rejects with `reason`. */
  abort(reason?: unknown): void;
  /** A WritableStream for pipeTo(): closing it calls end(), aborting it abort(). */
  readonly writable: WritableStreamLike;
  /** Settles when end() returns (with its result) or the parser is aborted or fails. */
  readonly result: Promise<R>;
}

/** A parser fed in chunks; end() returns what parse() returns for the whole input and the same options. */
export declare function createParser<O extends StreamParseOptions = {}>(options?: O): StreamParser<Result<O>>;

export interface ParseStreamOptions extends StreamParseOptions {
  /** Aborting it cancels the source and rejects with its reason. */
  signal?: AbortSignalLike;
}

/** Parse a stream; an error of the stream, or an abort, rejects with its cause and leaves the module usable. */
export declare function parseStream<O extends ParseStreamOptions = {}>(source: ChunkSource, options?: O): Promise<Result<O>>;

export interface StreamTokenizeOptions extends TokenizeOptions {
  /** Called with each token as it completes (adjacent characters merged). */
  onToken?: (token: Token) => void;
  /** The encoding of byte chunks (an Encoding Standard label; default UTF-8). */
  encoding?: string;
}

export interface StreamTokenizer {
  /** Feed a chunk; returns the tokens it completed. */
  write(chunk: StreamChunk): Token[];
  /** The end of the input: the remaining tokens. */
  end(): Token[];
}

/** A tokenizer fed in chunks; the tokens of all calls joined equal tokenize() of the whole input. */
export declare function createTokenizer(options?: StreamTokenizeOptions): StreamTokenizer;

/** The tokens of a stream as they complete; memory is bounded by the largest token and chunk. */
export declare function tokenizeStream(
  source: ChunkSource,
  options?: StreamTokenizeOptions & { signal?: AbortSignalLike },
): AsyncIterableIterator<Token>;
