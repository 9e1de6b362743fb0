// Types of js/dom/tokenlist.js: DOMTokenList (DOM 7.1) and DOMStringMap (HTML 3.2.6.6).
import type { Element } from './dom.js';

export declare class DOMTokenList implements Iterable<string> {
  readonly length: number;
  /** The attribute's value; setting it calls setAttribute. */
  value: string;
  readonly [index: number]: string | undefined;
  item(index: number): string | null;
  contains(token: string): boolean;
  /** These write with setAttribute / removeAttribute (the mutation API). */
  add(...tokens: string[]): void;
  remove(...tokens: string[]): void;
  toggle(token: string, force?: boolean): boolean;
  replace(token: string, newToken: string): boolean;
  /** The attribute's supported tokens (link/a/area/form rel); a TypeError for class. */
  supports(token: string): boolean;
  toString(): string;
  forEach(callback: (value: string, index: number, list: DOMTokenList) => void, thisArg?: unknown): void;
  keys(): IterableIterator<number>;
  values(): IterableIterator<string>;
  entries(): IterableIterator<[number, string]>;
  [Symbol.iterator](): IterableIterator<string>;
}
/** data-* attributes by their camel-cased names (writes call setAttribute, deletes removeAttribute). */
export interface DOMStringMap {
  [name: string]: string | undefined;
}
export declare function domException(message: string, name: string): Error;
export declare function orderedSet(value: string): string[];
export declare function tokenList(element: Element, attr: string, supported?: ReadonlySet<string>): DOMTokenList;
export declare function dataset(element: Element): DOMStringMap;
