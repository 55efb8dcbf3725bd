import { PLATFORMS, type Platform } from '@stl-deals/domain';
import { dispense } from './dispense';
import { dutchie } from './dutchie';
import { feed } from './feed';
import { htmlSite } from './html';
import { jane } from './jane';
import { joint } from './joint';
import { leafly } from './leafly';
import { sweed } from './sweed';
import type { SimulatedPlatform } from './types';
import { weedmaps } from './weedmaps';

/** Every platform the simulator answers for, by the registry's platform name. */
export const SIMULATED_PLATFORMS: Partial<Record<Platform, SimulatedPlatform>> = {
  dutchie,
  jane,
  weedmaps,
  leafly,
  sweed,
  dispense,
  joint,
  html: htmlSite,
  feed,
};

/** The simulated platforms, in the contract's order. */
export const SIMULATED_PLATFORM_NAMES: readonly Platform[] = PLATFORMS.filter(
  (name) => SIMULATED_PLATFORMS[name] !== undefined,
);
