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
    expect(within(card('Dropped vape deal')).getByText('Price dropped $5')).toBeInTheDocument();
    for (const title of [
      'Dropped a week ago deal',
      'Too new to judge deal',
      'No history sent deal',
    ]) {
      expect(within(card(title)).queryByText(/Lowest in 30 days|Price dropped|Usual/)).toBeNull();
    }
    // The claimed regular price stays struck where the history does not contradict it.
    expect(within(card('Dropped vape deal')).getByText('$40').closest('s')).not.toBeNull();
    expect(within(card('Too new to judge deal')).getByText('-50%')).toBeInTheDocument();
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
});
