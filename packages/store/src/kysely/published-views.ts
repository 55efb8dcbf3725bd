import type { Kysely } from 'kysely';
import type { PublishedView } from '../repository';
import type { StoreDatabase } from './database';

export async function upsertPublishedView(
  db: Kysely<StoreDatabase>,
  view: PublishedView,
): Promise<void> {
  const row = {
    fingerprint: view.fingerprint,
    etag: view.etag,
    body_br: view.brotli,
    published_at: view.publishedAt,
  };
  await db
    .insertInto('published_views')
    .values({ view: view.view, ...row })
    .onConflict((oc) => oc.column('view').doUpdateSet(row))
    .execute();
}

export async function readPublishedView(
  db: Kysely<StoreDatabase>,
  view: string,
): Promise<PublishedView | null> {
  const row = await db
    .selectFrom('published_views')
    .selectAll()
    .where('view', '=', view)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    view: row.view,
    fingerprint: row.fingerprint,
    etag: row.etag,
    brotli: row.body_br,
    publishedAt: row.published_at,
  };
}
