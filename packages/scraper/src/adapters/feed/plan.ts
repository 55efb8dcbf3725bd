import { UnconfiguredError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import type { Received, RequestPlan } from '../types';

/** A feed is one GET of the entry's `menuUrl`, answering JSON. */
export function plan(entry: RegistryEntry, received: readonly Received[]): RequestPlan[] {
  if (received.length > 0) return [];
  if (!entry.menuUrl) {
    throw new UnconfiguredError(`Dispensary '${entry.key}' has platform 'feed' but no menuUrl`);
  }
  return [{ label: 'feed', url: entry.menuUrl, accept: 'application/json' }];
}
