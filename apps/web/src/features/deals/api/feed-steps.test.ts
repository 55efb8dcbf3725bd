import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { RetriesExhaustedError } from '../../../shared/http/errors';
import type { ActivityEvent } from '../model/activity';
import { NOT_RESPONDING_MESSAGE } from '../model/messages';
import { shown, type FeedContext } from './feed-steps';

function context() {
  const events: ActivityEvent[] = [];
  const ctx: FeedContext = {
    client: new QueryClient(),
    random: () => 0,
    now: () => 0,
    isLocalhost: true,
    timeZone: 'America/Chicago',
    report: (event) => events.push(event),
  };
  return { ctx, events };
}

const failing = (error: Error) => () => Promise.reject(error);

describe('what a failed load shows', () => {
  it('shows the text described once the texts of failures have loaded', async () => {
    const { ctx, events } = context();
    const error = new RetriesExhaustedError(3);
    const describe = (cause: unknown) =>
      Promise.resolve(`Failed to fetch deals: ${(cause as Error).message}`);

    await expect(shown(ctx, describe, failing(error))).rejects.toBe(error);

    expect(events).toEqual([
      {
        type: 'failed',
        error:
          'Failed to fetch deals: Failed after 3 attempts. Backend may be experiencing issues.',
        background: true,
      },
    ]);
  });

  it("shows the error's own message, and keeps trying, when the texts cannot be loaded", async () => {
    const { ctx, events } = context();
    const error = new Error(NOT_RESPONDING_MESSAGE);
    const unloadable = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

    await expect(shown(ctx, unloadable, failing(error))).rejects.toBe(error);

    expect(events).toEqual([{ type: 'failed', error: NOT_RESPONDING_MESSAGE, background: true }]);
  });

  it('never leaves the error empty, which would keep the loading panel up', async () => {
    const { ctx, events } = context();
    const unloadable = () => Promise.reject(new TypeError('Failed to fetch'));

    await expect(shown(ctx, unloadable, failing(new Error('')))).rejects.toThrow();

    expect(events).toEqual([{ type: 'failed', error: 'Error', background: false }]);
  });

  it('shows nothing when the load was cancelled while its text was loading', async () => {
    const { ctx, events } = context();
    const controller = new AbortController();
    const describe = () => {
      controller.abort();
      return Promise.resolve('Failed to fetch deals: Server error: 404 Not Found');
    };

    await expect(shown(ctx, describe, failing(new Error('x')), controller.signal)).rejects.toThrow(
      'x',
    );

    expect(events).toEqual([]);
  });
});
