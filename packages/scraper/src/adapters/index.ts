import type { Platform } from '@stl-deals/domain';
import { dutchieAdapter } from './dutchie';
import { feedAdapter } from './feed';
import { janeAdapter } from './jane';
import { leaflyAdapter } from './leafly';
import { weedmapsAdapter } from './weedmaps';
import type { Adapter } from './types';

/** Every platform's adapter. A platform missing here fails its scrapes with a clear reason. */
export const ADAPTERS: Partial<Record<Platform, Adapter>> = {
  dutchie: dutchieAdapter,
  feed: feedAdapter,
  jane: janeAdapter,
  weedmaps: weedmapsAdapter,
  leafly: leaflyAdapter,
};
