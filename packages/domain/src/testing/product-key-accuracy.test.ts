import { describe, expect, it } from 'vitest';
import {
  PRODUCT_KEY_TARGETS,
  productKeyPairs,
  productKeyReport,
  scoreProductKey,
  type ProductKeyPair,
} from './product-key-accuracy';

const pair = (id: string, same: boolean, a: string, b: string): ProductKeyPair => ({
  id,
  same,
  kind: 'test',
  a: { title: a },
  b: { title: b },
  source: 'test',
});

describe('the labelled pairs', () => {
  const pairs = productKeyPairs();

  it('are at least 200, each with its source, with hard cases of both kinds', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(200);
    expect(pairs.every((each) => each.source.length > 0)).toBe(true);
    const kinds = new Set(pairs.map((each) => each.kind));
    for (const kind of [
      'same product, another size',
      'same name, another brand',
      'same brand, another strain or flavor',
      'flower and pre-roll of one strain',
      'brand repeated, brand prefix and suffix',
      "'1/8' and '3.5g'",
      'case and punctuation',
    ]) {
      expect(kinds).toContain(kind);
    }
  });

  it('hold productKey to its targets: precision >= 98%, recall >= 90%', () => {
    const score = scoreProductKey(pairs);
    const report = productKeyReport(score);
    expect(score.precision, report).toBeGreaterThanOrEqual(PRODUCT_KEY_TARGETS.precision);
    expect(score.recall, report).toBeGreaterThanOrEqual(PRODUCT_KEY_TARGETS.recall);
  });
});

describe('scoreProductKey', () => {
  const pairs = [
    pair('p001', true, 'a', 'a'),
    pair('p002', true, 'b', 'c'),
    pair('p003', false, 'd', 'd'),
    pair('p004', false, 'e', 'f'),
  ];

  it('counts a pair the same product when both keys are equal and not null', () => {
    const score = scoreProductKey(pairs, (deal) => deal.title);
    expect(score).toMatchObject({
      truePositives: 1,
      falseNegatives: 1,
      falsePositives: 1,
      trueNegatives: 1,
      precision: 0.5,
      recall: 0.5,
    });
    expect(score.misses.map((miss) => miss.pair.id)).toEqual(['p003', 'p002']);
  });

  it('never matches two deals without a key', () => {
    const score = scoreProductKey(pairs, () => null);
    expect(score).toMatchObject({ truePositives: 0, falsePositives: 0, recall: 0, precision: 1 });
  });

  it('reports a missed target as not met', () => {
    const report = productKeyReport(scoreProductKey(pairs, (deal) => deal.title));
    expect(report).toContain('| Precision | 50.0% (target >= 98.0%: NOT met) |');
    expect(report).toContain("- p003 (merged, test): 'd' -> d; 'd' -> d");
  });
});

describe('productKeyPairs', () => {
  it('names the field of a malformed pair', () => {
    const bad = { about: [], pairs: [{ ...pair('p001', true, 'a', 'b'), a: { title: '' } }] };
    expect(() => productKeyPairs(bad)).toThrow(/pairs\.0\.a\.title/);
  });

  it('refuses a pair id given twice', () => {
    const twice = {
      about: [],
      pairs: [pair('p001', true, 'a', 'b'), pair('p001', false, 'c', 'd')],
    };
    expect(() => productKeyPairs(twice)).toThrow('pair p001 twice');
  });
});
