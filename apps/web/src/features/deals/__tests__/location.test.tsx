import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deal, DISPENSARIES } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { serve } from '../../../test/server';

/** The Loop in University City: a few blocks from the first dispensary. */
const HERE = { latitude: 38.6556, longitude: -90.3049 };

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

/** A browser geolocation whose answer the test gives. */
function fakeGeolocation() {
  const pending: Array<{ success: Success; failure: Failure }> = [];
  const getCurrentPosition = vi.fn((success: Success, failure?: Failure | null) => {
    pending.push({ success, failure: failure ?? (() => undefined) });
  });
  const geolocation = {
    getCurrentPosition,
    watchPosition: vi.fn(),
    clearWatch: vi.fn(),
  } as unknown as Geolocation;
  return {
    geolocation,
    getCurrentPosition,
    grant: (coords = HERE) =>
      pending.shift()!.success({ coords, timestamp: 0 } as unknown as GeolocationPosition),
    deny: () =>
      pending.shift()!.failure({ code: 1, message: 'User denied' } as GeolocationPositionError),
  };
}

const [near, , far, unknown] = DISPENSARIES.map((d) => ({
  dispensary: d.name,
  dispensaryKey: d.key,
}));
const FEED = [
  deal({ title: 'Far away flower deal', ...far }),
  deal({ title: 'Unknown place gummies deal', ...unknown }),
  deal({ title: 'Around the corner vape deal', ...near }),
];

const banner = () => screen.queryByRole('region', { name: 'Your location' });

describe('location', () => {
  it('offers Enable Location, and no distance sorting or filter until it is known', async () => {
    serve({ deals: FEED });
    renderPage({ services: { geolocation: fakeGeolocation().geolocation } });
    await screen.findByText('Found 3 deals');
    expect(within(banner()!).getByRole('button', { name: 'Enable Location' })).toBeEnabled();
    expect(screen.getByRole('option', { name: 'Distance: Near to Far' })).toBeDisabled();
    expect(screen.queryByLabelText('Distance Filter')).toBeNull();
    expect(screen.queryByText(/\d mi$/)).toBeNull();
  });

  it('asks with high accuracy, 10 s and positions up to 5 minutes old, then sorts by distance', async () => {
    serve({ deals: FEED });
    const geo = fakeGeolocation();
    const { user } = renderPage({ services: { geolocation: geo.geolocation } });
    await screen.findByText('Found 3 deals');

    await user.click(screen.getByRole('button', { name: 'Enable Location' }));
    expect(screen.getByText('Asking your browser for your location...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable Location' })).toBeDisabled();
    expect(geo.getCurrentPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      {
        enableHighAccuracy: true,
        timeout: 10_000,
        maximumAge: 300_000,
      },
    );

    geo.grant();
    await screen.findByLabelText('Distance Filter');
    expect(banner()).toBeNull();
    expect(screen.getByText('0.1 mi')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sort By'), 'distance');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Around the corner vape deal',
      'Far away flower deal',
      'Unknown place gummies deal',
    ]);

    await user.selectOptions(screen.getByLabelText('Distance Filter'), '5');
    expect(screen.getByText('Found 1 deal (of 3 total)')).toBeInTheDocument();
    expect(window.location.search).toBe('?sort=distance&distance=5');
  });

  it("says so when the visitor refuses (or the browser can't tell)", async () => {
    serve({ deals: FEED });
    const geo = fakeGeolocation();
    const { user } = renderPage({ services: { geolocation: geo.geolocation } });
    await user.click(await screen.findByRole('button', { name: 'Enable Location' }));
    geo.deny();
    expect(
      await screen.findByText(
        'Location access denied. You can manually search by dispensary name.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable Location' })).toBeEnabled();
  });

  it('says so when the browser has no geolocation', async () => {
    serve({ deals: FEED });
    renderPage({ services: { geolocation: undefined } });
    expect(
      await screen.findByText('Location services not supported in this browser.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable Location' })).toBeNull();
  });

  /** Browser permissions that answer `state` for geolocation, and the spy on their query. */
  function permissionsSaying(state: PermissionState) {
    const query = vi.fn(() => Promise.resolve({ state } as PermissionStatus));
    return { permissions: { query } as unknown as Permissions, query };
  }

  it('reads the position at load when permission was given, and applies a shared distance link', async () => {
    serve({ deals: FEED });
    const geo = fakeGeolocation();
    const { permissions, query } = permissionsSaying('granted');
    renderPage({
      query: '?sort=distance&distance=5',
      services: { geolocation: geo.geolocation, permissions },
    });
    await waitFor(() => expect(geo.getCurrentPosition).toHaveBeenCalledTimes(1));
    expect(query).toHaveBeenCalledWith({ name: 'geolocation' });
    act(() => geo.grant());

    expect(await screen.findByText('Found 1 deal (of 3 total)')).toBeInTheDocument();
    expect(screen.getByLabelText('Sort By')).toHaveValue('distance');
    expect(screen.getByLabelText('Distance Filter')).toHaveValue('5');
    expect(banner()).toBeNull();
    expect(window.location.search).toBe('?sort=distance&distance=5');
  });

  it('says why a shared distance link is not applied yet, and keeps it in the address', async () => {
    serve({ deals: FEED });
    const geo = fakeGeolocation();
    const { permissions, query } = permissionsSaying('prompt');
    renderPage({
      query: '?sort=distance&distance=5',
      services: { geolocation: geo.geolocation, permissions },
    });
    await screen.findByText('Found 3 deals');
    await waitFor(() => expect(query).toHaveBeenCalled());
    expect(within(banner()!).getByRole('status')).toHaveTextContent(
      'Distance sort needs your location.',
    );
    expect(within(banner()!).getByRole('button', { name: 'Enable Location' })).toBeEnabled();
    expect(geo.getCurrentPosition).not.toHaveBeenCalled();
    expect(window.location.search).toBe('?sort=distance&distance=5');
  });

  it('keeps relevance for a shared distance link until the location is known', async () => {
    serve({ deals: FEED });
    renderPage({ query: '?sort=distance&distance=5' });
    await screen.findByText('Found 3 deals');
    expect(screen.getByLabelText('Sort By')).toHaveValue('relevance');
  });
});
