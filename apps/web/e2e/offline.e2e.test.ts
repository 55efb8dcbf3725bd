import type { Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { offlineCopyText } from '../src/features/deals/model/offline-copy';
import { suiteNow, TIME_ZONE } from './harness/expected';
import { countText, DESKTOP, PageOpener, PHONE, shot } from './harness/pages';
import { becomes } from './harness/waits';

// The page offline, in Chromium against the real service (see global-setup): its service worker
// keeps the page and the last answers its list was drawn from, and gives them only when the
// network fails.

const SERVICE = inject('serviceOrigin');
const pages = new PageOpener(SERVICE);

beforeAll(() => pages.start());
afterEach(() => pages.closeAll());
afterAll(() => pages.stop());

const DEALS_CALL = '/api/reactive/deals?view=page';
const statusLine = (page: Page) => page.getByRole('region', { name: 'Data status' });

/** Whether the worker holds a copy of the page, of its deals and of its on-demand parts. */
function copiesKept(page: Page): Promise<boolean> {
  return page.evaluate(async (deals) => {
    const saved = await Promise.all(['/', deals].map((url) => caches.match(url)));
    const files = (await Promise.all((await caches.keys()).map((name) => caches.open(name))))
      .map((cache) => cache.keys())
      .flat();
    const keys = (await Promise.all(files)).flat().map((request) => request.url);
    return saved.every(Boolean) && keys.some((url) => url.includes('/assets/on-demand-parts-'));
  }, DEALS_CALL);
}

/** The page's request for its on-demand parts (from the network or the worker's copy). */
function onDemandPartsLoaded(page: Page): Promise<Response> {
  return page.waitForResponse((response) => response.url().includes('/assets/on-demand-parts-'));
}

/** The next answer to the page's deals call. */
function dealsAnswer(page: Page): Promise<Response> {
  return page.waitForResponse((response) => response.url() === `${SERVICE}${DEALS_CALL}`);
}

describe('the page offline', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the last deals with their age, and fresh ones online again (${name})`, async () => {
      const { page, errors } = await pages.open('/', { viewport });
      const online = await countText(page);
      // The worker is registered once the list is drawn, and controls the page from then on; the
      // first visit hands it the calls made before it was there.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await becomes(() => copiesKept(page), true);
      const savedAround = suiteNow().getTime();

      await page.context().setOffline(true);
      const fromCopy = dealsAnswer(page);
      await page.reload();
      expect((await fromCopy).headers()['x-offline-copy']).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(await countText(page)).toBe(online);
      // The copy's age, placed on the page's clock: the minute it was saved (or the next one,
      // when the copy was saved as a minute turned).
      const ages = [savedAround - 60_000, savedAround, savedAround + 60_000].map((at) =>
        offlineCopyText(at, suiteNow().getTime(), TIME_ZONE),
      );
      await expect
        .poll(() => statusLine(page).getByRole('status').textContent(), { timeout: 40_000 })
        .toMatch(/^Deals from \d{1,2}:\d\d [AP]M, offline$/);
      expect(ages).toContain(await statusLine(page).getByRole('status').textContent());
      expect(await page.locator('#error-heading').count()).toBe(0);
      expect(await page.getByText('Backend not responding').count()).toBe(0);
      await shot(page, `offline-${name}`);

      // Online again: the network's answers, not the copies.
      await page.context().setOffline(false);
      const fresh = dealsAnswer(page);
      const parts = onDemandPartsLoaded(page);
      await page.reload();
      expect((await fresh).headers()['x-offline-copy']).toBeUndefined();
      expect(await countText(page)).toBe(online);
      // Once the on-demand parts that would mark a copy have loaded, and a moment for their
      // question to the worker.
      await parts;
      await page.waitForTimeout(1_500);
      expect(
        await statusLine(page)
          .getByText(/offline/)
          .count(),
      ).toBe(0);
      expect(
        await statusLine(page)
          .getByText(/^Data loaded:/)
          .count(),
      ).toBe(1);
      await shot(page, `offline-${name}-online-again`);
      expect(errors).toEqual([]);
    });
  }
});
