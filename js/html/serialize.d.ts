import type * as Dom from '../dom/dom.js';
import type * as Obj from './object.js';

export interface SerializeOptions {
  /** Whether <noscript> content is raw text.  Default: the tree's own flag for DOM-like nodes, true for objects (as parse5). */
  scriptingEnabled?: boolean;
  /** Write shadow roots whose serializable is set as declarative `<template shadowrootmode>` elements (HTML getHTML()). Default false. */
  serializableShadowRoots?: boolean;
  /** Shadow roots to write whatever their serializable (HTML getHTML()); true: every shadow root (non-standard). Default []. */
  shadowRoots?: readonly (Dom.ShadowRoot | Obj.ShadowRoot)[] | true;
}

/**
 * A parse5-shaped object as the serialiser reads it: this package's object
 * format, parse5's own trees, or trees built by hand (where namespaceURI and
 * mode may be plain strings).  Without parentNode, text is always escaped.
 */
export type SerializableObject =
  | { nodeName: '#document' | '#document-fragment'; childNodes: readonly SerializableObject[] }
  | { nodeName: '#text'; value: string; parentNode?: SerializableObject | null }
  | { nodeName: '#comment'; data: string; processingInstruction?: { target: string; data: string } }
  | { nodeName: '#documentType'; name: string }
  | { nodeName: '#processing-instruction'; target: string; data: string }
  | {
      nodeName: string;
      tagName: string;
      namespaceURI: string;
      attrs: readonly { name: string; value: string; namespace?: string; prefix?: string }[];
      childNodes: readonly SerializableObject[];
      content?: SerializableObject;
      parentNode?: SerializableObject | null;
    };

/** What serialize() and serializeOuter() take: a DOM-like node or a parse5-shaped object. */
export type SerializableNode = Dom.Node | SerializableObject;

/** HTML serialisation of the node's children (innerHTML; a template's contents).  Equals parse5.serialize.  TypeError for anything that is not a node. */
export declare function serialize(node: SerializableNode, options?: SerializeOptions): string;
/** HTML serialisation of the node itself (outerHTML).  Equals parse5.serializeOuter; '' for documents and fragments. */
export declare function serializeOuter(node: SerializableNode, options?: SerializeOptions): string;
export interface SerializeBufferOptions {
  scriptingEnabled?: boolean;
  /** Shadow roots whose serializable is set, as declarative templates. Default false. */
  serializableShadowRoots?: boolean;
  /** true: every shadow root as a declarative template. Default false. */
  shadowRoots?: boolean;
  /** Record index of the node to serialise (default 0, the root). */
  node?: number;
  /** The node itself (outerHTML; for a document or fragment: its children, doctype included) instead of its children.  Default false. */
  outer?: boolean;
}
/** Serialise straight from a flat tree buffer (parseToBuffer(), docs/format.md) with the C serialiser, without decoding it.  Needs the wasm module (init()).  Throws RangeError for a buffer that is not a valid tree buffer. */
export declare function serializeBuffer(buffer: ArrayBuffer | ArrayBufferView, options?: SerializeBufferOptions): string;
/** Escape text: & NBSP < >. */
export declare function escapeText(text: string): string;
/** Escape an attribute value: & NBSP " < >. */
export declare function escapeAttribute(value: string): string;
export declare const VOID_ELEMENTS: ReadonlySet<string>;
export declare const RAW_TEXT_ELEMENTS: ReadonlySet<string>;
