// The browser entry points the package ships (scripts/build-browser.mjs,
// `make bundles`): dist/html5-wasm.min.js ('html5-wasm' for browsers and
// bundlers), dist/html5-wasm-inline.min.js ('html5-wasm/inline') and the
// dist/html5-wasm-core.min.js both import.  Run here in Node (they load
// html5.wasm from a file: URL there): the same API and trees as the js/
// sources, class names kept, one library when both entries are imported, a
// source map that points at the sources, what bundlers read left as it is,
// and the size budget.  Bundlers and Chromium: bundler.test.js.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { inspect } from 'node:util';

import * as sources from '../../../js/index.js';
import * as inlineSources from '../../../js/inline.js';
import { repoRoot } from '../lib/shared.js';

const dist = (f) => join(repoRoot, 'dist', f);
const HTML = '<!DOCTYPE html><title>t</title><p class=x>a<b>b</b><table><tr><td>x</table><svg><path/></svg><math><mi>x</mi></math>' +
  '<select><option>1</select><input value=3><template><td>t</template><!--c--><a href=/x>x</a><form><button>b</button></form><dl><dt>d</dl>';

describe('dist/html5-wasm.min.js', () => {
  test('exports what js/index.js exports; html5-wasm/inline what js/inline.js exports', async () => {
    const bundle = await import(dist('html5-wasm.min.js'));
    const inline = await import(dist('html5-wasm-inline.min.js'));
    assert.deepEqual(Object.keys(bundle), Object.keys(sources));
    assert.deepEqual(Object.keys(inline), Object.keys(inlineSources));
    for (const k of Object.keys(sources)) assert.equal(typeof bundle[k], typeof sources[k], k);
  });

  test('parses as the sources do: trees, class names, debugging forms, errors', async () => {
    const bundle = await import(dist('html5-wasm.min.js'));
    await bundle.init();
    await sources.init();
    const a = bundle.parse(HTML);
    const b = sources.parse(HTML);
    assert.equal(bundle.dumpTree(a), sources.dumpTree(b));
    assert.equal(bundle.serialize(a), sources.serialize(b));
    const kinds = (doc) => [...doc.querySelectorAll('*')].map((n) => `${n.constructor.name} ${Object.prototype.toString.call(n)}`);
    assert.deepEqual(kinds(a), kinds(b));
    assert.ok(kinds(a).includes('HTMLParagraphElement [object HTMLParagraphElement]'), kinds(a).join('\n'));
    assert.equal(Object.prototype.toString.call(a.body.firstChild.classList), '[object DOMTokenList]');
    assert.equal(a.constructor.name, 'Document');
    assert.equal(inspect(a, { depth: 6 }), inspect(b, { depth: 6 }));
    assert.deepEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
    const thrown = (doc) => { try { doc.querySelector('p!!'); } catch (e) { return [e.constructor.name, e.name, e.message, String(e)]; } return null; };
    assert.deepEqual(thrown(a), thrown(b));
    assert.equal(thrown(a)[0], 'DOMException');
    assert.throws(() => bundle.parse(42), (e) => e instanceof TypeError && e.message === (() => { try { sources.parse(42); } catch (x) { return x.message; } })());
  });

  test('html5-wasm and html5-wasm/inline imported together are one library (the core is shared)', () => {
    // A fresh process: the inline entry initialises at import (Node compiles
    // synchronously); the default entry then needs no init() of its own.
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `
      const inline = await import(${JSON.stringify(dist('html5-wasm-inline.min.js'))});
      const main = await import(${JSON.stringify(dist('html5-wasm.min.js'))});
      const doc = main.parse('<p>x');
      console.log(JSON.stringify([inline.isReady(), main.isReady(),
        doc.body.firstChild instanceof inline.parse('<p>').body.firstChild.constructor, inline.serialize(doc)]));
    `], { encoding: 'utf8' });
    assert.equal(r.stderr, '');
    assert.deepEqual(JSON.parse(r.stdout), [true, true, true, '<html><head></head><body><p>x</p></body></html>']);
  });

  test("bundlers' patterns survive minification", () => {
    const main = readFileSync(dist('html5-wasm.min.js'), 'utf8');
    const core = readFileSync(dist('html5-wasm-core.min.js'), 'utf8');
    // Vite, webpack 5 and Rollup's assets plugin emit html5.wasm from this.
    assert.match(main, /new URL\("\.\.\/dist\/html5\.wasm",import\.meta\.url\)/);
    assert.doesNotMatch(core + readFileSync(dist('html5-wasm-inline.min.js'), 'utf8'), /html5\.wasm",import\.meta/, 'only the default entry names the file');
    // js/core/loader.js's import() of Node built-ins: webpack and Vite leave it alone.
    const imports = [...core.matchAll(/\bimport\(([^)]*)\)/g)].map((m) => m[1]);
    assert.equal(imports.length, 2, imports.join('\n'));
    for (const i of imports) assert.match(i, /^\/\* webpackIgnore: true \*\/ \/\* @vite-ignore \*\/[A-Za-z_$][\w$]*$/);
    assert.match(main, /\n\/\/# sourceMappingURL=html5-wasm\.min\.js\.map\n?$/);
  });

  test('the source maps point at the js/ sources, columns right after the restored comments', () => {
    for (const name of ['html5-wasm.min.js', 'html5-wasm-core.min.js', 'html5-wasm-inline.min.js']) {
      const code = readFileSync(dist(name), 'utf8');
      const payload = JSON.parse(readFileSync(dist(`${name}.map`), 'utf8'));
      const files = payload.sources.filter((s) => !s.startsWith('h5-build:'));
      assert.ok(files.length > 0 && files.every((s) => s.startsWith('../js/')), files.join());
      payload.sources.forEach((s, i) => {
        if (s.startsWith('h5-build:') || s.endsWith('inline-wasm.js')) return;
        assert.equal(payload.sourcesContent[i], readFileSync(resolve(dirname(dist(name)), s), 'utf8'), `${name}: the text of ${s}`);
      });
      // Each double-quoted string of the output (but the class names this
      // build adds) with a mapping of its own maps to the same string in its source.
      const map = new SourceMap(payload);
      let checked = 0;
      let afterComments = 0;
      code.split('\n').forEach((line, l) => {
        const comments = line.indexOf('/* webpackIgnore');
        for (const m of line.matchAll(/(static\{\w+\(this,)?"([^"\\]{6,})"/g)) {
          if (m[1]) continue;
          const at = m.index;
          const e = map.findEntry(l, at);
          if (e.generatedLine !== l || e.generatedColumn !== at) continue;
          const text = readFileSync(resolve(dirname(dist(name)), e.originalSource), 'utf8').split('\n')[e.originalLine].slice(e.originalColumn);
          assert.match(text, /^['"`]/, `${name} ${l + 1}:${at} ${m[0].slice(0, 40)} maps to ${e.originalSource}:${e.originalLine + 1}:${e.originalColumn + 1}`);
          assert.equal(text.slice(1, 7), m[2].slice(0, 6), `${name} ${l + 1}:${at}`);
          checked++;
          if (comments >= 0 && at > comments) afterComments++;
        }
      });
      assert.ok(checked > (name === 'html5-wasm-core.min.js' ? 500 : 0), `${name}: ${checked} strings checked`);
      // (how many follow them on their line depends on the module order: 6 in 0.1.0)
      if (name === 'html5-wasm-core.min.js') assert.ok(afterComments >= 5, `${afterComments} after the restored comments`);
    }
  });
});
