import { screen, waitFor, within } from '@testing-library/react';
import { addDays, type Deal } from '@stl-deals/domain';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { deal } from '../../../test/fixtures';
import { installModalDialog } from '../../../test/modal-dialog';
import { renderPage } from '../../../test/render-page';
import { recordRequests, serve, server } from '../../../test/server';

beforeAll(installModalDialog);

// The page's clock (test/fixtures): Wednesday 4 June 2025 in St. Louis.
const TODAY = '2025-06-04';
const HISTORY = '/api/deals/:id/history';

const WITH_HISTORY = deal({
  id: 'dutchie:swade:product:p1',
  title: 'Blue Dream flower eighth',
  salePrice: 25,
  regularPrice: 35,
  usualPrice: 35,
});
const WITHOUT_ID = deal({ title: 'A deal the service keeps no id for' });

/** The service with `deals` (the page view carries each deal's id) and `history`'s answer. */
function serveWithHistory(deals: Deal[], history: () => Response) {
  serve({ deals });
  server.use(http.get(HISTORY, history));
}

const point = (ago: number, salePrice: number, regularPrice: number | null) => ({
  day: addDays(TODAY, -ago),
  salePrice,
  regularPrice,
  onDeal: regularPrice !== null && salePrice < regularPrice,
});

const ANSWER = {
  id: WITH_HISTORY.id,
  dispensaryKey: 'swade',
  points: [
    point(60, 35, 35),
    point(59, 35, 35),
    point(20, 30, 35),
    point(1, 25, 35),
    point(0, 25, 35),
  ],
};

const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

async function openPage(history: () => Response) {
  serveWithHistory([WITH_HISTORY, WITHOUT_ID], history);
  const page = renderPage();
  await screen.findByText(/^Found \d+ deals?/);
  return page;
}

describe("a deal's price history", () => {
  it('is asked with its own request when opened, drawn as steps from the first day seen and said in words', async () => {
    const seen = recordRequests();
    const { user } = await openPage(() => HttpResponse.json(ANSWER));
    expect(seen.some((request) => request.path.includes('/history'))).toBe(false);
    expect(
      within(card('A deal the service keeps no id for')).queryByRole('button', {
        name: /Price history/,
      }),
    ).toBeNull();

    await user.click(
      within(card('Blue Dream flower eighth')).getByRole('button', {
        name: 'Price history of Blue Dream flower eighth',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Price history' });
    // Seen since 60 days ago: the low of those 61 days, and the deal's usual price.
    const summary = await within(dialog).findByText('$25 today · lowest in 61 days · usual $35');
    expect(summary).toHaveAttribute('role', 'status');
    expect(
      seen
        .filter((request) => request.path.startsWith('/api/deals/'))
        .map((request) => request.path),
    ).toEqual([`/api/deals/${encodeURIComponent(WITH_HISTORY.id!)}/history?days=90`]);

    // Two lines, the price with a gap for the days not seen.
    const paths = dialog.querySelectorAll('svg path');
    expect(paths).toHaveLength(2);
    const price = paths[1]!.getAttribute('d')!;
    expect(price.match(/M/g)).toHaveLength(3);
    expect(dialog.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');

    // The table a screen reader reads in place of the picture.
    const table = within(dialog).getByRole('table', { name: 'Prices by day, oldest first' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Apr 5 to Apr 6$35$35', 'May 15$30$35', 'Jun 3 to Jun 4$25$35']);
  });

  it('opens and closes by keyboard, focus going in and coming back', async () => {
    const { user } = await openPage(() => HttpResponse.json(ANSWER));
    const button = within(card('Blue Dream flower eighth')).getByRole('button', {
      name: /Price history/,
    });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Price history' });
    await waitFor(() => expect(within(dialog).getByRole('heading', { level: 2 })).toHaveFocus());
    await within(dialog).findByText(/^\$25 today · /);
    // The chart is a slider over its steps: the arrow keys read out one step after another.
    const steps = within(dialog).getByRole('slider', { name: 'Price by day' });
    const readout = () => within(dialog).getByTestId('price-step').textContent;
    expect(steps).toHaveAttribute('aria-valuetext', 'Jun 3 to Jun 4: $25, regular $35');
    expect(readout()).toBe('Jun 3 to Jun 4 $25 regular $35');
    // From the heading: the Close button, then the chart.
    await user.tab();
    await user.tab();
    expect(steps).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(steps).toHaveAttribute('aria-valuetext', 'May 15: $30, regular $35');
    expect(readout()).toBe('May 15 $30 regular $35');
    await user.keyboard('{Home}');
    expect(steps).toHaveAttribute('aria-valuenow', '1');
    expect(readout()).toBe('Apr 5 to Apr 6 $35');
    await user.keyboard('{ArrowLeft}');
    expect(steps).toHaveAttribute('aria-valuenow', '1');
    await user.keyboard('{End}');
    expect(steps).toHaveAttribute('aria-valuetext', 'Jun 3 to Jun 4: $25, regular $35');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
    // Not part of the address: a price history is not shared by link.
    expect(window.location.search).toBe('');
  });

  it('says when the service keeps no history for the deal', async () => {
    const { user } = await openPage(() =>
      HttpResponse.json(
        { error: 'Not Found', message: 'No current deal has that id.' },
        { status: 404 },
      ),
    );
    await user.click(
      within(card('Blue Dream flower eighth')).getByRole('button', { name: /Price history/ }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('No price history is kept for this deal yet.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(dialog.querySelector('svg')).toBeNull();
  });

  it('refuses an answer with a price that is no price, and offers to try again', async () => {
    let answers = 0;
    const { user } = await openPage(() => {
      answers += 1;
      return answers === 1
        ? HttpResponse.json({ ...ANSWER, points: [{ ...point(1, 25, 35), salePrice: -5 }] })
        : HttpResponse.json(ANSWER);
    });
    await user.click(
      within(card('Blue Dream flower eighth')).getByRole('button', { name: /Price history/ }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'The price history could not be loaded. Check your connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(dialog.querySelector('svg')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(/^\$25 today · /)).toBeInTheDocument();
  });
});
