// Types of js/dom/html-elements.js: the HTML standard's element classes with
// their reflected attributes (HTML 2.6.1), SVGElement and MathMLElement.
// Setters write the content attribute with setAttribute (the mutation API);
// form controls' dirty value / checkedness / selectedness are JS state.
import type { Document, Element, Node } from './dom.js';
import type { HTMLCollection, HTMLFormControlsCollection, HTMLOptionsCollection, NodeList } from './collections.js';
import type { DOMStringMap, DOMTokenList } from './tokenlist.js';

/** parse()/decode()'s option url, checked: an error text or null. */
export declare function checkUrl(v: unknown): string | null;
/** The document base URL of a tree (HTML 2.4.1). */
export declare function baseURL(tree: object): string;
/** HTML 2.3.4.1 rules for parsing integers (null on error). */
export declare function parseInteger(s: string): number | null;

/** HTMLOrSVGElement members. */
export interface HTMLOrSVGElementMembers {
  readonly dataset: DOMStringMap;
  /** The tabindex attribute; default 0 for a, area, button, frame, iframe, input, object, select, textarea, SVG a and a details' summary, else -1. */
  tabIndex: number;
  autofocus: boolean;
  nonce: string;
}
/** HTMLElement members (HTML 3.2.8). */
export interface HTMLElementMembers extends HTMLOrSVGElementMembers {
  title: string;
  lang: string;
  translate: boolean;
  /** 'ltr' | 'rtl' | 'auto' | '' */
  dir: string;
  hidden: boolean | 'until-found';
  inert: boolean;
  accessKey: string;
  draggable: boolean;
  /** The user agent's default where no ancestor decides: true here. */
  readonly spellcheck: boolean;
  contentEditable: string;
  enterKeyHint: string;
  inputMode: string;
  popover: string | null;
  /**
   * HTML 3.2.7: nothing is rendered, so the descendant text content (as in
   * Chromium's DOMParser documents).  Setting replaces the children (or, for
   * outerText, the element, merging adjacent Text nodes) with the text, each
   * LF, CR or CR LF a <br>; null is ''.
   */
  innerText: string;
  outerText: string;
}
export declare class HTMLElement extends Element {}
export declare interface HTMLElement extends HTMLElementMembers {}
export declare class SVGAnimatedString {
  baseVal: string;
  readonly animVal: string;
}
export declare class SVGElement extends Element {
  /** An SVGAnimatedString (typed `any`, as TypeScript's DOM types do). */
  readonly className: any;
  /** SVG 2 SVGURIReference (a, image, use, gradients, pattern, textPath, filter, feImage, script, mpath, animations): an SVGAnimatedString of href (else xlink:href); undefined on other elements. */
  readonly href: SVGAnimatedString | undefined;
}
export declare interface SVGElement extends HTMLOrSVGElementMembers {}
export declare class MathMLElement extends Element {}
export declare interface MathMLElement extends HTMLOrSVGElementMembers {}

/**
 * HTMLHyperlinkElementUtils (a, area): href resolved against the document
 * base URL, and its parts.  Setting a part sets it in that URL (by the URL
 * class's setter: what the URL cannot take is ignored) and writes the result
 * to the href attribute; nothing happens when href does not parse.
 */
export interface HyperlinkMembers {
  href: string;
  readonly origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  target: string;
  download: string;
  ping: string;
  rel: string;
  readonly relList: DOMTokenList;
  referrerPolicy: string;
}
export declare class HTMLAnchorElement extends HTMLElement {
  hreflang: string;
  type: string;
  readonly text: string;
  name: string;
}
export declare interface HTMLAnchorElement extends HyperlinkMembers {}
export declare class HTMLAreaElement extends HTMLElement {
  alt: string;
  coords: string;
  shape: string;
}
export declare interface HTMLAreaElement extends HyperlinkMembers {}

export declare class HTMLImageElement extends HTMLElement {
  src: string;
  alt: string;
  srcset: string;
  sizes: string;
  crossOrigin: string | null;
  useMap: string;
  isMap: boolean;
  /** The width / height attributes (nothing is rendered or fetched); 0 without them. */
  width: number;
  height: number;
  decoding: string;
  loading: string;
  fetchPriority: string;
  referrerPolicy: string;
  name: string;
  align: string;
  border: string;
}
export declare class HTMLMetaElement extends HTMLElement {
  name: string;
  content: string;
  httpEquiv: string;
  media: string;
  scheme: string;
}
export declare class HTMLLinkElement extends HTMLElement {
  href: string;
  rel: string;
  readonly relList: DOMTokenList;
  media: string;
  hreflang: string;
  type: string;
  as: string;
  crossOrigin: string | null;
  integrity: string;
  referrerPolicy: string;
  disabled: boolean;
  readonly sizes: DOMTokenList;
  /** HTML 2.5.8 (also on script and style): supports() 'render'. */
  get blocking(): DOMTokenList;
  set blocking(value: string);
}
export declare class HTMLBaseElement extends HTMLElement {
  href: string;
  target: string;
}
export declare class HTMLScriptElement extends HTMLElement {
  src: string;
  type: string;
  noModule: boolean;
  async: boolean;
  defer: boolean;
  crossOrigin: string | null;
  integrity: string;
  charset: string;
  referrerPolicy: string;
  readonly text: string;
  get blocking(): DOMTokenList;
  set blocking(value: string);
}
export declare class HTMLStyleElement extends HTMLElement {
  media: string;
  type: string;
  readonly disabled: false;
  get blocking(): DOMTokenList;
  set blocking(value: string);
}
export declare class HTMLTitleElement extends HTMLElement {
  readonly text: string;
}

/** HTML 4.9.1.  The section setters take null or a thead / tfoot (HierarchyRequestError for another section, TypeError for anything else). */
export declare class HTMLTableElement extends HTMLElement {
  get caption(): HTMLElement | null;
  set caption(value: HTMLElement | null);
  get tHead(): HTMLTableSectionElement | null;
  set tHead(value: HTMLTableSectionElement | null);
  get tFoot(): HTMLTableSectionElement | null;
  set tFoot(value: HTMLTableSectionElement | null);
  /** Live: the tbody children. */
  readonly tBodies: HTMLCollection<HTMLTableSectionElement>;
  /** Live: the thead's rows, then the table's own and its tbodies' rows, then the tfoot's. */
  readonly rows: HTMLCollection<HTMLTableRowElement>;
  createCaption(): HTMLElement;
  deleteCaption(): void;
  createTHead(): HTMLTableSectionElement;
  deleteTHead(): void;
  createTFoot(): HTMLTableSectionElement;
  deleteTFoot(): void;
  createTBody(): HTMLTableSectionElement;
  /** A new row at `index` of rows (-1: the end); IndexSizeError out of range. */
  insertRow(index?: number): HTMLTableRowElement;
  deleteRow(index: number): void;
}
/** HTML 4.9.5: thead, tbody, tfoot. */
export declare class HTMLTableSectionElement extends HTMLElement {
  readonly rows: HTMLCollection<HTMLTableRowElement>;
  insertRow(index?: number): HTMLTableRowElement;
  deleteRow(index: number): void;
}
/** HTML 4.9.8. */
export declare class HTMLTableRowElement extends HTMLElement {
  readonly cells: HTMLCollection<HTMLTableCellElement>;
  /** Index in the table's rows; -1 outside a table. */
  readonly rowIndex: number;
  /** Index in the parent section's (or table's) rows; -1 elsewhere. */
  readonly sectionRowIndex: number;
  insertCell(index?: number): HTMLTableCellElement;
  deleteCell(index: number): void;
}

/** Members of the listed form-associated elements. */
export interface FormAssociatedMembers {
  /** The form owner: the form attribute's form, else the nearest form ancestor. */
  readonly form: HTMLFormElement | null;
  name: string;
  /** Labels whose labeled control this is (null when not labelable). */
  readonly labels: NodeList<HTMLLabelElement> | null;
  /** Not barred from constraint validation (HTML 4.10.21.1): the elements :valid / :invalid match. */
  readonly willValidate: boolean;
}
export declare class HTMLInputElement extends HTMLElement {
  disabled: boolean;
  type: string;
  accept: string;
  alt: string;
  autocomplete: string;
  defaultChecked: boolean;
  /** Checkedness: the checked attribute until set from JS. */
  checked: boolean;
  indeterminate: boolean;
  dirName: string;
  defaultValue: string;
  /** By value mode: the sanitized dirty value or value attribute; the attribute; the attribute or 'on'; '' for file. */
  value: string;
  /** HTML 4.10.5.4: the value as a number (ms for date, time and datetime-local, months for month, its Monday's ms for week), NaN for other types or an empty value. Read-only here. */
  readonly valueAsNumber: number;
  /** The value as a UTC Date for date, month, week and time; null otherwise. Read-only here. */
  readonly valueAsDate: Date | null;
  readonly list: HTMLDataListElement | null;
  max: string;
  min: string;
  step: string;
  pattern: string;
  placeholder: string;
  maxLength: number;
  minLength: number;
  multiple: boolean;
  readOnly: boolean;
  required: boolean;
  size: number;
  src: string;
  formAction: string;
  formMethod: string;
  formNoValidate: boolean;
  formTarget: string;
  width: number;
  height: number;
}
export declare interface HTMLInputElement extends FormAssociatedMembers {}
export declare class HTMLButtonElement extends HTMLElement {
  disabled: boolean;
  /** 'submit' | 'reset' | 'button' */
  type: string;
  value: string;
  formAction: string;
  formMethod: string;
  formNoValidate: boolean;
  formTarget: string;
}
export declare interface HTMLButtonElement extends FormAssociatedMembers {}
export declare class HTMLFieldSetElement extends HTMLElement {
  disabled: boolean;
  readonly type: 'fieldset';
  readonly elements: HTMLCollection;
}
export declare interface HTMLFieldSetElement extends FormAssociatedMembers {}
export declare class HTMLLegendElement extends HTMLElement {
  readonly form: HTMLFormElement | null;
}
export declare class HTMLOutputElement extends HTMLElement {
  readonly type: 'output';
  readonly htmlFor: DOMTokenList;
  /** The descendant text, or the default value override kept when value was set (HTML 4.10.12). */
  defaultValue: string;
  /** The descendant text; setting it replaces the children. */
  value: string;
}
export declare interface HTMLOutputElement extends FormAssociatedMembers {}
export declare class HTMLObjectElement extends HTMLElement {
  data: string;
  type: string;
  width: string;
  height: string;
  useMap: string;
}
export declare interface HTMLObjectElement extends FormAssociatedMembers {}
export declare class HTMLFormElement extends HTMLElement {
  /** Listed elements (but image buttons) whose form owner is this form, in tree order (live). */
  readonly elements: HTMLFormControlsCollection;
  readonly length: number;
  item(index: number): Element | null;
  namedItem(name: string): Element | NodeList | null;
  /** The resolved action attribute, else the document's URL. */
  action: string;
  method: string;
  enctype: string;
  encoding: string;
  acceptCharset: string;
  autocomplete: string;
  name: string;
  target: string;
  noValidate: boolean;
  rel: string;
  readonly relList: DOMTokenList;
}
export declare class HTMLLabelElement extends HTMLElement {
  htmlFor: string;
  readonly control: Element | null;
  readonly form: HTMLFormElement | null;
}
export declare class HTMLSelectElement extends HTMLElement {
  disabled: boolean;
  autocomplete: string;
  multiple: boolean;
  required: boolean;
  size: number;
  readonly type: 'select-one' | 'select-multiple';
  readonly options: HTMLOptionsCollection;
  /** Setting it appends blank options or removes the last ones (as options.length). */
  length: number;
  /** options.add(). */
  add(element: HTMLOptionElement | HTMLOptGroupElement, before?: Element | number | null): void;
  /** remove(): the select itself (ChildNode); remove(index): options.remove(index). */
  remove(index?: number): void;
  item(index: number): HTMLOptionElement | null;
  namedItem(name: string): HTMLOptionElement | null;
  readonly selectedOptions: HTMLCollection<HTMLOptionElement>;
  selectedIndex: number;
  value: string;
}
export declare interface HTMLSelectElement extends FormAssociatedMembers {}
export declare class HTMLOptionElement extends HTMLElement {
  disabled: boolean;
  readonly form: HTMLFormElement | null;
  label: string;
  defaultSelected: boolean;
  /** Selectedness (HTML 4.10.10): the selected attributes at parse time, then JS state. */
  selected: boolean;
  /** The value attribute, else the text. */
  value: string;
  /** The text, ASCII whitespace stripped and collapsed, script descendants left out; setting it replaces the children. */
  text: string;
  readonly index: number;
}
export declare class HTMLOptGroupElement extends HTMLElement {
  disabled: boolean;
  label: string;
}
export declare class HTMLDataListElement extends HTMLElement {
  readonly options: HTMLCollection<HTMLOptionElement>;
}
export declare class HTMLTextAreaElement extends HTMLElement {
  disabled: boolean;
  readonly type: 'textarea';
  /** The child text content; setting it replaces the children. */
  defaultValue: string;
  /** The default value until set from JS; line breaks as LF. */
  value: string;
  readonly textLength: number;
  autocomplete: string;
  /** Limited to only positive numbers with fallback: 0 sets 20. */
  cols: number;
  /** Limited to only positive numbers with fallback: 0 sets 2. */
  rows: number;
  dirName: string;
  maxLength: number;
  minLength: number;
  placeholder: string;
  readOnly: boolean;
  required: boolean;
  wrap: string;
}
export declare interface HTMLTextAreaElement extends FormAssociatedMembers {}
/** HTML 4.10.14: each getter gives the value the standard computes (clamped into min..max); setters write the attribute (TypeError for a non-finite number). */
export declare class HTMLMeterElement extends HTMLElement {
  readonly labels: NodeList<HTMLLabelElement>;
  value: number;
  min: number;
  max: number;
  low: number;
  high: number;
  optimum: number;
}
/** HTML 4.10.13: value 0 and position -1 when indeterminate (no value attribute); max above 0 (setting 0 or less does nothing). */
export declare class HTMLProgressElement extends HTMLElement {
  readonly labels: NodeList<HTMLLabelElement>;
  value: number;
  max: number;
  readonly position: number;
}
export declare class HTMLIFrameElement extends HTMLElement {
  src: string;
  srcdoc: string;
  name: string;
  allow: string;
  width: string;
  height: string;
  loading: string;
  referrerPolicy: string;
  /** HTML 4.8.5: supports() the standard's allow-* keywords. */
  get sandbox(): DOMTokenList;
  set sandbox(value: string);
}
export declare class HTMLDetailsElement extends HTMLElement {
  open: boolean;
  name: string;
}
export declare class HTMLDialogElement extends HTMLElement {
  open: boolean;
}
export declare class HTMLOListElement extends HTMLElement {
  reversed: boolean;
  start: number;
  type: string;
}
export declare class HTMLLIElement extends HTMLElement {
  value: number;
}
export declare class HTMLTableCellElement extends HTMLElement {
  colSpan: number;
  rowSpan: number;
  headers: string;
  scope: string;
  abbr: string;
  /** Index among the parent tr's cells; -1 outside a tr. */
  readonly cellIndex: number;
}
/** HTML 3.2.2: the interface of an HTML element whose name the standard does not define (not a valid custom element name either). */
export declare class HTMLUnknownElement extends HTMLElement {}
/** HTML 4.8.11.1: what audio and video elements share (nothing of it is read here). */
export declare class HTMLMediaElement extends HTMLElement {}
/** HTML 4.13.3 "valid custom element name" (2025 rules). */
export declare function isValidCustomElementName(name: string): boolean;
export type { Document, Node };
