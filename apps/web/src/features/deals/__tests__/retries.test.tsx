import { act, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { deals } from '../../../test/fixtures';
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

const WAKING_UP = 'Backend is waking up from sleep... This may take 30-60 seconds.';

describe('retries while the backend wakes up', () => {
  it('tells every failure and retry, with the counter and the waking-up notice', async () => {
    installFakeClock();
    serve();
    const second = gate();
    const third = gate();
    server.use(
      http.get(
        API.ping,
        inTurn(
          answer.status(503),
          answer.after(second.opened, answer.networkError()),
          answer.after(third.opened, answer.json({ ok: true })),
        ),
      ),
    );
    renderPage({ services: { random: () => 0.25 } });

    // First failure: the waking-up text, the notice and the counter.
    expect(await screen.findByText(WAKING_UP)).toBeInTheDocument();
    expect(screen.getByText('The backend is waking up')).toBeInTheDocument();
    expect(screen.getByText('Attempt 1 of 3')).toBeInTheDocument();

    // 2000 ms x 2^0 + 250 ms of jitter later, the second attempt.
    await act(() => vi.advanceTimersByTimeAsync(2_250));
    expect(await screen.findByText('Attempting to reconnect... (attempt 2/3)')).toBeInTheDocument();
    expect(screen.getByText('Attempt 2 of 3')).toBeInTheDocument();

    // It fails too: the countdown to the third (4000 ms + 250 ms, shown as 5 seconds).
    second.open();
    expect(
      await screen.findByText('Backend is starting up... Retrying in 5 seconds (attempt 2/3)'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4_250));
    expect(await screen.findByText('Attempting to reconnect... (attempt 3/3)')).toBeInTheDocument();

    // The backend is up: the notice goes and the load goes on.
    third.open();
    expect(await screen.findByText('Found 3 deals')).toBeInTheDocument();
    expect(screen.queryByText('The backend is waking up')).toBeNull();
  });

  it('retries a failed deals call and shows the deals', async () => {
    installFakeClock();
    serve();
    server.use(http.get(API.deals, inTurn(answer.status(502), answer.json(deals(2)))));
    renderPage();
    expect(await screen.findByText(WAKING_UP)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('Found 2 deals')).toBeInTheDocument();
  });

  it('gives up after 3 attempts with advice and Retry Connection, which fetches all deals again', async () => {
    installFakeClock();
    serve();
    server.use(
      http.get(
        API.deals,
        inTurn(
          answer.networkError(),
          answer.status(500),
          answer.status(503),
          answer.json(deals(4)),
        ),
      ),
    );
    const seen = recordRequests();
    const { user } = renderPage({ fakeTimers: true });
    await act(() => vi.advanceTimersByTimeAsync(6_000));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch deals: Failed after 3 attempts. Backend may be experiencing issues.',
    );
    expect(screen.getByText('Wait 1-2 minutes for the backend to wake up.')).toBeInTheDocument();
    expect(screen.getByText('Refresh the page.')).toBeInTheDocument();
    expect(screen.getByText('Check your internet connection.')).toBeInTheDocument();

    const pings = callsTo(seen, API.ping);
    await user.click(screen.getByRole('button', { name: 'Retry Connection' }));
    expect(await screen.findByText('Found 4 deals')).toBeInTheDocument();
    // For all dispensaries the retry fetches the deals again, without a connection check.
    expect(callsTo(seen, API.ping)).toBe(pings);
  });

  it('clears the error panel as soon as the retry starts', async () => {
    installFakeClock();
    serve();
    const held = gate();
    server.use(
      http.get(
        API.deals,
        inTurn(
          answer.status(500),
          answer.status(500),
          answer.status(500),
          answer.after(held.opened, answer.json(deals(1))),
        ),
      ),
    );
    const { user } = renderPage({ fakeTimers: true });
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Retry Connection' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Loading deals...')).toBeInTheDocument();
    held.open();
    expect(await screen.findByText('Found 1 deal')).toBeInTheDocument();
  });

  it("says 'Retry failed' when the retry fails too", async () => {
    installFakeClock();
    serve();
    server.use(http.get(API.deals, inTurn(answer.status(500))));
    const { user } = renderPage({ fakeTimers: true });
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Retry Connection' }));
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Retry failed: Failed after 3 attempts. Backend may be experiencing issues.',
    );
    expect(screen.getByRole('button', { name: 'Retry Connection' })).toBeInTheDocument();
  });

  it('never retries a 4xx answer, and offers no connection advice for it', async () => {
    serve();
    server.use(http.get(API.deals, inTurn(answer.status(404, 'Not Found'))));
    const seen = recordRequests();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch deals: Server error: 404 Not Found',
    );
    expect(callsTo(seen, API.deals)).toBe(1);
    expect(screen.queryByRole('button', { name: 'Retry Connection' })).toBeNull();
    expect(screen.queryByText('Refresh the page.')).toBeNull();
  });

  it('reports an answer that is not a deal list', async () => {
    serve({ deals: { deals: [] } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch deals: Expected an array of deals, got an object',
    );
  });
});
