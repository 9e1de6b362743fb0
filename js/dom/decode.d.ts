import type * as Dom from './dom.js';
import type * as Obj from '../html/object.js';

export declare const MAGIC: number;
export declare const FORMAT_VERSION: 1;
export declare const HEADER_BYTES: 80;
export declare const NONE: 0xffffffff;

/** 'dom' (default): DOM-like read-only nodes (js/dom/dom.js); 'object': parse5's tree shape (js/html/object.js). */
export type Format = 'dom' | 'object';

/** What a tree buffer's root is (BufferHeader#root). */
export type RootKind = 'document' | 'fragment' | 'other';

declare const treeKind: unique symbol;
/**
 * Marks a buffer made by parseToBuffer() / parseToView() with what its root
 * is, so that decode() of it has the precise type (a Document for a
 * document).  A type only: nothing is added to the buffer.
 */
export interface TreeKind<K extends RootKind> {
  readonly [treeKind]?: K;
}
/** The ArrayBuffer of parseToBuffer(): a plain ArrayBuffer, typed with what its root is. */
export type TreeBuffer<K extends RootKind = RootKind> = ArrayBuffer & TreeKind<K>;
/** The Uint8Array of parseToView(): a plain view, typed with what its root is. */
export type TreeView<K extends RootKind = RootKind> = Uint8Array & TreeKind<K>;

/** The root decode() gives for a buffer of root kind K in format F. */
export type DecodedRoot<F extends Format, K extends RootKind> = F extends 'object'
  ? K extends 'document' ? Obj.Document : K extends 'fragment' ? Obj.DocumentFragment : Obj.Element
  : K extends 'document' ? Dom.Document : K extends 'fragment' ? Dom.DocumentFragment : Dom.Element;

/**
 * A Document of the DOM's base (html5-wasm/parse, html5-wasm/decode): the default entry's Document
 * without createTreeWalker, createNodeIterator and implementation, which come with the default entry
 * (README, "What each entry costs").  In the base, too: every HTML element is an HTMLElement (no
 * HTMLInputElement's value, HTMLTableElement's rows, ...), the pseudo-classes of element state
 * (`:checked`, `:valid`, ...) throw a SyntaxError, nodes have no Node constants of their own
 * (`node.ELEMENT_NODE`: compare nodeType with 1, or import the constants from html5-wasm), and
 * `children` and `getElementsBy*()` are snapshots rather than live collections.
 */
export type BaseDocument = Omit<Dom.Document, 'createTreeWalker' | 'createNodeIterator' | 'implementation'>;
/** DecodedRoot with the DOM's base: a document is a BaseDocument. */
export type BaseDecodedRoot<F extends Format, K extends RootKind> = F extends 'object'
  ? DecodedRoot<F, K>
  : K extends 'document' ? BaseDocument : K extends 'fragment' ? Dom.DocumentFragment : Dom.Element;

export interface DecodeOptions<F extends Format = Format> {
  /** 'dom' (default): DOM-like read-only nodes; 'object': parse5's tree shape. */
  format?: F;
  /** The parsed input: gives source locations their line and column. */
  source?: string;
  /** The document's URL, an absolute URL (default 'about:blank'): what URL-reflecting attributes resolve against. */
  url?: string;
}

/** A tree buffer: an ArrayBuffer, a typed array or a DataView. */
export type Buffer = ArrayBuffer | ArrayBufferView;

/**
 * Decode an H5WT tree buffer (docs/format.md).  The result never references
 * `buffer`.  Throws TypeError for a non-buffer (or a detached one) and
 * RangeError for a buffer that is truncated, not H5WT, of another format
 * version, from another atom table, or corrupt.  The result's type follows
 * the format option and, for buffers of parseToBuffer() / parseToView(),
 * what was parsed (a document: a Document).
 */
export declare function decode<F extends Format = 'dom', K extends RootKind = RootKind>(
  buffer: Buffer & TreeKind<K>,
  options?: DecodeOptions<F>,
): DecodedRoot<F, K>;

export interface BufferHeader {
  version: 1;
  root: RootKind;
  mode: 'no-quirks' | 'quirks' | 'limited-quirks';
  scripting: boolean;
  hasLocations: boolean;
  hasErrors: boolean;
  /** Byte input: the encoding the document was decoded with (Encoding Standard name), else null. */
  encoding: string | null;
  confidence: 'tentative' | 'certain' | null;
  nodeCount: number;
  attributeCount: number;
  errorCount: number;
  byteLength: number;
}
/** The header, after the buffer is checked as decode() checks it; with `source`, offsets must lie within it. */
export declare function readHeader(buffer: Buffer, options?: { source?: string }): BufferHeader;

export interface BufferError {
  code: number;
  offset: number;
  name?: string;
  line?: number;
  col?: number;
}
/** Parse errors recorded in the buffer ([] without an error section). */
export declare function readErrors(buffer: Buffer, options?: { source?: string; names?: readonly string[] }): BufferError[];
