// Types of html5-wasm's HTML Sanitizer API (js/sanitize/index.js; HTML
// Standard 8.5.2/8.6 "HTML sanitization").  The dictionaries are the
// standard's WebIDL ones.
import type { Document } from '../dom/dom.js';

/** An element: a local name (HTML namespace) or { name, namespace } (namespace null: none; '' is null). */
export type SanitizerElement = string | SanitizerElementNamespace;
export interface SanitizerElementNamespace {
  name: string;
  /** Default: the HTML namespace. */
  namespace?: string | null;
}
/** An entry of `elements`: with the attributes allowed or removed on that element. */
export type SanitizerElementWithAttributes = string | SanitizerElementNamespaceWithAttributes;
export interface SanitizerElementNamespaceWithAttributes extends SanitizerElementNamespace {
  attributes?: SanitizerAttribute[];
  removeAttributes?: SanitizerAttribute[];
}
/** An attribute: a local name (no namespace) or { name, namespace }. */
export type SanitizerAttribute = string | SanitizerAttributeNamespace;
export interface SanitizerAttributeNamespace {
  name: string;
  /** Default: null (no namespace). */
  namespace?: string | null;
}
/** A processing instruction: its target, or { target }. */
export type SanitizerPI = string | { target: string };

/** The standard's SanitizerConfig.  Either allow lists or remove lists, not both of a kind. */
export interface SanitizerConfig {
  elements?: SanitizerElementWithAttributes[];
  removeElements?: SanitizerElement[];
  replaceWithChildrenElements?: SanitizerElement[];
  processingInstructions?: SanitizerPI[];
  removeProcessingInstructions?: SanitizerPI[];
  attributes?: SanitizerAttribute[];
  removeAttributes?: SanitizerAttribute[];
  comments?: boolean;
  dataAttributes?: boolean;
  /** whatwg/html PR 12898: keep javascript: URLs in navigating attributes (never with the safe methods). */
  javascriptURLs?: boolean;
}

/** What get() returns: the configuration in canonical form (every name an object, lists sorted). */
export interface CanonicalSanitizerConfig {
  attributes?: { name: string; namespace: string | null }[];
  comments: boolean;
  dataAttributes?: boolean;
  elements?: { name: string; namespace: string | null; attributes?: { name: string; namespace: string | null }[]; removeAttributes?: { name: string; namespace: string | null }[] }[];
  processingInstructions?: { target: string }[];
  removeAttributes?: { name: string; namespace: string | null }[];
  removeElements?: { name: string; namespace: string | null }[];
  removeProcessingInstructions?: { target: string }[];
  replaceWithChildrenElements?: { name: string; namespace: string | null }[];
}

export type SanitizerPresets = 'default';

/** A configuration and the methods that change it; each returns whether it changed. */
export declare class Sanitizer {
  /** Default: 'default', the built-in safe default configuration.  An invalid configuration is a TypeError naming the problem. */
  constructor(configuration?: SanitizerConfig | SanitizerPresets);
  get(): CanonicalSanitizerConfig;
  allowElement(element: SanitizerElementWithAttributes): boolean;
  removeElement(element: SanitizerElement): boolean;
  replaceElementWithChildren(element: SanitizerElement): boolean;
  allowProcessingInstruction(pi: SanitizerPI): boolean;
  removeProcessingInstruction(pi: SanitizerPI): boolean;
  allowAttribute(attribute: SanitizerAttribute): boolean;
  removeAttribute(attribute: SanitizerAttribute): boolean;
  setComments(allow: boolean): boolean;
  setDataAttributes(allow: boolean): boolean;
  /** Remove what executes script: the unsafe elements, the event handler attributes; javascript: URLs off. */
  removeUnsafe(): boolean;
}

export interface SetHTMLOptions {
  /** Default: 'default' (setHTML, parseHTML, sanitize) or {} (the Unsafe methods). */
  sanitizer?: Sanitizer | SanitizerConfig | SanitizerPresets;
}

/** Document.parseHTML(): a new Document, sanitized (the unsafe parts removed whatever the configuration). */
export declare function parseHTML(html: string, options?: SetHTMLOptions): Document;
/** Document.parseHTMLUnsafe(): a new Document, sanitized with the configuration as it is (default: nothing removed). */
export declare function parseHTMLUnsafe(html: string, options?: SetHTMLOptions): Document;
/**
 * The sanitized markup: div.setHTML(html, options) then div.innerHTML, parsed
 * again and sanitized again until that removes nothing (mutated XSS).
 */
export declare function sanitize(html: string, options?: SetHTMLOptions): string;
/** Is the scheme of `value`, as the URL parser reads it, "javascript"? */
export declare function isJavascriptURL(value: string): boolean;
/** Put setHTML() and setHTMLUnsafe() on Element.prototype and ShadowRoot.prototype (idempotent). */
export declare function installSanitizerMembers(): void;

declare module '../dom/dom.js' {
  interface Element {
    /** After installSanitizerMembers(): the children replaced by the markup, sanitized (a template: its contents). */
    setHTML(html: string, options?: SetHTMLOptions): void;
    setHTMLUnsafe(html: string, options?: SetHTMLOptions): void;
  }
  interface ShadowRoot {
    setHTML(html: string, options?: SetHTMLOptions): void;
    setHTMLUnsafe(html: string, options?: SetHTMLOptions): void;
  }
}
