// The parse5-compatible plain-object tree of parse(html, { format: 'object' })
// and decode(buffer, { format: 'object' }): the shape of parse5's default tree
// adapter, key for key, and assignable to parse5's types (DefaultTreeAdapterMap),
// so parse5.serialize(tree) and hast-util-from-parse5's fromParse5(tree)
// type-check.  Nothing here needs parse5 installed.

import type { ElementLocation, Location } from '../dom/dom.js';
export type { ElementLocation, Location };

/**
 * Namespace URIs.  Declared as parse5 declares them (an enum of the same name
 * and members), which is what makes these types assignable to parse5's; a
 * type only (html5-wasm exports no such value): compare with the strings.
 */
declare enum NS {
  HTML = 'http://www.w3.org/1999/xhtml',
  MATHML = 'http://www.w3.org/1998/Math/MathML',
  SVG = 'http://www.w3.org/2000/svg',
  XLINK = 'http://www.w3.org/1999/xlink',
  XML = 'http://www.w3.org/XML/1998/namespace',
  XMLNS = 'http://www.w3.org/2000/xmlns/',
}
/** The document's mode, as parse5 declares it ('no-quirks' | 'quirks' | 'limited-quirks'); a type only. */
declare enum DOCUMENT_MODE {
  NO_QUIRKS = 'no-quirks',
  QUIRKS = 'quirks',
  LIMITED_QUIRKS = 'limited-quirks',
}
export type { NS, DOCUMENT_MODE };

export interface Attribute {
  name: string;
  value: string;
  /** Only on attributes adjusted for foreign content (xlink:, xml:, xmlns). */
  prefix?: string;
  namespace?: string;
}

export interface Document {
  nodeName: '#document';
  mode: DOCUMENT_MODE;
  childNodes: ChildNode[];
}

export interface DocumentFragment {
  nodeName: '#document-fragment';
  childNodes: ChildNode[];
  /** null on template contents when locations are on (parse5 types it Location | null). */
  sourceCodeLocation?: Location | null;
}

export interface Element {
  nodeName: string;
  tagName: string;
  attrs: Attribute[];
  namespaceURI: NS;
  childNodes: ChildNode[];
  parentNode: ParentNode | null;
  /** HTML <template> only. */
  content?: DocumentFragment;
  /** Only when decoded from a buffer with locations. */
  sourceCodeLocation?: ElementLocation | null;
  /** A shadow host only (parse option shadowRoots): its shadow root, open or closed. */
  shadowRoot?: ShadowRoot;
}

/** A declarative shadow root (not in parse5's shape: parse5 tools ignore the key, serialize() can write it back). */
export interface ShadowRoot {
  nodeName: '#document-fragment';
  childNodes: ChildNode[];
  mode: 'open' | 'closed';
  delegatesFocus: boolean;
  clonable: boolean;
  serializable: boolean;
  slotAssignment: 'named' | 'manual';
  keepCustomElementRegistryNull: boolean;
  host: Element;
}

/** An HTML <template> element (parse5's Template). */
export interface Template extends Element {
  nodeName: 'template';
  tagName: 'template';
  content: DocumentFragment;
}

export interface DocumentType {
  nodeName: '#documentType';
  name: string;
  publicId: string;
  systemId: string;
  parentNode: ParentNode | null;
  sourceCodeLocation?: Location | null;
}

export interface TextNode {
  nodeName: '#text';
  value: string;
  /** XML documents (parseXml, format 'object'): the text of a CDATA section (a node of its own, not merged with text beside it). */
  cdata?: true;
  parentNode: ParentNode | null;
  sourceCodeLocation?: Location | null;
}

export interface CommentNode {
  nodeName: '#comment';
  data: string;
  parentNode: ParentNode | null;
  sourceCodeLocation?: Location | null;
}

/**
 * `<?target data>` (the standard since 2026; with processingInstructions: false, a plain comment).
 * parse5's shape has no such node and tools built on it take unknown nodeNames for elements, so the
 * parser makes a comment whose data is `'?' + target + ' ' + data + '?'` (parse5.serialize writes
 * `<!--?target data?-->`) and `processingInstruction` holds the PI; serialize() and dumpTree() write
 * it as `<?target data?>`.
 */
export interface ProcessingInstructionComment extends CommentNode {
  processingInstruction: { target: string; data: string };
}

/**
 * A processing instruction built by the user: serialize(), serializeOuter() and dumpTree() take it
 * too.  The parser never makes one (see ProcessingInstructionComment).
 */
export interface ProcessingInstruction {
  nodeName: '#processing-instruction';
  target: string;
  data: string;
  parentNode: ParentNode | null;
  sourceCodeLocation?: Location | null;
}

/** The nodes the parser makes. */
export type ChildNode = Element | Template | TextNode | CommentNode | ProcessingInstructionComment | DocumentType;
export type ParentNode = Document | DocumentFragment | Element | Template;
export type Node = ParentNode | ChildNode;
