import { SchemaChangedError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import { at, text } from '../shared/deal-fields';
import type { ParseResult, Received } from '../types';
import { productHits } from './algolia';
import { readHit } from './hit';
import { distinctItems, geoPoint, payloadsOf } from '../shared/received';
import { readJaneStore } from './store';
import { isStoreRecord, STORE_RECORD, storeRecordFacts } from './store-record';

/** The label of Jane's product payloads: `products-page-<n>` from plan, `products` from the browser. */
export const PRODUCTS = 'products';

/**
 * Jane's product records as deals, and the price of every product in every size. A record is a
 * product at one store, so the same product in two pages or captured responses counts once. The
 * store's coordinates and hours come from its own record when that was answered, else the
 * coordinates from the records' `_geoloc` (seen in the real dmerch record, platforms.md 2.2).
 */
export function parse(received: readonly Received[], entry: RegistryEntry): ParseResult {
  const payloads = payloadsOf(received, PRODUCTS);
  if (payloads.length === 0) throw new SchemaChangedError('No Jane product payload to read');
  const hits = distinctItems(
    payloads.map(({ body }) => productHits(body)),
    (hit) => text(at(hit, 'objectID')) ?? text(at(hit, 'product_id')),
  );
  const store = readJaneStore(entry);
  const read = hits.map((hit) => readHit(hit, store, entry.menuUrl));
  const deals = read.map(({ deal }) => deal).filter((deal) => deal !== undefined);
  const prices = read.flatMap(({ prices }) => prices);
  const record = received.find(({ label }) => label === STORE_RECORD);
  const facts = record && isStoreRecord(record.body) ? storeRecordFacts(record.body) : undefined;
  const location =
    facts?.location ??
    hits
      .map((hit) => geoPoint(at(hit, '_geoloc', 'lat'), at(hit, '_geoloc', 'lng')))
      .find((point) => point !== undefined);
  return {
    deals,
    prices,
    ...(location ? { location } : {}),
    ...(facts ? { hours: facts.hours, phone: facts.phone } : {}),
  };
}
