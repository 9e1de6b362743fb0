// Types of the html5-wasm public API (js/index.js, js/node.js; js/index.d.cts,
// made from these files by `make bundles`, types the CommonJS entry js/index.cjs).
// They need no lib beyond ES2022: neither the DOM lib nor @types/node (URL,
// Response and WebAssembly.Module inputs are described by their shape).
import type * as Dom from './dom/dom.js';
import type * as Obj from './html/object.js';
import type { Bytes, BytesOptions, FragmentContext, ParseError, ParseOptions } from './types.js';
import type { DecodedRoot, Format, RootKind, TreeBuffer, TreeView } from './dom/decode.js';
import type { SerializableNode } from './html/serialize.js';

export { decode, readHeader, readErrors } from './dom/decode.js';
export { serialize, serializeBuffer, serializeOuter } from './html/serialize.js';

// ---- every public type, by name -----------------------------------------------------

export type * from './types.js';
export type {
  BaseDecodedRoot, BaseDocument, BufferError, BufferHeader, DecodedRoot, DecodeOptions, Format, RootKind, TreeBuffer, TreeKind, TreeView,
} from './dom/decode.js';
export type { SerializableNode, SerializableObject, SerializeBufferOptions, SerializeOptions } from './html/serialize.js';
/** The DOM-like nodes (the default format), under their DOM names. */
export type {
  Attr, CharacterData, ChildNode, Comment, Document, DocumentFragment, DocumentMode, DocumentType, Element,
  ElementCreationOptions, ElementLocation, Location, NamedNodeMap, Node, NodeJSON, ParentNode, ProcessingInstruction, TemplateElement, Text, CDATASection,
} from './dom/dom.js';
/** The parse5-shaped objects of `format: 'object'`, prefixed Object* where a DOM name is taken. */
export type {
  Attribute as ObjectAttribute,
  ChildNode as ObjectChildNode,
  CommentNode as ObjectCommentNode,
  Document as ObjectDocument,
  DocumentFragment as ObjectDocumentFragment,
  DocumentType as ObjectDocumentType,
  Element as ObjectElement,
  Node as ObjectNode,
  ParentNode as ObjectParentNode,
  ProcessingInstruction as ObjectProcessingInstruction,
  ProcessingInstructionComment as ObjectProcessingInstructionComment,
  Template as ObjectTemplate,
  TextNode as ObjectTextNode,
} from './html/object.js';
/** Both families as namespaces: DomTypes.Element, ObjectTypes.Element. */
export type * as DomTypes from './dom/dom.js';
export type * as HTMLElementTypes from './dom/html-elements.js';
export type * as ObjectTypes from './html/object.js';

// ---- loading --------------------------------------------------------------------------

/** A WHATWG URL object (globalThis.URL in browsers and Node): its shape. */
export interface URLLike {
  readonly href: string;
  readonly protocol: string;
}
/** A fetch() Response: its shape. */
export interface ResponseLike {
  readonly ok: boolean;
  readonly status: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}
/**
 * A compiled WebAssembly.Module.  The DOM lib declares WebAssembly.Module as
 * an empty interface, which every object matches; so does this type, but for
 * a promise (init() takes a module, not a promise of one).
 */
export type WasmModule = object & { readonly then?: never };

/** Where to load html5.wasm from; nothing = next to the package via import.meta.url. */
export type WasmSource = string | URLLike | ResponseLike | ArrayBuffer | ArrayBufferView | WasmModule;

/**
 * Options of init() and initSync(): work done before the first page instead
 * of during it (README, "The first page"), for an instance initialised
 * ahead of its input (a worker per page, a server).  Applied to the
 * instance there is, also when it was already initialised; releaseMemory()
 * starts a fresh one without them.
 */
export interface InitOptions {
  /**
   * Bytes of linear memory to have ready: the memory grows once to at least
   * this (rounded up to 64 KiB) and every page added is written, so that
   * parses up to that size neither grow it nor touch a page for the first
   * time.  At most 2 GiB (2147483648), the module's maximum (RangeError).
   * A parse takes 2.5-8 bytes per input byte with parse(), 5-9 with parseToBuffer() and parseToView().
   */
  memory?: number;
  /** Parse a built-in 32 KB document now, so that V8 compiles the parser and starts optimising it in the background. */
  warmUp?: boolean;
}
/** Load the module; idempotent (safe to call many times). Optional in Node. */
export declare function init(source?: WasmSource | null, options?: InitOptions): Promise<void>;
/** Synchronous init from the bytes of html5.wasm or a compiled module. */
export declare function initSync(source: ArrayBuffer | ArrayBufferView | WasmModule, options?: InitOptions): void;
export declare function isReady(): boolean;
/**
 * Load xml5.wasm, the XML parser's own module (init() of the main entry loads it too when the program
 * uses the XML API; in Node it loads on the first XML call): from `source`, or beside the package.
 */
export declare function initXml(source?: WasmSource | null, options?: InitOptions): Promise<void>;
/** initXml() from the bytes of xml5.wasm or its compiled module. */
export declare function initXmlSync(source: ArrayBuffer | ArrayBufferView | WasmModule, options?: InitOptions): void;
/**
 * Load rewrite.wasm, HTMLRewriter's own module (init() of the main entry loads it too when the program
 * uses the rewriter; in Node it loads on first use): from `source`, or beside the package.
 */
export declare function initRewrite(source?: WasmSource | null, options?: InitOptions): Promise<void>;
/** initRewrite() from the bytes of rewrite.wasm or its compiled module. */
export declare function initRewriteSync(source: ArrayBuffer | ArrayBufferView | WasmModule, options?: InitOptions): void;

export interface MemoryUsage {
  /** Bytes of the module's linear memory. */
  wasm: number;
}
/** Bytes of the module's linear memory (it grows to fit the largest input so far and never shrinks by itself). */
export declare function memoryUsage(): MemoryUsage;
/** Give the module's grown memory back: a fresh instance of the compiled module (trees already decoded are unaffected). */
export declare function releaseMemory(): void;

// ---- tokenizer -------------------------------------------------------------------------

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

// ---- parser ----------------------------------------------------------------------------

/** parse() and parseFragment() (not the buffer functions: a buffer does not carry it). */
export interface UrlOption {
  /** The document's URL, an absolute URL (default 'about:blank'): document.URL, baseURI and
   * the URL-reflecting attributes (a.href, img.src, form.action...) resolve against it. */
  url?: string;
}

/** The Document of `format` F: DOM-like ('dom', the default) or parse5-shaped ('object'). */
export type DocumentOf<F extends Format> = DecodedRoot<F, 'document'>;
/** The DocumentFragment of `format` F. */
export type DocumentFragmentOf<F extends Format> = DecodedRoot<F, 'fragment'>;

/** Options of parse(): a string or bytes (the byte options apply to bytes only: a TypeError for a string). */
export interface ParseDocumentOptions<F extends Format = Format> extends ParseOptions, BytesOptions, UrlOption {
  /** 'dom' (default): DOM-like read-only nodes; 'object': parse5's tree shape. */
  format?: F;
}
/** 13.4's reading of the context element's surroundings, for fragments. */
export interface FragmentContextState {
  /** The quirks mode of the context element's node document (default 'no-quirks'): in 'quirks', <table> does not close an open <p>. */
  quirksMode?: 'no-quirks' | 'quirks' | 'limited-quirks';
  /** The context element is a form or has a form ancestor: the parser's form element pointer is set, so a <form> start tag is ignored.  Default false (true anyway when the context is 'form'). */
  contextInForm?: boolean;
}
export interface ParseFragmentOptions<F extends Format = Format> extends ParseOptions, UrlOption, FragmentContextState {
  /** 'dom' (default) or 'object', as parse(). */
  format?: F;
  /** The context element (default <template>, as parse5). */
  context?: FragmentContext;
}
/** Options of parseToBuffer() and parseToView(). */
export interface ParseToBufferOptions<Fragment extends boolean = boolean> extends ParseOptions, BytesOptions, FragmentContextState {
  /** Parse a fragment (a string only) instead of a document.  Default false. */
  fragment?: Fragment;
  /** With fragment: true, the context element. */
  context?: FragmentContext;
  /** Record the parse errors in the buffer (readErrors()). */
  includeErrors?: boolean;
}

/**
 * Parse a whole document: a string, or bytes decoded as browsers decode pages
 * (spec 13.2.3).  The result's type follows `format`.
 */
export declare function parse<F extends Format = 'dom'>(input: string | Bytes, options?: ParseDocumentOptions<F>): DocumentOf<F>;

/** The encoding sniffing algorithm (spec 13.2.3.2) alone. */
export declare function sniffEncoding(bytes: Bytes, options?: BytesOptions): EncodingSniffResult;
export interface EncodingSniffResult {
  encoding: string;
  confidence: 'tentative' | 'certain';
  bomLength: number;
}

/** Parse a fragment in the context of an element (spec 13.4), as innerHTML does. */
export declare function parseFragment<F extends Format = 'dom'>(html: string, options?: ParseFragmentOptions<F>): DocumentFragmentOf<F>;

/** The raw flat tree buffer (docs/format.md): owned by the caller, transferable. */
export declare function parseToBuffer<Fragment extends boolean = false>(
  input: string | Bytes,
  options?: ParseToBufferOptions<Fragment>,
): TreeBuffer<Fragment extends true ? 'fragment' : Fragment extends false ? 'document' : RootKind>;

/**
 * The flat tree buffer where the parser wrote it, in the module's memory (no copy).
 * Borrowed: valid until the next call into html5-wasm, which may overwrite or detach it.
 * Read it, `decode()` it or copy it before then.
 */
export declare function parseToView<Fragment extends boolean = false>(
  input: string | Bytes,
  options?: ParseToBufferOptions<Fragment>,
): TreeView<Fragment extends true ? 'fragment' : Fragment extends false ? 'document' : RootKind>;

/** A tree in the html5lib test format (debugging aid). */
export declare function dumpTree(root: SerializableNode): string;
export * from './stream/stream.js';
export * from './xml/xml.js';
export * from './sanitize/index.js';
export * from './window/window.js';
export { HTMLRewriter } from './rewrite/index.js';
export type * as RewriterTypes from './rewrite/index.js';
