// The parse5-compatible plain-object tree of decode(buffer, { format: 'object' }):
// the shape of parse5's default tree adapter, key for key.

import type { ElementLocation, Location } from './dom.js';
export type { ElementLocation, Location };

export interface Attribute {
  name: string;
  value: string;
  /** Only on attributes adjusted for foreign content (xlink:, xml:, xmlns). */
  prefix?: string;
  namespace?: string;
}

export interface Document {
  nodeName: '#document';
  mode: 'no-quirks' | 'quirks' | 'limited-quirks';
  childNodes: ChildNode[];
}

export interface DocumentFragment {
  nodeName: '#document-fragment';
  childNodes: ChildNode[];
  /** null on template contents when locations are on. */
  sourceCodeLocation?: null;
}

export interface Element {
  nodeName: string;
  tagName: string;
  attrs: Attribute[];
  namespaceURI: string;
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
export interface ProcessingInstructionComment {
  nodeName: '#comment';
  data: string;
  processingInstruction: { target: string; data: string };
  parentNode: ParentNode | null;
  sourceCodeLocation?: Location | null;
}

/** A processing instruction built by the user: serialize() and dumpTree() take it too. */
export interface ProcessingInstruction {
  nodeName: '#processing-instruction';
  target: string;
  data: string;
  parentNode: ParentNode | null;
  sourceCodeLocation?: Location | null;
}

export type ChildNode = Element | TextNode | CommentNode | ProcessingInstructionComment | DocumentType | ProcessingInstruction;
export type ParentNode = Document | DocumentFragment | Element;
export type Node = ParentNode | ChildNode;
