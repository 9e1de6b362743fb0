// Main thread: send HTML to a worker, get the tree back as a transferable
// ArrayBuffer and decode it here (decode() needs no wasm).  Both workers
// get their first message at once after `new Worker()`, before either has
// loaded html5.wasm.
import { decode } from '../../js/dom/decode.js'; // in an app: import { decode } from 'html5-wasm'

function startWorker(url, options) {
  const worker = new Worker(url, options);
  let nextId = 0;
  const waiting = new Map();
  worker.onmessage = ({ data }) => {
    const { resolve, reject } = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.error) reject(new Error(data.error));
    else resolve(data.buffer);
  };
  return (html, parseOptions = {}) => new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, html, options: parseOptions });
  });
}

const parseInModuleWorker = startWorker(new URL('./worker.js', import.meta.url), { type: 'module' });
const parseInClassicWorker = startWorker(new URL('./classic-worker.js', import.meta.url));

const html = document.querySelector('#input').value;
const buffers = await Promise.all([
  parseInModuleWorker(html),
  parseInModuleWorker(html, { scriptingEnabled: false }),
  parseInClassicWorker(html),
]);
const summaries = buffers.map((buffer) => {
  const doc = decode(buffer); // DOM-like Document
  return `${buffer.byteLength} bytes transferred; <title>: ${doc.title}; ` +
    `${doc.querySelectorAll('*').length} elements; body: ${doc.body.innerHTML.slice(0, 60)}`;
});
document.querySelector('#output').textContent = summaries.join('\n');
globalThis.exampleResult = summaries; // read by test/js/package/worker.test.js
