// Page side of the mutation differential (test/js/browser/mutation.test.js):
// the same sequences of DOM operations, written once as functions of a
// `document` (and a `parseDoc(html)` that makes another document of the
// same implementation), run on Chromium's DOMParser documents and on
// html5-wasm's parse() documents; after every step the document's
// serialisation and the name of the exception thrown (if any) are compared.
//
// Steps are hand-written scripts (SCRIPTS) and generated ones: a seeded
// generator picks operations, nodes (by position in a tree-order list of the
// document's nodes, the same on both sides while the trees agree) and
// arguments (markup, names valid and invalid).
import { parse } from '../../js/index.js';
import { mulberry32 } from '../js/differential/gen/html.js';

const chromium = (html) => new DOMParser().parseFromString(html, 'text/html');
const ours = (html) => parse(html, { scriptingEnabled: false });

/** The document as markup: doctype, comments, PIs and the html element's outerHTML. */
export function docMarkup(doc) {
  let s = '';
  for (const n of doc.childNodes) {
    if (n.nodeType === 1) s += n.outerHTML;
    else if (n.nodeType === 10) s += `<!DOCTYPE ${n.name}>`;
    else if (n.nodeType === 8) s += `<!--${n.data}-->`;
    else if (n.nodeType === 7) s += `<?${n.target} ${n.data}?>`;
  }
  return s;
}

/** The nodes of `root` in tree order (childNodes; template contents after their template). */
function nodesOf(root) {
  const out = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop();
    out.push(n);
    const kids = n.childNodes;
    for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k]);
    if (n.nodeType === 1 && n.localName === 'template' && n.namespaceURI === 'http://www.w3.org/1999/xhtml') stack.push(n.content);
  }
  return out;
}
const elementsOf = (doc) => nodesOf(doc).filter((n) => n.nodeType === 1);

// ---- hand-written scripts: each a list of steps (doc, parseDoc) => void ----

export const SCRIPTS = {
  'build a list': {
    html: '<!DOCTYPE html><ul id=l></ul>',
    steps: [
      (d) => { for (let k = 0; k < 3; k++) { const li = d.createElement('li'); li.textContent = `item ${k}`; d.getElementById('l').appendChild(li); } },
      (d) => d.getElementById('l').insertBefore(d.createElement('LI'), d.getElementById('l').firstChild),
      (d) => d.getElementById('l').lastChild.remove(),
      (d) => d.getElementById('l').replaceChild(d.createTextNode('t'), d.getElementById('l').children[1]),
      (d) => d.getElementById('l').prepend('a', d.createComment('c'), 'b'),
      (d) => d.getElementById('l').append(),
      (d) => d.getElementById('l').normalize(),
      (d) => d.getElementById('l').replaceChildren(d.createElement('li'), 'x'),
    ],
  },
  'hierarchy errors': {
    html: '<!DOCTYPE html><p id=a><b id=b>x</b></p>',
    steps: [
      (d) => d.getElementById('b').appendChild(d.getElementById('a')),
      (d) => d.appendChild(d.createElement('div')),
      (d) => d.appendChild(d.createTextNode('x')),
      (d) => d.body.appendChild(d.doctype),
      (d) => d.getElementById('a').insertBefore(d.createElement('i'), d.body),
      (d) => d.getElementById('a').removeChild(d.body),
      (d) => d.getElementById('a').replaceChild(d.createElement('i'), d.body),
      (d) => d.getElementById('b').firstChild.appendChild(d.createElement('i')),
      (d) => d.body.appendChild(d),
      (d) => d.insertBefore(d.createComment('first'), d.firstChild),
      (d) => d.insertBefore(d.doctype, d.documentElement),
      (d) => d.replaceChild(d.createElement('html'), d.doctype),
      (d) => d.prepend(d.createElement('x')),
      (d) => { const f = d.createDocumentFragment(); f.append(d.createElement('a'), d.createElement('b')); d.replaceChild(f, d.documentElement); },
      (d) => { const f = d.createDocumentFragment(); f.append('text'); d.appendChild(f); },
      (d) => d.replaceChild(d.createElement('html'), d.documentElement),
      (d) => { const t = d.createElement('template'); d.body.append(t); t.content.appendChild(t); },
    ],
  },
  'names and attributes': {
    html: '<!DOCTYPE html><div id=x class=a></div>',
    steps: [
      (d) => d.getElementById('x').setAttribute('Data-Foo', 'v'),
      (d) => d.getElementById('x').setAttribute('a b', 'v'),
      (d) => d.getElementById('x').setAttribute('a=b', 'v'),
      (d) => d.getElementById('x').setAttribute('1a', 'é'),
      (d) => d.getElementById('x').setAttribute('', 'v'),
      (d) => d.getElementById('x').toggleAttribute('hidden'),
      (d) => d.getElementById('x').toggleAttribute('hidden', true),
      (d) => d.getElementById('x').toggleAttribute('class'),
      (d) => d.getElementById('x').toggleAttribute('a>', false),
      (d) => d.getElementById('x').setAttributeNS('http://www.w3.org/1999/xlink', 'xlink:href', '#a'),
      (d) => d.getElementById('x').setAttributeNS('urn:x', 'p:Local', 'v'),
      (d) => d.getElementById('x').setAttributeNS(null, 'p:q', 'v'),
      (d) => d.getElementById('x').setAttributeNS('urn:x', 'xml:lang', 'v'),
      (d) => d.getElementById('x').setAttributeNS('urn:x', 'xmlns', 'v'),
      (d) => d.getElementById('x').setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:z', 'urn:z'),
      (d) => d.getElementById('x').setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:space', 'preserve'),
      (d) => d.getElementById('x').removeAttributeNS('urn:x', 'Local'),
      (d) => d.getElementById('x').removeAttribute('DATA-FOO'),
      (d) => { d.getElementById('x').id = 'y'; d.getElementById('y').className = 'b c'; },
      (d) => d.body.append(d.createElement('1a')),
      (d) => d.body.append(d.createElement('a b')),
      (d) => d.body.append(d.createElement('é-x'), d.createElement(':x'), d.createElement('_y'), d.createElement('A-Ö')),
      (d) => d.body.append(d.createElement('-x')),
      (d) => d.body.append(d.createElement('a/b')),
      (d) => d.body.append(d.createElementNS('http://www.w3.org/2000/svg', 'svg:rect')),
      (d) => d.body.append(d.createElementNS('urn:x', 'p:Thing')),
      (d) => d.body.append(d.createElementNS(null, 'plain')),
      (d) => d.body.append(d.createElementNS(null, 'p:q')),
      (d) => d.body.append(d.createElementNS('http://www.w3.org/1999/xhtml', 'DIV')),
      (d) => d.body.append(d.createProcessingInstruction('x-y', 'data')),
      (d) => d.body.append(d.createProcessingInstruction('1x', 'data')),
      (d) => d.body.append(d.createProcessingInstruction('x', 'a?>b')),
      (d) => d.body.append(d.createComment('--><x>')),
    ],
  },
  'markup setters': {
    html: '<!DOCTYPE html><body><div id=a>one</div><table id=t></table><p id=p>x</p>',
    steps: [
      (d) => { d.getElementById('a').innerHTML = '<b>bold<i>both</b>italic</i> &amp; <!--c--><?pi d?>'; },
      (d) => { d.getElementById('t').innerHTML = '<td>cell</td>text'; },
      (d) => { d.getElementById('p').outerHTML = '<section>s</section><p id=p2>again'; },
      (d) => d.getElementById('p2').insertAdjacentHTML('beforebegin', '<hr><em>before</em>'),
      (d) => d.getElementById('p2').insertAdjacentHTML('afterend', 'after'),
      (d) => d.getElementById('p2').insertAdjacentHTML('AfterBegin', '<span>first</span>'),
      (d) => d.getElementById('p2').insertAdjacentHTML('beforeEnd', '<span>last</span>'),
      (d) => d.getElementById('p2').insertAdjacentHTML('inside', 'x'),
      (d) => { d.documentElement.outerHTML = '<html>'; },
      (d) => d.documentElement.insertAdjacentHTML('afterend', 'x'),
      (d) => d.documentElement.insertAdjacentHTML('beforeend', '<p>in html'),
      (d) => d.body.insertAdjacentElement('afterbegin', d.createElement('header')),
      (d) => d.body.insertAdjacentText('beforeend', '<text>'),
      (d) => d.createElement('x').insertAdjacentElement('beforebegin', d.createElement('y')),
      (d) => { d.title = 'changed'; d.body.append(d.title); },
      (d) => { d.body.firstChild.textContent = ''; d.body.lastChild.data = 'new data'; },
      (d) => { d.querySelector('em').firstChild.nodeValue = 'nv'; d.querySelector('em').nodeValue = 'ignored'; },
      (d) => { const s = d.createElement('select'); s.innerHTML = '<option>a<option>b'; d.body.append(s); },
      (d) => { const s = d.createElementNS('http://www.w3.org/2000/svg', 'svg'); s.innerHTML = '<circle/><foreignObject><p>x</foreignObject><p>out'; d.body.append(s); },
      (d) => { d.body.innerHTML = '<noscript><p>n</p></noscript><script>1<2</script><style>a>b</style><textarea>&lt;</textarea>'; },
      (d) => { d.body.querySelector('textarea').textContent = '</textarea><b>'; d.body.querySelector('script').textContent = 'x<y'; },
    ],
  },
  'templates': {
    html: '<!DOCTYPE html><template id=t><p>in<b>side</b></p></template>',
    steps: [
      (d) => d.body.append(d.getElementById('t').content.cloneNode(true)),
      (d) => d.body.append(d.importNode(d.getElementById('t').content, true)),
      (d) => d.getElementById('t').content.append(d.createElement('i')),
      (d) => { d.getElementById('t').innerHTML = '<tr><td>row'; },
      (d) => d.body.append(d.getElementById('t').content),
      (d) => d.body.append(d.getElementById('t').cloneNode(true), d.getElementById('t').cloneNode(false)),
      (d) => { const t = d.createElement('template'); t.innerHTML = '<td>c'; d.body.append(t.cloneNode(true)); },
      (d) => d.body.append(String(d.getElementById('t').content.ownerDocument === d), String(d.getElementById('t').content.firstChild?.ownerDocument === d.getElementById('t').content.ownerDocument)),
      (d) => { const x = d.getElementById('t').content.ownerDocument.createElement('z'); d.getElementById('t').content.append(x); d.body.append(String(x.ownerDocument === d)); },
      (d) => { const c = d.getElementById('t').content; const k = c.firstChild; c.removeChild(k); d.body.append(String(k.ownerDocument === d)); d.body.append(k); d.body.append(String(k.ownerDocument === d)); },
    ],
  },
  'two documents': {
    html: '<!DOCTYPE html><div id=home>home</div>',
    steps: [
      (d, p) => { const o = p('<p id=away>away<b>bold</b></p>'); const x = o.getElementById('away'); d.body.append(x); d.body.append(String(x.ownerDocument === d), String(o.body.childNodes.length)); },
      (d, p) => { const o = p('<p id=imp>imported</p>'); const x = d.importNode(o.getElementById('imp'), true); d.body.append(x, String(o.getElementById('imp') !== null)); },
      (d, p) => { const o = p('<p id=shallow a=1>s</p>'); d.body.append(d.importNode(o.getElementById('shallow'))); },
      (d, p) => { const o = p('<div id=ad><i>i</i></div>'); const x = d.adoptNode(o.getElementById('ad')); d.body.append(String(x.parentNode), String(o.body.innerHTML)); d.body.append(x); },
      (d, p) => { const o = p(''); d.body.append(d.adoptNode(o.body)); },
      (d, p) => { const o = p(''); d.adoptNode(o); },
      (d, p) => { const o = p(''); d.importNode(o); },
      (d, p) => { const o = p('<template id=t2><b>t</b></template>'); d.body.append(o.getElementById('t2')); d.body.append(d.getElementById('t2').content.cloneNode(true)); },
      (d, p) => { const o = p(''); const f = o.createDocumentFragment(); f.append(o.createElement('x'), 'y'); d.body.prepend(f); d.body.append(String(f.childNodes.length)); },
      (d) => { const c = d.cloneNode(true); c.body.append('in the clone'); d.body.append(c.body.innerHTML, String(c.body.ownerDocument === c)); },
    ],
  },
  'character data': {
    html: '<!DOCTYPE html><p id=p>abcdef</p>',
    steps: [
      (d) => d.getElementById('p').firstChild.appendData('gh'),
      (d) => d.getElementById('p').firstChild.insertData(2, 'XY'),
      (d) => d.getElementById('p').firstChild.deleteData(1, 2),
      (d) => d.getElementById('p').firstChild.replaceData(0, 1, '<&>'),
      (d) => d.getElementById('p').firstChild.replaceData(99, 1, 'x'),
      (d) => d.getElementById('p').append(d.getElementById('p').firstChild.substringData(20, 1)),
      (d) => d.getElementById('p').firstChild.splitText(3),
      (d) => d.getElementById('p').append(d.getElementById('p').lastChild.wholeText, String(d.getElementById('p').childNodes.length)),
      (d) => d.getElementById('p').firstChild.splitText(100),
      (d) => { d.getElementById('p').firstChild.data = ''; d.getElementById('p').normalize(); },
      (d) => d.getElementById('p').firstChild.before('b', d.createElement('i')),
      (d) => d.getElementById('p').firstChild.after(d.getElementById('p').lastChild),
      (d) => d.getElementById('p').lastChild.replaceWith('r1', 'r2'),
      (d) => d.getElementById('p').normalize(),
      (d) => d.doctype.after(d.createComment('after doctype')),
      (d) => d.doctype.before(d.createElement('x')),
      (d) => { const dt = d.doctype; dt.remove(); d.prepend(dt); },
    ],
  },
};

// ---- generated scripts -------------------------------------------------------

const MARKUP = ['<b>x</b>', '<p>a<p>b', '<td>c', '<tr><td>1', '<table>t', 'plain & <text>', '<!--c-->', '<?p d?>', '<svg><rect/></svg>',
  '<math><mi>m</mi></math>', '<template><td>q</template>', '<select><option>o</select>', '<li>l<li>m', '', '<a href=x>a<a>b',
  '<textarea>\nx</textarea>', '<pre>\n\ny</pre>', '<frameset>', '<body a=b>', '<html c=d>', '<head><title>h</title>', '<script>1<2</script>'];
const NAMES = ['div', 'span', 'p', 'table', 'tr', 'td', 'template', 'svg', 'a', 'li', 'select', 'option', 'b', 'Data-X', '1bad', 'a b', 'é'];
const ATTRS = ['id', 'class', 'data-k', 'Title', 'x:y', 'a b', '', 'hidden', 'href'];
const POSITIONS = ['beforebegin', 'afterbegin', 'beforeend', 'afterend', 'nowhere'];

// n may be inserted into parent as far as the hierarchy goes (see the ChildNode steps below).
const fits = (n, parent) => n.nodeType !== 10 && n.nodeType !== 11 && !n.contains(parent) &&
  !(parent.nodeType === 11 && n.nodeType === 1 && n.localName === 'template' && n.content === parent);

/** A generated script of `count` steps from `seed`. */
export function generated(seed, count) {
  const r = mulberry32(seed);
  const int = (n) => Math.floor(r() * n);
  const pick = (a) => a[int(a.length)];
  const steps = [];
  for (let s = 0; s < count; s++) {
    const a = int(1e9);
    const b = int(1e9);
    const m = pick(MARKUP);
    const name = pick(NAMES);
    const attr = pick(ATTRS);
    const pos = pick(POSITIONS);
    const node = (d, k) => { const l = nodesOf(d); return l[k % l.length]; };
    const el = (d, k) => { const l = elementsOf(d); return l[k % l.length]; };
    const op = int(22);
    const fn = [
      (d) => el(d, a).appendChild(node(d, b)),
      (d) => node(d, a).insertBefore(d.createElement(name), node(d, b)),
      (d) => node(d, a).parentNode?.removeChild(node(d, a)),
      (d) => node(d, a).parentNode?.replaceChild(node(d, b), node(d, a)),
      (d) => el(d, a).append(m, d.createElement(name)),
      // ChildNode / ParentNode methods with a node that cannot go there (a
      // doctype, a fragment, an ancestor): Chromium moves the nodes into a new
      // DocumentFragment first, so they leave their place before it throws
      // HierarchyRequestError; the standard checks first (docs/dom.md).  Left out.
      (d) => { const e = el(d, a); const n = node(d, b); if (fits(n, e)) e.prepend(n, 'p'); },
      (d) => { const x = node(d, a); const n = node(d, b); if (x.parentNode && fits(n, x.parentNode)) x.before?.(n); },
      (d) => node(d, a).after?.('a', d.createComment(m)),
      (d) => node(d, a).remove?.(),
      (d) => { const x = node(d, a); const n = node(d, b); if (x.parentNode && fits(n, x.parentNode)) x.replaceWith?.(n, 'w'); },
      (d) => { el(d, a).textContent = m; },
      (d) => { el(d, a).innerHTML = m; },
      // Chromium merges the Text nodes next to the replaced element (the
      // standard does not): normalize the parent on both sides.
      (d) => { const e = el(d, a); const p = e.parentNode; e.outerHTML = m; p?.normalize(); },
      (d) => el(d, a).insertAdjacentHTML(pos, m),
      (d) => el(d, a).setAttribute(attr, m),
      (d) => el(d, a).removeAttribute(attr),
      (d) => el(d, a).toggleAttribute(attr),
      (d) => el(d, a).appendChild(node(d, b).cloneNode(true)),
      (d) => el(d, a).normalize(),
      (d) => { const n = node(d, a); if (n.nodeType === 3 || n.nodeType === 8) n.data = m; },
      (d) => { const n = node(d, a); if (n.nodeType === 3) n.splitText(b % 5); },
      (d) => el(d, a).insertAdjacentElement(pos, d.createElement(name)),
    ][op];
    fn.op = `op ${op} (${a}, ${b}, ${JSON.stringify(m)}, ${name}, ${attr}, ${pos})`;
    steps.push(fn);
  }
  return steps;
}

// ---- running ---------------------------------------------------------------

function runSteps(parseDoc, html, steps, everyStep) {
  const doc = parseDoc(html);
  const log = [];
  for (const step of steps) {
    let outcome = 'ok';
    try {
      step(doc, parseDoc);
    } catch (e) {
      outcome = e?.name ?? String(e);
    }
    log.push(everyStep ? `${outcome} ${docMarkup(doc)}` : outcome);
  }
  log.push(docMarkup(doc));
  return log;
}

/**
 * Runs each case on both implementations: { name, steps, same, at, ours, theirs }
 * (at: the first step whose outcome or markup differs; -1 when none).
 */
export async function run(cases) {
  const out = [];
  for (const c of cases) {
    let html = c.script !== undefined ? SCRIPTS[c.script].html : c.html;
    if (html === undefined) {
      const res = await fetch(c.url);
      html = await res.text();
    }
    const steps = c.script !== undefined ? SCRIPTS[c.script].steps : generated(c.seed, c.count);
    const every = c.everyStep !== false;
    let a;
    let b;
    try {
      a = runSteps(ours, html, steps, every);
    } catch (e) {
      out.push({ name: c.name, error: `ours threw outside a step: ${e?.name}: ${e?.message}\n${e?.stack}` });
      continue;
    }
    b = runSteps(chromium, html, steps, every);
    const at = a.findIndex((x, k) => x !== b[k]);
    out.push({ name: c.name, steps: steps.length, at, op: at >= 0 && at < steps.length ? steps[at].op ?? String(steps[at]) : null, ours: at < 0 ? null : a[at], theirs: at < 0 ? null : b[at],
      outcomes: b.slice(0, -1).map((x) => x.split(' ')[0]) });
  }
  return out;
}
