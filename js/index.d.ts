// Types of the html5-wasm public API (js/index.js, js/node.js, js/index.cjs).
import type * as Dom from './dom.js';
import type * as Obj from './object.js';

export type { DecodeOptions, BufferHeader, BufferError } from './decode.js';
export { decode } from './decode.js';
export { serialize, serializeBuffer, serializeOuter } from './serialize.js';
export type * as DomTypes from './dom.js';
export type * as ObjectTypes from './object.js';

/** Where to load html5.wasm from; nothing = next to the package via import.meta.url. */
export type WasmSource = string | URL | Response | ArrayBuffer | ArrayBufferView | WebAssembly.Module;

/** Load the module; idempotent (safe to call many times). Optional in Node. */
export declare function init(source?: WasmSource): Promise<void>;
/** Synchronous init from the bytes of html5.wasm or a compiled module. */
export declare function initSync(source: ArrayBuffer | ArrayBufferView | WebAssembly.Module): void;
export declare function isReady(): boolean;
/** Bytes of the module's linear memory (it grows to fit the largest input so far and never shrinks by itself). */
export declare function memoryUsage(): { wasm: number };
/** Give the module's grown memory back: a fresh instance of the compiled module (trees already decoded are unaffected). */
export declare function releaseMemory(): void;

export interface ParseError {
  /** The spec's error code (tokenizer) or ours (tree construction; docs/errors.md). */
  code: string;
  /** 1-based line and column. */
  line: number;
  col: number;
  /** UTF-16 code-unit offset in the input (what String.prototype.slice uses). */
  offset: number;
}

export type TokenizerState =
  | 'Data state' | 'RCDATA state' | 'RAWTEXT state' | 'Script data state' | 'PLAINTEXT state' | 'CDATA section state';

export type Token =
  | { type: 'doctype'; name: string | null; publicId: string | null; systemId: string | null; forceQuirks: boolean }
  | { type: 'startTag'; name: string; attributes: { name: string; value: string }[]; selfClosing: boolean }
  | { type: 'endTag'; name: string }
  | { type: 'comment'; data: string }
  | { type: 'character'; data: string }
  | { type: 'processingInstruction'; target: string; data: string };

export interface TokenizeOptions {
  initialState?: TokenizerState;
  lastStartTag?: string;
  /** `<?target data>` is a processingInstruction token (default true, the standard since 2026); false: a bogus comment, as before. */
  processingInstructions?: boolean;
  onParseError?: (error: ParseError) => void;
}
export declare function tokenize(html: string, options?: TokenizeOptions): Token[];

export interface ParseOptions {
  /** The scripting flag (default true, as browsers and parse5): <noscript> content is raw text. */
  scriptingEnabled?: boolean;
  /** `<?target data>` is a ProcessingInstruction node (default true, the standard since 2026);
   * false: the bogus comment of parse5 and earlier browsers. */
  processingInstructions?: boolean;
  /** Source locations on every node (parse5's sourceCodeLocation shape). Default false. */
  sourceLocations?: boolean;
  /** parse5's name for sourceLocations. */
  sourceCodeLocationInfo?: boolean;
  onParseError?: (error: ParseError) => void;
}

export type FragmentContext = string | { localName: string; namespaceURI?: string | null };

/**
 * A document as bytes, decoded as browsers decode pages (spec 13.2.3):
 * BOM, `encoding`, a <meta> in the first 1024 bytes, UTF-8 detection,
 * `defaultEncoding`; a later <meta> that declares another encoding makes
 * the parser decode and parse again.
 */
export type Bytes = Uint8Array | ArrayBuffer | ArrayBufferView;

export interface BytesOptions {
  /** The transport layer's encoding (a Content-Type charset) or the user's choice: any
   * Encoding Standard label; an unknown one is ignored.  Ignored when a BOM is present. */
  encoding?: string;
  /** The encoding when nothing else decides (default 'windows-1252'). */
  defaultEncoding?: string;
  /** Read undeclared bytes that are valid UTF-8 (and not all ASCII) as UTF-8 (default true). */
  detectUtf8?: boolean;
}

export declare function parse(html: string, options?: ParseOptions & { format?: 'dom' }): Dom.Document;
export declare function parse(html: string, options: ParseOptions & { format: 'object' }): Obj.Document;
export declare function parse(bytes: Bytes, options?: ParseOptions & BytesOptions & { format?: 'dom' }): Dom.Document;
export declare function parse(bytes: Bytes, options: ParseOptions & BytesOptions & { format: 'object' }): Obj.Document;

/** The encoding sniffing algorithm (spec 13.2.3.2) alone. */
export declare function sniffEncoding(
  bytes: Bytes,
  options?: BytesOptions,
): { encoding: string; confidence: 'tentative' | 'certain'; bomLength: number };

export declare function parseFragment(html: string, options?: ParseOptions & { format?: 'dom'; context?: FragmentContext }): Dom.DocumentFragment;
export declare function parseFragment(html: string, options: ParseOptions & { format: 'object'; context?: FragmentContext }): Obj.DocumentFragment;

/** The raw flat tree buffer (docs/format.md): owned by the caller, transferable. */
export declare function parseToBuffer(
  html: string,
  options?: ParseOptions & { fragment?: boolean; context?: FragmentContext; includeErrors?: boolean },
): ArrayBuffer;
export declare function parseToBuffer(bytes: Bytes, options?: ParseOptions & BytesOptions & { includeErrors?: boolean }): ArrayBuffer;

/**
 * The flat tree buffer where the parser wrote it, in the module's memory (no copy).
 * Borrowed: valid until the next call into html5-wasm, which may overwrite or detach it.
 * Read it, `decode()` it or copy it before then.
 */
export declare function parseToView(
  html: string,
  options?: ParseOptions & { fragment?: boolean; context?: FragmentContext; includeErrors?: boolean },
): Uint8Array;
export declare function parseToView(bytes: Bytes, options?: ParseOptions & BytesOptions & { includeErrors?: boolean }): Uint8Array;

/** A tree in the html5lib test format (debugging aid). */
export declare function dumpTree(root: Dom.Node | Obj.Node): string;
export * from './xml.js';
