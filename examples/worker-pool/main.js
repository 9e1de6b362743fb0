// Parse HTML files on every core: node main.js page.html other.html ...
// Prints each file's title and element count; the pages are parsed in the
// workers of pool.js, their trees decoded here (docs/runtimes-draft.md).
import { readFile } from 'node:fs/promises';
import { decode } from 'html5-wasm/decode';
import { ParserPool } from './pool.js';

const pool = new ParserPool();
try {
  await Promise.all(process.argv.slice(2).map(async (file) => {
    const bytes = await readFile(file); // bytes: decoded as a browser would, and transferred to the worker
    const doc = decode(await pool.parse(bytes));
    console.log(`${file}: ${JSON.stringify(doc.title)}, ${doc.querySelectorAll('*').length} elements`);
  }));
} finally {
  await pool.close();
}
