import { useCallback, useEffect, useState } from 'react';

/**
 * The refresh the service refused for a while (a 429 with its Retry-After): its key (a
 * dispensary's, or 'all' for Refresh All), whose button rests until the wait ends, and then the
 * key it was (`lifted`), so the page can say that the button works again. A later refusal takes
 * the place of an earlier one.
 */
export function useRefreshWait(now: () => number) {
  const [resting, setResting] = useState<{ key: string; until: number } | null>(null);
  const [lifted, setLifted] = useState<string | null>(null);

  const wait = useCallback((key: string, until: number) => {
    setLifted(null);
    setResting({ key, until });
  }, []);

  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(
      () => {
        setResting(null);
        setLifted(resting.key);
      },
      Math.max(0, resting.until - now()),
    );
    return () => clearTimeout(timer);
  }, [resting, now]);

  return { waiting: resting?.key ?? null, lifted, wait };
}
