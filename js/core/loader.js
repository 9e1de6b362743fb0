// Loads and instantiates the package's WebAssembly modules, the same way in
// browsers, web workers and Node: dist/html5.wasm (HTML) and dist/xml5.wasm
// (XML5, loaded only by the XML API: js/xml/module.js).  Each is standalone
// (no Emscripten JS glue): it imports one function and exports its memory and
// the h5w_* entry points of wasm/exports.c.  A WasmModule holds one module's
// instance; the functions exported at the end are the HTML module's.
import { PARSE_PROCESSING_INSTRUCTIONS, PARSE_SCRIPTING, PARSE_SOURCE_REFS } from './abi.js';
import { checkOptions, describe, isBoolean } from './options.js';
import { writeUnits } from './text.js';

const isNode =
  typeof process === 'object' && process !== null &&
  typeof process.versions === 'object' && process.versions !== null &&
  typeof process.versions.node === 'string';

function imports() {
  return {
    env: {
      // Called by the module after memory.grow; views are re-created lazily.
      emscripten_notify_memory_growth() {},
    },
  };
}

// Only reached in Node (a file: URL).  The specifier is a variable so that
// bundlers targeting browsers do not try to resolve a Node built-in.
const NODE_FS = 'node:fs/promises';
async function readNodeFile(url, file) {
  const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_FS);
  try {
    return await readFile(url);
  } catch (e) {
    throw new Error(`init(): cannot read ${file} at ${url.protocol === 'file:' ? decodeURIComponent(url.pathname) : url.href}: ${e.code ?? e.message}`, { cause: e });
  }
}

const sourceKinds = (file) =>
  `a URL, a URL string, a Response, an ArrayBuffer or typed array holding ${file}, a WebAssembly.Module, or nothing`;

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
    throw new TypeError(`html5-wasm: ${fn}(source): ${describe(source)} is not a valid URL${base ? '' : ' (there is no base URL here: give an absolute one, or the module itself: README, Runtimes)'}`);
  }
}

const isBytes = (v) => v instanceof ArrayBuffer || ArrayBuffer.isView(v);

/** Bytes that are not a WebAssembly module are an Error naming the caller (checked without compiling). */
function checkModuleBytes(bytes, fn, file) {
  if (!WebAssembly.validate(bytes)) {
    throw new Error(`${fn}(source): the ${bytes.byteLength} bytes given are not a valid WebAssembly module (expected ${file})`);
  }
}

// Node paths: a string that is not a URL is a path relative to the working directory.
async function nodePathUrl(path) {
  const { pathToFileURL } = await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_URL);
  return pathToFileURL(path);
}
const NODE_URL = 'node:url';

/** A source of the wrong type is a TypeError naming what it got (checked before anything is loaded). */
function checkSourceType(source, fn, file) {
  if (source === undefined || source === null || source instanceof WebAssembly.Module || isBytes(source) ||
      (typeof Response !== 'undefined' && source instanceof Response)) return;
  if (typeof source === 'string' || source instanceof URL) {
    sourceUrl(source, fn);
    return;
  }
  throw new TypeError(`${fn}(source): source must be ${sourceKinds(file)}; got ${describe(source)}`);
}

// An entry point that knows where a module's bytes are at hand synchronously
// (js/node.js: the package's files; js/inline.js: embedded) registers here
// how to get them: (file name) => bytes or WebAssembly.Module.  A module
// not yet loaded then loads on its first use.
let platformSource = null;
/**
 * Set by an entry point (explicitly, at its import): how to get a module's
 * bytes synchronously by file name.  `fallback`: only where no entry point
 * has set one (js/node.js's, which also looks beside a bundle, wins).
 */
export function setPlatformSource(fn, fallback = false) {
  if (!fallback || platformSource === null) platformSource = fn;
}

/**
 * The platform source of the narrower entry points (js/entries/): in Node
 * (20.16 and later, and runtimes with process.getBuiltinModule) a module is
 * read from the package's dist/ folder beside js/ on its first use, with no
 * import of a Node built-in that a browser bundle would have to resolve.
 * null elsewhere, or when the file is not there (a bundle): the first use
 * then says what to do.
 */
export function besidePackageSource(file) {
  if (!isNode || typeof process.getBuiltinModule !== 'function') return null;
  const base = import.meta.url; // a variable: bundlers do not take new URL(…, base) for an asset
  // js/core/ in the sources, js/ in the Node build's chunks (scripts/build-bundles.mjs)
  for (const dir of ['../../dist/', '../dist/']) {
    try {
      return process.getBuiltinModule('node:fs').readFileSync(new URL(dir + file, base));
    } catch {
      // the next place, then null
    }
  }
  return null;
}

/**
 * Modules other than html5.wasm that the program contains (js/xml/module.js
 * adds xml5.wasm when the XML API is part of the program): init() of an
 * entry point with the whole API starts loading them too.
 */
export const companions = [];

// While user code runs with a result still in the module's memory (the
// onParseError callback of parseToView()), calls into the module are
// refused: they would overwrite or detach that result.
let locked = null;

const lockedError = (fn) => new Error(
  `${fn}: called from the onParseError callback of ${locked}(), whose result is a view of the module's memory ` +
  'that any call into the module would overwrite; collect the errors and call after it has returned');

/** Run `f` with calls into the modules refused (`fn` names the caller in the message). */
export function withModuleLocked(fn, f) {
  const outer = locked;
  locked = fn;
  try {
    return f();
  } finally {
    locked = outer;
  }
}

/** One WebAssembly module of the package and its instance (one per thread). */
export class WasmModule {
  /**
   * @param {string} file its file name in dist/ ('html5.wasm')
   * @param {string} entry an export it must have (to tell it from another module)
   * @param {string} api what to call to load it, for error messages
   */
  constructor(file, entry, api) {
    this.file = file;
    this.entry = entry;
    this.api = api;
    this.wasm = null;      // the instance's exports once ready
    this.compiled = null;  // its WebAssembly.Module (releaseMemory() instantiates it again)
    this.pending = null;   // the load() promise while loading
    this.lazyInit = null;  // what the first use tries (initNowOrOnFirstUse)
    this.failure = null;   // why a background load (loadQuietly) failed
  }

  async instantiateFrom(source, defaultSource) {
    // No source: the entry point's platform source where it has the module
    // (Node's files, the embedded bytes, workerd's modules), else the default.
    if ((source === undefined || source === null) && platformSource !== null) {
      try {
        source = platformSource(this.file);
      } catch {
        source = null; // the default source below, whose failure is the one reported
      }
    }
    if (source === undefined || source === null) source = await defaultSource();
    const pair = ({ instance, module }) => finish(this, instance, module);
    if (source instanceof WebAssembly.Module) {
      return finish(this, await WebAssembly.instantiate(source, imports()), source);
    }
    if (isBytes(source)) {
      checkModuleBytes(source, 'init', this.file);
      return pair(await WebAssembly.instantiate(source, imports()));
    }
    if (typeof Response !== 'undefined' && source instanceof Response) {
      return this.instantiateResponse(source, source.url);
    }
    const url = sourceUrl(source, 'init') ?? await nodePathUrl(source);
    if (url.protocol === 'file:' && isNode) {
      const bytes = await readNodeFile(url, this.file);
      checkModuleBytes(bytes, 'init', this.file);
      return pair(await WebAssembly.instantiate(bytes, imports()));
    }
    let response;
    try {
      response = await fetch(url);
    } catch (e) {
      throw new Error(`init(): fetching ${this.file} from ${url.href} failed: ${e.message}`, { cause: e });
    }
    return this.instantiateResponse(response, url.href);
  }

  async instantiateResponse(response, url) {
    const where = response.url || url || 'a Response';
    const pair = ({ instance, module }) => finish(this, instance, module);
    if (!response.ok) {
      throw new Error(`init(): fetching ${this.file} from ${where} failed: HTTP ${response.status}` +
        (response.status === 404 ? ` (bundled? README, Bundlers: serve ${this.file} there or pass its URL to ${this.api})` : ''));
    }
    if (typeof WebAssembly.instantiateStreaming === 'function') {
      try {
        return pair(await WebAssembly.instantiateStreaming(response.clone(), imports()));
      } catch (e) {
        // Servers that send the wrong MIME type: fall back to bytes.
        if (!(e instanceof TypeError)) throw e;
      }
    }
    const bytes = await response.arrayBuffer();
    if (!WebAssembly.validate(bytes)) {
      throw new Error(`init(): ${where} is not ${this.file}: its ${bytes.byteLength} bytes are not a WebAssembly module`);
    }
    return pair(await WebAssembly.instantiate(bytes, imports()));
  }

  /**
   * Once initialised (or while loading), load(source) keeps its instance but
   * still checks `source`: bytes must be a WebAssembly module, and in Node a
   * file must be readable and hold one.  A remote URL is not fetched again.
   */
  async checkSourceWhenReady(source) {
    if (isBytes(source)) return checkModuleBytes(source, 'init', this.file);
    if (!isNode || (typeof source !== 'string' && !(source instanceof URL))) return undefined;
    const url = sourceUrl(source, 'init') ?? await nodePathUrl(source);
    if (url.protocol === 'file:') checkModuleBytes(await readNodeFile(url, this.file), 'init', this.file);
    return undefined;
  }

  /**
   * Load the module: the entry points' init() call it with their default
   * source, a function giving what to load when `source` is nothing.
   * Idempotent: every call while loading returns the same promise, every call
   * after resolves at once (with options: once the instance is prepared as
   * they say).
   * @param {string|URL|Response|ArrayBuffer|ArrayBufferView|WebAssembly.Module|undefined|null} source
   * @param {() => unknown} defaultSource
   * @param {{ memory?: number, warmUp?: boolean }} [options] checkInitOptions
   */
  load(source, defaultSource, options) {
    let o;
    try {
      checkSourceType(source, 'init', this.file);
      o = checkInitOptions('init', options);
    } catch (e) {
      return Promise.reject(e);
    }
    let ready;
    if (this.wasm || this.pending) {
      const loaded = this.wasm ? Promise.resolve() : this.pending;
      ready = source === undefined || source === null ? loaded : this.checkSourceWhenReady(source).then(() => loaded);
    } else {
      this.failure = null;
      ready = this.pending = this.instantiateFrom(source, defaultSource).then(
        () => { this.pending = null; },
        (e) => { this.pending = null; throw e; });
    }
    // With options, the instance is prepared once it is there (also when it was already).
    return Object.keys(o).length === 0 ? ready : ready.then(() => prepare(this, 'init', o));
  }

  /** load() for a module the program may not use: a failure is kept and thrown by its first use, not here. */
  loadQuietly(defaultSource) {
    return this.load(undefined, defaultSource).catch((e) => { this.failure = e; });
  }

  /** Synchronous initialisation (Node, workers, or any caller holding the bytes or a Module). */
  initSync(source, options, fn = 'initSync') {
    const o = checkInitOptions(fn, options);
    const isModule = source instanceof WebAssembly.Module;
    if (!isModule && !isBytes(source)) {
      throw new TypeError(`${fn}(source): source must be the bytes of ${this.file} (an ArrayBuffer or typed array) ` +
        'or a WebAssembly.Module; got ' + describe(source));
    }
    if (this.wasm) {
      if (!isModule) checkModuleBytes(source, fn, this.file);
      prepare(this, fn, o);
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
        checkModuleBytes(source, fn, this.file);
        // Chromium's main thread compiles at most 4 KB synchronously.
        throw new RangeError(`${fn}(source): this platform refused to compile ${this.file} synchronously (${e.message}); use \`await ${this.api}\``, { cause: e });
      }
    }
    finish(this, new WebAssembly.Instance(module, imports()), module);
    prepare(this, fn, o);
  }

  /** Run `initialise` now; if it throws, the first call into the module runs it again (and throws to its caller). */
  initNowOrOnFirstUse(initialise) {
    try {
      initialise();
    } catch {
      this.lazyInit = initialise;
    }
  }

  isReady() { return this.wasm !== null; }

  /**
   * Drop the module's linear memory (grown by a large input) by starting a
   * fresh instance of the already compiled module: about a millisecond; the
   * old memory is garbage-collected once nothing references it.  Trees
   * already decoded are unaffected (they never reference wasm memory).
   */
  releaseMemory() {
    if (locked !== null) throw lockedError('releaseMemory');
    if (this.wasm === null) return;
    finish(this, new WebAssembly.Instance(this.compiled, imports()), this.compiled);
  }

  /** The wasm exports; throws a clear Error before the module is loaded. */
  get() {
    if (locked !== null) throw lockedError('html5-wasm');
    if (this.wasm !== null) return this.wasm;
    if (this.lazyInit !== null) this.lazyInit();
    else if (this.failure === null) {
      const source = platformSource !== null ? platformSource(this.file) : null;
      if (source !== null) this.initSync(source, undefined, this.api.replace(/\(.*/, ''));
    }
    if (this.wasm === null) {
      if (this.failure !== null) {
        throw new Error(`html5-wasm: ${this.file} could not be loaded (${this.failure.message}); load it with \`await ${this.api}\``, { cause: this.failure });
      }
      throw new Error(`html5-wasm is not initialised yet: call \`await ${this.api}\` before parsing` +
        ' (in Cloudflare Workers and other runtimes without a file URL: README, Runtimes)');
    }
    return this.wasm;
  }
}

function finish(m, instance, module) {
  const ex = instance.exports;
  if (!(ex.memory instanceof WebAssembly.Memory) || typeof ex[m.entry] !== 'function') {
    throw new Error(`init(): this WebAssembly module is not ${m.file} (it lacks the memory and h5w_* exports)`);
  }
  if (typeof ex._initialize === 'function') ex._initialize();
  m.wasm = ex;
  m.compiled = module;
  return ex;
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
 * `warmUp`: parse a built-in document (the HTML module), so that V8 compiles
 * the parser's functions now and starts optimising the hot ones in the background.
 */
function prepare(m, fn, o) {
  const w = m.get();
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
  if (o.warmUp && typeof w.h5w_parse === 'function') {
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

// ---- the HTML module (dist/html5.wasm) --------------------------------------

/** dist/html5.wasm: the tokenizer, tree builder, serializer and streaming parser. */
export const htmlModule = new WasmModule('html5.wasm', 'h5w_parse', 'init()');

/** Load html5.wasm (the entry points' init() give the default source). */
export function load(source, defaultSource, options) { return htmlModule.load(source, defaultSource, options); }
export function initSync(source, options) { htmlModule.initSync(source, options); }
export function initNowOrOnFirstUse(initialise) { htmlModule.initNowOrOnFirstUse(initialise); }
export function isReady() { return htmlModule.isReady(); }
export function releaseMemory() { htmlModule.releaseMemory(); }
/** The HTML module's exports; throws a clear Error before init() has finished. */
export function getWasm() { return htmlModule.get(); }

/**
 * Memory the parser holds: `wasm` = bytes of the HTML module's linear
 * memory.  It grows to fit the largest input parsed so far and WebAssembly
 * memory never shrinks; releaseMemory() gives it back.
 */
export function memoryUsage() {
  return { wasm: htmlModule.wasm === null ? 0 : htmlModule.wasm.memory.buffer.byteLength };
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
