import { PotencySchema, readDeals, type Deal } from '@stl-deals/domain';
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
  if (!Array.isArray(body)) {
    try {
      readDeals(body);
    } catch (error) {
      throw new SchemaChangedError(`Feed is not a deals array: ${(error as Error).message}`);
    }
    throw new SchemaChangedError('Feed is not a deals array');
  }
  const items = body as unknown[];
  return {
    deals: items.flatMap((item) => {
      const [deal] = readDeals([item]).deals;
      if (!deal) return [];
      const { storeProductKey: _sent, ...kept } = deal;
      return [{ ...kept, ...potencyOf(item) }];
    }),
  };
}

/**
 * A feed deal's `thc` and `cbd` as the contract words them; one that breaks it is left out.
 * The page's lean reader (`readDeals`) does not read them: the page does not show them yet.
 */
function potencyOf(item: unknown): Pick<Deal, 'thc' | 'cbd'> {
  const read: Pick<Deal, 'thc' | 'cbd'> = {};
  for (const field of ['thc', 'cbd'] as const) {
    const value = (item as Record<string, unknown> | null)?.[field];
    const parsed = value === undefined ? undefined : PotencySchema.safeParse(value);
    if (parsed?.success) read[field] = parsed.data;
  }
  return read;
}
