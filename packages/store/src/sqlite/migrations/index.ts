import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './0001-initial';
import { historyRetention } from './0002-history-retention';
import { geocodedAddresses } from './0003-geocoded-addresses';
import { resolvedSources } from './0004-resolved-sources';
import { publishedViews } from './0005-published-views';
import { priceObservations } from './0006-price-observations';
import { pushSubscriptions } from './0007-push-subscriptions';
import { compactPriceObservations } from './0008-compact-price-observations';
import { watchesAndEmail } from './0009-watches-and-email';
import { dispensaryHours } from './0010-dispensary-hours';
import { dispensaryPhones } from './0011-dispensary-phones';
import { marketClasses } from './0012-market-classes';

/*
 * Migrations are code imported here, not files found by scanning a folder: they travel with the
 * bundle and the type checker sees them. Names sort in the order they run; append, never edit.
 */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-history-retention': historyRetention,
  '0003-geocoded-addresses': geocodedAddresses,
  '0004-resolved-sources': resolvedSources,
  '0005-published-views': publishedViews,
  '0006-price-observations': priceObservations,
  '0007-push-subscriptions': pushSubscriptions,
  '0008-compact-price-observations': compactPriceObservations,
  '0009-watches-and-email': watchesAndEmail,
  '0010-dispensary-hours': dispensaryHours,
  '0011-dispensary-phones': dispensaryPhones,
  '0012-market-classes': marketClasses,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
