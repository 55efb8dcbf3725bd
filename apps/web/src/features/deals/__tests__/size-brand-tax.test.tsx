import { act, screen, waitFor, within } from '@testing-library/react';
import type { Deal, Dispensary, DispensaryTax } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { deal, DISPENSARIES } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { serve } from '../../../test/server';

const [swade, greenlight, farAway] = DISPENSARIES.map((d) => ({
  dispensary: d.name,
  dispensaryKey: d.key,
}));

const cardTitles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((option) => [(option as HTMLOptionElement).value, option.textContent]);

async function openPage(deals: Deal[], query = '', dispensaries: Dispensary[] = DISPENSARIES) {
  serve({ deals, dispensaries });
  const page = renderPage({ query });
  await screen.findByText(/^Found \d+ deals?/);
  return page;
}

describe('the Size filter', () => {
  const SIZED = [
    deal({ title: 'Blue Dream flower special', size: '1/8 oz', ...swade }),
    deal({ title: 'Gelato flower special', size: '3.54g', ...greenlight }),
    deal({ title: 'Live resin cart special', size: '1000mg', category: 'vapes', ...swade }),
    deal({ title: 'Runtz ounce flower special', size: '28 g', ...swade }),
    deal({ title: 'Store-wide flower special', ...swade }),
  ];

  it('offers any size and the weights sold, and keeps the deals of the one chosen', async () => {
    const { user } = await openPage(SIZED);
    expect(optionsOf('Size')).toEqual([
      ['any', 'Any size'],
      ['gram', '1 g'],
      ['eighth', '1/8 oz'],
      ['quarter', '1/4 oz'],
      ['half', '1/2 oz'],
      ['ounce', '1 oz'],
    ]);
    await user.selectOptions(screen.getByLabelText('Size'), 'eighth');
    expect(screen.getByText('Found 2 deals (of 5 total)')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Blue Dream flower special', 'Gelato flower special']);
    expect(window.location.search).toBe('?size=eighth');

    await user.selectOptions(screen.getByLabelText('Size'), 'gram');
    expect(cardTitles()).toEqual(['Live resin cart special']);
    await user.selectOptions(screen.getByLabelText('Size'), 'half');
    expect(screen.getByText('No deals found.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Size'), 'any');
    expect(screen.getByText('Found 5 deals')).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('opens a shared link on its size', async () => {
    await openPage(SIZED, '?size=ounce');
    expect(screen.getByLabelText('Size')).toHaveValue('ounce');
    expect(cardTitles()).toEqual(['Runtz ounce flower special']);
  });

  it('falls back to any size for a size that is no choice, and says so in the address bar', async () => {
    await openPage(SIZED, '?size=3.5g&category=flower');
    expect(screen.getByLabelText('Size')).toHaveValue('any');
    await waitFor(() => expect(window.location.search).toBe('?category=flower'));
  });
});

describe('the Brand filter', () => {
  const BRANDED = [
    deal({ title: 'Wyld gummies special', brand: 'Wyld', ...swade }),
    deal({ title: 'Good Day Farm flower special', brand: 'Good Day Farm', ...greenlight }),
    deal({ title: 'Wyld gummies second special', brand: 'WYLD ', ...greenlight }),
    deal({ title: 'Unbranded flower special', ...swade }),
  ];

  it("lists the loaded deals' brands once each, sorted, and keeps the deals of the one chosen", async () => {
    const { user } = await openPage(BRANDED);
    expect(optionsOf('Brand')).toEqual([
      ['', 'All brands'],
      ['good day farm', 'Good Day Farm'],
      ['wyld', 'Wyld'],
    ]);
    await user.selectOptions(screen.getByLabelText('Brand'), 'wyld');
    expect(screen.getByText('Found 2 deals (of 4 total)')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Wyld gummies special', 'Wyld gummies second special']);
    expect(window.location.search).toBe('?brand=wyld');
  });

  it('opens a shared link on its brand, whatever its spelling', async () => {
    await openPage(BRANDED, '?brand=GOOD+DAY+FARM');
    expect(screen.getByLabelText('Brand')).toHaveValue('good day farm');
    expect(cardTitles()).toEqual(['Good Day Farm flower special']);
    await waitFor(() => expect(window.location.search).toBe('?brand=good+day+farm'));
  });

  it('falls back to every brand for a brand no loaded deal is of', async () => {
    await openPage(BRANDED, '?brand=kiva&category=edibles');
    await waitFor(() => expect(window.location.search).toBe('?category=edibles'));
    expect(screen.getByLabelText('Brand')).toHaveValue('');
    expect(cardTitles()).toEqual(['Wyld gummies special', 'Wyld gummies second special']);
  });
});

describe("the 'Best real discount' sort", () => {
  it("orders by the percent below the product's usual price, unknown ones last", async () => {
    const { user } = await openPage([
      deal({ title: 'Live resin cart special', price: '$20.00', salePrice: 20, ...swade }),
      deal({
        title: 'Gelato flower special',
        price: '$30.00',
        salePrice: 30,
        usualPrice: 40,
        discountCheck: 'real',
        ...swade,
      }),
      deal({
        title: 'Wyld gummies special',
        price: '$10.00',
        salePrice: 10,
        usualPrice: 20,
        discountCheck: 'unknown',
        ...swade,
      }),
      deal({
        title: 'Runtz flower special',
        price: '$45.00',
        salePrice: 45,
        regularPrice: 90,
        usualPrice: 50,
        discountCheck: 'inflated',
        ...swade,
      }),
      deal({
        title: 'Kief jar special',
        price: '$15.00',
        salePrice: 15,
        usualPrice: 30,
        discountCheck: 'real',
        ...swade,
      }),
    ]);
    await user.selectOptions(screen.getByLabelText('Sort By'), 'real-discount');
    expect(screen.getByLabelText('Sort By')).toHaveDisplayValue('Best real discount');
    expect(cardTitles()).toEqual([
      'Kief jar special', // 50% below its usual $30
      'Gelato flower special', // 25%
      'Runtz flower special', // 10% below its usual $50, whatever the 50% off its claim says
      'Live resin cart special', // no usual price
      'Wyld gummies special', // too few days seen
    ]);
    expect(window.location.search).toBe('?sort=real-discount');
  });
});

describe("'Prices with tax'", () => {
  const rates = (localMarijuana: number, sales: number): DispensaryTax => ({
    localMarijuana: { rate: localMarijuana, status: 'verified' },
    sales: { rate: sales, status: 'verified' },
  });
  const TAXED: Dispensary[] = DISPENSARIES.map((d) =>
    d.key === 'swade'
      ? { ...d, tax: rates(3, 10) }
      : d.key === 'greenlight'
        ? { ...d, tax: rates(0, 5) }
        : d,
  );
  // Adult-use: $30 at Swade is $35.70 (19%), $31 at Greenlight $34.41 (11%), $33 at Far Away
  // (no rates sent: sorted at the lowest known, 0% local and 5% sales, with the state's 6%)
  // $36.63. Medical: $34.20, $33.79 and $35.97.
  const PRICED = [
    deal({ title: 'Swade flower special', price: '$30.00', ...swade }),
    deal({ title: 'Greenlight flower special', price: '$31.00', ...greenlight }),
    deal({ title: 'Far Away flower special', price: '$33.00', ...farAway }),
  ];

  it('is off by default, and the price sorts follow the prices with the chosen tax', async () => {
    const { user } = await openPage(PRICED, '?sort=price-low', TAXED);
    const tax = screen.getByLabelText('Prices with tax');
    expect(tax).toHaveValue('off');
    expect(optionsOf('Prices with tax')).toEqual([
      ['off', 'Off'],
      ['rec', 'Adult-use'],
      ['med', 'Medical'],
    ]);
    expect(cardTitles()).toEqual([
      'Swade flower special',
      'Greenlight flower special',
      'Far Away flower special',
    ]);

    await user.selectOptions(tax, 'rec');
    expect(window.location.search).toBe('?sort=price-low&tax=rec');
    expect(cardTitles()).toEqual([
      'Greenlight flower special',
      'Swade flower special',
      'Far Away flower special',
    ]);

    await user.selectOptions(tax, 'med');
    expect(cardTitles()).toEqual([
      'Greenlight flower special',
      'Swade flower special',
      'Far Away flower special',
    ]);
    await user.selectOptions(screen.getByLabelText('Sort By'), 'price-high');
    expect(cardTitles()).toEqual([
      'Far Away flower special',
      'Swade flower special',
      'Greenlight flower special',
    ]);
    expect(window.location.search).toBe('?sort=price-high&tax=med');
  });

  it('ignores a tax choice that is not one', async () => {
    await openPage(PRICED, '?tax=yes&sort=price-low', TAXED);
    expect(screen.getByLabelText('Prices with tax')).toHaveValue('off');
    await waitFor(() => expect(window.location.search).toBe('?sort=price-low'));
  });
});

describe('the new controls', () => {
  const MIXED = [
    deal({ title: 'Wyld gummies special', brand: 'Wyld', size: '100mg', ...swade }),
    deal({ title: 'Blue Dream flower special', brand: 'Flora', size: '3.5g', ...swade }),
    deal({ title: 'Gelato flower special', brand: 'Flora', size: '7g', ...swade }),
  ];

  it('are reached in order with the keyboard, after the category', async () => {
    const { user } = await openPage(MIXED);
    screen.getByLabelText('Category').focus();
    await user.tab();
    expect(screen.getByLabelText('Size')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Brand')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('THC')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Type')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Open')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Sort By')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Prices with tax')).toHaveFocus();
  });

  it('give each settled change one history entry, which back and forward walk', async () => {
    const { user } = await openPage(MIXED);
    await user.selectOptions(screen.getByLabelText('Brand'), 'flora');
    await user.selectOptions(screen.getByLabelText('Size'), 'quarter');
    await user.selectOptions(screen.getByLabelText('Prices with tax'), 'rec');
    expect(window.location.search).toBe('?size=quarter&brand=flora&tax=rec');
    expect(cardTitles()).toEqual(['Gelato flower special']);

    act(() => window.history.back());
    await waitFor(() => expect(screen.getByLabelText('Prices with tax')).toHaveValue('off'));
    expect(window.location.search).toBe('?size=quarter&brand=flora');
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByLabelText('Size')).toHaveValue('any'));
    expect(cardTitles()).toEqual(['Blue Dream flower special', 'Gelato flower special']);
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByLabelText('Brand')).toHaveValue(''));
    expect(screen.getByText('Found 3 deals')).toBeInTheDocument();

    act(() => window.history.forward());
    await waitFor(() => expect(window.location.search).toBe('?brand=flora'));
    expect(cardTitles()).toEqual(['Blue Dream flower special', 'Gelato flower special']);
  });

  it("count on the phone's Filters button when chosen", async () => {
    await openPage(MIXED, '?size=eighth&brand=flora&tax=med');
    // jsdom joins the button's inline parts without their spaces when it names it: its text says it.
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent(
      /^Filters \(3 active\)$/,
    );
  });
});

describe('the THC and Type filters', () => {
  const POTENT = [
    deal({
      title: 'Blue Dream flower special',
      strainType: 'Sativa',
      thc: { min: 24, max: 24, unit: '%' },
      ...swade,
    }),
    deal({
      title: 'Gelato flower special',
      strainType: 'Hybrid',
      thc: { min: 18, max: 21.5, unit: '%' },
      ...greenlight,
    }),
    deal({
      title: 'Wyld gummies special',
      category: 'edibles',
      strainType: 'Indica',
      thc: { min: 100, max: 100, unit: 'mg' },
      ...farAway,
    }),
    deal({ title: 'Store-wide flower special', ...swade }),
  ];

  it("says each deal's THC on its card, and keeps the deals of the THC and type chosen", async () => {
    const { user } = await openPage(POTENT);
    expect(screen.getByText('Sativa · THC 24%')).toBeInTheDocument();
    expect(screen.getByText('Hybrid · THC 18–21.5%')).toBeInTheDocument();
    expect(screen.getByText('Indica · THC 100 mg')).toBeInTheDocument();
    expect(optionsOf('THC').map(([, label]) => label)).toEqual([
      'Any THC',
      '15%+',
      '20%+',
      '25%+',
      '30%+',
      '10 mg+',
      '50 mg+',
      '100 mg+',
    ]);
    await user.selectOptions(screen.getByLabelText('THC'), '20');
    expect(cardTitles()).toEqual(['Blue Dream flower special', 'Gelato flower special']);
    expect(window.location.search).toBe('?thc=20');
    await user.selectOptions(screen.getByLabelText('Type'), 'Hybrid');
    expect(cardTitles()).toEqual(['Gelato flower special']);
    expect(window.location.search).toBe('?thc=20&type=Hybrid');
    await user.selectOptions(screen.getByLabelText('THC'), '50mg');
    expect(screen.getByText('No deals found.')).toBeInTheDocument();
  });

  it('opens a shared link on its THC and type; a deal without them passes only any', async () => {
    await openPage(POTENT, '?thc=100mg&type=Indica');
    expect(cardTitles()).toEqual(['Wyld gummies special']);
    expect(screen.getByLabelText('THC')).toHaveValue('100mg');
    expect(screen.getByLabelText('Type')).toHaveValue('Indica');
  });
});
