// Types of the DOM-like tree returned by parse() and decode(buffer, { format: 'dom' }).
import type { HTMLCollection, NodeList } from './collections.js';
import type { DOMTokenList } from './tokenlist.js';
import type { HTMLElementMembers } from './html-elements.js';
import type { NodeFilterInput, NodeIterator, TreeWalker } from './traversal.js';
import type { XmlDocument } from '../xml/xml.js';
// Nodes are views over the decoded records, made on first access and cached
// (so `a.firstChild === a.firstChild`); the tree changes with the DOM
// standard's methods (docs/dom.md).

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

/**
 * Source position in parse5's shape (present when the buffer has locations).
 * Lines and columns are 1-based, offsets 0-based UTF-16 code units.  parse()
 * always gives all six; decode() of a buffer without its `source` option
 * gives the offsets only.
 */
export interface Location {
  startLine: number;
  startCol: number;
  startOffset: number;
  endLine: number;
  endCol: number;
  endOffset: number;
}
export interface ElementLocation extends Location {
  attrs?: Record<string, Location>;
  startTag?: Location & { attrs?: Record<string, Location> };
  endTag?: Location;
}

/** The platform's DOMException (a fallback with the same name, message and code where it is missing). */
export declare const DOMException: typeof globalThis extends { DOMException: infer D }
  ? D
  : { new (message?: string, name?: string): DOMExceptionLike; readonly prototype: DOMExceptionLike };
/** What a DOMException has, for programs compiled without the DOM lib. */
export interface DOMExceptionLike extends Error {
  readonly name: string;
  readonly code: number;
}

/** An attribute (a snapshot of its name and value; setting `value` changes the element's attribute). */
/**
 * DOM 4.9.1 NamedNodeMap: an array of the element's Attr snapshots taken
 * when it was read; its methods act on the element as it is now (map,
 * filter and slice give plain arrays).
 */
export declare class NamedNodeMap extends Array<Attr> {
  item(index: number): Attr | null;
  getNamedItem(qualifiedName: string): Attr | null;
  getNamedItemNS(namespace: string | null, localName: string): Attr | null;
  /** The attribute replaced, or null (setAttributeNode). */
  setNamedItem(attr: Attr): Attr | null;
  setNamedItemNS(attr: Attr): Attr | null;
  /** The attribute removed; NotFoundError when there is none. */
  removeNamedItem(qualifiedName: string): Attr;
  removeNamedItemNS(namespace: string | null, localName: string): Attr;
}
export declare class Attr {
  readonly name: string;
  readonly localName: string;
  readonly prefix: string | null;
  readonly namespaceURI: string | null;
  value: string;
  readonly ownerElement: Element | null;
  readonly nodeType: 2;
  readonly nodeName: string;
  nodeValue: string;
  textContent: string;
  readonly specified: true;
}

/** What the ParentNode / ChildNode methods take: nodes, and strings (made Text nodes). */
export type NodeOrString = Node | string;

/** DOM 4.5 ElementCreationOptions: `is`, the element's is value (a customized built-in element's name; no registry checks it here). */
export interface ElementCreationOptions {
  is?: string;
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
  /** Setting it changes CharacterData; on other nodes it does nothing (DOM). */
  get nodeValue(): string | null;
  set nodeValue(value: string | null);
  /** Setting it replaces the children with one Text node (elements, fragments) or the data (CharacterData). */
  get textContent(): string | null;
  set textContent(value: string | null);
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
  /** The DOM standard's node equality: same type, names, attributes (any order), data and children (a template's contents are not compared). What Vitest's and Jest's toEqual use. */
  isEqualNode(other: Node | null | undefined): boolean;
  /** The subtree as plain data (JSON.stringify calls it). */
  toJSON(): NodeJSON;
  appendChild<T extends Node>(node: T): T;
  insertBefore<T extends Node>(node: T, child: Node | null): T;
  removeChild<T extends Node>(child: T): T;
  replaceChild<T extends Node>(node: Node, child: T): T;
  /** A copy in the same document (with its subtree when deep; a template's contents too). */
  cloneNode(deep?: boolean): this;
  /** No empty Text nodes, no adjacent ones. */
  normalize(): void;
  /** DOM 4.4: a bit mask of DOCUMENT_POSITION_* saying where `other` is relative to this node. */
  compareDocumentPosition(other: Node | Attr): number;
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

/** DOM ChildNode (Element, CharacterData, DocumentType). */
interface ChildNodeMethods {
  before(...nodes: NodeOrString[]): void;
  after(...nodes: NodeOrString[]): void;
  replaceWith(...nodes: NodeOrString[]): void;
  remove(): void;
}

/** The plain data of Node#toJSON() (README, "Debugging"). */
export type NodeJSON =
  | { type: 'document'; mode: DocumentMode; children: NodeJSON[] }
  | { type: 'fragment'; children: NodeJSON[] }
  | {
      type: 'element';
      name: string;
      /** Only outside HTML. */
      namespace?: 'svg' | 'mathml';
      /** Qualified name → value. */
      attributes: Record<string, string>;
      children: NodeJSON[];
      /** A template's contents. */
      content?: NodeJSON & { type: 'fragment' };
    }
  | { type: 'text'; data: string }
  | { type: 'comment'; data: string }
  | { type: 'processingInstruction'; target: string; data: string }
  | { type: 'doctype'; name: string; publicId: string; systemId: string };

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
  append(...nodes: NodeOrString[]): void;
  prepend(...nodes: NodeOrString[]): void;
  replaceChildren(...nodes: NodeOrString[]): void;
}

export interface Element extends ChildNodeMethods {}
export declare class Element extends ParentNodeBase {
  readonly nodeType: 1;
  get nodeValue(): null;
  set nodeValue(value: string | null);
  get textContent(): string;
  set textContent(value: string | null);
  readonly localName: string;
  /** Uppercase for HTML elements (as in HTML documents), the local name otherwise. */
  readonly tagName: string;
  readonly namespaceURI: string | null;
  /** Only createElementNS('...', 'p:name') gives one. */
  readonly prefix: string | null;
  /** A NamedNodeMap of Attr snapshots, made per read (an Array subclass). */
  readonly attributes: NamedNodeMap;
  /** Reflect the id / class / slot attributes (setting calls setAttribute). */
  id: string;
  className: string;
  slot: string;
  /** The class attribute as a DOMTokenList (one per element). */
  readonly classList: DOMTokenList;
  readonly previousElementSibling: Element | null;
  readonly nextElementSibling: Element | null;
  /** Setting it parses the markup with this element as the context (the C parser). */
  innerHTML: string;
  /** Setting it replaces this element by the markup parsed in its parent's context. */
  outerHTML: string;
  /** The open shadow root a declarative `<template shadowrootmode>` attached (parse option shadowRoots), else null (closed ones too, as the DOM says). */
  readonly shadowRoot: ShadowRoot | null;
  /** HTML getHTML(): the children's serialisation, with the shadow roots the options choose as declarative templates. */
  getHTML(options?: GetHTMLOptions): string;
  readonly sourceCodeLocation: ElementLocation | null | undefined;
  hasAttributes(): boolean;
  getAttributeNames(): string[];
  getAttribute(qualifiedName: string): string | null;
  getAttributeNS(namespace: string | null, localName: string): string | null;
  hasAttribute(qualifiedName: string): boolean;
  hasAttributeNS(namespace: string | null, localName: string): boolean;
  getAttributeNode(qualifiedName: string): Attr | null;
  getAttributeNodeNS(namespace: string | null, localName: string): Attr | null;
  /** InvalidCharacterError for an invalid name; the name is lowercased on HTML elements. */
  setAttribute(qualifiedName: string, value: string): void;
  /** "validate and extract": InvalidCharacterError, NamespaceError. */
  setAttributeNS(namespace: string | null, qualifiedName: string, value: string): void;
  removeAttribute(qualifiedName: string): void;
  removeAttributeNS(namespace: string | null, localName: string): void;
  /** True when the attribute is there afterwards. */
  toggleAttribute(qualifiedName: string, force?: boolean): boolean;
  setAttributeNode(attr: Attr): Attr | null;
  setAttributeNodeNS(attr: Attr): Attr | null;
  removeAttributeNode(attr: Attr): Attr;
  insertAdjacentHTML(position: InsertPosition, markup: string): void;
  insertAdjacentElement(position: InsertPosition, element: Element): Element | null;
  insertAdjacentText(position: InsertPosition, data: string): void;
  matches(selectors: string): boolean;
  /** The legacy alias of matches. */
  webkitMatchesSelector(selectors: string): boolean;
  closest(selectors: string): Element | null;
}

/** Hook: element classes by namespace URI, then local name ('' for any other); filled by js/dom/html-elements.js. */
export declare const elementClasses: Map<string, Map<string, new (...args: never[]) => Element>>;

/** Hook tree: an internal node store (not part of the public API; js/dom/dom.js's Tree). */
type StateHookTree = object;
/**
 * Hooks for element state that mutations change (js/dom/html-elements.js sets them: input checkedness);
 * each is null when unset.  Node arguments are indexes into the tree.
 */
export declare const stateHooks: {
  changing: ((t: StateHookTree) => void) | null;
  attribute: ((t: StateHookTree, i: number, localName: string, namespace: string | null, oldValue: string | null, value: string | null) => void) | null;
  inserted: ((t: StateHookTree, c: number) => void) | null;
  /** Before node c leaves its parent; what it returns is given to removed() after. */
  removing: ((t: StateHookTree, c: number) => unknown) | null;
  removed: ((t: StateHookTree, before: unknown) => void) | null;
  copied: ((src: StateHookTree, s: number, t: StateHookTree, i: number, moved: boolean) => void) | null;
};

/** An HTML <template> element: HTMLTemplateElement (constructor.name), an HTMLElement once js/dom/html-elements.js is loaded. */
export declare class TemplateElement extends Element {
  readonly content: DocumentFragment;
}
export declare interface TemplateElement extends HTMLElementMembers {}

export type InsertPosition = 'beforebegin' | 'afterbegin' | 'beforeend' | 'afterend';

export interface CharacterData extends ChildNodeMethods {}
export declare abstract class CharacterData extends Node {
  data: string;
  get nodeValue(): string;
  set nodeValue(value: string | null);
  get textContent(): string;
  set textContent(value: string | null);
  readonly length: number;
  substringData(offset: number, count: number): string;
  appendData(data: string): void;
  insertData(offset: number, data: string): void;
  deleteData(offset: number, count: number): void;
  /** IndexSizeError when offset is past the length. */
  replaceData(offset: number, count: number, data: string): void;
  readonly childNodes: NodeList<never>;
  readonly previousElementSibling: Element | null;
  readonly nextElementSibling: Element | null;
}

export declare class Text extends CharacterData {
  readonly nodeType: 3;
  readonly nodeName: '#text';
  readonly wholeText: string;
  splitText(offset: number): Text;
}

/**
 * A CDATA section of an XML document (parseXml, XmlDocument.createCDATASection): at run time a
 * subclass of Text (`instanceof Text`), with its own nodeType and nodeName.
 */
export declare class CDATASection extends CharacterData {
  readonly nodeType: 4;
  readonly nodeName: '#cdata-section';
  readonly wholeText: string;
  splitText(offset: number): Text;
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

export interface DocumentType extends ChildNodeMethods {}
export declare class DocumentType extends Node {
  readonly nodeType: 10;
  readonly name: string;
  readonly publicId: string;
  readonly systemId: string;
  get nodeValue(): null;
  set nodeValue(value: string | null);
  get textContent(): null;
  set textContent(value: string | null);
}

export declare class DocumentFragment extends ParentNodeBase {
  readonly nodeType: 11;
  readonly nodeName: '#document-fragment';
  get textContent(): string;
  set textContent(value: string | null);
  /** Non-standard: serialisation of the children. */
  readonly innerHTML: string;
}

export declare class Document extends ParentNodeBase {
  readonly nodeType: 9;
  readonly nodeName: '#document';
  get nodeValue(): null;
  set nodeValue(value: string | null);
  get textContent(): null;
  set textContent(value: string | null);
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
  /** Setting it changes the title element's text (one is made in the head when there is none). */
  title: string;
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
  /** a elements with a name attribute (live). */
  readonly anchors: HTMLCollection;
  /** 'text/html' (an XML document: its own type). */
  readonly contentType: string;
  /** HTML 3.1.3: the html element's dir (reflected; '' and no effect without an html element). */
  dir: string;
  /** DOM 4.5.1: createDocumentType, createDocument, createHTMLDocument, hasFeature (js/dom/dom-implementation.js). */
  readonly implementation: DOMImplementation;
  createTreeWalker(root: Node, whatToShow?: number, filter?: NodeFilterInput): TreeWalker;
  createNodeIterator(root: Node, whatToShow?: number, filter?: NodeFilterInput): NodeIterator;
  /** Non-standard: serialisation of the children. */
  readonly innerHTML: string;
  /**
   * An HTML element (name lowercased); InvalidCharacterError for an invalid name.  `options`: a
   * string (ignored) or `{ is }`, the element's is value (docs/dom.md, "The is value").
   */
  createElement(localName: string, options?: string | ElementCreationOptions): Element;
  createElementNS(namespace: string | null, qualifiedName: string, options?: string | ElementCreationOptions): Element;
  createTextNode(data: string): Text;
  createComment(data: string): Comment;
  /** NotSupportedError in an HTML document; XML documents (XmlDocument) make one. */
  createCDATASection(data: string): CDATASection;
  createProcessingInstruction(target: string, data: string): ProcessingInstruction;
  createDocumentFragment(): DocumentFragment;
  createAttribute(localName: string): Attr;
  createAttributeNS(namespace: string | null, qualifiedName: string): Attr;
  /** A copy of a node of any document, in this one. */
  importNode<T extends Node>(node: T, deep?: boolean): T;
  /** The node (same object) moved into this document, detached. */
  adoptNode<T extends Node>(node: T): T;
}

export type ChildNode = Element | Text | Comment | ProcessingInstruction | DocumentType;
export type ParentNode = Document | DocumentFragment | Element;

export interface GetHTMLOptions {
  /** Write shadow roots whose serializable is set. Default false. */
  serializableShadowRoots?: boolean;
  /** Shadow roots to write in any case (closed ones too); true: all (non-standard). */
  shadowRoots?: readonly ShadowRoot[] | true;
}

/** A declarative shadow root (parse option shadowRoots): a DocumentFragment hanging off its host. */
export declare class ShadowRoot extends DocumentFragment {
  readonly mode: 'open' | 'closed';
  readonly host: Element;
  readonly delegatesFocus: boolean;
  readonly clonable: boolean;
  readonly serializable: boolean;
  readonly slotAssignment: 'named' | 'manual';
  /** The template had shadowrootcustomelementregistry: the root's custom element registry stays null. */
  readonly keepCustomElementRegistryNull: boolean;
  /** Set: the markup parsed with the host as the context (HTML 13.4), replacing the children. */
  innerHTML: string;
  getHTML(options?: GetHTMLOptions): string;
}

/** A host's shadow root, open or closed, or null (what dumpTree() shows). */
export declare function shadowRootOf(element: Element): ShadowRoot | null;

/** DOM 4.5.1 DOMImplementation (document.implementation; js/dom/dom-implementation.js). */
export declare class DOMImplementation {
  /** A doctype of this document; InvalidCharacterError when name has ASCII whitespace, NULL or '>'. */
  createDocumentType(name: string, publicId: string, systemId: string): DocumentType;
  /**
   * A new XML document (DOM 4.5.1): `doctype`, then the element createElementNS(namespace,
   * qualifiedName) makes unless qualifiedName is '' or null (its InvalidCharacterError and
   * NamespaceError); contentType application/xhtml+xml for the HTML namespace, image/svg+xml for
   * SVG's, else application/xml.
   */
  createDocument(namespace: string | null, qualifiedName: string | null, doctype?: DocumentType | null): XmlDocument;
  /** A new no-quirks HTML document (doctype, html, head, title when given, body), scripting disabled. */
  createHTMLDocument(title?: string): Document;
  /** Always true. */
  hasFeature(...args: unknown[]): true;
}
