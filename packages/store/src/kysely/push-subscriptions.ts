import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  NewPushSubscription,
  PushKeys,
  PushOutcome,
  PushSubscriptionRecord,
} from '../repository';
import type { PushSubscriptionsTable, StoreDatabase } from './database';

/** The row of the service's VAPID key pair in `push_keys`. */
const VAPID = 'vapid';

function recordOf(row: Selectable<PushSubscriptionsTable>): PushSubscriptionRecord {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    search: row.search,
    createdAt: row.created_at,
    watermark: row.watermark,
    lastSentAt: row.last_sent_at,
    retryAt: row.retry_at,
    failures: row.failures,
    expiresAt: row.expires_at,
    productKey: row.product_key,
    atMostCents: row.at_most_cents,
    toldCents: row.told_cents,
  };
}

/**
 * Inside the caller's transaction, which holds the engine's lock on the subscriptions: the same
 * browser's row for the same search is replaced, and a new one is refused at `max`. A
 * replacement adds nothing, so it is never refused, even with more kept than `max` (a lowered
 * PUSH_MAX_SUBSCRIPTIONS): refusing it would leave the browser without the one it had.
 */
export async function insertSubscription(
  trx: Kysely<StoreDatabase>,
  subscription: NewPushSubscription,
  max: number,
): Promise<'added' | 'full'> {
  const replaced = await trx
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', subscription.endpoint)
    .where('search', '=', subscription.search)
    .executeTakeFirst();
  if (Number(replaced.numDeletedRows) === 0) {
    const { count } = await trx
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) return 'full';
  }
  await trx
    .insertInto('push_subscriptions')
    .values({
      id: subscription.id,
      token_hash: subscription.tokenHash,
      endpoint: subscription.endpoint,
      p256dh: subscription.p256dh,
      auth: subscription.auth,
      search: subscription.search,
      created_at: subscription.createdAt,
      watermark: subscription.createdAt,
      last_sent_at: null,
      retry_at: null,
      failures: 0,
      expires_at: subscription.expiresAt,
      product_key: subscription.productKey ?? null,
      at_most_cents: subscription.atMostCents ?? null,
      told_cents: null,
    })
    .execute();
  return 'added';
}

export async function deleteSubscription(
  trx: Kysely<StoreDatabase>,
  id: string,
  tokenHash: string,
): Promise<'removed' | 'absent' | 'refused'> {
  const row = await trx
    .selectFrom('push_subscriptions')
    .select('token_hash')
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return 'absent';
  // A hash of a random token: comparing it leaks nothing about the token itself.
  if (row.token_hash !== tokenHash) return 'refused';
  await trx.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  return 'removed';
}

export async function readSubscriptions(
  db: Kysely<StoreDatabase>,
  afterId: string | null,
  limit: number,
): Promise<PushSubscriptionRecord[]> {
  let query = db.selectFrom('push_subscriptions').selectAll().orderBy('id').limit(limit);
  if (afterId !== null) query = query.where('id', '>', afterId);
  return (await query.execute()).map(recordOf);
}

/** Ids per statement: far below either engine's bound on a statement's parameters. */
const IDS_PER_STATEMENT = 500;

/**
 * One statement per group of outcomes that write the same values (a fan-out's messages sent at
 * one time about the same deals write the same watermark), the ids in chunks.
 */
export async function writeOutcomes(
  trx: Kysely<StoreDatabase>,
  outcomes: readonly PushOutcome[],
): Promise<void> {
  const groups = new Map<string, { outcome: PushOutcome; ids: string[] }>();
  for (const outcome of outcomes) {
    const { id: _id, ...values } = outcome;
    const key = JSON.stringify(values);
    const group = groups.get(key);
    if (group) group.ids.push(outcome.id);
    else groups.set(key, { outcome, ids: [outcome.id] });
  }
  for (const { outcome, ids } of groups.values()) {
    for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
      const chunk = ids.slice(start, start + IDS_PER_STATEMENT);
      switch (outcome.kind) {
        case 'sent':
          await trx
            .updateTable('push_subscriptions')
            .set({
              watermark: outcome.watermark,
              last_sent_at: outcome.sentAt,
              retry_at: null,
              failures: 0,
              ...(outcome.toldCents === undefined ? {} : { told_cents: outcome.toldCents }),
            })
            .where('id', 'in', chunk)
            .execute();
          break;
        case 'untold':
          await trx
            .updateTable('push_subscriptions')
            .set({ told_cents: null })
            .where('id', 'in', chunk)
            .execute();
          break;
        case 'retry':
          await trx
            .updateTable('push_subscriptions')
            .set({ retry_at: outcome.retryAt, failures: outcome.failures })
            .where('id', 'in', chunk)
            .execute();
          break;
        case 'gone':
          await trx.deleteFrom('push_subscriptions').where('id', 'in', chunk).execute();
          break;
      }
    }
  }
}

export async function pruneSubscriptions(
  db: Kysely<StoreDatabase>,
  usedBefore: string,
  now: string,
): Promise<number> {
  const deleted = await db
    .deleteFrom('push_subscriptions')
    .where((eb) =>
      eb.or([
        eb(eb.fn.coalesce('last_sent_at', 'created_at'), '<', usedBefore),
        eb('expires_at', '<=', now),
      ]),
    )
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

export async function countSubscriptions(db: Kysely<StoreDatabase>): Promise<number> {
  const { count } = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Keeps `candidate` unless a pair is kept; answers the pair kept (either way, one statement each). */
export async function keepKeys(
  trx: Kysely<StoreDatabase>,
  candidate: PushKeys,
  at: string,
): Promise<PushKeys> {
  await trx
    .insertInto('push_keys')
    .values({
      name: VAPID,
      public_key: candidate.publicKey,
      private_key: candidate.privateKey,
      created_at: at,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await trx
    .selectFrom('push_keys')
    .select(['public_key', 'private_key'])
    .where('name', '=', VAPID)
    .executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** PostgreSQL: the transaction-scoped lock that makes a subscription's cap exact (see engines). */
export async function lockSubscriptionsOnPostgres(trx: Kysely<StoreDatabase>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${PUSH_LOCKS}, 1)`.execute(trx);
}

/** The first key of the advisory locks of push subscriptions (host turns' is 0x5dea15). */
const PUSH_LOCKS = 0x5d_ea_16;
