import { existsSync, statSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  buildDealViews,
  CacheStatusSchema,
  cutText,
  foldText,
  shopperIndexOf,
  splitDeals,
  suggestQuery,
  type DealView,
  dayOf,
  discountOf,
  isNewDeal,
  readDeals,
  unitPriceText,
  varietyKeys,
  weekdayAt,
  type Deal,
  type SortKey,
} from '@stl-deals/domain';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { refreshKeptOldDealsMessage } from '../src/features/deals/model/action-messages';
import {
  cacheStillLoadingShownMessage,
  hiddenDealsNote,
} from '../src/features/deals/model/messages';
import { cacheUpdatedText } from '../src/features/deals/model/times';
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
import { FIRST_CARD_TIMER, gzipBytesOf, scriptsBeforeFirstCard } from './harness/first-load';
import { becomes, WAIT_MS } from './harness/waits';
import { expectedList, fetchServiceData, suiteNow, TIME_ZONE } from './harness/expected';
import { startSleepyProxy } from './harness/sleepy-proxy';

// What the visitor sees and is told, and how fast, in Chromium against the real service in demo
// mode (see global-setup).

const SERVICE = inject('serviceOrigin');
const FAILING_KEY = inject('failingKey');

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

const pages = new PageOpener(SERVICE);
const open = pages.open.bind(pages);

beforeAll(() => pages.start());
afterEach(() => pages.closeAll());
afterAll(() => pages.stop());

const cardTitles = (page: Page) => cards(page).locator('h3, h4').allTextContents();

/** The page's own title for a deal: trimmed, cut at 60. */
const titleOf = (deal: Deal) => cutText(deal.title.trim() || deal.description.trim());

describe('what the visitor sees', () => {
  it('shows a full row of cards at 1366x900 and a full card at 390x844 on first paint', async () => {
    for (const [name, viewport] of [
      ['1366', DESKTOP],
      ['390', PHONE],
    ] as const) {
      const { page } = await open('/', { viewport });
      await countText(page);
      const boxes = await cards(page).evaluateAll((items) =>
        items.map((item) => {
          const { top, bottom } = item.getBoundingClientRect();
          return { top, bottom };
        }),
      );
      const firstRow = boxes.filter((box) => Math.abs(box.top - boxes[0]!.top) < 2);
      expect(firstRow.length).toBeGreaterThanOrEqual(name === '1366' ? 4 : 1);
      for (const box of firstRow) expect(box.bottom).toBeLessThanOrEqual(viewport.height);
      await shot(page, `above-the-fold-${name}`);
    }
  });

  it('puts the filters in two rows on wide screens and in a Filters sheet on phones', async () => {
    const desktop = await open('/');
    await countText(desktop.page);
    const tops = await desktop.page
      .locator(
        '[aria-labelledby="filters-heading"] select, [aria-labelledby="filters-heading"] input',
      )
      .evaluateAll((controls) => controls.map((c) => Math.round(c.getBoundingClientRect().top)));
    // Nine controls at 1366 px: seven in the first row, the day and the page size in the second.
    expect(new Set(tops).size).toBe(2);

    const data = await fetchServiceData(SERVICE);
    const { page } = await open('/', { viewport: PHONE });
    await countText(page);
    expect(await page.getByLabel('Category').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByLabel('Category').selectOption('edibles');
    await shot(page, 'filters-sheet-390');
    await sheet.getByRole('button', { name: 'Done' }).click();
    await textBecomes(page, expectedList(data, { category: 'edibles' }).countLine);
    await page.getByRole('button', { name: /^Filters\W*1 active\W*$/ }).waitFor();
    // The bar stays at the top while the list scrolls. The wheel scrolls the page a moment after
    // it turns (later on a busy machine), so the bar is measured once the page has scrolled.
    await page.mouse.wheel(0, 1500);
    await becomes(() => page.evaluate(() => window.scrollY), 1500);
    const top = await page.getByRole('searchbox', { name: 'Search Deals' }).boundingBox();
    expect(top!.y).toBeGreaterThanOrEqual(0);
    expect(top!.y).toBeLessThan(40);
  });

  it('compares deals on the card: sale, regular, percent off, unit price, size, brand, special, New, ends', async () => {
    const data = await fetchServiceData(SERVICE);
    const expected = expectedList(data, { pageSize: 48 });
    // A deal the history cannot judge: its card strikes the claimed regular price (a judged one
    // shows the usual price instead, see the verdict's test).
    const index = expected.cards.findIndex(
      ({ deal, shown }) =>
        shown?.basis === 'claimed' &&
        !deal.multiBuy &&
        deal.salePrice !== undefined &&
        deal.regularPrice !== undefined &&
        deal.unitPrice !== undefined &&
        deal.size !== undefined &&
        deal.brand !== undefined,
    );
    expect(index).toBeGreaterThanOrEqual(0);
    const { deal } = expected.cards[index]!;
    const { page } = await open('/?pageSize=48');
    await countText(page);
    const card = cards(page).nth(index);
    expect(await card.locator('h3').textContent()).toBe(titleOf(deal));
    const text = (await card.textContent()) ?? '';
    const money = (amount: number) =>
      Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
    expect(text).toContain(money(deal.salePrice!));
    expect(await card.locator('s').textContent()).toBe(
      `regular price ${money(deal.regularPrice!)}`,
    );
    expect(text).toContain(`-${discountOf(deal)}%`);
    // The unit price at the price per item (a multi-buy's), as the view works it out.
    expect(text).toContain(unitPriceText(expected.cards[index]!.unitPrice!));
    expect(text).toContain(deal.size!);
    expect(text).toContain(deal.brand!);
    // 'New': first seen within a day. The demo dates a deal its past days listed first seen on
    // the first of them; a deal new to today's menus was first seen when the service started.
    const isNew = (found: Deal) => isNewDeal(found, suiteNow().getTime());
    const newChip = (at: number) =>
      cards(page).nth(at).getByRole('listitem').filter({ hasText: /^New$/ }).count();
    expect(await newChip(index)).toBe(isNew(deal) ? 1 : 0);
    const fresh = expected.cards.findIndex((view) => isNew(view.deal));
    const seenBefore = expected.cards.findIndex((view) => !isNew(view.deal));
    expect(seenBefore).toBeGreaterThanOrEqual(0);
    expect(await newChip(seenBefore)).toBe(0);
    if (fresh >= 0) expect(await newChip(fresh)).toBe(1);
    if (deal.specialName) expect(text).toContain(deal.specialName);

    const ending = expected.cards.findIndex(({ deal }) => deal.endsAt || deal.validDays?.length);
    if (ending >= 0) {
      expect(await cards(page).nth(ending).textContent()).toMatch(/Ends (today|[A-Z][a-z]{2})/);
    }
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'card-compare-1366');
  });

  it.each<[string, SortKey]>([
    ['Biggest discount', 'discount'],
    ['Lowest unit price', 'unit-price'],
    ['Most THC per dollar', 'thc-value'],
    ['Newest', 'newest'],
    ['Price: Low to High', 'price-low'],
  ])('sorts by %s', async (label, sort) => {
    const data = await fetchServiceData(SERVICE);
    const expected = expectedList(data, { sort });
    const { page } = await open('/');
    await countText(page);
    await page.getByLabel('Sort By').selectOption({ label });
    await page.waitForURL(new RegExp(`sort=${sort}`));
    await becomes(() => cardTitles(page), expected.titles);
    if (sort === 'price-low') {
      // Deals that state no price come after every priced one, never first as $0.
      const last = expectedList(data, { sort, pageSize: 48, page: expected.pages }).matching;
      const priced = last.filter((view) => !Number.isNaN(view.sortPrice)).length;
      expect(last.slice(priced).every((view) => Number.isNaN(view.sortPrice))).toBe(true);
    }
  });

  it('searches the dispensary name and the brand too', async () => {
    const data = await fetchServiceData(SERVICE);
    const name = 'Luxury Leaf';
    const found = expectedList(data, { search: name });
    expect(found.matching.length).toBeGreaterThan(0);
    expect(found.matching.every((view) => view.deal.dispensary === name)).toBe(true);
    const { page } = await open('/');
    await countText(page);
    await page.getByLabel('Search Deals').fill('luxury leaf');
    await textBecomes(page, expectedList(data, { search: 'luxury leaf' }).countLine);
  });

  it('finds deals the way shoppers type: typos, any order, sizes and product words, and offers what a search may have meant', async () => {
    const data = await fetchServiceData(SERVICE);
    const { showable } = splitDeals(
      buildDealViews(data.deals, data.dispensaries, null),
      weekdayAt(suiteNow(), TIME_ZONE),
    );
    // The demo's most common long word of a title, and two of its words in the other order.
    const words = showable.flatMap((view) => foldText(view.deal.title).match(/[a-z]{6,}/g) ?? []);
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    const common = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const pair = showable
      .map((view) => foldText(view.deal.title).match(/^([a-z]{4,}) ([a-z]{4,})/))
      .find(Boolean)!;
    const typo = `${common.slice(0, 2)}${common[3]}${common[2]}${common.slice(4)}`;
    const queries = [
      [typo, (view: DealView) => foldText(view.deal.title).includes(common)],
      [`${pair[2]} ${pair[1]}`, (view: DealView) => foldText(view.deal.title).includes(pair[0])],
      ['eighth', (view: DealView) => view.grams! >= 3.4 && view.grams! <= 3.6],
      ['carts', (view: DealView) => view.category === 'vapes'],
    ] as const;
    for (const [name, viewport] of [
      ['1366', DESKTOP],
      ['390', PHONE],
    ] as const) {
      const { page } = await open('/', { viewport });
      await countText(page);
      const box = page.getByLabel('Search Deals');
      for (const [query, meant] of queries) {
        const found = expectedList(data, { search: query, pageSize: 12 });
        // Everything a shopper means by it is found.
        const ids = new Set(found.matching.map((view) => view.deal.id));
        const missed = showable.filter(meant).filter((view) => !ids.has(view.deal.id));
        expect(
          missed.map((view) => view.deal.title),
          query,
        ).toEqual([]);
        await box.fill(query);
        await textBecomes(page, found.countLine);
        await becomes(() => cardTitles(page), found.titles);
      }
      await shot(page, `search-carts-${name}`);

      // Two letters wrong in a six-letter word: no match, and the word it was.
      const wrong = `${common[0]}q${common[2]}q${common.slice(4)}`;
      expect(suggestQuery(shopperIndexOf(showable), wrong)).toBe(common);
      await box.fill(wrong);
      const meant = page.getByRole('link', { name: common, exact: true });
      await meant.waitFor();
      expect(await meant.locator('xpath=..').textContent()).toBe(
        `No deals match "${wrong}". Did you mean ${common}?`,
      );
      await shot(page, `search-did-you-mean-${name}`);
      await meant.click();
      await textBecomes(page, expectedList(data, { search: common }).countLine);
      expect(await box.inputValue()).toBe(common);
    }
  });

  it("lists another day's deals with 'Deals for', and says how many are for other days", async () => {
    const data = await fetchServiceData(SERVICE);
    const now = suiteNow();
    const today = expectedList(data, { now });
    const { page } = await open('/');
    await countText(page);
    const note = hiddenDealsNote(today);
    if (note) await textBecomes(page, note);

    const tomorrow = dayOf('tomorrow', weekdayAt(now, TIME_ZONE));
    const expected = expectedList(data, { now, day: tomorrow });
    await page.getByLabel('Deals for').selectOption('tomorrow');
    await page.waitForURL(/day=tomorrow/);
    await textBecomes(page, expected.countLine);
    await becomes(() => cardTitles(page), expected.titles);
    await shot(page, 'deals-for-tomorrow-1366');
  });

  it('never files a strain as an edible or a topical', async () => {
    const data = await fetchServiceData(SERVICE);
    for (const category of ['edibles', 'topicals'] as const) {
      const expected = expectedList(data, { category, pageSize: 48 });
      const strainLike = expected.matching.filter(({ deal }) =>
        /\b(smalls|ice cream cake|wedding cake|girl scout cookies|gelato)\b/i.test(deal.title),
      );
      const wrong = strainLike.filter(
        ({ deal }) => !/gumm|chocolate|cookie\b|mg\b/i.test(deal.title),
      );
      expect(wrong.map(({ deal }) => deal.title)).toEqual([]);
    }
    const { page } = await open('/?category=topicals&pageSize=48');
    await countText(page);
    const titles = await cardTitles(page);
    expect(titles.filter((title) => /smalls|ice cream cake/i.test(title))).toEqual([]);
  });

  it('mixes specials and stores: no more than two of one in a row among the first 48', async () => {
    const answer = await fetch(`${SERVICE}/api/reactive/deals`);
    const { deals } = readDeals(await answer.json());
    const first = deals.slice(0, 48);
    for (const dimension of [0, 1] as const) {
      let run = 1;
      for (let i = 1; i < first.length; i++) {
        const key = varietyKeys(first[i]!)[dimension];
        run = key !== null && key === varietyKeys(first[i - 1]!)[dimension] ? run + 1 : 1;
        expect(run).toBeLessThanOrEqual(2);
      }
    }
  });

  it("shows the simulator's own product images, cached, with no console errors", async () => {
    const { page, consoleErrors } = await open('/');
    await countText(page);
    const image = page.locator('main img[src*="/images/products/"]').first();
    await image.waitFor();
    const src = (await image.getAttribute('src'))!;
    await becomes(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth >= 50), true);
    const response = await fetch(src);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    expect((await response.text()).length).toBeLessThan(2_000);
    expect(consoleErrors).toEqual([]);
  });
});

describe('never tell the visitor something untrue', () => {
  it("says 'Everything was refreshed less than a minute ago' when Refresh All skipped all", async () => {
    const { page } = await open('/', {
      setup: async (p) => {
        await p.route('**/api/scraper/refresh/all', (route) =>
          route.fulfill({ json: { refreshed: 0, failed: 0, skipped: 39, durationMs: 4 } }),
        );
      },
    });
    await countText(page);
    await page.getByRole('button', { name: 'Refresh All' }).click();
    await textBecomes(page, 'Everything was refreshed less than a minute ago');
    expect(await page.getByText(/successfully/).count()).toBe(0);
  });

  it('keeps the list under a rate-limited Refresh All, with the wait, and the notice closes', async () => {
    const data = await fetchServiceData(SERVICE);
    const { page } = await open('/', {
      setup: async (p) => {
        await p.route('**/api/scraper/refresh/all', (route) =>
          route.fulfill({
            status: 429,
            headers: { 'retry-after': '54' },
            json: {
              error: 'TooManyRequests',
              message: 'Too many refresh requests; try again later.',
            },
          }),
        );
      },
    });
    const countBefore = await countText(page);
    await page.getByRole('button', { name: 'Refresh All' }).click();
    const alert = page.getByRole('alert');
    // The notice counts its wait down every second, so its text is read in the same look that
    // finds it (`textContent` waits for the alert and reads it at once), not a step later.
    expect(await alert.textContent()).toMatch(
      /^Nothing was refreshed: too many refreshes in the last minute\. Try again in 5[34] s\.$/,
    );
    await alert.waitFor();
    // Refresh All rests for the wait the service asked for.
    expect(await page.getByRole('button', { name: 'Refresh All' }).isDisabled()).toBe(true);
    expect(await countText(page)).toBe(countBefore);
    expect(await cardTitles(page)).toEqual(expectedList(data).titles);
    await shot(page, 'refresh-429-notice-1366');
    await page.getByRole('button', { name: 'Dismiss this notice' }).click();
    expect(await page.getByRole('alert').count()).toBe(0);
    // The list was usable all along.
    await page.getByLabel('Category').selectOption('vapes');
    await textBecomes(page, expectedList(data, { category: 'vapes' }).countLine);
  });

  it("says a dispensary's refresh failed and from when its deals are", async () => {
    const status = CacheStatusSchema.parse(
      await (await fetch(`${SERVICE}/api/monitoring/scraper/status`)).json(),
    );
    const failing = status.sources!.find(({ key }) => key === FAILING_KEY)!;
    const { page } = await open(`/?dispensary=${FAILING_KEY}`);
    const before = await countText(page);
    const answered = page.waitForResponse((r) => r.url().endsWith(`/refresh/${FAILING_KEY}`));
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(decodeURIComponent(headers['x-refresh-error']!)).toBe(
      'The menu platform is unavailable for now.',
    );
    const asOf = headers['x-deals-as-of']!;
    expect(asOf).toBe(failing.lastSuccessAt);
    await textBecomes(
      page,
      refreshKeptOldDealsMessage(
        failing.name,
        'The menu platform is unavailable for now.',
        cacheUpdatedText(asOf, TIME_ZONE),
      ),
    );
    expect(await countText(page)).toBe(before);
    await shot(page, 'refresh-one-failed-1366');
  });

  it(
    'says the backend is unreachable, keeps trying in the background, and shows the deals when it answers',
    { timeout: 180_000 },
    async () => {
      const proxy = await startSleepyProxy(SERVICE, Number.POSITIVE_INFINITY);
      try {
        const expected = expectedList(await fetchServiceData(SERVICE));
        const { page } = await open('/', { origin: proxy.origin, viewport: PHONE });
        await textBecomes(page, 'Backend is not responding. Please try again in a few minutes.');
        await page.getByText('Backend not responding', { exact: true }).waitFor();
        expect(await page.getByText('Cache Ready').count()).toBe(0);
        await page.getByText(/^Still trying in the background every 15 seconds/).waitFor();
        await shot(page, 'background-retry-390');
        proxy.wake();
        // No click: the next background try finds the backend awake.
        expect(await countLine(page).textContent({ timeout: WAIT_MS })).toBe(expected.countLine);
        expect(await page.getByText('Backend not responding', { exact: true }).count()).toBe(0);
      } finally {
        await proxy.close();
      }
    },
  );

  it('says how many deals show and why the rest are hidden while the cache loads', async () => {
    const data = await fetchServiceData(SERVICE);
    const expected = expectedList(data);
    const { page } = await open('/', {
      setup: async (p) => {
        await p.route('**/api/monitoring/scraper/status', (route) =>
          route.fulfill({ json: { ready: false, totalDeals: data.deals.length } }),
        );
      },
    });
    await countText(page);
    await textBecomes(
      page,
      cacheStillLoadingShownMessage({
        received: data.deals.length,
        shown: expected.total,
        otherDays: expected.otherDays,
      }),
    );
    await shot(page, 'cache-loading-counts-1366');
  });

  it('writes the values actually shown into the address bar', async () => {
    const data = await fetchServiceData(SERVICE);
    const last = expectedList(data).pages;
    const { page } = await open('/?category=candy&sort=cheapest&day=someday&page=999&ref=mail');
    await countText(page);
    await page.waitForURL((url) => url.search === `?page=${last}&ref=mail`);
    expect(await page.getByLabel('Category').inputValue()).toBe('all');
    expect(await page.getByLabel('Deals for').inputValue()).toBe('today');
  });

  it('keeps the badges off the thumbnail on phones, and draws emoji in colour', async () => {
    const { page } = await open('/', { viewport: PHONE });
    await countText(page);
    const overlaps = await cards(page).evaluateAll((items) =>
      items.flatMap((item) => {
        const badges = item.querySelector('p:has(> span)');
        const image = item.querySelector('img, [aria-hidden="true"]');
        if (!badges || !image) return [];
        const a = badges.getBoundingClientRect();
        const b = image.getBoundingClientRect();
        return [a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom];
      }),
    );
    expect(overlaps.length).toBeGreaterThan(0);
    expect(overlaps.every((overlap) => !overlap)).toBe(true);
    // A colour emoji font: the leaf is drawn in colour, not as a black box or outline.
    const colourful = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 40;
      const context = canvas.getContext('2d')!;
      context.font = '32px sans-serif';
      context.fillText('🌿', 0, 32);
      const pixels = context.getImageData(0, 0, 40, 40).data;
      for (let i = 0; i < pixels.length; i += 4) {
        if (pixels[i + 3]! > 0 && pixels[i + 1]! > pixels[i]! + 40) return true;
      }
      return false;
    });
    expect(colourful).toBe(true);
  });
});

describe('fast', () => {
  it('serves the page pre-compressed, built once', async () => {
    const html = await (await fetch(`${SERVICE}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const response = await fetch(`${SERVICE}${script}`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      const file = `${DIST}${script.slice(1)}${suffix}`;
      expect(existsSync(file)).toBe(true);
      expect(Number(response.headers.get('content-length'))).toBe(statSync(file).size);
    }
  });

  it('asks for at most 100 KiB gzip of JavaScript before the list shows, the rest after', async () => {
    // The deals answer late, as from a slow network: whatever the page asks for while it waits
    // for them is counted against the first load.
    const asked: string[] = [];
    const { page } = await open('/', {
      viewport: PHONE,
      setup: async (p) => {
        p.on('request', (request) => asked.push(new URL(request.url()).pathname));
        await p.addInitScript(FIRST_CARD_TIMER);
        await p.route(/\/api\/reactive\/deals/, async (route) => {
          await delay(1_500);
          await route.continue();
        });
      },
    });
    const before = await scriptsBeforeFirstCard(page, WAIT_MS);
    expect(gzipBytesOf(DIST, before)).toBeLessThanOrEqual(100 * 1024);
    // Only what index.html names: the entry and its preloads, no on-demand chunk.
    const html = await (await fetch(`${SERVICE}/`)).text();
    const named = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(before.filter((path) => !named.includes(path))).toEqual([]);
    // The on-demand parts come once the list shows, when the browser is idle.
    await becomes(
      () => Promise.resolve(asked.some((path) => /^\/assets\/on-demand-parts-.+\.js$/.test(path))),
      true,
    );
  });

  it('skips drawing the cards off screen, and draws a hovered card whole', async () => {
    const { page } = await open('/');
    await countText(page);
    const visibility = (index: number) =>
      cards(page)
        .nth(index)
        .evaluate((li) => getComputedStyle(li).getPropertyValue('content-visibility'));
    // Laid out and painted only near the screen (the keystroke's paint), with the paint
    // containment that comes with it, which would clip a hovered card's lifted shadow...
    expect(await visibility(11)).toBe('auto');
    expect(await visibility(0)).toBe('auto');
    // ...so the hovered one is drawn as any element is.
    await cards(page).first().hover();
    await becomes(() => visibility(0), 'visible');
    await shot(page, 'hovered-card-1366');
  });

  it('does not shift the layout while it loads (CLS under 0.02)', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await open('/', {
        viewport,
        setup: (p) =>
          p.addInitScript(() => {
            const shifts: number[] = [];
            (window as unknown as { __shifts: number[] }).__shifts = shifts;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Array<
                PerformanceEntry & { value: number; hadRecentInput: boolean }
              >) {
                if (!entry.hadRecentInput) shifts.push(entry.value);
              }
            }).observe({ type: 'layout-shift', buffered: true });
          }),
      });
      await countText(page);
      await delay(1000);
      const cls = await page.evaluate(() =>
        (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0),
      );
      expect(cls).toBeLessThan(0.02);
    }
  });
});
