// Types of the DOM-like tree returned by decode(buffer) / decode(buffer, { format: 'dom' }).
import type { HTMLCollection, NodeList } from './collections.js';
import type { DOMTokenList } from './tokenlist.js';
import type { HTMLElementMembers } from './html-elements.js';
import type { NodeFilterInput, NodeIterator, TreeWalker } from './traversal.js';
// The tree is read-only: nodes are views over the decoded records, made on
// first access and cached (so `a.firstChild === a.firstChild`).

export declare const ELEMENT_NODE: 1;
export declare const ATTRIBUTE_NODE: 2;
export declare const TEXT_NODE: 3;
export declare const PROCESSING_INSTRUCTION_NODE: 7;
export declare const COMMENT_NODE: 8;
export declare const DOCUMENT_NODE: 9;
export declare const DOCUMENT_TYPE_NODE: 10;
export declare const DOCUMENT_FRAGMENT_NODE: 11;

export declare const HTML_NS: 'http://www.w3.org/1999/xhtml';
export declare const SVG_NS: 'http://www.w3.org/2000/svg';
export declare const MATHML_NS: 'http://www.w3.org/1998/Math/MathML';
export declare const XLINK_NS: 'http://www.w3.org/1999/xlink';
export declare const XML_NS: 'http://www.w3.org/XML/1998/namespace';
export declare const XMLNS_NS: 'http://www.w3.org/2000/xmlns/';

export type DocumentMode = 'no-quirks' | 'quirks' | 'limited-quirks';

/** Source position in parse5's shape (present when the buffer has locations). */
export interface Location {
  startLine?: number;
  startCol?: number;
  startOffset: number;
  endLine?: number;
  endCol?: number;
  endOffset: number;
}
export interface ElementLocation extends Location {
  attrs?: Record<string, Location>;
  startTag?: Location & { attrs?: Record<string, Location> };
  endTag?: Location;
}

export declare class Attr {
  readonly name: string;
  readonly localName: string;
  readonly prefix: string | null;
  readonly namespaceURI: string | null;
  readonly value: string;
  readonly ownerElement: Element;
  readonly nodeType: 2;
  readonly nodeName: string;
  readonly nodeValue: string;
  readonly textContent: string;
  readonly specified: true;
}

/** DOM 4.4: the node type and document position constants, on Node and on every node. */
interface NodeConstants {
  readonly ELEMENT_NODE: 1;
  readonly ATTRIBUTE_NODE: 2;
  readonly TEXT_NODE: 3;
  readonly CDATA_SECTION_NODE: 4;
  readonly ENTITY_REFERENCE_NODE: 5;
  readonly ENTITY_NODE: 6;
  readonly PROCESSING_INSTRUCTION_NODE: 7;
  readonly COMMENT_NODE: 8;
  readonly DOCUMENT_NODE: 9;
  readonly DOCUMENT_TYPE_NODE: 10;
  readonly DOCUMENT_FRAGMENT_NODE: 11;
  readonly NOTATION_NODE: 12;
  readonly DOCUMENT_POSITION_DISCONNECTED: 0x01;
  readonly DOCUMENT_POSITION_PRECEDING: 0x02;
  readonly DOCUMENT_POSITION_FOLLOWING: 0x04;
  readonly DOCUMENT_POSITION_CONTAINS: 0x08;
  readonly DOCUMENT_POSITION_CONTAINED_BY: 0x10;
  readonly DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC: 0x20;
}

export declare abstract class Node {
  static readonly ELEMENT_NODE: 1;
  static readonly ATTRIBUTE_NODE: 2;
  static readonly TEXT_NODE: 3;
  static readonly CDATA_SECTION_NODE: 4;
  static readonly ENTITY_REFERENCE_NODE: 5;
  static readonly ENTITY_NODE: 6;
  static readonly PROCESSING_INSTRUCTION_NODE: 7;
  static readonly COMMENT_NODE: 8;
  static readonly DOCUMENT_NODE: 9;
  static readonly DOCUMENT_TYPE_NODE: 10;
  static readonly DOCUMENT_FRAGMENT_NODE: 11;
  static readonly NOTATION_NODE: 12;
  static readonly DOCUMENT_POSITION_DISCONNECTED: 0x01;
  static readonly DOCUMENT_POSITION_PRECEDING: 0x02;
  static readonly DOCUMENT_POSITION_FOLLOWING: 0x04;
  static readonly DOCUMENT_POSITION_CONTAINS: 0x08;
  static readonly DOCUMENT_POSITION_CONTAINED_BY: 0x10;
  static readonly DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC: 0x20;
  readonly nodeType: number;
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly textContent: string | null;
  readonly parentNode: ParentNode | null;
  readonly parentElement: Element | null;
  /** A NodeList (an Array subclass), made once per node. */
  readonly childNodes: NodeList<ChildNode>;
  readonly firstChild: ChildNode | null;
  readonly lastChild: ChildNode | null;
  readonly previousSibling: ChildNode | null;
  readonly nextSibling: ChildNode | null;
  readonly ownerDocument: Document | null;
  readonly isConnected: boolean;
  /** undefined unless decoded from a buffer with locations; null when the node has no position. */
  readonly sourceCodeLocation: ElementLocation | Location | null | undefined;
  /** The document base URL (the first <base href>, else the document's URL: parse()'s option url). */
  readonly baseURI: string;
  hasChildNodes(): boolean;
  getRootNode(): Node;
  contains(other: Node | null | undefined): boolean;
  /** DOM 4.4: a bit mask of DOCUMENT_POSITION_* saying where `other` is relative to this node. */
  compareDocumentPosition(other: Node | Attr): number;
  isEqualNode(other: Node | null): boolean;
  isSameNode(other: Node | null): boolean;
  lookupNamespaceURI(prefix: string | null): string | null;
  lookupPrefix(namespace: string | null): string | null;
  isDefaultNamespace(namespace: string | null): boolean;
}
export declare interface Node extends NodeConstants {}
export declare interface Attr extends NodeConstants {
  compareDocumentPosition(other: Node | Attr): number;
  isEqualNode(other: Attr | null): boolean;
  isSameNode(other: Attr | null): boolean;
}

declare abstract class ParentNodeBase extends Node {
  /** A live HTMLCollection (the same object every time). */
  readonly children: HTMLCollection;
  readonly childElementCount: number;
  readonly firstElementChild: Element | null;
  readonly lastElementChild: Element | null;
  getElementById(id: string): Element | null;
  /** Live HTMLCollections (they follow changes to the tree). */
  getElementsByTagName(qualifiedName: string): HTMLCollection;
  getElementsByTagNameNS(namespace: string | null, localName: string): HTMLCollection;
  getElementsByClassName(classNames: string): HTMLCollection;
  /** Supports type, universal, #id, .class, [attr] with = ~= |= ^= $= *= and i/s flags, lists, descendant, >, +, ~ combinators and :first-child :last-child :only-child :first-of-type :last-of-type :only-of-type :nth-child() :nth-last-child() :nth-of-type() :nth-last-of-type() :not() :is() :where() :empty :root :scope. Throws a DOMException named SyntaxError otherwise. */
  querySelector(selectors: string): Element | null;
  /** A static NodeList. */
  querySelectorAll(selectors: string): NodeList<Element>;
}

export declare class Element extends ParentNodeBase {
  readonly nodeType: 1;
  readonly nodeValue: null;
  readonly textContent: string;
  readonly localName: string;
  /** Uppercase for HTML elements (as in HTML documents), the local name otherwise. */
  readonly tagName: string;
  readonly namespaceURI: string | null;
  readonly prefix: null;
  readonly attributes: readonly Attr[];
  /** Reflect the id / class / slot attributes (setting calls setAttribute). */
  id: string;
  className: string;
  slot: string;
  /** The class attribute as a DOMTokenList (one per element). */
  readonly classList: DOMTokenList;
  readonly previousElementSibling: Element | null;
  readonly nextElementSibling: Element | null;
  readonly innerHTML: string;
  readonly outerHTML: string;
  readonly sourceCodeLocation: ElementLocation | null | undefined;
  hasAttributes(): boolean;
  getAttributeNames(): string[];
  getAttribute(qualifiedName: string): string | null;
  getAttributeNS(namespace: string | null, localName: string): string | null;
  hasAttribute(qualifiedName: string): boolean;
  hasAttributeNS(namespace: string | null, localName: string): boolean;
  getAttributeNode(qualifiedName: string): Attr | null;
  matches(selectors: string): boolean;
  closest(selectors: string): Element | null;
}

/** Hook: element classes by namespace URI, then local name ('' for any other); filled by js/html-elements.js. */
export declare const elementClasses: Map<string, Map<string, new (...args: never[]) => Element>>;

/** An HTML <template> element (with HTMLElement's members: js/html-elements.js). */
export declare class TemplateElement extends Element {
  readonly content: DocumentFragment;
}
export declare interface TemplateElement extends HTMLElementMembers {}

export declare abstract class CharacterData extends Node {
  readonly data: string;
  readonly nodeValue: string;
  readonly textContent: string;
  readonly length: number;
  readonly childNodes: NodeList<never>;
  readonly previousElementSibling: Element | null;
  readonly nextElementSibling: Element | null;
}

export declare class Text extends CharacterData {
  readonly nodeType: 3;
  readonly nodeName: '#text';
}

export declare class Comment extends CharacterData {
  readonly nodeType: 8;
  readonly nodeName: '#comment';
}

/** `<?target data>` (the standard since 2026; a Comment with processingInstructions: false). nodeName is the target. */
export declare class ProcessingInstruction extends CharacterData {
  readonly nodeType: 7;
  readonly nodeName: string;
  readonly target: string;
}

export declare class DocumentType extends Node {
  readonly nodeType: 10;
  readonly name: string;
  readonly publicId: string;
  readonly systemId: string;
  readonly nodeValue: null;
  readonly textContent: null;
}

export declare class DocumentFragment extends ParentNodeBase {
  readonly nodeType: 11;
  readonly nodeName: '#document-fragment';
  readonly textContent: string;
  /** Non-standard: serialisation of the children. */
  readonly innerHTML: string;
}

export declare class Document extends ParentNodeBase {
  readonly nodeType: 9;
  readonly nodeName: '#document';
  readonly nodeValue: null;
  readonly textContent: null;
  readonly mode: DocumentMode;
  readonly compatMode: 'BackCompat' | 'CSS1Compat';
  /** The encoding byte input was decoded with ('UTF-8' for a string). */
  readonly characterSet: string;
  readonly charset: string;
  readonly inputEncoding: string;
  readonly doctype: DocumentType | null;
  readonly documentElement: Element | null;
  readonly head: Element | null;
  readonly body: Element | null;
  readonly title: string;
  /** The document's URL: parse()/decode()'s option url, 'about:blank' by default. */
  readonly URL: string;
  readonly documentURI: string;
  /** null: no browsing context (as a DOMParser document). */
  readonly defaultView: null;
  /** HTML elements whose name attribute is `name` (a live NodeList). */
  getElementsByName(name: string): NodeList<Element>;
  readonly forms: HTMLCollection;
  readonly images: HTMLCollection;
  readonly embeds: HTMLCollection;
  readonly plugins: HTMLCollection;
  readonly scripts: HTMLCollection;
  /** a and area elements with an href attribute. */
  readonly links: HTMLCollection;
  createTreeWalker(root: Node, whatToShow?: number, filter?: NodeFilterInput): TreeWalker;
  createNodeIterator(root: Node, whatToShow?: number, filter?: NodeFilterInput): NodeIterator;
  /** Non-standard: serialisation of the children. */
  readonly innerHTML: string;
}

export type ChildNode = Element | Text | Comment | ProcessingInstruction | DocumentType;
export type ParentNode = Document | DocumentFragment | Element;
