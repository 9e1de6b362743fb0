#!/usr/bin/env node
// Writes test/data/dompurify/expect.json and test/data/dompurify/test-suite.json,
// the data test/js/unit/dompurify.test.js runs, from a clone of DOMPurify
// (https://github.com/cure53/DOMPurify, Apache-2.0 OR MPL-2.0):
//
//   node scripts/dompurify-cases.mjs PATH-TO-DOMPURIFY-CLONE
//
// - expect.json: test/fixtures/expect.mjs, as it is (title, payload, expected).
// - test-suite.json: the string cases of test/test-suite.js.  Its QUnit tests
//   are run here with a recording stand-in for QUnit, against DOMPurify (this
//   project's devDependency) on jsdom (without running scripts), and every
//   assertion `assert.equal / strictEqual / contains(actual, expected)` whose
//   `actual` is the string a `DOMPurify.sanitize(string, config)` call of the
//   same test returned becomes a case: { test, payload, config, expected,
//   compare }.  Only data is kept: a call whose config holds a function or an
//   object that JSON cannot hold (a RegExp is kept as { $regexp, flags }), or
//   made while a hook or setConfig() was in force, gives no case; so do the
//   tests that build their input as nodes, the data-driven module (the
//   fixtures again) and the XSS modules (they insert the output into a
//   document that runs scripts and wait for alert()).  The expected values are the test's
//   own (its assertion's argument), not what jsdom gave.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const clone = process.argv[2];
if (clone === undefined) throw new TypeError('scripts/dompurify-cases.mjs: give the path of a DOMPurify clone');
const commit = execFileSync('git', ['-C', clone, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
const version = JSON.parse(readFileSync(`${clone}/package.json`, 'utf8')).version;
const out = new URL('../test/data/dompurify/', import.meta.url);
mkdirSync(out, { recursive: true });
const source = (path) => `https://github.com/cure53/DOMPurify/blob/${commit}/${path} (DOMPurify ${version}, Apache-2.0 OR MPL-2.0)`;

// ---- expect.mjs --------------------------------------------------------------
const { default: fixtures } = await import(`${clone}/test/fixtures/expect.mjs`);
writeFileSync(new URL('expect.json', out), JSON.stringify({
  source: source('test/fixtures/expect.mjs'),
  written: 'by scripts/dompurify-cases.mjs',
  cases: fixtures.map(({ title, payload, expected }) => ({ title: title ?? null, payload, expected })),
}, null, 1) + '\n');

// ---- test-suite.js -----------------------------------------------------------
// A config as data, or undefined when it is not (a function, a class instance).
function asData(v) {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof RegExp) return { $regexp: v.source, flags: v.flags };
  if (Array.isArray(v)) {
    const a = v.map(asData);
    return a.includes(undefined) ? undefined : a;
  }
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const o = {};
    for (const [k, x] of Object.entries(v)) {
      const d = asData(x);
      if (d === undefined) return undefined;
      o[k] = d;
    }
    return o;
  }
  return undefined;
}

const { window } = new JSDOM('<html><head></head><body><div id="qunit-fixture"></div></body></html>');
const real = createDOMPurify(window);
let current = null; // { name, results: Map<string, {payload, config}> }
const hooks = new Map();
let setConfig = false;
const hooked = () => setConfig || [...hooks.values()].some((n) => n > 0);
const recording = new Proxy(real, {
  get(target, key) {
    switch (key) {
      case 'sanitize':
        return (dirty, cfg, ...rest) => {
          const r = real.sanitize(dirty, cfg, ...rest);
          const config = cfg === undefined ? null : asData(cfg);
          if (current !== null && typeof dirty === 'string' && typeof r === 'string' && config !== undefined && !hooked() && rest.length === 0) {
            current.results.set(r, { payload: dirty, config });
          }
          return r;
        };
      case 'addHook':
        return (entry, fn) => {
          hooks.set(entry, (hooks.get(entry) ?? 0) + 1);
          return real.addHook(entry, fn);
        };
      case 'removeHook':
        return (entry, fn) => {
          const r = real.removeHook(entry, fn);
          if (r !== undefined) hooks.set(entry, Math.max(0, (hooks.get(entry) ?? 0) - 1));
          return r;
        };
      case 'removeHooks':
        return (entry) => {
          hooks.set(entry, 0);
          return real.removeHooks(entry);
        };
      case 'removeAllHooks':
        return () => {
          hooks.clear();
          return real.removeAllHooks();
        };
      case 'setConfig':
        return (cfg) => {
          setConfig = true;
          return real.setConfig(cfg);
        };
      case 'clearConfig':
        return () => {
          setConfig = false;
          return real.clearConfig();
        };
      default: {
        const v = Reflect.get(target, key);
        return typeof v === 'function' ? v.bind(target) : v;
      }
    }
  },
  set(target, key, v) { return Reflect.set(target, key, v); },
});

const cases = [];
const seen = new Set();
function record(kind, actual, expected) {
  if (current === null || typeof actual !== 'string' || !current.results.has(actual)) return;
  if (typeof expected !== 'string' && !(Array.isArray(expected) && expected.every((x) => typeof x === 'string'))) return;
  const { payload, config } = current.results.get(actual);
  const key = JSON.stringify([payload, config, expected, kind]);
  if (seen.has(key)) return;
  seen.add(key);
  cases.push({ test: current.name, payload, config, expected, compare: kind });
}
const assert = {
  equal: (a, e) => record('equal', a, e),
  strictEqual: (a, e) => record('equal', a, e),
  contains: (a, e) => record('contains', a, e),
  deepEqual() {}, notEqual() {}, notOk() {}, ok() {}, expect() {},
  throws(f) {
    try {
      f();
    } catch {}
  },
  async: () => () => {},
};
const tests = [];
let module = '';
let moduleHooks = {};
const QUnit = {
  module(name, h) {
    module = name;
    moduleHooks = typeof h === 'object' && h !== null ? h : {};
  },
  test(name, fn) { tests.push({ name: `${module} > ${name}`, fn, hooks: moduleHooks }); },
};
globalThis.QUnit = QUnit;
const require = createRequire(import.meta.url);
const testSuite = require(`${clone}/test/test-suite.js`);
const xss = fixtures.filter((t) => /alert/.test(t.payload));
testSuite(recording, window, fixtures, xss);
let ran = 0;
let threw = 0;
for (const t of tests) {
  if (t.name.startsWith('XSS')) continue; // the suites that insert the output and wait for alert(): script execution
  if (t.name.startsWith('Sanitization (data-driven)')) continue; // expect.json's cases again
  current = { name: t.name, results: new Map() };
  try {
    t.hooks.beforeEach?.call({}, assert);
    const r = t.fn(assert);
    if (r instanceof Promise) await r.catch(() => { threw++; });
    t.hooks.afterEach?.call({}, assert);
    ran++;
  } catch {
    threw++;
  }
  current = null;
  hooks.clear();
  setConfig = false;
  real.removeAllHooks();
  real.clearConfig();
}
writeFileSync(new URL('test-suite.json', out), JSON.stringify({
  source: source('test/test-suite.js'),
  written: 'by scripts/dompurify-cases.mjs, which says what a case is',
  tests: tests.length,
  cases,
}, null, 1) + '\n');
console.log(`expect.json: ${fixtures.length} cases; test-suite.json: ${cases.length} cases from ${tests.length} tests (${ran} ran, ${threw} threw)`);
