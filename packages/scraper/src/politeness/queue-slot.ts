import type PQueue from 'p-queue';

/**
 * Runs `task` in a slot of `queue`. Aborting `signal` takes the task out of the queue while it
 * waits; once it runs, the task alone answers the signal and the slot stays held until the task has
 * really finished. (Given the signal itself, p-queue frees the slot the moment it aborts, so the
 * next task could overlap a request or a page that is still closing.)
 */
export function runInSlot<T>(
  queue: PQueue,
  signal: AbortSignal,
  task: () => Promise<T>,
): Promise<T> {
  const waiting = new AbortController();
  const stopWaiting = () => waiting.abort(signal.reason);
  if (signal.aborted) stopWaiting();
  else signal.addEventListener('abort', stopWaiting, { once: true });
  return queue.add(
    () => {
      signal.removeEventListener('abort', stopWaiting);
      return task();
    },
    { signal: waiting.signal },
  );
}
