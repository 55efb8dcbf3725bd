import { describe, expect, it } from 'vitest';
import { StoreTaxRatesSchema } from '../contract/tax-rates';
import { BUNDLED_TAX_RATES } from './tax-rates';

const entries = Object.entries(BUNDLED_TAX_RATES);

describe('the bundled tax rates', () => {
  it.each(entries)('%s: matches the schema an operator file is held to', (_key, rates) => {
    expect(() => StoreTaxRatesSchema.parse(rates)).not.toThrow();
  });

  it.each(entries)('%s: every known rate names an https source', (_key, rates) => {
    for (const fact of [rates.localMarijuana, rates.sales]) {
      if (fact.status === 'unknown') continue;
      expect(fact.source).toMatch(/https:\/\/\S+/);
    }
  });

  it('keeps the local marijuana tax at 0 or 3% where known (Missouri allows up to 3%)', () => {
    const known = entries.map(([, rates]) => rates.localMarijuana.rate).filter((r) => r !== null);
    expect(new Set(known)).toEqual(new Set([0, 3]));
  });

  it('keeps every known sales rate within what Missouri charges around St. Louis', () => {
    for (const [key, { sales }] of entries) {
      if (sales.rate === null) continue;
      // The state alone is 4.225%; no St. Louis area total reaches 12%.
      expect([key, sales.rate >= 4.225 && sales.rate < 12]).toEqual([key, true]);
    }
  });
});
