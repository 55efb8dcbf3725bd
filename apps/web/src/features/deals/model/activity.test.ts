import { describe, expect, it } from 'vitest';
import { activityReducer, INITIAL_ACTIVITY, type Activity, type ActivityEvent } from './activity';

function run(...events: ActivityEvent[]): Activity {
  return events.reduce(activityReducer, INITIAL_ACTIVITY);
}

describe('activityReducer', () => {
  it("starts at rest with the spec's 'Loading deals...'", () => {
    expect(INITIAL_ACTIVITY).toEqual({
      message: 'Loading deals...',
      messageExpiresMs: null,
      partial: false,
      error: null,
      notice: null,
      attempt: null,
      wakingUp: false,
      background: null,
      unreachable: false,
    });
  });

  it('shows the waking-up notice and the counter from the first failure on', () => {
    const state = run(
      { type: 'started', message: 'Connecting to backend...' },
      { type: 'attempt-failed', attempt: 1, attempts: 3, delayMs: 2000 },
    );
    expect(state).toMatchObject({
      message: 'Backend is waking up from sleep... This may take 30-60 seconds.',
      attempt: { number: 1, of: 3 },
      wakingUp: true,
    });
    expect(run({ type: 'retrying', attempt: 2, attempts: 3 }).message).toBe(
      'Attempting to reconnect... (attempt 2/3)',
    );
  });

  it('clears the error panel when a retry starts', () => {
    const state = run(
      { type: 'failed', error: 'Failed to refresh all dispensaries: Server error: 500' },
      { type: 'retrying', attempt: 2, attempts: 3 },
    );
    expect(state.error).toBeNull();
  });

  it('clears the error and the retry state when a flow starts, and the retry state on a step', () => {
    const failed = run({ type: 'failed', error: 'x' });
    expect(activityReducer(failed, { type: 'started', message: 'Refreshing a...' })).toEqual({
      ...INITIAL_ACTIVITY,
      message: 'Refreshing a...',
    });
    const retried = run({ type: 'attempt-failed', attempt: 1, attempts: 3, delayMs: 2000 });
    expect(
      activityReducer(retried, { type: 'step', message: 'Loading deals from cache...' }),
    ).toEqual({ ...INITIAL_ACTIVITY, message: 'Loading deals from cache...' });
  });

  it('keeps a finished message or returns to rest', () => {
    expect(run({ type: 'finished', message: 'All deals loaded!' }).message).toBe(
      'All deals loaded!',
    );
    expect(run({ type: 'started', message: 'x' }, { type: 'finished' }).message).toBe(
      'Loading deals...',
    );
  });

  it('reverts an expired message only if nothing replaced it', () => {
    const done = run({ type: 'finished', message: 'All dispensaries refreshed successfully!' });
    expect(
      activityReducer(done, {
        type: 'expired',
        message: 'All dispensaries refreshed successfully!',
      }).message,
    ).toBe('Loading deals...');
    const moved = activityReducer(done, { type: 'started', message: 'Refreshing a...' });
    expect(
      activityReducer(moved, {
        type: 'expired',
        message: 'All dispensaries refreshed successfully!',
      }),
    ).toBe(moved);
  });

  it('drops a dismissed error over a loaded list and keeps the rest', () => {
    const failed = run({ type: 'failed', error: 'Failed to refresh a: Server error: 500' });
    expect(activityReducer(failed, { type: 'dismissed', listLoaded: true })).toEqual(
      INITIAL_ACTIVITY,
    );
    expect(activityReducer(failed, { type: 'dismissed', listLoaded: false })).toBe(failed);
    const calm = run({ type: 'finished' });
    expect(activityReducer(calm, { type: 'dismissed', listLoaded: true })).toBe(calm);
  });

  it('shows a failed refresh as a notice, ends its message, and dismisses it', () => {
    const notice = { text: 'Failed to refresh all dispensaries: Server error: 429', retryAt: 5 };
    const state = run(
      { type: 'started', message: 'Force refreshing all dispensaries...' },
      { type: 'refresh-failed', notice, unreachable: false },
    );
    expect(state).toMatchObject({ message: 'Loading deals...', error: null, notice });
    expect(activityReducer(state, { type: 'dismissed', listLoaded: true }).notice).toBeNull();
    expect(activityReducer(state, { type: 'started', message: 'x' }).notice).toBeNull();
  });

  it('tracks the background retries under a connection error until a flow starts', () => {
    const failed = run({ type: 'failed', error: 'Backend is not responding.', background: true });
    const trying = activityReducer(failed, {
      type: 'background',
      state: { attempt: 2, of: 8 },
    });
    expect(trying).toMatchObject({
      error: 'Backend is not responding.',
      background: { attempt: 2, of: 8 },
    });
    expect(activityReducer(trying, { type: 'started', message: 'x' }).background).toBeNull();
    // no background state unless the failure started one
    const plain = run({ type: 'failed', error: 'x' }, { type: 'background', state: 'stopped' });
    expect(plain.background).toBeNull();
  });

  it('says the service is unreachable from a failed call until a later call is answered', () => {
    const notice = { text: 'Failed to refresh all dispensaries: No response', retryAt: null };
    const down = run({ type: 'refresh-failed', notice, unreachable: true });
    expect(down.unreachable).toBe(true);
    // Neither starting again nor reading the notice away says the service answered.
    const again = activityReducer(down, { type: 'started', message: 'Refreshing a...' });
    expect(again.unreachable).toBe(true);
    expect(activityReducer(down, { type: 'dismissed', listLoaded: true }).unreachable).toBe(true);
    expect(activityReducer(again, { type: 'step', message: 'x' }).unreachable).toBe(false);
    expect(activityReducer(again, { type: 'finished' }).unreachable).toBe(false);
    // A refusal is an answer.
    const refused = { text: 'Nothing was refreshed', retryAt: 5 };
    expect(
      activityReducer(down, { type: 'refresh-failed', notice: refused, unreachable: false })
        .unreachable,
    ).toBe(false);
    expect(run({ type: 'failed', error: 'x', background: true }).unreachable).toBe(true);
    expect(run({ type: 'failed', error: 'Failed to fetch deals: 404' }).unreachable).toBe(false);
  });
});
