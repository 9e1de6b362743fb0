// One browser-test session: the static server (the repository at /, the
// corpus pages at /corpus/), headless Chromium and the harness page
// (test/browser/harness.html) with html5-wasm initialised in it.  Used by
// test/js/browser/*.test.js.
import { after, before } from 'node:test';
import { launchChromium, openPage } from './chromium.js';
import { startServer } from './server.js';
import { repoRoot, sharedPath } from '../js/lib/shared.js';

/**
 * @returns {Promise<{ server: Awaited<ReturnType<typeof startServer>>, chrome: Awaited<ReturnType<typeof launchChromium>>,
 *   page: import('playwright-core').Page, log: string[], close(): Promise<void> }>}
 */
export async function openHarness() {
  const server = await startServer([
    ['/', repoRoot],
    ['/corpus/', sharedPath('corpus/pages')],
  ]);
  let chrome;
  try {
    chrome = await launchChromium();
    const { page, log } = await openPage(chrome.context, `${server.origin}/test/browser/harness.html`);
    try {
      await page.waitForFunction(() => window.h5 !== undefined, null, { timeout: 15_000 });
    } catch {
      throw new Error(`the harness page did not start:\n${log.join('\n')}`);
    }
    const ready = await page.evaluate(() => window.h5.ready());
    if (!ready.ok) throw new Error(`init() failed in the page: ${ready.error}\n${log.join('\n')}`);
    return {
      server, chrome, page, log,
      async close() {
        await chrome.close();
        await server.close();
      },
    };
  } catch (e) {
    await chrome?.close();
    await server.close();
    throw e;
  }
}

/**
 * openHarness() for the tests of the enclosing describe(): opened before
 * them, closed after; `page` and `log` are there once they run.
 * @returns {{ page: import('playwright-core').Page, log: string[] }}
 */
export function useHarness() {
  const h = { page: null, log: [] };
  let session;
  before(async () => {
    session = await openHarness();
    h.page = session.page;
    h.log = session.log;
  });
  after(async () => {
    await session?.close();
  });
  return h;
}
