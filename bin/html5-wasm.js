#!/usr/bin/env node
// html5-wasm command line: parse an HTML file and print its tree in the
// html5lib test format (or, with --tokens, its token stream).  A document
// is parsed from the file's bytes, decoded as a browser decodes a page
// (--encoding LABEL: as if the server had declared that charset); tokens
// and fragments from the file read as UTF-8.  --no-processing-instructions:
// `<?` starts a bogus comment, as before 2026 (processingInstructions: false).
//   html5-wasm [--tokens] [--fragment CONTEXT] [--no-scripting] [--no-processing-instructions] [--encoding LABEL] FILE
import { readFileSync } from 'node:fs';
import * as html5 from '../js/node.js';

const args = process.argv.slice(2);
const flag = (name) => { const i = args.indexOf(name); if (i < 0) return false; args.splice(i, 1); return true; };
const value = (name) => { const i = args.indexOf(name); if (i < 0) return undefined; const v = args[i + 1]; args.splice(i, 2); return v; };
const tokensOnly = flag('--tokens');
const noScripting = flag('--no-scripting');
const processingInstructions = !flag('--no-processing-instructions');
const context = value('--fragment');
const encoding = value('--encoding');
if (args.length !== 1) {
  console.error('usage: html5-wasm [--tokens] [--fragment CONTEXT] [--no-scripting] [--no-processing-instructions] [--encoding LABEL] FILE');
  process.exit(2);
}
if (args[0].startsWith('--')) {
  console.error(`html5-wasm: unknown option ${args[0]}`);
  process.exit(2);
}
let bytes;
try {
  bytes = readFileSync(args[0]);
} catch (e) {
  console.error(`html5-wasm: cannot read ${args[0]}: ${e.code ?? e.message}`);
  process.exit(2);
}
const html = bytes.toString('utf8');
const errors = [];
const onParseError = (e) => errors.push(e);

if (tokensOnly) {
  for (const t of html5.tokenize(html, { processingInstructions, onParseError })) console.log(JSON.stringify(t));
} else {
  const opts = { scriptingEnabled: !noScripting, processingInstructions, onParseError };
  const root = context ? html5.parseFragment(html, { ...opts, context }) : html5.parse(bytes, { ...opts, encoding });
  process.stdout.write(html5.dumpTree(root));
  if (!context) console.log(`# encoding: ${root.characterSet}`);
}
console.log(`# ${errors.length} parse error(s)`);
for (const e of errors.slice(0, 20)) console.log(`#   ${args[0]}:${e.line}:${e.col} ${e.code}`);
