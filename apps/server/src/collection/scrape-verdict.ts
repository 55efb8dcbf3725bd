import { ScrapeError } from '@stl-deals/scraper';
import { StorageFaultError, StorageFullError, type ScrapeOutcome } from '@stl-deals/store';

/** How one scrape ended, before the nothing-lost rule is applied. */
export type ScrapeEnd =
  | { kind: 'found'; dealCount: number }
  | { kind: 'threw'; error: unknown }
  | { kind: 'timed-out' }
  | { kind: 'aborted' };

export interface ScrapeVerdict {
  outcome: ScrapeOutcome;
  /** Whether the scrape's deals replace the stored snapshot. */
  replace: boolean;
  /** What status shows next to the dispensary; null when all went well. */
  error: string | null;
}

/**
 * Client-safe reasons, one per outcome. The scraper's own messages (hosts, HTTP codes) go to the
 * log only: status is public, and no internal message reaches a client.
 */
export const PUBLIC_REASONS: Record<Exclude<ScrapeOutcome, 'ok'>, string> = {
  empty: 'The menu showed no deals; the last good deals are kept.',
  blocked: 'The menu platform refused our request.',
  'schema-changed': 'The menu platform changed its format.',
  'not-found': 'The menu was not found at its platform.',
  timeout: 'The menu did not answer in time.',
  retryable: 'The menu platform is unavailable for now.',
  aborted: 'The service stopped during the scrape.',
  error: 'An unexpected error stopped the scrape.',
};

/** Client-safe reasons for a scrape whose deals the store would not take. */
export const STORAGE_REASONS = {
  full: "The service's storage is full; the last good deals are kept.",
  fault: "The service's storage is failing; the last good deals are kept.",
} as const;

/** What status shows, and the log says, when storing a scrape's deals failed with `error`. */
export function storeFailure(error: unknown): { reason: string; log: string } {
  if (error instanceof StorageFullError) {
    return { reason: STORAGE_REASONS.full, log: 'could not store the snapshot: disk full' };
  }
  if (error instanceof StorageFaultError) {
    return { reason: STORAGE_REASONS.fault, log: 'could not store the snapshot: storage failing' };
  }
  return { reason: PUBLIC_REASONS.error, log: 'could not store the snapshot' };
}

/**
 * The nothing-lost rule: only a scrape that found deals, or found none where the last snapshot
 * had none either, replaces the snapshot. A failure, a timeout, or an empty answer where deals
 * were stored keeps the last good snapshot, and the reason is shown in status.
 * `storedDealCount` is null when the dispensary has no snapshot yet.
 */
export function judgeScrape(end: ScrapeEnd, storedDealCount: number | null): ScrapeVerdict {
  switch (end.kind) {
    case 'found':
      if (end.dealCount === 0 && (storedDealCount ?? 0) > 0) return failed('empty');
      return { outcome: 'ok', replace: true, error: null };
    case 'timed-out':
      return failed('timeout');
    case 'aborted':
      return failed('aborted');
    case 'threw':
      if (!(end.error instanceof ScrapeError)) return failed('error');
      return failed(end.error.kind, end.error.publicReason);
  }
}

/** A failure with its outcome's public reason, or the error's own where it has one. */
function failed(outcome: Exclude<ScrapeOutcome, 'ok'>, reason?: string): ScrapeVerdict {
  return { outcome, replace: false, error: reason ?? PUBLIC_REASONS[outcome] };
}
