// Headless Chromium for the browser tests, driven by playwright-core.
//
// The browser is the Debian package `chromium` (/usr/bin/chromium, or
// $H5_CHROMIUM); `make setup` installs it.  A missing or broken browser is a
// test FAILURE with a message saying what to do; the only way to skip the
// browser tests is H5_BROWSER_TESTS=0, which prints why they were skipped.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';

export const CHROMIUM = process.env.H5_CHROMIUM || '/usr/bin/chromium';

export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // Chromium 156 parses `<?target data>` into a ProcessingInstruction node,
  // as the standard does since 2026 (whatwg/html 320c05f6) and our parser by
  // default: stock Chromium, nothing switched off.
];

/** The reason the browser tests are switched off, or null when they run. */
export function browserTestsSkipReason() {
  if (process.env.H5_BROWSER_TESTS === '0') {
    return 'H5_BROWSER_TESTS=0: the headless Chromium tests are switched off (unset it to run them)';
  }
  return null;
}

/** Print the skip reason where a person running `make test` sees it. */
export function announceSkip(what) {
  const reason = browserTestsSkipReason();
  process.stderr.write(`\n*** SKIPPED ${what}: ${reason}\n\n`);
  return reason;
}

/**
 * describe(name, options, fn) when the browser tests run; when they are
 * switched off, one skipped test of that name instead, and the skip
 * announced for `what` (a test file, or the part of one).
 */
export function describeInChromium(what, name, options, fn) {
  const skip = browserTestsSkipReason();
  if (!skip) return describe(name, options, fn);
  announceSkip(what);
  return test(name, { skip }, () => {});
}

/**
 * Launch Chromium with a fresh user data dir.
 * @returns {Promise<{ context: import('playwright-core').BrowserContext, version: string, close(): Promise<void> }>}
 */
export async function launchChromium() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. The browser tests need it: install it with ` +
      '`apt-get install -y chromium` (make setup does this), point H5_CHROMIUM at a Chromium binary, ' +
      'or set H5_BROWSER_TESTS=0 to skip the browser tests explicitly.');
  }
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (e) {
    throw new Error(`playwright-core is not installed (run \`npm ci\` or \`make setup\`): ${e.message}`);
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'h5-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      timeout: 30_000,
    });
  } catch (e) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw new Error(
      `could not launch Chromium (${CHROMIUM}): ${e.message.split('\n')[0]}\n` +
      'Set H5_BROWSER_TESTS=0 to skip the browser tests explicitly.');
  }
  const version = context.browser()?.version() ?? 'unknown';
  let closed = false;
  return {
    context,
    version,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await context.close();
      } finally {
        rmSync(userDataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Open `url` in a new page; page errors and console errors are collected so
 * a failing test can show them.
 */
export async function openPage(context, url) {
  const page = await context.newPage();
  const log = [];
  page.on('pageerror', (e) => log.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // "Failed to load resource" is reported with its URL by 'response' below.
    if ((m.type() === 'error' || m.type() === 'warning') && !/^Failed to load resource/.test(m.text())) {
      log.push(`console.${m.type()}: ${m.text()}`);
    }
  });
  page.on('response', (r) => { if (r.status() >= 400) log.push(`HTTP ${r.status()}: ${r.url()}`); });
  page.on('requestfailed', (r) => log.push(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  const res = await page.goto(url, { waitUntil: 'load' });
  if (!res || !res.ok()) throw new Error(`loading ${url} failed: HTTP ${res?.status()}`);
  return { page, log };
}
