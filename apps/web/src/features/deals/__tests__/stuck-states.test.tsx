import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { deals } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { answer, API, inTurn, recordRequests, serve, server } from '../../../test/server';

const refreshAllButton = () => screen.getByRole('button', { name: 'Refresh All' });

// A failed refresh is a notice over the list, which stays usable; the
// notice goes as the error panel went, when the visitor changes what is displayed.
describe('a failed Refresh over a loaded list', () => {
  const changes: Array<[string, (user: UserEvent) => Promise<void>]> = [
    ['category', (user) => user.selectOptions(screen.getByLabelText('Category'), 'edibles')],
    ['search', (user) => user.type(screen.getByLabelText('Search Deals'), 'house')],
    ['sort', (user) => user.selectOptions(screen.getByLabelText('Sort By'), 'category')],
    ['page size', (user) => user.selectOptions(screen.getByLabelText('Page size'), '24')],
  ];

  it.each(changes)(
    'shows the error over the list until the visitor changes the %s',
    async (_name, changeDisplay) => {
      serve({ dealsOf: { swade: deals(13) } });
      server.use(http.post(API.refreshOne, inTurn(answer.status(500, 'Internal Server Error'))));
      const { user } = renderPage({ query: '?dispensary=swade' });
      await screen.findByText('Found 13 deals');
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to refresh swade: Server error: 500 Internal Server Error',
      );
      expect(screen.getByText('Found 13 deals')).toBeInTheDocument();

      await changeDisplay(user);

      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByText(/^Found \d+ deals?/)).toBeInTheDocument();
    },
  );

  it('shows the same failure again after a change dismissed the first', async () => {
    serve();
    const tooMany = answer.status(429, 'Too Many Requests');
    server.use(http.post(API.refreshAll, inTurn(tooMany, tooMany)));
    const { user } = renderPage();
    await screen.findByText('Found 3 deals');
    const failed = 'Nothing was refreshed: too many refreshes in the last minute.';
    await user.click(refreshAllButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(failed);

    await user.selectOptions(screen.getByLabelText('Category'), 'edibles');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(refreshAllButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(failed);
  });

  it('shows the list again when the visitor goes back to the previous page', async () => {
    serve({ dealsOf: { swade: deals(13) } });
    server.use(http.post(API.refreshOne, inTurn(answer.status(500, 'Internal Server Error'))));
    const { user } = renderPage({ query: '?dispensary=swade' });
    await screen.findByText('Found 13 deals');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(window.location.search).toBe('?dispensary=swade&page=2'));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('alert');

    act(() => window.history.back());

    await waitFor(() => expect(window.location.search).toBe('?dispensary=swade'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText('Found 13 deals')).toBeInTheDocument();
  });

  it('keeps the error of a failed load when there is no list to go back to', async () => {
    serve();
    server.use(
      http.get(API.deals, inTurn(answer.status(404, 'Not Found'))),
      http.post(API.refreshOne, inTurn(answer.status(500, 'Internal Server Error'))),
    );
    const { user } = renderPage({ query: '?dispensary=swade' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch deals: Server error: 404 Not Found',
    );
    await user.selectOptions(screen.getByLabelText('Category'), 'edibles');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to fetch deals: Server error: 404 Not Found',
    );
  });
});

describe('Refresh All after one dispensary failed to load', () => {
  it("fetches the dispensary's deals again and shows them", async () => {
    serve({ dealsOf: { swade: deals(2) } });
    server.use(
      http.get(API.deals, inTurn(answer.status(404, 'Not Found'), answer.json(deals(2)))),
      http.post(API.refreshAll, inTurn(answer.json({ refreshed: 4 }))),
    );
    const seen = recordRequests();
    const { user } = renderPage({ query: '?dispensary=swade' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch deals: Server error: 404 Not Found',
    );

    await user.click(refreshAllButton());

    expect(await screen.findByText('Found 2 deals')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    // The stores' details (their hours), which the page reads once a list shows, left out.
    const after = () =>
      seen
        .slice(seen.findIndex((r) => r.method === 'POST'))
        .map((r) => r.path)
        .filter((path) => path !== API.dispensaries);
    // The status is read again once the refresh has ended.
    await waitFor(() =>
      expect(after()).toEqual([API.refreshAll, `${API.deals}?dispensary=swade`, API.status]),
    );
    const note = within(screen.getByRole('region', { name: 'Data status' })).getAllByRole(
      'status',
    )[0]!;
    expect(note).toHaveTextContent('All dispensaries refreshed successfully!');
  });

  it('shows the error of that fetch instead of an idle loading panel', async () => {
    serve();
    server.use(
      http.get(API.deals, inTurn(answer.status(404, 'Not Found'))),
      http.post(API.refreshAll, inTurn(answer.json({ refreshed: 4 }))),
    );
    const { user } = renderPage({ query: '?dispensary=swade' });
    await screen.findByRole('alert');

    await user.click(refreshAllButton());
    await waitFor(() => expect(refreshAllButton()).toBeEnabled());

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to fetch deals: Server error: 404 Not Found',
    );
  });
});
