import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './0001-initial';
import { cluster } from './0002-cluster';
import { publishedViews } from './0003-published-views';
import { priceObservations } from './0004-price-observations';
import { pushSubscriptions } from './0005-push-subscriptions';
import { compactPriceObservations } from './0006-compact-price-observations';
import { watchesAndEmail } from './0007-watches-and-email';
import { dispensaryHours } from './0008-dispensary-hours';
import { dispensaryPhones } from './0009-dispensary-phones';
import { marketClasses } from './0010-market-classes';

/*
 * PostgreSQL's own migrations, apart from SQLite's: DDL differs between the engines, and each
 * list is frozen on its own. Code imported here, not files found by scanning a folder; names sort
 * in the order they run; append, never edit.
 */
export const postgresMigrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-cluster': cluster,
  '0003-published-views': publishedViews,
  '0004-price-observations': priceObservations,
  '0005-push-subscriptions': pushSubscriptions,
  '0006-compact-price-observations': compactPriceObservations,
  '0007-watches-and-email': watchesAndEmail,
  '0008-dispensary-hours': dispensaryHours,
  '0009-dispensary-phones': dispensaryPhones,
  '0010-market-classes': marketClasses,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(postgresMigrations),
};
