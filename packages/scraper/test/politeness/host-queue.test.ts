import { describe, expect, it } from 'vitest';
import { HostQueue, type SharedHostTurns } from '../../src/politeness/host-queue';
import { fakeClock } from '../transports/fake-clock';

/** Turns another process of the cluster holds: the last request it sent ended at `lastEndMs`. */
function sharedTurns(lastEndMs: number) {
  const log: string[] = [];
  const turns: SharedHostTurns = {
    take(host) {
      log.push(`take ${host}`);
      return Promise.resolve({
        lastEndMs,
        release(endMs) {
          log.push(`release ${host} at ${endMs}`);
          return Promise.resolve();
        },
      });
    },
  };
  return { turns, log };
}

describe('HostQueue with turns shared across a cluster', () => {
  it("keeps the pause after another process's request to the host, and hands the turn back with its end", async () => {
    const { clock, waits, advance } = fakeClock();
    const { turns, log } = sharedTurns(clock.now() - 200);
    const queue = new HostQueue({
      minDelayMs: 1_000,
      maxWaitMs: 60_000,
      turnMs: 10_000,
      clock,
      shared: turns,
    });
    const signal = new AbortController().signal;
    const answer = await queue.run('https://menus.example.com/a', signal, () => {
      log.push('request');
      advance(50);
      return Promise.resolve('menu');
    });
    expect(answer).toBe('menu');
    // This process never asked the host; the cluster's last request ended 200 ms ago.
    expect(waits).toEqual([800]);
    expect(log).toEqual([
      'take menus.example.com',
      'request',
      `release menus.example.com at ${clock.now()}`,
    ]);
  });

  it('gives the turn back when the request fails', async () => {
    const { clock } = fakeClock();
    const { turns, log } = sharedTurns(Number.NEGATIVE_INFINITY);
    const queue = new HostQueue({
      minDelayMs: 0,
      maxWaitMs: 60_000,
      turnMs: 10_000,
      clock,
      shared: turns,
    });
    await expect(
      queue.run('https://menus.example.com/a', new AbortController().signal, () =>
        Promise.reject(new Error('reset')),
      ),
    ).rejects.toThrow('reset');
    expect(log).toEqual(['take menus.example.com', `release menus.example.com at ${clock.now()}`]);
  });
});
