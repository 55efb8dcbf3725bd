import {
  hoursNowText,
  readStoreHours,
  readStorePhone,
  weekdayAt,
  weekRows,
  type StoreHours,
  type StorePhone,
} from '@stl-deals/domain';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { directionsUrl } from '../src/features/deals/model/store-panel';
import {
  cardTitle,
  expectedList,
  fetchServiceData,
  suiteNow,
  TIME_ZONE,
  type ServiceData,
} from './harness/expected';
import { cards, countText, DESKTOP, PageOpener, PHONE, shot } from './harness/pages';
import { becomes } from './harness/waits';

// A store's hours on the cards and its panel (address, phone, the week, its deals), in Chromium
// against the real service in demo mode, whose simulated stores keep every kind of week (closed
// days, a lunch break, past midnight).

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

const MINUTE = 60_000;

/** A store as the service's own dispensary list states it, hours and phone read as the page does. */
interface StoreFacts {
  key: string;
  name: string;
  address?: string;
  hours?: StoreHours;
  phone?: StorePhone;
}

async function storeFacts(): Promise<Map<string, StoreFacts>> {
  const answer = await fetch(`${SERVICE}/api/scraper/dispensaries`);
  expect(answer.status).toBe(200);
  const raw = (await answer.json()) as Array<Record<string, unknown>>;
  return new Map(
    raw.map((entry) => {
      const hours = readStoreHours(entry.hours);
      const phone = readStorePhone(entry.phone);
      const facts: StoreFacts = {
        key: String(entry.key),
        name: String(entry.name),
        ...(typeof entry.address === 'string' && { address: entry.address }),
        ...(hours && { hours }),
        ...(phone && { phone }),
      };
      return [facts.key, facts];
    }),
  );
}

/**
 * What a store button may say: the domain's words for the store's hours at any minute from the
 * page's last tick (it works them out again each minute) to `until`; 'Store info' when unknown.
 */
function buttonTexts(store: StoreFacts | undefined, from: number, until: number): string[] {
  if (!store?.hours) return ['Store info'];
  const texts = new Set<string>();
  for (let at = from; at <= until + MINUTE; at += MINUTE) {
    texts.add(hoursNowText(store.hours.week, Math.min(at, until), TIME_ZONE).text);
  }
  return [...texts];
}

/** 11:30 pm of the suite's market day, St. Louis time. */
function lateEvening(): Date {
  const night = new Date(suiteNow());
  const evening = new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(night);
  const hour = Number(evening.find((part) => part.type === 'hour')!.value);
  const minute = Number(evening.find((part) => part.type === 'minute')!.value);
  night.setTime(night.getTime() + ((23 - hour) * 60 + 30 - minute) * MINUTE);
  return night;
}

/** The page's own clock (the suite's, or one a test set). */
const pageNow = (page: Page) => page.evaluate(() => Date.now());

/** What a card's store button may say: its store's hours now, or that they are unknown. */
const STORE_BUTTON = /^(?:Store info|Open|Closes|Closed)\b/;

/** A card's store button: the one that says its store's hours, or 'Store info'. */
const storeButton = (scope: Locator) => scope.getByRole('button', { name: STORE_BUTTON });

/** The button's visible words (its visually hidden store name left out). */
const shownText = (button: Locator) =>
  button.evaluate((element) => element.firstChild?.textContent ?? '');

/** Waits until the stores' hours have reached the cards (a second read, once the list shows). */
async function hoursShown(page: Page, facts: Map<string, StoreFacts>, data: ServiceData) {
  const known = expectedList(data).cards.some((view) => facts.get(view.deal.dispensaryKey)?.hours);
  expect(known, 'a card of the first page at a store whose hours are known').toBe(true);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[aria-labelledby="results-heading"] li button')].some((button) =>
      /^(?:Open|Closes|Closed)\b/.test(button.firstChild?.textContent ?? ''),
    ),
  );
}

/** Checks each card's store button against the domain's words at the page's clock. */
async function checkCardButtons(page: Page, facts: Map<string, StoreFacts>, data: ServiceData) {
  const from = (await pageNow(page)) - MINUTE;
  const expected = expectedList(data, { now: new Date(from + MINUTE) });
  const shown = cards(page);
  expect(await shown.count()).toBe(expected.cards.length);
  const texts: string[] = [];
  for (const [index, view] of expected.cards.entries()) {
    const card = shown.nth(index);
    expect(await card.locator('h3, h4').textContent()).toBe(cardTitle(view.deal));
    const button = storeButton(card);
    const name = await button.textContent();
    expect(name?.endsWith(`: ${view.deal.dispensary}`)).toBe(true);
    texts.push(await shownText(button));
  }
  const until = await pageNow(page);
  for (const [index, view] of expected.cards.entries()) {
    expect(buttonTexts(facts.get(view.deal.dispensaryKey), from, until)).toContain(texts[index]);
  }
  return { expected, texts };
}

/** Whether `page` scrolls sideways, and whether anything in the open dialog pokes out of it. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]')!;
    const box = dialog.getBoundingClientRect();
    const out = [...dialog.querySelectorAll('*')]
      .filter(
        (element) => !element.closest('[role="region"]') && !element.closest('.visually-hidden'),
      )
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && (rect.right > box.right + 0.5 || rect.left < box.left - 0.5);
      })
      .map((element) => `${element.tagName} ${element.textContent?.slice(0, 40)}`);
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      dialog: dialog.scrollWidth - dialog.clientWidth,
      dialogRight: box.right - window.innerWidth,
      out,
    };
  });
}

/**
 * The bottoms of the first row of cards at the top of the page once the hours are in (the
 * first-paint check in visitor-view measures them before).
 */
async function firstViewFit(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return cards(page).evaluateAll((items) => {
    const boxes = items.map((item) => item.getBoundingClientRect());
    const row = boxes.filter((box) => Math.abs(box.top - boxes[0]!.top) < 2);
    return { row: row.map((box) => Math.round(box.bottom)) };
  });
}

/** The accessibility rules the page breaks (axe-core), the colours' contrast among them. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
}

/** The panel's week: each row's day (with 'Today' where it is marked) and hours. */
const weekShown = (panel: Locator) =>
  panel
    .locator('table')
    .first()
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => ({
        day: row.querySelector('th')?.textContent ?? '',
        text: row.querySelector('td')?.textContent ?? '',
        marked: row.className !== '',
      })),
    );

describe('a store on the cards and in its panel', () => {
  it("says on each card's store button what the store's hours say now, by day and at night", async () => {
    const facts = await storeFacts();
    const data = await fetchServiceData(SERVICE);
    // By day at the suite's start, and at 11:30 pm of the same market day: stores closed for the
    // night, stores open past midnight.
    const night = lateEvening();
    const seen = new Set<string>();
    for (const [width, viewport] of VIEWPORTS) {
      for (const moment of ['day', 'night'] as const) {
        const { page, errors } = await open('/', {
          viewport,
          setup: moment === 'night' ? (opened) => opened.clock.setSystemTime(night) : undefined,
        });
        await countText(page);
        await hoursShown(page, facts, data);
        const { texts } = await checkCardButtons(page, facts, data);
        texts.forEach((text) => seen.add(text));
        // The hours' words do not push the first row of cards out of the first view.
        const fold = await firstViewFit(page);
        expect(fold.row.length).toBeGreaterThanOrEqual(width === '1366' ? 4 : 1);
        for (const bottom of fold.row) expect(bottom).toBeLessThanOrEqual(viewport.height);
        // The store buttons on the image and in the row, open and closed, break no rule.
        expect(await violations(page)).toEqual([]);
        await cards(page).first().scrollIntoViewIfNeeded();
        await shot(page, `store-buttons-${moment}-${width}`);
        expect(errors).toEqual([]);
        await pages.closeAll();
      }
    }
    // The day and the night between them say open and closed.
    expect([...seen].some((text) => text.startsWith('Open'))).toBe(true);
    expect([...seen].some((text) => text.startsWith('Closed'))).toBe(true);
  });

  it("lists with 'Open now' the deals of the stores open at the page's clock only, by day and at night", async () => {
    const facts = await storeFacts();
    const data = await fetchServiceData(SERVICE);
    const night = lateEvening();
    for (const [width, viewport] of VIEWPORTS) {
      for (const moment of ['day', 'night'] as const) {
        const { page, errors } = await open('/?open=now', {
          viewport,
          setup: moment === 'night' ? (opened) => opened.clock.setSystemTime(night) : undefined,
        });
        await countText(page);
        const now = await pageNow(page);
        const openStores = new Set(
          [...facts.values()]
            .filter((store) => store.hours && hoursNowText(store.hours.week, now, TIME_ZONE).open)
            .map((store) => store.key),
        );
        const expected = expectedList(data, { now: new Date(now), open: openStores });
        // At night some stores are closed; by day every demo store may be open.
        if (moment === 'night') expect(expected.total).toBeGreaterThan(expected.matching.length);
        expect(expected.matching.length).toBeGreaterThan(0);
        await becomes(() => countText(page), expected.countLine);
        const shown = cards(page);
        expect(await shown.count()).toBe(expected.cards.length);
        for (const index of expected.cards.keys()) {
          const text = await shownText(storeButton(shown.nth(index)));
          expect(text).toMatch(/^(?:Open|Closes)\b/);
        }
        expect(await page.getByLabel('Open', { exact: true }).inputValue()).toBe('now');
        await shot(page, `open-now-${moment}-${width}`);
        expect(errors).toEqual([]);
        await pages.closeAll();
      }
    }
  });

  it('opens the panel from a card: its URL, address and directions, phone, the week with today marked; Escape returns to the button', async () => {
    const facts = await storeFacts();
    const data = await fetchServiceData(SERVICE);
    const expected = expectedList(data);
    const index = expected.cards.findIndex((view) => {
      const store = facts.get(view.deal.dispensaryKey);
      return store?.hours && store.phone && store.address;
    });
    expect(index, 'a card at a store with hours, a phone and an address').toBeGreaterThanOrEqual(0);
    const store = facts.get(expected.cards[index]!.deal.dispensaryKey)!;
    for (const [width, viewport] of VIEWPORTS) {
      const { page, errors } = await open('/', { viewport });
      await countText(page);
      await hoursShown(page, facts, data);
      const button = storeButton(cards(page).nth(index));
      await button.click();
      const panel = page.getByRole('dialog', { name: store.name });
      await panel.waitFor();
      expect(new URL(page.url()).searchParams.get('store')).toBe(store.key);

      // The week, Monday first, today marked: the market's weekday at the page's clock.
      const today = weekdayAt(new Date(await pageNow(page)), TIME_ZONE);
      expect(await weekShown(panel)).toEqual(
        weekRows(store.hours!.week).map(({ weekday, text }) => {
          const day = weekday.charAt(0).toUpperCase() + weekday.slice(1);
          return {
            day: weekday === today ? `${day} Today` : day,
            text,
            marked: weekday === today,
          };
        }),
      );
      const now = await pageNow(page);
      expect(buttonTexts(store, now - MINUTE, now)).toContain(
        await panel.locator('p').first().textContent(),
      );
      expect(await panel.getByText(store.address!, { exact: false }).count()).toBeGreaterThan(0);
      expect(await panel.getByRole('link', { name: /^Directions/ }).getAttribute('href')).toBe(
        directionsUrl(store),
      );
      const call = panel.getByRole('link', { name: `Call ${store.phone!.display}` });
      expect(await call.getAttribute('href')).toBe(store.phone!.href);
      expect(store.phone!.href).toMatch(/^tel:\+?[\d-]+$/);
      // Its deals with the visitor's filters, in the list's order: each with its size, which
      // tells one product's sizes apart.
      const listed = expected.matching
        .filter((view) => view.deal.dispensaryKey === store.key)
        .slice(0, 25);
      expect(
        await panel
          .getByRole('region', { name: 'Deals at this store' })
          .locator('tbody th')
          .evaluateAll((cells) =>
            cells.map((cell) => ({
              title: cell.querySelector('a')?.firstChild?.textContent ?? cell.textContent,
              size: cell.querySelector(':scope > span')?.textContent ?? null,
            })),
          ),
      ).toEqual(listed.map(({ deal }) => ({ title: cardTitle(deal), size: deal.size ?? null })));
      await panel.getByText(/^Deals read from /).waitFor();
      await panel.getByText(/^Hours (as the store's|from our list)/).waitFor();

      // Nothing wider than the screen or the dialog (a table may scroll within its own frame).
      const wide = await overflow(page);
      expect(wide.page).toBeLessThanOrEqual(0);
      expect(wide.dialog).toBeLessThanOrEqual(0);
      expect(wide.dialogRight).toBeLessThanOrEqual(0);
      expect(wide.out).toEqual([]);
      expect(await violations(page)).toEqual([]);
      await shot(page, `store-panel-${width}`);
      await panel.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await shot(page, `store-panel-end-${width}`);

      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      await page.waitForURL((url) => !url.searchParams.has('store'));
      await becomes(() => button.evaluate((element) => element === document.activeElement), true);
      expect(errors).toEqual([]);
      await pages.closeAll();
    }
  });

  it("opens from a shared link and lists only that store's deals", async () => {
    const facts = await storeFacts();
    const data = await fetchServiceData(SERVICE);
    const key = expectedList(data).cards[0]!.deal.dispensaryKey;
    const store = facts.get(key)!;
    const { page, errors } = await open(`/?store=${encodeURIComponent(key)}`, { viewport: PHONE });
    const panel = page.getByRole('dialog', { name: store.name });
    await panel.waitFor();
    await panel
      .getByRole('button', { name: /^List (only this store|all \d+ of its deals)$/ })
      .click();
    await panel.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.searchParams.get('dispensary') === key);
    expect(new URL(page.url()).searchParams.has('store')).toBe(false);
    const one = expectedList(await fetchServiceData(SERVICE, key));
    await becomes(() => countText(page), one.countLine);
    await becomes(() => cards(page).locator('h3, h4').allTextContents(), one.titles);
    expect(errors).toEqual([]);
  });

  it('gives each store of the comparison a store button that says its hours and opens its panel', async () => {
    const facts = await storeFacts();
    const data = await fetchServiceData(SERVICE);
    for (const [width, viewport] of VIEWPORTS) {
      const { page, errors } = await open('/?pageSize=48', { viewport });
      await countText(page);
      await hoursShown(page, facts, data);
      const compare = page.getByRole('button', { name: /^Also at \d+ stores?/ }).first();
      await compare.scrollIntoViewIfNeeded();
      await compare.click();
      await page.waitForURL((url) => url.searchParams.has('product'));
      const dialog = page.locator('dialog[open]');
      const rows = dialog.locator('tbody tr');
      await rows.first().waitFor();
      const from = (await pageNow(page)) - MINUTE;
      const shown = await rows.evaluateAll((items) =>
        items.map((row) => {
          const button = row.querySelector('th button');
          return {
            text: button?.firstChild?.textContent ?? '',
            name: button?.textContent ?? '',
          };
        }),
      );
      const until = await pageNow(page);
      expect(shown.length).toBeGreaterThanOrEqual(2);
      for (const row of shown) {
        const store = [...facts.values()].find((entry) =>
          row.name.endsWith(`: ${entry.name}, its hours and deals`),
        );
        expect(store, row.name).toBeDefined();
        expect(buttonTexts(store, from, until)).toContain(row.text);
      }
      const wide = await overflow(page);
      expect(wide.page).toBeLessThanOrEqual(0);
      expect(wide.dialogRight).toBeLessThanOrEqual(0);
      await shot(page, `comparison-store-buttons-${width}`);

      // A row's store button opens that store's panel in place of the comparison.
      const last = shown.at(-1)!;
      const name = last.name.replace(/^.*: (.*), its hours and deals$/, '$1');
      await dialog.locator('tbody tr').last().locator('th button').click();
      await page.getByRole('dialog', { name }).waitFor();
      await page.waitForURL((url) => url.searchParams.has('store'));
      expect(errors).toEqual([]);
      await pages.closeAll();
    }
  });
});
