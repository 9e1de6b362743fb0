// Use through a bundler (module resolution "bundler": the top-level
// "types" condition).  See esm.mts.
import { decode, init, parse, parseToBuffer, serialize } from 'html5-wasm';
import type { Document, ObjectDocument, WasmSource } from 'html5-wasm';

const source: WasmSource = { href: 'https://example.com/html5.wasm', protocol: 'https:' };
await init(source);
const doc: Document = parse('<title>x</title>');
const title: string = decode(parseToBuffer('<title>y</title>')).title + doc.title;
const tree: ObjectDocument = parse('<p>', { format: 'object' });
const html: string = serialize(tree);
// @ts-expect-error -- 'fromat' does not exist in type
parse('<p>', { fromat: 'object' });

export { title, html };
