import { screen, waitFor, within } from '@testing-library/react';
import type { Deal } from '@stl-deals/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { deal, DISPENSARIES } from '../../../test/fixtures';
import { installModalDialog } from '../../../test/modal-dialog';
import { renderPage } from '../../../test/render-page';
import { serve } from '../../../test/server';

beforeAll(installModalDialog);

const [swade, greenlight, farAway] = DISPENSARIES.map((d) => ({
  dispensary: d.name,
  dispensaryKey: d.key,
}));

const PRODUCT = 'flower|blue dream|3.5g';
const SHARED_LINK = `?product=${encodeURIComponent(PRODUCT)}`;

const FEED: Deal[] = [
  deal({
    title: 'Blue Dream flower eighth at Swade',
    price: '$30.00',
    salePrice: 30,
    productKey: PRODUCT,
    sourceUrl: 'https://swade.example/blue-dream',
    ...swade,
  }),
  deal({
    title: 'Blue Dream 3.5g flower at Greenlight',
    price: '2 for $50',
    regularPrice: 32,
    effectivePrice: 25,
    multiBuy: '2 for $50',
    productKey: PRODUCT,
    ...greenlight,
  }),
  deal({
    title: 'Blue Dream flower eighth special',
    price: '$27.50',
    salePrice: 27.5,
    productKey: PRODUCT,
    ...farAway,
  }),
  // The same product twice at one store: the store counts once, at its cheaper deal.
  deal({
    title: 'Blue Dream flower, second Swade deal',
    price: '$31.00',
    salePrice: 31,
    productKey: PRODUCT,
    ...swade,
  }),
  deal({
    title: 'Gummies only here 10% off',
    price: '$12.00',
    productKey: 'edible|x|10pk',
    ...swade,
  }),
  deal({ title: 'No product key deal', price: '$9.00', ...greenlight }),
];

const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

const alsoAtButton = (title: string) =>
  within(card(title)).getByRole('button', { name: /^Also at/ });

/** The comparison's rows as 'store | price | per item', cheapest first (a store's button aside). */
function rows(dialog: HTMLElement): string[] {
  return within(dialog)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('th, td')]
        .map((cell) => {
          const copy = cell.cloneNode(true) as HTMLElement;
          for (const button of copy.querySelectorAll('button')) button.remove();
          return copy.textContent?.replace(/ \(opens the deal in a new tab\)/, '');
        })
        .join(' | '),
    );
}

async function openPage(query = '', deals = FEED, services = {}, dispensaries = DISPENSARIES) {
  serve({ deals, dispensaries });
  const page = renderPage({ query, services });
  await screen.findByText(/^Found \d+ deals?/);
  return page;
}

describe("'Also at N stores' and the comparison", () => {
  it('says on each card how many other stores have the product and from what price', async () => {
    await openPage();
    expect(alsoAtButton('Blue Dream flower eighth at Swade')).toHaveTextContent(
      /^Also at 2 stores from \$25/,
    );
    expect(alsoAtButton('Blue Dream 3.5g flower at Greenlight')).toHaveTextContent(
      /^Also at 2 stores from \$27\.50/,
    );
    expect(alsoAtButton('Blue Dream flower eighth special')).toHaveTextContent(
      /^Also at 2 stores from \$25/,
    );
    expect(alsoAtButton('Blue Dream flower eighth at Swade')).toHaveAccessibleName(
      'Also at 2 stores from $25: compare Blue Dream flower eighth at Swade',
    );
    for (const title of ['Gummies only here 10% off', 'No product key deal']) {
      expect(within(card(title)).queryByRole('button', { name: /^Also at/ })).toBeNull();
    }
  });

  it('opens the product at every store, cheapest first, and names it in the URL', async () => {
    const { user } = await openPage('?category=flower');
    await user.click(alsoAtButton('Blue Dream flower eighth at Swade'));

    const dialog = await screen.findByRole('dialog', {
      name: 'Blue Dream 3.5g flower at Greenlight',
    });
    expect(window.location.search).toBe(
      `?category=flower&product=${encodeURIComponent(PRODUCT).replace(/%20/g, '+')}`,
    );
    expect(
      within(dialog).getByText('On deal at 3 stores today, cheapest first'),
    ).toBeInTheDocument();
    expect(rows(dialog)).toEqual([
      'Greenlight | $32 | $25, 2 for $50',
      'Far Away Farms | $27.50 | $27.50',
      '🏪 Swade | $30 | $30',
    ]);
    expect(within(dialog).getByRole('link', { name: /Swade/ })).toHaveAttribute(
      'href',
      'https://swade.example/blue-dream',
    );
    // No location known: no distance column.
    expect(within(dialog).queryByRole('columnheader', { name: 'Distance' })).toBeNull();
    // The list behind it stays as it was.
    expect(screen.getByText('Found 4 deals (of 6 total)')).toBeInTheDocument();
  });

  it('is reached and left by keyboard: focus moves in, Escape closes it and focus returns', async () => {
    const { user } = await openPage();
    const button = alsoAtButton('Blue Dream flower eighth special');
    button.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAttribute('open');
    await waitFor(() => expect(within(dialog).getByRole('heading', { level: 2 })).toHaveFocus());
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.search).toBe('');
    expect(button).toHaveFocus();
  });

  it('closes with Back, as it opened with a history entry', async () => {
    const { user } = await openPage();
    const button = alsoAtButton('Blue Dream flower eighth at Swade');
    await user.click(button);
    await screen.findByRole('dialog');
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.search).toBe('');
    expect(button).toHaveFocus();
  });

  it('opens from a shared link, and its Close button takes the product out of the address', async () => {
    const { user } = await openPage(SHARED_LINK);
    const dialog = await screen.findByRole('dialog', {
      name: 'Blue Dream 3.5g flower at Greenlight',
    });
    expect(rows(dialog)).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.search).toBe('');
    expect(screen.getByText(/^Found 6 deals/)).toHaveFocus();
  });

  it('says so when a shared link names a product no store in the list has today', async () => {
    await openPage('?product=vape%7Cgone%7C1g');
    const dialog = await screen.findByRole('dialog', { name: 'Compare stores' });
    expect(
      within(dialog).getByText(/No store in this list has this product on deal today/),
    ).toBeInTheDocument();
  });

  it('shows the distance when the location is known', async () => {
    const here = { latitude: 38.6556, longitude: -90.3049 };
    const geolocation = {
      getCurrentPosition: (success: PositionCallback) =>
        success({ coords: here, timestamp: 0 } as unknown as GeolocationPosition),
    } as unknown as Geolocation;
    const permissions = {
      query: () => Promise.resolve({ state: 'granted' } as PermissionStatus),
    } as unknown as Permissions;
    await openPage(SHARED_LINK, FEED, { geolocation, permissions });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('columnheader', { name: 'Distance' })).toBeInTheDocument(),
    );
    expect(rows(dialog).map((row) => row.split(' | ').at(-1))).toEqual([
      '19.7 mi',
      '231.9 mi',
      '0.1 mi',
    ]);
  });

  it("adds each store's price with its taxes when prices show with tax, an estimate where a part is unknown", async () => {
    const taxed = DISPENSARIES.map((dispensary) =>
      dispensary.key === 'swade'
        ? {
            ...dispensary,
            tax: {
              localMarijuana: { rate: 3, status: 'verified' as const },
              sales: { rate: 9.679, status: 'inferred' as const },
            },
          }
        : dispensary,
    );
    const { user } = await openPage('?tax=rec', FEED, {}, taxed);
    // $30 at Swade: 6% state, 3% local and 9.679% sales tax on the shelf price.
    expect(
      within(card('Blue Dream flower eighth at Swade')).getByText('~$35.60 with tax'),
    ).toBeInTheDocument();
    // Greenlight's rates are not known: the state's 6% alone, an estimate naming what it lacks.
    expect(
      within(card('Blue Dream 3.5g flower at Greenlight')).getByText(
        '~$26.50 with tax (estimate: local and sales tax unknown)',
      ),
    ).toBeInTheDocument();

    await user.click(alsoAtButton('Blue Dream flower eighth at Swade'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('columnheader', { name: 'With tax' })).toBeInTheDocument();
    expect(rows(dialog)).toEqual([
      'Greenlight | $32 | $25, 2 for $50 | ~$26.50 (estimate: local and sales tax unknown)',
      'Far Away Farms | $27.50 | $27.50 | ~$29.15 (estimate: local and sales tax unknown)',
      '🏪 Swade | $30 | $30 | ~$35.60',
    ]);
  });
});
