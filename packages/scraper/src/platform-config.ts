import type { PlatformConfig } from './adapters/types';

/**
 * The platforms' public endpoints and the persisted-query hashes seen most recently
 * (../shared/research/platforms.md). Hashes rotate: override them in configuration, not code.
 */
export const DEFAULT_PLATFORM_CONFIG: PlatformConfig = {
  baseUrls: {
    dutchie: 'https://dutchie.com',
    janeAlgolia: 'https://search.iheartjane.com',
    jane: 'https://www.iheartjane.com',
    weedmaps: 'https://api-g.weedmaps.com',
    leafly: 'https://www.leafly.com',
    dispense: 'https://api.dispenseapp.com',
  },
  dutchieHashes: {
    FilteredProducts: '0fae0c65b4f7910948ee6bb3ff5dc31e5a437839609b037f7d88a5215c82768d',
    GetSpecialMenuCards: '7803304c8df8df5d30281503d75f98f6b4a9db0c022bb4c4375cb717d2910586',
    FilteredSpecials: '0dfb85a4fc138c55a076d4d11bf6d1a25f7cbd511428e1cf5a5b863b3eb23f25',
    ConsumerDispensaries: '0d3ff8648848a737bbbeff9d090854ce2b78a7c4330d4982dab5b32ba2009448',
  },
  janeAlgolia: { appId: 'VFM4X0N23A', apiKey: '' },
  maxPages: 20,
};
