import type { Deal } from '@stl-deals/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParseLimitError, SchemaChangedError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import {
  assertParsesSafely,
  entryFor,
  expectSafeDeals,
  hostileString,
  payloadsDir,
  readText,
  sharedFixtures,
} from '../shared/testing';
import { MAX_DEALS, parse } from './parse';

const payloads = payloadsDir(import.meta.url);
const entry = entryFor('html', {
  specialsUrl: 'https://www.archcitycannabis.com/weekly-specials/',
});
const parsePage = (body: unknown, url: string, on: RegistryEntry = entry): Deal[] =>
  parse([{ label: 'specials-page', url, body }], on).deals;
const parsePayload = (file: string, url: string, on?: RegistryEntry) =>
  parsePage(readText(payloads, file), url, on);
const row = (deal: Deal) => [
  deal.title,
  deal.price,
  deal.salePrice,
  deal.regularPrice,
  deal.discountPercent,
];
const allText = (deals: readonly Deal[]) =>
  deals.map((deal) => `${deal.title} ${deal.description} ${deal.price}`).join('\n');

/** Words of site chrome, contact details and overlays that the payloads hide deal-like text in. */
const FURNITURE = [
  /555-01\d\d/,
  /@/,
  /cookie/i,
  /21 or older|21\+/i,
  /Shop Online|Cannabis 101|Cannabis Events|Find your location/i,
  /free pre-roll|VAPE20|first visit|orders over \$75|Sign up|Text DEALS|Earn 5%/i,
  /Locust St|Meramec St|Manchester|Hours|Open daily/i,
  /©|logo height|CSS styles|dataLayer|function/i,
];

describe('html parse: wordpress-weekly-specials.html (flat WordPress blocks, age gate, cookie bar)', () => {
  const url = 'https://www.archcitycannabis.com/weekly-specials/';
  const deals = parsePayload('wordpress-weekly-specials.html', url);

  it('reads each weekday heading and its paragraph as one deal, and each line of a <br> list', () => {
    expect(deals.map(row)).toEqual([
      ['Munchie Monday', '20% off', undefined, undefined, 20],
      ['Terp Tuesday', '$10 off', undefined, undefined, undefined],
      ['Wax Wednesday', 'Buy one, get one 50% off', undefined, undefined, undefined],
      ['Thirsty Thursday', '15% off', undefined, undefined, 15],
      ['Flower Friday', '2 for $70', undefined, undefined, undefined],
      ['Pre-Roll Saturday', '$28 (was $35)', 28, 35, 20],
      ['Sunday Funday', '$55', 55, undefined, undefined],
      ['Veterans', '15% off', undefined, undefined, 15],
      ['Seniors 65+', '10% off', undefined, undefined, 10],
      ['First-time customers', '25% off', undefined, undefined, 25],
    ]);
    // No link in the blocks: each deal links to the page. Free text names no platform category;
    // the domain's keyword rule derives one.
    expect(deals.every((deal) => deal.sourceUrl === url && deal.category === undefined)).toBe(true);
    expect(deals[0]).toMatchObject({
      description: '20% off all edibles, including Wana and Robhots gummies.',
      validDays: ['monday'],
      specialName: 'Munchie Monday',
      sourceUrl: url,
      imageUrl: '',
    });
    expect(deals.map((deal) => deal.validDays?.[0])).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('emits no navigation, top bar, footer, contact, age gate, cookie notice or script text', () => {
    for (const pattern of FURNITURE) expect(allText(deals)).not.toMatch(pattern);
    expectSafeDeals(deals);
  });
});

describe("html parse: the store's hours and where its deals lead", () => {
  const url = 'https://www.archcitycannabis.com/weekly-specials/';
  const store = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebPage', name: 'Weekly Specials' },
      {
        '@type': ['LocalBusiness', 'Store'],
        openingHoursSpecification: {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
          opens: '08:00',
          closes: '22:00',
        },
      },
    ],
  };
  const page = `<html><head><script type="application/ld+json">${JSON.stringify(store)}</script></head>
    <body><main>
      <div class="card"><h3>Wax Wednesday</h3><p>20% off all concentrates</p></div>
      <div class="card"><h3><a href="/shop/proper-jealousy">Proper Jealousy 3.5g</a></h3><p>$30 (reg. $40)</p></div>
      <div class="card"><h3><a href="#flora">Flora Farms Friday</a></h3><p>25% off Flora Farms</p></div>
    </main></body></html>`;

  it("reads the week of the site's schema.org LocalBusiness", () => {
    const { hours } = parse([{ label: 'specials-page', url, body: page }], entry);
    expect(hours?.sunday).toEqual([{ opens: '08:00', closes: '22:00' }]);
    expect(
      parse([{ label: 'specials-page', url, body: '<main></main>' }], entry).hours,
    ).toBeUndefined();
  });

  it('a card linking elsewhere leads to the product, one without a link or to a place on the page to the page', () => {
    const links = parsePage(page, url).map((deal) => [deal.title, deal.sourceUrl, deal.linkKind]);
    expect(links).toEqual([
      ['Wax Wednesday', url, 'menu'],
      ['Proper Jealousy 3.5g', 'https://www.archcitycannabis.com/shop/proper-jealousy', 'product'],
      ['Flora Farms Friday', url, 'menu'],
    ]);
  });
});

describe('html parse: json-ld-featured-products.html (schema.org Products first)', () => {
  const url = 'https://gatewayleafstl.com/deals/';
  const deals = parsePayload('json-ld-featured-products.html', url);

  it('reads priced Products and Offers from JSON-LD, and does not repeat their rendered cards', () => {
    expect(deals.map(row)).toEqual([
      ['Proper Lemon Fire MAC 3.5g', '$35 (was $45)', 35, 45, 22],
      ['Good Day Farm Garlic Cookies Live Badder 1g', '$40 (was $55)', 40, 55, 27],
      ['Wana Sour Gummies Mango 100mg', '$16', 16, undefined, undefined],
      // A deals page: the announcement bar's offer is one of its deals.
      [
        'Now open until 10pm in The Grove · 15% off your first visit',
        '15% off',
        undefined,
        undefined,
        15,
      ],
      ['Happy Hour', '10% off', undefined, undefined, 10],
    ]);
  });

  it('takes links, images, categories and end dates from the JSON-LD, resolved and http(s) only', () => {
    expect(deals[0]).toMatchObject({
      brand: 'Proper',
      category: 'flower',
      endsAt: '2026-03-09T05:59:00.000Z',
      sourceUrl: 'https://gatewayleafstl.com/product/proper-lemon-fire-mac-3-5g/',
      imageUrl: 'https://gatewayleafstl.com/wp-content/uploads/2026/02/proper-lemon-fire-mac.jpg',
    });
    expect(deals[1]).toMatchObject({
      category: 'concentrates',
      sourceUrl: 'https://gatewayleafstl.com/product/gdf-garlic-cookies-live-badder-1g/',
      imageUrl: 'https://gatewayleafstl.com/wp-content/uploads/2026/02/gdf-garlic-cookies.jpg',
    });
    expect(deals[2]).toMatchObject({ category: 'edibles', imageUrl: '', sourceUrl: url });
    expect(deals[4]).toMatchObject({
      description: 'Every weekday from 4–6pm, take 10% off everything in the store.',
      sourceUrl: 'https://gatewayleafstl.com/happy-hour/',
    });
    expectSafeDeals(deals);
  });
});

describe('html parse: promo-bar-mega-footer.html (deal words all over the chrome)', () => {
  const url = 'https://www.riverfrontremedies.com/';
  const deals = parsePayload('promo-bar-mega-footer.html', url);

  it('finds the three deal cards, each once, with its link and picture', () => {
    expect(deals.map(row)).toEqual([
      ['Flora Farms Quarters $55', '$55 (was $70)', 55, 70, 21],
      ['BOGO Robhots Gummies', 'BOGO', undefined, undefined, undefined],
      ['Wax Wednesday', '25% off', undefined, undefined, 25],
    ]);
    expect(deals.map((deal) => [deal.sourceUrl, deal.imageUrl])).toEqual([
      [
        'https://www.riverfrontremedies.com/shop/?brand=flora-farms',
        'https://www.riverfrontremedies.com/wp-content/uploads/2026/03/flora-farms-quarters.jpg',
      ],
      [
        'https://www.riverfrontremedies.com/shop/robhots/',
        'https://cdn.riverfrontremedies.com/deals/robhots-bogo.png',
      ],
      // A javascript: link and a data: image never leave: the page itself, no picture.
      [url, ''],
    ]);
    expect(deals[2]?.validDays).toEqual(['wednesday']);
  });

  it('emits nothing from the promo bar, mega menu, marquee, visit block, footer or overlays', () => {
    for (const pattern of FURNITURE) expect(allText(deals)).not.toMatch(pattern);
    expect(allText(deals)).not.toMatch(/20% OFF ALL VAPES|2 for \$60|Veterans 10%|Birthday/i);
    expectSafeDeals(deals);
  });
});

describe('html parse: pages without deals and custom selectors', () => {
  it('a page with no deals yields none, not an error', () => {
    expect(
      parsePayload('no-deals-about-page.html', 'https://www.kirkwoodcannabis.com/about/'),
    ).toEqual([]);
  });

  const tilesUrl = 'https://www.chippewagreen.com/specials/';
  const selectors = {
    deal: '.promo-tile',
    title: '.promo-name',
    description: '.promo-copy',
    price: '.promo-price',
    link: 'a.promo-link',
    image: 'img.promo-img',
  };

  it("uses the registry's CSS selectors when it gives them", () => {
    const withSelectors = { ...entry, selectors } as RegistryEntry;
    const deals = parsePayload('custom-promo-tiles.html', tilesUrl, withSelectors);
    expect(
      deals.map((deal) => [
        deal.title,
        deal.description,
        deal.price,
        deal.sourceUrl,
        deal.imageUrl,
      ]),
    ).toEqual([
      [
        'Cloud Cover Carts',
        'Any two Cloud Cover 1g live resin carts. Limit 4 per customer.',
        '2 for $80',
        'https://www.chippewagreen.com/menu/vapes?brand=Cloud%20Cover',
        'https://cdn.chippewagreen.com/promos/8812.webp',
      ],
      [
        'Good Day Farm Eighths',
        'Selected Good Day Farm 3.5g strains, while supplies last.',
        '$30 (was $40)',
        'https://www.chippewagreen.com/menu/flower?brand=Good%20Day%20Farm',
        'https://cdn.chippewagreen.com/promos/8813.webp',
      ],
      // A tel: link is no page to send a visitor to: the specials page instead.
      [
        'Thursday Tincture Day',
        'Every Thursday, Proper tinctures and capsules.',
        '15% off',
        tilesUrl,
        '',
      ],
    ]);
  });

  it('falls back to the heuristic when the selectors match nothing, and finds the same tiles', () => {
    const stale = { ...entry, selectors: { deal: '.old-promo-card' } } as RegistryEntry;
    const deals = parsePayload('custom-promo-tiles.html', tilesUrl, stale);
    expect(deals.map((deal) => [deal.title, deal.price])).toEqual([
      ['Cloud Cover Carts', '2 for $80'],
      ['Good Day Farm Eighths', '$30 (was $40)'],
      ['Thursday Tincture Day', '15% off'],
    ]);
  });

  it('reports unusable selectors instead of quietly ignoring them', () => {
    const broken = { ...entry, selectors: { deal: 'div[[' } } as RegistryEntry;
    expect(() => parsePage('<p>20% off</p>', tilesUrl, broken)).toThrow(SchemaChangedError);
    // Entries built in code skip the registry's validation; parse still refuses what it cannot use.
    const misspelt = { ...entry, selectors: { card: '.promo-tile' } } as unknown as RegistryEntry;
    expect(() => parsePage('<p>20% off</p>', tilesUrl, misspelt)).toThrow(
      /selectors of 'test-store'/,
    );
  });
});

describe('html parse: blocks and bounds', () => {
  const url = 'https://www.example-dispensary.com/deals/';

  it('reads a card and its inner paragraph as one deal', () => {
    const html = `<main><div class="card"><div><p>20% off <b>all</b> Flora Farms flower</p></div>
      <p class="fine-print">While supplies last</p></div></main>`;
    expect(parsePage(html, url).map((deal) => deal.title)).toEqual([
      '20% off all Flora Farms flower',
    ]);
  });

  it('keeps at most 200 deals', () => {
    const items = Array.from(
      { length: 300 },
      (_, n) => `<li>Deal number ${n}: ${(n % 60) + 10}% off edibles</li>`,
    );
    expect(parsePage(`<ul>${items.join('')}</ul>`, url)).toHaveLength(MAX_DEALS);
  });

  it('refuses absurd nesting before parsing it, and reads huge flat pages', () => {
    const deep = `${'<div>'.repeat(20_000)}25% off vapes${'</div>'.repeat(20_000)}`;
    expect(() => parsePage(deep, url)).toThrow(ParseLimitError);
    const huge = `<p>${'Flower Friday 20% off eighths. '.repeat(200_000)}</p>`;
    expect(() => parsePage(huge, url)).not.toThrow();
  });

  it('reports a body that is not HTML text, and reads nothing when no page came', () => {
    expect(() => parsePage({ html: '<p>20% off</p>' }, url)).toThrow(SchemaChangedError);
    expect(parse([], entry).deals).toEqual([]);
  });
});

describe('html parse: titles are names, and a plain price is no deal', () => {
  const url = 'https://www.example-dispensary.com/deals/';
  const titled = (html: string) =>
    parsePage(html, url).map((deal) => [deal.title, deal.description, deal.price]);

  it('names a price-first tile by its product, never by its price row', () => {
    // A WooCommerce-style loop: the price row and its badge lead, the name follows in a link.
    const html = `<main><h2>Flash Sale</h2><div class="products">
      <div class="tile"><div class="tile-price"><ins>$1</ins> <s>$6</s> <span class="badge">83% off</span></div>
        <a href="/p/sinse-jealousy-pre-roll">Sinse Jealousy Pre-Roll</a><p>1g · Hybrid</p></div>
      <div class="tile"><div class="tile-price"><ins>$25.50</ins> <s>$51</s> <span class="badge">50% off</span></div>
        <a href="/p/gdf-sunset-sherbet-smalls">Good Day Farm Sunset Sherbet Smalls</a>
        <p>7g · Indica · Half Off Smalls</p></div>
    </div></main>`;
    const deals = parsePage(html, url);
    expect(deals.map(row)).toEqual([
      ['Sinse Jealousy Pre-Roll', '$1 (was $6)', 1, 6, 83],
      ['Good Day Farm Sunset Sherbet Smalls', '$25.50 (was $51)', 25.5, 51, 50],
    ]);
    expect(deals.map((deal) => [deal.description, deal.sourceUrl])).toEqual([
      ['$1 $6 83% off 1g · Hybrid', 'https://www.example-dispensary.com/p/sinse-jealousy-pre-roll'],
      [
        '$25.50 $51 50% off 7g · Indica · Half Off Smalls',
        'https://www.example-dispensary.com/p/gdf-sunset-sherbet-smalls',
      ],
    ]);
  });

  it('passes over a heading of figures, takes a name from before a price row, drops a nameless one', () => {
    expect(
      titled(
        `<main><div class="card"><h4>$25 <s>$35</s></h4><p>Proper Jealousy eighth</p></div></main>`,
      ),
    ).toEqual([['Proper Jealousy eighth', '$25 $35', '$25 (was $35)']]);
    expect(
      titled(`<main><ul><li><span>Proper Jealousy 3.5g</span><div>$30 $40 25% off</div>
        <div>Munchie Monday: 20% off edibles</div><div>Wax Wednesday: 20% off wax</div></li></ul></main>`),
    ).toEqual([
      ['Proper Jealousy 3.5g', '$30 $40 25% off', '25% off'],
      ['Munchie Monday', '20% off edibles', '20% off'],
      ['Wax Wednesday', '20% off wax', '20% off'],
    ]);
    expect(
      titled(`<main><p>Flower Friday: 20% off eighths<br>$1 $6 83% off<br>Sunday: BOGO pre-rolls</p>
        <div class="badge">$5 off $50</div></main>`),
    ).toEqual([
      ['Flower Friday', '20% off eighths', '20% off'],
      ['Sunday', 'BOGO pre-rolls', 'BOGO'],
    ]);
  });

  it('reads an ordinary product price as no deal, and a price with a deal signal as one', () => {
    const product = (name: string, price: string, extra = '') =>
      `<div class="product"><h3>${name}</h3><p>3.5g · Hybrid</p><span class="price">${price}</span>${extra}</div>`;
    const html = `<main><h2>Popular right now</h2><div class="products">
      ${product('Proper Jealousy', '$45.00')}
      ${product('Wana Sour Gummies Mango', 'From $20.00')}
      ${product('Clovr Mimosa', '$48.00', '<p>New arrival, in stock Monday</p>')}
      ${product('Flora Farms Blue Dream', 'Sale $30.00')}
      ${product('Illicit Gelato 41', '<del>$50.00</del> $40.00')}
      ${product('Vivid Blue Frost', '$38.00', '<p>2 for $70 eighths</p>')}
      ${product('Sinse Grape Gas', '$42 (reg. $52)')}
      ${product('Cloud Cover Runtz', '$40.00', '<p>Flower Friday special</p>')}
      ${product('Codes Zoap', 'just $35 today')}
      ${product('Good Day Farm Oreoz', '$45.00', '<p>25% off this week</p>')}
    </div><p>Gift cards from $25 at the counter.</p></main>`;
    expect(titled(html).map(([title, , price]) => [title, price])).toEqual([
      ['Flora Farms Blue Dream', '$30'],
      ['Illicit Gelato 41', '$40 (was $50)'],
      ['Vivid Blue Frost', '2 for $70'],
      ['Sinse Grape Gas', '$42 (was $52)'],
      ['Cloud Cover Runtz', '$40'],
      ['Codes Zoap', '$35'],
      ['Good Day Farm Oreoz', '25% off'],
    ]);
  });
});

const fixtures = sharedFixtures(import.meta.url, 'wordpress', '.html');
describe.skipIf(fixtures.files.length === 0)('html parse: ../shared/fixtures/wordpress', () => {
  // Counted by hand: 7 daily deals, the early-bird happy hour and the group discount; the social
  // icon item, the headings and the disclaimer are not deals.
  const expected: Record<string, number> = { 'wp-yootheme-promos-remedy-tulalip-excerpt.html': 9 };

  it.each(fixtures.files)('%s', (file) => {
    const deals = parsePage(readText(fixtures.dir, file), 'https://remedytulalip.com/promos/');
    expect(deals).toHaveLength(expected[file] ?? deals.length);
    expect(deals.filter((deal) => deal.validDays?.length === 1)).toHaveLength(7);
    expect(allText(deals)).not.toMatch(/facebook|Disclaimer|Cannot be Combined/i);
    expectSafeDeals(deals);
  });
});

/** Markup made of real tags, deal words and hostile links, in any order and nesting. */
const htmlFragment = fc.oneof(
  hostileString,
  fc.constantFrom(
    '<div>',
    '</div>',
    '<li>',
    '</li>',
    '<ul>',
    '</ul>',
    '<h3>',
    '</h3>',
    '<p>',
    '</p>',
    '<br>',
    '<nav>',
    '</nav>',
    '<footer>',
    '</footer>',
    '<del>$45</del>',
    '20% off',
    '$10 off',
    'BOGO',
    '2 for $50',
    'Monday special',
    '$35',
    'Call (314) 555-0100',
    '<a href="javascript:alert(1)">',
    '<a href="/deal">',
    '<a href="https://shop.example/deal">',
    '</a>',
    '<img src="data:image/png;base64,AAAA">',
    '<img data-src="//cdn.example/x.png">',
    '<script>var x = "20% off";</script>',
    '<script type="application/ld+json">{"@type":"Product","name":"X","offers":{"price":"-5","url":"javascript:x"}}</script>',
    '<script type="application/ld+json">{"@type":"Offer","price":"12","itemOffered":{"name":"Wana","image":"ftp://x"}}</script>',
  ),
);

describe('html parse: hostile input', () => {
  it('never throws but a named error, never emits an unsafe URL, price or string', () => {
    const withSelectors = {
      ...entry,
      selectors: { deal: 'li, p', title: 'h3', link: 'a' },
    } as RegistryEntry;
    assertParsesSafely(
      fc.tuple(
        fc.oneof(
          fc.anything(),
          fc.array(htmlFragment, { maxLength: 60 }).map((parts) => parts.join('')),
        ),
        fc.boolean(),
      ),
      ([body, useSelectors]) =>
        parse(
          [{ label: 'specials-page', url: 'https://x.example/deals', body }],
          useSelectors ? withSelectors : entry,
        ),
    );
  });
});

describe('html parse: a deal is a promotion block', () => {
  const url = 'https://www.example-dispensary.com/specials/';

  it('reads a product card repeating a banner’s percent as that banner’s product, not a deal', () => {
    const html = `<main>
      <section class="banner"><h2>20% Off All Wana Edibles</h2><p>Through Sunday.</p></section>
      <div class="products">
        <div class="product"><h3>Wana Sour Gummies 100mg</h3><span>20% Off</span><span>$20</span></div>
        <div class="product"><h3>Wana Quick Gummies 100mg</h3><span>20% Off</span><span>$22</span></div>
      </div></main>`;
    expect(parsePage(html, url).map((deal) => deal.title)).toEqual(['20% Off All Wana Edibles']);
  });

  it('keeps a card with a saving of its own, or a percent no promotion announces', () => {
    const html = `<main><section><h2>20% Off All Wana Edibles</h2><p>Through Sunday.</p></section>
      <div class="product"><h3>Wana Sour Gummies 100mg</h3><span>20% Off</span><span>$16 <s>$20</s></span></div>
      <div class="product"><h3>Proper Jealousy 3.5g</h3><span>25% Off</span><span>$40</span></div></main>`;
    expect(parsePage(html, url).map((deal) => deal.title)).toEqual([
      '20% Off All Wana Edibles',
      'Wana Sour Gummies 100mg',
      'Proper Jealousy 3.5g',
    ]);
  });

  it('never titles a heading-less deal with the page’s or a section’s heading', () => {
    const html = `<main><h1>Daily Deals</h1><div>30% off all vape cartridges today</div>
      <h2>This week</h2><p>BOGO pre-rolls every Friday</p><p>$5 off any eighth on Sunday</p></main>`;
    const titles = parsePage(html, url).map((deal) => deal.title);
    expect(titles).not.toContain('Daily Deals');
    expect(titles).not.toContain('This week');
    expect(titles).toHaveLength(3);
  });

  it('takes the description from the block, not a review or app banner beside it', () => {
    const html = `<main><h3>25% off all concentrates</h3>
      <blockquote class="review">Best budtenders in town! - Sam</blockquote>
      <div class="app-banner">Download our app for exclusive offers</div></main>`;
    const [deal] = parsePage(html, url);
    expect(deal?.title).toBe('25% off all concentrates');
    expect(deal?.description).not.toMatch(/budtenders|Download/);
  });
});
