import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readyStatus } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { serve } from '../../../test/server';

describe('status line', () => {
  it('shows when the data was loaded, the cache badge and the cache update', async () => {
    serve({ status: readyStatus({ lastUpdate: '2025-06-03T14:05:00Z' }) });
    renderPage();
    expect(await screen.findByText('Data loaded: 12:00:00 PM')).toBeInTheDocument();
    expect(screen.getByText('Cache Ready')).toBeInTheDocument();
    expect(screen.getByText('Cache updated: Jun 3, 2025, 9:05 AM')).toBeInTheDocument();
    expect(screen.queryByText(/Demo data/)).toBeNull();
  });

  it("leaves out the cache update when it is 'never' or not sent", async () => {
    serve({ status: { ready: true, totalDeals: 3, lastUpdate: 'never' } });
    renderPage();
    await screen.findByText('Cache Ready');
    expect(screen.queryByText(/Cache updated/)).toBeNull();
  });

  it('marks demo data when the service says it runs in demo mode', async () => {
    serve({ status: { ...readyStatus(), demo: true } });
    renderPage();
    expect(await screen.findByText('Demo data')).toBeInTheDocument();
  });

  it('fetches the status itself when a single dispensary opens first', async () => {
    serve({ status: { ready: false, totalDeals: 12 }, dealsOf: { swade: [] } });
    renderPage({ query: '?dispensary=swade' });
    expect(await screen.findByText('Cache Loading')).toBeInTheDocument();
    expect(await screen.findByText('No deals found.')).toBeInTheDocument();
  });
});
