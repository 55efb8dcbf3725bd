import type { Deal } from '../contract/deal';

/** How far the relevance order is interleaved, and how long a run of one kind may be. */
export const VARIETY_WINDOW = 48;
export const VARIETY_MAX_RUN = 2;

export interface VarietyOptions {
  /** Positions from the top that are interleaved (the first page at the largest page size). */
  window?: number;
  /** The longest run of items sharing a key. */
  maxRun?: number;
}

/**
 * `items` reordered so that, among the first `window`, no more than `maxRun` in a row share any
 * of the keys `keysOf` gives (null: shares nothing). Each position takes the first item left, in
 * the input's order, that does not make a run too long; when none can (one store's list has one
 * store key throughout), the first item left. Past the window, the rest follow in the input's
 * order. So the order stays the input's as far as variety allows: a deep discount moves down at
 * most a few places. Pure and deterministic; the input is not mutated.
 */
export function interleaveForVariety<T>(
  items: readonly T[],
  keysOf: (item: T) => ReadonlyArray<string | null>,
  { window = VARIETY_WINDOW, maxRun = VARIETY_MAX_RUN }: VarietyOptions = {},
): T[] {
  const left = items.map((item) => ({ item, keys: keysOf(item) }));
  const placed: Array<(typeof left)[number]> = [];
  const taken = new Set<number>();
  let firstLeft = 0;
  const limit = Math.min(window, left.length);
  while (placed.length < limit) {
    const recent = placed.slice(-maxRun);
    const fits = (keys: ReadonlyArray<string | null>) =>
      recent.length < maxRun ||
      keys.every((key, dimension) => key === null || recent.some((r) => r.keys[dimension] !== key));
    let chosen = -1;
    for (let index = firstLeft; index < left.length; index++) {
      if (!taken.has(index) && fits(left[index]!.keys)) {
        chosen = index;
        break;
      }
    }
    if (chosen === -1) chosen = firstLeft;
    taken.add(chosen);
    placed.push(left[chosen]!);
    while (taken.has(firstLeft)) firstLeft++;
  }
  const rest = left.filter((_, index) => !taken.has(index));
  return [...placed, ...rest].map(({ item }) => item);
}

/**
 * The keys the service's relevance order is interleaved by: the special a deal belongs
 * to and its dispensary, so the first page is not twelve cards of one 'Half Off Smalls'.
 */
export function varietyKeys(
  deal: Pick<Deal, 'specialName' | 'dispensaryKey'>,
): [string | null, string | null] {
  const special = deal.specialName?.trim().toLowerCase() || null;
  return [
    special === null ? null : `${deal.dispensaryKey ?? ''}|${special}`,
    deal.dispensaryKey ?? null,
  ];
}
