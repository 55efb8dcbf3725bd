import type { Kysely, Selectable } from 'kysely';
import type {
  EmailAddressRecord,
  EmailConfirmation,
  EmailOutcome,
  EmailSignUp,
  EmailSignUpLimits,
  EmailSignUpResult,
  EmailWatchRecord,
  EmailWatchUpdate,
} from '../repository';
import type { EmailAddressesTable, EmailWatchesTable, StoreDatabase } from './database';

/** Ids per statement: far below either engine's bound on a statement's parameters. */
const IDS_PER_STATEMENT = 500;

function watchOf(row: Selectable<EmailWatchesTable>): EmailWatchRecord {
  return {
    id: row.id,
    addressId: row.address_id,
    search: row.search,
    productKey: row.product_key,
    atMostCents: row.at_most_cents,
    cadence: row.cadence,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    watermark: row.watermark,
    lastSentAt: row.last_sent_at,
    toldCents: row.told_cents,
  };
}

function addressOf(
  row: Selectable<EmailAddressesTable>,
  watches: EmailWatchRecord[],
): EmailAddressRecord {
  return {
    id: row.id,
    address: row.address,
    token: row.token,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    lastSentAt: row.last_sent_at,
    failures: row.failures,
    retryAt: row.retry_at,
    watches,
  };
}

const countOf = (row: { count: number | string }) => Number(row.count);

/** Inside the caller's transaction, which holds the engine's lock on the followers' tables. */
export async function insertSignUp(
  trx: Kysely<StoreDatabase>,
  signUp: EmailSignUp,
  limits: EmailSignUpLimits,
): Promise<EmailSignUpResult> {
  let address = await trx
    .selectFrom('email_addresses')
    .select(['id', 'token'])
    .where('address', '=', signUp.address)
    .executeTakeFirst();
  if (address === undefined) {
    const kept = countOf(
      await trx
        .selectFrom('email_addresses')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow(),
    );
    if (kept >= limits.maxAddresses) return { kind: 'full' };
    await trx
      .insertInto('email_addresses')
      .values({
        id: signUp.addressId,
        address: signUp.address,
        token: signUp.token,
        created_at: signUp.createdAt,
        confirmed_at: null,
        last_sent_at: null,
        sent_day: null,
        sent_count: 0,
        failures: 0,
        retry_at: null,
      })
      .execute();
    address = { id: signUp.addressId, token: signUp.token };
  }
  const { watch } = signUp;
  const known = { addressId: address.id, token: address.token };
  const same = await trx
    .selectFrom('email_watches')
    .select(['id', 'confirmed_at'])
    .where('address_id', '=', address.id)
    .where('search', '=', watch.search)
    .executeTakeFirst();
  const pending = {
    product_key: watch.productKey,
    at_most_cents: watch.atMostCents,
    cadence: watch.cadence,
    created_at: signUp.createdAt,
    confirm_hash: watch.confirmHash,
    confirm_expires_at: watch.confirmExpiresAt,
    watermark: signUp.createdAt,
  };
  if (same !== undefined) {
    if (same.confirmed_at !== null) return { kind: 'confirmed', ...known, watchId: same.id };
    await trx.updateTable('email_watches').set(pending).where('id', '=', same.id).execute();
    return { kind: 'pending', ...known, watchId: same.id };
  }
  const waiting = countOf(
    await trx
      .selectFrom('email_watches')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('address_id', '=', address.id)
      .where('confirmed_at', 'is', null)
      .executeTakeFirstOrThrow(),
  );
  if (waiting >= limits.maxPending) return { kind: 'busy' };
  await trx
    .insertInto('email_watches')
    .values({
      id: watch.id,
      address_id: address.id,
      search: watch.search,
      confirmed_at: null,
      last_sent_at: null,
      told_cents: null,
      ...pending,
    })
    .execute();
  return { kind: 'pending', ...known, watchId: watch.id };
}

export async function confirmWatch(
  trx: Kysely<StoreDatabase>,
  watchId: string,
  confirmHash: string,
  now: string,
): Promise<EmailConfirmation> {
  const row = await trx
    .selectFrom('email_watches')
    .select(['address_id', 'confirmed_at', 'confirm_hash', 'confirm_expires_at'])
    .where('id', '=', watchId)
    .executeTakeFirst();
  if (row === undefined) return 'absent';
  if (row.confirmed_at !== null) return 'already';
  // A hash of a random token: comparing it leaks nothing about the token itself.
  if (row.confirm_hash !== confirmHash) return 'absent';
  if (row.confirm_expires_at === null || row.confirm_expires_at <= now) return 'expired';
  await trx
    .updateTable('email_watches')
    .set({ confirmed_at: now, confirm_hash: null, confirm_expires_at: null, watermark: now })
    .where('id', '=', watchId)
    .execute();
  await trx
    .updateTable('email_addresses')
    .set({ confirmed_at: now })
    .where('id', '=', row.address_id)
    .where('confirmed_at', 'is', null)
    .execute();
  return 'confirmed';
}

export async function readAddress(
  db: Kysely<StoreDatabase>,
  addressId: string,
  token: string,
): Promise<EmailAddressRecord | null> {
  const row = await db
    .selectFrom('email_addresses')
    .selectAll()
    .where('id', '=', addressId)
    .executeTakeFirst();
  if (row === undefined || row.token !== token) return null;
  const watches = await db
    .selectFrom('email_watches')
    .selectAll()
    .where('address_id', '=', addressId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return addressOf(row, watches.map(watchOf));
}

export async function deleteWatches(
  trx: Kysely<StoreDatabase>,
  addressId: string,
  token: string,
  watchIds: readonly string[] | 'all',
): Promise<'removed' | 'absent' | 'refused'> {
  const row = await trx
    .selectFrom('email_addresses')
    .select('token')
    .where('id', '=', addressId)
    .executeTakeFirst();
  if (row === undefined) return 'absent';
  if (row.token !== token) return 'refused';
  if (watchIds !== 'all') {
    for (let start = 0; start < watchIds.length; start += IDS_PER_STATEMENT) {
      await trx
        .deleteFrom('email_watches')
        .where('address_id', '=', addressId)
        .where('id', 'in', watchIds.slice(start, start + IDS_PER_STATEMENT))
        .execute();
    }
    const left = await trx
      .selectFrom('email_watches')
      .select('id')
      .where('address_id', '=', addressId)
      .limit(1)
      .executeTakeFirst();
    if (left !== undefined) return 'removed';
  }
  await trx.deleteFrom('email_watches').where('address_id', '=', addressId).execute();
  await trx.deleteFrom('email_addresses').where('id', '=', addressId).execute();
  return 'removed';
}

export async function readAddresses(
  db: Kysely<StoreDatabase>,
  afterId: string | null,
  limit: number,
): Promise<EmailAddressRecord[]> {
  let query = db
    .selectFrom('email_addresses')
    .selectAll()
    .where('confirmed_at', 'is not', null)
    .orderBy('id')
    .limit(limit);
  if (afterId !== null) query = query.where('id', '>', afterId);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const watches = new Map<string, EmailWatchRecord[]>();
  for (let start = 0; start < rows.length; start += IDS_PER_STATEMENT) {
    const ids = rows.slice(start, start + IDS_PER_STATEMENT).map((row) => row.id);
    const found = await db
      .selectFrom('email_watches')
      .selectAll()
      .where('address_id', 'in', ids)
      .where('confirmed_at', 'is not', null)
      .orderBy('address_id')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const row of found) {
      const list = watches.get(row.address_id);
      if (list) list.push(watchOf(row));
      else watches.set(row.address_id, [watchOf(row)]);
    }
  }
  return rows
    .map((row) => addressOf(row, watches.get(row.id) ?? []))
    .filter((address) => address.watches.length > 0);
}

export async function takeSend(
  db: Kysely<StoreDatabase>,
  addressId: string,
  day: string,
  perDay: number,
): Promise<boolean> {
  // One statement: a count of another day starts over; a full count of this day is no match.
  const updated = await db
    .updateTable('email_addresses')
    .set((eb) => ({
      sent_count: eb
        .case()
        .when('sent_day', '=', day)
        .then(eb('sent_count', '+', 1))
        .else(1)
        .end(),
      sent_day: day,
    }))
    .where('id', '=', addressId)
    .where((eb) =>
      eb.or([eb('sent_day', 'is', null), eb('sent_day', '<>', day), eb('sent_count', '<', perDay)]),
    )
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function writeEmailOutcomes(
  trx: Kysely<StoreDatabase>,
  addresses: readonly EmailOutcome[],
  watches: readonly EmailWatchUpdate[],
): Promise<void> {
  for (const group of grouped(watches, ({ id: _id, ...values }) => values)) {
    const { values, ids } = group;
    const set = {
      ...(values.watermark === undefined ? {} : { watermark: values.watermark }),
      ...(values.lastSentAt === undefined ? {} : { last_sent_at: values.lastSentAt }),
      ...(values.toldCents === undefined ? {} : { told_cents: values.toldCents }),
    };
    if (Object.keys(set).length === 0) continue;
    await trx.updateTable('email_watches').set(set).where('id', 'in', ids).execute();
  }
  for (const group of grouped(
    addresses.map((outcome) => ({ ...outcome, id: outcome.addressId })),
    ({ id: _id, addressId: _address, ...values }) => values,
  )) {
    const { values, ids } = group;
    switch (values.kind) {
      case 'sent':
        await trx
          .updateTable('email_addresses')
          .set({ last_sent_at: values.sentAt, failures: 0, retry_at: null })
          .where('id', 'in', ids)
          .execute();
        break;
      case 'retry':
        await trx
          .updateTable('email_addresses')
          .set({ retry_at: values.retryAt, failures: values.failures })
          .where('id', 'in', ids)
          .execute();
        break;
      case 'gone':
        await trx.deleteFrom('email_watches').where('address_id', 'in', ids).execute();
        await trx.deleteFrom('email_addresses').where('id', 'in', ids).execute();
        break;
    }
  }
}

/** Items that write the same values, in chunks of ids: one statement each. */
function* grouped<T extends { id: string }, V>(
  items: readonly T[],
  valuesOf: (item: T) => V,
): Generator<{ values: V; ids: string[] }> {
  const groups = new Map<string, { values: V; ids: string[] }>();
  for (const item of items) {
    const values = valuesOf(item);
    const key = JSON.stringify(values);
    const group = groups.get(key);
    if (group) group.ids.push(item.id);
    else groups.set(key, { values, ids: [item.id] });
  }
  for (const { values, ids } of groups.values()) {
    for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
      yield { values, ids: ids.slice(start, start + IDS_PER_STATEMENT) };
    }
  }
}

export async function pruneUnconfirmed(trx: Kysely<StoreDatabase>, now: string): Promise<number> {
  const deleted = await trx
    .deleteFrom('email_watches')
    .where('confirmed_at', 'is', null)
    .where('confirm_expires_at', '<=', now)
    .executeTakeFirst();
  await trx
    .deleteFrom('email_addresses')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('email_watches')
            .select('email_watches.id')
            .whereRef('email_watches.address_id', '=', 'email_addresses.id'),
        ),
      ),
    )
    .execute();
  return Number(deleted.numDeletedRows);
}

export async function countAddresses(db: Kysely<StoreDatabase>): Promise<number> {
  return countOf(
    await db
      .selectFrom('email_addresses')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
  );
}
