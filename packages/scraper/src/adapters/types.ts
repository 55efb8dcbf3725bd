import type { Deal } from '@stl-deals/domain';
import type { RegistryEntry } from '../registry';

/** One request an adapter needs; transports carry it out. */
export interface RequestPlan {
  url: string;
  accept: 'application/json' | 'text/html';
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** A platform's knowledge: which requests to make, and how to read what they answer. Both pure. */
export interface Adapter {
  plan(entry: RegistryEntry): RequestPlan[];
  parse(payloads: readonly unknown[], entry: RegistryEntry): Deal[];
}
