// Test helpers: build flat tree buffers without the real parser.
//
// parse5 parses the HTML; its tree is written as the line format of
// test/native/flatbuf_dump.c, which builds h5_node trees by hand and writes
// them with src/output/flatbuf.c.  Decoding the buffer must give back parse5's tree.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'h5fb-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
let helper = null;

/**
 * Compile a native test helper from `files` (paths from the repository
 * root) with sanitizers, once: the binary is cached in the temp directory
 * under a hash of its sources and flags, so parallel test files share it.
 * @param {string} name  names the binary
 * @param {string[]} files  the .c files and the headers they use
 */
export function nativeTool(name, files) {
  const src = files.map((f) => join(ROOT, f));
  const cc = process.env.CC || 'cc';
  const san = process.env.H5_NO_SANITIZE ? [] : ['-fsanitize=address,undefined', '-fno-sanitize-recover=all'];
  // Every stage folder of src/ is on the include path, as in the Makefile.
  const include = readdirSync(join(ROOT, 'src'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => '-I' + join(ROOT, 'src', d.name));
  const args = ['-std=c11', '-Wall', '-Wextra', '-Werror', '-Wshadow', '-Wstrict-prototypes', '-O1', '-g', ...san, ...include];
  const hash = createHash('sha256').update(cc + '\0' + args.join('\0'));
  for (const f of src) hash.update(f + '\0').update(readFileSync(f));
  const out = join(tmpdir(), `h5-${name}-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(out)) {
    const tmp = join(dir, name);
    execFileSync(cc, [...args, ...src.filter((f) => f.endsWith('.c')), '-o', tmp], { stdio: 'inherit' });
    renameSync(tmp, out); // atomic: parallel test files may race here
  }
  return out;
}

/** test/native/flatbuf_dump.c, which writes hand-built trees with src/output/flatbuf.c. */
export function dumpTool() {
  helper ??= nativeTool('flatbuf-dump', [
    'src/common/h5.h', 'src/common/abi.h', 'src/common/arena.h', 'src/common/atoms.h', 'src/tree/dom.h', 'src/output/flatbuf.h', 'src/common/util.c', 'src/common/arena.c',
    'src/common/atoms.c', 'src/common/atoms_data.c', 'src/output/flatbuf.c', 'test/native/flatbuf_dump.c',
  ]);
  return helper;
}

let seq = 0;
/** Run the helper on `lines` (or with generator args) and return the buffer. */
export function runDump(lines, flags = []) {
  const tool = dumpTool();
  const id = ++seq;
  const out = join(dir, `out${id}.bin`);
  const args = [...flags];
  if (lines !== null) {
    const inp = join(dir, `in${id}.txt`);
    writeFileSync(inp, lines);
    args.push(inp);
  }
  args.push(out);
  const r = spawnSync(tool, args, { encoding: 'utf8', env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1' } });
  if (r.status !== 0) throw new Error(`flatbuf_dump ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  const buf = readFileSync(out);
  return { buffer: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), stderr: r.stderr };
}

const hex = (s) => {
  if (s.length === 0) return '-';
  let o = '';
  for (let i = 0; i < s.length; i++) o += s.charCodeAt(i).toString(16).padStart(4, '0');
  return o;
};

const ELEMENT_NS = {
  'http://www.w3.org/1999/xhtml': 0,
  'http://www.w3.org/2000/svg': 1,
  'http://www.w3.org/1998/Math/MathML': 2,
};
const ATTR_NS = {
  'http://www.w3.org/1999/xlink': 1,
  'http://www.w3.org/XML/1998/namespace': 2,
  'http://www.w3.org/2000/xmlns/': 3,
};
const MODES = { 'no-quirks': 0, quirks: 1, 'limited-quirks': 2 };

// Attribute offsets from parse5's [start, end) of the whole attribute.
function attrOffsets(source, loc) {
  if (!loc || source === undefined) return [-1, -1, -1, -1];
  const s = loc.startOffset;
  const e = loc.endOffset;
  let i = s;
  // names run to whitespace, '/', '>' or '=' (the first character may be '=')
  i++;
  while (i < e && !/[\t\n\f\r />=]/.test(source[i])) i++;
  const nameEnd = i;
  while (i < e && /[\t\n\f\r ]/.test(source[i])) i++;
  if (i >= e || source[i] !== '=') return [s, nameEnd, -1, -1];
  i++;
  while (i < e && /[\t\n\f\r ]/.test(source[i])) i++;
  const q = source[i];
  if (q === '"' || q === "'") {
    const ve = source[e - 1] === q && e - 1 > i ? e - 1 : e;
    return [s, nameEnd, i + 1, ve];
  }
  return [s, nameEnd, i, e];
}

/** parse5 tree → flatbuf_dump line format. */
export function toLines(root, source, locations = source !== undefined) {
  const out = [];
  const stack = [[root, 0, false]];
  const L = (n) => n.sourceCodeLocation;
  const o = (v) => (v === undefined || v === null ? -1 : v);
  while (stack.length) {
    const [n, depth, content] = stack.pop();
    const loc = L(n);
    switch (n.nodeName) {
      case '#document':
        out.push(`D ${depth} ${MODES[n.mode]}`);
        break;
      case '#document-fragment':
        out.push(`${content ? 'C' : 'F'} ${depth}`);
        break;
      case '#text':
        out.push(`T ${depth} ${hex(n.value)} ${o(loc?.startOffset)} ${o(loc?.endOffset)}`);
        break;
      case '#comment':
        out.push(`M ${depth} ${hex(n.data)} ${o(loc?.startOffset)} ${o(loc?.endOffset)}`);
        break;
      case '#documentType':
        out.push(`Y ${depth} ${hex(n.name)} ${hex(n.publicId)} ${hex(n.systemId)} ${n.publicId ? 1 : 0} ${n.systemId ? 1 : 0} ${o(loc?.startOffset)} ${o(loc?.endOffset)}`);
        break;
      default: {
        const ns = ELEMENT_NS[n.namespaceURI] ?? 3;
        // parse5 leaves elements made by the adoption agency without the key.
        const cloned = locations && !('sourceCodeLocation' in n) ? 8 : 0;
        out.push(
          `E ${depth} ${ns} ${cloned} ${hex(n.tagName)} ${o(loc?.startOffset)} ${o(loc?.startTag?.endOffset)} ${o(loc?.endTag?.startOffset)} ${o(loc?.endOffset)} ${n.attrs.length}`,
        );
        for (const a of n.attrs) {
          const ans = a.namespace ? ATTR_NS[a.namespace] : 0;
          // parse5 keys attribute locations by the name as tokenized.
          const key = (a.namespace && !(ans === 3 && a.name === 'xmlns') ? `${a.prefix}:${a.name}` : a.name).toLowerCase();
          const al = loc?.attrs?.[key];
          out.push(`A ${ans} ${hex(a.name)} ${hex(a.value)} ${attrOffsets(source, al).join(' ')}`);
        }
      }
    }
    const kids = n.childNodes || [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth + 1, false]);
    if (n.content && typeof n.content === 'object') stack.push([n.content, depth + 1, true]); // not <meta>'s string
  }
  return out.join('\n') + '\n';
}

/** Buffer of parse5's tree for `html`. */
export async function bufferFor(html, { fragment = false, locations = false, scripting = true, context } = {}) {
  const parse5 = await import('parse5');
  const opts = { sourceCodeLocationInfo: locations, scriptingEnabled: scripting };
  let ctx = context;
  if (typeof ctx === 'string') {
    const ns = ctx === 'svg' ? 'http://www.w3.org/2000/svg' : ctx === 'math' ? 'http://www.w3.org/1998/Math/MathML' : 'http://www.w3.org/1999/xhtml';
    ctx = parse5.defaultTreeAdapter.createElement(ctx, ns, []);
  }
  const tree = fragment ? (ctx ? parse5.parseFragment(ctx, html, opts) : parse5.parseFragment(html, opts)) : parse5.parse(html, opts);
  const flags = [];
  if (locations) flags.push('--locations');
  if (!scripting) flags.push('--no-scripting');
  return { tree, buffer: runDump(toLines(tree, html, locations), flags).buffer };
}

export { dir as TMP };
