import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** A deal card's heading in the results: what 'the list shows' means here. */
const CARD = '[aria-labelledby="results-heading"] li h3, [aria-labelledby="results-heading"] li h4';

/**
 * In the page (an init script, as a string so no compiler helper is needed): the time of the first
 * frame painted with a deal card in it (requestAnimationFrame, then a task), in `__firstCardAt`.
 */
export const FIRST_CARD_TIMER = `
  window.__firstCardAt = null;
  new MutationObserver(function (_records, observer) {
    if (!document.querySelector(${JSON.stringify(CARD)})) return;
    observer.disconnect();
    requestAnimationFrame(function () {
      setTimeout(function () { window.__firstCardAt = performance.now(); }, 0);
    });
  }).observe(document, { subtree: true, childList: true });
`;

/**
 * The page's own scripts the browser asked for before the first card was painted (the page
 * opened with `FIRST_CARD_TIMER`), by path ('/assets/…js'): its resource timing entries that
 * started before then. Waits for that paint.
 */
export async function scriptsBeforeFirstCard(page: Page, timeoutMs = 30_000): Promise<string[]> {
  await page.waitForFunction('window.__firstCardAt !== null', undefined, { timeout: timeoutMs });
  const names = await page.evaluate<string[]>(`
    performance.getEntriesByType('resource')
      .filter(function (entry) { return entry.startTime < window.__firstCardAt; })
      .map(function (entry) { return new URL(entry.name).pathname; })
      .filter(function (path) { return /^\\/assets\\/.+\\.js$/.test(path); })
  `);
  return [...new Set(names)];
}

/** The scripts' size gzip -9, read from the build (`dist`). */
export function gzipBytesOf(dist: string, paths: readonly string[]): number {
  return paths.reduce(
    (sum, path) => sum + gzipSync(readFileSync(join(dist, path)), { level: 9 }).length,
    0,
  );
}
