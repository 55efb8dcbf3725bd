import { chromium, type Browser } from 'playwright-core';

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
