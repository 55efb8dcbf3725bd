import { describe, expect, it } from 'vitest';
import type { Deal } from '../contract/deal';
import {
  matchesThcFilter,
  matchesTypeFilter,
  THC_OPTIONS,
  TYPE_OPTIONS,
  type ThcFilter,
  type TypeFilter,
} from './potency-filter';

const pct = (min: number, max = min) => ({ thc: { min, max, unit: '%' as const } });
const mg = (min: number) => ({ thc: { min, max: min, unit: 'mg' as const } });

describe('matchesThcFilter', () => {
  it.each<[Pick<Deal, 'thc'>, ThcFilter, boolean]>([
    [{}, 'any', true],
    [{}, '15', false],
    [{}, '10mg', false],
    [pct(24), '20', true],
    [pct(24), '25', false],
    [pct(25), '25', true],
    [pct(20, 26), '25', true],
    [pct(30), '30', true],
    [pct(30), '10mg', false],
    [mg(100), '100mg', true],
    [mg(100), '50mg', true],
    [mg(50), '100mg', false],
    [mg(100), '15', false],
  ])('%j under %s: %s', (deal, filter, kept) => {
    expect(matchesThcFilter(deal, filter)).toBe(kept);
  });
});

describe('matchesTypeFilter', () => {
  it.each<[Pick<Deal, 'strainType'>, TypeFilter, boolean]>([
    [{}, 'any', true],
    [{}, 'Indica', false],
    [{ strainType: 'Indica' }, 'Indica', true],
    [{ strainType: 'Indica' }, 'Sativa', false],
    [{ strainType: 'CBD' }, 'CBD', true],
    [{ strainType: 'Hybrid' }, 'any', true],
  ])('%j under %s: %s', (deal, filter, kept) => {
    expect(matchesTypeFilter(deal, filter)).toBe(kept);
  });
});

describe('the THC and Type dropdowns', () => {
  it('label each choice as a shopper reads it', () => {
    expect(THC_OPTIONS.map((option) => option.label)).toEqual([
      'Any THC',
      '15%+',
      '20%+',
      '25%+',
      '30%+',
      '10 mg+',
      '50 mg+',
      '100 mg+',
    ]);
    expect(TYPE_OPTIONS.map((option) => option.label)).toEqual([
      'Any type',
      'Indica',
      'Sativa',
      'Hybrid',
      'CBD',
    ]);
  });
});
