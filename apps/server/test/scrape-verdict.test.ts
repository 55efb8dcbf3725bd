import {
  BlockedError,
  NotFoundError,
  OfflineError,
  RetryableError,
  SchemaChangedError,
  ScrapeTimeoutError,
} from '@stl-deals/scraper';
import { describe, expect, it } from 'vitest';
import { judgeScrape, PUBLIC_REASONS, type ScrapeEnd } from '../src/collection/scrape-verdict';

describe('the nothing-lost rule', () => {
  it.each<[string, ScrapeEnd, number | null, string, boolean]>([
    ['deals found replace the snapshot', { kind: 'found', dealCount: 3 }, 5, 'ok', true],
    ['a first scrape with deals is stored', { kind: 'found', dealCount: 3 }, null, 'ok', true],
    ['no deals where none were stored is stored', { kind: 'found', dealCount: 0 }, 0, 'ok', true],
    ['no deals on a first scrape is stored', { kind: 'found', dealCount: 0 }, null, 'ok', true],
    [
      'no deals where deals were stored keeps them',
      { kind: 'found', dealCount: 0 },
      4,
      'empty',
      false,
    ],
    ['a timeout keeps them', { kind: 'timed-out' }, 4, 'timeout', false],
    ['a shutdown keeps them', { kind: 'aborted' }, 4, 'aborted', false],
    ['blocked', { kind: 'threw', error: new BlockedError('403') }, 4, 'blocked', false],
    [
      'schema changed',
      { kind: 'threw', error: new SchemaChangedError('x') },
      4,
      'schema-changed',
      false,
    ],
    ['not found', { kind: 'threw', error: new NotFoundError('404') }, null, 'not-found', false],
    ['retryable', { kind: 'threw', error: new RetryableError('503') }, 4, 'retryable', false],
    [
      "the scraper's own timeout",
      { kind: 'threw', error: new ScrapeTimeoutError('x') },
      4,
      'timeout',
      false,
    ],
    [
      'an unexpected error',
      { kind: 'threw', error: new TypeError('bug at line 3') },
      4,
      'error',
      false,
    ],
  ])('%s', (_name, end, stored, outcome, replace) => {
    const verdict = judgeScrape(end, stored);
    expect(verdict).toMatchObject({ outcome, replace });
    expect(verdict.error).toBe(outcome === 'ok' ? null : PUBLIC_REASONS[outcome as 'error']);
  });

  it('says the service is offline, not that the platform is down, when no name resolves', () => {
    const verdict = judgeScrape({ kind: 'threw', error: new OfflineError('ENOTFOUND') }, 4);
    expect(verdict).toEqual({
      outcome: 'retryable',
      replace: false,
      error: 'The service cannot reach the internet.',
    });
  });

  it('never shows the internal message', () => {
    const verdict = judgeScrape({ kind: 'threw', error: new Error('password=hunter2') }, 1);
    expect(verdict.error).not.toContain('hunter2');
  });
});
