import {
  mergePlatformConfig,
  type PlatformConfig,
  type PlatformConfigOverride,
  type Registry,
} from '@stl-deals/scraper';
import { simRequestOf, type Answer, type PlannedRequest } from '../platforms/types';
import { StoreDirectory } from '../stores';
import { addressedRegistry, platformOverrideAt, requireSimulated } from './addressing';
import { answerContexts, defaultDutchieHashes } from './answer-context';
import { plainAnswer } from './handle';

export interface InProcessOptions {
  /** The registry the simulator was started on (before it addressed it). */
  registry: Registry;
  seed: string | number;
  /** The simulator's origin, e.g. 'http://127.0.0.1:3100'. */
  base: string;
  /** As the simulator was given them; default its own. */
  dutchieHashes?: PlatformConfig['dutchieHashes'];
}

/** A simulator's platforms without its server: addresses, configuration and answers. */
export interface InProcessPlatforms {
  /** The registry addressed as the simulator at `base` addresses it. */
  readonly registry: Registry;
  readonly platformOverride: PlatformConfigOverride;
  readonly platforms: PlatformConfig;
  /** See `Simulator.answerAt`. */
  answerAt(request: PlannedRequest, at: Date): Answer;
}

/**
 * The platforms of a simulator listening at `base`, answered in this process with no server: the
 * same registry, configuration and answers (menus, ids, secrets) for the same registry, seed and
 * origin. For another thread reading past days' menus beside a simulator (demo mode's price
 * history), where a second server would only add sockets.
 */
export function inProcessPlatforms(options: InProcessOptions): InProcessPlatforms {
  const stores = new StoreDirectory(requireSimulated(options.registry));
  const dutchieHashes = options.dutchieHashes ?? defaultDutchieHashes(options.seed);
  const { base } = options;
  const context = answerContexts({
    seed: options.seed,
    // Every answer here is of a day given with it.
    now: () => new Date(),
    dutchieHashes,
    base: () => base,
  });
  const platformOverride = platformOverrideAt(base, dutchieHashes);
  return {
    registry: addressedRegistry(options.registry, stores, base),
    platformOverride,
    platforms: mergePlatformConfig(platformOverride),
    answerAt: (request, at) => plainAnswer(simRequestOf(request, base), stores, context(false, at)),
  };
}
