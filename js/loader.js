// Loads and instantiates dist/html5.wasm, the same way in browsers, web
// workers and Node.  The module is standalone (no Emscripten JS glue): it
// imports one function and exports its memory and the h5w_* entry points
// defined in wasm/exports.c.
import { PARSE_PROCESSING_INSTRUCTIONS, PARSE_SCRIPTING, PARSE_SOURCE_REFS } from './abi.js';
import { checkOptions, describe, isBoolean } from './options.js';
import { asBytes, writeUnits } from './text.js';

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
  if (!(ex.memory instanceof WebAssembly.Memory) || typeof ex.h5w_input !== 'function') {
    throw new Error('init(): this WebAssembly module is not html5.wasm (it lacks the memory and h5w_* exports)');
  }
  if (typeof ex._initialize === 'function') ex._initialize();
  wasm = ex;
  compiled = module;
  return ex;
}
// `WebAssembly.instantiate(bytes)` and `instantiateStreaming` give both.
const finishPair = ({ instance, module }) => finish(instance, module);

// Only reached in Node (a file: URL).  The specifier is a variable so that
// bundlers targeting browsers do not try to resolve a Node built-in.
const NODE_FS = 'node:fs/promises';
async function readNodeFile(url) {
  const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_FS);
  try {
    return await readFile(url);
  } catch (e) {
    throw new Error(`init(): cannot read html5.wasm at ${url.protocol === 'file:' ? decodeURIComponent(url.pathname) : url.href}: ${e.code ?? e.message}`, { cause: e });
  }
}

const SOURCE_KINDS =
  'a URL, a URL string, a Response, an ArrayBuffer or typed array holding html5.wasm, a WebAssembly.Module, or nothing';

/** `source` as a URL, or null when it is not a URL or URL string; a string that is no URL is a TypeError. */
function sourceUrl(source, fn) {
  if (source instanceof URL) return source;
  if (typeof source !== 'string') return null;
  const base = isNode ? undefined : globalThis.location?.href;
  try {
    return new URL(source, base);
  } catch {
    // In Node a path is a file path: '/x/html5.wasm' or 'dist/html5.wasm'.
    if (isNode && source !== '') return null;
    throw new TypeError(`${fn}(source): ${describe(source)} is not a valid URL${base ? '' : ' (there is no base URL here: give an absolute one)'}`);
  }
}

const isBytes = (v) => v instanceof ArrayBuffer || ArrayBuffer.isView(v);

/** Bytes that are not a WebAssembly module are an Error naming the caller (checked without compiling). */
function checkModuleBytes(bytes, fn) {
  if (!WebAssembly.validate(bytes)) {
    throw new Error(`${fn}(source): the ${bytes.byteLength} bytes given are not a valid WebAssembly module (expected html5.wasm)`);
  }
}

// Node paths: a string that is not a URL is a path relative to the working directory.
async function nodePathUrl(path) {
  const { pathToFileURL } = await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_URL);
  return pathToFileURL(path);
}
const NODE_URL = 'node:url';

async function instantiateFrom(source, defaultSource) {
  if (source === undefined || source === null) source = await defaultSource();
  if (source instanceof WebAssembly.Module) {
    return finish(await WebAssembly.instantiate(source, imports()), source);
  }
  if (isBytes(source)) {
    checkModuleBytes(source, 'init');
    return finishPair(await WebAssembly.instantiate(source, imports()));
  }
  if (typeof Response !== 'undefined' && source instanceof Response) {
    return instantiateResponse(source, source.url);
  }
  const url = sourceUrl(source, 'init') ?? await nodePathUrl(source);
  if (url.protocol === 'file:' && isNode) {
    const bytes = await readNodeFile(url);
    checkModuleBytes(bytes, 'init');
    return finishPair(await WebAssembly.instantiate(bytes, imports()));
  }
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error(`init(): fetching html5.wasm from ${url.href} failed: ${e.message}`, { cause: e });
  }
  return instantiateResponse(response, url.href);
}

async function instantiateResponse(response, url) {
  const where = response.url || url || 'a Response';
  if (!response.ok) {
    throw new Error(`init(): fetching html5.wasm from ${where} failed: HTTP ${response.status}` +
      (response.status === 404 ? ' (bundled? README, Bundlers: serve html5.wasm there or pass its URL to init())' : ''));
  }
  if (typeof WebAssembly.instantiateStreaming === 'function') {
    try {
      return finishPair(await WebAssembly.instantiateStreaming(response.clone(), imports()));
    } catch (e) {
      // Servers that send the wrong MIME type: fall back to bytes.
      if (!(e instanceof TypeError)) throw e;
    }
  }
  const bytes = await response.arrayBuffer();
  if (!WebAssembly.validate(bytes)) {
    throw new Error(`init(): ${where} is not html5.wasm: its ${bytes.byteLength} bytes are not a WebAssembly module`);
  }
  return finishPair(await WebAssembly.instantiate(bytes, imports()));
}

/** A source of the wrong type is a TypeError naming what it got (checked before anything is loaded). */
function checkSourceType(source, fn) {
  if (source === undefined || source === null || source instanceof WebAssembly.Module || isBytes(source) ||
      (typeof Response !== 'undefined' && source instanceof Response)) return;
  if (typeof source === 'string' || source instanceof URL) {
    sourceUrl(source, fn);
    return;
  }
  throw new TypeError(`${fn}(source): source must be ${SOURCE_KINDS}; got ${describe(source)}`);
}

/**
 * Once initialised (or while loading), init(source) keeps its instance but
 * still checks `source`: bytes must be a WebAssembly module, and in Node a
 * file must be readable and hold one.  A remote URL is not fetched again.
 */
async function checkSourceWhenReady(source) {
  if (isBytes(source)) return checkModuleBytes(source, 'init');
  if (!isNode || (typeof source !== 'string' && !(source instanceof URL))) return undefined;
  const url = sourceUrl(source, 'init') ?? await nodePathUrl(source);
  if (url.protocol === 'file:') checkModuleBytes(await readNodeFile(url), 'init');
  return undefined;
}

/**
 * Load the WebAssembly module: the entry points' init() (js/index.js,
 * js/node.js, js/inline.js) call it with their default source, a function
 * giving what to load when `source` is nothing.  Idempotent: every call
 * while loading returns the same promise, every call after resolves at once
 * (with options: once the instance is prepared as they say).
 * @param {string|URL|Response|ArrayBuffer|ArrayBufferView|WebAssembly.Module|undefined|null} source
 * @param {() => unknown} defaultSource
 * @param {{ memory?: number, warmUp?: boolean }} [options] checkInitOptions
 */
export function load(source, defaultSource, options) {
  let o;
  try {
    checkSourceType(source, 'init');
    o = checkInitOptions('init', options);
  } catch (e) {
    return Promise.reject(e);
  }
  let ready;
  if (wasm || pending) {
    const loaded = wasm ? Promise.resolve() : pending;
    ready = source === undefined || source === null ? loaded : checkSourceWhenReady(source).then(() => loaded);
  } else {
    ready = pending = instantiateFrom(source, defaultSource).then(
      () => { pending = null; },
      (e) => { pending = null; throw e; });
  }
  // With options, the instance is prepared once it is there (also when it was already).
  return Object.keys(o).length === 0 ? ready : ready.then(() => prepare('init', o));
}

/** Synchronous initialisation (Node, workers, or any caller holding the bytes or a Module). */
export function initSync(source, options) {
  const o = checkInitOptions('initSync', options);
  const isModule = source instanceof WebAssembly.Module;
  if (!isModule && !isBytes(source)) {
    throw new TypeError('initSync(source): source must be the bytes of html5.wasm (an ArrayBuffer or typed array) ' +
      'or a WebAssembly.Module; got ' + describe(source));
  }
  if (wasm) {
    if (!isModule) checkModuleBytes(source, 'initSync');
    prepare('initSync', o);
    return;
  }
  let module = source;
  if (!isModule) {
    // Compiling validates: the bytes are validated on their own (a second
    // pass over the module, about half the time of Liftoff's compile: a few
    // ms of Node's import of the package) only to tell which error it was.
    try {
      module = new WebAssembly.Module(source);
    } catch (e) {
      checkModuleBytes(source, 'initSync');
      // Chromium's main thread compiles at most 4 KB synchronously.
      throw new RangeError(`initSync(source): this platform refused to compile html5.wasm synchronously (${e.message}); use \`await init(source)\``, { cause: e });
    }
  }
  finish(new WebAssembly.Instance(module, imports()), module);
  prepare('initSync', o);
}

// ---- init options: the first page (README, "The first page") ----------------
// A fresh instance parses its first large page several times slower than
// the next: every page of the linear memory it needs is touched for the
// first time (a page fault each, 15 µs on the README's machine: most of
// the cost), and V8 compiles the parser's functions on their first call
// (baseline tier) and the hot ones again, optimised, in background threads.
// Where the page comes later than init() (a worker started ahead, a
// server), these options do that work before it.

/** The most linear memory the module may have (MAXIMUM_MEMORY in the Makefile's WASM_FLAGS). */
const MAX_MEMORY = 2 ** 31;
const PAGE = 65536;

function checkMemory(v) {
  return Number.isSafeInteger(v) && v >= 0 ? null : 'must be a number of bytes (a non-negative integer)';
}

/** init()'s and initSync()'s options, checked before anything is loaded. */
function checkInitOptions(fn, options) {
  const o = checkOptions(fn, options, { memory: checkMemory, warmUp: isBoolean });
  if (o.memory !== undefined && o.memory > MAX_MEMORY) {
    throw new RangeError(`${fn}(): option 'memory' is ${o.memory} bytes, more than the module's maximum of 2 GiB (${MAX_MEMORY})`);
  }
  return o;
}

/**
 * `memory`: grow the linear memory once to at least that many bytes and
 * write every page of what was added, so that the parses to come find it
 * resident (the cost is the first touch of a page, not the growth).
 * `warmUp`: parse a built-in document, so that V8 compiles the parser's
 * functions now and starts optimising the hot ones in the background.
 */
function prepare(fn, o) {
  const w = getWasm();
  if (o.memory !== undefined) {
    const have = w.memory.buffer.byteLength;
    if (o.memory > have) {
      try {
        w.memory.grow(Math.ceil((o.memory - have) / PAGE));
      } catch (e) {
        throw new RangeError(`${fn}(): option 'memory': the module's memory could not grow from ${have} to ${o.memory} bytes (${e.message})`, { cause: e });
      }
      touchPages(w.memory.buffer, have);
    }
  }
  if (o.warmUp) {
    const html = warmUpDocument();
    writeInput(w, html);
    w.h5w_parse(html.length, PARSE_SCRIPTING | PARSE_PROCESSING_INSTRUCTIONS | PARSE_SOURCE_REFS, 0, 0);
  }
}

/**
 * Write one byte in every 4 KiB page of `buffer` from `from` on (new
 * memory, all zeros: the bytes stay zero), so that the operating system
 * maps the pages now.  The first touch of a page is the cost (a page
 * fault, 15 µs each on the virtual machine of the README's numbers), not
 * the growth, and one write per page is enough: a fill() of the whole
 * range costs the same faults and writes 4096 times more bytes.
 */
function touchPages(buffer, from) {
  const u = new Uint8Array(buffer);
  for (let i = from; i < u.length; i += 4096) u[i] = 0;
}

/**
 * About 32 KB of the markup pages are made of (tags, attributes in the
 * three quotings, character references, comments, lists, tables, text
 * that closes formatting elements out of order, raw text, foreign
 * content): enough for V8 to count the tokenizer and tree builder hot.
 */
function warmUpDocument() {
  const part = '<div class="c" id=d data-x=\'y\'><p>Text &amp; more&nbsp;text &#x41;&copy; <a href="/x?a=1&b=2">a link</a> ' +
    '<span>s</span><!-- a comment --><b><i>x</b></i></p><ul><li>one<li>two</ul>' +
    '<table><tr><td>1<td>2</table><img src=x alt="y"><br/></div>\n';
  return '<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>t</title><style>p { color: red }</style>' +
    '<script>if (a < b && c) {}</script></head><body>' + part.repeat(140) +
    '<svg viewBox="0 0 1 1"><path d="M0 0"/></svg><textarea>x</textarea></body></html>';
}

// An entry point without a default location known at import (js/node.js in
// a bundle, js/inline.js on a browser's main thread) registers here what
// the first parse should try: initialise synchronously or throw an Error
// that says what to do.
let lazyInit = null;
/** Run `initialise` now; if it throws, the first call into the module runs it again (and throws to its caller). */
export function initNowOrOnFirstUse(initialise) {
  try {
    initialise();
  } catch {
    lazyInit = initialise;
  }
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
  if (wasm === null && lazyInit !== null) lazyInit();
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
