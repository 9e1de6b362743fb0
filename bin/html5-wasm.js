#!/usr/bin/env node
// html5-wasm command line: parse an HTML document (or fragment) from a file
// or stdin and print its tree (html5lib test format), its serialisation, its
// object format as JSON, its tokens, or the elements a CSS selector matches.
// A document is parsed from its bytes, decoded as a browser decodes a page
// (spec 13.2.3; --encoding: as if the server had declared that charset).
// Every error is one line on stderr; exit status 2 for a usage error, 1 for
// an input error (unreadable, undecodable, too large), 0 otherwise (parse
// errors are part of the output, not failures).
// Files and stdin are read as streams (js/stream/stream.js): a document is parsed
// as its bytes arrive, tokens are printed as they complete.
import { once } from 'node:events';
import { createReadStream, openSync, readFileSync } from 'node:fs';
import * as html5 from '../js/node.js';
import { sanitize } from '../js/sanitize/index.js';
import { decodeBytes } from '../js/html/bytes.js';
import { ENCODING_NAMES } from '../js/core/encodings.js';

const HELP = `usage: html5-wasm [options] [FILE | -]

Parse an HTML document as a browser does and print it.  FILE '-', or no FILE
with input piped in, reads stdin.

  --format FORMAT        tree    the html5lib test format, then the encoding and
                                 the parse errors (the default)
                         html    the serialised document or fragment
                         json    the object format (parse5's tree shape) as
                                 JSON, without the parentNode links
                         tokens  JSON lines: the tokenizer's tokens, one JSON
                                 object a line, then its parse errors, each a
                                 {"type":"parseError","code","line","col","offset"}
                                 line (every one; --max-errors N: at most N, then
                                 {"type":"parseErrorsOmitted","count"} when some
                                 were left out); nothing else is written to stdout
  --tokens               the same as --format tokens
  --select CSS           the outerHTML of each element that CSS matches, one a line
  --fragment CONTEXT     parse a fragment in the context of element CONTEXT (td, ...)
  --encoding LABEL       a document: decode as if the server had declared this
                         charset; a fragment or tokens: decode with it (default UTF-8)
  --xml                  parse XML with the XML5 parser (parseXml): tree is the
                         xml5lib-tests notation, html the XML serialization,
                         tokens tokenizeXml's; bytes decoded by BOM, --encoding,
                         the XML declaration, else UTF-8
  --sanitize [CONFIG.json]
                         print the input sanitized by the HTML Sanitizer API, as
                         div.setHTML() then innerHTML (the library's sanitize()):
                         the built-in safe default configuration, or the
                         SanitizerConfig in CONFIG.json (a next argument ending
                         in .json, or --sanitize=FILE); the input decoded with
                         --encoding or UTF-8
  --no-scripting         scripting off: <noscript> content is parsed as markup
  --no-processing-instructions
                         '<?' starts a bogus comment, as before 2026
  --max-errors N         list at most N parse errors (default 20; with tokens, all);
                         with html, json or --select they go to stderr, and only
                         when this is given
  -h, --help             this help
  -v, --version          the version

Exit status: 0 parsed (with or without parse errors), 1 the input could not be
read or decoded, 2 a usage error.`;

const FORMATS = ['tree', 'html', 'json', 'tokens'];

class UsageError extends Error {}
class InputError extends Error {}

/** The command line as { file, format, select, context, encoding, maxErrors, scripting, processingInstructions, help, version }. */
function parseArgs(argv) {
  const o = { file: undefined, format: undefined, select: undefined, context: undefined, encoding: undefined,
    maxErrors: undefined, scripting: true, processingInstructions: true, xml: false, help: false, version: false, sanitize: undefined };
  const files = [];
  const takesValue = { '--format': 'format', '--select': 'select', '--fragment': 'context', '--encoding': 'encoding', '--max-errors': 'maxErrors' };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    if (arg === '--') {
      files.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      files.push(arg);
      continue;
    }
    let inline;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) [arg, inline] = [arg.slice(0, eq), arg.slice(eq + 1)];
    const key = takesValue[arg];
    if (key !== undefined) {
      let v = inline;
      if (v === undefined) {
        v = argv[++i];
        if (v === undefined || (v.startsWith('--') && v.length > 2)) throw new UsageError(`${arg} needs a value`);
      }
      o[key] = v;
      continue;
    }
    if (arg === '--sanitize') {
      // An optional value: inline (--sanitize=FILE), or a next argument that names a .json file.
      o.sanitize = inline ?? (argv[i + 1]?.endsWith('.json') ? argv[++i] : null);
      continue;
    }
    if (inline !== undefined) throw new UsageError(`${arg} takes no value`);
    switch (arg) {
      case '-h': case '--help': o.help = true; break;
      case '-v': case '--version': o.version = true; break;
      case '--tokens': o.format = 'tokens'; break;
      case '--xml': o.xml = true; break;
      case '--no-scripting': o.scripting = false; break;
      case '--no-processing-instructions': o.processingInstructions = false; break;
      default: throw new UsageError(`unknown option ${arg} (html5-wasm --help lists the options)`);
    }
  }
  if (o.help || o.version) return o;
  if (files.length > 1) throw new UsageError(`one FILE at a time; got ${files.length}`);
  o.file = files[0];
  if (o.format !== undefined && !FORMATS.includes(o.format)) {
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}; got '${o.format}'`);
  }
  if (o.select !== undefined) {
    if (o.format !== undefined && o.format !== 'html') throw new UsageError(`--select prints HTML; it does not combine with --format ${o.format}`);
    o.format = 'html';
  }
  if (o.sanitize !== undefined) {
    const other = o.xml ? '--xml' : o.context !== undefined ? '--fragment' : o.select !== undefined ? '--select' : o.format !== undefined ? '--format' : null;
    if (other !== null) throw new UsageError(`--sanitize prints the sanitized markup; it does not combine with ${other}`);
    if (o.sanitize === '') throw new UsageError('--sanitize= needs a configuration file name');
  }
  o.format ??= 'tree';
  if (o.context !== undefined && o.context === '') throw new UsageError('--fragment needs a context element name (for example td); got an empty one');
  if (o.xml && o.context !== undefined) throw new UsageError('--fragment does not apply to --xml (XML has no fragment parsing)');
  if (o.context !== undefined && o.format === 'tokens') throw new UsageError('--fragment does not apply to tokens');
  if (o.maxErrors !== undefined) {
    if (!/^\d+$/.test(o.maxErrors)) throw new UsageError(`--max-errors needs a number (0 or more); got '${o.maxErrors}'`);
    o.maxErrors = Number(o.maxErrors);
  }
  return o;
}

/** The Encoding Standard name of `label`, by the library's label lookup; a usage error if it has none. */
function encodingName(label) {
  const none = new Uint8Array(0);
  try {
    html5.sniffEncoding(none, { defaultEncoding: label });
  } catch {
    throw new UsageError(`--encoding: '${label}' is not an encoding label of the Encoding Standard`);
  }
  return html5.sniffEncoding(none, { encoding: label }).encoding;
}

const READ_ERRORS = { ENOENT: 'no such file', EISDIR: 'is a directory', EACCES: 'permission denied', ENOTDIR: 'no such file', ELOOP: 'too many symbolic links' };

/** An input error for what the file system said about `file`, else null. */
function readError(e, file) {
  const why = e?.code === 'ERR_FS_FILE_TOO_LARGE' ? 'too large (over 2 GiB)' : READ_ERRORS[e?.code];
  return why === undefined ? null : new InputError(`cannot read ${file}: ${why}`);
}

/** The input as a Node Readable: the file (opened now, so that a missing one is reported at once) or stdin. */
function openInput(file) {
  if (file === undefined || file === '-') return process.stdin;
  try {
    return createReadStream(null, { fd: openSync(file, 'r') });
  } catch (e) {
    throw readError(e, file) ?? new InputError(`cannot read ${file}: ${e.code ?? e.message}`);
  }
}

/** All the bytes of a stream (fragments: 13.4 parses a string). */
async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Write `text` to stdout, waiting while the reader is behind. */
async function print(text) {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
}

/**
 * The parse errors of --format tokens, JSON lines like the tokens before them
 * (a consumer of JSON lines reads every line as JSON: issue 30): one
 * {type: 'parseError', code, line, col, offset} line each, at most `max`
 * (all when undefined), then {type: 'parseErrorsOmitted', count} when some
 * were left out.  The same error objects as onParseError's.
 */
function errorJsonLines(errors, max = errors.length) {
  let out = '';
  for (const { code, line, col, offset } of errors.slice(0, max)) out += JSON.stringify({ type: 'parseError', code, line, col, offset }) + '\n';
  if (errors.length > max) out += JSON.stringify({ type: 'parseErrorsOmitted', count: errors.length - max }) + '\n';
  return out;
}

/** Lines reporting `errors`: their count, at most `max` of them, and how many were left out. */
function errorLines(errors, max, name) {
  const lines = [`# ${errors.length} parse error(s)`];
  for (const e of errors.slice(0, max)) lines.push(`#   ${name}:${e.line}:${e.col} ${e.code}`);
  if (errors.length > max) lines.push(`#   ... and ${errors.length - max} more (--max-errors N lists more)`);
  return lines.join('\n') + '\n';
}

// Serialisation does not need parentNode (it is what makes the object format cyclic).
const withoutParents = (key, value) => (key === 'parentNode' ? undefined : value);

async function main(o, name) {
  const encoding = o.encoding === undefined ? undefined : encodingName(o.encoding);
  if (o.select !== undefined) {
    try {
      html5.parseFragment('x').querySelectorAll(o.select);
    } catch (e) {
      throw new UsageError(`--select: ${e.message}`);
    }
  }
  const sanitizer = o.sanitize === undefined ? undefined : sanitizerConfig(o.sanitize);
  const input = openInput(o.file);

  const errors = [];
  const onParseError = (e) => errors.push(e);
  const processingInstructions = o.processingInstructions;
  const opts = { scriptingEnabled: o.scripting, processingInstructions, onParseError };
  const tree = async (format) => (o.context !== undefined
    // A fragment is a string (13.4 has no encoding sniffing): the bytes decoded with --encoding or UTF-8.
    ? html5.parseFragment(decodeBytes('parseFragment', ENCODING_NAMES.indexOf(encoding ?? 'UTF-8'), await readAll(input)), { ...opts, format, context: o.context })
    : html5.parseStream(input, { ...opts, format, encoding: o.encoding }));

  if (sanitizer !== undefined) {
    const markup = decodeBytes('sanitize', ENCODING_NAMES.indexOf(encoding ?? 'UTF-8'), await readAll(input));
    await print(sanitize(markup, { sanitizer }) + '\n');
    return;
  }
  if (o.xml) {
    await print(xmlOutput(o, await readAll(input), encoding, onParseError));
  } else if (o.format === 'tokens') {
    // Printed as they complete, a thousand lines at a time.
    let lines = '';
    let n = 0;
    for await (const t of html5.tokenizeStream(input, { processingInstructions, onParseError, encoding: o.encoding })) {
      lines += JSON.stringify(t) + '\n';
      if (++n % 1000 === 0) {
        await print(lines);
        lines = '';
      }
    }
    await print(lines);
  } else if (o.format === 'tree') {
    const root = await tree('dom');
    let out = html5.dumpTree(root);
    if (o.context === undefined) out += `# encoding: ${root.characterSet}\n`;
    await print(out);
  } else if (o.select !== undefined) {
    await print((await tree('dom')).querySelectorAll(o.select).map((el) => html5.serializeOuter(el, { scriptingEnabled: o.scripting }) + '\n').join(''));
  } else if (o.format === 'html') {
    await print(html5.serialize(await tree('dom'), { scriptingEnabled: o.scripting }) + '\n');
  } else {
    await print(JSON.stringify(await tree('object'), withoutParents) + '\n');
  }
  if (o.format === 'tokens') await print(errorJsonLines(errors, o.maxErrors));
  else if (o.format === 'tree') await print(errorLines(errors, o.maxErrors ?? 20, name));
  else if (o.maxErrors > 0) process.stderr.write(errorLines(errors, o.maxErrors, name));
}

/** --xml: the output of o.format (or --select) for the XML document `bytes`. */
function xmlOutput(o, bytes, encoding, onParseError) {
  if (o.format === 'tokens') {
    const text = decodeBytes('tokenizeXml', ENCODING_NAMES.indexOf(encoding ?? 'UTF-8'), bytes);
    const lines = html5.tokenizeXml(text, { onParseError }).map((t) => JSON.stringify(t));
    return lines.length ? lines.join('\n') + '\n' : '';
  }
  const opts = { onParseError, encoding: o.encoding };
  if (o.format === 'json') return JSON.stringify(html5.parseXml(bytes, { ...opts, format: 'object' }), withoutParents) + '\n';
  const doc = html5.parseXml(bytes, opts);
  if (o.format === 'tree') return html5.dumpXmlTree(doc) + `# encoding: ${doc.characterSet}\n`;
  if (o.select !== undefined) return doc.querySelectorAll(o.select).map((el) => html5.serializeXml(el) + '\n').join('');
  return html5.serializeXml(doc) + '\n';
}

/** --sanitize's configuration: 'default', or the SanitizerConfig in JSON file `file` (checked here: a usage error names what is wrong). */
function sanitizerConfig(file) {
  if (file === null) return 'default';
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`--sanitize: cannot read ${file}: ${e.code ?? e.message}`);
  }
  let config;
  try {
    config = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--sanitize: ${file} is not JSON: ${e.message}`);
  }
  try {
    sanitize('', { sanitizer: config });
  } catch (e) {
    throw new UsageError(`--sanitize: ${file}: ${e.message.replace(/^sanitize: /, '')}`);
  }
  return config;
}

function fail(message, code) {
  process.stderr.write(`html5-wasm: ${String(message).split('\n')[0]}\n`);
  process.exitCode = code;
}

// A reader that goes away (html5-wasm page.html | head) ends the output, quietly.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  fail(`cannot write the output: ${e.code ?? e.message}`, 1);
});

let name = '<stdin>';
try {
  const o = parseArgs(process.argv.slice(2));
  if (o.file !== undefined && o.file !== '-') name = o.file;
  if (o.help) {
    process.stdout.write(HELP + '\n');
  } else if (o.version) {
    process.stdout.write(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version + '\n');
  } else if (o.file === undefined && process.stdin.isTTY) {
    fail('no FILE given, and stdin is a terminal (usage: html5-wasm [options] [FILE | -]; html5-wasm --help for more)', 2);
  } else {
    await main(o, name);
  }
} catch (caught) {
  // A read error of the input stream (a directory, a file that went away).
  const e = caught instanceof UsageError || caught instanceof InputError ? caught : readError(caught, name) ?? caught;
  if (e instanceof UsageError) {
    fail(e.message, 2);
  } else {
    // InputError, or what the library says about the input (RangeError:
    // too large for a string, an encoding the platform lacks, out of memory),
    // less the function's name and its advice to callers; or V8's when the
    // output (a dump, JSON) is longer than a string can be.
    let message = e.message;
    if (message === 'Invalid string length') message = 'the output is longer than the longest string JavaScript can hold';
    if (!(e instanceof InputError)) message = `${name}: ${message.replace(/^\w+\(\): /, '').replace(/; decode the bytes some other way.*$/, '')}`;
    fail(message, 1);
  }
}
