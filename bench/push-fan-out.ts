import { fork } from 'node:child_process';
import { createECDH } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CATEGORY_FILTER_OPTIONS } from '@stl-deals/domain';
import type { Registry } from '@stl-deals/scraper';
import { openSqliteRepository, type PushOutcome } from '@stl-deals/store';
import { pino } from 'pino';
import { DealsReadModel } from '../apps/server/src/collection/read-model';
import { FeedDeals } from '../apps/server/src/follow/feed-deals';
import { fanOut, type FanOutSummary } from '../apps/server/src/follow/push-fan-out';
import { pushSender, SEND_AGENT_OPTIONS } from '../apps/server/src/follow/push-sender';
import { dispensariesOf, dispensaryDeals, seeded } from './deals';

export interface PushFanOutResult {
  subscriptions: number;
  deals: number;
  searches: number;
  summary: FanOutSummary;
  /** From the fan-out's start to the stand-in holding every message, decrypted. */
  allSentMs: number;
  received: number;
  refused: number;
  /** The live heap above where it stood before, at its most when a page was written back. */
  liveHeapGrowthMb: number;
  /** The process's RSS above where it stood before, at its peak (garbage included). */
  rssGrowthMb: number;
}

type StandInHello = { origin: string; ca: string; keys: { p256dh: string; auth: string } };
type StandInCount = { count: number; rejected: number };

/** A full garbage collection on demand, in a process started without --expose-gc. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const STAND_IN = fileURLToPath(new URL('./push-stand-in.ts', import.meta.url));
const MB = 1024 * 1024;

/**
 * One pass's push fan-out as the service runs it (`fanOut`: the store's subscriptions 500 at a
 * time, each search matched once over the published deals, `web-push` signing and encrypting
 * each message, 64 sends at once on kept-alive connections) to `subscriptions` subscriptions of
 * a SQLite store, every one of which has new deals, against the local push-service stand-in in a
 * process of its own, which checks each message's VAPID signature and decrypts it. Memory is
 * sampled every 20 ms during the fan-out.
 */
export async function benchPushFanOut(
  registry: Registry,
  totalDeals: number,
  subscriptions: number,
): Promise<PushFanOutResult> {
  const standIn = fork(STAND_IN, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const [hello] = (await once(standIn, 'message')) as [StandInHello];
  const ask = async (): Promise<StandInCount> => {
    standIn.send('count');
    return ((await once(standIn, 'message')) as [StandInCount])[0];
  };
  const folder = mkdtempSync(join(tmpdir(), 'stl-deals-push-bench-'));
  const repository = await openSqliteRepository({ file: join(folder, 'deals.sqlite') });
  try {
    // The deals, published as the read model publishes them, all first seen after the follows.
    const followedAt = new Date(Date.now() - 60 * 60 * 1000);
    const seenAt = new Date().toISOString();
    const random = seeded(11);
    const per = Math.ceil(totalDeals / registry.dispensaries.length);
    const model = new DealsReadModel(registry.dispensaries);
    await model.replace(
      registry.dispensaries.map((entry) => ({
        key: entry.key,
        deals: dispensaryDeals(entry, per, random).map((deal) => ({
          ...deal,
          firstSeenAt: seenAt,
        })),
      })),
    );
    model.publish();
    model.close();
    const dispensaries = dispensariesOf(registry);
    const categories = CATEGORY_FILTER_OPTIONS.map(({ value }) => value).filter((c) => c !== 'all');
    const searches = registry.dispensaries.flatMap(({ key }) =>
      categories.map((category) => `category=${category}&dispensary=${key}`),
    );
    for (let n = 0; n < subscriptions; n += 1) {
      await repository.addPushSubscription(
        {
          id: `bench${String(n).padStart(6, '0')}`,
          tokenHash: 'bench',
          endpoint: `${hello.origin}/send/s${n}`,
          p256dh: hello.keys.p256dh,
          auth: hello.keys.auth,
          search: searches[n % searches.length]!,
          createdAt: followedAt.toISOString(),
          expiresAt: null,
        },
        subscriptions,
      );
    }
    const vapid = createECDH('prime256v1');
    vapid.generateKeys();
    const sender = pushSender({
      vapid: {
        publicKey: vapid.getPublicKey('base64url'),
        privateKey: vapid.getPrivateKey('base64url'),
        subject: 'mailto:bench@deals.example',
      },
      pushHosts: ['127.0.0.1'],
      // The service's own agent, trusting the stand-in's CA as NODE_EXTRA_CA_CERTS would.
      agent: new Agent({ ...SEND_AGENT_OPTIONS, ca: hello.ca }),
    });
    // The live heap (after a full collection) each time a page is written back: what the
    // fan-out holds, apart from the garbage it leaves, which a collection takes when it likes.
    const gc = collector();
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const rssBefore = process.memoryUsage.rss();
    let heapPeak = heapBefore;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }, 100);
    const pages = {
      ...repository,
      listPushSubscriptions: repository.listPushSubscriptions.bind(repository),
      prunePushSubscriptions: repository.prunePushSubscriptions.bind(repository),
      settlePushSubscriptions: async (outcomes: readonly PushOutcome[]) => {
        await repository.settlePushSubscriptions(outcomes);
        gc();
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      },
    };
    const started = performance.now();
    const summary = await fanOut({
      repository: pages,
      deals: () => new FeedDeals(model, () => new Date()).current(),
      dispensaries: () => dispensaries,
      isDispensary: (key) => registry.dispensaries.some((entry) => entry.key === key),
      send: sender.send,
      clock: { now: () => new Date() },
      logger: pino({ level: 'silent' }),
    });
    const counted = await ask();
    const allSentMs = performance.now() - started;
    clearInterval(sampler);
    sender.close();
    return {
      subscriptions,
      deals: model.totalDeals(),
      searches: Math.min(searches.length, subscriptions),
      summary,
      allSentMs,
      received: counted.count,
      refused: counted.rejected,
      liveHeapGrowthMb: (heapPeak - heapBefore) / MB,
      rssGrowthMb: (rssPeak - rssBefore) / MB,
    };
  } finally {
    await repository.close();
    rmSync(folder, { recursive: true, force: true });
    standIn.send('close');
    await once(standIn, 'exit');
  }
}
