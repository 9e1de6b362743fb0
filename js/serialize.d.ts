import type * as Dom from './dom.js';
import type * as Obj from './object.js';

export interface SerializeOptions {
  /** Whether <noscript> content is raw text.  Default: the tree's own flag for DOM-like nodes, true for objects (as parse5). */
  scriptingEnabled?: boolean;
  /** Write shadow roots whose serializable is set as declarative `<template shadowrootmode>` elements (HTML getHTML()). Default false. */
  serializableShadowRoots?: boolean;
  /** Shadow roots to write whatever their serializable (HTML getHTML()); true: every shadow root (non-standard). Default []. */
  shadowRoots?: readonly (Dom.ShadowRoot | Obj.ShadowRoot)[] | true;
}

type AnyNode = Dom.Node | Obj.Node;

/** HTML serialisation of the node's children (innerHTML; a template's contents).  Equals parse5.serialize. */
export declare function serialize(node: AnyNode, options?: SerializeOptions): string;
/** HTML serialisation of the node itself (outerHTML).  Equals parse5.serializeOuter; '' for documents and fragments. */
export declare function serializeOuter(node: AnyNode, options?: SerializeOptions): string;
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
