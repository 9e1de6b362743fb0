// Cases of test/js/browser/dom-rest.test.js (its SUITES and
// KNOWN_DIFFERENCES): the is value (DOM 4.9, createElement's options, HTML
// 13.3's serialization of it) and the form owner reset by ids (HTML
// 4.10.17.3, with radio groups 4.10.5.1.16).  Each is a script body run as
// `(d, lib) => ...` on a parse() document and on Chromium's of the same
// markup; the JSON of what it returns must be the same.

// ---- the is value ----
const show = "const show = (e) => [e.outerHTML, e.getAttribute('is'), e.matches(':defined'), e.cloneNode(true).outerHTML, e.cloneNode().matches(':defined')];";
export function isValueCases() {
  const out = [];
  const options = ["{ is: 'x-y' }", "'x-y'", "{ is: '' }", '{ is: null }', '{ is: undefined }', '{}', 'null', 'undefined', '5', '{ is: 5 }',
    "{ is: { toString: () => 'a-b' } }", "{ is: 'a\"b&c<d>\\u00a0' }", "{ is: 'notvalid' }", "{ get is() { return 'g-h'; } }", "Object.create({ is: 'p-q' })"];
  for (const o of options) {
    for (const name of ['div', 'x-foo', 'input', 'SPAN']) {
      out.push({ name: `createElement('${name}', ${o})`, html: '<!DOCTYPE html>', body: `${show} return show(d.createElement('${name}', ${o}));` });
    }
    for (const ns of ['http://www.w3.org/1999/xhtml', 'http://www.w3.org/2000/svg', 'http://www.w3.org/1998/Math/MathML', 'urn:x', null]) {
      out.push({ name: `createElementNS(${ns}, 'b', ${o})`, html: '<!DOCTYPE html>', body: `${show} return show(d.createElementNS(${JSON.stringify(ns)}, 'b', ${o}));` });
    }
  }
  out.push({ name: 'createElement: a Symbol as options', html: '', body: "try { d.createElement('div', Symbol('s')); return 'no'; } catch (e) { return e.name; }" });
  out.push({ name: 'createElement: a Symbol is', html: '', body: "try { d.createElement('div', { is: Symbol('s') }); return 'no'; } catch (e) { return e.name; }" });
  out.push({ name: 'createElement: an invalid name comes first', html: '', body: "try { d.createElement('1', { get is() { throw new RangeError(); } }); return 'no'; } catch (e) { return e.name; }" });
  out.push({ name: 'createElement: the getter throws', html: '', body: "try { d.createElement('div', { get is() { throw new RangeError(); } }); return 'no'; } catch (e) { return e.name; }" });
  // the is attribute set, changed, removed later: the is value stays
  const later = [
    "e.setAttribute('is', 'a-b');", "e.removeAttribute('is');", "e.setAttribute('is', 'a-b'); e.removeAttribute('is');",
    "e.setAttributeNS('urn:n', 'p:is', 'n-s');", "e.setAttribute('id', 'z'); e.removeAttribute('is');", "e.toggleAttribute('is');",
    "e.attributes.length && e.removeAttributeNode(e.attributes[0]);", "e.setAttribute('IS', 'c-d');",
  ];
  const made = ["d.createElement('div', { is: 'x-y' })", "d.createElement('p')", "d.getElementById('a')", "d.getElementById('b')", "d.getElementById('c')",
    "d.getElementById('s')", "d.getElementById('t').content.firstChild", "d.getElementById('m')"];
  const html = '<!DOCTYPE html><div is=x-y id=a></div><p id=b is></p><x-y id=c is=a-b></x-y><svg><g id=s is=x-y /></svg><template id=t><span is=t-t></span></template><math><mi id=m is=m-m /></math>';
  for (const m of made) {
    for (const step of ['', ...later]) out.push({ name: `${m}: ${step}`, html, body: `${show} const e = ${m}; ${step} return show(e);` });
  }
  // copies: cloneNode, importNode, adoptNode, innerHTML, a fragment, moved between documents
  const copies = [
    "const e = d.getElementById('a'); e.removeAttribute('is'); const w = d.createElement('section'); w.append(e.cloneNode()); return [w.innerHTML, w.querySelectorAll(':not(:defined)').length];",
    "const e = d.createElement('div', { is: 'x-y' }); const n = d.implementation.createHTMLDocument(''); const i = n.importNode(e); return [i.outerHTML, i.matches(':defined'), n.adoptNode(e).outerHTML];",
    "const e = d.createElement('div', { is: 'x-y' }); const n = d.implementation.createHTMLDocument(''); n.body.append(e); e.setAttribute('is', 'z-z'); e.removeAttribute('is'); return [n.body.innerHTML, e.matches(':defined'), n.querySelectorAll(':defined').length];",
    "const w = d.createElement('div'); w.innerHTML = '<p is=x-y></p><p is=\"\"></p><p></p>'; for (const p of w.children) p.removeAttribute('is'); return [w.innerHTML, [...w.children].map((p) => p.matches(':defined'))];",
    "const t = d.getElementById('t'); t.content.firstChild.removeAttribute('is'); return [t.innerHTML, t.content.cloneNode(true).firstChild.outerHTML];",
    "const e = d.createElement('div', { is: 'x-y' }); const f = d.createDocumentFragment(); f.append(e, d.createElement('b', { is: 'b-b' })); d.body.append(f); return [d.body.innerHTML, d.querySelectorAll(':not(:defined)').length];",
    "const e = d.createElement('div', { is: 'x-y' }); e.append(d.createElement('i', { is: 'i-i' })); return [e.cloneNode(true).outerHTML, e.cloneNode(false).outerHTML, e.getHTML(), e.innerHTML];",
    "const e = d.getElementById('a'); e.removeAttribute('is'); d.body.append(e); return [d.body.lastChild.outerHTML, d.querySelector(':not(:defined)').id];",
    "const e = d.getElementById('a'); e.removeAttribute('is'); e.outerHTML = e.outerHTML; const n = d.querySelector('div'); return [n.outerHTML, n.getAttribute('is'), n.matches(':defined')];",
    "const e = d.getElementById('a'); e.removeAttribute('is'); e.setAttribute('is', 'other'); return [e.outerHTML, e.matches(':defined')];",
  ];
  copies.forEach((body, k) => out.push({ name: `is value copied ${k}`, html, body }));
  out.push({ name: 'XML documents: the parsed is attribute is the is value', xml: true, html: '<r xmlns="http://www.w3.org/1999/xhtml"><div is="x-y" id="a"/><x-y id="b"/><p id="c"/></r>',
    body: "const a = d.getElementById('a'); const s = () => [...d.querySelectorAll(':defined')].map((e) => e.localName); const before = s(); a.removeAttribute('is'); return [before, s()];" });
  out.push({ name: ':defined after every change', html, body: "d.getElementById('a').removeAttribute('is'); d.getElementById('b').removeAttribute('is'); d.getElementById('c').removeAttribute('is'); d.querySelector('div').setAttribute('is', 'q-q'); const p = d.createElement('p'); p.setAttribute('is', 'p-p'); d.body.append(p, d.createElement('p', { is: 'w-w' })); return [[...d.querySelectorAll(':not(:defined)')].map((e) => e.localName + '#' + e.id), d.body.innerHTML];" });
  return out;
}

// ---- the form owner reset by an element with an ID (4.10.17.3) ----
const formOwnerDocs = [
  // r1/r3 share form f's group (r3 wins), r2 is form g's, r4/r5 have none (r5 wins), r6 (form=g) and r7 are apart.
  '<!DOCTYPE html><form id=f><input type=radio name=a id=r1 checked></form><form id=g><input type=radio name=a id=r2 checked></form><input type=radio name=a id=r3 form=f checked><input type=radio name=a id=r4 form=h checked><input type=radio name=a id=r5 checked><input type=radio name=b id=r6 form=g checked><input type=radio name=b id=r7 checked><div id=x></div>',
  // two forms with one id: the first in tree order is the owner
  '<!DOCTYPE html><div id=w><form id=f></form></div><form id=f><input type=radio name=a id=r1 checked></form><input type=radio name=a id=r2 form=f checked><input type=radio name=a id=r3 checked><p id=y></p>',
];
export function formOwnerCases() {
  const steps = [
    '',
    "d.getElementById('f').id = 'x2';",
    "d.getElementById('f').removeAttribute('id');",
    "d.getElementById('f').setAttribute('id', 'f');",
    "d.forms[1].id = 'f';",
    "d.forms[1].id = 'f'; d.forms[0].id = 'z';",
    "d.forms[1].id = 'gg';",
    "d.forms[1].id = 'gg'; d.forms[1].id = 'g';",
    "d.forms[1].remove();",
    "d.getElementById('x') && (d.getElementById('x').id = 'f');",
    "d.getElementById('x') && (d.getElementById('x').id = 'h');",
    "d.body.prepend(Object.assign(d.createElement('div'), { id: 'f' }));",
    "d.body.prepend(Object.assign(d.createElement('form'), { id: 'f' }));",
    "d.body.append(Object.assign(d.createElement('form'), { id: 'h' }));",
    "d.getElementById('r4') && (d.getElementById('r4').checked = true); d.body.prepend(Object.assign(d.createElement('form'), { id: 'h' }));",
    "d.getElementById('f').remove();",
    "const f = d.getElementById('f'); f.remove(); d.body.prepend(f);",
    "const f = d.getElementById('f'); f.remove(); d.body.append(f);",
    "d.body.prepend(d.forms[1]);",
    "d.body.prepend(d.forms[1]); d.forms[0].id = 'f';",
    "const w = d.createElement('div'); w.innerHTML = '<form id=f></form>'; d.body.prepend(w);",
    "const w = d.createElement('div'); w.innerHTML = '<form id=f><input type=radio name=a id=n1 checked></form>'; d.body.prepend(w);",
    "const w = d.createElement('div'); w.innerHTML = '<form id=g><input type=radio name=b id=n1 checked></form>'; d.body.prepend(w);",
    "d.body.insertAdjacentHTML('afterbegin', '<template><form id=f></form></template>');",
    "d.body.insertAdjacentHTML('afterbegin', '<p id=f>');",
    "d.body.insertAdjacentHTML('afterbegin', '<form id=g></form><form id=f></form>');",
    "const f = d.getElementById('f'); const c = f.cloneNode(true); d.body.prepend(c);",
    "d.getElementById('r2').remove(); d.forms[0].id = 'q';",
    "const w = d.getElementById('w'); if (w) w.remove();",
    "const w = d.getElementById('w'); if (w) { w.remove(); d.body.prepend(w); }",
    "const y = d.getElementById('y') ?? d.getElementById('x'); y.id = 'f'; d.body.prepend(y);",
    "const y = d.getElementById('y') ?? d.getElementById('x'); y.append(d.forms[0]);",
    "d.forms[0].replaceWith(Object.assign(d.createElement('section'), { id: 'f' }));",
    "d.getElementById('r3').setAttribute('form', 'g');",
    "d.getElementById('r3').remove(); d.getElementById('f').id = 'q'; d.body.append(d.querySelector('[form]'));",
  ];
  const read = "return [[...d.querySelectorAll('input')].map((e) => e.id + ':' + e.checked + ':' + (e.form ? e.form.id || e.form.outerHTML.length : null)), [...d.querySelectorAll(':checked')].map((e) => e.id)];";
  const out = [];
  formOwnerDocs.forEach((html, k) => steps.forEach((step, m) => out.push({ name: `form owner doc ${k}, step ${m}: ${step}`, html, body: step + read })));
  return out;
}

// Where Chromium 156 departs from the standard (dom-rest.test.js's KNOWN_DIFFERENCES).
// HTML 13.4: the fragment parser builds the nodes in a new Document, and
// "the fragment parsing algorithm steps" append them one by one to a
// fragment: each element with an ID removed from that document resets the
// form owners of the radios still there, and a checked one whose owner
// changed unchecks its new group (here r3 then r6 uncheck r5 and r7).
// Chromium parses into a fragment, where no form owner changes.
export const knownDifferences = [
  { name: 'form owner: innerHTML moves the parsed nodes out of a document one by one', html: formOwnerDocs[0],
    body: "d.body.innerHTML = d.body.innerHTML; return [...d.querySelectorAll(':checked')].map((e) => e.id);",
    standard: '["r2","r3","r6"]' },
];
