import { buildDealViews, deriveCategory, logoUrlsFor, type Deal } from '@stl-deals/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deal, DISPENSARIES } from '../../../test/fixtures';
import { DealCard } from '../components/deal-card';

function renderCard(overrides: Partial<Deal> = {}) {
  // As the service sends it: with the category it derives where the menu gave none, and the
  // logos it chooses.
  const made = deal(overrides);
  const served = { ...made, category: deriveCategory(made), logoUrls: logoUrlsFor(made) };
  const [view] = buildDealViews([served], DISPENSARIES, null);
  return render(<DealCard view={view!} categoryFilter="all" headingLevel={3} />);
}

/** Lets the current image "load" at the given natural size. */
function load(image: HTMLElement, width: number, height: number) {
  Object.defineProperties(image, {
    naturalWidth: { value: width },
    naturalHeight: { value: height },
  });
  fireEvent.load(image);
}

const image = () => document.querySelector('img')!;

describe('DealCard', () => {
  it('is one link to the deal, opened in a new tab without opener or referrer', () => {
    renderCard({ title: 'Gummies 25% off', sourceUrl: 'https://shop.example/g' });
    const link = screen.getByRole('link', { name: /Gummies 25% off/ });
    expect(link).toHaveAttribute('href', 'https://shop.example/g');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent('(opens in a new tab)');
  });

  it.each([
    ['product' as const, /^View at 🏪 Swade/],
    ['menu' as const, /^Store menu/],
  ])("says where a '%s' link leads, as a second way to it", (linkKind, words) => {
    renderCard({ title: 'Gummies 25% off', sourceUrl: 'https://shop.example/g', linkKind });
    const via = screen.getByRole('link', { name: words });
    expect(via).toHaveAttribute('href', 'https://shop.example/g');
    expect(via).toHaveAttribute('target', '_blank');
    expect(via).toHaveAttribute('rel', 'noopener noreferrer');
    expect(via).toHaveAccessibleName(expect.stringMatching(/\(opens in a new tab\)$/));
  });

  it('says nothing of where the link leads when the service does not know, or there is none', () => {
    renderCard({ title: 'Gummies 25% off', sourceUrl: 'https://shop.example/g' });
    expect(screen.getAllByRole('link')).toHaveLength(1);
    renderCard({ title: 'Vape 10% off', sourceUrl: 'javascript:alert(1)', linkKind: 'product' });
    expect(screen.queryByRole('link', { name: /View at/ })).toBeNull();
  });

  it('is not a link when the sourceUrl is not http(s)', () => {
    renderCard({ title: 'Gummies 25% off', sourceUrl: 'javascript:alert(1)' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Gummies 25% off' })).toBeInTheDocument();
  });

  it('shows the badge, chips, cut title, price and short description', () => {
    renderCard({
      title: 'Every Cloud Cover eighth in the store is 30% off through the long weekend',
      description: 'Indoor flower, limited stock',
      price: '$28.00',
    });
    expect(screen.getByText('DEAL')).toBeInTheDocument();
    expect(screen.getByRole('heading')).toHaveTextContent(
      'Every Cloud Cover eighth in the store is 30% off through the...',
    );
    expect(screen.getByText('$28.00')).toBeInTheDocument();
    expect(screen.getByText('Indoor flower, limited stock')).toBeInTheDocument();
    expect(screen.getByText('🏪 Swade')).toBeInTheDocument();
    expect(screen.getByText('Flower')).toBeInTheDocument();
  });

  it('says nothing twice: no description that only repeats the special, size and strain above it, no price text that repeats the price row', () => {
    renderCard({
      title: 'Illicit Pineapple Express Pre-Roll - 1g',
      description: 'B2G1 Illicit Pre-Rolls · 1g · Sativa',
      specialName: 'B2G1 Illicit Pre-Rolls',
      size: '1g',
      strainType: 'Sativa',
      price: '$13 · BOGO',
      regularPrice: 13,
      effectivePrice: 6.5,
      multiBuy: 'BOGO',
    });
    expect(screen.getByText('B2G1 Illicit Pre-Rolls')).toBeInTheDocument();
    expect(screen.queryByText('B2G1 Illicit Pre-Rolls · 1g · Sativa')).toBeNull();
    expect(screen.getByText('$6.50 each')).toBeInTheDocument();
    expect(screen.queryByText('$13 · BOGO')).toBeNull();
  });

  it("does not name the special again when it is the deal's title", () => {
    renderCard({ title: '30% Off Head Change Vapes', specialName: '30% off head change vapes' });
    expect(screen.getAllByText(/30% off head change vapes/i)).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'About this deal' })).toBeNull();
  });

  it('keeps a description that says more than the card, beside the special it names', () => {
    renderCard({
      title: 'Illicit Pineapple Express Pre-Roll - 1g',
      description: 'B2G1 Illicit Pre-Rolls · hand-rolled',
      specialName: 'B2G1 Illicit Pre-Rolls',
    });
    expect(screen.getByText('B2G1 Illicit Pre-Rolls')).toBeInTheDocument();
    expect(screen.getByText('B2G1 Illicit Pre-Rolls · hand-rolled')).toBeInTheDocument();
  });

  it("names the whole store on its cut chip, and says what a distance's '~' means", () => {
    const served = { ...deal({ title: 'Gummies 25% off' }), category: 'edibles' as const };
    const stores = DISPENSARIES.map((store) => ({ ...store, approximate: true }));
    const [view] = buildDealViews([served], stores, { lat: 38.63, lng: -90.2 });
    render(<DealCard view={view!} categoryFilter="all" headingLevel={3} />);
    const store = screen.getByTitle('🏪 Swade Cannabis (Delmar)');
    expect(store).toHaveTextContent('🏪 Swade');
    expect(screen.getByRole('link')).toHaveAccessibleName(/Swade Cannabis \(Delmar\)/);
    const distance = screen.getByTitle(/^about \d+\.\d mi \(the store placed by its ZIP code\)$/);
    expect(distance.textContent).toMatch(
      /^~(\d+\.\d mi)about \1 \(the store placed by its ZIP code\)$/,
    );
    expect(screen.getByRole('link')).toHaveAccessibleName(/about \d+\.\d mi/);
  });

  it('says what one item of a multi-buy costs, the offer beside it, and the unit price at that price', () => {
    renderCard({
      title: 'Half-gram live resin carts',
      price: '2 for $65',
      regularPrice: 42,
      unitPrice: { amount: 84, per: 'g' },
      // As the service works them out (`effectivePriceFields`).
      effectivePrice: 32.5,
      multiBuy: '2 for $65',
    });
    expect(screen.getByText('$32.50 each')).toBeInTheDocument();
    // Once: the price text is the offer, which the price row shows.
    expect(screen.getAllByText('2 for $65')).toHaveLength(1);
    expect(screen.getByText('$65.00/g')).toBeInTheDocument();
    expect(screen.queryByText('$84.00/g')).toBeNull();
  });

  it('walks the image chain on errors and too-small images, then shows the placeholder', () => {
    renderCard({
      title: 'Cloud Cover gummies',
      description: 'A fine edible',
      imageUrl: 'https://cdn.example/gummies.jpg',
    });
    expect(image()).toHaveAttribute('src', 'https://cdn.example/gummies.jpg');
    expect(image()).toHaveAttribute('alt', '');
    fireEvent.error(image());
    expect(image()).toHaveAttribute('src', '/logos/brands/cloud-cover.svg');
    load(image(), 400, 40);
    expect(image()).toHaveAttribute('src', '/logos/dispensaries/swade.svg');
    load(image(), 400, 300);
    expect(image()).toHaveAttribute('src', '/logos/dispensaries/swade.svg');
    fireEvent.error(image());
    expect(image()).toHaveAttribute('src', '/images/categories/edibles.svg');
    load(image(), 49, 300);
    expect(image()).toBeNull();
    expect(screen.getByText('🍬')).toBeInTheDocument();
    expect(screen.getAllByText('Edibles')).toHaveLength(2);
  });

  it('skips a blank or non-http image straight to the next in the chain', () => {
    renderCard({ title: 'Plain deal 10% off', imageUrl: 'data:image/png;base64,AAAA' });
    expect(image()).toHaveAttribute('src', '/logos/dispensaries/swade.svg');
  });
});
