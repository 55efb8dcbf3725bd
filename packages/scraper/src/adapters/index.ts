import type { Platform } from '@stl-deals/domain';
import { dutchieAdapter } from './dutchie';
import { dispenseAdapter } from './dispense';
import { feedAdapter } from './feed';
import { htmlAdapter } from './html';
import { janeAdapter } from './jane';
import { jointAdapter } from './joint';
import { leaflyAdapter } from './leafly';
import { sweedAdapter } from './sweed';
import { weedmapsAdapter } from './weedmaps';
import type { Adapter } from './types';

/** Every platform's adapter. A platform missing here fails its scrapes with a clear reason. */
export const ADAPTERS: Partial<Record<Platform, Adapter>> = {
  dutchie: dutchieAdapter,
  feed: feedAdapter,
  jane: janeAdapter,
  weedmaps: weedmapsAdapter,
  leafly: leaflyAdapter,
  sweed: sweedAdapter,
  dispense: dispenseAdapter,
  joint: jointAdapter,
  html: htmlAdapter,
};
