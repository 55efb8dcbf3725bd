import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { deal, deals, readyStatus } from '../../../test/fixtures';
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

const loadingPanel = () => screen.getByRole('region', { name: "Finding today's deals" });
const statusNote = () =>
  within(screen.getByRole('region', { name: 'Data status' })).getAllByRole('status')[0]!;

describe('loading all dispensaries', () => {
  it('connects, checks the cache, loads from cache and shows the list', async () => {
    serve({ deals: deals(3) });
    const held = gate();
    server.use(http.get(API.deals, inTurn(answer.after(held.opened, answer.json(deals(3))))));
    const seen = recordRequests();
    renderPage();

    expect(await screen.findByText('Loading deals from cache...')).toBeInTheDocument();
    expect(loadingPanel()).toBeInTheDocument();
    held.open();

    expect(await screen.findByText('Found 3 deals')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('region', { name: "Finding today's deals" })).toBeNull();
    expect(screen.getAllByRole('link', { name: /House special/ })).toHaveLength(3);
    // The sequence, in order, each call with a JSON content type; no wake-up call on localhost.
    const sequence = seen.filter((r) => r.path !== API.dispensaries).map((r) => r.path);
    expect(sequence).toEqual([API.ping, API.status, API.deals]);
    expect(seen.every((r) => r.contentType === 'application/json')).toBe(true);
    // At rest the status line has nothing to say but its facts.
    expect(statusNote()).toBeEmptyDOMElement();
    expect(screen.getByText('Data loaded: 12:00:00 PM')).toBeInTheDocument();
    expect(screen.getByText('Cache Ready')).toBeInTheDocument();
    expect(screen.getByText('Cache updated: Jun 4, 2025, 11:30 AM')).toBeInTheDocument();
  });

  it("says 'Connecting to backend...' while the health check runs", async () => {
    serve();
    const held = gate();
    server.use(http.get(API.ping, inTurn(answer.after(held.opened, answer.json({ ok: true })))));
    renderPage();
    expect(await screen.findByText('Connecting to backend...')).toBeInTheDocument();
    held.open();
    expect(await screen.findByText('Found 3 deals')).toBeInTheDocument();
  });

  it('pings the site root first when not on localhost, and ignores its failure', async () => {
    serve();
    server.use(http.get(API.root, inTurn(answer.status(500))));
    const seen = recordRequests();
    renderPage({ services: { isLocalhost: false } });
    expect(await screen.findByText('Found 3 deals')).toBeInTheDocument();
    const sequence = seen.filter((r) => r.path !== API.dispensaries).map((r) => r.path);
    expect(sequence).toEqual([API.root, API.ping, API.status, API.deals]);
  });

  it('gives up on the wake-up ping after 30 s and goes on', async () => {
    installFakeClock();
    serve();
    server.use(http.get(API.root, inTurn(answer.never())));
    const seen = recordRequests();
    renderPage({ services: { isLocalhost: false } });
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(callsTo(seen, API.ping)).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByText('Found 3 deals')).toBeInTheDocument();
  });

  it('stops when the health check fails three times', async () => {
    installFakeClock();
    serve();
    server.use(http.get(API.ping, inTurn(answer.status(503))));
    const seen = recordRequests();
    renderPage();
    await act(() => vi.advanceTimersByTimeAsync(2_000 + 4_000));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Backend is not responding. Please try again in a few minutes.',
    );
    expect(callsTo(seen, API.ping)).toBe(3);
    expect(callsTo(seen, API.status) + callsTo(seen, API.deals)).toBe(0);
    expect(screen.getByRole('button', { name: 'Retry Connection' })).toBeInTheDocument();
  });

  it('loads the deals anyway when the status call fails (status null), without a badge', async () => {
    installFakeClock();
    serve();
    server.use(http.get(API.status, inTurn(answer.status(500))));
    renderPage();
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(await screen.findByText('Found 3 deals')).toBeInTheDocument();
    expect(screen.queryByText('Cache Ready')).toBeNull();
    expect(screen.queryByText('Cache Loading')).toBeNull();
  });

  it('waits 45 s for the deals when the cache is ready', async () => {
    installFakeClock();
    serve();
    server.use(http.get(API.deals, inTurn(answer.never(), answer.json(deals(2)))));
    const seen = recordRequests();
    renderPage();
    await act(() => vi.advanceTimersByTimeAsync(44_900));
    expect(callsTo(seen, API.deals)).toBe(1);
    expect(screen.getByText('Loading deals from cache...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(
      screen.getByText('Backend is waking up from sleep... This may take 30-60 seconds.'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('Found 2 deals')).toBeInTheDocument();
  });
});

describe('while the cache loads', () => {
  const loading = (totalDeals: number, extra = {}) =>
    readyStatus({ ready: false, totalDeals, lastUpdate: 'never', ...extra });

  it('explains the first load when the cache has no deals yet, and waits 180 s for them', async () => {
    installFakeClock();
    serve({ status: { ready: false, totalDeals: 0 } });
    server.use(http.get(API.deals, inTurn(answer.never(), answer.json([]))));
    const seen = recordRequests();
    renderPage();

    expect(
      await screen.findByText(
        'Starting to load deals from dispensaries... This will take 17-20 minutes total.',
      ),
    ).toBeInTheDocument();
    expect(loadingPanel()).toHaveTextContent(
      'Fetching deals from all 39 dispensaries takes about 17-20 minutes on the first load. ' +
        'After that, loads are instant.',
    );
    expect(screen.getByText('Cache Loading')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(179_000));
    expect(callsTo(seen, API.deals)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000 + 2_000));
    expect(callsTo(seen, API.deals)).toBe(2);
    // Still no deals: the panel stays, rather than 'No deals found.'
    expect(loadingPanel()).toBeInTheDocument();
    expect(screen.queryByText('No deals found.')).toBeNull();
  });

  it('states the real estimate when the status sends one', async () => {
    serve({ status: loading(0, { etaSeconds: 600, progress: { done: 9, total: 39 } }), deals: [] });
    renderPage();
    expect(
      await screen.findByText(
        'Starting to load deals from dispensaries... About 10 minutes left (9 of 39 dispensaries done).',
      ),
    ).toBeInTheDocument();
    expect(loadingPanel()).toHaveTextContent(
      'Fetching deals from all 39 dispensaries: 9 of 39 done, about 10 minutes left.',
    );
    expect(screen.getByText('9 of 39 dispensaries done')).toBeInTheDocument();
  });

  it('shows the deals so far and says so', async () => {
    serve({ status: loading(2), deals: deals(2) });
    renderPage();
    expect(await screen.findByText('Found 2 deals')).toBeInTheDocument();
    expect(statusNote()).toHaveTextContent(
      'Cache still loading... Showing 2 deals so far (will auto-refresh when complete)',
    );
    expect(screen.getByText('Cache Loading')).toBeInTheDocument();
    expect(screen.queryByText(/Cache updated/)).toBeNull();
  });

  it('auto-refreshes every 10 s, keeps the list unless more arrived, and stops when ready', async () => {
    installFakeClock();
    const first = deals(2);
    const more = [...first, ...deals(2)];
    serve({ status: loading(2) });
    server.use(
      http.get(API.deals, inTurn(answer.json(first), answer.json(deals(1)), answer.json(more))),
      http.get(
        API.status,
        inTurn(answer.json(loading(2)), answer.json(loading(3)), answer.json(readyStatus())),
      ),
    );
    const seen = recordRequests();
    renderPage();
    expect(await screen.findByText('Found 2 deals')).toBeInTheDocument();
    const firstTitles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

    // Round 1: fewer deals came back, so the list stays; the status is checked again.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(callsTo(seen, API.deals)).toBe(2);
    expect(callsTo(seen, API.status)).toBe(2);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      firstTitles,
    );

    // Round 2: more deals and a ready cache: the list grows and the refreshing stops.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('Found 4 deals')).toBeInTheDocument();
    expect(statusNote()).toHaveTextContent('All deals loaded!');
    expect(screen.getByText('Cache Ready')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(callsTo(seen, API.deals)).toBe(3);
  });

  it('gives an auto-refresh round 15 s before it retries', async () => {
    installFakeClock();
    serve({ status: loading(1), deals: deals(1) });
    server.use(http.get(API.deals, inTurn(answer.json(deals(1)), answer.never())));
    const seen = recordRequests();
    renderPage();
    expect(await screen.findByText('Found 1 deal')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(callsTo(seen, API.deals)).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(14_900));
    expect(callsTo(seen, API.deals)).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(100 + 2_000));
    expect(callsTo(seen, API.deals)).toBe(3);
    // The round is quiet: the list and its note stay as they were.
    expect(screen.getByText('Found 1 deal')).toBeInTheDocument();
  });
});

describe('what the deals answer may hold', () => {
  it('hides deals for another weekday, and counts what is left', async () => {
    serve({
      deals: [
        deal({ title: 'Wednesday wax 20% off', description: 'Midweek special' }),
        deal({ title: 'Tuesday pre-roll deal', description: 'Only on Tuesdays' }),
      ],
    });
    renderPage();
    expect(await screen.findByText('Found 1 deal')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wednesday wax 20% off' })).toBeInTheDocument();
  });

  it('leaves out the deals that break the contract and shows the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve({ deals: [deal(), { title: 42 }, deal()] });
    renderPage();
    expect(await screen.findByText('Found 2 deals')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(
      'Left out 1 deals that break the contract:',
      expect.any(Array),
    );
  });
});
