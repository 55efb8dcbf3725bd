import type { Clock } from '../../src/politeness/clock';

/**
 * A clock whose sleep records the wait and moves time on at once, so retries and pauses take no
 * real time and their lengths can be asserted. `hold` makes sleeps wait for their abort instead.
 * `stepWall` moves the wall clock alone, as NTP or an operator setting the time does.
 */
export function fakeClock(start = Date.parse('2026-05-01T17:00:00Z')) {
  let now = start;
  let monotonic = 1_000;
  let holding = false;
  const waits: number[] = [];
  const clock: Clock = {
    now: () => now,
    monotonicNow: () => monotonic,
    sleep(ms, signal) {
      signal.throwIfAborted();
      waits.push(ms);
      if (holding) {
        return new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
        );
      }
      now += ms;
      monotonic += ms;
      return Promise.resolve();
    },
  };
  return {
    clock,
    waits,
    advance: (ms: number) => {
      now += ms;
      monotonic += ms;
    },
    stepWall: (ms: number) => {
      now += ms;
    },
    hold: () => {
      holding = true;
    },
  };
}
