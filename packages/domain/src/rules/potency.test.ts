import { describe, expect, it } from 'vitest';
import { PotencySchema } from '../contract/deal';
import {
  cbdDominant,
  dosePotencies,
  potencyForm,
  potencyInText,
  readPotencies,
  type PotencyContext,
  type StatedPotencies,
} from './potency';

const pct = (min: number, max = min) => ({ min, max, unit: '%' as const });
const mg = (min: number, max = min) => ({ min, max, unit: 'mg' as const });

describe('potencyForm', () => {
  it.each([
    ['flower', '%'],
    ['pre-rolls', '%'],
    ['vapes', '%'],
    ['concentrates', '%'],
    ['edibles', 'mg'],
    ['topicals', 'mg'],
    ['accessories', undefined],
    ['other', undefined],
    [undefined, undefined],
  ] as const)('%s is compared in %s', (category, form) => {
    expect(potencyForm(category)).toBe(form);
  });
});

describe('readPotencies', () => {
  const flower: PotencyContext = { category: 'flower', grams: 3.5 };
  const gummies: PotencyContext = { category: 'edibles', packTexts: ['Sour Gummies 100mg'] };

  it.each<[string, StatedPotencies, PotencyContext, object]>([
    // One figure, a range, the platforms' unit words.
    ['one percent figure', { thc: { values: [24.1], unit: '%' } }, flower, { thc: pct(24.1) }],
    [
      "Dutchie's PERCENTAGE range",
      { thc: { values: [21, 22], unit: 'PERCENTAGE' } },
      flower,
      { thc: pct(21, 22) },
    ],
    [
      'a range given high to low',
      { thc: { values: ['26.33', '23.65'] } },
      flower,
      { thc: pct(23.65, 26.33) },
    ],
    [
      'numeric strings',
      { thc: { values: ['16.9'] }, cbd: { values: ['0.1'] } },
      flower,
      { thc: pct(16.9), cbd: pct(0.1) },
    ],
    [
      'MILLIGRAMS on an edible',
      { thc: { values: [100], unit: 'MILLIGRAMS' } },
      gummies,
      { thc: mg(100) },
    ],
    ["Sweed's MG", { thc: { values: [100], unit: 'MG' } }, gummies, { thc: mg(100) }],
    ['no unit: the form decides', { thc: { values: [100] } }, gummies, { thc: mg(100) }],
    // Placeholders.
    ['a 0 is no figure', { thc: { values: [0] }, cbd: { values: [0] } }, flower, {}],
    [
      "a range's 0 low end is left out",
      { cbd: { values: [0, 0.06], unit: '%' }, thc: { values: [20.81, 24.91], unit: '%' } },
      flower,
      { thc: pct(20.81, 24.91), cbd: pct(0.06) },
    ],
    ['999 is a filler', { thc: { values: [999] } }, flower, {}],
    ['9999 mg is a filler', { thc: { values: [9999], unit: 'mg' } }, gummies, {}],
    ['a negative number', { thc: { values: [-1] } }, flower, {}],
    ['not a number', { thc: { values: ['n/a', null, {}, '25%x'] } }, flower, {}],
    ['flower above 50%', { thc: { values: [82] } }, flower, {}],
    ['a package under 1 mg', { thc: { values: [0.29], unit: 'mg' } }, gummies, {}],
    ['a unitless percent on a 100 mg gummy', { thc: { values: [0, 1.05] } }, gummies, {}],
    [
      'a CBD-led gummy keeps its small THC',
      { thc: { values: [5], unit: 'mg' }, cbd: { values: [95], unit: 'mg' } },
      gummies,
      { thc: mg(5), cbd: mg(95) },
    ],
    ['an unknown unit', { thc: { values: [10], unit: 'mg/ml' } }, gummies, {}],
    // Units that do not fit the form.
    [
      "an edible's percent is a share of its weight",
      { thc: { values: [1.05], unit: '%' } },
      gummies,
      {},
    ],
    [
      'mg/g on flower is a tenth of a percent',
      { thc: { values: [261], unit: 'MILLIGRAMS_PER_GRAM' } },
      flower,
      { thc: pct(26.1) },
    ],
    [
      'mg on flower of known weight',
      { thc: { values: [875], unit: 'mg' } },
      flower,
      { thc: pct(25) },
    ],
    [
      'mg on flower of no known weight',
      { thc: { values: [875], unit: 'mg' } },
      { category: 'flower' },
      {},
    ],
    // Fractions.
    [
      'a fraction read as a percent',
      { thc: { values: [0.2534] }, cbd: { values: [0.001] } },
      flower,
      { thc: pct(25.34), cbd: pct(0.1) },
    ],
    [
      'a hemp flower stays as stated',
      { thc: { values: [0.4], unit: '%' }, cbd: { values: [0.5], unit: '%' } },
      flower,
      { thc: pct(0.4), cbd: pct(0.5) },
    ],
    [
      'a fraction is never read in mg/g',
      { thc: { values: [0.8], unit: 'mg/g' } },
      { category: 'vapes' },
      { thc: pct(0.08) },
    ],
    // THC, THCa and total THC.
    [
      'THC with THCa: delta-9 plus 0.877 of the acid',
      { thc: { values: [1.42] }, thca: { values: [17.39] } },
      flower,
      { thc: pct(16.67) },
    ],
    [
      'a THC figure that is already the total',
      { thc: { values: [16.7] }, thca: { values: [17.39] } },
      flower,
      { thc: pct(16.7) },
    ],
    ['THCa alone', { thca: { values: [28] } }, flower, { thc: pct(24.56) }],
    [
      'a stated total wins',
      { totalThc: { values: [27.3] }, thc: { values: [0.8] }, thca: { values: [30] } },
      flower,
      { thc: pct(27.3) },
    ],
    [
      'CBD with CBDa',
      { cbd: { values: [0.5] }, cbda: { values: [10] } },
      flower,
      { cbd: pct(9.27) },
    ],
    // Per serving and per package.
    [
      'one piece of a counted pack',
      { thc: { values: [0.465, 0.515], unit: 'MG' }, cbd: { values: [3.71, 4.2], unit: 'MG' } },
      { category: 'edibles', packTexts: ['Chill Drops', '5mg ea | 20-Pack'] },
      { thc: mg(9.3, 10.3), cbd: mg(74.2, 84) },
    ],
    [
      'a pack total is kept',
      { thc: { values: [100], unit: 'MG' } },
      { category: 'edibles', packTexts: ['Blueberry Bites', '10mg ea | 10-Pack'] },
      { thc: mg(100) },
    ],
    [
      "a count's share of the stated whole",
      { thc: { values: [10], unit: 'mg' } },
      { category: 'edibles', packTexts: ['Gummies 10pk 100mg'] },
      { thc: mg(100) },
    ],
    [
      'per serving with a count',
      { thc: { values: [5], per: 'serving' } },
      { category: 'edibles', packTexts: ['Mints 20ct'] },
      { thc: mg(100) },
    ],
    [
      'per serving with nothing to count',
      { thc: { values: [5], per: 'serving' } },
      { category: 'edibles', packTexts: ['Mints'] },
      {},
    ],
    [
      'a single piece is its own package',
      { thc: { values: [100], unit: 'mg' } },
      { category: 'edibles', packTexts: ['Guap Gummy 1pc - 100mg'] },
      { thc: mg(100) },
    ],
    // No known form.
    ['no form: a stated unit is kept', { thc: { values: [24], unit: '%' } }, {}, { thc: pct(24) }],
    ['no form and no unit: nothing', { thc: { values: [24] } }, {}, {}],
    ['accessories carry none', { thc: { values: [24] } }, { category: 'accessories' }, {}],
    [
      'THC and CBD above the whole product',
      { thc: { values: [70], unit: '%' }, cbd: { values: [40], unit: '%' } },
      { category: 'concentrates' },
      {},
    ],
  ])('%s', (_case, stated, context, expected) => {
    const read = readPotencies(stated, context);
    expect(read).toEqual(expected);
    for (const potency of Object.values(read))
      expect(PotencySchema.safeParse(potency).success).toBe(true);
  });
});

describe('potencyInText', () => {
  it.each<[string, StatedPotencies]>([
    ['Blue Dream 3.5g THC 24.1%', { thc: { values: ['24.1'], unit: '%' } }],
    ['24.1% THC · Indica', { thc: { values: ['24.1'], unit: '%' } }],
    ['THC: 20-24%', { thc: { values: ['20', '24'], unit: '%' } }],
    [
      'Total THC 27.3% (THCa 30.1%)',
      { totalThc: { values: ['27.3'], unit: '%' }, thca: { values: ['30.1'], unit: '%' } },
    ],
    ['Wana Gummies 100mg THC', { thc: { values: ['100'], unit: 'mg' } }],
    ['100 mg of THC', { thc: { values: ['100'], unit: 'mg' } }],
    [
      'Lotion 100mg CBD/100mg THC',
      { cbd: { values: ['100'], unit: 'mg' }, thc: { values: ['100'], unit: 'mg' } },
    ],
    ['Mints 10mg THC each', { thc: { values: ['10'], unit: 'mg', per: 'serving' } }],
    [
      'CBD 1.2% · THC 0.3%',
      { cbd: { values: ['1.2'], unit: '%' }, thc: { values: ['0.3'], unit: '%' } },
    ],
    ['All THC products 20% off', {}],
    ['THC 20% off all carts', {}],
    ['25% off flower over 30% THC', {}],
    ['Any flower THC 28%+ is $30', {}],
    ['Carts with THC 85% and up', {}],
    ['20:1 CBD:THC 100mg', {}],
    ['Gummies 1:1 THC:CBD - 100mg', {}],
    ['Gron Pearls - 100mg', {}],
    ['Distillate 800mg/g THC', {}],
  ])('%s', (text, expected) => {
    expect(potencyInText(text)).toEqual(expected);
  });

  it('reads what readPotencies makes of a specials page line', () => {
    expect(
      readPotencies(potencyInText('Sour Diesel 1/8 · THC 24.1% · CBD 0.1%'), {
        category: 'flower',
        grams: 3.5,
      }),
    ).toEqual({ thc: pct(24.1), cbd: pct(0.1) });
    expect(
      readPotencies(potencyInText('Camino Gummies 20pk 5mg THC per piece'), {
        category: 'edibles',
        packTexts: ['Camino Gummies 20pk 5mg THC per piece'],
      }),
    ).toEqual({ thc: mg(100) });
  });
});

describe('dosePotencies', () => {
  it.each([
    ['Gron Lemonade Mega Pearls - 100mg', 100, 'edibles', { thc: mg(100) }],
    ['Sour Gummies Tropical Punch 10pk', 100, 'edibles', { thc: mg(100) }],
    ['CBD Relief Tincture', 1000, 'edibles', { cbd: mg(1000) }],
    ['Illicit Gummies Mango 10:1 CBD:THC - 100mg', 100, 'edibles', {}],
    ['Gron Tart Cherry Pearls CBN', 100, 'edibles', {}],
    ['Lotion 100mg CBD/100mg THC', 200, 'topicals', {}],
    ['Blue Dream', 3.5, 'flower', {}],
    ['Gummies', undefined, 'edibles', {}],
  ] as const)('%s (%s mg)', (name, dose, category, expected) => {
    expect(dosePotencies(name, dose, category)).toEqual(expected);
  });
});

describe('cbdDominant', () => {
  it.each([
    [{ thc: mg(5), cbd: mg(100) }, true],
    [{ thc: pct(24), cbd: pct(0.1) }, false],
    [{ thc: mg(100), cbd: mg(100) }, false],
    [{ thc: pct(0.4), cbd: mg(10) }, undefined],
    [{ cbd: mg(100) }, undefined],
  ])('%j', (potencies, expected) => {
    expect(cbdDominant(potencies)).toBe(expected);
  });
});
