import { describe, expect, it, vi } from 'vitest';
import { HttpError, InvalidAnswerError, NoResponseError, RetriesExhaustedError } from './errors';
import { isRetryable, withRetry, type AttemptFailed, type RetryStarting } from './retry';

/** A call that fails with `errors` in turn, then answers 'done'. */
function flaky(...errors: Error[]) {
  const call = vi.fn(() => {
    const error = errors.shift();
    return error ? Promise.reject(error) : Promise.resolve('done');
  });
  return call;
}

function events() {
  const seen: Array<['failed', AttemptFailed] | ['retry', RetryStarting]> = [];
  return {
    seen,
    onAttemptFailed: (event: AttemptFailed) => seen.push(['failed', event]),
    onRetry: (event: RetryStarting) => seen.push(['retry', event]),
  };
}

describe('isRetryable', () => {
  it.each<[string, Error, boolean]>([
    ['no response', new NoResponseError('x'), true],
    ['500', new HttpError(500, ''), true],
    ['503', new HttpError(503, ''), true],
    ['404', new HttpError(404, ''), false],
    ['429', new HttpError(429, ''), false],
    ['an invalid answer', new InvalidAnswerError('x'), false],
    ['any other error', new Error('x'), false],
  ])('%s: %s', (_name, error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });
});

describe('withRetry', () => {
  it('waits 2000 ms x 2^attempt plus jitter between attempts and tells each step', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const call = flaky(new HttpError(503, ''), new NoResponseError('x'));
    const { seen, ...handlers } = events();
    const result = withRetry(call, { attempts: 3, random: () => 0.5, ...handlers });

    await vi.advanceTimersByTimeAsync(2499);
    expect(call).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4500);
    await expect(result).resolves.toBe('done');
    expect(call).toHaveBeenCalledTimes(3);
    expect(seen).toEqual([
      ['failed', { attempt: 1, attempts: 3, delayMs: 2500 }],
      ['retry', { attempt: 2, attempts: 3 }],
      ['failed', { attempt: 2, attempts: 3, delayMs: 4500 }],
      ['retry', { attempt: 3, attempts: 3 }],
    ]);
  });

  it('never retries a 4xx answer', async () => {
    const call = flaky(new HttpError(404, 'Not Found'));
    const { seen, ...handlers } = events();
    await expect(withRetry(call, { attempts: 3, random: () => 0, ...handlers })).rejects.toEqual(
      new HttpError(404, 'Not Found'),
    );
    expect(call).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
  });

  it("gives up after the last attempt with the spec's text and the last error as cause", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const last = new HttpError(502, 'Bad Gateway');
    const call = flaky(new HttpError(500, ''), new HttpError(500, ''), last);
    const result = withRetry(call, { attempts: 3, random: () => 0 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(6000);
    const error = await result;
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    expect((error as Error).message).toBe(
      'Failed after 3 attempts. Backend may be experiencing issues.',
    );
    expect((error as Error).cause).toBe(last);
  });

  it('stops waiting when the caller cancels, with its reason', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const controller = new AbortController();
    const call = flaky(new HttpError(503, ''));
    const result = withRetry(call, { attempts: 3, random: () => 0, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(1000);
    const reason = new Error('moved on');
    controller.abort(reason);
    await expect(result).rejects.toBe(reason);
    expect(call).toHaveBeenCalledTimes(1);
  });
});
