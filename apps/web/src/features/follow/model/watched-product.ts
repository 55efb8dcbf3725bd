/**
 * A product the visitor watches: its key across stores (a deal's `productKey`, the comparison's),
 * optionally at or below a price per item. The service tells of it when any store has it on deal
 * at or below that price, at most once a day.
 */
import type { Follow } from './followed-search';

/** The highest target the service takes, in dollars. */
const MAX_TARGET = 1_000_000;

/**
 * The target price a visitor typed, in dollars: null for none (any price on deal), 'invalid'
 * for anything but a positive amount in dollars and cents ('30', '$29.99', '12.5').
 */
export function readTargetPrice(text: string): number | null | 'invalid' {
  const typed = text.trim().replace(/^\$\s*/, '');
  if (typed === '') return null;
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(typed)) return 'invalid';
  const dollars = Number(typed);
  return dollars > 0 && dollars <= MAX_TARGET ? dollars : 'invalid';
}

/** The Atom feed of one product across stores, absolute, for a feed reader. */
export function productFeedUrl(productKey: string, origin: string): string {
  return `${origin}/feeds/product.atom?${new URLSearchParams({ product: productKey }).toString()}`;
}

/** What this browser keeps of one product's push watch: what stopping it needs, and its target. */
export interface ProductWatch extends Follow {
  /** Dollars; null: any price on deal. */
  atMost: number | null;
}

const STORAGE_KEY = 'stl-deals:watches';
/** Watches kept in the browser, at most (the service allows 20 subscriptions a day per client). */
const MAX_WATCHES = 50;

/**
 * The product watches this browser keeps, by product key, read defensively: storage is the
 * visitor's, and a damaged or foreign entry is dropped rather than trusted.
 */
export function readWatches(storage: Storage): Map<string, ProductWatch> {
  const watches = new Map<string, ProductWatch>();
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
  } catch {
    return watches;
  }
  if (typeof stored !== 'object' || stored === null) return watches;
  for (const [key, value] of Object.entries(stored).slice(0, MAX_WATCHES)) {
    if (isWatch(value)) {
      watches.set(key, { id: value.id, token: value.token, atMost: value.atMost });
    }
  }
  return watches;
}

export function writeWatches(storage: Storage, watches: ReadonlyMap<string, ProductWatch>): void {
  const kept = [...watches].slice(-MAX_WATCHES);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or refused (a private window): the watch works, this browser forgets it.
  }
}

function isWatch(value: unknown): value is ProductWatch {
  if (typeof value !== 'object' || value === null) return false;
  const { id, token, atMost } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof token === 'string' &&
    id.length <= 100 &&
    token.length <= 200 &&
    (atMost === null ||
      (typeof atMost === 'number' && Number.isFinite(atMost) && atMost > 0 && atMost <= MAX_TARGET))
  );
}
