// Types of js/dom/dom-implementation.js: DOM 4.5.1 DOMImplementation (document.implementation).
import type { Document, DocumentType } from './dom.js';
import type { XmlDocument } from '../xml/xml.js';

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
