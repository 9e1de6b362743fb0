// Tokens in the notation of html5lib-tests and xml5lib-tests (arrays such
// as ['StartTag', name, attrs] and ['Character', data]), shared by the two
// tokenizer conformance suites.

/**
 * `tokens` as the test suites write them: `rows[type](token)` makes a
 * token's array, and adjacent character tokens become one
 * ['Character', data], as the suites merge them.  A type without a row
 * throws.
 * @param {Iterable<{ type: string, data?: string }>} tokens
 * @param {Record<string, (token: any) => unknown[]>} rows
 */
export function testNotation(tokens, rows) {
  const out = [];
  for (const t of tokens) {
    if (t.type === 'character') {
      const last = out.at(-1);
      if (last?.[0] === 'Character') last[1] += t.data;
      else out.push(['Character', t.data]);
    } else if (Object.hasOwn(rows, t.type)) {
      out.push(rows[t.type](t));
    } else {
      throw new Error('unknown token type ' + t.type);
    }
  }
  return out;
}
