// Page side of the browser tests (test/js/browser/browser.test.js): parses with
// html5-wasm and with Chromium's own DOMParser and compares canonical dumps
// (test/browser/canon.js).  Exposes window.h5 for the test driver.
//
// DOMParser.parseFromString runs with scripting DISABLED (noscript content
// is parsed as markup), so our parser runs with scriptingEnabled: false.
import { decode, init, isReady, parse, parseFragment } from '../../js/index.js';
import { canonLines, firstDifference } from './canon.js';

const HTML_NS = 'http://www.w3.org/1999/xhtml';

async function source(c) {
  if (typeof c.html === 'string') return c.html;
  const res = await fetch(c.url);
  if (!res.ok) throw new Error(`fetching ${c.url}: HTTP ${res.status}`);
  return res.text();
}

function chromiumDocument(html) {
  return new DOMParser().parseFromString(html, 'text/html');
}

function result(name, html, ours, theirs, extra = {}) {
  return { name, chars: html.length, lines: theirs.length, diff: firstDifference(ours, theirs), ...extra };
}

async function eachCase(cases, fn) {
  const out = [];
  for (const c of cases) {
    try {
      out.push(await fn(c));
    } catch (e) {
      out.push({ name: c.name, error: `${e?.name ?? 'Error'}: ${e?.message ?? e}` });
    }
  }
  return out;
}

/** Whole documents: parse() vs DOMParser. */
function compareDocuments(cases) {
  return eachCase(cases, async (c) => {
    const html = await source(c);
    const ours = canonLines(parse(html, { scriptingEnabled: false }));
    const theirs = canonLines(chromiumDocument(html));
    return result(c.name, html, ours, theirs);
  });
}

/**
 * Serialisation: the html element's outerHTML and the body's innerHTML of
 * parse()'s tree vs DOMParser's; pis: Chromium's processing instructions.
 */
function compareSerialization(cases) {
  return eachCase(cases, async (c) => {
    const html = await source(c);
    const doc = parse(html, { scriptingEnabled: false });
    const theirs = chromiumDocument(html);
    const pis = theirs.createTreeWalker(theirs, NodeFilter.SHOW_PROCESSING_INSTRUCTION);
    let n = 0;
    while (pis.nextNode()) n++;
    const a = [doc.documentElement.outerHTML, doc.body?.innerHTML ?? ''];
    const b = [theirs.documentElement.outerHTML, theirs.body?.innerHTML ?? ''];
    return result(c.name, html, a, b, { pis: n });
  });
}

/**
 * Fragments: parseFragment(html, { context }) vs element.innerHTML = html
 * on an element of a no-quirks DOMParser document (scripting disabled).
 */
function compareFragments(cases) {
  return eachCase(cases, async (c) => {
    const html = c.html;
    const ns = c.namespaceURI ?? HTML_NS;
    const doc = chromiumDocument('<!DOCTYPE html>');
    const el = doc.createElementNS(ns, c.context);
    el.innerHTML = html;
    const theirs = canonLines(el.localName === 'template' && ns === HTML_NS ? el.content : el);
    const frag = parseFragment(html, { context: { localName: c.context, namespaceURI: ns }, scriptingEnabled: false });
    const ours = canonLines(frag);
    return result(c.name, html, ours, theirs);
  });
}

/**
 * A module worker parses with parseToBuffer() and transfers the buffer;
 * the page decodes it and compares with DOMParser.
 */
async function compareViaWorker(cases) {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'h5-parse-worker' });
  const waiting = new Map(); // id -> { resolve, messages }
  let failure = null;
  const fail = (msg) => {
    failure = new Error(msg);
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  worker.onerror = (e) => { e.preventDefault?.(); fail(`worker error: ${e.message ?? e}`); };
  worker.onmessageerror = () => fail('worker messageerror');
  worker.onmessage = ({ data }) => {
    const w = waiting.get(data.id);
    if (!w) return;
    w.messages.push(data);
    if (data.type === 'error' || w.messages.length === w.expect) {
      waiting.delete(data.id);
      w.resolve(w.messages);
    }
  };
  const ask = (id, msg, expect) => new Promise((resolve, reject) => {
    if (failure) { reject(failure); return; }
    waiting.set(id, { resolve, reject, messages: [], expect });
    worker.postMessage({ id, ...msg });
  });
  try {
    const [hello] = await ask('init', { type: 'init' }, 1);
    if (hello.type !== 'ready') throw new Error(`worker init failed: ${hello.message}`);
    const info = { isModuleWorker: hello.isModuleWorker, workerName: hello.name, ready: hello.ready };
    const results = await eachCase(cases, async (c) => {
      const html = await source(c);
      const msgs = await ask(c.name, { type: 'parse', html }, 2);
      if (msgs[0].type === 'error') throw new Error(`in the worker: ${msgs[0].message}`);
      const [tree, after] = msgs;
      const buffer = tree.buffer;
      const transfer = {
        isArrayBuffer: buffer instanceof ArrayBuffer,
        byteLengthInWorker: tree.byteLength,
        byteLengthHere: buffer.byteLength,
        byteLengthInWorkerAfterTransfer: after.byteLengthAfter,
        detachedInWorker: after.detached,
      };
      const theirs = canonLines(chromiumDocument(html));
      const ours = canonLines(decode(buffer, { format: 'dom' }));
      return result(c.name, html, ours, theirs, { transfer });
    });
    return { info, results };
  } finally {
    worker.terminate();
  }
}

const ready = init().then(
  () => ({ ok: isReady(), userAgent: navigator.userAgent }),
  (e) => ({ ok: false, error: `${e.name}: ${e.message}` }));

window.h5 = { ready: () => ready, compareDocuments, compareFragments, compareSerialization, compareViaWorker };
ready.then((r) => { document.getElementById('status').textContent = r.ok ? 'ready' : `init failed: ${r.error}`; });
