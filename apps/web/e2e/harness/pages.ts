import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, newSuiteContext } from './browser';
import { WAIT_MS } from './waits';

/** Screenshots for people to look at; git-ignored, never compared. */
export const SHOTS = fileURLToPath(new URL('../../../../test-results/', import.meta.url));
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

/** One call the page made to the service (the document, its wake-up ping or the API). */
export interface RecordedCall {
  method: string;
  path: string;
  contentType: string | undefined;
  body: string;
}

export interface Opened {
  page: Page;
  /** Uncaught errors in the page; the suite expects none. */
  errors: string[];
  /** The console's errors (a failed request shows there). */
  consoleErrors: string[];
  /** The page's calls to its own origin's document and API. */
  calls: RecordedCall[];
}

export interface OpenOptions extends BrowserContextOptions {
  /** Default: the suite's service. */
  origin?: string;
  /** Run before the page is loaded (routes, init scripts). */
  setup?: (page: Page) => Promise<unknown>;
  /**
   * The test context's hook, for a concurrent test: its browser context is closed when that test
   * ends (the file's `closeAll` after each test cannot tell concurrent tests apart).
   */
  onTestFinished?: (close: () => Promise<void>) => void;
}

/**
 * One test file's Chromium and the pages its tests open on the suite's clock, at 1366x900 unless
 * told otherwise. Call `start` before the tests, `closeAll` after each and `stop` after all.
 */
export class PageOpener {
  private browser: Browser | undefined;
  private readonly contexts: BrowserContext[] = [];

  constructor(private readonly service: string) {}

  async start(): Promise<void> {
    mkdirSync(SHOTS, { recursive: true });
    this.browser = await launchBrowser();
  }

  /** No page of an earlier test keeps polling the service while the next one runs. */
  async closeAll(): Promise<void> {
    await Promise.all(this.contexts.splice(0).map((context) => context.close()));
  }

  async stop(): Promise<void> {
    await this.browser?.close();
  }

  async open(path = '/', options: OpenOptions = {}): Promise<Opened> {
    if (!this.browser) throw new Error('PageOpener.start() was not called');
    const { origin = this.service, setup, onTestFinished, ...contextOptions } = options;
    const context = await newSuiteContext(this.browser, { viewport: DESKTOP, ...contextOptions });
    if (onTestFinished) onTestFinished(() => context.close());
    else this.contexts.push(context);
    // Inside the test's limit, so a wait that fails says what it waited for.
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    const opened: Opened = { page, errors: [], consoleErrors: [], calls: [] };
    page.on('pageerror', (error) => opened.errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') opened.consoleErrors.push(message.text());
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin || !(url.pathname === '/' || url.pathname.startsWith('/api/'))) {
        return;
      }
      opened.calls.push({
        method: request.method(),
        path: `${url.pathname}${url.search}`,
        contentType: request.headers()['content-type'],
        body: request.postData() ?? '',
      });
    });
    await setup?.(page);
    await page.goto(`${origin}${path}`);
    return opened;
  }
}

/** The count line: 'Found 1,234 deals...'. */
export const countLine = (page: Page) => page.getByText(/^Found \d[\d,]* deals?/);

export async function countText(page: Page): Promise<string> {
  await countLine(page).waitFor();
  return (await countLine(page).textContent()) ?? '';
}

/** The deal cards of the results. */
export const cards = (page: Page) =>
  page.locator('[aria-labelledby="results-heading"] li:has(h3, h4)');

export async function textBecomes(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}${name}.png` });
}
