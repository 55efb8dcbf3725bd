import AxeBuilder from '@axe-core/playwright';
import {
  CacheStatusSchema,
  coverageLine,
  dispensaryChipName,
  imageCandidates,
  paginationButtons,
  readDeals,
  safeHttpUrl,
  stampDeals,
} from '@stl-deals/domain';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { becomes } from './harness/waits';
import {
  cards,
  countLine,
  countText,
  DESKTOP,
  PageOpener,
  PHONE,
  shot,
  textBecomes,
} from './harness/pages';
import { expectedList, fetchServiceData, TIME_ZONE } from './harness/expected';
import { startSleepyProxy } from './harness/sleepy-proxy';

/** The real service in demo mode, started by the global setup with its first load done. */
const SERVICE = inject('serviceOrigin');
/** A dispensary whose simulated menu answers slowly, so its refresh can be watched. */
const SLOW_KEY = inject('slowKey');
/** A dispensary whose simulated platform answers 503 since the first load. */
const FAILING_KEY = inject('failingKey');

const pages = new PageOpener(SERVICE);
const open = pages.open.bind(pages);

beforeAll(() => pages.start());
afterEach(() => pages.closeAll());
afterAll(() => pages.stop());

function cardTitles(page: Page): Promise<string[]> {
  return cards(page).locator('h3, h4').allTextContents();
}

/** The cards' distance chips: '3.2 mi', or '~3.2 mi' to a store located by its ZIP code. */
async function distanceChips(page: Page): Promise<string[]> {
  // What a chip shows: a chip said in full to screen readers shows its aria-hidden part.
  const chips = await cards(page)
    .locator('li')
    .evaluateAll((items) =>
      items.map((item) => (item.querySelector('[aria-hidden="true"]') ?? item).textContent ?? ''),
    );
  return chips.filter((text) => /^~?\d[\d,]*\.\d mi$/.test(text));
}

/** The page's last-success time of a dispensary, as the visitor's browser formats it. */
function lastSuccess(iso: string | null | undefined): string {
  if (!iso) return 'never';
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help}`);
}

describe('the deals page in Chromium, served by the real service in demo mode', () => {
  it('loads the deals through the spec calls and shows them as linked cards', async () => {
    const data = await fetchServiceData(SERVICE);
    const { page, errors, calls } = await open();
    const expected = expectedList(data);
    expect(expected.total).toBeGreaterThan(12);
    expect(await countText(page)).toBe(expected.countLine);
    await page.getByRole('heading', { name: 'STL Deals' }).waitFor();
    await page.getByText('Best Cannabis Deals in St. Louis').waitFor();
    await page.getByText('Cache Ready').waitFor();
    // The contract's `demo` field, sent by the service in demo mode, marks the data.
    await page.getByText(/^Demo data: the service shows simulated deals$/).waitFor();

    expect(await cardTitles(page)).toEqual(expected.titles);
    // Each card with an http(s) link is one link holding its title; where the service says what
    // the link leads to, a second one beside its buttons says it ('View at …', 'Store menu').
    const linked = expected.cards.filter((c) => safeHttpUrl(c.deal.sourceUrl));
    expect(await page.locator('main a[target="_blank"]:has(h3, h4)').count()).toBe(linked.length);
    const links = page.locator('main a[target="_blank"]');
    expect(await links.count()).toBe(
      linked.length + linked.filter((c) => c.deal.linkKind !== undefined).length,
    );
    for (const rel of await links.evaluateAll((all) =>
      all.map((link) => link.getAttribute('rel')),
    )) {
      expect(rel).toBe('noopener noreferrer');
    }

    // No wake-up call on localhost (the page's own document request is a GET of / too, but never
    // a JSON one); every API call with a JSON content type.
    expect(calls.filter((c) => c.path === '/' && c.contentType !== undefined)).toEqual([]);
    const api = calls.filter((call) => call.path.startsWith('/api/'));
    expect(api.map((call) => call.path)).toEqual(
      expect.arrayContaining([
        '/api/scraper/dispensaries',
        '/api/monitoring/scraper/ping',
        '/api/monitoring/scraper/status',
        '/api/reactive/deals?view=page',
      ]),
    );
    expect(api.every((call) => call.contentType === 'application/json')).toBe(true);

    // The simulator serves its own product images, so the card shows the deal's own image,
    // loaded and large enough.
    const index = expected.cards.findIndex(({ deal }) => safeHttpUrl(deal.imageUrl) !== null);
    expect(index).toBeGreaterThanOrEqual(0);
    const { deal, category } = expected.cards[index]!;
    const chain = imageCandidates(deal, category);
    expect(chain[0]).toBe(deal.imageUrl);
    const image = cards(page).nth(index).locator('img');
    await becomes(() => image.getAttribute('src'), chain[0]);
    await becomes(
      () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth >= 50),
      true,
    );
    expect(errors).toEqual([]);
  });

  it('says how many dispensaries the deals come from, and which fails and why', async () => {
    const answer = await fetch(`${SERVICE}/api/monitoring/scraper/status`);
    const status = CacheStatusSchema.parse(await answer.json());
    const failing = status.sources?.find(({ key }) => key === FAILING_KEY);
    expect(failing).toMatchObject({
      state: 'stale',
      error: 'The menu platform is unavailable for now.',
    });
    expect(status).toMatchObject({ sourcesFailing: 1, sourcesUnconfigured: 0 });
    const total = status.dispensaryCount ?? 0;
    expect(status.sourcesOk).toBe(total - 1);

    const { page } = await open();
    await countText(page);
    const line = page.getByText(coverageLine({ ok: total - 1, total }), { exact: true });
    await line.click();
    const listed = page
      .getByRole('list', { name: 'Dispensaries without current deals' })
      .getByRole('listitem');
    // The list's part of the page loads when the disclosure first opens: wait for it.
    await becomes(
      () => listed.allTextContents(),
      [
        `${failing?.name}: The menu platform is unavailable for now. (Last success: ${lastSuccess(failing?.lastSuccessAt)})`,
      ],
    );
    await shot(page, 'sources-failing-1366');
  });

  it('filters by category in the URL, and back restores the full list', async () => {
    const data = await fetchServiceData(SERVICE);
    const edibles = expectedList(data, { category: 'edibles' });
    expect(edibles.matching.length).toBeGreaterThan(0);
    const { page } = await open();
    await countText(page);
    await page.getByLabel('Category').selectOption('edibles');
    await textBecomes(page, edibles.countLine);
    expect(edibles.countLine).toMatch(/ \(of [\d,]+ total\)$/);
    expect(new URL(page.url()).search).toBe('?category=edibles');
    await becomes(() => cardTitles(page), edibles.titles);
    await page.goBack();
    await textBecomes(page, expectedList(data).countLine);
    expect(await page.getByLabel('Category').inputValue()).toBe('all');
  });

  it('searches as the visitor types and clears the search', async () => {
    const data = await fetchServiceData(SERVICE);
    const all = expectedList(data);
    // A brand the list carries, typed in lower case: the search ignores case.
    const term = all.matching.find((view) => view.deal.brand)?.deal.brand?.toLowerCase() ?? '';
    const found = expectedList(data, { search: term });
    expect(found.matching.length).toBeGreaterThan(0);
    expect(found.matching.length).toBeLessThan(all.total);
    // No word of it is close to a word of the deals: no 'Did you mean'.
    const nothing = 'qqqqqqq xxxxxxx';
    expect(expectedList(data, { search: nothing }).matching).toEqual([]);

    const { page } = await open();
    await countText(page);
    await page.getByLabel('Search Deals').fill(term);
    await textBecomes(page, found.countLine);
    await becomes(() => cardTitles(page), found.titles);
    await page.getByLabel('Search Deals').fill(nothing);
    await textBecomes(page, 'No deals match your search.');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await textBecomes(page, all.countLine);
  });

  it('sorts by distance and filters by radius once the location is granted', async () => {
    const data = await fetchServiceData(SERVICE);
    // A few hundred feet north of the first dispensary with deals today whose exact location the
    // service knows (the chip of a store located by its ZIP code reads '~').
    const withDeals = new Set(expectedList(data).matching.map(({ deal }) => deal.dispensaryKey));
    const store = data.dispensaries.find(
      (d) =>
        withDeals.has(d.key) &&
        typeof d.lat === 'number' &&
        typeof d.lng === 'number' &&
        d.approximate !== true,
    )!;
    const visitor = { lat: store.lat! + 0.002, lng: store.lng! };
    const { page } = await open('/', {
      permissions: ['geolocation'],
      geolocation: { latitude: visitor.lat, longitude: visitor.lng },
    });
    await countText(page);
    // The location is already granted: the page reads it at load, with no button to press.
    await page.getByLabel('Distance Filter').waitFor();
    expect(await page.getByRole('button', { name: 'Enable Location' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Your location' }).count()).toBe(0);

    await page.getByLabel('Sort By').selectOption('distance');
    const nearest = expectedList(data, { visitor, sort: 'distance' });
    await becomes(() => cardTitles(page), nearest.titles);
    const miles = await distanceChips(page);
    expect(miles).toEqual(nearest.distanceChips.filter((chip) => chip !== null));
    expect(Number.parseFloat(miles[0]!)).toBeLessThan(0.5);
    expect(nearest.cards[0]!.deal.dispensaryKey).toBe(store.key);

    const within5 = expectedList(data, { visitor, sort: 'distance', radius: '5' });
    expect(within5.matching.length).toBeGreaterThan(0);
    expect(within5.matching.length).toBeLessThan(within5.total);
    await page.getByLabel('Distance Filter').selectOption('5');
    await textBecomes(page, within5.countLine);
    expect(new URL(page.url()).search).toBe('?sort=distance&distance=5');
    await shot(page, 'distance-1366');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('applies a shared distance link at once when the location is already granted', async () => {
    const data = await fetchServiceData(SERVICE);
    const store = data.dispensaries.find(
      (d) => typeof d.lat === 'number' && typeof d.lng === 'number' && d.approximate !== true,
    )!;
    const visitor = { lat: store.lat! + 0.002, lng: store.lng! };
    const { page } = await open('/?sort=distance&distance=5', {
      permissions: ['geolocation'],
      geolocation: { latitude: visitor.lat, longitude: visitor.lng },
    });
    const within5 = expectedList(data, { visitor, sort: 'distance', radius: '5' });
    await textBecomes(page, within5.countLine);
    await becomes(() => cardTitles(page), within5.titles);
    expect(await page.getByLabel('Sort By').inputValue()).toBe('distance');
    expect(new URL(page.url()).search).toBe('?sort=distance&distance=5');
  });

  it('keeps a shared distance link and says why it waits when the location is not granted', async () => {
    const { page } = await open('/?sort=distance&distance=5');
    await countText(page);
    await textBecomes(page, 'Distance sort needs your location.');
    expect(new URL(page.url()).search).toBe('?sort=distance&distance=5');
  });

  it('says so when the location is refused', async () => {
    const { page } = await open();
    await countText(page);
    await page.getByRole('button', { name: 'Enable Location' }).click();
    await textBecomes(page, 'Location access denied. You can manually search by dispensary name.');
  });

  it('pages through the deals', async () => {
    const data = await fetchServiceData(SERVICE);
    const first = expectedList(data);
    const last = first.pages;
    expect(last).toBeGreaterThan(3);
    const { page } = await open();
    await countText(page);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    expect(await pages.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await pages.getByRole('button', { name: /^Page \d+$/ }).allTextContents()).toEqual(
      paginationButtons(1, last).items.flatMap((item) =>
        item.kind === 'page' ? [String(item.page)] : [],
      ),
    );
    expect(await cardTitles(page)).toEqual(first.titles);

    await pages.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\?page=2$/);
    await becomes(() => cardTitles(page), expectedList(data, { page: 2 }).titles);
    await pages.getByRole('button', { name: 'Page 3', exact: true }).click();
    await page.waitForURL(/\?page=3$/);
    await becomes(() => cardTitles(page), expectedList(data, { page: 3 }).titles);
    await pages.getByRole('button', { name: `Page ${last}`, exact: true }).click();
    await page.waitForURL(new RegExp(`\\?page=${last}$`));
    const lastPage = expectedList(data, { page: last });
    expect(lastPage.titles).toHaveLength(first.matching.length - (last - 1) * 12);
    await becomes(() => cardTitles(page), lastPage.titles);
    expect(await pages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  });

  it('refreshes one dispensary through the service and shows its deals', async () => {
    const before = await fetchServiceData(SERVICE, SLOW_KEY);
    const store = before.dispensaries.find((d) => d.key === SLOW_KEY)!;
    const { page, calls } = await open(`/?dispensary=${SLOW_KEY}`);
    expect(await countText(page)).toBe(expectedList(before).countLine);

    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === `/api/scraper/refresh/${SLOW_KEY}`,
    );
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await textBecomes(page, `Refreshing ${SLOW_KEY}...`);
    const response = await answered;
    expect(response.status()).toBe(200);
    // The list now shows what the refresh answered, read and stamped as the page does.
    const refreshed = {
      deals: stampDeals(readDeals(await response.json()).deals, store),
      dispensaries: before.dispensaries,
    };
    const after = expectedList(refreshed);
    expect(after.matching.length).toBeGreaterThan(0);
    await page.getByText(`Refreshing ${SLOW_KEY}...`).waitFor({ state: 'detached' });
    await textBecomes(page, after.countLine);
    await becomes(() => cardTitles(page), after.titles);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: `/api/scraper/refresh/${SLOW_KEY}`,
        contentType: 'application/json',
        body: '{}',
      },
    ]);
    // Every card names the store by its chip.
    const chip = dispensaryChipName(store.name);
    const texts = await cards(page).allTextContents();
    expect(texts.every((text) => text.includes(chip))).toBe(true);
    await countLine(page).evaluate((line) => line.scrollIntoView({ block: 'start' }));
    await shot(page, 'one-dispensary-1366-list');
  });

  // Refresh All says what the service did. Here one store fails, so the spec's success text
  // (only when nothing failed or was skipped) is not shown.
  it('refreshes all dispensaries, says what happened and fetches the full list again', async () => {
    const { page, calls } = await open();
    await countText(page);
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/scraper/refresh/all',
    );
    await page.getByRole('button', { name: 'Refresh All' }).click();
    await textBecomes(page, 'Force refreshing all dispensaries...');
    const summary = (await (await answered).json()) as { refreshed: number; failed: number };
    expect(summary).toMatchObject({ failed: 1, skipped: 0 });
    const said = `Refreshed ${summary.refreshed}, failed 1, 0 skipped`;
    await textBecomes(page, said);
    expect(await page.getByText('All dispensaries refreshed successfully!').count()).toBe(0);
    const data = await fetchServiceData(SERVICE);
    await textBecomes(page, expectedList(data).countLine);
    await shot(page, 'refresh-all-result-1366');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/scraper/refresh/all',
        contentType: 'application/json',
        body: '{}',
      },
    ]);
    expect(calls.filter((call) => call.path === '/api/reactive/deals?view=page')).toHaveLength(2);
  });

  // The two sleepy backends run side by side: each mostly waits out the page's retry delays.
  it.concurrent(
    'rides out a backend that answers 503 while it wakes up',
    async ({ onTestFinished }) => {
      // Asleep long enough that the second attempt (after 2-3 s) fails, short enough that the third
      // (after 6-8 s) gets through.
      const proxy = await startSleepyProxy(SERVICE, 4_500);
      try {
        const expected = expectedList(await fetchServiceData(SERVICE));
        const { page } = await open('/', { origin: proxy.origin, viewport: PHONE, onTestFinished });
        await textBecomes(page, 'Backend is waking up from sleep... This may take 30-60 seconds.');
        await page.getByText('The backend is waking up').waitFor();
        await page
          .getByText(/^Backend is starting up\.\.\. Retrying in \d seconds \(attempt 2\/3\)$/)
          .waitFor();
        await shot(page, 'waking-up-390');
        expect(await countText(page)).toBe(expected.countLine);
        expect(proxy.refused).toBeGreaterThanOrEqual(2);
      } finally {
        await proxy.close();
      }
    },
  );

  it.concurrent(
    'stops with advice when the backend does not wake, and Retry Connection recovers',
    async ({ onTestFinished }) => {
      const proxy = await startSleepyProxy(SERVICE, Number.POSITIVE_INFINITY);
      try {
        const expected = expectedList(await fetchServiceData(SERVICE));
        const { page } = await open('/', { origin: proxy.origin, onTestFinished });
        await textBecomes(page, 'Backend is not responding. Please try again in a few minutes.');
        await page.getByText('Wait 1-2 minutes for the backend to wake up.').waitFor();
        await shot(page, 'not-responding-1366');
        expect(await axeViolations(page)).toEqual([]);
        proxy.wake();
        await page.getByRole('button', { name: 'Retry Connection' }).click();
        expect(await countText(page)).toBe(expected.countLine);
      } finally {
        await proxy.close();
      }
    },
  );

  it('has no accessibility violations (axe-core)', async () => {
    const { page } = await open();
    await countText(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('takes the screenshots people look at, at 390 px and 1366 px', async () => {
    const imagesInView = () =>
      [...document.querySelectorAll('img')]
        .filter((img) => {
          const { top, bottom } = img.getBoundingClientRect();
          return bottom > 0 && top < window.innerHeight;
        })
        .every((img) => img.complete);
    for (const [name, viewport] of [
      ['phone-390', PHONE],
      ['desktop-1366', DESKTOP],
    ] as const) {
      const { page } = await open('/', { viewport });
      await countText(page);
      await page.waitForFunction(imagesInView);
      await shot(page, `deals-${name}`);
      await countLine(page).evaluate((line) => line.scrollIntoView({ block: 'start' }));
      await page.waitForFunction(imagesInView);
      await shot(page, `deals-${name}-list`);
    }
  });
});
