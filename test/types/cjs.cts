// CommonJS use (module node16: `require` resolves the "require" condition,
// js/index.cjs, typed by js/index.d.cts).  See esm.mts.
import h5 = require('html5-wasm');
import { decode, parse, parseToBuffer } from 'html5-wasm';
import type { Document, Element, ObjectDocument, ParseOptions } from 'html5-wasm';

const doc: Document = h5.parse('<title>x</title>');
const title: string = doc.title + decode(parseToBuffer('<p>')).title;
const body: Element | null = parse('<p>').body;
const tree: ObjectDocument = h5.parse('<p>', { format: 'object' });
const html: string = h5.serialize(tree) + h5.dumpTree(tree);
const options: ParseOptions = { scriptingEnabled: false };
// @ts-expect-error -- 'fromat' does not exist in type
h5.parse('<p>', { fromat: 'object' });

export = { title, body, html, options };
