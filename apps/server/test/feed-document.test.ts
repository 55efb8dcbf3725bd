/**
 * The Atom feed of a search, written from a real read model's published list: what it lists
 * (the page's list for the same URL, newest first), what each entry says, and that every feed is
 * well-formed Atom 1.0 a feed reader's parser reads back, whatever the menus sent.
 */
import {
  buildDealViews,
  byNewestFirst,
  dayOf,
  DEALS_FEED_PATH,
  FILTER_PARAMS,
  filterAndSortDeals,
  readFilters,
  shopperSearchDeals,
  splitDeals,
  type Deal,
  type Dispensary,
  type Weekday,
} from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { DealsReadModel } from '../src/collection/read-model';
import type { PreparedBody } from '../src/http/prepared-body';
import { dealFeedDocument, FEED_MAX_ENTRIES, type FeedContext } from '../src/follow/deal-feed';
import { FeedDeals } from '../src/follow/feed-deals';
import { FEED_PARAMETERS, lacksPoint, readFeedSearch } from '../src/follow/feed-search';
import { entrySummaries, feedLink, readAtom } from './support/atom';

const ZONE = 'America/Chicago';
const MADE_AT = new Date('2026-11-21T18:00:00.000Z');
/** A Saturday in St. Louis. */
const TODAY: Weekday = 'saturday';

/** Downtown St. Louis, Kirkwood (about 12 miles away) and Columbia (about 110). */
const PLACES: Dispensary[] = [
  { key: 'downtown', name: 'Downtown Dispensary', lat: 38.627, lng: -90.199 },
  { key: 'kirkwood', name: 'Kirkwood Cannabis', lat: 38.583, lng: -90.407 },
  { key: 'columbia', name: 'Columbia Greens', lat: 38.951, lng: -92.334 },
  { key: 'nowhere', name: 'Unplaced Store', lat: null, lng: null },
];
const DOWNTOWN_POINT = 'lat=38.627&lng=-90.199';

function deal(fields: Partial<Deal> & Pick<Deal, 'title'>): Deal {
  return {
    description: 'While supplies last',
    price: '$30',
    imageUrl: '',
    sourceUrl: 'https://menus.example.com/deal',
    ...fields,
  };
}

/** The deals as a real read model publishes them, and the feeds' reading of them. */
async function published(menus: Record<string, Deal[]>) {
  const model = new DealsReadModel(PLACES, { quietMs: 0, maxWaitMs: 0 });
  await model.replace(Object.entries(menus).map(([key, deals]) => ({ key, deals })));
  model.publish();
  return { model, feedDeals: new FeedDeals(model, () => MADE_AT) };
}

const CONTEXT: FeedContext = {
  today: TODAY,
  timeZone: ZONE,
  dispensaries: PLACES,
  origin: 'https://deals.example',
};

function feedFor(feedDeals: FeedDeals, query: string, context = CONTEXT): string {
  const search = readFeedSearch(query, (key) => PLACES.some((place) => place.key === key));
  return dealFeedDocument(feedDeals.current(), search, context);
}

const titles = (xml: string) => readAtom(xml).items.map((item) => item.title);

describe('an entry', () => {
  it('names the deal for good, links to its page and says its store, price and percent off', async () => {
    const { feedDeals } = await published({
      downtown: [
        deal({
          id: 'dutchie:downtown:abc 1/2',
          title: 'Blue Dream 3.5g',
          description: 'Hybrid flower, while it lasts',
          price: '$30 (was $45)',
          discountPercent: 33.4,
          category: 'flower',
          sourceUrl: 'https://menus.example.com/downtown/abc',
          firstSeenAt: '2026-11-20T15:00:00.000Z',
        }),
      ],
    });
    const [item] = readAtom(feedFor(feedDeals, '')).items;
    expect(item).toBeDefined();
    expect(item!.id).toBe('urn:stl-deals:deal:dutchie:downtown:abc%201%2F2');
    expect(item!.title).toBe('Blue Dream 3.5g');
    expect(item!.url).toBe('https://menus.example.com/downtown/abc');
    expect(item!.authors.map((author) => author.name)).toEqual(['Downtown Dispensary']);
    expect(item!.categories.map((category) => category.term)).toEqual(['flower']);
    expect(item!.published?.toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(item!.updated?.toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(item!.description).toBe(
      '<p><strong>$30 (was $45)</strong> · 33% off (claimed) · Downtown Dispensary</p>' +
        '<p>Hybrid flower, while it lasts</p>',
    );
  });

  it('says the discount its card shows: against the usual price where the history judged it', async () => {
    const judged = (
      id: string,
      salePrice: number,
      usualPrice: number,
      discountCheck: 'inflated' | 'none',
    ) =>
      deal({
        id,
        title: `Judged ${id}`,
        description: '',
        price: `$${salePrice} (was $${salePrice * 2})`,
        salePrice,
        regularPrice: salePrice * 2,
        discountPercent: 50,
        usualPrice,
        discountCheck,
        firstSeenAt: '2026-11-20T15:00:00.000Z',
      });
    const { feedDeals } = await published({
      downtown: [
        judged('below', 32, 52, 'inflated'),
        judged('at', 50, 50, 'none'),
        judged('above', 61, 50, 'inflated'),
      ],
    });
    const items = new Map(readAtom(feedFor(feedDeals, '')).items.map((item) => [item.id, item]));
    const entry = (id: string) => items.get(`urn:stl-deals:deal:${id}`)!;
    expect(entry('below').title).toBe('Judged below · 38% off');
    expect(entry('below').description).toBe(
      '<p><strong>$32</strong> · Usual $52, 38% off · Downtown Dispensary</p>',
    );
    expect(entry('at').title).toBe('Judged at');
    expect(entry('at').description).toBe(
      '<p><strong>$50</strong> · Its usual price · Downtown Dispensary</p>',
    );
    expect(entry('above').description).toBe(
      '<p><strong>$61</strong> · $11 above its usual price · Downtown Dispensary</p>',
    );
  });

  it("is updated at the start of the market's day its price changed, when that is later", async () => {
    const { feedDeals } = await published({
      downtown: [
        deal({
          id: 'a',
          title: 'Repriced',
          firstSeenAt: '2026-11-01T15:00:00.000Z',
          priceChangedAt: '2026-11-19',
        }),
      ],
    });
    const [item] = readAtom(feedFor(feedDeals, '')).items;
    // Midnight in St. Louis (UTC-6 in November).
    expect(item!.updated?.toISOString()).toBe('2026-11-19T06:00:00.000Z');
    expect(item!.published?.toISOString()).toBe('2026-11-01T15:00:00.000Z');
  });

  it('keeps the same id from one publication to the next, with or without a deal id', async () => {
    const menu = [deal({ id: 'x:1', title: 'One' }), deal({ title: 'No id at all', price: '$5' })];
    const first = readAtom(feedFor((await published({ downtown: menu })).feedDeals, '')).items;
    const again = readAtom(
      feedFor((await published({ downtown: [...menu].reverse() })).feedDeals, ''),
    ).items;
    const ids = (items: typeof first) => new Map(items.map((item) => [item.title, item.id]));
    expect(ids(again)).toEqual(ids(first));
    expect(ids(first).get('No id at all')).toMatch(/^urn:stl-deals:deal:downtown:text-[\w-]{22}$/);
  });

  it("links a deal whose page is no http(s) address to its dispensary's list on the page", async () => {
    const { feedDeals } = await published({
      kirkwood: [deal({ id: 'k', title: 'Scripted', sourceUrl: 'javascript:alert(1)' })],
    });
    const [item] = readAtom(feedFor(feedDeals, '')).items;
    expect(item!.url).toBe('https://deals.example/?dispensary=kirkwood');
  });

  it('carries hostile menu text as text: markup, entities, quotes, controls, lone surrogates', async () => {
    const title = '<script>alert("x")</script> & <b>bold</b> \'50% off\' ]]>';
    const { feedDeals } = await published({
      downtown: [
        deal({
          id: 'evil\u0001id\uD800',
          title: `${title}\u0000\u0008\uFFFE\uD800`,
          description: '<img src=x onerror=alert(1)> &amp; details\r\nmore',
          price: '<i>$1</i>',
          firstSeenAt: '2026-11-20T15:00:00.000Z',
        }),
      ],
    });
    const xml = feedFor(feedDeals, '?search=%3Cscript%3E');
    const [item] = readAtom(xml).items;
    expect(item!.title).toBe(`${title}\uFFFD\uFFFD\uFFFD\uFFFD`);
    expect(item!.id).toBe('urn:stl-deals:deal:evil%01id%EF%BF%BD');
    // The summary is HTML made of escaped text: the menu's markup arrives as text in it.
    const [summary] = entrySummaries(xml);
    expect(summary).toBe(
      '<p><strong>&lt;i&gt;$1&lt;/i&gt;</strong> · Downtown Dispensary</p>' +
        '<p>&lt;img src=x onerror=alert(1)&gt; &amp;amp; details\nmore</p>',
    );
    expect(new Set(summary!.match(/<\/?[a-z]+/g))).toEqual(
      new Set(['<p', '</p', '<strong', '</strong']),
    );
    expect(xml).not.toMatch(/<script|<img|<b>|<i>/);
    expect(readAtom(xml).title).toBe('STL Deals: “<script>”');
  });
});

describe('a feed', () => {
  it('lists its newest deals first: by first seen, then by price change', async () => {
    const { feedDeals } = await published({
      downtown: [
        deal({
          id: '1',
          title: 'Oldest',
          firstSeenAt: '2026-11-01T12:00:00Z',
          discountPercent: 50,
        }),
        deal({
          id: '2',
          title: 'Newest, price changed',
          firstSeenAt: '2026-11-20T12:00:00Z',
          priceChangedAt: '2026-11-21',
        }),
        deal({ id: '3', title: 'Undated' }),
      ],
      kirkwood: [
        deal({
          id: '4',
          title: 'Newest',
          firstSeenAt: '2026-11-20T12:00:00Z',
          discountPercent: 40,
        }),
        deal({ id: '5', title: 'Middle', firstSeenAt: '2026-11-10T12:00:00Z' }),
      ],
    });
    const feed = readAtom(feedFor(feedDeals, ''));
    expect(feed.items.map((item) => item.title)).toEqual([
      'Newest, price changed',
      'Newest',
      'Middle',
      'Oldest',
      'Undated',
    ]);
    expect(feed.items[0]!.updated?.toISOString()).toBe('2026-11-21T06:00:00.000Z');
    // A deal that says nothing of its time was current when the list was published.
    expect(feed.items.at(-1)?.updated).toEqual(MADE_AT);
    // The feed was updated when its newest entry was.
    expect(feed.updated).toEqual(MADE_AT);
    const dated = readAtom(feedFor(feedDeals, '?search=newest'));
    expect(dated.updated?.toISOString()).toBe('2026-11-21T06:00:00.000Z');
  });

  it(`lists at most ${FEED_MAX_ENTRIES} deals, the newest`, async () => {
    const many = Array.from({ length: 150 }, (_, n) =>
      deal({
        id: `n${n}`,
        title: `Deal ${n}`,
        firstSeenAt: new Date(Date.UTC(2026, 9, 1) + n * 3_600_000).toISOString(),
      }),
    );
    const items = readAtom(feedFor((await published({ downtown: many })).feedDeals, '')).items;
    expect(items).toHaveLength(FEED_MAX_ENTRIES);
    expect(items[0]!.title).toBe('Deal 149');
    expect(items.at(-1)!.title).toBe('Deal 50');
  });

  it('links to itself and to the same search on the page, and names the search', async () => {
    const { feedDeals } = await published({ downtown: [deal({ id: 'a', title: 'Gummies' })] });
    const query = `?page=3&search=gummies&category=edibles&distance=25&${DOWNTOWN_POINT}&day=friday&utm_source=x`;
    const xml = feedFor(feedDeals, query);
    const feed = readAtom(xml);
    const expected = '?category=edibles&distance=25&search=gummies&day=friday';
    expect(feedLink(xml, 'self')).toBe(
      `https://deals.example${DEALS_FEED_PATH}${expected}&${DOWNTOWN_POINT}`,
    );
    expect(feed.self).toBe(feedLink(xml, 'self'));
    expect(feedLink(xml, 'alternate')).toBe(`https://deals.example/${expected}`);
    expect(feed.url).toBe(`https://deals.example/${expected}`);
    expect(feed.title).toBe('STL Deals: “gummies”, Edibles, within 25 miles, Friday');
    expect(readAtom(feedFor(feedDeals, '')).title).toBe('STL Deals: every deal');
  });

  it("names 'My stores' by the stores' names, and many by their count, in the page's spelling", async () => {
    const { feedDeals } = await published({ downtown: [deal({ id: 'a', title: 'Gummies' })] });
    const xml = feedFor(feedDeals, '?stores=kirkwood%2Cgone%2Cdowntown&dispensary=mine');
    expect(feedLink(xml, 'alternate')).toBe(
      'https://deals.example/?dispensary=mine&stores=kirkwood,downtown',
    );
    expect(readAtom(xml).title).toBe('STL Deals: at Kirkwood Cannabis and Downtown Dispensary');
    const three = feedFor(feedDeals, '?dispensary=mine&stores=columbia,kirkwood,downtown');
    expect(readAtom(three).title).toBe(
      'STL Deals: at Columbia Greens, Kirkwood Cannabis and Downtown Dispensary',
    );
    const four = feedFor(feedDeals, '?dispensary=mine&stores=columbia,kirkwood,downtown,nowhere');
    expect(readAtom(four).title).toBe('STL Deals: at 4 stores');
  });

  it('is the same document for the same deals, and empty when nothing matches', async () => {
    const { feedDeals } = await published({ downtown: [deal({ id: 'a', title: 'Gummies' })] });
    expect(feedFor(feedDeals, '?search=gummies')).toBe(
      feedFor(feedDeals, '?search=gummies&page=2'),
    );
    const empty = readAtom(feedFor(feedDeals, '?search=no+such+deal'));
    expect(empty.items).toEqual([]);
    expect(empty.updated).toEqual(MADE_AT);
  });

  it("is read again from the read model's next publication only", async () => {
    const { model, feedDeals } = await published({ downtown: [deal({ id: 'a', title: 'First' })] });
    const list = feedDeals.current();
    expect(feedDeals.current()).toBe(list);
    await model.replace([{ key: 'kirkwood', deals: [deal({ id: 'b', title: 'Second' })] }]);
    expect(feedDeals.current()).toBe(list);
    model.publish();
    expect(feedDeals.current()).not.toBe(list);
    expect(titles(feedFor(feedDeals, ''))).toEqual(['First', 'Second']);
  });

  it('decodes a large publication a slice at a time, letting the event loop turn between', async () => {
    const many = Array.from({ length: 1_200 }, (_, n) =>
      deal({
        id: `n${n}`,
        title: `Deal number ${n}`,
        firstSeenAt: new Date(n * 60_000).toISOString(),
      }),
    );
    const { feedDeals } = await published({ downtown: many });
    let turned = false;
    setImmediate(() => (turned = true));
    const ready = feedDeals.ready();
    expect(turned).toBe(false);
    await ready;
    // Decoded in one go, it would be ready before the event loop's next turn.
    expect(turned).toBe(true);
    expect(readAtom(feedFor(feedDeals, '')).items[0]?.title).toBe('Deal number 1199');
  });
});

describe("a feed's search", () => {
  /** Deals of every kind the page's filters tell apart, over four dispensaries. */
  const MENUS: Record<string, Deal[]> = Object.fromEntries(
    PLACES.map(({ key }, p) => [
      key,
      Array.from({ length: 40 }, (_, n) =>
        deal({
          id: `${key}-${n}`,
          title: [
            `Blue Dream ${n % 2 ? 'flower' : 'pre-roll'} ${n}`,
            `Sour gummies ${n}`,
            `Friday only: live resin cart ${n}`,
            `Mondays and Fridays vape ${n}`,
            `Grams of rosin ${n}`,
          ][n % 5]!,
          description: n % 7 === 0 ? 'Member special, Blue Dream inside' : 'While supplies last',
          brand: ['Proper', 'Illicit', 'Clovr'][n % 3]!,
          category: (['flower', 'edibles', 'vapes', 'vapes', 'concentrates'] as const)[n % 5],
          price: n % 11 === 0 ? 'See store' : `$${10 + n}`,
          discountPercent: (n * 7) % 40,
          ...(n % 6 === 0
            ? {}
            : { firstSeenAt: new Date(Date.UTC(2026, 10, 1 + ((n + p) % 20))).toISOString() }),
          ...(n % 9 === 0
            ? { priceChangedAt: `2026-11-${String(10 + (n % 10)).padStart(2, '0')}` }
            : {}),
        }),
      ),
    ]),
  );

  /** A prepared answer's deals, as the page reads them. */
  async function dealsOf(body: PreparedBody): Promise<Deal[]> {
    return JSON.parse(String(await body.encoded('identity'))) as Deal[];
  }

  const keyOf = (deal: Deal) => `${deal.dispensaryKey}|${deal.title}`;

  /**
   * The page's list for the same URL, by the page's own steps (use-deal-list, its search the
   * shopper search): its views of the page view's deals (one dispensary's answer when the URL
   * names one), those shown on the day, then its filters; then newest first and cut as a feed is. Ties in the feed's order are broken
   * by relevance in the whole list, which one dispensary's answer does not hold: taken from it.
   */
  async function pageList(model: DealsReadModel, query: string): Promise<string[]> {
    const filters = readFilters(query);
    const stores = filters.stores.filter((key) => PLACES.some((place) => place.key === key));
    const known = PLACES.some(({ key }) => key === filters.dispensary);
    const answer = known ? model.of(filters.dispensary, 'page') : model.all('page');
    const point = /lat=([-\d.]+)&lng=([-\d.]+)/.exec(query);
    const visitor = point ? { lat: Number(point[1]), lng: Number(point[2]) } : null;
    const views = buildDealViews(await dealsOf(answer), PLACES, visitor);
    const { showable } = splitDeals(views, dayOf(filters.day, TODAY));
    const chosen = {
      category: filters.category,
      radius: filters.distance,
      search: filters.search,
      sort: filters.sort,
      stores,
    };
    // A search is read by the shopper search once the page's on-demand parts have loaded.
    const listed = (filters.search.trim() ? shopperSearchDeals : filterAndSortDeals)(
      showable,
      chosen,
      visitor !== null,
    );
    const whole = await dealsOf(model.all('page'));
    const rankOf = new Map(whole.map((deal, rank) => [keyOf(deal), rank]));
    return listed
      .map((view) => ({ ...view, rank: rankOf.get(keyOf(view.deal))! }))
      .sort(byNewestFirst)
      .slice(0, FEED_MAX_ENTRIES)
      .map((view) => view.deal.title);
  }

  it.each([
    '',
    '?category=vapes&day=friday',
    '?search=blue+dream',
    '?search=%20BLUE%20dream%20',
    '?search=member',
    '?search=blu+dreem',
    '?search=dream+blue+pre+roll',
    '?search=carts&day=friday',
    '?search=gummy',
    '?search=downtown',
    '?day=friday',
    '?day=monday&category=vapes',
    '?day=tomorrow',
    '?dispensary=kirkwood',
    '?dispensary=kirkwood&search=gummies',
    '?dispensary=mine&stores=kirkwood,columbia',
    '?dispensary=mine&stores=gone,downtown&category=vapes&day=friday',
    `?dispensary=mine&stores=columbia,downtown&distance=25&${DOWNTOWN_POINT}`,
    `?distance=5&${DOWNTOWN_POINT}`,
    `?distance=25&${DOWNTOWN_POINT}&category=flower`,
    `?distance=50&lat=38.951&lng=-92.334`,
    '?sort=price-low&category=concentrates',
    '?sort=distance&search=rosin',
  ])('lists what the page lists for %j', async (query) => {
    const { model, feedDeals } = await published(MENUS);
    const expected = await pageList(model, query);
    expect(expected.length).toBeGreaterThan(0);
    expect(titles(feedFor(feedDeals, query))).toEqual(expected);
  });

  it('ignores unknown and invalid parameters as the page does', async () => {
    const { feedDeals } = await published(MENUS);
    const whole = feedFor(feedDeals, '');
    expect(
      feedFor(
        feedDeals,
        '?category=candy&sort=zzz&day=someday&distance=7&pageSize=13&page=-1&utm_source=x&dispensary=nowhere-known&lat=91&lng=x',
      ),
    ).toBe(whole);
    // 'My stores' with no store known, or stores without 'My stores', is every dispensary.
    expect(feedFor(feedDeals, '?dispensary=mine&stores=gone,closed')).toBe(whole);
    expect(feedFor(feedDeals, '?dispensary=mine')).toBe(whole);
    expect(feedFor(feedDeals, '?stores=kirkwood')).toBe(whole);
  });

  it("lists a search's deals open or not: 'Open now' is kept in its links only", async () => {
    const { feedDeals } = await published(MENUS);
    const titlesOf = (query: string) => titles(feedFor(feedDeals, query));
    expect(titlesOf('?open=now&category=vapes')).toEqual(titlesOf('?category=vapes'));
    expect(feedFor(feedDeals, '?open=now&category=vapes')).toContain('open=now');
  });

  it('needs a point for a radius, two valid coordinates', () => {
    const read = (query: string) => readFeedSearch(query, () => true);
    expect(lacksPoint(read('?distance=10'))).toBe(true);
    expect(lacksPoint(read('?distance=10&lat=38.6'))).toBe(true);
    expect(lacksPoint(read('?distance=10&lat=91&lng=-90.2'))).toBe(true);
    expect(lacksPoint(read('?distance=10&lat=0x10&lng=-90.2'))).toBe(true);
    expect(lacksPoint(read('?distance=10&lat=38.6&lng=-90.2'))).toBe(false);
    expect(lacksPoint(read('?distance=all'))).toBe(false);
    expect(lacksPoint(read('?lat=38.6'))).toBe(false);
  });

  it("names how it honours every one of the page's parameters", () => {
    const unplaced = Object.keys(FILTER_PARAMS).filter((name) => !(name in FEED_PARAMETERS));
    expect(unplaced, 'parameters of the page the feed does not say it honours').toEqual([]);
  });
});
