// Loads and instantiates dist/html5.wasm, the same way in browsers, web
// workers and Node.  The module is standalone (no Emscripten JS glue): it
// imports one function and exports its memory and the h5w_* entry points
// defined in wasm/exports.c.
import { asBytes, writeUnits } from './text.js';

const asBytesOrDetached = (v) => {
  try {
    return asBytes(v);
  } catch {
    return v; // detached: real
  }
};

const isNode =
  typeof process === 'object' && process !== null &&
  typeof process.versions === 'object' && process.versions !== null &&
  typeof process.versions.node === 'string';

let wasm = null;      // the instance's exports once ready
let compiled = null;  // its WebAssembly.Module (releaseMemory() instantiates it again)
let pending = null;   // the init() promise while loading

function imports() {
  return {
    env: {
      // Called by the module after memory.grow; views are re-created lazily.
      emscripten_notify_memory_growth() {},
    },
  };
}

function finish(instance, module) {
  const ex = instance.exports;
  if (typeof ex._initialize === 'function') ex._initialize();
  wasm = ex;
  compiled = module;
  return ex;
}
// `WebAssembly.instantiate(bytes)` and `instantiateStreaming` give both.
const finishPair = ({ instance, module }) => finish(instance, module);

export function defaultUrl() {
  return new URL('../dist/html5.wasm', import.meta.url);
}

// Only reached in Node (a file: URL).  The specifier is a variable so that
// bundlers targeting browsers do not try to resolve a Node built-in.
const NODE_FS = 'node:fs/promises';
async function readNodeFile(url) {
  const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_FS);
  return readFile(url);
}

async function instantiateFrom(source) {
  if (source === undefined || source === null) source = defaultUrl();
  if (source instanceof WebAssembly.Module) {
    return finish(await WebAssembly.instantiate(source, imports()), source);
  }
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return finishPair(await WebAssembly.instantiate(source, imports()));
  }
  if (typeof Response !== 'undefined' && source instanceof Response) {
    return instantiateResponse(source);
  }
  if (typeof source === 'string' || source instanceof URL) {
    const url = source instanceof URL ? source : new URL(source, isNode ? undefined : globalThis.location?.href);
    if (url.protocol === 'file:' && isNode) {
      return finishPair(await WebAssembly.instantiate(await readNodeFile(url), imports()));
    }
    return instantiateResponse(await fetch(url));
  }
  throw new TypeError(
    'init(source): source must be a URL, a URL string, a Response, an ArrayBuffer or typed array ' +
    'holding html5.wasm, a WebAssembly.Module, or nothing; got ' + describe(source));
}

async function instantiateResponse(response) {
  if (!response.ok) throw new Error(`init(): fetching html5.wasm failed: HTTP ${response.status}`);
  if (typeof WebAssembly.instantiateStreaming === 'function') {
    try {
      return finishPair(await WebAssembly.instantiateStreaming(response.clone(), imports()));
    } catch (e) {
      // Servers that send the wrong MIME type: fall back to bytes.
      if (!(e instanceof TypeError)) throw e;
    }
  }
  return finishPair(await WebAssembly.instantiate(await response.arrayBuffer(), imports()));
}

/**
 * What `v` is, for error messages: works for every type (BigInt, Symbol,
 * proxies, objects without prototype or with throwing getters) and runs no
 * user code that could throw instead.
 */
export function describe(v) {
  switch (typeof v) {
    case 'string': return `string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
    case 'bigint': return `bigint ${v}n`;
    case 'symbol': return `symbol ${v.description === undefined ? '' : v.description}`;
    case 'function': return 'a function';
    case 'object': {
      if (v === null) return 'null';
      let name = 'Object';
      try {
        if (Array.isArray(v)) return 'an array';
        const c = Object.getPrototypeOf(v)?.constructor?.name;
        if (typeof c === 'string' && c !== '') name = c;
        // Looks like bytes but is not (a Proxy, or an object made from the prototype).
        if (/Array|Buffer|DataView/.test(name) && asBytesOrDetached(v) === null) name += ' look-alike: a Proxy or an imitation';
      } catch {
        // a revoked proxy or a throwing trap
      }
      return `an object (${name})`;
    }
    default: return `${typeof v} ${String(v)}`;
  }
}

/**
 * Load the WebAssembly module.  Idempotent: every call after the first
 * returns the same promise (or resolves at once when ready).
 * @param {string|URL|Response|ArrayBuffer|ArrayBufferView|WebAssembly.Module} [source]
 */
export function init(source) {
  if (wasm) return Promise.resolve();
  if (!pending) {
    pending = instantiateFrom(source).then(
      () => undefined,
      (e) => { pending = null; throw e; });
  }
  return pending;
}

/** Synchronous initialisation (Node, or any caller holding the bytes or a Module). */
export function initSync(source) {
  if (wasm) return;
  let module;
  if (source instanceof WebAssembly.Module) module = source;
  else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) module = new WebAssembly.Module(source);
  else throw new TypeError('initSync(source): source must be the bytes of html5.wasm or a WebAssembly.Module; got ' + describe(source));
  finish(new WebAssembly.Instance(module, imports()), module);
}

export function isReady() { return wasm !== null; }

/**
 * Memory the parser holds: `wasm` = bytes of the module's linear memory.
 * It grows to fit the largest input parsed so far and WebAssembly memory
 * never shrinks; releaseMemory() gives it back.
 */
export function memoryUsage() {
  return { wasm: wasm === null ? 0 : wasm.memory.buffer.byteLength };
}

/**
 * Drop the module's linear memory (grown by a large input) by starting a
 * fresh instance of the already compiled module: about a millisecond; the
 * old memory is garbage-collected once nothing references it.  Trees
 * already decoded are unaffected (they never reference wasm memory).
 */
export function releaseMemory() {
  if (locked !== null) throw lockedError('releaseMemory');
  if (wasm === null) return;
  finish(new WebAssembly.Instance(compiled, imports()), compiled);
}

// While user code runs with a result still in the module's memory (the
// onParseError callback of parseToView()), calls into the module are
// refused: they would overwrite or detach that result.
let locked = null;

const lockedError = (fn) => new Error(
  `${fn}: called from the onParseError callback of ${locked}(), whose result is a view of the module's memory ` +
  'that any call into the module would overwrite; collect the errors and call after it has returned');

/** Run `f` with calls into the module refused (`fn` names the caller in the message). */
export function withModuleLocked(fn, f) {
  const outer = locked;
  locked = fn;
  try {
    return f();
  } finally {
    locked = outer;
  }
}

/** The wasm exports; throws a clear Error before init() has finished. */
export function getWasm() {
  if (locked !== null) throw lockedError('html5-wasm');
  if (wasm === null) {
    throw new Error('html5-wasm is not initialised yet: call `await init()` before parsing');
  }
  return wasm;
}

// ---- memory helpers ------------------------------------------------------

/** Copy a JS string into the module's UTF-16 input buffer; returns its address. */
export function writeInput(w, str) {
  const n = str.length;
  const ptr = w.h5w_input(n);
  if (ptr === 0) throw new RangeError(`input of ${n} UTF-16 code units is too large for the parser's memory`);
  writeUnits(w.memory.buffer, ptr, str);
  return ptr;
}

export { isNode };
