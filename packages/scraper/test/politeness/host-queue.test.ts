import { describe, expect, it } from 'vitest';
import { HostQueue, type SharedHostTurns } from '../../src/politeness/host-queue';
import { fakeClock } from '../transports/fake-clock';

/** Turns another process of the cluster holds: its last request ended `sinceLastEndMs` ago. */
function sharedTurns(sinceLastEndMs: number) {
  const log: string[] = [];
  const turns: SharedHostTurns = {
    take(host) {
      log.push(`take ${host}`);
      return Promise.resolve({
        sinceLastEndMs,
        release(requested) {
          log.push(`release ${host}${requested ? ' after a request' : ''}`);
          return Promise.resolve();
        },
      });
    },
  };
  return { turns, log };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('HostQueue with turns shared across a cluster', () => {
  it("keeps the pause after another process's request to the host, and hands the turn back with its end", async () => {
    const { clock, waits, advance } = fakeClock();
    const { turns, log } = sharedTurns(200);
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
      'release menus.example.com after a request',
    ]);
  });

  it('gives the turn back when the request fails', async () => {
    const { clock } = fakeClock();
    const { turns, log } = sharedTurns(Number.POSITIVE_INFINITY);
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
    expect(log).toEqual(['take menus.example.com', 'release menus.example.com after a request']);
  });

  it('gives the turn back without an end when no request was sent', async () => {
    const { clock } = fakeClock();
    const { turns, log } = sharedTurns(0);
    const queue = new HostQueue({
      minDelayMs: 0,
      maxWaitMs: 500,
      turnMs: 10_000,
      clock,
      shared: turns,
    });
    queue.setCrawlDelay('https://menus.example.com/', 5_000);
    await expect(
      queue.run('https://menus.example.com/a', new AbortController().signal, () =>
        Promise.resolve('menu'),
      ),
    ).rejects.toThrow('menus.example.com asks for 5 s between requests');
    expect(log).toEqual(['take menus.example.com', 'release menus.example.com']);
  });
});

describe('HostQueue when the wall clock is stepped', () => {
  function queueOn(time: ReturnType<typeof fakeClock>) {
    return new HostQueue({
      minDelayMs: 1_000,
      maxWaitMs: 60_000,
      turnMs: 10_000,
      clock: time.clock,
    });
  }
  const request = () => Promise.resolve('menu');

  for (const [what, stepMs] of [
    ['10 minutes back', -10 * MINUTE],
    ['5 days back', -5 * DAY],
    ['an hour ahead', 60 * MINUTE],
  ] as const) {
    it(`keeps the pause as it is when the clock is set ${what}`, async () => {
      const time = fakeClock();
      const queue = queueOn(time);
      const signal = new AbortController().signal;
      await queue.run('https://menus.example.com/a', signal, request);
      time.advance(300);
      time.stepWall(stepMs);
      await expect(queue.run('https://menus.example.com/b', signal, request)).resolves.toBe('menu');
      // The pause left after 300 ms, neither days nor none.
      expect(time.waits).toEqual([700]);
    });
  }

  it("takes a cluster's last request that seems to lie ahead as just ended: one pause at most", async () => {
    const time = fakeClock();
    const { turns } = sharedTurns(-5 * DAY);
    const queue = new HostQueue({
      minDelayMs: 1_000,
      maxWaitMs: 60_000,
      turnMs: 10_000,
      clock: time.clock,
      shared: turns,
    });
    await queue.run('https://menus.example.com/a', new AbortController().signal, request);
    expect(time.waits).toEqual([1_000]);
  });
});
