import {
  addDays,
  alsoAt,
  alsoAtText,
  brandOptions,
  buildDealViews,
  dealPriceMemoryCard,
  dispensaryChipName,
  dollarsText,
  marketDay,
  moneyText,
  offerText,
  outTheDoorPrice,
  outTheDoorText,
  parseDealPriceHistory,
  PRICE_HISTORY_DEFAULT_DAYS,
  priceMemoryText,
  shownDiscountText,
  shownPercent,
  showsDealBadge,
  hasDealBadge,
  usualPriceLine,
  productPrice,
  productStores,
  readDeals,
  type DealView,
  type PriceMemoryCard,
} from '@stl-deals/domain';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CHART_WIDTH,
  dayText,
  priceChart,
  type PriceStep,
} from '../src/features/deals/model/price-chart';
import {
  cardTitle,
  expectedList,
  fetchServiceData,
  suiteNow,
  TIME_ZONE,
  type ServiceData,
} from './harness/expected';
import { cards, countText, DESKTOP, PageOpener, PHONE, shot, textBecomes } from './harness/pages';
import { becomes, WAIT_MS } from './harness/waits';

// What a shopper learns of a price beyond the shelf tag (its own history, the price per item,
// with tax, at other stores), and how a search is followed (its feed, a push notification, the
// favourite stores), in Chromium against the real service in demo mode, whose price history
// holds the 60 simulated days before today (see harness/service.ts).

const SERVICE = inject('serviceOrigin');

const pages = new PageOpener(SERVICE);
const open = pages.open.bind(pages);

beforeAll(() => pages.start());
afterEach(() => pages.closeAll());
afterAll(() => pages.stop());

const VIEWPORTS = [
  ['390', PHONE],
  ['1366', DESKTOP],
] as const;

/** Cards per page in these tests: a deal is found on fewer pages. */
const PAGE_SIZE = 48;

const ATOM = 'http://www.w3.org/2005/Atom';

/**
 * What the page itself reads: the service's `view=page` answer (the fields the cards read,
 * the price memory's among them) and the dispensary list (their tax rates too).
 */
async function pageData(): Promise<ServiceData> {
  const { dispensaries } = await fetchServiceData(SERVICE);
  const answer = await fetch(`${SERVICE}/api/reactive/deals?view=page`);
  expect(answer.status).toBe(200);
  const { deals, rejected } = readDeals(await answer.json());
  expect(rejected).toEqual([]);
  return { deals, dispensaries };
}

/** The market's day now, as the cards count 'within 7 days' and the chart its window. */
const today = () => marketDay(suiteNow().getTime(), TIME_ZONE);

/** The card's price memory line of a deal, as the domain's rule words it (null for none). */
function memoryOf(view: DealView): PriceMemoryCard | null {
  return dealPriceMemoryCard(view.deal, today());
}

interface Found {
  view: DealView;
  /** The page of `PAGE_SIZE` cards the deal is on, and its place there. */
  page: number;
  index: number;
}

/** The first card of the whole list, page after page, whose deal passes `test`. */
function findCard(data: ServiceData, test: (view: DealView) => boolean): Found | null {
  const { pages: last } = expectedList(data, { pageSize: PAGE_SIZE });
  for (let page = 1; page <= last; page++) {
    const { cards: shown } = expectedList(data, { pageSize: PAGE_SIZE, page });
    const index = shown.findIndex(test);
    if (index >= 0) return { view: shown[index]!, page, index };
  }
  return null;
}

/** The list's address showing `found`'s card. */
const pathOf = (found: Found) =>
  `/?pageSize=${PAGE_SIZE}${found.page > 1 ? `&page=${found.page}` : ''}`;

/** The card on the page, checked to be the deal's by its title. */
async function cardOf(page: Page, found: Found) {
  const card = cards(page).nth(found.index);
  expect(await card.locator('h3, h4').textContent()).toBe(cardTitle(found.view.deal));
  return card;
}

/** Puts `card` in the middle of the screen with the images in view loaded, for a screenshot. */
async function showCard(page: Page, card: ReturnType<typeof cards>): Promise<void> {
  await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.waitForFunction(() =>
    [...document.querySelectorAll('img')]
      .filter((img) => {
        const { top, bottom } = img.getBoundingClientRect();
        return bottom > 0 && top < window.innerHeight;
      })
      .every((img) => img.complete),
  );
}

/** `text` matched as it is in a regular expression. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Rejects with `what` when `promise` has not settled within a step's wait. */
async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Waited ${WAIT_MS} ms for ${what}`)), WAIT_MS);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('price memory', () => {
  it("says on the card when today's price is the lowest in 30 days, a drop, or under an inflated regular price", async () => {
    const data = await pageData();
    const kinds = ['lowest-in-30-days', 'price-dropped', 'inflated'] as const;
    const found = kinds.map((kind) => {
      const card = findCard(data, (view) =>
        kind === 'inflated'
          ? view.deal.discountCheck === 'inflated' && view.shown?.basis === 'usual'
          : memoryOf(view)?.kind === kind,
      );
      expect(card, `a card whose price memory is ${kind}`).not.toBeNull();
      return card!;
    });
    // A checked deal that is none of them says nothing of its history.
    const quiet = findCard(
      data,
      (view) => view.deal.discountCheck !== undefined && memoryOf(view) === null,
    );
    expect(quiet).not.toBeNull();

    for (const [width, viewport] of VIEWPORTS) {
      const { page, errors } = await open(pathOf(found[0]!), { viewport });
      let path = pathOf(found[0]!);
      const show = async (card: Found) => {
        if (pathOf(card) !== path) {
          path = pathOf(card);
          await page.goto(`${SERVICE}${path}`);
        }
        await countText(page);
        return cardOf(page, card);
      };
      for (const [at, kind] of kinds.entries()) {
        const card = found[at]!;
        const shown = await show(card);
        const { view } = card;
        if (kind === 'inflated' && view.shown) {
          // The usual price stands in for the claimed regular one, and the percent off is
          // counted from it.
          const usual = usualPriceLine(view.shown, view.sortPrice)!;
          await shown.getByText(usual, { exact: true }).waitFor();
          expect(await shown.locator('s').count()).toBe(0);
          const percent = shownPercent(view.shown);
          if (percent !== null) expect(await shown.textContent()).toContain(`-${percent}% off`);
        } else {
          await shown.getByText(priceMemoryText(memoryOf(view)!), { exact: true }).waitFor();
        }
        await showCard(page, shown);
        await shot(page, `price-memory-${kind}-${width}`);
      }
      const text = (await (await show(quiet!)).textContent()) ?? '';
      expect(text).not.toMatch(/Lowest in 30 days|Down \$/);
      expect(errors).toEqual([]);
    }
  });

  it('answers a deal its price history: the backfilled days to today, the drop where it happened', async () => {
    const data = await pageData();
    const dropped = findCard(data, (view) => memoryOf(view)?.kind === 'price-dropped')!;
    const { deal } = dropped.view;
    const answer = await fetch(
      `${SERVICE}/api/deals/${encodeURIComponent(deal.id!)}/history?days=${PRICE_HISTORY_DEFAULT_DAYS}`,
    );
    expect(answer.status).toBe(200);
    const history = parseDealPriceHistory(await answer.json());
    expect(history.id).toBe(deal.id);
    const days = history.points.map((point) => point.day);
    // One point a day, oldest first, from at most the 60 filled days back to today's scrape.
    expect(days).toEqual([...new Set(days)].sort());
    expect(days.at(-1)).toBe(today());
    expect(days[0]! >= addDays(today(), -60)).toBe(true);
    const charged = (point: (typeof history.points)[number]) =>
      point.salePrice ?? point.regularPrice;
    const before = history.points.filter((point) => point.day < deal.priceChangedAt!);
    const since = history.points.filter((point) => point.day >= deal.priceChangedAt!);
    expect(charged(before.at(-1)!)).toBe(deal.previousPrice);
    expect(new Set(since.map(charged))).toEqual(new Set([productPrice(deal)]));

    const unknown = await fetch(`${SERVICE}/api/deals/no-such-deal/history`);
    expect(unknown.status).toBe(404);
  });

  it('opens the price history from the keyboard: a step chart from the first day seen, today marked, and Escape gives focus back', async () => {
    const data = await pageData();
    const found = findCard(data, (view) => memoryOf(view)?.kind === 'price-dropped')!;
    const { deal } = found.view;
    const answer = await fetch(`${SERVICE}/api/deals/${encodeURIComponent(deal.id!)}/history`);
    const { points } = parseDealPriceHistory(await answer.json());
    const chart = priceChart(points, today(), PRICE_HISTORY_DEFAULT_DAYS, {
      usualPrice: deal.usualPrice,
    });
    expect(chart.seen).toBe(true);
    // What matters, never 'From $X to $Y': today's price first, the usual price last.
    expect(chart.summary).toMatch(
      new RegExp(`^${escaped(moneyText(productPrice(deal)!))} today · .+ · usual \\$`),
    );
    const title = cardTitle(deal);

    for (const [width, viewport] of VIEWPORTS) {
      const { page, errors, consoleErrors } = await open(pathOf(found), { viewport });
      await countText(page);
      const card = await cardOf(page, found);
      const button = card.getByRole('button', { name: `Price history of ${title}` });
      await button.focus();
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Price history' });
      await dialog.waitFor().catch((error: Error) => {
        // The dialog's code loads when first opened: say what the page said if it did not come.
        throw new Error(`${error.message}\nThe page's console: ${consoleErrors.join(' | ')}`);
      });
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
      await dialog.getByText(`${title} at ${dispensaryChipName(deal.dispensary)}`).waitFor();
      // The summary arrives with the service's answer; the chart is drawn from the same days.
      await dialog.getByRole('status').filter({ hasText: chart.summary }).waitFor();
      const paths = dialog.locator('svg path');
      expect(await paths.evaluateAll((all) => all.map((path) => path.getAttribute('d')))).toEqual(
        [chart.regular, chart.sale].filter(Boolean),
      );
      expect(chart.sale).toMatch(/ V/);
      // The time axis runs from the first day seen to today; today's price is marked.
      const texts = await dialog.locator('svg text').allTextContents();
      expect(texts).toEqual(expect.arrayContaining([dayText(points[0]!.day), dayText(today())]));
      expect(texts).toContain(`${moneyText(productPrice(deal)!)} today`);
      await shot(page, `price-history-${width}`);

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await becomes(() => button.evaluate((element) => element === document.activeElement), true);
      expect(errors).toEqual([]);
    }
  });

  it("reads out a step's price and days on hover, on tap and by arrow keys, with no accessibility violation", async () => {
    const data = await pageData();
    const found = findCard(data, (view) => memoryOf(view)?.kind === 'price-dropped')!;
    const { deal } = found.view;
    const answer = await fetch(`${SERVICE}/api/deals/${encodeURIComponent(deal.id!)}/history`);
    const { points } = parseDealPriceHistory(await answer.json());
    const { steps } = priceChart(points, today(), PRICE_HISTORY_DEFAULT_DAYS);
    expect(steps.length).toBeGreaterThan(2);
    // The widest step before the latest, and the one before the latest: two places to point at.
    const older = steps.slice(0, -1);
    const wide = older.reduce((best, step) =>
      step.to - step.from > best.to - best.from ? step : best,
    );
    const latest = steps.at(-1)!;
    const before = steps.at(-2)!;
    // Each step's price is the one the service answered for its first day.
    const byDay = new Map(points.map((point) => [dayText(point.day), point]));
    for (const step of [wide, before, latest]) {
      const point = byDay.get(step.days.split(' to ')[0]!)!;
      expect(moneyText(point.salePrice ?? point.regularPrice)).toBe(step.price);
    }

    for (const [width, viewport] of VIEWPORTS) {
      const phone = viewport === PHONE;
      const { page, errors } = await open(pathOf(found), { viewport, hasTouch: phone });
      await countText(page);
      const card = await cardOf(page, found);
      await card.getByRole('button', { name: `Price history of ${cardTitle(deal)}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Price history' });
      const slider = dialog.getByRole('slider', { name: 'Price by day' });
      const readout = dialog.getByTestId('price-step');
      // Before anything is pointed at: the latest step.
      await textIs(readout, readoutText(latest));
      expect(await slider.getAttribute('aria-valuetext')).toBe(latest.text);
      // Nothing is highlighted until a step is pointed at: the latest price has its own mark.
      const band = dialog.locator('svg rect');
      expect(await band.count()).toBe(0);

      // Pointed at in the middle of the step, by its place in the drawing's own coordinates.
      const box = (await dialog.locator('svg').boundingBox())!;
      const at = (step: PriceStep) => ({
        x: box.x + (((step.from + step.to) / 2) * box.width) / CHART_WIDTH,
        y: box.y + box.height / 2,
      });
      if (phone) {
        await page.touchscreen.tap(at(wide).x, at(wide).y);
      } else {
        await page.mouse.move(at(wide).x, at(wide).y);
      }
      await textIs(readout, readoutText(wide));
      expect(await slider.getAttribute('aria-valuetext')).toBe(wide.text);
      expect(await band.getAttribute('x')).toBe(String(wide.from));
      await shot(page, `price-history-${phone ? 'tapped' : 'hovered'}-${width}`);

      // From the keyboard: the slider moves from the latest step to the one before it.
      await slider.focus();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await textIs(readout, readoutText(before));
      expect(await slider.getAttribute('aria-valuetext')).toBe(before.text);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    }
  });
});

describe('one verdict', () => {
  const VERDICTS = {
    below: (view: DealView) => view.shown?.basis === 'usual' && view.shown.standing === 'below',
    at: (view: DealView) => view.shown?.basis === 'usual' && view.shown.standing === 'at',
    above: (view: DealView) => view.shown?.basis === 'usual' && view.shown.standing === 'above',
    claimed: (view: DealView) =>
      view.shown?.basis === 'claimed' && shownPercent(view.shown) !== null,
  } as const;

  /** A feed's entries by id, read by the browser's own XML parser, as a feed reader would. */
  async function feedEntries(page: Page, query: string) {
    const answer = await fetch(`${SERVICE}/feeds/deals.atom${query}`);
    expect(answer.status).toBe(200);
    const entries = await page.evaluate(
      ({ text, ns }) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        const read = (entry: Element, name: string) =>
          entry.getElementsByTagNameNS(ns, name)[0]?.textContent ?? '';
        return [...doc.getElementsByTagNameNS(ns, 'entry')].map((entry) => ({
          id: read(entry, 'id'),
          title: read(entry, 'title'),
          // The summary is HTML: its text, as a reader shows it.
          summary:
            new DOMParser().parseFromString(read(entry, 'summary'), 'text/html').body.textContent ??
            '',
        }));
      },
      { text: await answer.text(), ns: ATOM },
    );
    return new Map(entries.map((entry) => [entry.id, entry]));
  }

  it('shows each verdict with a badge, a chip, a sort position and a feed entry that agree', async () => {
    const data = await pageData();
    const sorted = expectedList(data, { sort: 'discount', pageSize: PAGE_SIZE });
    // 'Biggest discount' orders by the shown discount: never a bigger percent after a smaller one.
    const orders = sorted.matching.map((view) => view.shown?.percent ?? Number.NaN);
    const known = orders.filter((order) => !Number.isNaN(order));
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(orders.slice(known.length).every(Number.isNaN)).toBe(true);

    const { page, errors } = await open('/');
    const phone = await open('/', { viewport: PHONE });
    await countText(page);
    let position = -1;
    for (const [kind, test] of Object.entries(VERDICTS)) {
      const at = sorted.matching.findIndex(test);
      expect(at, `a deal whose verdict is ${kind}`).toBeGreaterThanOrEqual(0);
      // Sorted where its verdict puts it: below and claimed discounts before 'at', 'at' before 'above'.
      if (kind === 'at' || kind === 'above') expect(at).toBeGreaterThan(position);
      position = Math.max(position, kind === 'claimed' ? -1 : at);
      const view = sorted.matching[at]!;
      const shown = view.shown!;
      const percent = shownPercent(shown);
      const badge = showsDealBadge(shown, hasDealBadge(view.deal));
      if (kind !== 'claimed') expect(badge).toBe(kind === 'below');

      // The card, on its page of the discount sort.
      const pageNumber = Math.floor(at / PAGE_SIZE) + 1;
      await page.goto(`${SERVICE}/?sort=discount&pageSize=${PAGE_SIZE}&page=${pageNumber}`);
      await countText(page);
      const card = cards(page).nth(at % PAGE_SIZE);
      expect(await card.locator('h3, h4').textContent()).toBe(cardTitle(view.deal));
      expect(await card.getByText('DEAL', { exact: true }).count()).toBe(badge ? 1 : 0);
      // The chip reads '-38% off' to a screen reader ('off' is hidden from sight).
      const chip = await card.getByText(/^-\d+% off$/).allTextContents();
      expect(chip).toEqual(percent === null ? [] : [`-${percent}% off`]);
      const text = (await card.textContent()) ?? '';
      if (kind === 'at') expect(text).toContain('Its usual price');
      if (kind === 'above') expect(text).toMatch(/\$[\d.,]+ above its usual price/);
      if (kind === 'below') expect(text).toContain(`Usual ${moneyText(view.deal.usualPrice!)}`);
      if (kind === 'claimed') expect(text).not.toMatch(/Usual \$|usual price/);
      if (kind !== 'claimed') expect(await card.locator('s').count()).toBe(0);

      // Its feed entry says the same, in words.
      const entries = await feedEntries(
        page,
        `?dispensary=${encodeURIComponent(view.deal.dispensaryKey)}&search=${encodeURIComponent(view.deal.title.trim())}`,
      );
      const entry = entries.get(`urn:stl-deals:deal:${view.deal.id}`);
      expect(entry, `the feed entry of a deal whose verdict is ${kind}`).toBeDefined();
      const words = shownDiscountText(shown, view.sortPrice);
      if (words !== null) expect(entry!.summary).toContain(words);
      expect(entry!.title.endsWith(`· ${percent}% off`)).toBe(kind === 'below');
      await showCard(page, card);
      await shot(page, `verdict-${kind}-1366`);
      // The same card on a phone.
      await phone.page.goto(page.url());
      await countText(phone.page);
      const small = cards(phone.page).nth(at % PAGE_SIZE);
      expect(await small.getByText(/^-\d+% off$/).allTextContents()).toEqual(chip);
      await showCard(phone.page, small);
      await shot(phone.page, `verdict-${kind}-390`);
    }
    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});

/** What the chart reads out of a step: its days, its price and a regular price that differs. */
function readoutText(step: PriceStep): string {
  const regular =
    step.regular === null || step.regular === step.price ? '' : ` regular ${step.regular}`;
  return `${step.days} ${step.price}${regular}`;
}

async function textIs(locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  await becomes(() => locator.textContent(), text);
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help}`);
}

describe('the true price', () => {
  it("says what one item of a multi-buy costs: '$X each · N for $Y'", async () => {
    const data = await pageData();
    const found = findCard(data, (view) => view.multiBuy !== undefined);
    expect(found).not.toBeNull();
    const { view } = found!;
    const { page } = await open(pathOf(found!));
    await countText(page);
    const card = await cardOf(page, found!);
    const each = `${dollarsText(view.sortPrice, { cents: true })} each`;
    await card.getByText(each, { exact: true }).waitFor();
    expect(each).toMatch(/^\$[\d,]+\.\d\d each$/);
    await card.getByText(offerText(view.multiBuy!), { exact: true }).first().waitFor();
  });

  it("shows prices with tax ('Adult-use') on the cards, and Price: Low to High follows them", async () => {
    const data = await pageData();
    const rates = new Map(data.dispensaries.map((store) => [store.key, store.tax]));
    const shelf = expectedList(data, { sort: 'price-low', pageSize: PAGE_SIZE });
    const taxed = expectedList(data, { sort: 'price-low', tax: 'rec', pageSize: PAGE_SIZE });
    // The stores' taxes differ, so the order with tax is another one: the sort can be told apart.
    expect(taxed.titles).not.toEqual(shelf.titles);

    const { page, errors } = await open(`/?pageSize=${PAGE_SIZE}`);
    await countText(page);
    const withTax = () =>
      cards(page).evaluateAll((items) =>
        items.map(
          (item) =>
            [...item.querySelectorAll('p')]
              .map((p) => p.textContent ?? '')
              .find((text) => / with tax/.test(text)) ?? null,
        ),
      );
    await becomes(async () => (await withTax()).every((line) => line === null), true);
    await page.getByLabel('Prices with tax').selectOption({ label: 'Adult-use' });
    await page.waitForURL(/[?&]tax=rec\b/);
    const list = expectedList(data, { tax: 'rec', pageSize: PAGE_SIZE });
    const lines = list.cards.map((view) =>
      Number.isNaN(view.sortPrice)
        ? null
        : outTheDoorText(
            outTheDoorPrice(view.sortPrice, rates.get(view.deal.dispensaryKey), 'rec'),
          ),
    );
    expect(lines.filter((line) => line !== null).length).toBeGreaterThan(0);
    await becomes(withTax, lines);
    expect(lines.every((line) => line === null || /^~\$\d+\.\d\d with tax/.test(line))).toBe(true);

    await page.getByLabel('Sort By').selectOption({ label: 'Price: Low to High' });
    await page.waitForURL(/[?&]sort=price-low\b/);
    await becomes(() => cards(page).locator('h3, h4').allTextContents(), taxed.titles);
    await showCard(page, cards(page).first());
    await shot(page, 'prices-with-tax-1366');
    expect(errors).toEqual([]);
  });

  it("opens 'Also at N stores from $X': the product at each store, cheapest first, named in the URL", async () => {
    const data = await pageData();
    const all = expectedList(data).matching;
    const products = productStores(all);
    const found = findCard(data, (view) => alsoAt(products, view) !== null);
    expect(found).not.toBeNull();
    const also = alsoAt(products, found!.view)!;
    const offers = products.get(also.productKey)!;
    const stores = offers.map(
      ({ deal }) => dispensaryChipName(deal.dispensary) || deal.dispensaryKey,
    );
    const each = offers.map((view) => moneyText(view.sortPrice));

    for (const [width, viewport] of VIEWPORTS) {
      const { page, errors } = await open(pathOf(found!), { viewport });
      await countText(page);
      const card = await cardOf(page, found!);
      const button = card.getByRole('button', {
        name: new RegExp(`^${escaped(alsoAtText(also))}\\s*: compare `),
      });
      await button.click();
      await page.waitForURL((url) => url.searchParams.get('product') === also.productKey);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: cardTitle(offers[0]!.deal) }).waitFor();
      await dialog
        .getByText(`On deal at ${offers.length} stores today, cheapest first`, { exact: true })
        .waitFor();
      const rows = dialog.locator('tbody tr');
      // Each row's store: its name (the link to its deal), before the button to its panel.
      const shownStores = await rows
        .locator('th')
        .evaluateAll((cells) =>
          cells.map(({ firstChild: name }) =>
            name?.nodeType === Node.TEXT_NODE ? name.textContent : name?.firstChild?.textContent,
          ),
        );
      expect(shownStores).toEqual(stores);
      const perItem = await rows.locator('td:nth-of-type(2)').allTextContents();
      expect(perItem.map((text, at) => text.startsWith(each[at]!))).toEqual(each.map(() => true));
      const amounts = offers.map((view) => view.sortPrice);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      await shot(page, `comparison-${width}`);

      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.has('product')).toBe(false);
      await becomes(() => button.evaluate((element) => element === document.activeElement), true);
      // A shared link opens the comparison over the list.
      await page.goto(`${SERVICE}/?product=${encodeURIComponent(also.productKey)}`);
      await dialog.getByRole('heading', { name: cardTitle(offers[0]!.deal) }).waitFor();
      expect(errors).toEqual([]);
    }
  });

  it('narrows the list by Size and Brand, both carried in the URL', async () => {
    const data = await pageData();
    const size = { value: 'eighth', label: '1/8 oz' } as const;
    const sized = expectedList(data, { size: size.value });
    expect(sized.matching.length).toBeGreaterThan(0);
    expect(sized.matching.length).toBeLessThan(sized.total);
    // A brand with some of those eighths but not all of them.
    const views = buildDealViews(data.deals, data.dispensaries, null);
    const brand = brandOptions(views).find((option) => {
      const count = expectedList(data, { size: size.value, brand: option.value }).matching.length;
      return count > 0 && count < sized.matching.length;
    });
    expect(brand).toBeDefined();
    const both = expectedList(data, { size: size.value, brand: brand!.value });

    const { page, errors } = await open('/');
    await countText(page);
    await page.getByLabel('Size', { exact: true }).selectOption({ label: size.label });
    await page.waitForURL((url) => url.searchParams.get('size') === size.value);
    await textBecomes(page, sized.countLine);
    await becomes(() => cards(page).locator('h3, h4').allTextContents(), sized.titles);
    await page.getByLabel('Brand').selectOption({ label: brand!.label });
    await page.waitForURL((url) => url.searchParams.get('brand') === brand!.value);
    await textBecomes(page, both.countLine);
    await becomes(() => cards(page).locator('h3, h4').allTextContents(), both.titles);
    await shot(page, 'size-brand-filters-1366');
    expect(errors).toEqual([]);

    // The same list from the address alone, on a phone, its filters in the Filters sheet.
    const shared = new URL(page.url());
    const phone = await open(`${shared.pathname}${shared.search}`, { viewport: PHONE });
    await textBecomes(phone.page, both.countLine);
    await phone.page.getByRole('button', { name: /^Filters\W*2 active\W*$/ }).click();
    const sheet = phone.page.getByRole('dialog', { name: 'Filters' });
    expect(await sheet.getByLabel('Size', { exact: true }).inputValue()).toBe(size.value);
    expect(await sheet.getByLabel('Brand').inputValue()).toBe(brand!.value);
    await shot(phone.page, 'size-brand-filters-390');
  });
});

describe('follow', () => {
  it("'Follow this search' gives the search's Atom feed, which lists its deals", async () => {
    const data = await pageData();
    const flower = expectedList(data, { category: 'flower', sort: 'price-low' });
    expect(flower.pages).toBeGreaterThan(1);
    // The page number and the order are the page's; the feed follows the filters.
    const expectedFeed = `${SERVICE}/feeds/deals.atom?category=flower&sort=price-low`;

    for (const [width, viewport] of VIEWPORTS) {
      const { page, errors } = await open('/?category=flower&sort=price-low&page=2', { viewport });
      await textBecomes(page, flower.countLine);
      const follow = page.getByRole('button', { name: 'Follow this search', exact: true });
      await follow.click();
      const dialog = page.getByRole('dialog', { name: 'Follow this search' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Feed (Atom)').inputValue()).toBe(expectedFeed);
      await shot(page, `follow-dialog-${width}`);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await becomes(() => follow.evaluate((element) => element === document.activeElement), true);
      expect(errors).toEqual([]);
    }

    const answer = await fetch(expectedFeed);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    const xml = await answer.text();
    // Read by the browser's own XML parser, as a feed reader would.
    const { page } = await open('/');
    const feed = await page.evaluate(
      ({ text, ns }) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        return {
          broken: doc.getElementsByTagName('parsererror').length > 0,
          root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
          entries: [...doc.getElementsByTagNameNS(ns, 'entry')].map((entry) => ({
            id: entry.getElementsByTagNameNS(ns, 'id')[0]?.textContent ?? '',
            category: entry.getElementsByTagNameNS(ns, 'category')[0]?.getAttribute('term'),
          })),
        };
      },
      { text: xml, ns: ATOM },
    );
    expect(feed.broken).toBe(false);
    expect(feed.root).toBe(`${ATOM} feed`);
    expect(feed.entries.length).toBe(Math.min(100, flower.matching.length));
    const ids = new Set(flower.matching.map(({ deal }) => `urn:stl-deals:deal:${deal.id}`));
    expect(feed.entries.filter((entry) => !ids.has(entry.id))).toEqual([]);
    expect(feed.entries.every((entry) => entry.category === 'flower')).toBe(true);
  });

  it("shows a push message as a notification from the page's service worker, and a click opens its search", async () => {
    const { page, errors } = await open('/', { permissions: ['notifications'] });
    await countText(page);
    const context = page.context();
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${SERVICE}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js');
      await navigator.serviceWorker.ready;
    });
    const registrationId = await within(registered, "the service worker's registration");
    const push = (message: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: SERVICE,
        registrationId,
        data: JSON.stringify(message),
      });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url?: unknown } | null)?.url,
        }));
      });

    const followed = {
      title: '3 new deals: Flower',
      body: 'Sundro Tropicana Cherry Smalls $23.50 and 2 more',
      url: '/?category=flower#follow',
      tag: 'follow-flower',
    };
    await push(followed);
    await becomes(shown, [{ ...followed, url: `${SERVICE}${followed.url}` }]);
    // A message's text is bounded, and a click never leaves the page's origin.
    await push({ title: 'x'.repeat(500), url: 'https://elsewhere.example/deals', tag: 'hostile' });
    await becomes(async () => (await shown()).find((n) => n.tag === 'hostile'), {
      title: 'x'.repeat(120),
      body: '',
      tag: 'hostile',
      url: `${SERVICE}/`,
    });

    // Headless Chromium cannot click a notification: the worker's click handler is run by a
    // script-made event instead. The handler closes the notification and asks for a window on
    // the message's page; Chromium allows opening a window only for a real click, so that call is
    // watched and its refusal reported.
    const worker =
      context.serviceWorkers().find((w) => w.url() === `${SERVICE}/sw.js`) ??
      (await context.waitForEvent('serviceworker'));
    const click = await worker.evaluate(async (tag) => {
      interface WorkerScope {
        registration: { getNotifications(filter: { tag: string }): Promise<Notification[]> };
        clients: { openWindow(url: string): Promise<{ url: string } | null> };
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        addEventListener(type: string, listener: (event: Event) => void): void;
        dispatchEvent(event: Event): boolean;
      }
      const scope = self as unknown as WorkerScope;
      const notification = (await scope.registration.getNotifications({ tag }))[0];
      if (!notification) return { error: `no notification tagged ${tag} in the worker` };
      const reported: string[] = [];
      scope.addEventListener('error', (event) => reported.push((event as ErrorEvent).message));
      const clients = scope.clients;
      const openWindow = clients.openWindow.bind(clients);
      const asked = new Promise<{ url: string; outcome: string }>((resolve) => {
        // A deadline, not a pause: the handler asks at once or never.
        setTimeout(() => resolve({ url: '', outcome: 'no window asked for' }), 10_000);
        clients.openWindow = (url) => {
          const opening = openWindow(url);
          opening.then(
            (client) => resolve({ url, outcome: `opened ${client?.url ?? 'nothing'}` }),
            (error: unknown) => resolve({ url, outcome: `refused: ${String(error)}` }),
          );
          return opening;
        };
      });
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
      const opened = await asked;
      const left = (await scope.registration.getNotifications({ tag })).length;
      return { ...opened, left, reported };
    }, followed.tag);
    if ('error' in click) throw new Error(click.error);
    expect(click.left).toBe(0);
    expect(click.url).toBe(`${SERVICE}${followed.url}`);
    if (click.outcome.startsWith('refused')) {
      console.info(
        `The click's window was not opened by Chromium (${click.outcome}); the worker reported: ${click.reported.join(' | ')}`,
      );
    } else {
      expect(click.outcome).toBe(`opened ${SERVICE}${followed.url}`);
    }
    expect(errors).toEqual([]);

    // The page the click opens: the followed search, with its follow dialog open at once.
    const flower = expectedList(await pageData(), { category: 'flower' });
    const opened = await open(followed.url);
    await textBecomes(opened.page, flower.countLine);
    const dialog = opened.page.getByRole('dialog', { name: 'Follow this search' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Feed (Atom)').inputValue()).toBe(
      `${SERVICE}/feeds/deals.atom?category=flower`,
    );
  });

  it("keeps starred stores in this browser and lists their deals under 'My stores'", async () => {
    const data = await pageData();
    const first = expectedList(data).cards;
    const a = first[0]!.deal;
    const b = first.find(({ deal }) => deal.dispensaryKey !== a.dispensaryKey)!.deal;
    const mine = expectedList(data, { stores: [a.dispensaryKey, b.dispensaryKey] });
    expect(mine.matching.length).toBeGreaterThan(0);
    expect(mine.matching.length).toBeLessThan(mine.total);

    const { page, errors } = await open('/');
    await countText(page);
    const select = page.getByLabel('Select Dispensary');
    expect(await select.locator('option', { hasText: 'My stores' }).count()).toBe(0);
    const star = (name: string) => page.getByRole('button', { name: `Favourite ${name}` });
    expect(await star(a.dispensary).first().getAttribute('aria-pressed')).toBe('false');
    await star(a.dispensary).first().click();
    await star(b.dispensary).first().click();
    // Every star of a starred store says so.
    for (const name of [a.dispensary, b.dispensary]) {
      await becomes(
        async () => new Set(await star(name).evaluateAll((all) => all.map((s) => s.ariaPressed))),
        new Set(['true']),
      );
    }
    await select.selectOption({ label: 'My stores' });
    await page.waitForURL(/[?&]dispensary=mine&stores=/);
    expect(new URL(page.url()).searchParams.get('stores')).toBe(
      `${a.dispensaryKey},${b.dispensaryKey}`,
    );
    await textBecomes(page, mine.countLine);
    await becomes(() => cards(page).locator('h3, h4').allTextContents(), mine.titles);
    await expectStarOnChipRow(page);
    await shot(page, 'my-stores-1366');

    // Kept in this browser: a new visit offers 'My stores' with the stars still on.
    await page.goto(`${SERVICE}/`);
    await countText(page);
    await select.locator('option', { hasText: 'My stores' }).waitFor({ state: 'attached' });
    expect(await star(a.dispensary).first().getAttribute('aria-pressed')).toBe('true');
    await page.setViewportSize(PHONE);
    await page.goto(`${SERVICE}/?dispensary=mine&stores=${a.dispensaryKey},${b.dispensaryKey}`);
    await textBecomes(page, mine.countLine);
    await expectStarOnChipRow(page);
    await shot(page, 'my-stores-390');
    expect(errors).toEqual([]);
  });
});

/** The first card's star is drawn on its chip row, before the first chip, and never over the title. */
async function expectStarOnChipRow(page: Page): Promise<void> {
  const card = cards(page).first();
  const box = async (part: ReturnType<Page['locator']>) => (await part.boundingBox())!;
  const star = await box(card.getByRole('button', { name: /^Favourite / }));
  const chip = await box(card.locator('li').first());
  const title = await box(card.locator('h3, h4'));
  const middle = star.y + star.height / 2;
  expect(middle).toBeGreaterThan(chip.y);
  expect(middle).toBeLessThan(chip.y + chip.height);
  expect(star.x + star.width).toBeLessThanOrEqual(chip.x + 1);
  expect(star.y + star.height).toBeLessThanOrEqual(title.y + 1);
}
