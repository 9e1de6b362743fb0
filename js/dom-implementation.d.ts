// Types of js/dom-implementation.js: DOM 4.5.1 DOMImplementation (document.implementation).
import type { Document, DocumentType } from './dom.js';

export declare class DOMImplementation {
  /** A doctype of this document; InvalidCharacterError when name has ASCII whitespace, NULL or '>'. */
  createDocumentType(name: string, publicId: string, systemId: string): DocumentType;
  /** A new no-quirks HTML document (doctype, html, head, title when given, body), scripting disabled. */
  createHTMLDocument(title?: string): Document;
  /** Always true. */
  hasFeature(...args: unknown[]): true;
}
