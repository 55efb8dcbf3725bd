import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from 'playwright-core';
import { suiteNow, TIME_ZONE } from './expected';

/** Debian's Chromium: the tests never download a browser. */
export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium for one test file. Each launch runs on a fresh user-data-dir: playwright-core creates
 * a new temporary profile for every non-persistent launch and deletes it on close (it refuses a
 * --user-data-dir argument), and each test opens its own context on top.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/**
 * A browser context as a St. Louis visitor's on the suite's clock: the page's day filter, dates
 * and cache ages read the same day as the service and the expectations.
 */
export async function newSuiteContext(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, ...options });
  await context.clock.install({ time: suiteNow() });
  return context;
}
