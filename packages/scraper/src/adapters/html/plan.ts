import { UnconfiguredError } from '../../errors';
import type { Received, RequestPlan } from '../types';
import type { SpecialsPageEntry } from './specials-entry';

export const SPECIALS_PAGE_LABEL = 'specials-page';

/** One GET of the dispensary's own specials page: `specialsUrl`, else its `menuUrl`. */
export function plan(entry: SpecialsPageEntry, received: readonly Received[]): RequestPlan[] {
  if (received.length > 0) return [];
  const url = specialsPageOf(entry);
  if (!url) {
    throw new UnconfiguredError(
      `Dispensary '${entry.key}' has platform 'html' but no specials page known (no specialsUrl or menuUrl)`,
    );
  }
  return [{ label: SPECIALS_PAGE_LABEL, url, accept: 'text/html' }];
}

export function specialsPageOf(entry: SpecialsPageEntry): string | undefined {
  return entry.specialsUrl ?? entry.menuUrl;
}
