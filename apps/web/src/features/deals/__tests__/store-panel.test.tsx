import { screen, waitFor, within } from '@testing-library/react';
import { WEEKDAYS, type Deal, type Dispensary } from '@stl-deals/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { deal, DISPENSARIES, readyStatus } from '../../../test/fixtures';
import { installModalDialog } from '../../../test/modal-dialog';
import { renderPage } from '../../../test/render-page';
import { serve } from '../../../test/server';

beforeAll(installModalDialog);

// The suite's clock: Wednesday 4 June 2025, noon in St. Louis.
const TEN_TO_NINE = [{ opens: '10:00', closes: '21:00' }];
const WEEK = Object.fromEntries(
  WEEKDAYS.map((day) => [day, day === 'monday' ? [] : TEN_TO_NINE]),
) as Record<(typeof WEEKDAYS)[number], typeof TEN_TO_NINE>;

const [swade, greenlight, farAway] = DISPENSARIES;
// Open every day but Wednesday, today.
const NOT_WEDNESDAY = Object.fromEntries(
  WEEKDAYS.map((day) => [day, day === 'wednesday' ? [] : TEN_TO_NINE]),
) as typeof WEEK;
const STORES: Array<Dispensary & Record<string, unknown>> = [
  {
    ...swade!,
    address: '6100 Delmar Blvd, St. Louis, MO 63112',
    website: 'https://swade.example/',
    phone: { source: 'platform', display: '(314) 555-0123', href: 'tel:+13145550123' },
    platform: 'dutchie',
    hours: { source: 'platform', week: WEEK },
  },
  // Hours the contract refuses are unknown: the card says nothing of them.
  {
    ...greenlight!,
    website: 'javascript:alert(1)',
    // A phone the contract refuses (no US number) is left out, as unknown.
    phone: { source: 'registry', display: '911', href: 'tel:911' },
    hours: { source: 'registry', week: {} } as unknown as Dispensary['hours'],
  },
  { ...farAway!, hours: { source: 'registry', week: NOT_WEDNESDAY } },
  ...DISPENSARIES.slice(3),
];

const at = (store: Dispensary) => ({ dispensary: store.name, dispensaryKey: store.key });
const FEED: Deal[] = [
  deal({ id: 'dutchie:swade:1', title: 'Swade gummies 20% off', price: '$16.00', ...at(swade!) }),
  deal({ id: 'dutchie:swade:2', title: 'Swade vape cart special', price: '$30.00', ...at(swade!) }),
  deal({ id: 'html:greenlight:1', title: 'Greenlight flower deal', ...at(greenlight!) }),
  deal({ id: 'html:far-away:1', title: 'Far Away edible deal', ...at(farAway!) }),
];

const STATUS = readyStatus({
  totalDeals: FEED.length,
  sources: [
    {
      key: swade!.key,
      name: swade!.name,
      state: 'ok',
      dealCount: 2,
      lastSuccessAt: '2025-06-04T16:30:00Z',
      lastAttemptAt: '2025-06-04T16:30:00Z',
      error: null,
      pricesHeldBack: 3,
    },
  ],
});

const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

async function openPage(query = '') {
  serve({
    deals: FEED,
    dealsOf: { swade: FEED.filter((item) => item.dispensaryKey === 'swade') },
    dispensaries: STORES,
    status: STATUS,
  });
  const page = renderPage({ query });
  await screen.findByText(/^Found \d+ deals?/);
  return page;
}

describe("a store's hours on its cards and its panel", () => {
  it("says on each card what the store's hours say now, and nothing of hours unknown", async () => {
    await openPage();
    const swadeButton = await within(card('Swade gummies 20% off')).findByRole('button', {
      name: /^Open · closes 9 pm/,
    });
    expect(swadeButton).toHaveAccessibleName(`Open · closes 9 pm: ${swade!.name}`);
    expect(
      within(card('Greenlight flower deal')).getByRole('button', { name: /^Store info/ }),
    ).toHaveAccessibleName(`Store info: ${greenlight!.name}`);
  });

  it('opens the panel from a card: address, directions, website, the week with today marked, the reading, taxes and its deals', async () => {
    const { user } = await openPage();
    const button = await within(card('Swade gummies 20% off')).findByRole('button', {
      name: /^Open · closes 9 pm/,
    });
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: swade!.name });
    expect(window.location.search).toBe('?store=swade');
    expect(within(panel).getByText(/6100 Delmar Blvd/)).toBeInTheDocument();
    const directions = within(panel).getByRole('link', { name: /Directions/ });
    expect(directions.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${swade!.name}, 6100 Delmar Blvd, St. Louis, MO 63112`)}`,
    );
    expect(within(panel).getByRole('link', { name: /Store website/ })).toHaveAttribute(
      'href',
      'https://swade.example/',
    );
    // The phone comes with the hours, in the stores' details read once the list shows.
    expect(await within(panel).findByRole('link', { name: 'Call (314) 555-0123' })).toHaveAttribute(
      'href',
      'tel:+13145550123',
    );
    const days = within(panel)
      .getAllByRole('row')
      .map((row) => row.textContent)
      .slice(0, 7);
    expect(days).toEqual([
      'MondayClosed',
      'Tuesday10 am – 9 pm',
      'Wednesday Today10 am – 9 pm',
      'Thursday10 am – 9 pm',
      'Friday10 am – 9 pm',
      'Saturday10 am – 9 pm',
      'Sunday10 am – 9 pm',
    ]);
    expect(within(panel).getByText(/Hours as the store's Dutchie page states them/)).toBeVisible();
    expect(within(panel).getByText(/Deals read from Dutchie\. Last read/)).toHaveTextContent(
      '2 deals',
    );
    expect(within(panel).getByText(/3 prices held back/)).toBeInTheDocument();
    expect(within(panel).getByText(/^State 6% \(medical 4%\)/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Swade vape cart special/ })).toBeVisible();
    expect(within(panel).queryByText(/Greenlight flower deal/)).toBeNull();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.search).toBe('');
    expect(button).toHaveFocus();
  });

  it("opens from a shared link, and 'List only this store' lists its deals", async () => {
    const { user } = await openPage('?store=swade');
    const panel = await screen.findByRole('dialog', { name: swade!.name });
    await user.click(within(panel).getByRole('button', { name: 'List only this store' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText(/^Found 2 deals/);
    expect(new URLSearchParams(window.location.search).get('dispensary')).toBe('swade');
    expect(new URLSearchParams(window.location.search).get('store')).toBeNull();
  });

  it('shows no website that is not http(s), and says when the hours are unknown', async () => {
    const { user } = await openPage();
    await user.click(
      within(card('Greenlight flower deal')).getByRole('button', { name: /^Store info/ }),
    );
    const panel = await screen.findByRole('dialog', { name: greenlight!.name });
    expect(within(panel).queryByRole('link', { name: /Store website/ })).toBeNull();
    expect(within(panel).queryByRole('link', { name: /Directions/ })).toBeNull();
    expect(within(panel).queryByRole('link', { name: /^Call/ })).toBeNull();
    expect(within(panel).getByText('Its hours are unknown: check with the store.')).toBeVisible();
  });
});

describe("'Open now'", () => {
  const titles = () =>
    screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
  const SWADE = ['Swade gummies 20% off', 'Swade vape cart special'];

  it('lists only the stores whose hours say they are open: not one closed today, nor one whose hours are unknown', async () => {
    await openPage('?open=now');
    expect(screen.getByLabelText('Open')).toHaveValue('now');
    await waitFor(() => expect(titles()).toEqual(SWADE));
    expect(screen.getByText(/^Found 2 deals/)).toBeInTheDocument();
  });

  it('is chosen and left in the URL, the list narrowing and widening again', async () => {
    const { user } = await openPage();
    expect(titles()).toHaveLength(4);
    await user.selectOptions(screen.getByLabelText('Open'), 'now');
    expect(window.location.search).toBe('?open=now');
    await waitFor(() => expect(titles()).toEqual(SWADE));
    await user.selectOptions(screen.getByLabelText('Open'), 'any');
    expect(window.location.search).toBe('');
    expect(titles()).toHaveLength(4);
  });
});
