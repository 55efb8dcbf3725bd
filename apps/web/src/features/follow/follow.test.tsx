import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { FollowButton } from './components/follow-button';
import {
  feedUrl,
  followedSearch,
  leavesOutDistance,
  readFollows,
  writeFollows,
} from './model/followed-search';

// jsdom has no modal dialogs: open and close as the attribute does (Chromium runs the real one in
// the end-to-end suite).
beforeAll(() => {
  if (!('showModal' in HTMLDialogElement.prototype)) {
    Object.defineProperty(HTMLDialogElement.prototype, 'showModal', {
      value(this: HTMLDialogElement) {
        this.setAttribute('open', '');
      },
    });
  }
});

describe('followedSearch', () => {
  it.each([
    ['', ''],
    ['?page=3', ''],
    ['?search=zebra&category=flower&page=2', 'category=flower&search=zebra'],
    ['?category=flower&search=zebra', 'category=flower&search=zebra'],
    ['?sort=distance&distance=5&category=flower', 'category=flower'],
    ['?sort=price-low&lat=38.6&lng=-90.2', 'sort=price-low'],
  ])('%s is %s', (query, search) => {
    expect(followedSearch(query)).toBe(search);
  });

  it.each([
    ['?distance=5', true],
    ['?sort=distance', true],
    ['?distance=all&sort=price-low', false],
    ['', false],
  ])('%s leaves out the distance: %s', (query, left) => {
    expect(leavesOutDistance(query)).toBe(left);
  });

  it('names the feed of a search', () => {
    expect(feedUrl('category=flower', 'https://deals.example')).toBe(
      'https://deals.example/feeds/deals.atom?category=flower',
    );
    expect(feedUrl('', 'https://deals.example')).toBe('https://deals.example/feeds/deals.atom');
  });
});

describe('follows kept in the browser', () => {
  it('round-trips, and drops damaged or foreign entries', () => {
    writeFollows(localStorage, new Map([['category=flower', { id: 'a1', token: 't1' }]]));
    expect(readFollows(localStorage).get('category=flower')).toEqual({ id: 'a1', token: 't1' });
    localStorage.setItem(
      'stl-deals:follows',
      JSON.stringify({ x: { id: 1, token: 't' }, y: 'no', z: { id: 'b', token: 'c' } }),
    );
    expect([...readFollows(localStorage)]).toEqual([['z', { id: 'b', token: 'c' }]]);
    localStorage.setItem('stl-deals:follows', '{not json');
    expect(readFollows(localStorage).size).toBe(0);
  });
});

describe('the follow dialog', () => {
  it("opens on the page's search with its feed, and says why this browser cannot be notified", async () => {
    window.history.replaceState(null, '', '/?search=zebra&category=flower&page=2');
    render(<FollowButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Follow this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow this search' });
    expect(screen.getByLabelText('Feed (Atom)')).toHaveValue(
      `${location.origin}/feeds/deals.atom?category=flower&search=zebra`,
    );
    expect(dialog).not.toHaveTextContent('The distance is left out');
    // jsdom has no service workers: the button rests and the reason is shown.
    expect(screen.getByRole('button', { name: 'Notify me on this device' })).toBeDisabled();
    expect(dialog).toHaveTextContent('This browser cannot show notifications from a web page.');
  });

  it('on an iPhone in a Safari tab, explains adding the page to the Home Screen instead of a push button', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    );
    try {
      window.history.replaceState(null, '', '/?search=zebra');
      render(<FollowButton />);
      await userEvent.click(screen.getByRole('button', { name: 'Follow this search' }));
      const dialog = await screen.findByRole('dialog', { name: 'Follow this search' });
      expect(dialog).toHaveTextContent('tap Share, then “Add to Home Screen”');
      expect(dialog).toHaveTextContent('deliver notifications only to web apps on the Home Screen');
      expect(screen.queryByRole('button', { name: 'Notify me on this device' })).toBeNull();
      // The feed stays offered: it works in any browser.
      expect(screen.getByLabelText('Feed (Atom)')).toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("opens at once from a notification's link and stops this device's follow", async () => {
    writeFollows(localStorage, new Map([['category=flower', { id: 'sub-1', token: 'secret' }]]));
    let deleted: { path: string; auth: string | null } | undefined;
    server.use(
      http.delete('/api/push/subscriptions/:id', ({ request, params }) => {
        deleted = { path: String(params.id), auth: request.headers.get('authorization') };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    window.history.replaceState(null, '', '/?category=flower#follow');
    render(<FollowButton />);
    await screen.findByRole('dialog', { name: 'Follow this search' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'This device is notified of new deals for this search.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Stop notifications' }));
    expect(await screen.findByText(/^Stopped: no more notifications/)).toBeInTheDocument();
    expect(deleted).toEqual({ path: 'sub-1', auth: 'Bearer secret' });
    expect(readFollows(localStorage).has('category=flower')).toBe(false);
  });

  it("shows the service's refusal in its own words", async () => {
    writeFollows(localStorage, new Map([['', { id: 'gone', token: 't' }]]));
    server.use(
      http.delete('/api/push/subscriptions/:id', () =>
        HttpResponse.json({ message: 'No such subscription.' }, { status: 404 }),
      ),
    );
    render(<FollowButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Follow this search' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop notifications' }));
    expect(await screen.findByText('No such subscription.')).toBeInTheDocument();
  });
});
