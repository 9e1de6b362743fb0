// html5-wasm/sanitize: the HTML Sanitizer API (HTML 8.5.2 and 8.6;
// docs/sanitizer.md) with the parser it needs: Sanitizer, sanitize(),
// parseHTML(), parseHTMLUnsafe(), and setHTML()/setHTMLUnsafe() on Element
// and ShadowRoot (installed here, at import).  No XML, no streaming.
import { besidePackageSource, load, setPlatformSource } from '../core/loader.js';
import { installDom } from '../dom/install.js';
import { installHtmlParser } from '../dom/parse.js';
import { installSanitizerMembers } from '../sanitize/index.js';

export { initSync, isReady } from '../core/loader.js';
export { Sanitizer, installSanitizerMembers, isJavascriptURL, parseHTML, parseHTMLUnsafe, sanitize } from '../sanitize/index.js';
export { parse, parseFragment } from '../dom/parse.js';
export { serialize } from '../html/serialize.js';

// In Node the module loads on first use from the package's dist/ (no init() needed).
setPlatformSource(besidePackageSource, true);

installDom();
installHtmlParser();
installSanitizerMembers();

/** Load html5.wasm: from `source`, or else from beside this file; in Node the first call reads it by itself. */
export function init(source, options) {
  return load(source, () => new URL('../../dist/html5.wasm', import.meta.url), options);
}
