import type * as Dom from './dom.js';
import type * as Obj from './object.js';

export declare const MAGIC: number;
export declare const FORMAT_VERSION: 1;
export declare const HEADER_BYTES: 80;
export declare const NONE: 0xffffffff;

export interface DecodeOptions {
  /** 'dom' (default): DOM-like read-only nodes; 'object': parse5's tree shape. */
  format?: 'dom' | 'object';
  /** The parsed input: gives source locations their line and column. */
  source?: string;
  /** The document's URL, an absolute URL (default 'about:blank'): what URL-reflecting attributes resolve against. */
  url?: string;
}

export type Buffer = ArrayBuffer | ArrayBufferView;

/**
 * Decode an H5WT tree buffer (docs/format.md).  The result never references
 * `buffer`.  Throws TypeError for a non-buffer and RangeError for a buffer
 * that is truncated, not H5WT, of another format version, from another
 * atom table, or corrupt.
 */
export declare function decode(buffer: Buffer, options?: DecodeOptions & { format?: 'dom' }): Dom.Document | Dom.DocumentFragment | Dom.Element;
export declare function decode(buffer: Buffer, options: DecodeOptions & { format: 'object' }): Obj.Document | Obj.DocumentFragment | Obj.Element;

export interface BufferHeader {
  version: 1;
  root: 'document' | 'fragment' | 'other';
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

