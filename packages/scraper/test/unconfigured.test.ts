import { afterAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../src/adapters';
import { entryFor } from '../src/adapters/shared/testing';
import { createScraper } from '../src/create-scraper';
import type { RegistryEntry } from '../src/registry';

const UNCONFIGURED = {
  name: 'UnconfiguredError',
  kind: 'not-found',
  publicReason: 'No menu source is known for this dispensary yet.',
};

const onCaller = createScraper({ userAgent: 'stl-deals-test/1.0', parseOn: 'caller' });
const inThreads = createScraper({ userAgent: 'stl-deals-test/1.0' });
afterAll(async () => {
  await Promise.all([onCaller.close(), inThreads.close()]);
});

const platforms = Object.keys(ADAPTERS) as RegistryEntry['platform'][];
const never = () => new AbortController().signal;

describe('an entry that names no menu source', () => {
  it.each(platforms)('is unconfigured on %s, and its scrape says so', async (platform) => {
    const bare = entryFor(platform, { website: 'https://store.example' });
    expect(onCaller.hasMenuSource(bare)).toBe(false);
    await expect(onCaller.scrape(bare, never())).rejects.toMatchObject(UNCONFIGURED);
  });

  it('keeps its class across the parsing thread', async () => {
    await expect(inThreads.scrape(entryFor('dutchie', {}), never())).rejects.toMatchObject(
      UNCONFIGURED,
    );
  });

  it.each<[string, RegistryEntry]>([
    ['a Dutchie cName', entryFor('dutchie', { platformId: 'arch-city' })],
    ['a specials page', entryFor('html', { specialsUrl: 'https://store.example/specials' })],
    ['a feed', entryFor('feed', { menuUrl: 'https://store.example/feed.json' })],
    ['a Jane store id', entryFor('jane', { platformId: '4820' })],
  ])('is configured with %s', (_name, entry) => {
    expect(onCaller.hasMenuSource(entry)).toBe(true);
  });
});
