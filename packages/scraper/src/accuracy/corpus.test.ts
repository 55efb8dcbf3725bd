import type { Deal } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { loadCorpus, missingShared, parseCase, type Label } from './corpus';
import { scoreCase } from './score';

/**
 * The labelled corpus as tests: every real payload parses to exactly its labelled deals, each
 * field as the label says (a field listed in the case's `knownMisses` is the one exception, and
 * must still be wrong, so the list cannot go stale). A regression in any adapter fails here.
 */
const cases = loadCorpus();

describe('the labelled corpus', () => {
  it('has cases of several platforms and states', () => {
    expect(new Set(cases.map((each) => each.platform)).size).toBeGreaterThanOrEqual(7);
    expect(new Set(cases.map((each) => each.state)).size).toBeGreaterThanOrEqual(5);
  });

  describe.each(cases.map((each) => [each.name, each] as const))('%s', (_name, corpusCase) => {
    const missing = missingShared(corpusCase);
    if (missing.length > 0) {
      console.warn(
        `Skipping corpus case ${corpusCase.name}: ${missing.join(', ')} not in ../shared/fixtures (the captures live beside the project, not in it).`,
      );
    }

    it.skipIf(missing.length > 0)('parses to exactly the labelled deals and values', () => {
      const score = scoreCase(corpusCase.labels, parseCase(corpusCase));
      expect(score.missed.map((label) => label.title)).toEqual([]);
      expect(score.extra.map((deal) => deal.title)).toEqual([]);
      const wrong = score.matched.flatMap(({ label, wrong: fields }) =>
        fields.map((field) => `${label.title}: ${field}`),
      );
      expect(wrong).toEqual(corpusCase.knownMisses);
    });
  });
});

const label = (fields: Partial<Label>): Label => ({
  title: 'Blue Dream',
  brand: null,
  category: 'flower',
  size: '3.5g',
  regularPrice: 40,
  salePrice: 30,
  discountPercent: 25,
  unitPrice: { amount: 8.57, per: 'g' },
  specialName: null,
  ...fields,
});

const deal = (fields: Partial<Deal>): Deal => ({
  title: 'Blue Dream',
  description: '',
  price: '$30 (was $40)',
  imageUrl: '',
  sourceUrl: '',
  category: 'flower',
  size: '1/8 oz',
  regularPrice: 40,
  salePrice: 30,
  discountPercent: 25,
  unitPrice: { amount: 8.6, per: 'g' },
  ...fields,
});

describe('scoreCase', () => {
  it('matches by title, by size where titles repeat, and reads sizes and unit prices as amounts', () => {
    const score = scoreCase(
      [label({ size: '7g', unitPrice: null }), label({})],
      [deal({}), deal({ size: '1/4 oz', unitPrice: undefined })],
    );
    expect(score.matched.map(({ deal: found, wrong }) => [found.size, wrong])).toEqual([
      ['1/4 oz', []],
      ['1/8 oz', []],
    ]);
  });

  it('counts prices to the cent and unit prices within 1%', () => {
    const [match] = scoreCase(
      [label({})],
      [deal({ salePrice: 30.01, unitPrice: { amount: 8.7, per: 'g' } })],
    ).matched;
    expect(match?.wrong).toEqual(['salePrice', 'unitPrice']);
  });

  it('reports the deals it missed and the deals no label names', () => {
    const score = scoreCase([label({ title: 'Gelato' })], [deal({})]);
    expect(score.missed.map((each) => each.title)).toEqual(['Gelato']);
    expect(score.extra.map((each) => each.title)).toEqual(['Blue Dream']);
  });
});
