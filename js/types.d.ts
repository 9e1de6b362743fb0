// Option and input types shared by several functions of the API (js/index.d.ts
// exports them all).  A declaration file only: there is no js/types.js.

export interface ParseError {
  /** The spec's error code (tokenizer) or ours (tree construction; docs/errors.md). */
  code: string;
  /** 1-based line and column. */
  line: number;
  col: number;
  /** UTF-16 code-unit offset in the input (what String.prototype.slice uses). */
  offset: number;
}

export interface ParseOptions {
  /** The scripting flag (default true, as browsers and parse5): <noscript> content is raw text. */
  scriptingEnabled?: boolean;
  /** `<?target data>` is a ProcessingInstruction node (default true, the standard since 2026);
   * false: the bogus comment of parse5 and earlier browsers. */
  processingInstructions?: boolean;
  /** The parser's "allow declarative shadow roots" (default false, as DOMParser and innerHTML; true as
   * Document.parseHTMLUnsafe() and setHTMLUnsafe()): `<template shadowrootmode="open|closed">` attaches a
   * ShadowRoot to its parent element when the standard allows it. */
  shadowRoots?: boolean;
  /** Source locations on every node (parse5's sourceCodeLocation shape). Default false. */
  sourceLocations?: boolean;
  /** parse5's name for sourceLocations. */
  sourceCodeLocationInfo?: boolean;
  onParseError?: (error: ParseError) => void;
}

/** The context element of a fragment: a tag name ('td') or an element-like object. */
export type FragmentContext = string | { localName: string; namespaceURI?: string | null };

/**
 * A document as bytes, decoded as browsers decode pages (spec 13.2.3):
 * BOM, `encoding`, a <meta> in the first 1024 bytes, UTF-8 detection,
 * `defaultEncoding`; a later <meta> that declares another encoding makes
 * the parser decode and parse again.  A detached (transferred) buffer is a TypeError.
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
