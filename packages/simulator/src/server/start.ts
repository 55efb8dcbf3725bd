import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import {
  mergePlatformConfig,
  type PlatformConfig,
  type PlatformConfigOverride,
  type Registry,
} from '@stl-deals/scraper';
import { StoreDirectory } from '../stores';
import { addressedRegistry, platformOverrideAt, requireSimulated } from './addressing';
import { answerContexts, defaultDutchieHashes, seededSecret } from './answer-context';
import { Faults, type FaultPlan } from './faults';
import { handle, plainAnswer, type HandlerDeps } from './handle';
import { serve } from './node-http';
import { RequestLog, type RequestFilter } from './request-log';
import { simRequestOf, type Answer, type PlannedRequest } from '../platforms/types';

export interface SimulatorOptions {
  /** The dispensaries to serve, each on its entry's platform (see `assignPlatforms`). */
  registry: Registry;
  /** Same seed, same menus. */
  seed: string | number;
  /** Default 127.0.0.1: the simulator is for this machine only. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  faults?: FaultPlan;
  /** The persisted-query hashes Dutchie knows. Default: the scraper's configured ones. */
  dutchieHashes?: PlatformConfig['dutchieHashes'];
  /** The clock that dates specials' ends. Default: the system clock. */
  now?: () => Date;
}

export interface Simulator {
  /** The origin every platform is served on, e.g. 'http://127.0.0.1:43117'. */
  readonly url: string;
  /** The registry given, each dispensary addressed at this simulator on its platform. */
  readonly registry: Registry;
  /** A PLATFORMS_CONFIG-shaped override pointing every platform here (see `mergePlatformConfig`). */
  readonly platformOverride: PlatformConfigOverride;
  /** The scraper's platform configuration: `platformOverride` over the defaults. */
  readonly platforms: PlatformConfig;
  /**
   * The answer `request` (a request of a scraper's plan, addressed here) gets on the day `at`
   * falls on, made in this process: no network, no fault, not counted by `requestCount`. For
   * reading the menus of past days fast (demo mode's price history); scrapes go over http.
   */
  answerAt(request: PlannedRequest, at: Date): Answer;
  /** Replaces the fault plan from now on (`{}` clears every fault). */
  setFaults(plan: FaultPlan): void;
  /** How many requests arrived that match the filter (all of them without one). */
  requestCount(filter?: RequestFilter): number;
  /** Stops listening and drops every open connection, hung requests included. */
  stop(): Promise<void>;
}

/** Cloudflare's clearance cookies are 43 characters. */
const CLEARANCE_LENGTH = 43;

/**
 * Starts a local stand-in for the menu platforms: their real request paths and payload formats
 * for every dispensary of `registry`, with deterministic Missouri menus and switchable faults.
 */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const stores = new StoreDirectory(requireSimulated(options.registry));
  const faults = new Faults(options.faults);
  const log = new RequestLog();
  const stopping = new AbortController();
  const dutchieHashes = options.dutchieHashes ?? defaultDutchieHashes(options.seed);
  let base = '';
  const deps: HandlerDeps = {
    stores,
    faults,
    log,
    context: answerContexts({
      seed: options.seed,
      now: options.now ?? (() => new Date()),
      dutchieHashes,
      base: () => base,
    }),
    clearance: seededSecret(options.seed)('cf-clearance').slice(0, CLEARANCE_LENGTH),
    // A stop ends the wait at once; the answer then goes nowhere.
    sleep: (ms) => delay(ms, undefined, { signal: stopping.signal }).catch(() => undefined),
  };

  const server = createServer((incoming, response) => {
    void serve(incoming, response, base, (request) => handle(request, deps));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  base = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  const platformOverride = platformOverrideAt(base, dutchieHashes);

  return {
    url: base,
    registry: addressedRegistry(options.registry, stores, base),
    platformOverride,
    platforms: mergePlatformConfig(platformOverride),
    answerAt: (request, at) =>
      plainAnswer(simRequestOf(request, base), stores, deps.context(false, at)),
    setFaults: (plan) => faults.set(plan),
    requestCount: (filter) => log.count(filter),
    stop: () =>
      new Promise<void>((resolve) => {
        stopping.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
