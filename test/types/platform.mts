// With the DOM lib and @types/node (tsconfig.platform.json), the platform's
// own URL, Response, WebAssembly.Module and Buffer are accepted where
// html5-wasm's structural types stand for them.  See esm.mts.
import { createParser, decode, init, initSync, parse, parseStream, sniffEncoding } from 'html5-wasm';
import { readFileSync } from 'node:fs';

await init(new URL('../../dist/html5.wasm', import.meta.url));
await init(new Response(new Uint8Array(8)));
await init(await fetch('https://example.com/html5.wasm').then((r) => r.arrayBuffer()).then((b) => new WebAssembly.Module(b)));
initSync(new WebAssembly.Module(readFileSync('dist/html5.wasm')));
// @ts-expect-error -- is not assignable to parameter of type 'WasmSource
await init(WebAssembly.compile(readFileSync('dist/html5.wasm')));
initSync(readFileSync('dist/html5.wasm'));
const doc = parse(readFileSync('page.html'));
const enc: string = sniffEncoding(Buffer.from('<meta charset=sjis>')).encoding;
const title: string = decode(new Uint8Array(new SharedArrayBuffer(8))).nodeName + doc.title;
// @ts-expect-error -- 'fromat' does not exist in type
parse(Buffer.from('x'), { fromat: 'object' });

// Streams: the platform's ReadableStream, WritableStream and AbortSignal.
const body = (await fetch('https://example.com/')).body!;
const streamed = createParser({ output: 'buffer' });
await body.pipeTo(streamed.writable);
const buf: ArrayBuffer = await streamed.result;
const fromStream: string = (await parseStream(new Blob(['<title>x</title>']).stream(), { signal: AbortSignal.timeout(1000) })).title;

export { enc, title, buf, fromStream };
