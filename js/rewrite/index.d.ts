// Types of HTMLRewriter (js/rewrite/index.js): Cloudflare Workers' API.

// The platform's Response and ReadableStream where a lib declares them (the
// DOM lib, @types/node); a minimal shape where none does (as js/stream/stream.d.ts).
type Global<K extends string, Else> = typeof globalThis extends { [P in K]: { prototype: infer T } } ? T : Else;
type ResponseLike = Global<'Response', { readonly body: object | null; readonly headers: object }>;
type ReadableStreamLike = Global<'ReadableStream', { getReader(): object }>;

export interface ContentOptions {
  /** true: insert as HTML; otherwise the content is text and & < > are escaped. */
  html?: boolean;
}

export type Content = string;

export declare class Element {
  /** The tag name, ASCII-lowercased; settable (the end tag is renamed too). */
  tagName: string;
  readonly namespaceURI: string;
  /** [name, value] pairs: names lowercased, values as written (character references not decoded). */
  readonly attributes: IterableIterator<[string, string]>;
  readonly removed: boolean;
  readonly selfClosing: boolean;
  /** false for void elements and self-closing SVG/MathML ones: no content, no end tag. */
  readonly canHaveContent: boolean;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): Element;
  removeAttribute(name: string): Element;
  before(content: Content, options?: ContentOptions): Element;
  after(content: Content, options?: ContentOptions): Element;
  prepend(content: Content, options?: ContentOptions): Element;
  append(content: Content, options?: ContentOptions): Element;
  replace(content: Content, options?: ContentOptions): Element;
  setInnerContent(content: Content, options?: ContentOptions): Element;
  remove(): Element;
  removeAndKeepContent(): Element;
  onEndTag(handler: (tag: EndTag) => void | Promise<void>): void;
}

export declare class EndTag {
  name: string;
  /**
   * Not in workerd: true when the element has no end tag of its own: it
   * ended with an ancestor's end tag (this one, as in workerd) or at the
   * end of the input (workerd calls no handler then).
   */
  readonly implied: boolean;
  readonly removed: boolean;
  before(content: Content, options?: ContentOptions): EndTag;
  after(content: Content, options?: ContentOptions): EndTag;
  remove(): EndTag;
}

export declare class TextChunk {
  /** The text as written (character references not decoded). */
  readonly text: string;
  /** The last chunk of a text node: always empty, as in workerd. */
  readonly lastInTextNode: boolean;
  readonly removed: boolean;
  before(content: Content, options?: ContentOptions): TextChunk;
  after(content: Content, options?: ContentOptions): TextChunk;
  replace(content: Content, options?: ContentOptions): TextChunk;
  remove(): TextChunk;
}
export { TextChunk as Text };

export declare class Comment {
  text: string;
  readonly removed: boolean;
  before(content: Content, options?: ContentOptions): Comment;
  after(content: Content, options?: ContentOptions): Comment;
  replace(content: Content, options?: ContentOptions): Comment;
  remove(): Comment;
}

export declare class Doctype {
  readonly name: string | null;
  readonly publicId: string | null;
  readonly systemId: string | null;
}

export declare class DocumentEnd {
  append(content: Content, options?: ContentOptions): DocumentEnd;
}

type Awaitable = void | Promise<void>;

export interface ElementHandlers {
  element?(element: Element): Awaitable;
  comments?(comment: Comment): Awaitable;
  text?(text: TextChunk): Awaitable;
}

export interface DocumentHandlers {
  doctype?(doctype: Doctype): Awaitable;
  comments?(comment: Comment): Awaitable;
  text?(text: TextChunk): Awaitable;
  end?(end: DocumentEnd): Awaitable;
}

export declare class HTMLRewriter {
  constructor();
  /** Handlers for the elements `selector` matches; a selector it cannot match while streaming is a TypeError. */
  on(selector: string, handlers: ElementHandlers): this;
  onDocument(handlers: DocumentHandlers): this;
  /** A Response whose body streams (Content-Type's charset decides the encoding). */
  transform(input: ResponseLike): ResponseLike;
  transform(input: ReadableStreamLike): ReadableStreamLike;
  transform(input: string): Promise<string>;
  transform(input: Uint8Array | ArrayBuffer | ArrayBufferView): Promise<Uint8Array>;
}
