#!/usr/bin/env node
// html5-wasm command line: parse an HTML file and print its tree in the
// html5lib test format (or, with --tokens, its token stream).
//   html5-wasm [--tokens] [--fragment CONTEXT] [--no-scripting] FILE
import { readFileSync } from 'node:fs';
import * as html5 from '../js/node.js';

const args = process.argv.slice(2);
const flag = (name) => { const i = args.indexOf(name); if (i < 0) return false; args.splice(i, 1); return true; };
const value = (name) => { const i = args.indexOf(name); if (i < 0) return undefined; const v = args[i + 1]; args.splice(i, 2); return v; };
const tokensOnly = flag('--tokens');
const noScripting = flag('--no-scripting');
const context = value('--fragment');
if (args.length !== 1) {
  console.error('usage: html5-wasm [--tokens] [--fragment CONTEXT] [--no-scripting] FILE');
  process.exit(2);
}
const html = readFileSync(args[0], 'utf8');
const errors = [];
const onParseError = (e) => errors.push(e);

if (tokensOnly || typeof html5.parse !== 'function') {
  for (const t of html5.tokenize(html, { onParseError })) console.log(JSON.stringify(t));
} else {
  const opts = { scriptingEnabled: !noScripting, onParseError };
  const root = context ? html5.parseFragment(html, { ...opts, context }) : html5.parse(html, opts);
  process.stdout.write(html5.dumpTree(root));
}
console.log(`# ${errors.length} parse error(s)`);
for (const e of errors.slice(0, 20)) console.log(`#   ${args[0]}:${e.line}:${e.col} ${e.code}`);
