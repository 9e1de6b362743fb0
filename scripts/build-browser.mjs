#!/usr/bin/env node
// Builds the package's browser entry points from the ESM sources in js/:
// minified ES modules with source maps (esbuild; `make bundles`, npm
// prepack).  Shipped in the package, not committed.
//
//   dist/html5-wasm.min.js         'html5-wasm' for browsers and bundlers
//                                  (js/index.js), the export condition "default"
//   dist/html5-wasm-inline.min.js  'html5-wasm/inline' likewise (js/inline.js,
//                                  the wasm embedded as base64)
//   dist/html5-wasm-core.min.js    what both import: one copy of the library
//                                  and of its state (the wasm instance) when an
//                                  app imports both entry points
//
// Each has a source map (*.min.js.map) whose sources are the js/ files
// shipped beside dist/, their text included.  Two things a plain minifier
// would change are kept:
//   - class names: constructor.name is read (Symbol.toStringTag, the
//     debugging forms of js/dom/inspect.js) and is the browser's for the element
//     classes.  Each class gets `static { name }`, as esbuild's keepNames
//     does, but not the functions, whose names nothing reads (keepNames for
//     everything costs 3.7 KB gzipped);
//   - the /* webpackIgnore: true */ and /* @vite-ignore */ comments of
//     js/core/loader.js's import() of Node built-ins (only reached in Node):
//     without them webpack warns "Critical dependency".  Minifying drops
//     comments, so they are put back into the output and the source map's
//     columns moved after them.
// `new URL('../dist/html5.wasm', import.meta.url)` of js/index.js stays as it
// is: from dist/ it names dist/html5.wasm too, and bundlers see the pattern.
import { build } from 'esbuild';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist');
const ENTRIES = { 'html5-wasm.min': 'js/index.js', 'html5-wasm-inline.min': 'js/inline.js' };
const CHUNK = 'html5-wasm-core.min';
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

// A class declaration or named class expression whose body opens at the end
// of its line (or is `{}`): `[export] class X [extends Y] {`.
const CLASS_LINE = /^(?!\s*(?:\/\/|\*|\/\*))(.*\bclass\s+([A-Za-z_$][\w$]*)(?:\s+extends\s+[\w$.]+)?\s*\{)(\s*\}\s*;?)?\s*$/;
// Any named class: `class` where a statement or an expression starts (a
// class without a name is named by what it is assigned to).
const ANY_CLASS = /^(?!\s*(?:\/\/|\*|\/\*))(?:.*[=(,:;{}!&|?]|.*\b(?:return|export|default)|)\s*class\s+(?!extends\b)[A-Za-z_$]/;
const NAME_HELPER = 'h5-build:class-name';

/** The source with `static { name }` in each class; lines keep their numbers and, up to the insertion, their columns. */
function nameClasses(file, text) {
  let named = 0;
  const lines = text.split('\n').map((line, i) => {
    const m = CLASS_LINE.exec(line);
    if (m === null) {
      if (ANY_CLASS.test(line)) throw new Error(`${file}:${i + 1}: a class this build cannot name (write \`class X … {\` at the end of the line): ${line.trim()}`);
      return line;
    }
    named++;
    return `${m[1]} static { __h5Name(this, ${JSON.stringify(m[2])}); }${line.slice(m[1].length)}`;
  });
  // Imports are hoisted: appended, it moves no line.
  return named === 0 ? text : `${lines.join('\n')}\nimport { __h5Name } from ${JSON.stringify(NAME_HELPER)};\n`;
}

const classNames = {
  name: 'class-names',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^${NAME_HELPER}$`) }, () => ({ path: NAME_HELPER, namespace: 'h5-build' }));
    b.onLoad({ filter: /.*/, namespace: 'h5-build' }, () => ({
      contents: 'export function __h5Name(c, n) { Object.defineProperty(c, "name", { value: n, configurable: true }); }',
      loader: 'js',
    }));
    b.onLoad({ filter: /[\\/]js[\\/](?:[^\\/]+[\\/])?[^\\/]+\.js$/ }, ({ path }) => ({ contents: nameClasses(path, readFileSync(path, 'utf8')), loader: 'js' }));
  },
};

// Base64 VLQ of source map "mappings" (ECMA-426).
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function decodeVlq(s) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const ch of s) {
    const d = B64.indexOf(ch);
    value += (d & 31) << shift;
    if (d & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}
function encodeVlq(values) {
  let s = '';
  for (const v of values) {
    let x = v < 0 ? (-v << 1) | 1 : v << 1;
    do {
      const d = x & 31;
      x >>>= 5;
      s += B64[x > 0 ? d | 32 : d];
    } while (x > 0);
  }
  return s;
}

/** Moves the generated columns at or after `col` of `line` (0-based) by `by`: the first such segment's relative column. */
function shiftMappings(mappings, line, col, by) {
  const lines = mappings.split(';');
  const segs = lines[line].split(',');
  let c = 0;
  for (let i = 0; i < segs.length; i++) {
    const f = decodeVlq(segs[i]);
    c += f[0];
    if (c >= col) {
      f[0] += by;
      segs[i] = encodeVlq(f);
      break;
    }
  }
  lines[line] = segs.join(',');
  return lines.join(';');
}

const IGNORE = '/* webpackIgnore: true */ /* @vite-ignore */';
const IGNORED_IMPORT = /\bimport\((?=[A-Za-z_$][\w$]*\))/g; // import(identifier)

/** Puts IGNORE back into each import(identifier) of `code`, moving the map's columns; returns the count. */
function restoreIgnoreComments(out) {
  const hits = [...out.code.matchAll(IGNORED_IMPORT)].map((m) => m.index + m[0].length);
  for (const at of hits.reverse()) {
    const before = out.code.slice(0, at);
    const line = before.split('\n').length - 1;
    const col = at - (before.lastIndexOf('\n') + 1);
    out.map.mappings = shiftMappings(out.map.mappings, line, col, IGNORE.length);
    out.code = before + IGNORE + out.code.slice(at);
  }
  return hits.length;
}

// The buffer-layout constants that js/core/records.js gathers in LAYOUT, for
// validate() and object.js buildObject to destructure into locals: as
// property names they would ship in full, each three times (LAYOUT's keys
// and the two destructuring patterns; 0.5 KB gzipped), so they are mangled
// (renamed consistently, to short names).  Only where no other code reads
// such a property: checked below against a build that keeps them.
const LAYOUT_BLOCK = /\bLAYOUT = Object\.freeze\(\{([^}]*)\}\)|\bconst \{([^}]*)\} = LAYOUT;/g;
const layoutUses = new Map();
// The sources only, not the Node build's generated files (scripts/build-bundles.mjs).
const generated = (f) => /(^|\/)(node\.bundle|chunk-[^/]*|[^/]*\.node|inline-wasm)\.js$/.test(f);
for (const file of readdirSync(join(root, 'js'), { recursive: true }).filter((f) => f.endsWith('.js') && !generated(f))) {
  for (const m of readFileSync(join(root, 'js', file), 'utf8').matchAll(LAYOUT_BLOCK)) {
    for (const name of (m[1] ?? m[2]).split(',').map((x) => x.trim()).filter(Boolean)) layoutUses.set(name, (layoutUses.get(name) ?? 0) + 1);
  }
}
if (layoutUses.size === 0) throw new Error('js/core/records.js LAYOUT not found');

const options = {
  absWorkingDir: root,
  entryPoints: ENTRIES,
  outdir,
  chunkNames: CHUNK,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  minify: true,
  sourcemap: 'linked',
  banner: { js: `/*! html5-wasm ${version} | MIT | built from js/*.js by scripts/build-browser.mjs: see the .map */` },
  plugins: [classNames],
  write: false,
  logLevel: 'warning',
};
{
  // Every property (or string) of those names in the unmangled output is one of LAYOUT's.
  const plain = await build({ ...options, sourcemap: false });
  const code = plain.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => f.text).join('\n');
  for (const [name, uses] of layoutUses) {
    const found = code.split(new RegExp(`\\b${name}\\b`)).length - 1;
    if (found !== uses) throw new Error(`${name} is in the output ${found} times, ${uses} of them LAYOUT's (js/core/records.js): is it a property elsewhere? It cannot be mangled then`);
  }
}
const result = await build({ ...options, mangleProps: new RegExp(`^(?:${[...layoutUses.keys()].join('|')})$`) });

const names = result.outputFiles.map((f) => basename(f.path)).sort();
const expected = [...Object.keys(ENTRIES), CHUNK].flatMap((n) => [`${n}.js`, `${n}.js.map`]).sort();
if (names.join() !== expected.join()) throw new Error(`esbuild wrote ${names.join(', ')}; expected ${expected.join(', ')}`);

// Sources whose import(specifier) carries the comments, and how many.
const ignoredInSources = readFileSync(join(root, 'js/core/loader.js'), 'utf8').split(`import(${IGNORE}`).length - 1;
let restored = 0;
const outputs = new Map(result.outputFiles.map((f) => [f.path, f.text]));
for (const path of outputs.keys()) {
  if (!path.endsWith('.js')) continue;
  const out = { code: outputs.get(path), map: JSON.parse(outputs.get(`${path}.map`)) };
  restored += restoreIgnoreComments(out);
  // The sources as they are (the map was made from them with the classes
  // named at line ends); the embedded wasm is in js/inline-wasm.js beside it.
  out.map.sourcesContent = out.map.sources.map((s, i) => {
    if (s.startsWith('h5-build:')) return out.map.sourcesContent[i];
    const file = resolve(dirname(path), s);
    return file.endsWith('inline-wasm.js') ? null : readFileSync(file, 'utf8');
  });
  writeFileSync(path, out.code);
  writeFileSync(`${path}.map`, JSON.stringify(out.map));
}
if (restored !== ignoredInSources) {
  throw new Error(`import() of an identifier: ${restored} in the bundles, ${ignoredInSources} with /* webpackIgnore */ in js/core/loader.js`);
}
