// Types of js/dom/collections.js: the DOM's NodeList and HTMLCollection and the
// HTML standard's form collections.  Each is an Array subclass (index,
// length, iteration; map/filter give plain arrays); live ones reflect the
// tree at every access.  Live HTMLCollections also have the standard's
// named properties (`form.elements.email`, `children.nav`; typed through
// namedItem() only: an index signature would clash with Array's members).
import type { Element, Node } from './dom.js';
import type { HTMLInputElement, HTMLOptionElement, HTMLSelectElement } from './html-elements.js';

export declare class NodeList<T extends Node = Node> extends Array<T> {
  item(index: number): T | null;
}
export declare class HTMLCollection<T extends Element = Element> extends Array<T> {
  item(index: number): T | null;
  /** The first element with this id, else the first HTML element with this name attribute. */
  namedItem(name: string): T | null;
}
export declare class RadioNodeList extends NodeList<Element> {
  /** The value of the checked radio button of the list ('' when none); setting it checks the first radio button with that value. */
  value: string;
}
export declare class HTMLFormControlsCollection extends Array<Element> {
  item(index: number): Element | null;
  /** One element, or a RadioNodeList when several have this id or name. */
  namedItem(name: string): Element | RadioNodeList | null;
}
/** Setting `length` appends blank options or removes the last ones (at most 100,000); `options[i] = option | null` replaces, appends or removes. */
export declare class HTMLOptionsCollection extends HTMLCollection<HTMLOptionElement> {
  selectedIndex: number;
  /** Inserts an option or optgroup before `before` (a node in the select, or the index of an option) in its parent; at the end without it. */
  add(element: Element, before?: Element | number | null): void;
  /** Removes the index-th option (nothing when out of range). */
  remove(index: number): void;
}
/** A live collection: a read-only Proxy over an instance of Kind that `fill` recomputes when the tree changed. */
export declare function liveCollection<T extends unknown[]>(tree: { version: number }, Kind: new () => T, fill: (list: T) => void, init?: (list: T) => void): T;
export type { HTMLInputElement, HTMLSelectElement };
