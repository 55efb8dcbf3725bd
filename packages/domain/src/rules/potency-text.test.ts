import { describe, expect, it } from 'vitest';
import type { Potency } from '../contract/deal';
import { potencyText } from './potency-text';

describe('potencyText', () => {
  it.each<[Potency, string]>([
    [{ min: 24, max: 24, unit: '%' }, 'THC 24%'],
    [{ min: 24.14, max: 24.14, unit: '%' }, 'THC 24.1%'],
    [{ min: 20, max: 24, unit: '%' }, 'THC 20–24%'],
    [{ min: 23.96, max: 24.04, unit: '%' }, 'THC 24%'],
    [{ min: 100, max: 100, unit: 'mg' }, 'THC 100 mg'],
    [{ min: 2.5, max: 2.5, unit: 'mg' }, 'THC 3 mg'],
    [{ min: 1000, max: 1000, unit: 'mg' }, 'THC 1,000 mg'],
    [{ min: 50, max: 100, unit: 'mg' }, 'THC 50–100 mg'],
  ])('%j reads %s', (potency, text) => {
    expect(potencyText('THC', potency)).toBe(text);
  });

  it('names CBD when asked', () => {
    expect(potencyText('CBD', { min: 1, max: 1, unit: '%' })).toBe('CBD 1%');
  });
});
