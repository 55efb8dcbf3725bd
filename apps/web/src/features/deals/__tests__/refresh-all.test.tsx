import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { deals, readyStatus } from '../../../test/fixtures';
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

const statusNote = () =>
  within(screen.getByRole('region', { name: 'Data status' })).getAllByRole('status')[0]!;

describe('Refresh All', () => {
  it('refreshes every dispensary, says so for 3 s and fetches the full list again', async () => {
    installFakeClock();
    serve();
    const held = gate();
    server.use(
      http.post(API.refreshAll, inTurn(answer.after(held.opened, answer.json({ refreshed: 4 })))),
      http.get(API.deals, inTurn(answer.json(deals(3)), answer.json(deals(5)))),
    );
    const seen = recordRequests();
    const { user } = renderPage({ fakeTimers: true });
    await screen.findByText('Found 3 deals');

    await user.click(screen.getByRole('button', { name: 'Refresh All' }));
    expect(statusNote()).toHaveTextContent('Force refreshing all dispensaries...');
    expect(screen.getByRole('button', { name: 'Refresh All' })).toBeDisabled();
    held.open();

    expect(await screen.findByText('Found 5 deals')).toBeInTheDocument();
    expect(statusNote()).toHaveTextContent('All dispensaries refreshed successfully!');
    const post = seen.find((r) => r.method === 'POST')!;
    expect(post.path).toBe(API.refreshAll);
    expect(post.contentType).toBe('application/json');
    expect(await post.body).toBe('{}');
    expect(callsTo(seen, API.deals)).toBe(2);

    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(statusNote()).toHaveTextContent('All dispensaries refreshed successfully!');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(statusNote()).toBeEmptyDOMElement();
  });

  it("fetches the selected dispensary's deals again, not the full list", async () => {
    serve({ dealsOf: { swade: deals(1) } });
    server.use(http.post(API.refreshAll, inTurn(answer.json({}))));
    const seen = recordRequests();
    const { user } = renderPage({ query: '?dispensary=swade' });
    await screen.findByText('Found 1 deal');
    await user.click(screen.getByRole('button', { name: 'Refresh All' }));
    expect(await screen.findByText('All dispensaries refreshed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(seen, `${API.deals}?dispensary=swade`)).toBe(2));
    expect(callsTo(seen, API.deals)).toBe(0);
  });

  it('shows a failed Refresh All', async () => {
    serve();
    server.use(http.post(API.refreshAll, inTurn(answer.status(500, 'Internal Server Error'))));
    const { user } = renderPage();
    await screen.findByText('Found 3 deals');
    await user.click(screen.getByRole('button', { name: 'Refresh All' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to refresh all dispensaries: Server error: 500 Internal Server Error',
    );
  });

  it('says in plain words that Refresh All was refused for now, and rests it for the wait', async () => {
    installFakeClock();
    serve();
    const tooMany = () =>
      new HttpResponse(null, {
        status: 429,
        statusText: 'Too Many Requests',
        headers: { 'Retry-After': '28' },
      });
    server.use(http.post(API.refreshAll, inTurn(tooMany)));
    const { user } = renderPage({ fakeTimers: true });
    await screen.findByText('Found 3 deals');
    const button = screen.getByRole('button', { name: 'Refresh All' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Nothing was refreshed: too many refreshes in the last minute\. Try again in 28 s\.$/,
    );
    expect(button).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(28_000));
    expect(button).toBeEnabled();
    expect(screen.getByText('You can use Refresh All again.')).toBeInTheDocument();
  });

  it('reads the status again after Refresh All, so the cache update time moves on', async () => {
    serve();
    server.use(
      http.get(
        API.status,
        inTurn(
          answer.json(readyStatus({ lastUpdate: '2025-06-04T11:29:00Z' })),
          answer.json(readyStatus({ lastUpdate: '2025-06-04T11:36:00Z' })),
        ),
      ),
      http.post(API.refreshAll, inTurn(answer.json({ refreshed: 4 }))),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Cache updated: Jun 4, 2025, 6:29 AM')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh All' }));
    expect(await screen.findByText('Cache updated: Jun 4, 2025, 6:36 AM')).toBeInTheDocument();
  });

  it('says the service is unreachable while the last calls got no answer', async () => {
    serve();
    const { user } = renderPage();
    await screen.findByText('Found 3 deals');
    const status = screen.getByRole('region', { name: 'Data status' });
    expect(within(status).getByText('Cache Ready')).toBeInTheDocument();

    server.use(
      http.post(API.refreshAll, inTurn(answer.networkError(), answer.json({ refreshed: 4 }))),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh All' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to refresh all dispensaries: No response from server',
    );
    expect(within(status).getByText('Backend not responding')).toBeInTheDocument();
    expect(within(status).queryByText('Cache Ready')).toBeNull();
    // Reading the notice away does not make the service answer.
    await user.click(screen.getByRole('button', { name: /^Dismiss/ }));
    expect(within(status).getByText('Backend not responding')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refresh All' }));
    expect(await within(status).findByText('Cache Ready')).toBeInTheDocument();
    expect(within(status).queryByText('Backend not responding')).toBeNull();
  });

  it('gives Refresh All 120 s', async () => {
    installFakeClock();
    serve();
    server.use(http.post(API.refreshAll, inTurn(answer.never())));
    const { user } = renderPage({ fakeTimers: true });
    await screen.findByText('Found 3 deals');
    await user.click(screen.getByRole('button', { name: 'Refresh All' }));
    await act(() => vi.advanceTimersByTimeAsync(119_900));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to refresh all dispensaries: No response from server - check if backend is running',
    );
  });
});
