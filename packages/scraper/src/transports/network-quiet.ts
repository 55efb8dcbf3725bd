import { setTimeout as delay } from 'node:timers/promises';
import type { Page, Request } from 'playwright-core';

/** The page counts as idle after this long without a request starting or ending. */
const QUIET_MS = 500;
/**
 * A request open this long no longer keeps the page busy: long polls, streams and stuck analytics
 * beacons would otherwise keep it busy until the store's timeout.
 */
const STALLED_MS = 5_000;
const POLL_MS = 100;

/** Whether a page is idle at `now`, given when its network last moved and its open requests began. */
export function isQuiet(now: number, lastActivity: number, openSince: Iterable<number>): boolean {
  if (now - lastActivity < QUIET_MS) return false;
  for (const started of openSince) if (now - started < STALLED_MS) return false;
  return true;
}

export interface NetworkWatch {
  /**
   * Resolves once the page has been idle for QUIET_MS counted from this call at the earliest:
   * after a click, the requests it causes start only once the page's script has run, which on a
   * busy machine is well after the click returned. Rejects when `stop` aborts.
   */
  quiet(stop: AbortSignal): Promise<void>;
}

/** Follows a page's requests from now on (its frames', and across its navigations). */
export function watchNetwork(page: Page): NetworkWatch {
  const open = new Map<Request, number>();
  let lastActivity = Date.now();
  page.on('request', (request) => {
    lastActivity = Date.now();
    open.set(request, lastActivity);
  });
  const settled = (request: Request) => {
    lastActivity = Date.now();
    open.delete(request);
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return {
    async quiet(stop) {
      const asked = Date.now();
      while (!isQuiet(Date.now(), Math.max(asked, lastActivity), open.values())) {
        await delay(POLL_MS, undefined, { signal: stop });
      }
    },
  };
}
