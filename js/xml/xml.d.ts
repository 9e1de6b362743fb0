// Types of the XML API (js/xml/xml.js, js/xml/xml-tokenize.js, js/xml/xml-dump.js,
// js/dom/xml-serialize.js; the nodes of js/dom/xml-dom.js and js/html/xml-object.js).
// README, "XML"; docs/xml5.md.
import type * as Dom from '../dom/dom.js';
import type * as Obj from '../html/object.js';

/** A parse error of the XML5 parser: code from src/xml5/xml5_errors.h (docs/xml5.md). */
export interface XmlParseError {
  code: string;
  /** 1-based line and column. */
  line: number;
  col: number;
  /** UTF-16 code-unit offset in the input. */
  offset: number;
}

/** strict: true: the first error, thrown. */
export interface XmlSyntaxError extends SyntaxError {
  code: string;
  line: number;
  col: number;
  offset: number;
}

export interface XmlDeclaration {
  version: string | null;
  encoding: string | null;
  standalone: string | null;
}

/** An attribute of an XML element: its namespaceURI and prefix as parsed; `name` the qualified name. */
export interface XmlAttr extends Dom.Attr {
  readonly namespaceURI: string | null;
  readonly prefix: string | null;
}

/**
 * An XML element's attributes (js/dom/xml-dom.js, XmlElement#attributes): the DOM's NamedNodeMap (an
 * Array subclass of Attr snapshots with item, getNamedItem(NS), setNamedItem(NS), removeNamedItem(NS)),
 * whose attributes are XmlAttr; names are matched exactly (XML is case-sensitive).
 */
export interface XmlNamedNodeMap extends Dom.NamedNodeMap {
  [index: number]: XmlAttr;
  item(index: number): XmlAttr | null;
  getNamedItem(qualifiedName: string): XmlAttr | null;
  getNamedItemNS(namespace: string | null, localName: string): XmlAttr | null;
}

/** An element of an XML document: exact namespaceURI, prefix and localName; case-sensitive names. */
export interface XmlElement extends Omit<Dom.Element, 'prefix' | 'namespaceURI' | 'attributes' | 'getAttributeNode' | 'getAttributeNodeNS'> {
  readonly namespaceURI: string | null;
  readonly prefix: string | null;
  /** The qualified name as written (no case change). */
  readonly tagName: string;
  readonly attributes: XmlNamedNodeMap;
  getAttributeNode(name: string): XmlAttr | null;
  getAttributeNodeNS(namespace: string | null, localName: string): XmlAttr | null;
  /**
   * The XML serialization (serializeXml) of the children / of the element.  Setting them (and
   * insertAdjacentHTML) parses by HTML's XML fragment parsing algorithm: a SyntaxError DOMException
   * for markup that is not well-formed.
   */
  innerHTML: string;
  outerHTML: string;
}

/**
 * A template element of an XML document (`template` in the HTML namespace, any prefix): what the XML
 * parser appends to it goes into its template contents (HTML 13.4), as in browsers' XML parsers; its
 * innerHTML is that of its contents, and setting it replaces them.  Other elements have no `content`.
 */
export interface XmlTemplateElement extends XmlElement {
  readonly content: Dom.DocumentFragment;
}

export interface XmlDocument extends Omit<Dom.Document, 'documentElement'> {
  /** 'application/xml'; createDocument's: by the namespace of its element. */
  readonly contentType: 'application/xml' | 'application/xhtml+xml' | 'image/svg+xml';
  /** The XML declaration, or null when the document has none. */
  readonly xmlDeclaration: XmlDeclaration | null;
  readonly documentElement: XmlElement | null;
  /** A CDATASection; InvalidCharacterError when the data contains `]]>`. */
  createCDATASection(data: string): Dom.CDATASection;
}

export interface XmlObjectElement extends Omit<Obj.Element, 'namespaceURI'> {
  /** Qualified name (nodeName and tagName). */
  localName: string;
  namespaceURI: string | null;
  prefix: string | null;
}
export interface XmlObjectDocument extends Obj.Document {
  xmlDeclaration: XmlDeclaration | null;
}

export interface ParseXmlOptions {
  /** 'dom' (default): XmlDocument; 'object': parse5-shaped objects with XML names. */
  format?: 'dom' | 'object';
  onParseError?: (error: XmlParseError) => void;
  /** Throw an XmlSyntaxError at the first parse error (well-formedness or namespace error). Default false. */
  strict?: boolean;
  /** Byte input: the transport layer's encoding label (after a BOM, before the XML declaration). */
  encoding?: string;
  /**
   * Source locations (as parse(): `sourceCodeLocation` with offsets, lines and columns) of elements
   * (start tag, end tag, attributes keyed by qualified name), text, comments, processing instructions
   * and the doctype; in a buffer, its location sections (decode it with `source`). Default false.
   */
  sourceLocations?: boolean;
}
export interface ParseXmlToBufferOptions extends Omit<ParseXmlOptions, 'format'> {
  /** Write the error section into the buffer. */
  includeErrors?: boolean;
}

export declare function parseXml(input: string | Uint8Array | ArrayBuffer, options?: ParseXmlOptions & { format?: 'dom' }): XmlDocument;
export declare function parseXml(input: string | Uint8Array | ArrayBuffer, options: ParseXmlOptions & { format: 'object' }): XmlObjectDocument;
export declare function parseXmlToBuffer(input: string | Uint8Array | ArrayBuffer, options?: ParseXmlToBufferOptions): ArrayBuffer;

export type XmlToken =
  | { type: 'startTag' | 'emptyTag'; name: string; attributes: { name: string; value: string }[] }
  | { type: 'endTag'; name: string }
  | { type: 'shortEndTag' }
  | { type: 'comment'; data: string }
  /** Text; `cdata: true`: the data of one CDATA section (never merged with text beside it; empty for `<![CDATA[]]>`). */
  | { type: 'character'; data: string; cdata?: true }
  | { type: 'processingInstruction'; target: string; data: string }
  | { type: 'xmlDeclaration'; version: string | null; encoding: string | null; standalone: string | null }
  | { type: 'doctype'; name: string | null; publicId: string | null; systemId: string | null };
export declare function tokenizeXml(xml: string, options?: { onParseError?: (error: XmlParseError) => void }): XmlToken[];

/** The XML serialization of the DOM Parsing standard (namespace fix-up, `<a/>`); any DOM-like node. */
export declare function serializeXml(node: Dom.Node | XmlDocument | XmlElement, options?: { children?: boolean }): string;

/** The tree in xml5lib-tests' notation. */
export declare function dumpXmlTree(doc: Dom.Node): string;
