import type { Dispensary } from '@stl-deals/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dealsCallOf, LIST_CALLS } from '../model/offline-copy';
import { checkHealth } from './check-health';
import { getCacheStatus } from './get-cache-status';
import { getDeals } from './get-deals';
import { getDispensaries } from './get-dispensaries';

/** The paths the page's fetchers ask for, each call failing as offline. */
async function pathsAsked(calls: (() => Promise<unknown>)[]): Promise<string[]> {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: URL | string) => {
      const url = new URL(input);
      asked.push(url.pathname + url.search);
      return Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
  for (const call of calls) await call().catch(() => undefined);
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// The service worker is told which answers to keep by their paths: they must be the ones the
// page's own calls ask for, or the page offline would find no copy.
describe('the calls whose copies the page asks the service worker to keep', () => {
  it('are the ones the list is drawn from', async () => {
    const asked = await pathsAsked([checkHealth, () => getCacheStatus(), () => getDispensaries()]);
    expect(asked).toEqual([...LIST_CALLS]);
  });

  it.each(['all', 'greenlight-ferguson', 'a & b'])(
    'ask for the deals of %s as the page does',
    async (key) => {
      const dispensary: Dispensary | null =
        key === 'all' ? null : { key, name: key, lat: 38.6, lng: -90.2 };
      const asked = await pathsAsked([() => getDeals(dispensary, { timeoutMs: 1_000 })]);
      expect(asked).toEqual([dealsCallOf(key)]);
    },
  );
});
