import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { deal, deals, DISPENSARIES, readyStatus } from '../../../test/fixtures';
import { installFakeClock, renderPage } from '../../../test/render-page';
import {
  answer,
  API,
  callsTo,
  gate,
  inTurn,
  recordRequests,
  serve,
  server,
} from '../../../test/server';

/** A single-dispensary answer: no dispensary fields, the page stamps them. */
const unstamped = (title: string) => {
  const { dispensary: _name, dispensaryKey: _key, ...rest } = deal({ title });
  return rest;
};

const statusNote = () =>
  within(screen.getByRole('region', { name: 'Data status' })).getAllByRole('status')[0]!;

/**
 * The calls made, in order, but the stores' details (their hours), which the page reads on its
 * own once the browser is idle after a list shows, whatever the visitor does.
 */
const calls = (requests: ReadonlyArray<{ path: string }>) =>
  requests.map((r) => r.path).filter((path) => path !== API.dispensaries);

describe('one dispensary', () => {
  it('lists the dispensaries by name, emoji and all, after All Dispensaries', async () => {
    serve();
    renderPage();
    const select = await screen.findByLabelText('Select Dispensary');
    await screen.findByRole('option', { name: '🏪 Swade Cannabis (Delmar)' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Dispensaries', ...DISPENSARIES.map((d) => d.name)]);
  });

  it('loads its deals after the connection check, stamped with its name', async () => {
    serve({ dealsOf: { greenlight: [unstamped('Greenlight flower 20% off')] } });
    const seen = recordRequests();
    const { user } = renderPage();
    await screen.findByText('Found 3 deals');
    await user.selectOptions(screen.getByLabelText('Select Dispensary'), 'greenlight');

    expect(await screen.findByText('Found 1 deal')).toBeInTheDocument();
    expect(window.location.search).toBe('?dispensary=greenlight');
    const card = screen.getByRole('link', { name: /Greenlight flower 20% off/ });
    expect(within(card).getByText('Greenlight')).toBeInTheDocument();
    const after = seen.slice(seen.findIndex((r) => r.path === `${API.deals}`) + 1);
    expect(calls(after)).toEqual([API.ping, `${API.deals}?dispensary=greenlight`]);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('opens on the dispensary a link names', async () => {
    serve({ dealsOf: { swade: [unstamped('Swade gummies 2 for $30')] } });
    renderPage({ query: '?dispensary=swade' });
    expect(await screen.findByText('Found 1 deal')).toBeInTheDocument();
    expect(screen.getByLabelText('Select Dispensary')).toHaveValue('swade');
  });

  it('falls back to all dispensaries when the link names an unknown one', async () => {
    serve();
    const seen = recordRequests();
    renderPage({ query: '?dispensary=closed-store&category=vapes' });
    expect(await screen.findByText('No deals found.')).toBeInTheDocument();
    expect(window.location.search).toBe('?category=vapes');
    expect(seen.some((r) => r.path.includes('closed-store'))).toBe(false);
  });

  it("offers only 'All Dispensaries' when the list cannot be loaded", async () => {
    installFakeClock();
    serve();
    server.use(http.get(API.dispensaries, inTurn(answer.status(500))));
    const seen = recordRequests();
    renderPage({ query: '?dispensary=swade' });
    // Five attempts by default: 2 + 4 + 8 + 16 s of waiting.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText('Found 3 deals')).toBeInTheDocument();
    // The dropdown's five; the stores' details (their hours), read once the list shows, may add
    // their own.
    expect(callsTo(seen, API.dispensaries)).toBeGreaterThanOrEqual(5);
    const select = screen.getByLabelText('Select Dispensary');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Dispensaries']);
  });
});

describe('choosing a dispensary while the service is down', () => {
  it("shows that dispensary's deals the page holds, saying the service did not answer", async () => {
    installFakeClock();
    const [swade, greenlight] = DISPENSARIES;
    serve({
      deals: [
        deal({ title: 'Swade gummies 2 for $30', dispensary: swade!.name, dispensaryKey: 'swade' }),
        deal({
          title: 'Greenlight vape 20% off',
          dispensary: greenlight!.name,
          dispensaryKey: 'greenlight',
        }),
      ],
    });
    const { user } = renderPage();
    expect(await screen.findByText('Found 2 deals')).toBeInTheDocument();
    // Everything the service answers now fails as a service that is down does.
    server.use(http.all('*', answer.networkError()));
    await user.selectOptions(screen.getByLabelText('Select Dispensary'), 'swade');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(await screen.findByText('Found 1 deal')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Swade gummies 2 for $30' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Data status' })).getByText(
        'Backend not responding',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /^The service did not answer: showing the deals of 🏪 Swade Cannabis \(Delmar\) as loaded at /,
      ),
    ).toBeInTheDocument();
  });
});

describe('Refresh (one dispensary)', () => {
  it('posts an empty JSON body and replaces the list with the new deals', async () => {
    serve({ dealsOf: { swade: [unstamped('Old swade deal 10% off')] } });
    const held = gate();
    server.use(
      http.post(
        API.refreshOne,
        inTurn(answer.after(held.opened, answer.json([unstamped('Fresh swade deal 30% off')]))),
      ),
    );
    const seen = recordRequests();
    const { user } = renderPage({ query: '?dispensary=swade' });
    await screen.findByText('Old swade deal 10% off');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(statusNote()).toHaveTextContent('Refreshing swade...');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
    // The list stays on screen while the refresh runs.
    expect(screen.getByText('Old swade deal 10% off')).toBeInTheDocument();
    held.open();

    expect(await screen.findByText('Fresh swade deal 30% off')).toBeInTheDocument();
    expect(screen.queryByText('Old swade deal 10% off')).toBeNull();
    expect(statusNote()).toBeEmptyDOMElement();
    const post = seen.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/scraper/refresh/swade');
    expect(post.contentType).toBe('application/json');
    expect(await post.body).toBe('{}');
  });

  it('leaves the list alone when another dispensary was selected meanwhile', async () => {
    serve({
      dealsOf: {
        swade: [unstamped('Swade deal 10% off')],
        greenlight: [unstamped('Greenlight deal 10% off')],
      },
    });
    const held = gate();
    server.use(http.post(API.refreshOne, inTurn(answer.after(held.opened, answer.json(deals(5))))));
    const { user } = renderPage({ query: '?dispensary=swade' });
    await screen.findByText('Swade deal 10% off');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await user.selectOptions(screen.getByLabelText('Select Dispensary'), 'greenlight');
    await screen.findByText('Greenlight deal 10% off');
    held.open();
    await act(() => Promise.resolve());
    expect(await screen.findByText('Found 1 deal')).toBeInTheDocument();
    expect(screen.getByText('Greenlight deal 10% off')).toBeInTheDocument();
  });

  it('shows a failed refresh once, without retrying it', async () => {
    serve({ dealsOf: { swade: [unstamped('Swade deal 10% off')] } });
    server.use(http.post(API.refreshOne, inTurn(answer.status(500, 'Internal Server Error'))));
    const seen = recordRequests();
    const { user } = renderPage({ query: '?dispensary=swade' });
    await screen.findByText('Swade deal 10% off');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to refresh swade: Server error: 500 Internal Server Error',
    );
    expect(callsTo(seen, '/api/scraper/refresh/swade', 'POST')).toBe(1);
    expect(screen.queryByRole('button', { name: 'Retry Connection' })).toBeNull();
  });

  it('names the dispensary a refused refresh was for, and rests its button for the wait', async () => {
    installFakeClock();
    serve({ dealsOf: { greenlight: [unstamped('Greenlight deal 10% off')] } });
    const tooMany = () =>
      new HttpResponse(null, {
        status: 429,
        statusText: 'Too Many Requests',
        headers: { 'Retry-After': '28' },
      });
    server.use(http.post(API.refreshOne, inTurn(tooMany)));
    const { user } = renderPage({ query: '?dispensary=greenlight', fakeTimers: true });
    await screen.findByText('Greenlight deal 10% off');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Greenlight - St\. Peters was not refreshed: too many refreshes in the last minute\. Try again in 28 s\.$/,
    );
    const button = screen.getByRole('button', { name: 'Refresh' });
    expect(button).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(27_900));
    expect(button).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(button).toBeEnabled();
    expect(screen.getByText('You can refresh Greenlight - St. Peters again.')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('reads the status again after a refresh, so the cache update time moves on', async () => {
    serve({ dealsOf: { swade: [unstamped('Swade deal 10% off')] } });
    server.use(
      http.get(
        API.status,
        inTurn(
          answer.json(readyStatus({ lastUpdate: '2025-06-04T11:29:00Z' })),
          answer.json(readyStatus({ lastUpdate: '2025-06-04T11:36:00Z' })),
        ),
      ),
      http.post(API.refreshOne, inTurn(answer.json([unstamped('Fresh swade deal 30% off')]))),
    );
    const { user } = renderPage({ query: '?dispensary=swade' });
    expect(await screen.findByText('Cache updated: Jun 4, 2025, 6:29 AM')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Fresh swade deal 30% off')).toBeInTheDocument();
    expect(await screen.findByText('Cache updated: Jun 4, 2025, 6:36 AM')).toBeInTheDocument();
  });

  it('gives a refresh 60 s', async () => {
    installFakeClock();
    serve({ dealsOf: { swade: [unstamped('Swade deal 10% off')] } });
    server.use(http.post(API.refreshOne, inTurn(answer.never())));
    const { user } = renderPage({ query: '?dispensary=swade', fakeTimers: true });
    await screen.findByText('Swade deal 10% off');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await act(() => vi.advanceTimersByTimeAsync(59_900));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to refresh swade: No response from server - check if backend is running',
    );
  });

  it('checks the connection first when Retry Connection retries one dispensary', async () => {
    installFakeClock();
    serve({ dealsOf: { swade: [unstamped('Swade deal 10% off')] } });
    server.use(
      http.get(
        API.ping,
        inTurn(
          answer.status(503),
          answer.status(503),
          answer.status(503),
          answer.json({ ok: true }),
        ),
      ),
    );
    const seen = recordRequests();
    const { user } = renderPage({ query: '?dispensary=swade', fakeTimers: true });
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Backend is not responding. Please try again in a few minutes.',
    );
    const before = seen.length;
    await user.click(screen.getByRole('button', { name: 'Retry Connection' }));
    expect(await screen.findByText('Swade deal 10% off')).toBeInTheDocument();
    expect(calls(seen.slice(before))).toEqual([API.ping, `${API.deals}?dispensary=swade`]);
  });

  it('keeps the cache badge current while the cache loads, checking every 10 s', async () => {
    installFakeClock();
    serve({ dealsOf: { swade: [unstamped('Swade gummies 2 for $30')] } });
    server.use(
      http.get(
        API.status,
        inTurn(
          () => HttpResponse.json(readyStatus({ ready: false, totalDeals: 5 })),
          () => HttpResponse.json(readyStatus()),
        ),
      ),
    );
    const seen = recordRequests();
    renderPage({ query: '?dispensary=swade', fakeTimers: true });
    expect(await screen.findByText('Cache Loading')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('Cache Ready')).toBeInTheDocument();
    expect(callsTo(seen, API.status)).toBe(2);
    // Once ready, it stops asking.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(callsTo(seen, API.status)).toBe(2);
  });
});
