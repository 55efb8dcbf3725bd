import { readDeals, type Deal } from '@stl-deals/domain';
import { SchemaChangedError } from '../../errors';

/**
 * A feed answers a JSON array of deals in the contract's shape. Deals that break the contract are
 * left out; an answer that is not an array means the feed changed.
 */
export function parse(payloads: readonly unknown[]): Deal[] {
  const [body] = payloads;
  try {
    return readDeals(body).deals;
  } catch (error) {
    throw new SchemaChangedError(`Feed is not a deals array: ${(error as Error).message}`);
  }
}
