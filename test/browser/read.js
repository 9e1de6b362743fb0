// The read script of the DOM-reading differential (test/js/browser/dom-read.test.js):
// the same function reads a Chromium DOMParser document and an html5-wasm
// parse() document and lists what it read, one line per value, so the two
// lists can be compared line by line.  It uses only standard DOM / HTML API
// (no globals), so it runs in the page and in Node alike.

const json = (v) => JSON.stringify(v);

/**
 * Lines "<element position> <localName>.<property> = <value>" for the
 * document and every element in tree order (querySelectorAll('*')).
 * @param {Document} doc
 * @param {{ innerTextMax?: number }} [o] innerText of elements with at most this much text
 */
export function readLines(doc, o = {}) {
  const innerTextMax = o.innerTextMax ?? 400;
  const all = [...doc.querySelectorAll('*')];
  const pos = new Map(all.map((e, k) => [e, k]));
  const at = (e) => (e === null || e === undefined ? null : pos.has(e) ? pos.get(e) : 'outside');
  const ats = (list) => (list === null ? null : [...list].map(at));
  const out = [];
  const put = (where, name, v) => out.push(`${where} ${name} = ${json(v)}`);

  put('document', 'URL', doc.URL);
  put('document', 'documentURI', doc.documentURI);
  put('document', 'baseURI', doc.baseURI);
  put('document', 'forms', ats(doc.forms));
  put('document', 'images', ats(doc.images));
  put('document', 'links', ats(doc.links));
  put('document', 'scripts', ats(doc.scripts));
  const names = new Set();
  for (const e of all) if (e.getAttribute('name') !== null) names.add(e.getAttribute('name'));
  for (const n of [...names].slice(0, 20)) put('document', `getElementsByName(${json(n)})`, ats(doc.getElementsByName(n)));
  put('document', 'children', ats(doc.children));
  put('document', 'childNodes.length', doc.childNodes.length);

  const n = all.length;
  for (let k = 0; k < n; k++) {
    const e = all[k];
    const w = `${k} ${e.localName}`;
    put(w, 'id', e.id);
    put(w, 'className', typeof e.className === 'string' ? e.className : [e.className.baseVal, e.className.animVal]);
    put(w, 'classList', [e.classList.length, [...e.classList], e.classList.value, e.classList.item(0)]);
    put(w, 'children', [e.children.length, e.children.item(0) === e.firstElementChild, ats(e.children).slice(0, 5)]);
    put(w, 'childNodes.length', e.childNodes.length);
    // Positions: against a few other elements (DOM 4.4).
    put(w, 'compareDocumentPosition', [all[(k * 7 + 3) % n], all[(k * 13 + 1) % n], e.parentElement ?? e, e.firstElementChild ?? e, doc].map((x) => e.compareDocumentPosition(x)));
    put(w, 'isEqualNode(next)', e.isEqualNode(all[k + 1] ?? null));
    put(w, 'lookupNamespaceURI', [e.lookupNamespaceURI(null), e.lookupNamespaceURI('xlink'), e.lookupPrefix('http://www.w3.org/1999/xlink'), e.isDefaultNamespace(e.namespaceURI)]);
    if (e.namespaceURI === 'http://www.w3.org/2000/svg' || e.namespaceURI === 'http://www.w3.org/1998/Math/MathML') {
      put(w, 'tabIndex', e.tabIndex);
      put(w, 'dataset', Object.entries(e.dataset));
      continue;
    }
    if (e.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
    put(w, 'dataset', Object.entries(e.dataset));
    // draggable of area: true in Chromium, false in the standard (HTML 6.11.6: img and a with href only).
    // spellcheck is left out: its default is the user agent's (HTML 6.8.4).
    // A form's named controls shadow its properties (form.title is <input
    // name=title> in browsers); those are not modelled: such properties are skipped.
    const own = (name) => (e.localName === 'form' && e.elements.namedItem(name) !== null ? '(named control)' : e[name]);
    put(w, 'title/lang/dir/hidden', [own('title'), own('lang'), own('dir'), own('hidden'), e.translate, e.accessKey, e.localName === 'area' ? '-' : e.draggable, e.inert]);
    // tabIndex of video/audio: 0 in Chromium (focusable controls), -1 in the standard (HTML 6.6.3).
    if (e.localName !== 'video' && e.localName !== 'audio') put(w, 'tabIndex', e.tabIndex);
    const text = e.textContent;
    if (text.length <= innerTextMax) put(w, 'innerText', [e.innerText, e.outerText]);
    switch (e.localName) {
      case 'a':
      case 'area':
        put(w, 'href', [e.href, e.protocol, e.host, e.hostname, e.port, e.pathname, e.search, e.hash, e.origin, e.username, e.password, String(e)]);
        put(w, 'link attributes', [e.rel, e.relList.length, e.target, e.download, e.hreflang, e.type, e.referrerPolicy, e.ping]);
        if (e.localName === 'a') put(w, 'text', e.text);
        break;
      case 'img':
        put(w, 'img', [e.src, e.alt, e.srcset, e.sizes, e.crossOrigin, e.useMap, e.isMap, e.width, e.height, e.decoding, e.referrerPolicy, e.name]); // loading: Chromium's default is 'auto', the standard's 'eager'
        break;
      case 'input':
        put(w, 'input', [e.type, e.value, e.defaultValue, e.checked, e.defaultChecked, e.name, e.disabled, e.required, e.placeholder, e.readOnly, e.multiple]);
        put(w, 'input limits', [e.min, e.max, e.step, e.pattern, e.maxLength, e.minLength, e.size, e.accept, e.alt, e.src, e.formAction, e.formMethod]);
        put(w, 'input form', [at(e.form), ats(e.labels), at(e.list)]);
        break;
      case 'select':
        put(w, 'select', [e.value, e.selectedIndex, e.options.length, e.length, e.type, e.multiple, e.size, e.required, e.disabled, e.name]);
        put(w, 'select options', [ats(e.options), ats(e.selectedOptions), e.options.selectedIndex, at(e.form), ats(e.labels)]);
        break;
      case 'option':
        put(w, 'option', [e.value, e.text, e.label, e.selected, e.defaultSelected, e.index, e.disabled, at(e.form)]);
        break;
      case 'optgroup':
        put(w, 'optgroup', [e.label, e.disabled]);
        break;
      case 'textarea':
        put(w, 'textarea', [e.value, e.defaultValue, e.textLength, e.rows, e.cols, e.maxLength, e.wrap, e.name, e.placeholder, e.readOnly, e.required, e.disabled, e.type, at(e.form), ats(e.labels)]);
        break;
      case 'button':
        put(w, 'button', [e.type, e.value, e.name, e.disabled, at(e.form), e.formAction, e.formMethod, ats(e.labels)]);
        break;
      case 'fieldset':
        put(w, 'fieldset', [e.type, e.disabled, e.name, ats(e.elements), at(e.form)]);
        break;
      case 'legend':
        put(w, 'legend', at(e.form));
        break;
      case 'output':
        put(w, 'output', [e.type, e.value, e.defaultValue, e.htmlFor.value, at(e.form)]);
        break;
      case 'form':
        put(w, 'form', [ats(e.elements), e.length, ...['action', 'method', 'enctype', 'encoding', 'name', 'target', 'noValidate', 'acceptCharset', 'autocomplete'].map(own)]);
        break;
      case 'label':
        put(w, 'label', [e.htmlFor, at(e.control), at(e.form)]);
        break;
      case 'meta':
        put(w, 'meta', [e.name, e.content, e.httpEquiv, e.media]);
        break;
      case 'link':
        put(w, 'link', [e.href, e.rel, e.relList.length, e.media, e.hreflang, e.type, e.as, e.crossOrigin, e.integrity, e.disabled, e.sizes.value]);
        break;
      case 'base':
        put(w, 'base', [e.href, e.target]);
        break;
      case 'script':
        // async is left out: Chromium sets "force async" on some scripts of DOMParser documents.
        put(w, 'script', [e.src, e.type, e.noModule, e.defer, e.crossOrigin, e.integrity, e.charset, e.text.length]);
        break;
      case 'style':
        put(w, 'style', [e.media, e.type]);
        break;
      case 'title':
        put(w, 'title', e.text);
        break;
      case 'ol':
        put(w, 'ol', [e.reversed, e.start, e.type]);
        break;
      case 'li':
        put(w, 'li', e.value);
        break;
      case 'td':
      case 'th':
        put(w, 'cell', [e.colSpan, e.rowSpan, e.headers, e.scope, e.abbr]);
        break;
      case 'iframe':
        put(w, 'iframe', [e.src, e.srcdoc, e.name, e.width, e.height]);
        break;
      case 'details':
      case 'dialog':
        put(w, 'open', e.open);
        break;
      case 'datalist':
        put(w, 'datalist', ats(e.options));
        break;
      default:
        break;
    }
  }
  return out;
}

/** Traversal lines: TreeWalker and NodeIterator over the document with a few whatToShow masks and a filter. */
export function traversalLines(doc) {
  const all = [...doc.querySelectorAll('*')];
  const pos = new Map(all.map((e, k) => [e, k]));
  const name = (x) => (x.nodeType === 1 ? `${pos.get(x)}` : `${x.nodeName}:${(x.nodeValue ?? '').slice(0, 20)}`);
  const out = [];
  for (const show of [0xffffffff, 0x1, 0x4 | 0x80, 0x1 | 0x4]) {
    const filter = (x) => (x.nodeType === 1 && x.localName === 'table' ? 2 : x.nodeType === 1 && x.localName === 'div' ? 3 : 1);
    for (const f of [null, filter]) {
      const tw = doc.createTreeWalker(doc.body ?? doc, show, f);
      const fwd = [];
      for (let x = tw.nextNode(); x !== null && fwd.length < 300; x = tw.nextNode()) fwd.push(name(x));
      const back = [];
      for (let x = tw.previousNode(); x !== null && back.length < 300; x = tw.previousNode()) back.push(name(x));
      tw.currentNode = doc.body ?? doc;
      const kids = [];
      for (let x = tw.firstChild(); x !== null && kids.length < 100; x = tw.nextSibling()) kids.push(name(x));
      const it = doc.createNodeIterator(doc, show, f);
      const iter = [];
      for (let x = it.nextNode(); x !== null && iter.length < 300; x = it.nextNode()) iter.push(name(x));
      const iterBack = [];
      for (let x = it.previousNode(); x !== null && iterBack.length < 5; x = it.previousNode()) iterBack.push(name(x));
      out.push(`show ${show} filter ${f !== null}: walker ${fwd.join(' ')} | back ${back.join(' ')} | children ${kids.join(' ')} | iterator ${iter.join(' ')} | back ${iterBack.join(' ')}`);
    }
  }
  return out;
}
