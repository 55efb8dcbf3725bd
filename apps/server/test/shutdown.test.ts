import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  handleShutdownSignals,
  RELAYED_SIGNAL_MS,
  SHUTDOWN_TIMING,
  type ShutdownSteps,
} from '../src/shutdown';

const never = () => new Promise<never>(() => {});

function setUp(steps: Partial<ShutdownSteps> = {}) {
  const signals = new EventEmitter();
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const all = {
    close: vi.fn<ShutdownSteps['close']>(steps.close ?? (() => Promise.resolve())),
    dropConnections: vi.fn<ShutdownSteps['dropConnections']>(),
    closeStore: vi.fn<ShutdownSteps['closeStore']>(steps.closeStore ?? (() => Promise.resolve())),
    exit: vi.fn<ShutdownSteps['exit']>(),
  };
  handleShutdownSignals({ signals, logger, steps: all });
  return { signals, logger, steps: all };
}

describe('handleShutdownSignals', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(['SIGTERM', 'SIGINT'])('closes the app on %s and exits 0', async (signal) => {
    const { signals, steps } = setUp();
    signals.emit(signal, signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(steps.close).toHaveBeenCalledTimes(1);
    expect(steps.exit.mock.calls).toEqual([[0]]);
    expect(steps.dropConnections).not.toHaveBeenCalled();
    expect(steps.closeStore).not.toHaveBeenCalled();
  });

  it('keeps listening during the shutdown, and ignores every later signal', async () => {
    let finish = () => {};
    const { signals, steps, logger } = setUp({
      close: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    signals.emit('SIGTERM', 'SIGTERM');
    // Without a listener, Node would apply the signal's default action: death mid-close.
    expect(signals.listenerCount('SIGTERM')).toBe(1);
    expect(signals.listenerCount('SIGINT')).toBe(1);
    signals.emit('SIGTERM', 'SIGTERM');
    signals.emit('SIGINT', 'SIGINT');
    expect(steps.close).toHaveBeenCalledTimes(1);
    // The same stop relayed by the wrappers (npm, tsx) a moment later is not news.
    expect(logger.warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RELAYED_SIGNAL_MS + 1);
    signals.emit('SIGINT', 'SIGINT');
    expect(logger.warn.mock.calls).toEqual([[{ signal: 'SIGINT' }, 'already shutting down']]);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(steps.exit.mock.calls).toEqual([[0]]);
  });

  it('drops the connections still open, then at the deadline closes the store and exits 0', async () => {
    const { signals, steps, logger } = setUp({ close: never });
    signals.emit('SIGTERM', 'SIGTERM');
    await vi.advanceTimersByTimeAsync(SHUTDOWN_TIMING.dropConnectionsAfterMs - 1);
    expect(steps.dropConnections).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(steps.dropConnections).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(
      SHUTDOWN_TIMING.deadlineMs - SHUTDOWN_TIMING.dropConnectionsAfterMs - 1,
    );
    expect(steps.closeStore).not.toHaveBeenCalled();
    expect(steps.exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(steps.closeStore).toHaveBeenCalledTimes(1);
    expect(steps.exit.mock.calls).toEqual([[0]]);
    expect(logger.error).toHaveBeenCalledWith(
      { waitedMs: SHUTDOWN_TIMING.deadlineMs },
      'shutdown outlasted its deadline; closing the store and exiting',
    );
    expect(SHUTDOWN_TIMING.deadlineMs + SHUTDOWN_TIMING.storeCloseMs).toBeLessThan(10_000);
  });

  it('exits 1 at the deadline when even the store cannot be closed', async () => {
    const { signals, steps } = setUp({ close: never, closeStore: never });
    signals.emit('SIGTERM', 'SIGTERM');
    await vi.advanceTimersByTimeAsync(SHUTDOWN_TIMING.deadlineMs + SHUTDOWN_TIMING.storeCloseMs);
    expect(steps.exit.mock.calls).toEqual([[1]]);
  });

  it('exits 1 when closing fails outright', async () => {
    const { signals, steps, logger } = setUp({
      close: () => Promise.reject(new Error('a hook threw')),
    });
    signals.emit('SIGINT', 'SIGINT');
    await vi.advanceTimersByTimeAsync(0);
    expect(steps.exit.mock.calls).toEqual([[1]]);
    expect(logger.error).toHaveBeenCalledWith(expect.anything(), 'shutdown failed');
    await vi.advanceTimersByTimeAsync(SHUTDOWN_TIMING.deadlineMs);
    expect(steps.exit).toHaveBeenCalledTimes(1);
  });
});
