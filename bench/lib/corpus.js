// The benchmark corpus: the real pages of shared/corpus/pages, read as
// strings.  Pages that are not UTF-8 (MANIFEST.tsv says which) are decoded
// with the charset their <meta> declares (windows-1252 if none), and a UTF-8
// copy is written for the native benchmark, so that every parser sees the
// same text and the same byte count.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SHARED = process.env.H5_SHARED ? resolve(process.env.H5_SHARED) : resolve(ROOT, '../shared');
export const CORPUS_DIR = join(SHARED, 'corpus/pages');
export const TMP_DIR = join(ROOT, 'build/bench');

/** File names of the corpus pages with their MANIFEST.tsv `utf8` flag. */
export function listPages() {
  const manifest = join(CORPUS_DIR, 'MANIFEST.tsv');
  if (!existsSync(manifest)) throw new Error(`corpus not found: ${manifest} (set H5_SHARED)`);
  const [head, ...rows] = readFileSync(manifest, 'utf8').trim().split('\n').map((l) => l.split('\t'));
  const col = (name) => head.indexOf(name);
  return rows.map((r) => ({
    name: r[col('file')],
    path: join(CORPUS_DIR, r[col('file')]),
    fileBytes: Number(r[col('bytes')]),
    utf8: r[col('utf8')] === 'utf-8',
  })).sort((a, b) => a.fileBytes - b.fileBytes || (a.name < b.name ? -1 : 1));
}

/** The page's text: UTF-8, or the charset its <meta> declares. */
export function readPage(page) {
  const bytes = readFileSync(page.path);
  if (page.utf8) return { text: bytes.toString('utf8'), note: null };
  const head = bytes.subarray(0, 4096).toString('latin1');
  const declared = /charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  let charset = 'windows-1252';
  if (declared) {
    try { new TextDecoder(declared); charset = declared; } catch { /* unknown label: keep the default */ }
  }
  return {
    text: new TextDecoder(charset).decode(bytes),
    note: `${page.name} is not UTF-8: decoded as ${charset}; bytes counted as its UTF-8 encoding`,
  };
}

/** A UTF-8 file with the page's text (the page itself, or a converted copy). */
export function utf8File(page) {
  if (page.utf8) return page.path;
  mkdirSync(TMP_DIR, { recursive: true });
  const file = join(TMP_DIR, `${basename(page.name, '.html')}.utf8.html`);
  writeFileSync(file, readPage(page).text);
  return file;
}

/** A spread of sizes for --quick: `count` pages evenly spaced by size rank. */
export function quickSubset(pages, count = 12) {
  if (pages.length <= count) return pages;
  const out = [];
  for (let i = 0; i < count; i++) out.push(pages[Math.round((i * (pages.length - 1)) / (count - 1))]);
  return out;
}

/** Loads the pages: [{ name, path, text, bytes }]; `bytes` is the UTF-8 size of the text. */
export function loadPages(pages) {
  const notes = [];
  const out = pages.map((page) => {
    const { text, note } = readPage(page);
    if (note) notes.push(note);
    return { name: page.name, path: page.path, text, bytes: Buffer.byteLength(text) };
  });
  return { pages: out, notes };
}

/** Page closest in size to `bytes` (ties: first by name). */
export function closestBySize(pages, bytes) {
  let best = pages[0];
  for (const p of pages) if (Math.abs(p.fileBytes - bytes) < Math.abs(best.fileBytes - bytes)) best = p;
  return best;
}

// Real pages only (html5ever's inputs are synthetic) and UTF-8, for the
// single-page measurements.
const real = (pages) => pages.filter((p) => p.utf8 && !p.name.startsWith('html5ever__'));

/** Three pages of about 50 KB, 200 KB and 800 KB for the scaling test. */
export function scalingPages(pages) {
  return [50e3, 200e3, 800e3].map((bytes) => closestBySize(real(pages), bytes));
}

/** A mid-size page (the median size of the corpus) for the cold start. */
export function midPage(pages) {
  const r = real(pages);
  return r[r.length >> 1];
}
