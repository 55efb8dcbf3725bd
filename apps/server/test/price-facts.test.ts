import { addDays, MAX_MONEY, type Deal } from '@stl-deals/domain';
import type { MenuPrice } from '@stl-deals/scraper';
import type { DealsRepository, PriceObservation } from '@stl-deals/store';
import { describe, expect, it, vi } from 'vitest';
import { marketDay } from '../src/collection/market-day';
import { MAX_MENU_PRICES, menuObservations } from '../src/collection/menu-observations';
import { HELD_BACK, PriceFacts, priceFactsOf, priceTodayOf } from '../src/collection/price-facts';

const TODAY = '2026-11-21';

function deal(fields: Partial<Deal> = {}): Deal {
  return {
    id: 'feed:alpha:1',
    title: 'Proper Jealousy 3.5g',
    description: '',
    price: '$30',
    imageUrl: '',
    sourceUrl: 'https://menus.example.com/alpha/1',
    storeProductKey: 'id:p1',
    salePrice: 30,
    regularPrice: 40,
    ...fields,
  };
}

/** `count` days before TODAY (the last one yesterday), each at `price`. */
function days(count: number, price: number, key = 'id:p1'): PriceObservation[] {
  return Array.from({ length: count }, (_, index) => ({
    productKey: key,
    day: addDays(TODAY, index - count),
    salePrice: price,
    regularPrice: 40,
    onDeal: false,
  }));
}

describe('marketDay', () => {
  it.each([
    ['2026-11-22T03:30:00Z', '2026-11-21', 'the evening in St. Louis, the next day in UTC'],
    ['2026-11-22T06:00:00Z', '2026-11-22', 'midnight CST is 06:00 UTC'],
    ['2026-07-04T04:59:00Z', '2026-07-03', 'CDT is 5 hours behind UTC'],
    ['2026-07-04T05:00:00Z', '2026-07-04', 'CDT midnight'],
  ])('%s is %s (%s)', (instant, day) => {
    expect(marketDay(new Date(instant))).toBe(day);
  });
});

describe('menuObservations', () => {
  const price = (fields: Partial<MenuPrice>): MenuPrice => ({
    storeProductKey: 'id:p1',
    salePrice: 30,
    regularPrice: 40,
    onDeal: true,
    ...fields,
  });

  it('dates every menu price with the day, one per product, the last one winning', () => {
    const { observations, refused } = menuObservations(
      [
        price({ salePrice: 35 }),
        price({ storeProductKey: 'id:p2', regularPrice: null }),
        price({}),
      ],
      TODAY,
    );
    expect(refused).toBe(0);
    expect(observations).toEqual([
      { productKey: 'id:p1', day: TODAY, salePrice: 30, regularPrice: 40, onDeal: true },
      { productKey: 'id:p2', day: TODAY, salePrice: 30, regularPrice: null, onDeal: true },
    ]);
  });

  it('keeps a market class the domain knows, and leaves one out of shape unsaid', () => {
    const markets = [
      { classId: 'flower-3.5g', units: 1 },
      null,
      undefined,
      { classId: 'rosin-2g', units: 1 },
      { classId: 'edibles-100mg', units: 0 },
      { classId: 'edibles-100mg', units: 2.5 },
    ] as Array<MenuPrice['market']>;
    const { observations, refused } = menuObservations(
      markets.map((market, n) => price({ storeProductKey: `id:p${n}`, market })),
      TODAY,
    );
    expect(refused).toBe(0);
    expect(observations.map((observation) => observation.market)).toEqual([
      { marketClass: 'flower-3.5g', units: 1 },
      null,
      undefined,
      undefined,
      undefined,
      { marketClass: 'edibles-100mg', units: 2.5 },
    ]);
  });

  it('leaves out what the store would refuse, and counts it', () => {
    const hostile = [
      price({ storeProductKey: '' }),
      price({ storeProductKey: 'x'.repeat(101) }),
      price({ salePrice: Number.NaN }),
      price({ salePrice: -1 }),
      price({ salePrice: MAX_MONEY + 1 }),
      price({ regularPrice: Number.POSITIVE_INFINITY }),
      price({ onDeal: 'yes' as unknown as boolean }),
      null as unknown as MenuPrice,
      price({ storeProductKey: 'id:ok' }),
    ];
    const { observations, refused } = menuObservations(hostile, TODAY);
    expect(refused).toBe(8);
    expect(observations.map(({ productKey }) => productKey)).toEqual(['id:ok']);
  });

  it(`records at most ${MAX_MENU_PRICES} menu prices of one result`, () => {
    const many = Array.from({ length: MAX_MENU_PRICES + 5 }, (_, index) =>
      price({ storeProductKey: `id:${index}` }),
    );
    const { observations, refused } = menuObservations(many, TODAY);
    expect(observations).toHaveLength(MAX_MENU_PRICES);
    expect(refused).toBe(5);
  });

  it('records nothing when the scrape gave no menu prices', () => {
    expect(menuObservations(undefined, TODAY)).toEqual({ observations: [], refused: 0 });
  });
});

describe('priceTodayOf', () => {
  it.each([
    ['the sale price first', deal({ salePrice: 30 }), 30],
    // What the observations record as charged: a multi-buy's price per item is not compared.
    ['else the regular price', deal({ salePrice: undefined, price: '2 for $50' }), 40],
    [
      'no price at all: no facts',
      deal({ salePrice: undefined, regularPrice: undefined, price: 'Ask' }),
      null,
    ],
  ])('%s', (_, given, price) => {
    expect(priceTodayOf(given, TODAY)?.price ?? null).toBe(price);
  });

  it('claims the regular price the deal names', () => {
    expect(priceTodayOf(deal({ regularPrice: undefined }), TODAY)?.claimedRegularPrice).toBeNull();
    expect(priceTodayOf(deal(), TODAY)?.claimedRegularPrice).toBe(40);
  });
});

describe('priceFactsOf', () => {
  const today = { day: TODAY, price: 30, claimedRegularPrice: 40 };

  it('says nothing without a day before today', () => {
    expect(priceFactsOf([], today)).toBeNull();
    expect(
      priceFactsOf([{ day: TODAY, salePrice: 30, regularPrice: 40, onDeal: true }], today),
    ).toBeNull();
  });

  it("gives the rule's facts once the history is known", () => {
    expect(priceFactsOf(days(8, 40), today)).toEqual({
      lowest30d: 40,
      usualPrice: 40,
      previousPrice: 40,
      priceChangedAt: TODAY,
      discountCheck: 'real',
    });
  });

  it("sends 'unknown' with fewer than 7 days seen, and the prices known", () => {
    expect(priceFactsOf(days(3, 30), today)).toEqual({
      lowest30d: 30,
      usualPrice: 30,
      discountCheck: 'unknown',
    });
  });
});

describe('PriceFacts', () => {
  function setUp(history: PriceObservation[]) {
    const asked: string[][] = [];
    const since: string[] = [];
    const repository: Pick<DealsRepository, 'priceHistory'> = {
      priceHistory: vi.fn((_dispensary: string, keys: readonly string[], sinceDay: string) => {
        asked.push([...keys]);
        since.push(sinceDay);
        const found = new Map<string, PriceObservation[]>();
        for (const observation of history) {
          if (!keys.includes(observation.productKey) || observation.day < sinceDay) continue;
          found.set(observation.productKey, [
            ...(found.get(observation.productKey) ?? []),
            observation,
          ]);
        }
        return Promise.resolve(found);
      }),
    };
    const logger = { warn: vi.fn() };
    return { facts: new PriceFacts({ repository, logger }), asked, since, logger, repository };
  }

  it("reads a product's window once, then only the days since, and nothing within a day", async () => {
    const { facts, asked, since } = setUp([
      ...days(10, 40),
      ...days(10, 20, 'id:p2'),
      { productKey: 'id:p1', day: TODAY, salePrice: 30, regularPrice: 40, onDeal: true },
    ]);
    const deals = [deal(), deal({ id: 'feed:alpha:2', storeProductKey: 'id:p2', salePrice: 20 })];

    const first = await facts.withFacts('alpha', deals, TODAY);
    expect(asked).toEqual([['id:p1', 'id:p2']]);
    expect(since).toEqual(['2026-10-22']);
    expect(first[0]).toMatchObject({ discountCheck: 'real', usualPrice: 40 });
    // It claims a regular price of $40 where $20 was charged every day: inflated.
    expect(first[1]).toMatchObject({ discountCheck: 'inflated', usualPrice: 20 });

    // The same prices the same day: the day's facts hold.
    expect(await facts.withFacts('alpha', deals, TODAY)).toEqual(first);
    // A price changed today: the rule runs again on the window kept; nothing is read.
    const changed = await facts.withFacts(
      'alpha',
      [deals[0]!, { ...deals[1]!, salePrice: 15 }],
      TODAY,
    );
    expect(changed[1]).toMatchObject({ previousPrice: 20, priceChangedAt: TODAY });
    expect(asked).toHaveLength(1);

    // A new day: only the days since the windows' last one (today's, now complete).
    const tomorrow = await facts.withFacts('alpha', deals, addDays(TODAY, 1));
    expect(asked[1]).toEqual(['id:p1', 'id:p2']);
    expect(since[1]).toBe(TODAY);
    // TODAY's $30 is in the window now: the lowest of the 30 days, and today's price again.
    expect(tomorrow[0]).toMatchObject({ lowest30d: 30, usualPrice: 40, discountCheck: 'real' });

    // A product first seen now: its whole window, for it alone.
    await facts.withFacts(
      'alpha',
      [...deals, deal({ id: 'feed:alpha:3', storeProductKey: 'id:p3' })],
      addDays(TODAY, 1),
    );
    expect(asked[2]).toEqual(['id:p3']);
    expect(since[2]).toBe('2026-10-23');
  });

  it('asks no more than 1,000 products per query', async () => {
    const { facts, asked } = setUp([]);
    const many = Array.from({ length: 2_500 }, (_, index) =>
      deal({ id: `feed:alpha:${index}`, storeProductKey: `id:p${index}` }),
    );
    await facts.withFacts('alpha', many, TODAY);
    expect(asked.map((keys) => keys.length)).toEqual([1_000, 1_000, 500]);
  });

  it('leaves deals without a product key or a price alone, and drops facts a scraper sent', async () => {
    const { facts, asked } = setUp(days(10, 40));
    const [keyless, priceless] = await facts.withFacts(
      'alpha',
      [
        deal({ storeProductKey: undefined, discountCheck: 'real', lowest30d: 1 }),
        deal({ salePrice: undefined, regularPrice: undefined, price: 'Ask' }),
      ],
      TODAY,
    );
    expect(asked).toEqual([]);
    expect(keyless).not.toHaveProperty('discountCheck');
    expect(keyless).not.toHaveProperty('lowest30d');
    expect(priceless).not.toHaveProperty('discountCheck');
  });

  it('serves the deals without facts when the history cannot be read, and reads it next time', async () => {
    const { facts, repository, logger, asked } = setUp(days(10, 40));
    vi.mocked(repository.priceHistory).mockRejectedValueOnce(new Error('database is locked'));
    const [served] = await facts.withFacts('alpha', [deal()], TODAY);
    expect(served).not.toHaveProperty('discountCheck');
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const [again] = await facts.withFacts('alpha', [deal()], TODAY);
    expect(again).toMatchObject({ discountCheck: 'real' });
    expect(asked).toHaveLength(1);
  });

  it('holds back a deal whose price today is far from its history, and counts it', async () => {
    const { facts } = setUp([...days(10, 30), ...days(10, 20, 'id:p2')]);
    const broken = [
      deal({ salePrice: 3000, regularPrice: 4000 }),
      deal({ id: 'feed:alpha:2', storeProductKey: 'id:p2', salePrice: 20 }),
    ];
    const served = await facts.withFacts('alpha', broken, TODAY);
    expect(served.map((each) => each.id)).toEqual(['feed:alpha:2']);
    expect(facts.heldBackOf('alpha')).toBe(1);
    // Its product at its usual price again: published, nothing held back.
    await facts.withFacts('alpha', [deal(), broken[1]!], TODAY);
    expect(facts.heldBackOf('alpha')).toBe(0);
  });

  it("holds back the deals of a jump up the store's products share, and leaves its days out", async () => {
    // Six products at $20 for 10 days, then one day on which five of them cost $30 (1.5x: no
    // product alone is far), then today.
    const keys = ['id:p1', 'id:p2', 'id:p3', 'id:p4', 'id:p5', 'id:p6'];
    const jumpDay = addDays(TODAY, -1);
    const history = keys.flatMap((key, index) => [
      ...days(11, 20, key).filter((observation) => observation.day !== jumpDay),
      {
        productKey: key,
        day: jumpDay,
        salePrice: index === 0 ? 20 : 30,
        regularPrice: 40,
        onDeal: false,
      },
    ]);
    const menu = (price: number) =>
      keys.map((key, index) =>
        deal({
          id: `feed:alpha:${index}`,
          storeProductKey: key,
          salePrice: index === 0 ? 20 : price,
        }),
      );
    const { facts } = setUp(history);

    // Today the jump goes on: its second day, not yet confirmed. Only the unmoved product is served.
    const jumping = await facts.withFacts('alpha', menu(30), TODAY);
    expect(jumping.map((each) => each.id)).toEqual(['feed:alpha:0']);
    expect(facts.heldBackOf('alpha')).toBe(5);

    // Back at $20 the same day: served, and yesterday's $30 is no price they were charged.
    const back = await facts.withFacts('alpha', menu(20), TODAY);
    expect(back).toHaveLength(6);
    expect(facts.heldBackOf('alpha')).toBe(0);
    for (const served of back) {
      expect(served).toMatchObject({ usualPrice: 20, lowest30d: 20 });
      expect(served).not.toHaveProperty('previousPrice');
    }
  });

  it('gives the facts a whole read would, day after day', async () => {
    // Eighty days of a price moving every few days; the facts of each of the last forty days,
    // from windows moved on day by day, against the rule on the whole history.
    const history: PriceObservation[] = Array.from({ length: 80 }, (_, index) => ({
      productKey: 'id:p1',
      day: addDays(TODAY, index - 79),
      salePrice: 20 + ((index * 7) % 9),
      regularPrice: index % 4 === 0 ? null : 30,
      onDeal: false,
    })).filter((_, index) => index % 6 !== 5); // a day unseen now and then
    const { facts } = setUp(history);
    for (let back = 39; back >= 0; back -= 1) {
      const day = addDays(TODAY, -back);
      const [served] = await facts.withFacts('alpha', [deal({ salePrice: 24 })], day);
      const past = history.filter((observation) => observation.day >= addDays(day, -30));
      const whole = priceFactsOf(past, { day, price: 24, claimedRegularPrice: 40 });
      if (whole === HELD_BACK) throw new Error(`${day}: $24 is near every price here`);
      expect({ day, ...served }).toMatchObject({ day, ...whole });
    }
  });
});
