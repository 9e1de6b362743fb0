// Types of the DOM-like tree returned by decode(buffer) / decode(buffer, { format: 'dom' }).
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

export declare abstract class Node {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly textContent: string | null;
  readonly parentNode: ParentNode | null;
  readonly parentElement: Element | null;
  readonly childNodes: readonly ChildNode[];
  readonly firstChild: ChildNode | null;
  readonly lastChild: ChildNode | null;
  readonly previousSibling: ChildNode | null;
  readonly nextSibling: ChildNode | null;
  readonly ownerDocument: Document | null;
  readonly isConnected: boolean;
  /** undefined unless decoded from a buffer with locations; null when the node has no position. */
  readonly sourceCodeLocation: ElementLocation | Location | null | undefined;
  hasChildNodes(): boolean;
  getRootNode(): Node;
  contains(other: Node | null | undefined): boolean;
}

declare abstract class ParentNodeBase extends Node {
  readonly children: Element[];
  readonly childElementCount: number;
  readonly firstElementChild: Element | null;
  readonly lastElementChild: Element | null;
  getElementById(id: string): Element | null;
  getElementsByTagName(qualifiedName: string): Element[];
  getElementsByTagNameNS(namespace: string | null, localName: string): Element[];
  getElementsByClassName(classNames: string): Element[];
  /** Supports type, universal, #id, .class, [attr] with = ~= |= ^= $= *= and i/s flags, lists, descendant, >, +, ~ combinators and :first-child :last-child :only-child :first-of-type :last-of-type :only-of-type :nth-child() :nth-last-child() :nth-of-type() :nth-last-of-type() :not() :is() :where() :empty :root :scope. Throws a DOMException named SyntaxError otherwise. */
  querySelector(selectors: string): Element | null;
  querySelectorAll(selectors: string): Element[];
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
  readonly id: string;
  readonly className: string;
  readonly classList: string[];
  readonly previousElementSibling: Element | null;
  readonly nextElementSibling: Element | null;
  readonly innerHTML: string;
  readonly outerHTML: string;
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
  matches(selectors: string): boolean;
  closest(selectors: string): Element | null;
}

/** An HTML <template> element. */
export declare class TemplateElement extends Element {
  readonly content: DocumentFragment;
}

export declare abstract class CharacterData extends Node {
  readonly data: string;
  readonly nodeValue: string;
  readonly textContent: string;
  readonly length: number;
  readonly childNodes: readonly [];
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
  /** Non-standard: serialisation of the children. */
  readonly innerHTML: string;
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
  getHTML(options?: GetHTMLOptions): string;
}

/** A host's shadow root, open or closed, or null (what dumpTree() shows). */
export declare function shadowRootOf(element: Element): ShadowRoot | null;
