import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { App } from '../app/app';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import type { Services } from '../shared/services';
import { NOW, TIME_ZONE } from './fixtures';

export interface PageOptions {
  /** The URL query the page opens with, e.g. '?category=edibles'. */
  query?: string;
  services?: Partial<Services>;
  /** Drive user-event with fake timers (set up before rendering). */
  fakeTimers?: boolean;
}

/** The whole page as main.tsx mounts it, with a fixed clock, no jitter and no wake-up call. */
export function renderPage({ query = '', services, fakeTimers = false }: PageOptions = {}) {
  window.history.replaceState(null, '', `/${query}`);
  const all: Services = {
    random: () => 0,
    now: () => NOW,
    timeZone: TIME_ZONE,
    isLocalhost: true,
    geolocation: undefined,
    permissions: undefined,
    ...services,
  };
  const queryClient = createQueryClient();
  const user = userEvent.setup(
    fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {},
  );
  const view = render(
    <Providers services={all} queryClient={queryClient}>
      <App />
    </Providers>,
  );
  return { ...view, user, queryClient };
}

/** Fake timers that still move with real time, so Testing Library's waits keep working. */
export function installFakeClock() {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
}
