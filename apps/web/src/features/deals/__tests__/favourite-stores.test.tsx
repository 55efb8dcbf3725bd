import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deal, DISPENSARIES } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { recordRequests, serve } from '../../../test/server';

/** Where the page keeps the favourites: keys, comma-separated, as the URL's `stores`. */
const STORAGE_KEY = 'stl-deals:stores';

const [swade, greenlight, farAway] = DISPENSARIES.map((d) => ({
  dispensary: d.name,
  dispensaryKey: d.key,
}));

const FEED = [
  deal({ title: 'Swade flower 20% off', ...swade }),
  deal({ title: 'Swade gummies 2 for $30', ...swade }),
  deal({ title: 'Greenlight cart special', ...greenlight }),
  deal({ title: 'Far Away pre-roll deal', ...farAway }),
];

const star = (name: string) => `Favourite ${name}`;
const cardTitles = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const dispensarySelect = () => screen.getByLabelText('Select Dispensary');
const dispensaryChoices = () =>
  within(dispensarySelect())
    .getAllByRole('option')
    .map((option) => option.textContent);
const panel = () => screen.getByRole('region', { name: 'Find a deal' });

async function openPage(query = '') {
  serve({ deals: FEED, dealsOf: { greenlight: [FEED[2]!] } });
  const page = renderPage({ query });
  await screen.findByText(/^Found \d+ deals?/);
  // The dropdown lists the dispensaries once their list is in.
  await within(dispensarySelect()).findByRole('option', { name: greenlight!.dispensary });
  return page;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('favourite stores', () => {
  it("stars a store from any of its cards, keeps it in this browser and offers 'My stores'", async () => {
    const { user } = await openPage();
    expect(dispensaryChoices()).not.toContain('My stores');
    const swadeStars = screen.getAllByRole('button', { name: star(swade!.dispensary) });
    expect(swadeStars).toHaveLength(2);
    expect(swadeStars[0]).toHaveAttribute('aria-pressed', 'false');

    await user.click(swadeStars[1]!);
    for (const button of screen.getAllByRole('button', { name: star(swade!.dispensary) })) {
      expect(button).toHaveAttribute('aria-pressed', 'true');
    }
    expect(screen.getByRole('button', { name: star(greenlight!.dispensary) })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(localStorage.getItem(STORAGE_KEY)).toBe('swade');
    expect(dispensaryChoices()).toEqual([
      'All Dispensaries',
      'My stores',
      ...DISPENSARIES.map((d) => d.name),
    ]);

    await user.click(screen.getByRole('button', { name: star(greenlight!.dispensary) }));
    expect(localStorage.getItem(STORAGE_KEY)).toBe('swade,greenlight');
    await user.click(screen.getAllByRole('button', { name: star(swade!.dispensary) })[0]!);
    expect(localStorage.getItem(STORAGE_KEY)).toBe('greenlight');
    await user.click(screen.getByRole('button', { name: star(greenlight!.dispensary) }));
    expect(localStorage.getItem(STORAGE_KEY)).toBe('');
    expect(dispensaryChoices()).not.toContain('My stores');
    // Starring is no filter: the list and the address are as they were.
    expect(cardTitles()).toHaveLength(FEED.length);
    expect(window.location.search).toBe('');
  });

  it("shows the favourites' deals together under 'My stores', from the one list of all deals", async () => {
    localStorage.setItem(STORAGE_KEY, 'far-away,greenlight');
    const seen = recordRequests();
    const { user } = await openPage();
    await user.selectOptions(dispensarySelect(), 'My stores');

    expect(window.location.search).toBe('?dispensary=mine&stores=far-away,greenlight');
    expect(screen.getByText('Found 2 deals (of 4 total)')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Greenlight cart special', 'Far Away pre-roll deal']);
    expect(dispensarySelect()).toHaveValue('mine');
    // No Refresh for one store, and no offer: these are the visitor's own stores.
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Keep these stores' })).toBeNull();
    expect(seen.some((request) => request.path.includes('dispensary='))).toBe(false);

    // Other filters narrow within the stores; leaving 'My stores' takes the stores out of the URL.
    await user.selectOptions(screen.getByLabelText('Category'), 'vapes');
    expect(cardTitles()).toEqual(['Greenlight cart special']);
    expect(window.location.search).toBe(
      '?dispensary=mine&stores=far-away,greenlight&category=vapes',
    );
    await user.selectOptions(dispensarySelect(), 'All Dispensaries');
    expect(window.location.search).toBe('?category=vapes');
  });

  it('shows the stores a shared link names on a browser with other favourites, and offers to keep them', async () => {
    // A store the list no longer has is ignored, and kept: the list may be short for a while.
    localStorage.setItem(STORAGE_KEY, 'swade,closed-store');
    const { user } = await openPage('?dispensary=mine&stores=greenlight,closed-store,far-away');

    // The unknown store is left out of the address, as an unknown dispensary is.
    expect(window.location.search).toBe('?dispensary=mine&stores=greenlight,far-away');
    expect(cardTitles()).toEqual(['Greenlight cart special', 'Far Away pre-roll deal']);
    expect(dispensarySelect()).toHaveValue('mine');
    expect(localStorage.getItem(STORAGE_KEY)).toBe('swade,closed-store');

    await user.click(screen.getByRole('button', { name: 'Keep these stores' }));
    expect(localStorage.getItem(STORAGE_KEY)).toBe('swade,closed-store,greenlight,far-away');
    expect(screen.queryByRole('button', { name: 'Keep these stores' })).toBeNull();
    expect(screen.getByRole('button', { name: star(greenlight!.dispensary) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Keeping them changes the favourites, not what is shown.
    expect(cardTitles()).toEqual(['Greenlight cart special', 'Far Away pre-roll deal']);
  });

  it("falls back to every dispensary when a link's stores are all unknown", async () => {
    await openPage('?dispensary=mine&stores=closed-store,gone&category=flower');
    expect(window.location.search).toBe('?category=flower');
    expect(dispensarySelect()).toHaveValue('all');
    expect(dispensaryChoices()).not.toContain('My stores');
  });

  it('is used with the keyboard: the star beside the dropdown for the store selected, and on a card', async () => {
    const { user } = await openPage();
    await user.selectOptions(dispensarySelect(), greenlight!.dispensaryKey);
    await screen.findByText('Found 1 deal');
    // The page's store list is the dropdown: its store's star comes right after it.
    const besideSelect = within(panel()).getByRole('button', {
      name: star(greenlight!.dispensary),
    });
    dispensarySelect().focus();
    await user.tab();
    expect(besideSelect).toHaveFocus();
    await user.keyboard(' ');
    expect(besideSelect).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(STORAGE_KEY)).toBe('greenlight');
    await user.keyboard('{Enter}');
    expect(besideSelect).toHaveAttribute('aria-pressed', 'false');

    // A card's star comes before the card's link, never inside it.
    const cardStar = screen
      .getAllByRole('button', { name: star(greenlight!.dispensary) })
      .find((button) => !panel().contains(button))!;
    expect(cardStar.closest('a')).toBeNull();
    cardStar.focus();
    await user.keyboard('{Enter}');
    expect(besideSelect).toHaveAttribute('aria-pressed', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: /Greenlight cart special/ })).toHaveFocus();
  });

  it('ignores damaged storage: only keys of listed stores count', async () => {
    localStorage.setItem(STORAGE_KEY, `["swade"],${'x'.repeat(300)},,gone, greenlight ,greenlight`);
    const { user } = await openPage();
    expect(screen.getAllByRole('button', { name: star(swade!.dispensary) })[0]).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.selectOptions(dispensarySelect(), 'My stores');
    expect(window.location.search).toBe('?dispensary=mine&stores=greenlight');
    expect(cardTitles()).toEqual(['Greenlight cart special']);
  });

  it('offers no My stores when stored keys name no listed store', async () => {
    localStorage.setItem(STORAGE_KEY, 'gone,closed-store');
    await openPage();
    expect(dispensaryChoices()).not.toContain('My stores');
  });

  it('keeps the favourites for the page while the browser refuses storage', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: star(farAway!.dispensary) }));
    expect(screen.getByRole('button', { name: star(farAway!.dispensary) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.selectOptions(dispensarySelect(), 'My stores');
    expect(cardTitles()).toEqual(['Far Away pre-roll deal']);
    // Cleared for the next test: a storage that works again takes over.
    vi.restoreAllMocks();
    await user.click(screen.getByRole('button', { name: star(farAway!.dispensary) }));
    expect(localStorage.getItem(STORAGE_KEY)).toBe('');
  });

  it('follows a change made in another tab', async () => {
    await openPage();
    localStorage.setItem(STORAGE_KEY, 'greenlight');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY }));
    });
    expect(screen.getByRole('button', { name: star(greenlight!.dispensary) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(dispensaryChoices()).toContain('My stores');
  });
});
