// HTML 4.13.3 "valid custom element name", in a module of its own so that
// js/select/select.js (:defined) and js/dom/html-elements.js (the element classes)
// share it without an import cycle (html-elements.js imports dom.js, which
// imports select.js).

// HTML 4.13.3: names reserved by SVG and MathML.
const RESERVED_CUSTOM_NAMES = new Set(['annotation-xml', 'color-profile', 'font-face', 'font-face-src', 'font-face-uri',
  'font-face-format', 'font-face-name', 'missing-glyph']);
/**
 * HTML 4.13.3 "valid custom element name" (as relaxed in 2025 with the DOM's
 * valid element local names, as Chromium 156 checks it): an ASCII lower
 * alpha first, a hyphen, no ASCII upper alpha, no ASCII whitespace, NULL,
 * '/' or '>', and not a reserved name.
 */
export function isValidCustomElementName(name) {
  const first = name.charCodeAt(0);
  return first >= 0x61 && first <= 0x7a && name.includes('-') && !/[A-Z\t\n\f\r \0/>]/.test(name) && !RESERVED_CUSTOM_NAMES.has(name);
}
