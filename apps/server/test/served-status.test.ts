import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CacheStatusSchema, type CacheStatus } from '@stl-deals/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedDeals } from './support/deals';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feedRegistry, tempDir } from './support/harness';
import { listening, start, until } from './support/service-process';

/**
 * The status call describes the list the deals call serves: the page stops its first load's
 * auto-refresh once the status says ready, so a ready status whose counts include a result not
 * yet in the list would leave that store missing from the page. The service is the real process
 * on a real port, with its SQLite file under a temporary DATA_DIR.
 */

let feed: FeedServer;
beforeAll(async () => {
  feed = await startFeedServer();
});
afterAll(() => feed.close());

async function statusOf(origin: string): Promise<CacheStatus> {
  const response = await fetch(`${origin}/api/monitoring/scraper/status`);
  return CacheStatusSchema.parse(await response.json());
}

async function dealsOf(origin: string): Promise<Array<{ dispensaryKey: string }>> {
  const response = await fetch(`${origin}/api/reactive/deals`);
  return (await response.json()) as Array<{ dispensaryKey: string }>;
}

/** Each dispensary's deal count in a list, by key. */
function countsOf(deals: ReadonlyArray<{ dispensaryKey: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { dispensaryKey } of deals) counts[dispensaryKey] = (counts[dispensaryKey] ?? 0) + 1;
  return counts;
}

describe('the status and the deals list, while results come in', () => {
  it('says ready, and counts deals, only for what the deals call serves', async () => {
    feed.set('early', { deals: feedDeals('early', 10) });
    feed.set('second', { deals: feedDeals('second', 7) });
    feed.set('late', { hold: true });
    const registry = join(tempDir(), 'registry.json');
    writeFileSync(registry, JSON.stringify(feedRegistry(feed, ['early', 'second', 'late'])));
    const service = start({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: tempDir(),
      DEALS_REGISTRY: registry,
      LOG_LEVEL: 'info',
    });
    try {
      const origin = await listening(service);
      // The first two stores' deals are out; the last store's scrape waits on its menu.
      await until(async () => ((await dealsOf(origin)).length === 17 ? true : undefined), '17');
      await until(() => (feed.requests('late') > 0 ? true : undefined), 'the late scrape');
      expect((await statusOf(origin)).ready).toBe(false);

      feed.set('late', { deals: feedDeals('late', 7) });
      feed.release();
      // Read the status as often as it answers: at every answer its counts are those of the
      // list served, and once it says ready the list served holds every store.
      const seen: Array<{ ready: boolean; total: number; listed: number }> = [];
      for (;;) {
        const status = await statusOf(origin);
        const deals = await dealsOf(origin);
        const counts = countsOf(deals);
        seen.push({ ready: status.ready, total: status.totalDeals, listed: deals.length });
        // The list may have been published between the two calls (more deals), never fewer.
        expect(deals.length).toBeGreaterThanOrEqual(status.totalDeals);
        const sum = (status.sources ?? []).reduce((total, { dealCount }) => total + dealCount, 0);
        expect(sum).toBe(status.totalDeals);
        if (status.ready) {
          expect(seen.at(-1)).toEqual({ ready: true, total: 24, listed: 24 });
          expect(counts).toEqual({ early: 10, second: 7, late: 7 });
          expect(
            Object.fromEntries(
              (status.sources ?? []).map(({ key, dealCount }) => [key, dealCount]),
            ),
          ).toEqual(counts);
          break;
        }
        if (seen.length > 2_000) throw new Error('the status never said ready');
      }
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
    // A tsx start and three scrapes: a loaded 2-core machine has taken over 20 s.
  }, 60_000);
});
