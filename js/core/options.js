// Option validation: unknown names and wrong types are TypeErrors that name
// the option, so mistakes surface at once instead of being ignored.
import { asBytes } from './text.js';

const asBytesOrDetached = (v) => {
  try {
    return asBytes(v);
  } catch {
    return v; // detached: real
  }
};

/**
 * What `v` is, for error messages: works for every type (BigInt, Symbol,
 * proxies, objects without prototype or with throwing getters) and runs no
 * user code that could throw instead.
 */
export function describe(v) {
  switch (typeof v) {
    case 'string': return `string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
    case 'bigint': return `bigint ${v}n`;
    case 'symbol': return `symbol ${v.description === undefined ? '' : v.description}`;
    case 'function': return 'a function';
    case 'object': {
      if (v === null) return 'null';
      let name = 'Object';
      try {
        if (Array.isArray(v)) return 'an array';
        const c = Object.getPrototypeOf(v)?.constructor?.name;
        if (typeof c === 'string' && c !== '') name = c;
        // Looks like bytes but is not (a Proxy, or an object made from the prototype).
        if (/Array|Buffer|DataView/.test(name) && asBytesOrDetached(v) === null) name += ' look-alike: a Proxy or an imitation';
      } catch {
        // a revoked proxy or a throwing trap
      }
      return `an object (${name})`;
    }
    default: return `${typeof v} ${String(v)}`;
  }
}

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
