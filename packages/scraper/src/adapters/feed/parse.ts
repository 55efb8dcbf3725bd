import { readDeals } from '@stl-deals/domain';
import { SchemaChangedError } from '../../errors';
import type { ParseResult, Received } from '../types';

/**
 * A feed answers a JSON array of deals in the contract's shape. Deals that break the contract are
 * left out; an answer that is not an array means the feed changed.
 */
export function parse(received: readonly Received[]): ParseResult {
  const body = received.find((payload) => payload.label === 'feed')?.body;
  try {
    return { deals: readDeals(body).deals };
  } catch (error) {
    throw new SchemaChangedError(`Feed is not a deals array: ${(error as Error).message}`);
  }
}
