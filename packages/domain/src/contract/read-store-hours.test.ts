import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from './constants';
import { readStoreHours } from './read-store-hours';
import { StoreHoursSchema } from './store-hours';

// The lean reader (no zod, for a page part that shows hours) must accept exactly what the
// contract's schema accepts and give what it gives. Values come from pools of valid values, near
// misses and wrong types, so generated hours hit every branch.

const anyWrong = [null, true, 0, -1, '', 'x', [], {}];
const pool = (...values: unknown[]) => fc.constantFrom(...values, ...anyWrong, undefined);

function record(fields: Record<string, fc.Arbitrary<unknown>>) {
  return fc
    .record({ ...fields, extra: fc.constantFrom(undefined, 1, 'x') }, { requiredKeys: [] })
    .map((value) =>
      Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)),
    );
}

const clock = pool('00:00', '09:30', '10:00', '12:00', '22:00', '02:00', '24:00', '9:00', '25:00');
const opening = record({ opens: clock, closes: clock });
// Mostly a plain day, so that whole weeks pass often enough to compare what is kept.
const day = fc.oneof(
  { weight: 6, arbitrary: fc.constant([{ opens: '10:00', closes: '22:00' }]) },
  { weight: 2, arbitrary: fc.constant([]) },
  { weight: 2, arbitrary: fc.array(opening, { maxLength: 5 }) },
  { weight: 1, arbitrary: pool() },
);
// Every day present but for a missing one now and then (the pool's undefined).
const week = fc
  .record(Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, day])))
  .map((value) =>
    Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)),
  );
const hours = record({ source: pool('platform', 'registry', 'guess'), week });

function zod(input: unknown) {
  const result = StoreHoursSchema.safeParse(input);
  return result.success ? result.data : undefined;
}

describe('readStoreHours', () => {
  it('agrees with the schema on generated hours', () => {
    let kept = 0;
    fc.assert(
      fc.property(hours, (input) => {
        const read = readStoreHours(input);
        expect(read).toEqual(zod(input));
        if (read) kept += 1;
      }),
      { numRuns: 3000 },
    );
    expect(kept).toBeGreaterThan(30);
  });

  it('leaves out fields the contract does not name', () => {
    const plain = [{ opens: '10:00', closes: '22:00', note: 'x' }];
    const input = {
      source: 'platform',
      seenAt: 'x',
      week: { ...Object.fromEntries(WEEKDAYS.map((w) => [w, plain])), holiday: [] },
    };
    expect(readStoreHours(input)).toEqual({
      source: 'platform',
      week: Object.fromEntries(WEEKDAYS.map((w) => [w, [{ opens: '10:00', closes: '22:00' }]])),
    });
  });
});
