import { PlatformSchema } from '@stl-deals/domain';
import type { Kysely } from 'kysely';
import type { ResolvedSource } from '../repository';
import type { StoreDatabase } from './database';

export async function upsertResolvedSource(
  db: Kysely<StoreDatabase>,
  dispensaryKey: string,
  source: ResolvedSource,
): Promise<void> {
  const row = {
    platform: source.platform,
    platform_id: source.platformId ?? null,
    menu_url: source.menuUrl ?? null,
    specials_url: source.specialsUrl ?? null,
    website: source.website ?? null,
    evidence: source.evidence,
    resolved_at: source.resolvedAt,
  };
  await db
    .insertInto('resolved_sources')
    .values({ dispensary_key: dispensaryKey, ...row })
    .onConflict((oc) => oc.column('dispensary_key').doUpdateSet(row))
    .execute();
}

export async function readResolvedSources(
  db: Kysely<StoreDatabase>,
  dispensaryKey?: string,
): Promise<Map<string, ResolvedSource>> {
  let query = db.selectFrom('resolved_sources').selectAll().orderBy('dispensary_key');
  if (dispensaryKey !== undefined) query = query.where('dispensary_key', '=', dispensaryKey);
  const rows = await query.execute();
  const sources = new Map<string, ResolvedSource>();
  for (const row of rows) {
    // A platform this build no longer knows is forgotten: the site is looked at again.
    const platform = PlatformSchema.safeParse(row.platform);
    if (!platform.success) continue;
    sources.set(row.dispensary_key, {
      platform: platform.data,
      ...(row.platform_id === null ? {} : { platformId: row.platform_id }),
      ...(row.menu_url === null ? {} : { menuUrl: row.menu_url }),
      ...(row.specials_url === null ? {} : { specialsUrl: row.specials_url }),
      ...(row.website === null ? {} : { website: row.website }),
      evidence: row.evidence,
      resolvedAt: row.resolved_at,
    });
  }
  return sources;
}
