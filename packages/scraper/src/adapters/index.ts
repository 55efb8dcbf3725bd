import type { Platform } from '@stl-deals/domain';
import { feedAdapter } from './feed';
import type { Adapter } from './types';

/** Every platform's adapter. A platform missing here fails its scrapes with a clear reason. */
export const ADAPTERS: Partial<Record<Platform, Adapter>> = {
  feed: feedAdapter,
};
