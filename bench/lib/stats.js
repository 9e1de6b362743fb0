// Timing and statistics helpers.

/** CPU time (user + system, all threads of this process) in ms. */
export function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** A promise resolved after `ms` milliseconds. */
export const sleep = (ms) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms));

export function median(xs) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/**
 * Adds `extra` ms (CPU time spent in the idle pause after a batch) to the
 * batch's samples [{ cpu }], in proportion to their own CPU time.
 */
export function shareSettle(samples, extra) {
  const total = sum(samples.map((x) => x.cpu));
  for (const x of samples) x.cpu += total > 0 ? (extra * x.cpu) / total : extra / samples.length;
  return samples;
}

/** MB/s (10^6 bytes per second) from bytes and milliseconds. */
export const mbps = (bytes, ms) => (ms > 0 ? bytes / 1e3 / ms : NaN);

/** `gc` when the process runs with --expose-gc, otherwise a no-op. */
export const gc = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};

/** Prints a JSON result for the parent (see child.js) on stdout. */
export function reply(result) {
  process.stdout.write(`@@result ${JSON.stringify(result)}\n`);
}

/** Progress message on stderr (the parent passes stderr through). */
export function progress(msg) {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${msg}`);
}
