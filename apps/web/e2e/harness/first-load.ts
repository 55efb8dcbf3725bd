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
  // Room for every entry: the cards' images would fill the default buffer of 250.
  performance.setResourceTimingBufferSize(10000);
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
  // Functions, not strings: the service's Content-Security-Policy allows no eval.
  await page.waitForFunction(
    () => typeof (globalThis as FirstCardGlobal).__firstCardAt === 'number',
    undefined,
    {
      timeout: timeoutMs,
    },
  );
  const paths = await page.evaluate(() => {
    const paintedAt = (globalThis as FirstCardGlobal).__firstCardAt ?? 0;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < paintedAt)
      .map((entry) => new URL(entry.name).pathname);
  });
  return [...new Set(paths.filter((path) => /^\/assets\/.+\.js$/.test(path)))];
}

/** The page's global with the timer's mark (typed without the DOM: the bench compiles it too). */
interface FirstCardGlobal {
  __firstCardAt?: number | null;
}

/** The scripts' size gzip -9, read from the build (`dist`). */
export function gzipBytesOf(dist: string, paths: readonly string[]): number {
  return paths.reduce(
    (sum, path) => sum + gzipSync(readFileSync(join(dist, path)), { level: 9 }).length,
    0,
  );
}
