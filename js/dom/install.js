// The DOM's members that live in modules above js/dom/dom.js (HTML element
// classes and their members, traversal and live collections,
// document.implementation), installed by one explicit call instead of at
// import (issue 29: no module changes another's classes at import, so that
// package.json's sideEffects names only the entry points and bundlers drop
// what a program does not use).  decode() and the entry points call it.
import { installImplementation } from './dom-implementation.js';
import { installHtmlElements } from './html-elements.js';
import { installTraversal } from './traversal.js';

let done = false;
/** Idempotent: the first call installs, later ones return at once. */
export function installDom() {
  if (done) return;
  done = true;
  installHtmlElements();
  installTraversal();
  installImplementation();
}
