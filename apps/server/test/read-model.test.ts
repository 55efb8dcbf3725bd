import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PAGE_DEAL_FIELDS, PAGE_VIEW_LIMITS, type Deal } from '@stl-deals/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DealsReadModel, pageFingerprint } from '../src/collection/read-model';
import { etagOf } from '../src/http/etag';
import type { PublishedLists } from '../src/collection/kept-page';
import type { PreparedBody } from '../src/http/prepared-body';

const STORES = ['a', 'b', 'c', 'd'].map((key) => ({ key, name: `Store ${key.toUpperCase()}` }));

/** A store's menu: `count` deals with discounts and first sightings that interleave stores. */
function menu(key: string, count: number, seed: number): Deal[] {
  return Array.from({ length: count }, (_, n) => ({
    id: `feed:${key}:${n}`,
    title: `${key} deal ${n}`,
    description: `Deal ${n} of ${key}`,
    price: `$${n + seed}`,
    imageUrl: '',
    sourceUrl: `https://example.com/${key}/${n}`,
    brand: 'Proper',
    size: '3.5g',
    platform: 'feed',
    ...((n + seed) % 3 === 0 ? {} : { discountPercent: ((n * 7 + seed) % 5) * 10 }),
    ...(n % 4 === 0 ? {} : { firstSeenAt: `2026-11-${10 + ((n + seed) % 5)}T12:00:00.000Z` }),
  }));
}

const bytes = (body: PreparedBody) => body.encoded('identity');
const json = async (body: PreparedBody) => JSON.parse(String(await bytes(body))) as Deal[];

/** A model given every store's menu at once and published: what a full rebuild answers. */
async function rebuiltFrom(menus: ReadonlyMap<string, Deal[]>): Promise<DealsReadModel> {
  const model = new DealsReadModel(STORES);
  await model.replace([...menus].map(([key, deals]) => ({ key, deals })));
  model.publish();
  return model;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the deals read model', () => {
  it('answers after results one store at a time what a full rebuild answers, in both views', async () => {
    const menus = new Map(STORES.map(({ key }, i) => [key, menu(key, 30 + i, i)]));
    const model = new DealsReadModel(STORES, { quietMs: 0, maxWaitMs: 0 });
    await model.replace([...menus].map(([key, deals]) => ({ key, deals })));
    model.publish();
    // Later results: a store's menu changes, another's empties, another's returns.
    const steps: Array<[string, Deal[]]> = [
      ['b', menu('b', 12, 7)],
      ['d', []],
      ['a', menu('a', 45, 3)],
      ['d', menu('d', 5, 1)],
    ];
    for (const [key, deals] of steps) {
      menus.set(key, deals);
      await model.replace([{ key, deals }]);
      await model.published();
      const rebuilt = await rebuiltFrom(menus);
      for (const view of ['full', 'page'] as const) {
        expect(await json(model.all(view))).toEqual(await json(rebuilt.all(view)));
        expect(model.all(view).etag).toBe(rebuilt.all(view).etag);
        for (const { key: store } of STORES) {
          expect(await bytes(model.of(store, view))).toEqual(await bytes(rebuilt.of(store, view)));
        }
      }
      expect(model.totalDeals()).toBe([...menus.values()].flat().length);
    }
  });

  it("stamps each deal with its store and keeps the page's fields only in the page view", async () => {
    const model = await rebuiltFrom(new Map([['a', menu('a', 3, 1)]]));
    const full = await json(model.all('full'));
    const page = await json(model.all('page'));
    expect(full.every((deal) => deal.dispensary === 'Store A' && deal.dispensaryKey === 'a')).toBe(
      true,
    );
    expect(full.map((deal) => deal.id)).toHaveLength(3);
    for (const deal of page) {
      expect(
        Object.keys(deal).every((field) => (PAGE_DEAL_FIELDS as readonly string[]).includes(field)),
      ).toBe(true);
      expect(deal).toMatchObject({ dispensary: 'Store A', dispensaryKey: 'a', brand: 'Proper' });
    }
    // The same deals in the same order, each the full deal's page fields.
    expect(page).toEqual(
      full.map((deal) =>
        Object.fromEntries(
          Object.entries(deal).filter(([field]) =>
            (PAGE_DEAL_FIELDS as readonly string[]).includes(field),
          ),
        ),
      ),
    );
  });

  it("serves no deal the spec's cleaning rules refuse, in any view or count", async () => {
    // What a store written before a cleaning rule may still hold: the page judges none of it.
    const [kept] = menu('a', 1, 0);
    const refused: Deal[] = [
      { ...kept!, id: 'feed:a:short', title: 'Gummies', description: '' },
      { ...kept!, id: 'feed:a:junk', title: 'Our css styles for the menu', description: '' },
      { ...kept!, id: 'feed:a:bare', title: 'Flower 3.5g $25', description: '' },
    ];
    const model = await rebuiltFrom(new Map([['a', [kept!, ...refused]]]));
    for (const view of ['full', 'page'] as const) {
      expect((await json(model.all(view))).map((deal) => deal.title)).toEqual([kept!.title]);
      expect(await json(model.of('a', view))).toHaveLength(1);
    }
    expect(model.totalDeals()).toBe(1);
  });

  it('sends each deal with its price per item and multi-buy, worked out once, in both views', async () => {
    const offers: Deal[] = [
      { ...menu('a', 1, 0)[0]!, price: '2 for $65', regularPrice: 42 },
      { ...menu('a', 2, 0)[1]!, price: 'B2G1', regularPrice: 30 },
      { ...menu('a', 3, 0)[2]!, price: '$25' },
      { ...menu('a', 4, 0)[3]!, price: '4/20 only' },
    ];
    const model = await rebuiltFrom(new Map([['a', offers]]));
    for (const view of ['full', 'page'] as const) {
      const byTitle = new Map((await json(model.all(view))).map((deal) => [deal.title, deal]));
      expect(
        offers.map(({ title }) => {
          const { effectivePrice, multiBuy } = byTitle.get(title)!;
          return [effectivePrice, multiBuy];
        }),
      ).toEqual([
        [32.5, '2 for $65'],
        [20, 'B2G1'],
        [25, undefined],
        [null, undefined],
      ]);
    }
  });

  it('gives a unit price from its size to a deal whose source sent none, and keeps one sent', async () => {
    const [first, second, third, fourth] = menu('a', 4, 0);
    const deals: Deal[] = [
      { ...first!, category: 'flower', size: '3.5g', salePrice: 28, unitPrice: undefined },
      { ...second!, category: 'edibles', size: '100mg', salePrice: 12, unitPrice: undefined },
      {
        ...third!,
        category: 'flower',
        size: '7g',
        salePrice: 40,
        unitPrice: { amount: 5, per: 'g' },
      },
      // No size, or a size that is no weight or dose: no unit price is made up.
      { ...fourth!, category: 'topicals', size: undefined, salePrice: 20, unitPrice: undefined },
    ];
    const model = await rebuiltFrom(new Map([['a', deals]]));
    for (const view of ['full', 'page'] as const) {
      const byTitle = new Map((await json(model.all(view))).map((deal) => [deal.title, deal]));
      expect(deals.map(({ title }) => byTitle.get(title)!.unitPrice)).toEqual([
        { amount: 8, per: 'g' },
        { amount: 12, per: '100mg' },
        { amount: 5, per: 'g' },
        undefined,
      ]);
    }
  });

  it("sends each deal's logos, chosen by its brand and texts and the registry's store name, in both views", async () => {
    const stores = [
      { key: 'swade', name: 'Swade - The Grove' },
      { key: 'wild', name: 'Missouri Wild Alchemy' },
    ];
    const [first] = menu('x', 1, 0);
    const base = { ...first!, brand: undefined };
    const model = new DealsReadModel(stores);
    await model.replace([
      {
        key: 'swade',
        deals: [
          // The menu's own store name is not what chooses the chain's logo: the registry's is.
          { ...base, id: '1', title: 'Wyld gummies', dispensary: 'Good Day Farm' },
          { ...base, id: '2', title: 'Happy hour', brand: 'Proper' },
        ],
      },
      {
        key: 'wild',
        deals: [
          { ...base, id: '3', title: 'Wyld gummies' },
          { ...base, id: '4', title: 'Happy hour' },
        ],
      },
    ]);
    model.publish();
    for (const view of ['full', 'page'] as const) {
      const byId = new Map((await json(model.all(view))).map((deal) => [deal.id, deal]));
      expect(['1', '2', '3', '4'].map((id) => byId.get(id)?.logoUrls)).toEqual([
        ['/logos/brands/wyld.svg', '/logos/dispensaries/swade.svg'],
        ['/logos/brands/proper.svg', '/logos/dispensaries/swade.svg'],
        ['/logos/brands/wyld.svg'],
        undefined,
      ]);
    }
  });

  it('bounds what the page view carries of one source whose texts and addresses are huge', async () => {
    const long = (unit: string, length: number) => unit.repeat(length / unit.length);
    // 2,000 deals of 1,000-character texts and 900-character addresses (emoji count as one).
    const hostile = menu('a', 2_000, 1).map((deal, n) => ({
      ...deal,
      title: `${n} ${long('😀x', 1_000)}`,
      description: long('y', 1_000),
      imageUrl: `https://example.com/${long('i', 900)}`,
      sourceUrl: `https://example.com/${long('s', 900)}`,
    }));
    const model = await rebuiltFrom(new Map([['a', hostile]]));
    const page = await json(model.all('page'));
    expect(page).toHaveLength(2_000);
    for (const deal of page) {
      expect(Array.from(String(deal.title))).toHaveLength(PAGE_VIEW_LIMITS.title);
      expect(deal.description).toBe(long('y', PAGE_VIEW_LIMITS.description));
      expect(deal).toMatchObject({ imageUrl: '', sourceUrl: '' });
    }
    // The full view keeps every character.
    const full = await json(model.all('full'));
    expect(String(full[0]!.description)).toHaveLength(1_000);
    expect((await bytes(model.all('page'))).length).toBeLessThan(
      (await bytes(model.all('full'))).length / 3,
    );
  });

  it('writes, tags and compresses a list of megabytes, one deal longer than the rest put together', async () => {
    const deals = menu('a', 3_000, 1);
    deals[1_500] = { ...deals[1_500]!, description: 'x'.repeat(400_000) };
    const model = await rebuiltFrom(new Map([['a', deals]]));
    for (const view of ['full', 'page'] as const) {
      const body = model.all(view);
      const identity = await bytes(body);
      expect(body.etag).toBe(etagOf(identity));
      // Compared as bytes: a deep comparison of megabytes takes seconds.
      expect(brotliDecompressSync(await body.encoded('br')).equals(identity)).toBe(true);
      const listed = JSON.parse(String(identity)) as Deal[];
      expect(listed).toHaveLength(3_000);
      const long = listed.find((deal) => deal.description.startsWith('xxx'));
      expect(long?.description).toHaveLength(
        view === 'full' ? 400_000 : PAGE_VIEW_LIMITS.description,
      );
    }
  });

  it('puts a burst of results together once, after the burst, and serves the last list meanwhile', async () => {
    vi.useFakeTimers();
    const model = new DealsReadModel(STORES, { quietMs: 250, maxWaitMs: 2_000 });
    const before = model.all('full');
    for (const { key } of STORES) {
      await model.replace([{ key, deals: menu(key, 10, 0) }]);
      await vi.advanceTimersByTimeAsync(100);
      expect(model.all('full')).toBe(before);
    }
    expect(model.rebuilds).toBe(0);
    // A store's own list is current at once; the whole list, and what counts it, follow the burst.
    expect(await json(model.of('c'))).toHaveLength(10);
    expect(model.countOf('c')).toBe(10);
    expect(model.totalDeals()).toBe(0);
    expect(model.publishedCountOf('c')).toBe(0);
    expect([model.isPublished('c'), model.awaitsPublication('c')]).toEqual([false, true]);
    await vi.advanceTimersByTimeAsync(250);
    expect(model.rebuilds).toBe(1);
    expect(await json(model.all('full'))).toHaveLength(40);
    expect(model.totalDeals()).toBe(40);
    expect(model.publishedCountOf('c')).toBe(10);
    expect([model.isPublished('c'), model.awaitsPublication('c')]).toEqual([true, false]);
  });

  it('makes a store of thousands of deals ready a slice at a time, the event loop turning between', async () => {
    const model = new DealsReadModel(STORES, { quietMs: 0, maxWaitMs: 0 });
    // Counts the event loop's turns while the result is made ready: requests are read in them.
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns += 1;
      setImmediate(count);
    };
    setImmediate(count);
    const replaced = model.replace([{ key: 'a', deals: menu('a', 2_000, 0) }]);
    // Its part is replaced once whole, never a slice at a time.
    expect(model.countOf('a')).toBe(0);
    await replaced;
    counting = false;
    expect(model.countOf('a')).toBe(2_000);
    expect(turns).toBeGreaterThanOrEqual(7);
    await model.published();
    expect(await json(model.all('page'))).toHaveLength(2_000);
  });

  it("keeps a dispensary's latest result when an earlier one is still being made ready", async () => {
    const model = new DealsReadModel(STORES, { quietMs: 0, maxWaitMs: 0 });
    const earlier = model.replace([{ key: 'a', deals: menu('a', 1_000, 0) }]);
    const latest = model.replace([{ key: 'a', deals: menu('a', 3, 1) }]);
    await Promise.all([earlier, latest]);
    expect(model.countOf('a')).toBe(3);
    await model.published();
    expect(await json(model.of('a'))).toHaveLength(3);
  });

  it('publishes a long stream of results at least every maxWaitMs', async () => {
    vi.useFakeTimers();
    // No spacing by cost: the cost is measured to a compression's end, which runs on real threads
    // while the fake clock jumps, so on a busy machine it would read as a fake second or more.
    const model = new DealsReadModel(STORES, { quietMs: 250, maxWaitMs: 1_000, spacing: 0 });
    for (let i = 0; i < 12; i++) {
      await model.replace([{ key: STORES[i % 4]?.key ?? 'a', deals: menu('a', i + 1, i) }]);
      await vi.advanceTimersByTimeAsync(200);
    }
    // 2.4 s of results 200 ms apart: never quiet, published at 1 s and 2 s.
    expect(model.rebuilds).toBe(2);
  });

  it("spaces publications out by the last one's own cost", async () => {
    const published = async (spacing: number) => {
      const model = new DealsReadModel(STORES, { quietMs: 0, maxWaitMs: 0, spacing });
      await model.replace([{ key: 'a', deals: menu('a', 500, 0) }]);
      await model.published();
      await model.all('page').encoded('br');
      await model.replace([{ key: 'b', deals: menu('b', 5, 1) }]);
      // Past the coalescing's own waits (none here).
      await new Promise((resolve) => setTimeout(resolve, 50));
      const rebuilds = model.rebuilds;
      model.close();
      return rebuilds;
    };
    // The first publication took some milliseconds; a million times that has not passed.
    expect(await published(1_000_000)).toBe(1);
    expect(await published(0)).toBe(2);
  });

  it('compresses each encoding to the same JSON, the page view before anyone asks', async () => {
    const model = await rebuiltFrom(new Map([['a', menu('a', 20, 2)]]));
    for (const view of ['full', 'page'] as const) {
      const body = model.all(view);
      const identity = await bytes(body);
      expect(brotliDecompressSync(await body.encoded('br'))).toEqual(identity);
      expect(gunzipSync(await body.encoded('gzip'))).toEqual(identity);
    }
  });

  it('lets whoever waits for the list go at close', async () => {
    const model = new DealsReadModel(STORES, { quietMs: 60_000, maxWaitMs: 60_000 });
    await model.replace([{ key: 'a', deals: menu('a', 2, 0) }]);
    const waited = model.published();
    model.close();
    await expect(waited).resolves.toBeUndefined();
    await expect(model.published()).resolves.toBeUndefined();
  });

  it("serves a stored list's views as they were, to brotli clients, until the first publication, and hands on each one", async () => {
    const published: PublishedLists[] = [];
    const model = new DealsReadModel(STORES, { quietMs: 0, maxWaitMs: 0 }, (lists) =>
      published.push(lists),
    );
    expect(model.hasList('page', 'br')).toBe(false);
    const stored = Buffer.from('[{"title":"as served last time","dispensary":"Store A"}]');
    const brotli = brotliCompressSync(stored);
    const storedFull = Buffer.from('[{"title":"as served last time","description":"whole"}]');
    const fullBrotli = brotliCompressSync(storedFull);
    model.serveStored({
      page: { brotli, etag: etagOf(stored) },
      full: { brotli: fullBrotli, etag: etagOf(storedFull) },
    });

    // Sent as it was kept, never decompressed: a client that takes no brotli waits for the
    // first publication.
    const ready = () =>
      (['page', 'full'] as const).flatMap((view) =>
        (['br', 'gzip', null] as const).map((encoding) => model.hasList(view, encoding)),
      );
    expect(ready()).toEqual([true, false, false, true, false, false]);
    const page = model.all('page');
    expect(page.etag).toBe(etagOf(stored));
    expect(await page.encoded('br')).toBe(brotli);
    await expect(page.encoded('identity')).rejects.toThrow(/brotli only/);
    await expect(page.encoded('gzip')).rejects.toThrow(/brotli only/);
    expect(model.all('full').etag).toBe(etagOf(storedFull));
    expect(await model.all('full').encoded('br')).toBe(fullBrotli);
    // Read back with nothing in it: the stored lists are replaced all the same.
    model.publish();
    expect(ready()).toEqual([true, true, true, true, true, true]);
    expect(String(await bytes(model.all('page')))).toBe('[]');
    expect(String(await bytes(model.all('full')))).toBe('[]');
    await model.replace([{ key: 'a', deals: menu('a', 3, 1) }]);
    await model.published();
    // Each publication's lists, the full view as that publication has it.
    expect(await Promise.all(published.map(async ({ page }) => String(await bytes(page))))).toEqual(
      ['[]', String(await bytes(model.all('page')))],
    );
    expect(published[1]?.page).toBe(model.all('page'));
    expect(published[1]?.full()).toBe(model.all('full'));
    expect(String(await bytes(published[0]!.full()))).toBe('[]');
    expect(() => model.serveStored({ page: { brotli, etag: etagOf(stored) } })).toThrow(
      /published already/,
    );
  });

  it('serves no stored view it was not given', () => {
    const model = new DealsReadModel(STORES);
    const stored = Buffer.from('[]');
    model.serveStored({ page: { brotli: brotliCompressSync(stored), etag: etagOf(stored) } });
    expect([model.hasList('page', 'br'), model.hasList('full', 'br')]).toEqual([true, false]);
  });

  it('fingerprints the page view by the registry keys, names and order it is made under', () => {
    const fingerprint = pageFingerprint(STORES);
    expect(pageFingerprint(STORES.map((store) => ({ ...store })))).toBe(fingerprint);
    const others = [
      STORES.slice(1),
      [...STORES].reverse(),
      STORES.map((store, i) => (i === 0 ? { ...store, name: 'Renamed' } : store)),
    ];
    for (const other of others) expect(pageFingerprint(other)).not.toBe(fingerprint);
  });
});
