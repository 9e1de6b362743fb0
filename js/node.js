// Node entry point ("node" condition of package.json exports): the module
// initialises itself synchronously at import, so `await init()` is optional.
import { readFileSync } from 'node:fs';
import { defaultUrl, initSync } from './loader.js';

initSync(readFileSync(defaultUrl()));

export * from './index.js';
