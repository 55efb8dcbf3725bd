import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessPlatforms, type Simulator } from '../src';
import { entryOf, NOW, SEED, startTestSimulator, storeKey, testRegistry } from './support';

describe('answerAt', () => {
  let simulator: Simulator;
  beforeAll(async () => {
    simulator = await startTestSimulator();
  });
  afterAll(() => simulator.stop());

  it("answers in-process as over http on the clock's day, and another day's menu for another day", async () => {
    const url = entryOf(simulator, storeKey('feed')).menuUrl!;
    const overHttp = await (await fetch(url)).text();
    const counted = simulator.requestCount();

    const today = simulator.answerAt({ url }, NOW);
    expect(today).toMatchObject({ status: 200, body: overHttp });
    expect(today.headers['content-type']).toMatch(/^application\/json/);
    const weekBefore = simulator.answerAt({ url }, new Date(NOW.getTime() - 7 * 86_400_000));
    expect(weekBefore.status).toBe(200);
    expect(weekBefore.body).not.toBe(overHttp);
    // Nothing went over the network, and nothing was counted.
    expect(simulator.requestCount()).toBe(counted);
  });

  it('answers 404 for a path no platform serves, and no fault stands in its way', () => {
    expect(simulator.answerAt({ url: `${simulator.url}/nowhere` }, NOW).status).toBe(404);
    simulator.setFaults({ all: { status: 503 } });
    try {
      const url = entryOf(simulator, storeKey('feed')).menuUrl!;
      expect(simulator.answerAt({ url }, NOW).status).toBe(200);
    } finally {
      simulator.setFaults({});
    }
  });

  it("is the simulator's, without its server, for the same registry, seed and origin", () => {
    const apart = inProcessPlatforms({ registry: testRegistry(), seed: SEED, base: simulator.url });
    expect(apart.registry).toEqual(simulator.registry);
    expect(apart.platforms).toEqual(simulator.platforms);
    for (const entry of simulator.registry.dispensaries) {
      const url = entry.menuUrl ?? entry.specialsUrl!;
      expect(apart.answerAt({ url }, NOW)).toEqual(simulator.answerAt({ url }, NOW));
    }
  });
});
