// Types of js/window/window.js: createWindow(), a window-like object over this
// library's DOM for libraries that take a window (DOMPurify:
// `createDOMPurify(createWindow())`; docs/dom.md, "DOMPurify and other DOM libraries").
import type {
  Attr, CDATASection, CharacterData, Comment, Document, DocumentFragment, DocumentType, Element, NamedNodeMap, Node,
  ProcessingInstruction, ShadowRoot, TemplateElement, Text,
} from '../dom/dom.js';
import type { HTMLElement, HTMLFormElement, MathMLElement, SVGElement } from '../dom/html-elements.js';
import type { NodeFilter, NodeIterator, TreeWalker } from '../dom/traversal.js';
import type { DOMImplementation } from '../dom/dom.js';
import type { HTMLCollection, HTMLFormControlsCollection, HTMLOptionsCollection, NodeList, RadioNodeList } from '../dom/collections.js';
import type { DOMTokenList } from '../dom/tokenlist.js';
import type { XmlDocument } from '../xml/xml.js';

export interface WindowOptions {
  /** The document's markup (parsed with scripting disabled); default an empty HTML document. */
  html?: string;
  /** The URL of the document and of DOMParser's documents (an absolute URL); default 'about:blank'. */
  url?: string;
}

/** HTML 8.5.1 DOMParserSupportedType. */
export type DOMParserSupportedType = 'text/html' | 'text/xml' | 'application/xml' | 'application/xhtml+xml' | 'image/svg+xml';

/** HTML 8.5.1 DOMParser: 'text/html' parses HTML with scripting disabled, the other types XML. */
export interface DOMParser {
  parseFromString(string: string, type: 'text/html'): Document;
  parseFromString(string: string, type: DOMParserSupportedType): Document | XmlDocument;
}

/** DOM Parsing XMLSerializer. */
export interface XMLSerializer {
  serializeToString(root: Node | Attr): string;
}

/** What createWindow() returns: a document and the interface objects, no browsing context. */
export interface HtmlWindow {
  readonly window: HtmlWindow;
  readonly self: HtmlWindow;
  readonly document: Document;
  readonly DOMParser: new () => DOMParser;
  readonly XMLSerializer: new () => XMLSerializer;
  readonly NodeFilter: typeof NodeFilter;
  readonly Node: typeof Node;
  readonly Attr: typeof Attr;
  readonly CharacterData: typeof CharacterData;
  readonly Text: typeof Text;
  readonly CDATASection: typeof CDATASection;
  readonly Comment: typeof Comment;
  readonly ProcessingInstruction: typeof ProcessingInstruction;
  readonly DocumentType: typeof DocumentType;
  readonly Document: typeof Document;
  readonly XMLDocument: abstract new () => XmlDocument;
  readonly DocumentFragment: typeof DocumentFragment;
  readonly ShadowRoot: typeof ShadowRoot;
  readonly Element: typeof Element;
  readonly HTMLElement: typeof HTMLElement;
  readonly SVGElement: typeof SVGElement;
  readonly MathMLElement: typeof MathMLElement;
  readonly HTMLTemplateElement: typeof TemplateElement;
  readonly HTMLFormElement: typeof HTMLFormElement;
  readonly NamedNodeMap: typeof NamedNodeMap;
  readonly NodeList: typeof NodeList;
  readonly HTMLCollection: typeof HTMLCollection;
  readonly HTMLFormControlsCollection: typeof HTMLFormControlsCollection;
  readonly HTMLOptionsCollection: typeof HTMLOptionsCollection;
  readonly RadioNodeList: typeof RadioNodeList;
  readonly DOMTokenList: typeof DOMTokenList;
  readonly NodeIterator: typeof NodeIterator;
  readonly TreeWalker: typeof TreeWalker;
  readonly DOMImplementation: typeof DOMImplementation;
  /** globalThis.DOMException. */
  readonly DOMException: unknown;
  /** The other HTML element interfaces (HTMLDivElement, HTMLInputElement, ..., HTMLUnknownElement). */
  readonly [name: `HTML${string}Element`]: abstract new (...args: never[]) => HTMLElement;
}

/**
 * A window-like object over this library's DOM: no script runs, no event
 * handler is evaluated and no URL is fetched, whatever the markup.
 * TypeError for an unknown option, a non-string `html` or `url`, a `url` that is not absolute.
 */
export declare function createWindow(options?: WindowOptions): HtmlWindow;
