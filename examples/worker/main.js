// Main thread: send HTML to the worker, get the tree back as a transferable
// ArrayBuffer and decode it here (decode() needs no wasm).
import { decode } from '../../js/decode.js';

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
let nextId = 0;
const waiting = new Map();
worker.onmessage = ({ data }) => {
  const { resolve, reject } = waiting.get(data.id);
  waiting.delete(data.id);
  data.error ? reject(new Error(data.error)) : resolve(data.buffer);
};

export function parseInWorker(html, options = {}) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, html, options });
  });
}

const html = document.querySelector('#input').value;
const buffer = await parseInWorker(html, { sourceLocations: false });
const doc = decode(buffer); // DOM-like Document
document.querySelector('#output').textContent =
  `${buffer.byteLength} bytes transferred; <title>: ${doc.title}; ` +
  `${doc.querySelectorAll('*').length} elements; body.innerHTML starts: ${doc.body.innerHTML.slice(0, 80)}`;
