import type { SourceStatus } from '@stl-deals/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  const source = (key: string, fields: Partial<SourceStatus>): SourceStatus => ({
    key,
    name: key,
    state: 'ok',
    dealCount: 3,
    lastSuccessAt: '2025-06-04T16:30:00Z',
    lastAttemptAt: '2025-06-04T16:30:00Z',
    error: null,
    ...fields,
  });

  it('says how many dispensaries the deals come from, and lists the others on demand', async () => {
    serve({
      status: readyStatus({
        dispensaryCount: 4,
        sourcesOk: 1,
        sourcesFailing: 2,
        sourcesUnconfigured: 1,
        sources: [
          source('Swade', {}),
          source('Greenlight <b>Ferguson</b>', {
            state: 'stale',
            error: 'The service cannot reach the internet.',
            lastSuccessAt: '2025-06-03T14:05:00Z',
          }),
          source('Bloom', {
            state: 'failed',
            error: 'The menu platform refused our request.',
            lastSuccessAt: null,
          }),
          source('Nowhere', {
            state: 'unconfigured',
            error: 'No menu source is known for this dispensary yet.',
            lastSuccessAt: null,
          }),
        ],
      }),
    });
    renderPage();
    const line = await screen.findByText('Deals from 1 of 4 dispensaries');
    const list = screen.getByRole('list', { name: 'Dispensaries without current deals' });
    expect(list).not.toBeVisible();
    await userEvent.click(line);
    expect(list).toBeVisible();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Greenlight <b>Ferguson</b>: The service cannot reach the internet. (Last success: Jun 3, 2025, 9:05 AM)',
      'Bloom: The menu platform refused our request. (Last success: never)',
      'Nowhere: No menu source is known for this dispensary yet. (Last success: never)',
    ]);
    expect(list.querySelector('b')).toBeNull();
  });

  const offline = 'The service cannot reach the internet.';

  it('says so, and opens the reasons, when no dispensary could be reached', async () => {
    const names = ['Swade', 'Bloom', 'Greenlight'];
    serve({
      deals: [],
      status: readyStatus({
        totalDeals: 0,
        lastUpdate: 'never',
        dispensaryCount: 3,
        sourcesOk: 0,
        sourcesFailing: 3,
        sourcesUnconfigured: 0,
        sources: names.map((name) =>
          source(name, { state: 'failed', error: offline, lastSuccessAt: null }),
        ),
      }),
    });
    renderPage();
    expect(
      await screen.findByText(
        'No dispensary could be reached, and none has given deals yet, so there is nothing to show.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No deals found.')).toBeNull();
    const list = screen.getByRole('list', { name: 'Dispensaries without current deals' });
    expect(list).toBeVisible();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['3 dispensaries: The service cannot reach the internet.']);
    // Not a green 'Cache Ready' over nothing: the badge says what happened.
    expect(screen.getByText('No dispensary reached')).toBeInTheDocument();
    expect(screen.queryByText('Cache Ready')).toBeNull();
  });

  it('gives the age of the last good deals when no dispensary could be reached now', async () => {
    serve({
      deals: [],
      status: readyStatus({
        lastUpdate: '2025-06-03T14:05:00Z',
        dispensaryCount: 2,
        sources: [
          source('Swade', { state: 'stale', error: offline }),
          source('Bloom', { state: 'failed', error: offline, lastSuccessAt: null }),
        ],
      }),
    });
    renderPage();
    expect(
      await screen.findByText(
        'No dispensary could be reached. The last good deals are from Jun 3, 2025, 9:05 AM.',
      ),
    ).toBeInTheDocument();
  });

  it('names the dispensaries that share a reason while others still answer', async () => {
    serve({
      status: readyStatus({
        dispensaryCount: 4,
        sources: [
          source('Swade', {}),
          source('Bloom', { state: 'failed', error: offline, lastSuccessAt: null }),
          source('Greenlight', { state: 'stale', error: offline }),
          source('Nowhere', { state: 'failed', error: 'The menu changed.', lastSuccessAt: null }),
        ],
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByText('Deals from 1 of 4 dispensaries'));
    const list = screen.getByRole('list', { name: 'Dispensaries without current deals' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2 dispensaries: The service cannot reach the internet. (Bloom, Greenlight)',
      'Nowhere: The menu changed. (Last success: never)',
    ]);
    expect(screen.getByText('Found 3 deals')).toBeInTheDocument();
  });

  it('says nothing about sources while every dispensary is fine', async () => {
    serve({
      status: readyStatus({
        sourcesOk: 2,
        sourcesFailing: 0,
        sourcesUnconfigured: 0,
        sources: [source('Swade', {}), source('Bloom', { state: 'running' })],
      }),
    });
    renderPage();
    await screen.findByText('Cache Ready');
    expect(screen.queryByText(/Deals from/)).toBeNull();
  });
});
