import { setTimeout as delay } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';

/**
 * The longest a step waits for the page. Every wait ends as soon as what it waits for is there,
 * so the limit costs nothing when the page is quick; it is long because on a loaded 2-core
 * machine (another suite or a CPU-bound loop beside this one) a first render or a Refresh All of
 * every simulated store can take many seconds, and a slow machine is not a defect of the page.
 */
export const WAIT_MS = 40_000;

/** Reads until the value is `expected` (the list re-renders a moment after a change). */
export async function becomes<T>(
  read: () => Promise<T>,
  expected: T,
  timeoutMs = WAIT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!isDeepStrictEqual(value, expected) && Date.now() < deadline) {
    await delay(50);
    value = await read();
  }
  expect(value).toEqual(expected);
}
