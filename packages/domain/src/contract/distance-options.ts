import type { DistanceRadius, Option } from './options';

// Apart from the other choices: the Distance Filter shows only once the visitor's location is
// known, so the page loads it on demand, not with its first load.

/** The Distance Filter's choices (spec section 2). */
export const DISTANCE_OPTIONS: ReadonlyArray<Option<DistanceRadius>> = [
  { value: 'all', label: 'All distances' },
  { value: '5', label: 'Within 5 miles' },
  { value: '10', label: 'Within 10 miles' },
  { value: '25', label: 'Within 25 miles' },
  { value: '50', label: 'Within 50 miles' },
];
