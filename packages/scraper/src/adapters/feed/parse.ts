import { readDeals } from '@stl-deals/domain';
import { SchemaChangedError } from '../../errors';
import type { ParseResult, Received } from '../types';

/**
 * A feed answers a JSON array of deals in the contract's shape. Deals that break the contract are
 * left out; an answer that is not an array means the feed changed. A feed's deals are its priced
 * specials, with no menu behind them: the key of a deal's product is the scraper's to make from
 * its words (see `finalizeMenu`), never one the feed sends.
 */
export function parse(received: readonly Received[]): ParseResult {
  const body = received.find((payload) => payload.label === 'feed')?.body;
  try {
    return { deals: readDeals(body).deals.map(({ storeProductKey: _sent, ...deal }) => deal) };
  } catch (error) {
    throw new SchemaChangedError(`Feed is not a deals array: ${(error as Error).message}`);
  }
}
