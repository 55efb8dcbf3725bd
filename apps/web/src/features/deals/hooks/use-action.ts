import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A visitor's action (Refresh, Refresh All, Retry Connection): a stable `start`, and whether a
 * run of it is under way (its button rests meanwhile). A failure goes to `onError`; the flows
 * show their own failures. Decision: not TanStack's `useMutation`, whose observer was 0.5 KB gzip
 * of the first load for this much; the actions write the query cache themselves.
 */
export function useAction<T = void>(
  run: (arg: T) => Promise<void>,
  onError?: (error: unknown, arg: T) => void,
) {
  const [running, setRunning] = useState(0);
  const latest = useRef({ run, onError });
  useEffect(() => {
    latest.current = { run, onError };
  });
  const start = useCallback((arg: T) => {
    setRunning((count) => count + 1);
    const current = latest.current;
    current
      .run(arg)
      .catch((error: unknown) => current.onError?.(error, arg))
      .finally(() => setRunning((count) => count - 1));
  }, []);
  return { pending: running > 0, start };
}
