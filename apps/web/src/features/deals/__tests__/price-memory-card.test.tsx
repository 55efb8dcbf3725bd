import { screen, within } from '@testing-library/react';
import type { Deal } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { deal } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { serve } from '../../../test/server';

// The page's clock (test/fixtures): Wednesday 4 June 2025, noon in St. Louis.

/** The card (its list item) whose title is `title`. */
const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

async function openPage(deals: Deal[]) {
  serve({ deals });
  renderPage();
  await screen.findByText(/^Found \d+ deals?/);
}

describe("a card's price memory", () => {
  it("says what the history says of today's price, from the fields the service sends", async () => {
    await openPage([
      deal({
        title: 'Lowest flower deal',
        salePrice: 25,
        regularPrice: 35,
        lowest30d: 25,
        usualPrice: 35,
        discountCheck: 'real',
      }),
      deal({
        title: 'Dropped vape deal',
        salePrice: 30,
        regularPrice: 40,
        lowest30d: 28,
        usualPrice: 35,
        previousPrice: 35,
        priceChangedAt: '2025-05-29',
        discountCheck: 'real',
      }),
      deal({
        title: 'Dropped a week ago deal',
        salePrice: 30,
        regularPrice: 40,
        lowest30d: 28,
        usualPrice: 35,
        previousPrice: 35,
        priceChangedAt: '2025-05-28',
        discountCheck: 'real',
      }),
      deal({
        title: 'Too new to judge deal',
        salePrice: 20,
        regularPrice: 40,
        lowest30d: 25,
        previousPrice: 35,
        priceChangedAt: '2025-06-03',
        discountCheck: 'unknown',
      }),
      deal({ title: 'No history sent deal', salePrice: 20, regularPrice: 40 }),
    ]);
    expect(within(card('Lowest flower deal')).getByText('Lowest in 30 days')).toBeInTheDocument();
    expect(within(card('Dropped vape deal')).getByText('Down $5 to $30')).toBeInTheDocument();
    for (const title of [
      'Dropped a week ago deal',
      'Too new to judge deal',
      'No history sent deal',
    ]) {
      expect(within(card(title)).queryByText(/Lowest in 30 days|Down \$/)).toBeNull();
    }
    // Where the history judges, the usual price stands beside today's, never the claimed one.
    const judged = within(card('Dropped vape deal'));
    expect(judged.getByText('Usual $35')).toBeInTheDocument();
    expect(judged.getByText('-14%')).toBeInTheDocument();
    expect(judged.queryByText('$40')).toBeNull();
    // Where it cannot, the claimed regular price stays struck, with the claimed percent.
    const unjudged = within(card('Too new to judge deal'));
    expect(unjudged.getByText('$40').closest('s')).not.toBeNull();
    expect(unjudged.getByText('-50%')).toBeInTheDocument();
    expect(unjudged.queryByText(/Usual/)).toBeNull();
  });

  it('puts the usual price in place of an inflated regular price, and the percent off it', async () => {
    await openPage([
      deal({
        title: 'Inflated claim deal',
        salePrice: 30,
        regularPrice: 55,
        discountPercent: 45,
        lowest30d: 28,
        usualPrice: 40,
        discountCheck: 'inflated',
      }),
      deal({
        title: 'Inflated at the usual price deal',
        salePrice: 40,
        regularPrice: 80,
        lowest30d: 38,
        usualPrice: 40,
        discountCheck: 'inflated',
      }),
    ]);
    const inflated = card('Inflated claim deal');
    expect(within(inflated).getByText('Usual $40')).toBeInTheDocument();
    expect(within(inflated).queryByText('$55')).toBeNull();
    expect(within(inflated).queryByText('-45%')).toBeNull();
    expect(within(inflated).getByText('-25%')).toBeInTheDocument();

    const nothingOff = card('Inflated at the usual price deal');
    expect(within(nothingOff).getByText('Its usual price')).toBeInTheDocument();
    expect(within(nothingOff).queryByText('$80')).toBeNull();
    expect(within(nothingOff).queryByText(/^-\d+%$/)).toBeNull();
  });

  it('badges a deal by the verdict where the history judges, by the words where it cannot', async () => {
    await openPage([
      deal({
        title: 'Terp Wednesday: $10 Off',
        salePrice: 50,
        regularPrice: 60,
        usualPrice: 50,
        discountCheck: 'none',
      }),
      deal({
        title: 'Raised and called a deal: 20% off',
        salePrice: 61,
        regularPrice: 80,
        usualPrice: 50,
        discountCheck: 'inflated',
      }),
      deal({ title: 'Clovr Oreoz', salePrice: 26, usualPrice: 50, discountCheck: 'real' }),
      deal({ title: 'Unjudged: 30% off', salePrice: 20, discountCheck: 'unknown' }),
      deal({ title: 'Unjudged and quiet', salePrice: 20, regularPrice: 40 }),
    ]);
    const badged = (title: string) => within(card(title)).queryByText('DEAL') !== null;
    expect(badged('Terp Wednesday: $10 Off')).toBe(false);
    expect(
      within(card('Terp Wednesday: $10 Off')).getByText('Its usual price'),
    ).toBeInTheDocument();
    expect(badged('Raised and called a deal: 20% off')).toBe(false);
    expect(
      within(card('Raised and called a deal: 20% off')).getByText('$11 above its usual price'),
    ).toBeInTheDocument();
    expect(badged('Clovr Oreoz')).toBe(true);
    expect(within(card('Clovr Oreoz')).getByText('-48%')).toBeInTheDocument();
    expect(badged('Unjudged: 30% off')).toBe(true);
    // The spec's rule: no 'off' or '%' in its words, no badge; its claimed percent still shows.
    expect(badged('Unjudged and quiet')).toBe(false);
    expect(within(card('Unjudged and quiet')).getByText('-50%')).toBeInTheDocument();
  });
});
