// ESM use of html5-wasm's types, resolved as a user resolves them (the
// package's self-reference through package.json "exports").  Checked by
// test/js/package/types.test.js under each tsconfig*.json of this folder.
// `// @ts-expect-error -- TEXT`: the next line must fail to type-check, and
// with a message that contains TEXT.
import * as parse5 from 'parse5';
import {
  decode, dumpTree, init, initSync, isReady, memoryUsage, parse, parseFragment, parseToBuffer, parseToView, releaseMemory,
  serialize, serializeBuffer, serializeOuter, sniffEncoding, tokenize, createParser, parseStream, createTokenizer,
  parseXml, createWindow,
} from 'html5-wasm';
import type {
  Attr, BufferHeader, Bytes, BytesOptions, ChildNode, Comment, DecodeOptions, Document, DocumentFragment, DocumentType,
  DomTypes, Element, ElementCreationOptions, EncodingSniffResult, Format, FragmentContext, Location, NodeJSON, ObjectDocument, ObjectElement,
  ObjectNode, ObjectTextNode, ObjectTypes, ParseDocumentOptions, ParseError, ParseFragmentOptions, ParseOptions,
  ParseToBufferOptions, ProcessingInstruction, SerializeBufferOptions, SerializeOptions, TemplateElement, Text, Token,
  TokenizeOptions, TreeBuffer, WasmSource, CDATASection, HtmlWindow, WindowOptions, XmlAttr, XmlElement, XmlNamedNodeMap, XmlTemplateElement,
} from 'html5-wasm';

declare const html: string;
declare const bytes: Uint8Array;

// ---- the DOM format (default) ----------------------------------------------------------
const doc: Document = parse(html);
const title: string = doc.title;
const body: Element | null = doc.body;
const mode: 'no-quirks' | 'quirks' | 'limited-quirks' = doc.mode;
const p: Element | null = doc.querySelector('p');
const kids: readonly ChildNode[] = doc.childNodes;
const text: string | null = doc.body?.firstChild?.textContent ?? null;
const attrs: readonly Attr[] = p?.attributes ?? [];
const fromBytes: Document = parse(bytes, { encoding: 'shift_jis', format: 'dom' });
// document.implementation.createDocument: an XML document, whose elements take XML markup
const xmlDoc = doc.implementation.createDocument('http://www.w3.org/2000/svg', 'svg', null);
const xmlType: 'application/xml' | 'application/xhtml+xml' | 'image/svg+xml' = xmlDoc.contentType;
if (xmlDoc.documentElement !== null) xmlDoc.documentElement.innerHTML = '<g/>';
// @ts-expect-error -- DocumentType
doc.implementation.createDocument(null, 'a', doc.body);
// createElement's options: { is } (the is value) or a string
const custom: Element = doc.createElement('button', { is: 'fancy-button' });
const opts: ElementCreationOptions = { is: 'x-y' };
doc.createElementNS('http://www.w3.org/1999/xhtml', 'p', opts);
doc.createElement('p', 'ignored');
// @ts-expect-error -- Type 'number' is not assignable to type 'string'
doc.createElement('p', { is: 5 });
const frag: DocumentFragment = parseFragment('<td>x', { context: 'tr' });
const fragCtx: DocumentFragment = parseFragment('<path/>', { context: { localName: 'svg', namespaceURI: 'http://www.w3.org/2000/svg' } });
const json: NodeJSON = doc.toJSON();
const same: boolean = doc.isEqualNode(parse(html));
const loc: Location | null | undefined = parse(html, { sourceLocations: true }).body?.sourceCodeLocation;
const startLine: number | undefined = loc?.startLine;
for (const node of doc.childNodes) {
  if (node.nodeType === 10) { const d: DocumentType = node; void d; }
  if (node.nodeType === 1) { const e: Element = node; void e; }
}
const t: TemplateElement | null = null;
const tx: Text | Comment | ProcessingInstruction | null = null;
const ns: typeof DomTypes extends never ? never : DomTypes.Element | null = body;

// ---- decode(): the type follows the format and what was parsed ---------------------------
const decoded: Document = decode(parseToBuffer(html));
const decodedTitle: string = decode(parseToBuffer(html)).title;
const decodedView: string = decode(parseToView(html)).title;
const decodedFragment: DocumentFragment = decode(parseToBuffer('<td>', { fragment: true, context: 'tr' }));
const decodedObject: ObjectDocument = decode(parseToBuffer(bytes), { format: 'object' });
const anyBuffer = new ArrayBuffer(8);
const unknownRoot: Document | DocumentFragment | Element = decode(anyBuffer);
const declared: TreeBuffer<'document'> = parseToBuffer(html);
const transferable: ArrayBuffer = declared;
const decodeOptions: DecodeOptions = { format: 'object', source: html };
const header: BufferHeader | null = null;
// @ts-expect-error -- Property 'title' does not exist
decode(anyBuffer).title;
// @ts-expect-error -- Property 'title' does not exist
decode(parseToBuffer(html, { fragment: true })).title;

// ---- the object format: parse5's types ---------------------------------------------------
const tree: ObjectDocument = parse(html, { format: 'object' });
const p5: parse5.DefaultTreeAdapterMap['document'] = tree;
const serialised: string = parse5.serialize(tree);
const objEl = tree.childNodes.find((n): n is ObjectElement => 'tagName' in n);
const fromP5: string = serialize(parse5.parse(html));
const back: string = serialize(tree) + serializeOuter(tree.childNodes[0]!) + dumpTree(tree);
const svg: boolean = objEl?.namespaceURI === 'http://www.w3.org/2000/svg';
const quirks: boolean = tree.mode === 'quirks';
const modeString: string = tree.mode;
const textNode: ObjectTextNode | undefined = undefined;
const anyObject: ObjectNode = tree;
const viaNamespace: ObjectTypes.Document = tree;
const format: Format = Math.random() < 0.5 ? 'dom' : 'object';
const either: Document | ObjectDocument = parse(html, { format });

// ---- the rest of the API ----------------------------------------------------------------
const tokens: Token[] = tokenize(html, { initialState: 'RCDATA state', lastStartTag: 'title', onParseError: (e: ParseError) => void e.code });
const sniffed: EncodingSniffResult = sniffEncoding(bytes, { defaultEncoding: 'utf-8' });
const ser: string = serializeBuffer(parseToBuffer(html), { node: 0, outer: true, scriptingEnabled: false });
const ready: boolean = isReady();
const memory: number = memoryUsage().wasm;
releaseMemory();
async function load(source: WasmSource, u8: Uint8Array) {
  await init();
  await init('https://example.com/html5.wasm');
  await init({ href: 'file:///x/html5.wasm', protocol: 'file:' });
  await init(u8);
  initSync(u8.buffer);
}
const options: [ParseOptions, BytesOptions, ParseDocumentOptions, ParseFragmentOptions, ParseToBufferOptions, TokenizeOptions, SerializeOptions, SerializeBufferOptions] = [
  { scriptingEnabled: false }, { detectUtf8: false }, { format: 'object', sourceCodeLocationInfo: true }, { context: 'td' },
  { includeErrors: true }, { processingInstructions: false }, { scriptingEnabled: true }, { outer: true },
];
const ctx: FragmentContext = 'td';
const input: Bytes = new DataView(new ArrayBuffer(1));

// ---- mistakes are reported as what they are ---------------------------------------------
// @ts-expect-error -- 'fromat' does not exist in type
parse(html, { fromat: 'object' });
// @ts-expect-error -- Type '"tree"' is not assignable to type 'Format
parse(html, { format: 'tree' });
// @ts-expect-error -- Type 'string' is not assignable to type 'boolean
parse(html, { scriptingEnabled: 'yes' });
// @ts-expect-error -- 'encodng' does not exist in type
parse(bytes, { encodng: 'utf-8' });
// @ts-expect-error -- 'contxt' does not exist in type
parseFragment(html, { contxt: 'td' });
// @ts-expect-error -- 'fromat' does not exist in type
decode(parseToBuffer(html), { fromat: 'object' });
// @ts-expect-error -- 'nod' does not exist in type
serializeBuffer(parseToBuffer(html), { nod: 1 });
// @ts-expect-error -- 'scripting' does not exist in type
serialize(doc, { scripting: true });
// @ts-expect-error -- Type '"data"' is not assignable to type 'TokenizerState
tokenize(html, { initialState: 'data' });
// @ts-expect-error -- Argument of type 'number' is not assignable to parameter of type 'string | Bytes'
parse(42);
// @ts-expect-error -- Argument of type 'Uint8Array
parseFragment(bytes);
// @ts-expect-error -- Property 'attrs' does not exist on type 'Element'
doc.body?.attrs;
// @ts-expect-error -- Property 'attributes' does not exist on type
objEl?.attributes;
// @ts-expect-error -- Types of property 'mode' are incompatible
const wrongFamily: ObjectDocument = parse(html);
// @ts-expect-error -- Argument of type 'Document' is not assignable to parameter of type 'ParentNode'
parse5.serialize(parse(html));
// @ts-expect-error -- Argument of type '{}' is not assignable to parameter of type 'SerializableNode'
serialize({});
// Built by hand: plain strings where parse5 has enums.
const handMade: string = serializeOuter({
  nodeName: 'p', tagName: 'p', namespaceURI: 'http://www.w3.org/1999/xhtml', attrs: [{ name: 'a', value: '1' }],
  childNodes: [{ nodeName: '#text', value: 'x' }, { nodeName: '#processing-instruction', target: 't', data: 'd' }],
});
// @ts-expect-error -- Argument of type
serializeOuter({ nodeName: 'p', tagName: 'p', attrs: [], childNodes: [] });

// Streams without the DOM lib: an iterable of chunks; the result follows output and format.
const streamedDoc: string = (await parseStream(['<title>', 'x</title>'])).title;
const streamedObj: string = (await parseStream([new Uint8Array(4)], { format: 'object' })).nodeName;
const chunked = createParser();
chunked.write('<p>a');
const chunkedTitle: string = chunked.end().title;
const streamedTokens: number = createTokenizer().write('<p>').length;
// @ts-expect-error -- 'outptu' does not exist in type
createParser({ outptu: 'buffer' });

// XML documents: CDATA sections.
const cdata: CDATASection = parseXml('<r/>').createCDATASection('x');
const cdataType: 4 = cdata.nodeType;
const cdataIsText: string = cdata.wholeText;
const objectCdata: true | undefined = (parseXml('<r/>', { format: 'object' }).childNodes[0] as ObjectTextNode).cdata;

// createWindow() (js/window/window.js): a window-like object for DOMPurify and similar libraries.
const windowOptions: WindowOptions = { html: '<p>x', url: 'https://example.com/' };
const win: HtmlWindow = createWindow(windowOptions);
const winDoc: Document = win.document;
const parsedByWindow: Document = new win.DOMParser().parseFromString('<p>', 'text/html');
const isTemplate: boolean = winDoc.createElement('template') instanceof win.HTMLTemplateElement;
const showElement: number = win.NodeFilter.SHOW_ELEMENT;
// @ts-expect-error -- '"text/plain"' is not assignable to parameter of type 'DOMParserSupportedType'
new win.DOMParser().parseFromString('x', 'text/plain');
// XML documents: an element's attributes are a NamedNodeMap of XmlAttr, as at run time (issue 30).
const xmlRoot: XmlElement | null = parseXml('<r xmlns:m="urn:m" m:a="1" b="2"/>').documentElement;
const xmlAttrs: XmlNamedNodeMap | undefined = xmlRoot?.attributes;
const namedItem: XmlAttr | null = xmlAttrs?.getNamedItem('m:a') ?? null;
const namedItemPrefix: string | null | undefined = xmlAttrs?.getNamedItemNS('urn:m', 'a')?.prefix;
const firstXmlAttr: XmlAttr | null | undefined = xmlAttrs?.item(0);
const indexedXmlAttr: string | undefined = xmlAttrs?.[1]?.namespaceURI ?? undefined;
const xmlAttrNames: string[] = xmlAttrs ? [...xmlAttrs].map((a) => a.name) : [];
const removedXmlAttr: XmlAttr | undefined = xmlAttrs?.removeNamedItem('b');
const nodeNS: XmlAttr | null | undefined = xmlRoot?.getAttributeNodeNS('urn:m', 'a');
// An XHTML template's children are its content (HTML 13.4); other XML elements have none.
const xmlTemplateContent: number = (parseXml('<template xmlns="http://www.w3.org/1999/xhtml"><p/></template>').documentElement as XmlTemplateElement).content.childNodes.length;
// @ts-expect-error -- Property 'content' does not exist on type 'XmlElement'
xmlRoot?.content;
// @ts-expect-error -- Argument of type 'number' is not assignable to parameter of type 'string'
xmlAttrs?.getNamedItem(1);
// @ts-expect-error -- Property 'getNamedItm' does not exist
xmlAttrs?.getNamedItm('b');

export {
  xmlTemplateContent, xmlAttrs, namedItem, namedItemPrefix, firstXmlAttr, indexedXmlAttr, xmlAttrNames, removedXmlAttr, nodeNS,
  streamedDoc, streamedObj, chunkedTitle, streamedTokens,
  title, mode, kids, text, attrs, fromBytes, frag, fragCtx, json, same, startLine, t, tx, ns, decoded, decodedTitle, decodedView,
  decodedFragment, decodedObject, unknownRoot, transferable, decodeOptions, header, p5, serialised, fromP5,
  back, svg, quirks, modeString, textNode, anyObject, viaNamespace, either, tokens, sniffed, ser, ready, memory, load,
  options, ctx, input, wrongFamily, handMade, xmlType, cdata, cdataType, cdataIsText, objectCdata,
  win, winDoc, parsedByWindow, isTemplate, showElement,
};

// ---- html5-wasm/parse and html5-wasm/decode: the DOM's base (README, What each entry costs) ----
import { init as initBase, parse as parseBase, parseFragment as parseFragmentBase, serializeOuter as serializeOuterBase } from 'html5-wasm/parse';
import { decode as decodeBase } from 'html5-wasm/decode';
import type { BaseDocument } from 'html5-wasm/parse';
void initBase();
const baseDoc: BaseDocument = parseBase(html);
const baseFragment: DocumentFragment = parseFragmentBase(html);
const baseOuter: string = serializeOuterBase(baseDoc.body!);
const baseQuery: Element | null = baseDoc.querySelector('p');
const decodedBase: BaseDocument = decodeBase(parseToBuffer(html));
const baseObject: ObjectDocument = parseBase(html, { format: 'object' });
// What the base leaves out is not in its types (at run time: undefined, js/dom/html-base.js):
// @ts-expect-error -- createTreeWalker
baseDoc.createTreeWalker(baseDoc);
// @ts-expect-error -- implementation
void decodedBase.implementation;
// @ts-expect-error -- is missing the following properties from type 'Document': implementation, createTreeWalker, createNodeIterator
const notFull: Document = parseBase(html);
void [baseQuery, baseObject, notFull];
import { parseXml as noXmlHere } from 'html5-wasm/parse';
// The XML parser is not in html5-wasm/parse (its types are there, as every entry's):
// @ts-expect-error -- cannot be used as a value
noXmlHere('<a/>');
