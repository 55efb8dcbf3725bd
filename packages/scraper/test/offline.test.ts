import { afterAll, describe, expect, it } from 'vitest';
import { entryFor } from '../src/adapters/shared/testing';
import { createScraper } from '../src/create-scraper';

// '.invalid' never resolves (RFC 6761), online or not; and this scraper has had no answer from
// any host, so it cannot tell the name's failure from a missing connection.
const OFFLINE = {
  name: 'OfflineError',
  publicReason: 'The service cannot reach the internet.',
};

const scraper = createScraper({
  userAgent: 'stl-deals-test/1.0',
  parseOn: 'caller',
  maxAttempts: 1,
  minHostDelayMs: 0,
});
afterAll(() => scraper.close());
const never = () => new AbortController().signal;

describe('a scraper that reaches no host', () => {
  it('says the service cannot reach the internet over http', async () => {
    const entry = entryFor('feed', { menuUrl: 'https://menu.invalid/feed.json' });
    await expect(scraper.scrape(entry, never())).rejects.toMatchObject(OFFLINE);
  });

  it('says so too before the browser opens a page', async () => {
    const entry = entryFor('html', {
      specialsUrl: 'https://store.invalid/specials',
      transport: 'browser',
    });
    await expect(scraper.scrape(entry, never())).rejects.toMatchObject(OFFLINE);
  }, 30_000);
});
