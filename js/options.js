// Option validation: unknown names and wrong types are TypeErrors that name
// the option, so mistakes surface at once instead of being ignored.
import { describe } from './loader.js';

/**
 * Read and check the caller's options once: each own enumerable key is read
 * exactly once (a getter runs once), checked, and its value copied into the
 * result, a plain object without prototype that the API then reads instead
 * of `options` (inherited properties are never options).  Undefined values
 * are left out.
 * @param {string} fn      the API function, for messages
 * @param {object|undefined} options
 * @param {Record<string, (v: any) => string|null>} spec  name -> checker returning an error text or null
 * @returns {Record<string, any>}
 */
export function checkOptions(fn, options, spec) {
  const out = Object.create(null);
  if (options === undefined || options === null) return out;
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${fn}(): options must be an object; got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    const check = Object.prototype.hasOwnProperty.call(spec, key) ? spec[key] : undefined;
    if (!check) {
      throw new TypeError(`${fn}(): unknown option '${key}'; known options: ${Object.keys(spec).join(', ')}`);
    }
    const v = options[key];
    if (v === undefined) continue;
    const problem = check(v);
    if (problem) throw new TypeError(`${fn}(): option '${key}' ${problem}; got ${describe(v)}`);
    out[key] = v;
  }
  return out;
}

export const isBoolean = (v) => (typeof v === 'boolean' ? null : 'must be a boolean');
export const isFunction = (v) => (typeof v === 'function' ? null : 'must be a function');
export const isString = (v) => (typeof v === 'string' ? null : 'must be a string');
export const oneOf = (...values) => (v) =>
  values.includes(v) ? null : `must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}`;

export function checkInput(fn, html) {
  if (typeof html !== 'string') {
    throw new TypeError(`${fn}(html): html must be a string; got ${describe(html)}`);
  }
}
