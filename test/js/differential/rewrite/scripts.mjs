// Rewrite scripts run unchanged in workerd's HTMLRewriter and in
// html5-wasm's (test/js/differential/rewrite-workerd.test.js): each takes a
// rewriter and a log, adds its handlers and returns the rewriter.  What
// the handlers observe goes into the log; text is logged per text node
// (its chunks joined), since where chunks are cut is each implementation's
// own (docs/rewriter.md).

export const META = '<meta name="rewritten-by" content="test">';

/** The benchmark's job (bench/rewrite.js): http links made https with rel, lazy images, a meta tag into head, scripts removed. */
export function job(r) {
  return r
    .on('a[href^="http:"]', {
      element(e) {
        e.setAttribute('href', 'https:' + e.getAttribute('href').slice(5));
        e.setAttribute('rel', 'noopener');
      },
    })
    .on('img', { element(e) { e.setAttribute('loading', 'lazy'); } })
    .on('head', { element(e) { e.prepend(META, { html: true }); } })
    .on('script', { element(e) { e.remove(); } });
}

/** Logs everything handlers see: elements, attributes, namespaces, explicit end tags, text nodes, comments, the doctype. */
export function observe(r, log) {
  let text = '';
  return r
    .on('*', {
      element(e) {
        log.push(['element', e.tagName, e.namespaceURI, [...e.attributes]]);
        if (e.tagName === 'p' || e.tagName === 'div' || e.tagName === 'a') {
          const name = e.tagName;
          // An end tag the element has itself (implied ones differ on purpose: docs/rewriter.md).
          e.onEndTag((t) => { if (t.name === name && t.implied !== true) log.push(['end', t.name]); });
        }
      },
    })
    .onDocument({
      doctype(d) { log.push(['doctype', d.name, d.publicId, d.systemId]); },
      comments(c) { log.push(['comment', c.text]); },
      text(t) {
        text += t.text;
        if (t.lastInTextNode) {
          log.push(['text', text]);
          text = '';
        }
      },
    });
}

/** Changes of every kind. */
export function mutate(r) {
  return r
    .on('title', { element(e) { e.setInnerContent('Rewritten & <ok>'); } })
    .on('p', { text(t) { if (t.text !== '') t.replace(t.text.toUpperCase()); } })
    .on('b', { element(e) { e.tagName = 'strong'; } })
    .on('img, br, input', { element(e) { e.before('[', { html: true }); e.after(']'); } })
    .on('div[class] > span', { element(e) { e.removeAndKeepContent(); } })
    .on('li:nth-child(2n+1), td:first-child', { element(e) { e.setAttribute('data-odd', '1'); e.removeAttribute('style'); } })
    .on('style, noscript, iframe', { element(e) { e.replace('<!--gone-->', { html: true }); } })
    .onDocument({
      comments(c) { if (c.text.includes('[if')) c.remove(); else c.text = c.text.trim(); },
      end(d) { d.append('<!-- end -->', { html: true }); },
    });
}

/** lol-html's selectors: which elements each one matches. */
const SELECTORS = [
  'div', '.container', '#main', 'a[href]', 'a[href^="https"]', 'a[href$=".html"]', 'a[href*="index" i]', '[class~="nav"]',
  '[lang|="en"]', 'meta[name="description" s]', 'li:first-child', 'li:nth-child(2n+1)', 'tr:nth-child(-n+3)', 'td:nth-of-type(2)',
  'p:first-of-type', 'div > p', 'ul li a', 'body > div > div', ':not(div):not(span):not(a)', 'img:not([alt])', 'span.a.b, em',
  'input[type="text" i]', 'script[src]', '*:nth-child(odd)',
];
export function selectors(r, log) {
  for (const sel of SELECTORS) r.on(sel, { element(e) { log.push([sel, e.tagName]); } });
  return r;
}

export const SCRIPTS = { job, observe, mutate, selectors };
