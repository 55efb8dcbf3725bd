import {
  buildDealViews,
  deriveCategory,
  effectivePriceFields,
  logoUrlsFor,
  type Deal,
  type DealView,
  type PricesWithTax,
  pricesWithTax,
} from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { deal, DISPENSARIES } from '../../../test/fixtures';
import { dealCardView, dealFactsView, restatesCard, taxLine } from './deal-card';

function cardOf(
  overrides: Parameters<typeof deal>[0],
  categoryFilter = 'all' as const,
  dispensaries = DISPENSARIES,
) {
  const [view] = buildDealViews([served(deal(overrides))], dispensaries, {
    lat: 38.6556,
    lng: -90.3049,
  });
  return dealCardView(view!, categoryFilter);
}

/** A deal as the service sends it: with its category, price per item, multi-buy and logos. */
const served = (made: Deal): Deal => ({
  ...made,
  category: deriveCategory(made),
  ...effectivePriceFields(made),
  logoUrls: logoUrlsFor(made),
});

describe('dealCardView', () => {
  it("computes every part of the card with the domain's rules", () => {
    const card = cardOf({
      title: 'Live resin carts: 20% off every strain in the store this week and more',
      description: 'Half grams, all strains',
      price: '$25.00',
      sourceUrl: 'https://shop.example/resin',
    });
    expect(card).toEqual({
      href: 'https://shop.example/resin',
      title: 'Live resin carts: 20% off every strain in the store this wee...',
      price: '$25.00',
      priceIsOffer: false,
      description: 'Half grams, all strains',
      dealBadge: true,
      dispensaryChip: '🏪 Swade',
      distanceChip: '0.1 mi',
      categoryChip: 'Vapes',
      images: ['/logos/dispensaries/swade.svg', '/images/categories/vapes.svg'],
      placeholder: { emoji: '💨', text: 'Vapes' },
    });
  });

  it('prices a multi-buy per item, large, with the offer small beside it', () => {
    const facts = (overrides: Parameters<typeof deal>[0]) => {
      const [view] = buildDealViews([served(deal(overrides))], DISPENSARIES, null);
      const { sale, offer } = dealFactsView(view!);
      return { sale, offer, priceIsOffer: dealCardView(view!, 'all').priceIsOffer };
    };
    // The price text is the offer: the price row says it all.
    expect(facts({ title: 'Half-gram carts', price: '2 for $65', regularPrice: 42 })).toEqual({
      sale: '$32.50 each',
      offer: '2 for $65',
      priceIsOffer: true,
    });
    // The price text says more: it stays under the price row.
    expect(facts({ title: 'Carts', price: '$42 · 2 FOR $65', regularPrice: 42 })).toEqual({
      sale: '$32.50 each',
      offer: '2 for $65',
      priceIsOffer: false,
    });
    expect(facts({ title: 'Carts', price: '$42', salePrice: 42 })).toEqual({
      sale: '$42',
      offer: null,
      priceIsOffer: false,
    });
  });

  it('tries the logos the service sent, and chooses none itself from a backend that sends none', () => {
    const made = deal({ title: 'Wyld gummies', imageUrl: 'https://cdn.example/g.jpg' });
    const [sent, unsent] = buildDealViews(
      [served(made), { ...made, category: 'edibles' }],
      DISPENSARIES,
      null,
    );
    expect(dealCardView(sent!, 'all').images).toEqual([
      'https://cdn.example/g.jpg',
      '/logos/brands/wyld.svg',
      '/logos/dispensaries/swade.svg',
      '/images/categories/edibles.svg',
    ]);
    expect(dealCardView(unsent!, 'all')).toMatchObject({
      images: ['https://cdn.example/g.jpg', '/images/categories/edibles.svg'],
      placeholder: { emoji: '🍬', text: 'Edibles' },
    });
  });

  it('is no link when the sourceUrl is not http(s)', () => {
    expect(cardOf({ sourceUrl: 'javascript:alert(1)' }).href).toBeNull();
    expect(cardOf({ sourceUrl: '/relative' }).href).toBeNull();
  });

  it('shows the description as the title when the title is blank, and no second time', () => {
    const card = cardOf({ title: ' ', description: 'Buy one gummy pack, get one free' });
    expect(card.title).toBe('Buy one gummy pack, get one free');
    expect(card.description).toBeNull();
  });

  it('hides the category chip under a category filter, and the distance chip when unknown', () => {
    const card = cardOf({ title: 'Gummies 10% off', dispensaryKey: 'nowhere' }, 'edibles' as 'all');
    expect(card.categoryChip).toBeNull();
    expect(card.distanceChip).toBeNull();
  });

  it("marks the distance to a dispensary placed only by its ZIP's centroid as approximate", () => {
    const approximate = DISPENSARIES.map((dispensary) => ({
      ...dispensary,
      locationSource: 'zip-centroid' as const,
      approximate: true,
    }));
    expect(cardOf({}, 'all', approximate).distanceChip).toBe('~0.1 mi');
  });
});

describe('dealFactsView', () => {
  it.each([
    [{ min: 24, max: 24, unit: '%' as const }, 'THC 24%'],
    [{ min: 20, max: 24, unit: '%' as const }, 'THC 20–24%'],
    [{ min: 100, max: 100, unit: 'mg' as const }, 'THC 100 mg'],
  ])('ends the details line with the THC figure %j', (thc, text) => {
    const [potent] = buildDealViews(
      [served(deal({ size: '3.5g', strainType: 'Hybrid', thc }))],
      DISPENSARIES,
      null,
    );
    expect(dealFactsView(potent!).details).toEqual(['3.5g', 'Hybrid', text]);
  });

  it('says no THC where the deal states none', () => {
    const [plain] = buildDealViews([served(deal({ size: '3.5g' }))], DISPENSARIES, null);
    expect(dealFactsView(plain!).details).toEqual(['3.5g']);
  });

  it("shows a multi-buy's unit price at its price per item, not at the item's own price", () => {
    const [multiBuy] = buildDealViews(
      [served(deal({ price: '2 for $65', regularPrice: 42, unitPrice: { amount: 84, per: 'g' } }))],
      DISPENSARIES,
      null,
    );
    expect(dealFactsView(multiBuy!).unitPrice).toBe('$65.00/g');
  });

  const [view] = buildDealViews(
    [deal({ salePrice: 20, regularPrice: 30, endsAt: '2026-11-26T05:00:00.000Z' })],
    DISPENSARIES,
    null,
  );
  const tuesdayNoon = { now: Date.parse('2026-11-24T18:00:00Z'), timeZone: 'America/Chicago' };

  it('answers the same facts for the same view and context, and works them out for a new context', () => {
    const context = { ...tuesdayNoon, day: 'tuesday' as const };
    const first = dealFactsView(view!, context);
    expect(first).toMatchObject({
      sale: '$20',
      regular: '$30',
      discount: '-33%',
      ends: 'Ends Wed',
    });
    expect(dealFactsView(view!, context)).toBe(first);
    // Another load (a new context), a day later: the same deal now ends today.
    const later = {
      now: tuesdayNoon.now + 86_400_000,
      timeZone: 'America/Chicago',
      day: 'wednesday' as const,
    };
    expect(dealFactsView(view!, later).ends).toBe('Ends today');
    expect(dealFactsView(view!).ends).toBeNull();
  });
});

describe('taxLine', () => {
  const [view] = buildDealViews(
    [served(deal({ price: '$25', salePrice: 25 }))],
    DISPENSARIES,
    null,
  );
  const [unpriced] = buildDealViews([served(deal({ price: 'See store' }))], DISPENSARIES, null);
  const withTax = (mode: 'rec' | 'med', sales: number | null) =>
    pricesWithTax(mode, [
      {
        key: 'swade',
        tax: {
          localMarijuana: { rate: 3, status: 'verified' },
          sales: { rate: sales, status: sales === null ? 'unknown' : 'inferred' },
        },
      },
    ]);

  it.each<[string, DealView, PricesWithTax | null, string | null]>([
    ['the switch off', view!, null, null],
    ['adult-use: state, local and sales tax', view!, withTax('rec', 9.679), '~$29.67 with tax'],
    ['medical: no local marijuana tax', view!, withTax('med', 9.679), '~$28.42 with tax'],
    [
      'a part unknown: an estimate without it',
      view!,
      withTax('rec', null),
      '~$27.25 with tax (estimate: sales tax unknown)',
    ],
    ['no price known', unpriced!, withTax('rec', 9.679), null],
  ])('%s', (_, card, tax, line) => {
    expect(taxLine(card, tax)).toBe(line);
  });
});

describe('restatesCard', () => {
  const shown = ['B2G1 Pre-Rolls', '1g', 'Illicit', 'Sativa'];
  it.each([
    ['B2G1 Pre-Rolls · 1g · Sativa', true],
    ['b2g1 pre-rolls · 1G', true],
    ['Sativa', true],
    ['B2G1 Pre-Rolls · 1g · limited stock', false],
    ['Hand-rolled in house, 1g of Sativa', false],
    ['', false],
    [' · ', false],
  ])('%j restates the card: %s', (description, restates) => {
    expect(restatesCard(description, [...shown, null])).toBe(restates);
  });
});
