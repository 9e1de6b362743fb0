// The parsers under test.  `load()` imports the library (lazily, so a child
// process can time the import) and returns { parse, walk }: `parse(html)`
// builds the tree, `walk(tree)` reads all of it and returns the node count
// (null where there is no tree to walk).  A parser that cannot run yet
// throws Unavailable with the reason.
//
// Each parser has its own instance of walk.js (a distinct URL makes a
// distinct module): parse5 and html5-wasm's object format share a walk, and
// sharing one function would make V8's inline caches see both object shapes
// and slow the walk of both.  Imported statically, so that a cold start
// times the library's import alone.
import { walkDom } from './walk.js?for=dom';
import { walkHtmlparser2 } from './walk.js?for=htmlparser2';
import { walkParse5 as walkObject } from './walk.js?for=object';
import { walkParse5 } from './walk.js?for=parse5';
import { walkDom as walkStream } from './walk.js?for=stream';
import { walkDom as walkBaseline } from './walk.js?for=baseline';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export class Unavailable extends Error {}

// The package's own entry, as `import 'html5-wasm'` resolves it for users in
// Node (package.json exports: js/node.bundle.js, built by `make`).
const HTML5_WASM = 'html5-wasm';

async function html5wasm(name) {
  let mod;
  try {
    mod = await import(HTML5_WASM);
  } catch (e) {
    throw new Unavailable(`html5-wasm (js/node.bundle.js) failed to load (${e.message.split('\n')[0]})`);
  }
  if (typeof mod[name] !== 'function') throw new Unavailable(`html5-wasm does not export ${name}() yet`);
  return mod[name];
}

/** The core entry `name` of html5-wasm: no tree to walk. */
function treeless(id, name) {
  return {
    id,
    label: `html5-wasm core (${name})`,
    ours: true,
    treeless: true,
    async load() {
      const parseTo = await html5wasm(name);
      return { parse: (html) => parseTo(html), walk: () => null };
    },
  };
}

export const PARSERS = [
  {
    id: 'dom',
    label: 'html5-wasm (DOM)',
    ours: true,
    async load() {
      const parse = await html5wasm('parse');
      return { parse: (html) => parse(html), walk: walkDom };
    },
  },
  {
    id: 'object',
    label: 'html5-wasm (object)',
    ours: true,
    async load() {
      const parse = await html5wasm('parse');
      const options = { format: 'object' };
      return { parse: (html) => parse(html, options), walk: walkObject };
    },
  },
  // no JS tree: string in, flat buffer out
  treeless('core', 'parseToBuffer'),
  // string in, flat buffer read in place in wasm memory (no copy out)
  treeless('view', 'parseToView'),
  {
    id: 'stream',
    label: 'html5-wasm (DOM, streamed in 64 KB chunks)',
    ours: true,
    async load() {
      const createParser = await html5wasm('createParser');
      // createParser(): the page written in chunks of 64 KB (32 Ki UTF-16 code units), as a stream delivers it.
      const CHUNK = 32768;
      return {
        parse(html) {
          const p = createParser();
          for (let i = 0; i < html.length; i += CHUNK) p.write(html.slice(i, i + CHUNK));
          return p.end();
        },
        walk: walkStream,
      };
    },
  },
  // `make bench` of another build, for an A/B of the DOM row (bench/run.js
  // --baseline DIR: DIR/js/node.bundle.js, a checkout built with `make
  // bundles`; passed to the child processes and workers as H5_BENCH_BASELINE).
  {
    id: 'baseline',
    get label() { return `html5-wasm (DOM) of ${process.env.H5_BENCH_BASELINE ?? '--baseline DIR'}`; },
    ours: true,
    async load() {
      const dir = process.env.H5_BENCH_BASELINE;
      if (!dir) throw new Unavailable('no --baseline DIR given');
      let mod;
      try {
        mod = await import(pathToFileURL(resolve(dir, 'js/node.bundle.js')).href);
      } catch (e) {
        throw new Unavailable(`${dir}/js/node.bundle.js failed to load (${e.message.split('\n')[0]})`);
      }
      return { parse: (html) => mod.parse(html), walk: walkBaseline };
    },
  },
  {
    id: 'parse5',
    label: 'parse5',
    async load() {
      const { parse } = await import('parse5');
      return { parse: (html) => parse(html), walk: walkParse5 };
    },
  },
  {
    id: 'htmlparser2',
    label: 'htmlparser2',
    async load() {
      const { parseDocument } = await import('htmlparser2');
      return { parse: (html) => parseDocument(html), walk: walkHtmlparser2 };
    },
  },
];

export const NATIVE = { id: 'native', label: 'native C', ours: true, treeless: true };

export const byId = (id) => [...PARSERS, NATIVE].find((p) => p.id === id);

/**
 * Loads the given parsers; returns { ready: [{ ...parser, run }], skipped:
 * [{ id, label, reason }] } where run(html) parses and walks, returning the
 * node count.
 */
export async function loadParsers(list = PARSERS) {
  const ready = [];
  const skipped = [];
  for (const p of list) {
    try {
      const { parse, walk } = await p.load();
      ready.push({ ...p, parse, walk, run: (html) => walk(parse(html)) });
    } catch (e) {
      if (!(e instanceof Unavailable)) throw e;
      skipped.push({ id: p.id, label: p.label, reason: e.message });
    }
  }
  return { ready, skipped };
}
