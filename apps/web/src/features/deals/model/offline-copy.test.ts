import { describe, expect, it } from 'vitest';
import { copiesServed, offlineCopyText } from './offline-copy';

const NOW = Date.parse('2026-11-24T21:30:00Z'); // 3:30 PM in St. Louis
const CHICAGO = 'America/Chicago';

describe('copiesServed', () => {
  const DEALS = '/api/reactive/deals?view=page';
  it.each<[string, unknown, [string, number][]]>([
    ['no answer (the worker did not answer)', null, []],
    ['no copies', { copies: [] }, []],
    [
      'a copy ten minutes old',
      { copies: [{ path: DEALS, ageMs: 600_000 }] },
      [[DEALS, NOW - 600_000]],
    ],
    ['a copy saved just now', { copies: [{ path: DEALS, ageMs: 0 }] }, [[DEALS, NOW]]],
    ['not a list', { copies: 'all' }, []],
    ['a path outside the API', { copies: [{ path: '/', ageMs: 10 }] }, []],
    ['a full URL, not a path', { copies: [{ path: 'https://x.test/api/a', ageMs: 10 }] }, []],
    ['an age in the future', { copies: [{ path: DEALS, ageMs: -5 }] }, []],
    ['an age that is no number', { copies: [{ path: DEALS, ageMs: '600000' }] }, []],
    ['an age beyond a year', { copies: [{ path: DEALS, ageMs: 400 * 86_400_000 }] }, []],
    ['an age that is NaN', { copies: [{ path: DEALS, ageMs: Number.NaN }] }, []],
    [
      'the good ones of a mixed list',
      { copies: [null, { path: DEALS, ageMs: 1_000 }, { path: 7 }] },
      [[DEALS, NOW - 1_000]],
    ],
  ])('%s', (_name, answer, expected) => {
    expect([...copiesServed(answer, NOW)]).toEqual(expected);
  });
});

describe('offlineCopyText', () => {
  it('names the time of a copy from today, in the visitor’s time zone', () => {
    expect(offlineCopyText(Date.parse('2026-11-24T20:10:00Z'), NOW, CHICAGO)).toBe(
      'Deals from 2:10 PM, offline',
    );
  });

  it('names the date too when the copy is from an earlier day', () => {
    expect(offlineCopyText(Date.parse('2026-11-23T20:10:00Z'), NOW, CHICAGO)).toBe(
      'Deals from Nov 23, 2026, 2:10 PM, offline',
    );
  });
});
