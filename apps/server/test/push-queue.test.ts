import { openPostgresRepository } from '@stl-deals/store';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPostgresServer,
  type PostgresServer,
} from '../../../packages/store/test/support/postgres-server';
import { PushQueue } from '../src/cluster/push-queue';
import { until } from './support/service-process';

/* A cluster's push fan-outs on a real PostgreSQL: one job per pass, whichever process asks. */

const logger = pino({ level: 'silent' });
let postgres: PostgresServer;
let url: string;
const queues: PushQueue[] = [];

beforeAll(async () => {
  postgres = await startPostgresServer();
  url = await postgres.createDatabase();
  await (await openPostgresRepository({ url })).close();
}, 60_000);

afterAll(async () => {
  for (const queue of queues) {
    queue.stop();
    await queue.settled();
  }
  await postgres?.stop();
}, 30_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the push queue', () => {
  it('runs one fan-out for any number of asks, one more for asks while it runs, never two at once', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const run = async () => {
      running += 1;
      runs += 1;
      most = Math.max(most, running);
      if (runs === 1) await held;
      running -= 1;
    };
    // Two worker processes of the cluster, each asking after its own passes.
    const first = await PushQueue.open({ url, leaseS: 60, pollS: 1, logger }, run);
    const second = await PushQueue.open({ url, leaseS: 60, pollS: 1, logger }, run);
    queues.push(first, second);
    await Promise.all([first.start(), second.start()]);

    for (let ask = 0; ask < 10; ask++) {
      first.request();
      second.request();
    }
    await until(() => (runs === 1 ? true : undefined), 'the first fan-out', 10_000);
    for (let ask = 0; ask < 10; ask++) {
      first.request();
      second.request();
    }
    // The asks while it runs wait behind it, as one job.
    await sleep(2_500);
    expect(runs).toBe(1);

    release();
    await until(() => (runs === 2 ? true : undefined), 'the fan-out after it', 10_000);
    await sleep(2_500);
    expect(runs).toBe(2);
    expect(most).toBe(1);
  }, 60_000);
});
