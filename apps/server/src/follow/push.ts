import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { Collection } from '../collection/collection';
import type { Email } from './email';
import { emailFanOut } from './email-fan-out';
import { FeedDeals } from './feed-deals';
import { fanOut } from './push-fan-out';
import { loadVapidDetails, type VapidDetails } from './push-keys';
import { PushRounds, type PushDispatch } from './push-rounds';
import { pushSender, type PushSenderOptions } from './push-sender';

/** A fan-out's lease on a cluster's queue: far longer than one takes (10,000 in under a minute). */
const FAN_OUT_LEASE_S = 15 * 60;

/** Web Push as the service runs it: its VAPID key, and where each pass's fan-out runs. */
export interface Push {
  vapid: VapidDetails;
  dispatch: PushDispatch;
  close(): Promise<void>;
}

/**
 * Puts Web Push (and the email fan-out after it, in the same job) together from the app's dependencies: the VAPID key pair (the operator's, else
 * the store's), the sender (`web-push`, through the allow-list of push services), the fan-out
 * over the feeds' deals, and where it runs: here, or with DATABASE_URL as one job per pass on
 * the cluster's queue. A fan-out is asked for after each pass that refreshed a dispensary (a
 * pass that kept nothing new has nothing new to tell), scheduled or a visitor's refresh of all
 * or of one store (at most one message an hour per subscription holds whatever the passes);
 * a cluster's API process only asks (its refreshes of all run on the workers), and never takes a
 * fan-out. `senderOptions` is for tests (an agent that trusts a test CA).
 */
export async function preparePush(
  deps: Pick<AppDeps, 'config' | 'repository' | 'clock' | 'cluster'> & {
    logger: FastifyBaseLogger;
    /** Email, when it is on: its fan-out runs in the same job, after push's. */
    email?: Email | null;
  },
  collection: Collection,
  senderOptions: Partial<PushSenderOptions> = {},
): Promise<Push> {
  const { config, repository, clock, logger } = deps;
  const vapid = await loadVapidDetails(config, repository);
  const sender = pushSender({ vapid, pushHosts: config.PUSH_SERVICE_HOSTS, ...senderOptions });
  const run = async (signal: AbortSignal) => {
    // The pass's results are in the published list before its deals are matched.
    await collection.deals.published();
    // The page's views of the deals for this job alone, let go after it: between passes the
    // service holds no copy of the deals as objects for its followers.
    let list: ReturnType<FeedDeals['current']> | undefined;
    const deals = () => (list ??= new FeedDeals(collection.deals, () => clock.now()).current());
    const common = {
      repository,
      deals,
      dispensaries: () => collection.dispensaries(),
      isDispensary: (key: string) => collection.has(key),
      clock,
      logger,
    };
    const pushed = await fanOut({ ...common, send: sender.send }, signal);
    const email = deps.email ?? null;
    if (email === null || signal.aborted) return pushed;
    return emailFanOut(
      { ...common, send: email.send, settings: email.settings, perDay: email.perDay },
      signal,
    );
  };
  const cluster = deps.cluster ?? null;
  const dispatch: PushDispatch =
    cluster && config.DATABASE_URL !== undefined
      ? await (
          await import('../cluster/push-queue')
        ).PushQueue.open(
          {
            url: config.DATABASE_URL,
            leaseS: FAN_OUT_LEASE_S,
            pollS: config.QUEUE_POLL_S,
            logger,
          },
          run,
        )
      : new PushRounds(run, logger);
  collection.onPassEnded((summary) => {
    if (summary.refreshed > 0) dispatch.request();
  });
  return {
    vapid,
    dispatch,
    close: async () => {
      dispatch.stop();
      await dispatch.settled();
      sender.close();
    },
  };
}
