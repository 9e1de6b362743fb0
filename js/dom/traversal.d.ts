// Types of js/dom/traversal.js: NodeFilter, NodeIterator and TreeWalker (DOM 6).
import type { Node } from './dom.js';

export declare const NODE_TYPES: Readonly<Record<string, number>>;

export declare const NodeFilter: {
  readonly FILTER_ACCEPT: 1;
  readonly FILTER_REJECT: 2;
  readonly FILTER_SKIP: 3;
  readonly SHOW_ALL: 0xffffffff;
  readonly SHOW_ELEMENT: 0x1;
  readonly SHOW_ATTRIBUTE: 0x2;
  readonly SHOW_TEXT: 0x4;
  readonly SHOW_CDATA_SECTION: 0x8;
  readonly SHOW_ENTITY_REFERENCE: 0x10;
  readonly SHOW_ENTITY: 0x20;
  readonly SHOW_PROCESSING_INSTRUCTION: 0x40;
  readonly SHOW_COMMENT: 0x80;
  readonly SHOW_DOCUMENT: 0x100;
  readonly SHOW_DOCUMENT_TYPE: 0x200;
  readonly SHOW_DOCUMENT_FRAGMENT: 0x400;
  readonly SHOW_NOTATION: 0x800;
};
/** A function, or an object whose acceptNode is called: returns FILTER_ACCEPT, FILTER_REJECT or FILTER_SKIP. */
export type NodeFilterInput = ((node: Node) => number) | { acceptNode(node: Node): number } | null;

export declare class NodeIterator {
  readonly root: Node;
  readonly referenceNode: Node;
  readonly pointerBeforeReferenceNode: boolean;
  readonly whatToShow: number;
  readonly filter: NodeFilterInput;
  nextNode(): Node | null;
  previousNode(): Node | null;
  detach(): void;
}
export declare class TreeWalker {
  readonly root: Node;
  readonly whatToShow: number;
  readonly filter: NodeFilterInput;
  currentNode: Node;
  parentNode(): Node | null;
  firstChild(): Node | null;
  lastChild(): Node | null;
  previousSibling(): Node | null;
  nextSibling(): Node | null;
  previousNode(): Node | null;
  nextNode(): Node | null;
}
