import { describe, expect, it } from 'vitest';
import { offlineCopySavedAt, offlineCopyText } from './offline-copy';

const NOW = Date.parse('2026-11-24T21:30:00Z'); // 3:30 PM in St. Louis
const CHICAGO = 'America/Chicago';

describe('offlineCopySavedAt', () => {
  it.each<[string, string | null, number | null]>([
    ['no header: a fresh answer', null, null],
    ['a saved time', '2026-11-24T20:10:00.000Z', Date.parse('2026-11-24T20:10:00Z')],
    [
      'a saved time without milliseconds',
      '2026-11-24T20:10:00Z',
      Date.parse('2026-11-24T20:10:00Z'),
    ],
    ['not a time', 'yesterday', null],
    ['a time with an offset, not UTC', '2026-11-24T14:10:00-06:00', null],
    ['a time after now', '2026-11-25T20:10:00Z', null],
    ['an impossible date', '2026-13-45T20:10:00Z', null],
  ])('%s', (_name, value, expected) => {
    const headers = new Headers(value === null ? {} : { 'x-offline-copy': value });
    expect(offlineCopySavedAt(headers, NOW)).toBe(expected);
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
