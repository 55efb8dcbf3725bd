import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from './harness/browser';
import { startFakeService, type FakeService } from './harness/fake-service';
import { DISPENSARIES, VISITOR } from './harness/feed';
import { startSleepyProxy } from './harness/sleepy-proxy';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
/** Screenshots for people to look at; git-ignored, never compared. */
const SHOTS = fileURLToPath(new URL('../../../test-results/', import.meta.url));
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let browser: Browser;
let service: FakeService;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [service, browser] = await Promise.all([startFakeService(DIST), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await service?.close();
});
beforeEach(() => service.reset());

interface Opened {
  page: Page;
  /** Uncaught errors in the page; the suite expects none. */
  errors: string[];
}

async function open(
  path = '/',
  options: BrowserContextOptions & { origin?: string } = {},
): Promise<Opened> {
  const { origin = service.origin, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: DESKTOP, ...contextOptions });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}${path}`);
  return { page, errors };
}

const countLine = (page: Page) => page.getByText(/^Found \d[\d,]* deals?/);

async function countText(page: Page): Promise<string> {
  await countLine(page).waitFor();
  return (await countLine(page).textContent()) ?? '';
}

async function cardTitles(page: Page): Promise<string[]> {
  return page.locator('main a[target="_blank"] h3').allTextContents();
}

/** Waits until the text shown by `locator` is `text`. */
async function textBecomes(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}${name}.png` });
}

describe('the deals page in Chromium', () => {
  it('loads the deals through the spec calls and shows them as linked cards', async () => {
    const { page, errors } = await open();
    expect(await countText(page)).toBe('Found 30 deals');
    await page.getByRole('heading', { name: 'STL Deals' }).waitFor();
    await page.getByText('Best Cannabis Deals in St. Louis').waitFor();
    await page.getByText('Cache Ready').waitFor();

    const cards = page.locator('main a[target="_blank"]');
    expect(await cards.count()).toBe(12);
    expect(await cards.first().getAttribute('rel')).toBe('noopener noreferrer');

    // No wake-up call on localhost; every API call with a JSON content type.
    const api = service.calls.filter((call) => call.path.startsWith('/api/'));
    // (The page's own document request is a GET of / too, but never a JSON one.)
    const wakeUp = service.calls.filter((c) => c.path === '/' && c.contentType !== undefined);
    expect(wakeUp).toEqual([]);
    expect(api.map((call) => call.path)).toEqual(
      expect.arrayContaining([
        '/api/scraper/dispensaries',
        '/api/monitoring/scraper/ping',
        '/api/monitoring/scraper/status',
        '/api/reactive/deals',
      ]),
    );
    expect(api.every((call) => call.contentType === 'application/json')).toBe(true);

    // Images that fail or are under 50 px give way to the dispensary's badge.
    const imageOf = (title: string) =>
      page.locator('main a[target="_blank"]', { hasText: title }).locator('img');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('img')].some((img) =>
        img.src.endsWith('/logos/dispensaries/greenlight.svg'),
      ),
    );
    expect(await imageOf('CBD balm').getAttribute('src')).toBe('/logos/dispensaries/swade.svg');
    expect(await imageOf('Chocolate bar deal').getAttribute('src')).toBe(
      '/logos/dispensaries/greenlight.svg',
    );
    expect(errors).toEqual([]);
  });

  it('filters by category in the URL, and back restores the full list', async () => {
    const { page } = await open();
    await countText(page);
    await page.getByLabel('Category').selectOption('edibles');
    await textBecomes(page, 'Found 6 deals (of 30 total)');
    expect(new URL(page.url()).search).toBe('?category=edibles');
    await page.goBack();
    await textBecomes(page, 'Found 30 deals');
    expect(await page.getByLabel('Category').inputValue()).toBe('all');
  });

  it('searches as the visitor types and clears the search', async () => {
    const { page } = await open();
    await countText(page);
    await page.getByLabel('Search Deals').fill('gummies');
    await textBecomes(page, 'Found 2 deals matching "gummies" (of 30 total)');
    await page.getByLabel('Search Deals').fill('no such thing');
    await textBecomes(page, 'No deals match your search.');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await textBecomes(page, 'Found 30 deals');
  });

  it('sorts by distance and filters by radius once the location is granted', async () => {
    const { page } = await open('/', {
      permissions: ['geolocation'],
      geolocation: VISITOR,
    });
    await countText(page);
    expect(await page.getByRole('option', { name: 'Distance: Near to Far' }).isDisabled()).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Enable Location' }).click();
    await page.getByLabel('Distance Filter').waitFor();
    expect(await page.getByRole('region', { name: 'Your location' }).count()).toBe(0);

    await page.getByLabel('Sort By').selectOption('distance');
    const miles = (await page.locator('main a[target="_blank"] li').allTextContents())
      .filter((text) => text.endsWith(' mi'))
      .map((text) => Number.parseFloat(text));
    expect(miles.length).toBeGreaterThan(0);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles[0]).toBeLessThan(0.5);

    await page.getByLabel('Distance Filter').selectOption('5');
    await textBecomes(page, 'Found 5 deals (of 30 total)');
    expect(new URL(page.url()).search).toBe('?sort=distance&distance=5');
    await shot(page, 'distance-1280');
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('says so when the location is refused', async () => {
    const { page } = await open();
    await countText(page);
    await page.getByRole('button', { name: 'Enable Location' }).click();
    await textBecomes(page, 'Location access denied. You can manually search by dispensary name.');
  });

  it('pages through the deals', async () => {
    const { page } = await open();
    await countText(page);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    expect(await pages.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    const firstPage = await cardTitles(page);
    await pages.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\?page=2$/);
    expect(await cardTitles(page)).not.toEqual(firstPage);
    await pages.getByRole('button', { name: 'Page 3' }).click();
    await page.waitForURL(/\?page=3$/);
    expect(await cardTitles(page)).toHaveLength(6);
    expect(await pages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  });

  it('refreshes one dispensary and shows its new deals', async () => {
    const swade = DISPENSARIES[0]!;
    const { page } = await open(`/?dispensary=${swade.key}`);
    expect(await countText(page)).toBe('Found 5 deals');
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await textBecomes(page, `Refreshing ${swade.key}...`);
    await page.getByRole('heading', { name: 'Fresh drop 1: 40% off' }).waitFor();
    await textBecomes(page, 'Found 6 deals');
    const post = service.calls.find((call) => call.method === 'POST')!;
    expect(post).toMatchObject({
      path: `/api/scraper/refresh/${swade.key}`,
      contentType: 'application/json',
      body: '{}',
    });
    // Stamped by the page: the single-dispensary answer carried no dispensary name.
    expect(
      await page.locator('main a[target="_blank"]', { hasText: 'Fresh drop' }).textContent(),
    ).toContain('Swade');
  });

  it('refreshes all dispensaries, says so for 3 s and fetches the full list again', async () => {
    const { page } = await open();
    await countText(page);
    await page.getByRole('button', { name: 'Refresh All' }).click();
    await textBecomes(page, 'Force refreshing all dispensaries...');
    await textBecomes(page, 'All dispensaries refreshed successfully!');
    await textBecomes(page, 'Found 31 deals');
    await page
      .getByText('All dispensaries refreshed successfully!')
      .waitFor({ state: 'detached', timeout: 5_000 });
    expect(
      service.calls.filter((call) => call.path === '/api/scraper/refresh/all')[0],
    ).toMatchObject({ method: 'POST', body: '{}' });
    expect(service.calls.filter((call) => call.path === '/api/reactive/deals')).toHaveLength(2);
  });

  it('rides out a backend that answers 503 while it wakes up', async () => {
    // Asleep long enough that the second attempt (after 2-3 s) fails, short enough that the third
    // (after 6-8 s) gets through.
    const proxy = await startSleepyProxy(service.origin, 4_500);
    try {
      const { page } = await open('/', { origin: proxy.origin, viewport: PHONE });
      await textBecomes(page, 'Backend is waking up from sleep... This may take 30-60 seconds.');
      await page.getByText('The backend is waking up').waitFor();
      await page
        .getByText(/^Backend is starting up\.\.\. Retrying in \d seconds \(attempt 2\/3\)$/)
        .waitFor();
      await shot(page, 'waking-up-390');
      expect(await countText(page)).toBe('Found 30 deals');
      expect(proxy.refused).toBeGreaterThanOrEqual(2);
    } finally {
      await proxy.close();
    }
  });

  it('stops with advice when the backend does not wake, and Retry Connection recovers', async () => {
    const proxy = await startSleepyProxy(service.origin, Number.POSITIVE_INFINITY);
    try {
      const { page } = await open('/', { origin: proxy.origin });
      await textBecomes(page, 'Backend is not responding. Please try again in a few minutes.');
      await page.getByText('Wait 1-2 minutes for the backend to wake up.').waitFor();
      await shot(page, 'not-responding-1280');
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      proxy.wake();
      await page.getByRole('button', { name: 'Retry Connection' }).click();
      expect(await countText(page)).toBe('Found 30 deals');
    } finally {
      await proxy.close();
    }
  });

  it('has no accessibility violations (axe-core)', async () => {
    const { page } = await open();
    await countText(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('takes the screenshots people look at, at 390 px and 1280 px', async () => {
    const imagesInView = () =>
      [...document.querySelectorAll('img')]
        .filter((img) => {
          const { top, bottom } = img.getBoundingClientRect();
          return bottom > 0 && top < window.innerHeight;
        })
        .every((img) => img.complete);
    for (const [name, viewport] of [
      ['phone-390', PHONE],
      ['desktop-1280', DESKTOP],
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
