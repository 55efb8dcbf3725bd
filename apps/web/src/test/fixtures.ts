import type { CacheStatus, Deal, Dispensary } from '@stl-deals/domain';

/** Wednesday 4 June 2025, noon in St. Louis: the clock of every component test. */
export const NOW = Date.parse('2025-06-04T17:00:00Z');
export const TIME_ZONE = 'America/Chicago';

export const DISPENSARIES: Dispensary[] = [
  { key: 'swade', name: '🏪 Swade Cannabis (Delmar)', lat: 38.6561, lng: -90.3037 },
  { key: 'greenlight', name: 'Greenlight - St. Peters', lat: 38.7875, lng: -90.6299 },
  { key: 'far-away', name: 'Far Away Farms', lat: 39.0997, lng: -94.5786 },
  { key: 'nowhere', name: 'Nowhere Known', lat: null, lng: null },
];

let next = 0;

/** A deal that passes every cleaning rule, with `overrides` on top. */
export function deal(overrides: Partial<Deal> = {}): Deal {
  next++;
  return {
    title: `House special number ${next}`,
    description: `A fine offer, number ${next}`,
    price: `$${10 + next}.00`,
    imageUrl: '',
    sourceUrl: `https://shop.example/deals/${next}`,
    dispensary: DISPENSARIES[0]!.name,
    dispensaryKey: DISPENSARIES[0]!.key,
    ...overrides,
  };
}

/** `count` plain deals of the first dispensary. */
export function deals(count: number, overrides: Partial<Deal> = {}): Deal[] {
  return Array.from({ length: count }, () => deal(overrides));
}

export function readyStatus(overrides: Partial<CacheStatus> = {}): CacheStatus {
  return {
    ready: true,
    totalDeals: 3,
    lastUpdate: '2025-06-04T16:30:00Z',
    dispensaryCount: DISPENSARIES.length,
    ...overrides,
  };
}
