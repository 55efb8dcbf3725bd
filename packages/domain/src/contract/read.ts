import { z } from 'zod';
import { DealSchema, type Deal, type StampedDeal } from './deal';
import type { Dispensary } from './dispensary';

/** The spec's own deal fields: a deal missing or breaking one of these is rejected. */
const REQUIRED_DEAL_FIELDS = new Set(['title', 'description', 'price', 'imageUrl', 'sourceUrl']);

export interface DealsRead {
  deals: Deal[];
  /** One line per rejected item: its index and what was wrong. */
  rejected: string[];
}

/**
 * Reads an untrusted deals answer item by item. A bad optional field is dropped and the deal kept;
 * a deal with a bad required field is left out and reported; an answer that is not an array is an
 * error for the caller to show.
 */
export function readDeals(input: unknown): DealsRead {
  if (!Array.isArray(input)) {
    throw new TypeError(`Expected an array of deals, got ${describe(input)}`);
  }
  const deals: Deal[] = [];
  const rejected: string[] = [];
  input.forEach((item: unknown, index) => {
    const result = readDeal(item);
    if (result.success) deals.push(result.data);
    else rejected.push(`deal ${index}: ${z.prettifyError(result.error).replace(/\n/g, '; ')}`);
  });
  return { deals, rejected };
}

function readDeal(item: unknown) {
  const first = DealSchema.safeParse(item);
  if (first.success || typeof item !== 'object' || item === null) return first;
  const badFields = new Set(first.error.issues.map((issue) => String(issue.path[0])));
  if ([...badFields].some((field) => REQUIRED_DEAL_FIELDS.has(field))) return first;
  const kept = Object.fromEntries(Object.entries(item).filter(([key]) => !badFields.has(key)));
  return DealSchema.safeParse(kept);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/**
 * Marks each deal with its dispensary's name and key: the page does this for single-dispensary
 * answers (spec section 3), and keeps what the service already sent otherwise.
 */
export function stampDeals(
  deals: readonly Deal[],
  dispensary: Pick<Dispensary, 'key' | 'name'>,
): StampedDeal[] {
  return deals.map((deal) => ({
    ...deal,
    dispensary: deal.dispensary ?? dispensary.name,
    dispensaryKey: deal.dispensaryKey ?? dispensary.key,
  }));
}
