import { describe, expect, it } from 'vitest';
import { mayPrune, recordingDay, type DayEvidence, type RecordingDay } from './recording-day';

const DAY = '2024-03-01';

describe('recordingDay: the day prices are recorded under', () => {
  it.each<[string, DayEvidence, RecordingDay]>([
    [
      'an empty history and no source clock: the clock is all there is',
      { clockDay: '2025-07-15', newestKeptDay: null, sourceDay: null },
      { day: '2025-07-15', clock: 'ok' },
    ],
    [
      'the same day as the newest kept',
      { clockDay: DAY, newestKeptDay: DAY, sourceDay: null },
      { day: DAY, clock: 'ok' },
    ],
    [
      'midnight came: a day past the newest kept',
      { clockDay: '2024-03-02', newestKeptDay: DAY, sourceDay: null },
      { day: '2024-03-02', clock: 'ok' },
    ],
    [
      '+500 days, no source clock: the newest kept day',
      { clockDay: '2025-07-14', newestKeptDay: DAY, sourceDay: null },
      { day: DAY, clock: 'ahead' },
    ],
    [
      '+500 days, the platform says today: its day',
      { clockDay: '2025-07-14', newestKeptDay: DAY, sourceDay: '2024-03-02' },
      { day: '2024-03-02', clock: 'ahead' },
    ],
    [
      'a week down, the platform confirms the clock',
      { clockDay: '2024-03-08', newestKeptDay: DAY, sourceDay: '2024-03-08' },
      { day: '2024-03-08', clock: 'ok' },
    ],
    [
      '+500 days on an empty history, the platform says today',
      { clockDay: '2025-07-14', newestKeptDay: null, sourceDay: DAY },
      { day: DAY, clock: 'ahead' },
    ],
    [
      'a platform clock ahead of ours moves nothing past our day',
      { clockDay: DAY, newestKeptDay: DAY, sourceDay: '2025-07-14' },
      { day: DAY, clock: 'ok' },
    ],
    [
      'a platform clock behind ours confirms less, but the newest kept day stands',
      { clockDay: '2024-03-02', newestKeptDay: DAY, sourceDay: '2023-01-01' },
      { day: '2024-03-02', clock: 'ok' },
    ],
    [
      'a clock stepped back: the newest kept day, never an older one',
      { clockDay: '2024-02-27', newestKeptDay: DAY, sourceDay: null },
      { day: DAY, clock: 'behind' },
    ],
  ])('%s', (_, evidence, expected) => {
    expect(recordingDay(evidence)).toEqual(expected);
  });

  it('refuses a day not written YYYY-MM-DD', () => {
    expect(() =>
      recordingDay({ clockDay: '2024-3-1', newestKeptDay: null, sourceDay: null }),
    ).toThrow(RangeError);
    expect(() => recordingDay({ clockDay: DAY, newestKeptDay: 'today', sourceDay: null })).toThrow(
      RangeError,
    );
  });
});

describe('mayPrune: never on a clock that reads ahead', () => {
  it.each<[string, DayEvidence, boolean]>([
    ['the clock agrees', { clockDay: DAY, newestKeptDay: DAY, sourceDay: null }, true],
    ['a day past', { clockDay: '2024-03-02', newestKeptDay: DAY, sourceDay: null }, true],
    ['two days past', { clockDay: '2024-03-03', newestKeptDay: DAY, sourceDay: null }, false],
    ['a clock stepped back', { clockDay: '2024-02-01', newestKeptDay: DAY, sourceDay: null }, true],
    ['nothing kept', { clockDay: DAY, newestKeptDay: null, sourceDay: null }, true],
  ])('%s', (_, evidence, expected) => {
    expect(mayPrune(evidence)).toBe(expected);
  });
});
