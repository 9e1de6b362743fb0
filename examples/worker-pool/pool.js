// A pool of node:worker_threads that parse HTML with html5-wasm on every
// core (docs/runtimes-draft.md, "Every core: a worker pool").  Workers
// parse with parseToBuffer() and transfer the flat buffer back, not copied;
// decode() turns it into a tree on the calling thread, where it is needed.
//
//   const pool = new ParserPool();                   // one worker per core
//   const buffer = await pool.parse(html, options);  // options: parseToBuffer's
//   const doc = decode(buffer);                      // from 'html5-wasm'
//   await pool.close();
//
// Input: a string (copied to the worker: strings cannot be transferred) or
// bytes (Uint8Array, ArrayBuffer): bytes that are a whole ArrayBuffer are
// transferred too, and so detached in the caller; a view on part of one is
// copied.  Options cross threads by structured clone, so onParseError (a
// function) cannot: use { includeErrors: true } and readErrors(buffer).
// Each worker takes up to `inFlight` pages at a time, so that it has the
// next one while its last result travels back.  A worker that dies after it
// has started (it says { ready: true } once html5-wasm is loaded) is
// replaced; one that fails before (its script cannot load) is not, and
// when none is left parse() rejects with its error.
import { availableParallelism, cpus } from 'node:os';
import { Worker } from 'node:worker_threads';

const WORKER_URL = new URL('./parse-worker.js', import.meta.url);
const cores = () => (typeof availableParallelism === 'function' ? availableParallelism() : cpus().length);

export class ParserPool {
  #workers = [];
  #queue = [];
  #head = 0;
  #nextId = 0;
  #inFlight;
  #script;
  #closed = false;
  #failure = null; // why the last worker went, when none is left

  /** @param {{ size?: number, inFlight?: number, worker?: URL }} [options] worker: the script (default ./parse-worker.js) */
  constructor({ size = cores(), inFlight = 2, worker = WORKER_URL } = {}) {
    for (const [name, v] of [['size', size], ['inFlight', inFlight]]) {
      if (!Number.isInteger(v) || v < 1) throw new RangeError(`ParserPool: option '${name}' must be a positive integer; got ${String(v)}`);
    }
    if (!(worker instanceof URL)) throw new TypeError(`ParserPool: option 'worker' must be a URL; got ${typeof worker}`);
    this.#inFlight = inFlight;
    this.#script = worker;
    for (let i = 0; i < size; i++) this.#workers.push(this.#start());
  }

  get size() { return this.#workers.length; }

  /**
   * Parse `input` in a worker; resolves to the flat buffer (an ArrayBuffer,
   * decode() it), rejects with the worker's error.
   * @param {string | Uint8Array | ArrayBuffer} input
   * @param {object} [options] parseToBuffer()'s
   * @returns {Promise<ArrayBuffer>}
   */
  parse(input, options) {
    if (this.#closed) return Promise.reject(new Error('ParserPool.parse(): the pool is closed'));
    if (this.#workers.length === 0) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#queue.push({ input, options, resolve, reject });
      this.#dispatch();
    });
  }

  /** Stop the workers; pages not parsed yet are rejected. */
  async close() {
    this.#closed = true;
    const error = new Error('ParserPool.close(): the pool was closed before this page was parsed');
    for (const w of this.#workers) for (const task of w.tasks.values()) task.reject(error);
    for (; this.#head < this.#queue.length; this.#head++) this.#queue[this.#head].reject(error);
    this.#queue = [];
    await Promise.all(this.#workers.map((w) => w.worker.terminate()));
  }

  #start() {
    const w = { worker: new Worker(this.#script), tasks: new Map(), started: false, gone: false };
    w.worker.on('message', ({ id, buffer, error, ready }) => {
      if (ready) {
        w.started = true;
        return;
      }
      const task = w.tasks.get(id);
      w.tasks.delete(id);
      if (error !== undefined) task.reject(error);
      else task.resolve(buffer);
      this.#dispatch();
    });
    // A worker that dies fails its pages ('error' then 'exit': once).
    const fail = (error) => {
      if (w.gone) return;
      w.gone = true;
      for (const task of w.tasks.values()) task.reject(error);
      w.tasks.clear();
      if (this.#closed) return;
      const i = this.#workers.indexOf(w);
      if (w.started) {
        this.#workers[i] = this.#start(); // it ran (and ran out of memory, say): a new one
      } else {
        this.#workers.splice(i, 1); // it never started: another would fail the same way
        this.#failure = error;
        if (this.#workers.length === 0) {
          for (; this.#head < this.#queue.length; this.#head++) this.#queue[this.#head].reject(error);
          this.#queue = [];
          this.#head = 0;
        }
      }
      this.#dispatch();
    };
    w.worker.on('error', fail);
    w.worker.on('exit', (code) => { if (!this.#closed && code !== 0) fail(new Error(`ParserPool: a worker exited with code ${code}`)); });
    return w;
  }

  #dispatch() {
    while (this.#head < this.#queue.length) {
      let w = null; // the least busy worker with room
      for (const x of this.#workers) if (x.tasks.size < this.#inFlight && (w === null || x.tasks.size < w.tasks.size)) w = x;
      if (w === null) return;
      const task = this.#queue[this.#head];
      this.#queue[this.#head++] = undefined;
      if (this.#head === this.#queue.length) this.#queue.length = this.#head = 0;
      const id = this.#nextId++;
      w.tasks.set(id, task);
      try {
        w.worker.postMessage({ id, input: task.input, options: task.options }, transferable(task.input));
      } catch (error) { // options that cannot be cloned (a function): DataCloneError
        w.tasks.delete(id);
        task.reject(error);
      }
    }
  }
}

/** The ArrayBuffer to transfer with `input`: bytes that are a whole ArrayBuffer. */
function transferable(input) {
  if (input instanceof ArrayBuffer) return [input];
  if (ArrayBuffer.isView(input) && input.buffer instanceof ArrayBuffer && input.byteOffset === 0 &&
    input.byteLength === input.buffer.byteLength) return [input.buffer];
  return [];
}
