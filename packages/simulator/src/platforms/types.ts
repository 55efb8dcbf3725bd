import type { PlatformConfig, RegistryEntry } from '@stl-deals/scraper';
import type { Menu } from '../menu/model';
import type { SimStore, StoreDirectory } from '../stores';

/** A request as the platforms read it: the body already read as text. */
export interface SimRequest {
  method: string;
  url: URL;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: string;
}

/** A request as a scraper's plan states it (the scraper's `RequestPlan` is one). */
export interface PlannedRequest {
  url: string;
  method?: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
}

/** A planned request as the platforms read it; a relative URL is taken from `base`. */
export function simRequestOf(request: PlannedRequest, base: string): SimRequest {
  return {
    method: request.method ?? 'GET',
    url: new URL(request.url, base),
    headers: request.headers ?? {},
    body: request.body ?? '',
  };
}

/** What the simulator sends back: a status, headers and a whole body. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a platform's answer may need besides the request. */
export interface AnswerContext {
  /** The simulator's origin, e.g. 'http://127.0.0.1:4010'. */
  base: string;
  menuOf: (store: SimStore) => Menu;
  /** The persisted-query hashes Dutchie knows right now (rotated by the fault). */
  dutchieHashes: PlatformConfig['dutchieHashes'];
  /** A stable secret of this simulator (seeded), e.g. the search key Jane's store page publishes. */
  secret: (name: string) => string;
}

/** A request a platform recognised: which store it is for (undefined: no such store) and its answer. */
export interface Routed {
  store: SimStore | undefined;
  answer(context: AnswerContext): Answer;
}

/** The registry fields that address a store on a platform. */
export type Address = Pick<RegistryEntry, 'platformId' | 'menuUrl' | 'specialsUrl'>;

/**
 * One platform's whole knowledge in the simulator: how a registry entry addresses a store there,
 * and which of its request paths answer what (its serializer writes the payloads).
 */
export interface SimulatedPlatform {
  address(store: SimStore, base: string): Address;
  /**
   * Whether the platform's answers state the store's week (a store record, a page's JSON-LD);
   * for a platform that does not, the simulated registry entry carries it.
   */
  statesHours?: true;
  /** Whether the platform's answers state the store's phone number; else the registry entry does. */
  statesPhone?: true;
  /**
   * How the store's own website carries this platform's menu, in the platform's real embed form
   * (research: directories.md 10.2); none for a platform read from the site itself.
   */
  embed?(store: SimStore, base: string): Embed;
  /** The platform's answer to a request, or undefined when the path is none of its. */
  route(request: SimRequest, stores: StoreDirectory): Routed | undefined;
}

/** Markup a store's website gains from its menu platform. */
export interface Embed {
  /** Attributes of the page's <head> (Dispense's proxy mode names the venue there). */
  headAttributes?: string;
  /** Classes of the page's <body> (a Joint WordPress theme numbers the store there). */
  bodyClass?: string;
  body: string;
}
