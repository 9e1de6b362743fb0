// Turns the measurements into tables (terminal and Markdown), target
// verdicts, and the bar chart (hand-written SVG).

const MB = 1024 * 1024;

export const fmt = {
  mbps: (x) => (Number.isFinite(x) ? x.toFixed(1) : '–'),
  ms: (x) => (Number.isFinite(x) ? (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)) : '–'),
  mib: (x) => (Number.isFinite(x) ? (x / MB).toFixed(1) : '–'),
  ratio: (x) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '–'),
};

/**
 * A table as rows of cells (first row = header) -> aligned text.  Columns
 * after the first are right-aligned.
 */
export function textTable(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  const line = (r) => r.map((cell, c) => (c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** Markdown table; the first `left` columns are left-aligned, the rest right-aligned. */
export function markdownTable(rows, left = 1) {
  const esc = (s) => String(s).replace(/\|/g, '\\|');
  return [
    `| ${rows[0].map(esc).join(' | ')} |`,
    `|${rows[0].map((_, c) => (c < left ? ' --- ' : ' ---: ')).join('|')}|`,
    ...rows.slice(1).map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

/** The tables of a result set: [{ title, rows }]. */
export function tables(res) {
  const out = [];
  const parse5 = res.throughput.find((r) => r.id === 'parse5');
  out.push({
    title: 'Throughput (CPU time; parse + full tree walk, except the core and native rows)',
    rows: [
      ['parser', 'MB/s', 'median page ms', 'vs parse5', 'wall MB/s'],
      ...res.throughput.map((r) => [
        r.label, fmt.mbps(r.mbps), fmt.ms(r.medianMs),
        parse5 ? fmt.ratio(r.mbps / parse5.mbps) : '–', fmt.mbps(r.wallMbps),
      ]),
    ],
  });
  const classes = res.throughput[0]?.bySize ?? [];
  if (classes.length > 0) {
    out.push({
      title: 'Throughput by page size (MB/s, CPU time)',
      rows: [
        ['parser', ...classes.map((c) => `${c.label} (${c.pages} page${c.pages === 1 ? '' : 's'})`)],
        ...res.throughput.map((r) => [r.label, ...r.bySize.map((c) => fmt.mbps(c.mbps))]),
      ],
    });
  }
  if (res.memory.length > 0) {
    out.push({
      title: `Memory (MiB; every page once, one process per run; median run of ${res.memory[0].peakRssRuns?.length ?? 1} per parser; tree = largest page's live tree)`,
      rows: [
        ['parser', 'peak RSS', 'peak RSS of each run', 'RSS after init', 'peak JS heap', 'tree', 'wasm memory'],
        ...res.memory.map((m) => [
          m.label, fmt.mib(m.peakRss), (m.peakRssRuns ?? [m.peakRss]).map(fmt.mib).join(' '), fmt.mib(m.baseRss),
          fmt.mib(m.peakHeap), fmt.mib(m.tree), fmt.mib(m.wasm ?? NaN),
        ]),
      ],
    });
  }
  if (res.cold.length > 0) {
    out.push({
      title: `Cold start (ms, fresh node, median of ${res.coldRuns}; page ${res.coldPage})`,
      rows: [
        ['parser', 'import+init', 'first parse', 'total', 'total CPU', 'first walk', 'node boot'],
        ...res.cold.map((c) => [
          c.label, fmt.ms(c.importInit), fmt.ms(c.firstParse), fmt.ms(c.importInit + c.firstParse),
          fmt.ms(c.cpu), fmt.ms(c.firstWalk), fmt.ms(c.boot),
        ]),
      ],
    });
  }
  if (res.coldLarge?.length > 0) {
    // issue 31: a fresh process's whole first page, against html5-wasm's DOM row
    const ours = res.coldLarge.find((c) => c.id === 'dom');
    out.push({
      title: `The first page, whole (ms, fresh node, median of ${res.coldRuns} processes, parsers interleaved; ` +
        `the largest UTF-8 page, ${res.coldLargePage}: import + init + first parse + first walk)`,
      rows: [
        ['parser', 'import+init', 'first parse', 'first walk', 'whole', 'whole CPU (to the parse)', 'vs html5-wasm (DOM)'],
        ...res.coldLarge.map((c) => [
          c.label, fmt.ms(c.importInit), fmt.ms(c.firstParse), fmt.ms(c.firstWalk), fmt.ms(c.whole), fmt.ms(c.cpu),
          ours ? `${(c.whole / ours.whole).toFixed(2)}×` : '–',
        ]),
      ],
    });
  }
  if (res.firstPage?.rows?.length > 0) {
    const f = res.firstPage;
    const cpu = (r, k) => (r[k] == null ? '–' : fmt.ms(r[k]));
    out.push({
      title: `First page (ms, fresh node, median of ${f.runs}; page ${f.page}, ${(f.bytes / 1e6).toFixed(2)} MB; ` +
        'target cold/warm ≤ 1.5×; CPU = the main thread\'s, which other jobs on the machine do not inflate)',
      rows: [
        ['html5-wasm', 'first parse', 'warm parse', 'cold/warm', 'cold/warm of each run', 'CPU first', 'CPU warm', 'CPU cold/warm',
          'page faults (first parse)', 'init'],
        ...f.rows.map((r) => [
          r.label, fmt.ms(r.cold), fmt.ms(r.warm), `${r.ratio.toFixed(2)}×`, r.ratios.map((x) => x.toFixed(2)).join(' '),
          cpu(r, 'cpuCold'), cpu(r, 'cpuWarm'), r.cpuRatio == null ? '–' : `${r.cpuRatio.toFixed(2)}×`,
          String(Math.round(r.faults)), r.mode === 'fresh' ? '–' : fmt.ms(r.initMs),
        ]),
      ],
    });
  }
  if (res.scaling) {
    const s = res.scaling;
    out.push({
      title: 'Scaling (time ratio n→2n and 2n→4n, page concatenated with itself; ideal 2.00)',
      rows: [
        ['parser', ...s.pages.map((p) => `${shortName(p.name)} ${Math.round(p.bytes / 1e3)}K`)],
        ...s.rows.map((r) => [r.label, ...r.ratios.map(([a, b]) => `${a.toFixed(2)} ${b.toFixed(2)}`)]),
      ],
    });
  }
  return out;
}

export function shortName(name) {
  return name.replace(/^htmlparser-benchmark__/, '').replace(/^[a-z0-9-]+__/, '').replace(/__[0-9a-f]+\.html$|\.html$/, '');
}

/** Target verdicts: [{ target, ok, detail }] (ok null = not measured). */
export function verdicts(res) {
  const tp = Object.fromEntries(res.throughput.map((r) => [r.id, r]));
  const mem = Object.fromEntries(res.memory.map((m) => [m.id, m]));
  const cold = Object.fromEntries(res.cold.map((c) => [c.id, c]));
  const out = [];
  const missing = (target, what) => out.push({ target, ok: null, detail: `not measured (no ${what} result)` });
  const ends = ['dom', 'object'].filter((id) => tp[id]);

  // End-to-end ≥ 4× parse5.
  {
    const target = 'end-to-end ≥ 4× parse5 throughput';
    if (!tp.parse5 || ends.length === 0) missing(target, !tp.parse5 ? 'parse5' : 'html5-wasm parse()');
    else {
      const parts = ends.map((id) => {
        const x = tp[id].mbps / tp.parse5.mbps;
        return { ok: x >= 4, text: `${tp[id].label} ${x.toFixed(2)}×${x >= 4 ? '' : ` (missed: ${(4 / x).toFixed(2)}× too slow, needs ${fmt.mbps(4 * tp.parse5.mbps)} MB/s)`}` };
      });
      out.push({ target, ok: parts.every((p) => p.ok), detail: parts.map((p) => p.text).join('; ') });
    }
  }
  // Faster than htmlparser2.
  {
    const target = 'end-to-end faster than htmlparser2';
    if (!tp.htmlparser2 || ends.length === 0) missing(target, !tp.htmlparser2 ? 'htmlparser2' : 'html5-wasm parse()');
    else {
      const parts = ends.map((id) => {
        const x = tp[id].mbps / tp.htmlparser2.mbps;
        return { ok: x > 1, text: `${tp[id].label} ${x.toFixed(2)}×${x > 1 ? '' : ` (missed: ${((1 / x - 1) * 100).toFixed(0)}% slower)`}` };
      });
      out.push({ target, ok: parts.every((p) => p.ok), detail: parts.map((p) => p.text).join('; ') });
    }
  }
  // Core within 1.5× of native.
  {
    // The wasm core is string in, flat buffer out (parseToView: the buffer
    // where the parser wrote it).  parseToBuffer() adds a JS copy into a new
    // ArrayBuffer, shown beside it.
    const target = 'wasm core within 1.5× of native';
    const core = tp.view ?? tp.core;
    if (!core || !tp.native) missing(target, !core ? 'parseToView()' : 'native build');
    else {
      const x = tp.native.mbps / core.mbps;
      let detail = `native/core = ${x.toFixed(2)}× (${core.label})${x <= 1.5 ? '' : ` (missed by ${((x / 1.5 - 1) * 100).toFixed(0)}%)`}`;
      if (core !== tp.core && tp.core) {
        detail += `; ${(tp.native.mbps / tp.core.mbps).toFixed(2)}× with the copy into an owned ArrayBuffer (${tp.core.label})`;
      }
      out.push({ target, ok: x <= 1.5, detail });
    }
  }
  // The first page: a fresh instance within 1.5× of a warm parse.
  {
    const target = 'first page: a fresh instance parses the largest page within 1.5× of a warm parse';
    const rows = res.firstPage?.rows ?? [];
    if (rows.length === 0) missing(target, 'first-page');
    else {
      const fresh = rows.find((r) => r.kind === 'core' && r.mode === 'fresh');
      const prepared = rows.find((r) => r.kind === 'core' && r.mode === 'prepared');
      out.push({
        target, ok: fresh.ratio <= 1.5,
        detail: rows.map((r) => `${r.label} ${r.ratio.toFixed(2)}×` + (r.cpuRatio == null ? '' : ` (CPU ${r.cpuRatio.toFixed(2)}×)`)).join('; ') +
          (prepared && fresh.ratio > 1.5 && prepared.ratio <= 1.5 ? ' (met only when prepared ahead of the page)' : ''),
      });
    }
  }
  // Cold start < 20 ms.
  {
    const target = 'cold start < 20 ms (import + init + first parse)';
    const c = cold.dom ?? cold.object ?? cold.core;
    if (!c) missing(target, 'html5-wasm');
    else {
      const t = c.importInit + c.firstParse;
      out.push({
        target, ok: t < 20,
        detail: `${c.label}: ${fmt.ms(t)} ms (import+init ${fmt.ms(c.importInit)}, first parse ${fmt.ms(c.firstParse)}; ` +
          `CPU ${fmt.ms(c.cpu)} ms)${t < 20 ? '' : ` (missed by ${fmt.ms(t - 20)} ms)`}`,
      });
    }
  }
  // Peak memory below parse5's.
  {
    const target = "peak memory (RSS) below parse5's";
    const ours = ['dom', 'object', 'core'].filter((id) => mem[id]);
    if (!mem.parse5 || ours.length === 0) missing(target, !mem.parse5 ? 'parse5' : 'html5-wasm');
    else {
      const parts = ours.map((id) => {
        const x = mem[id].peakRss / mem.parse5.peakRss;
        return { ok: x < 1, text: `${mem[id].label} ${fmt.mib(mem[id].peakRss)} MiB = ${(x * 100).toFixed(0)}%${x < 1 ? '' : ` (missed by ${fmt.mib(mem[id].peakRss - mem.parse5.peakRss)} MiB; ${memWhy(mem[id], mem.parse5)})`}` };
      });
      out.push({ target, ok: parts.every((p) => p.ok), detail: `parse5 ${fmt.mib(mem.parse5.peakRss)} MiB; ${parts.map((p) => p.text).join('; ')}` });
    }
  }
  // Scaling linear within 10%.  Judged per page on the doubling factor over
  // n→4n, √(t(4n)/t(n)): noise in the middle sample cancels out of it.
  {
    const target = 'scaling linear within 10% (doubling factor √(t(4n)/t(n)) in 1.8–2.2)';
    const rows = res.scaling?.rows.filter((r) => r.ours) ?? [];
    if (rows.length === 0) missing(target, 'html5-wasm');
    else {
      const off = (x) => Math.abs(x - 2);
      const parts = rows.map((r) => {
        const factors = r.ratios.map(([a, b]) => Math.sqrt(a * b));
        const worst = factors.reduce((a, b) => (off(b) > off(a) ? b : a));
        const ok = off(worst) <= 0.2;
        return {
          ok,
          text: `${r.label} ${factors.map((f) => f.toFixed(2)).join('/')}` +
            `${ok ? '' : ` (missed: ${((off(worst) / 2) * 100).toFixed(0)}% off${gcWhy(r, factors.indexOf(worst), res.scaling.pages)})`}`,
        };
      });
      out.push({ target, ok: parts.every((p) => p.ok), detail: parts.map((p) => p.text).join('; ') });
    }
  }
  return out;
}

/**
 * What the memory phase shows about a parser whose peak RSS is not below
 * parse5's: the spread of both parsers' runs, and where its memory is
 * (JS heap and wasm memory against parse5's JS heap).
 */
function memWhy(m, p5) {
  const range = (x) => {
    const runs = x.peakRssRuns ?? [x.peakRss];
    return `${fmt.mib(Math.min(...runs))}–${fmt.mib(Math.max(...runs))}`;
  };
  const wasm = m.wasm != null ? ` and ${fmt.mib(m.wasm)} MiB of wasm memory` : '';
  return `its runs ${range(m)} MiB against parse5's ${range(p5)}; peak JS heap ${fmt.mib(m.peakHeap)} MiB${wasm} against parse5's ${fmt.mib(p5.peakHeap)} MiB of JS heap`;
}

/**
 * What the GC shows for a scaling miss on page i: the GC pauses of the
 * parser's thread per parse at ×1 and ×4 (wall time, of the batch that
 * gave the time), and how much of the ×4 time is scavenges.
 */
function gcWhy(r, i, pages) {
  const g = r.gc?.[i];
  if (!g || !r.ms) return '';
  const [t1, , t4] = r.ms[i];
  const pct = (x, t) => `${((x / t) * 100).toFixed(0)}%`;
  if (g[2].all < 0.05 * t4) return `; GC pauses are ${pct(g[2].all, t4)} of its ×4 time on ${shortName(pages[i].name)}`;
  return `; on ${shortName(pages[i].name)}, GC pauses on the parser's thread take ${pct(g[0].all, t1)} of the ×1 time ` +
    `and ${pct(g[2].all, t4)} of the ×4 time (${fmt.ms(g[2].all)} of ${fmt.ms(t4)} ms per parse, ` +
    `${pct(g[2].minor, g[2].all || 1)} of it young-generation scavenges)`;
}

const mark = (ok) => (ok === null ? 'n/a ' : ok ? 'PASS' : 'MISS');

export function terminalReport(res) {
  const parts = [];
  for (const t of tables(res)) parts.push(`${t.title}\n${textTable(t.rows)}`);
  parts.push(`Targets\n${res.verdicts.map((v) => `  ${mark(v.ok)}  ${v.target}: ${v.detail}`).join('\n')}`);
  if (res.notes.length > 0) parts.push(`Notes\n${res.notes.map((n) => `  - ${n}`).join('\n')}`);
  return parts.join('\n\n');
}

export function markdownReport(res) {
  const m = res.machine;
  const lines = [
    '# Benchmark results',
    '',
    `Generated by \`make bench\` (\`node bench/run.js${res.quick ? ' --quick' : ''}\`) on ${res.date}.`,
    '',
    `- Machine: ${m.nproc} CPUs (${m.cpu}), ${m.os}; Node ${m.node}; load average (1 min) ` +
      `${m.load.map((x) => x.toFixed(1)).join(' at the start, ')} at the end (a shared machine: the parsers are ` +
      'interleaved so that load hits all alike; compare ratios rather than absolute numbers)',
    `- Corpus: ${res.pageCount} pages of \`shared/corpus/pages\`, ${(res.totalBytes / 1e6).toFixed(1)} MB; ` +
      `${res.rounds} timed round${res.rounds === 1 ? '' : 's'} after warm-up, each parser in its own worker thread, pages in batches of 8, batches interleaved across parsers`,
    '- Times are CPU time (user + system, all threads: GC helper threads count); MB/s = total bytes / ' +
      'sum over pages of the median time per page',
    '',
    '![MB/s per parser](chart.svg)',
    '',
  ];
  for (const t of tables(res)) lines.push(`## ${t.title}`, '', markdownTable(t.rows), '');
  lines.push('## Targets', '', markdownTable([
    ['target', 'verdict', 'measured'],
    ...res.verdicts.map((v) => [v.target, v.ok === null ? 'n/a' : v.ok ? '**pass**' : '**missed**', v.detail]),
  ], 3), '');
  if (res.notes.length > 0) lines.push('## Notes', '', ...res.notes.map((n) => `- ${n}`), '');
  lines.push('## Method', '', ...res.method.map((n) => `- ${n}`), '');
  return lines.join('\n');
}

const escXml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Largest "nice" step (1, 2, 5 × 10^k) giving at most `maxTicks` ticks up to `max`. */
function niceStep(max, maxTicks) {
  const raw = max / maxTicks;
  const pow = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw);
}

/** Horizontal bar chart of MB/s per parser, as a standalone SVG. */
export function chartSvg(res) {
  const bars = [...res.throughput].sort((a, b) => b.mbps - a.mbps);
  const W = 760;
  const left = 210;
  const right = 70;
  const top = 64;
  const barH = 26;
  const gap = 12;
  const plotW = W - left - right;
  const H = top + bars.length * (barH + gap) + 56;
  const max = Math.max(...bars.map((b) => b.mbps));
  const step = niceStep(max, 6);
  const axisMax = Math.ceil(max / step) * step;
  const x = (v) => left + (v / axisMax) * plotW;
  const font = 'font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif"';
  const m = res.machine;
  const subtitle = `${res.pageCount} real pages, ${(res.totalBytes / 1e6).toFixed(0)} MB · CPU time · ${m.nproc} CPUs (${m.cpu}) · Node ${m.node}`;

  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" ${font}>`,
    `<title>HTML parsing throughput in MB/s per parser (higher is better)</title>`,
    `<rect width="${W}" height="${H}" rx="8" fill="#ffffff"/>`,
    `<text x="20" y="28" font-size="17" font-weight="600" fill="#111827">HTML parsing throughput (MB/s, higher is better)</text>`,
    `<text x="20" y="47" font-size="11.5" fill="#6b7280">${escXml(subtitle)}</text>`,
  ];
  const plotBottom = top + bars.length * (barH + gap) - gap / 2;
  for (let v = 0; v <= axisMax + 1e-9; v += step) {
    out.push(`<line x1="${x(v).toFixed(1)}" y1="${top - 6}" x2="${x(v).toFixed(1)}" y2="${plotBottom}" stroke="${v === 0 ? '#9ca3af' : '#e5e7eb'}" stroke-width="1"/>`);
    out.push(`<text x="${x(v).toFixed(1)}" y="${plotBottom + 16}" font-size="11" fill="#6b7280" text-anchor="middle">${+v.toFixed(6)}</text>`);
  }
  bars.forEach((b, i) => {
    const y = top + i * (barH + gap);
    const w = Math.max(1, x(b.mbps) - left);
    const fill = b.ours ? (b.treeless ? '#93c5fd' : '#2563eb') : '#9ca3af';
    out.push(`<text x="${left - 10}" y="${y + barH / 2 + 4.5}" font-size="13" fill="#111827" text-anchor="end"${b.ours ? ' font-weight="600"' : ''}>${escXml(b.label)}</text>`);
    out.push(`<rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="${barH}" rx="3" fill="${fill}"/>`);
    out.push(`<text x="${(left + w + 6).toFixed(1)}" y="${y + barH / 2 + 4.5}" font-size="12.5" fill="#111827">${fmt.mbps(b.mbps)}</text>`);
  });
  const legend = [
    ['#2563eb', 'html5-wasm: parse + walk'],
    ['#93c5fd', 'html5-wasm core: no JS tree (wasm buffer, native C)'],
    ['#9ca3af', 'other parsers: parse + walk'],
  ];
  let lx = 20;
  const ly = H - 18;
  for (const [color, text] of legend) {
    out.push(`<rect x="${lx}" y="${ly - 9}" width="11" height="11" rx="2" fill="${color}"/>`);
    out.push(`<text x="${lx + 16}" y="${ly}" font-size="11.5" fill="#4b5563">${escXml(text)}</text>`);
    lx += 16 + text.length * 5.5 + 24;
  }
  out.push('</svg>', '');
  return out.join('\n');
}
