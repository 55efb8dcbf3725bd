/**
 * A pure function's results by key, the last `limit` kept (then all forgotten at once, which is
 * simpler than least-recently-used and enough for keys that come in bursts). For the calendar of
 * a named time zone through Intl, tens of microseconds a call: a load's cards ask for the same
 * few instants again and again ('now', the days ahead), once per card drawn.
 */
export function recentResults<V>(limit: number): (key: string, compute: () => V) => V {
  const kept = new Map<string, V>();
  return (key, compute) => {
    const known = kept.get(key);
    if (known !== undefined) return known;
    if (kept.size >= limit) kept.clear();
    const value = compute();
    kept.set(key, value);
    return value;
  };
}
