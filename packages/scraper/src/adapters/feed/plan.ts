import { NotFoundError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import type { RequestPlan } from '../types';

/** A feed is one GET of the entry's `menuUrl`, answering JSON. */
export function plan(entry: RegistryEntry): RequestPlan[] {
  if (!entry.menuUrl) {
    throw new NotFoundError(`Dispensary '${entry.key}' has platform 'feed' but no menuUrl`);
  }
  return [{ url: entry.menuUrl, accept: 'application/json' }];
}
