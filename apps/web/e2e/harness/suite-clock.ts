import type { Clock } from '../../../server/src/clock';

/**
 * The end-to-end suite's clock. The demo's menus, the day filter and the cards' dates all depend
 * on the day, so the suite never reads the calendar: the service, its simulated menus, the test
 * browser and the expectations all run on one clock that starts at a fixed moment and then
 * advances with real time (refreshes, cache ages and timers behave as they do live).
 *
 * `E2E_NOW` (an ISO 8601 time) sets another start, to run the suite on another day or weekday:
 * `E2E_NOW=2026-11-30T15:00:00Z npx vitest run --project web-e2e`.
 */
export const DEFAULT_SUITE_START = '2026-11-27T17:00:00Z';

/** The moment the suite's clock starts at, from `E2E_NOW` or the default. */
export function suiteStart(env: NodeJS.ProcessEnv = process.env): Date {
  const text = env.E2E_NOW?.trim() || DEFAULT_SUITE_START;
  const start = new Date(text);
  if (Number.isNaN(start.getTime())) {
    throw new Error(
      `E2E_NOW must be an ISO 8601 time such as ${DEFAULT_SUITE_START} (got '${text}').`,
    );
  }
  return start;
}

/** A clock `offsetMs` ahead of (or behind) the machine's, advancing with it. */
export function offsetClock(offsetMs: number): Clock {
  return { now: () => new Date(Date.now() + offsetMs) };
}
