import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { onDemandParts } from '../features/deals/load-on-demand';
import { server } from './server';

// A `findBy`/`waitFor` ends as soon as what it waits for is in the DOM; its limit (1 s by
// default) fits a loaded 2-core machine running other suites beside this one, where a render of
// 10,000 deals alone can take seconds. What the tests assert is unchanged.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The page's on-demand parts loaded, as the page preloads them when idle once its list shows
// and a visitor finds them: a click's effect shows in the same turn. Loading them the first time
// is a test of its own (shared/tasks/on-demand.test.ts, shared/ui/on-demand-component.test.tsx).
beforeAll(() => onDemandParts.load());
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());
