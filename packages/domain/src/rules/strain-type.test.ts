import { describe, expect, it } from 'vitest';
import { dealStrainType, ratioLead, strainTypeInText, strainTypeOf } from './strain-type';

const pct = (value: number) => ({ min: value, max: value, unit: '%' as const });
const mg = (value: number) => ({ min: value, max: value, unit: 'mg' as const });

describe('strainTypeOf (a platform strain field)', () => {
  it.each([
    ['Indica', 'Indica'],
    ['indica', 'Indica'],
    ['INDICA', 'Indica'],
    ['I', 'Indica'],
    ['Sativa', 'Sativa'],
    ['s', 'Sativa'],
    ['Hybrid', 'Hybrid'],
    ['H', 'Hybrid'],
    ['INDICA_HYBRID', 'Hybrid'],
    ['SATIVA_HYBRID', 'Hybrid'],
    ['HYBRID_SATIVA', 'Hybrid'],
    ['Indica-dominant hybrid', 'Hybrid'],
    ['Sativa Dominant', 'Hybrid'],
    ['I/S', 'Hybrid'],
    ['High CBD', 'CBD'],
    ['cbd', 'CBD'],
    ['CBD Dominant', 'CBD'],
    ['N/A', undefined],
    ['NA', undefined],
    ['NOT_APPLICABLE', undefined],
    ['ONE_TO_ONE', undefined],
    ['1:1', undefined],
    ['THC', undefined],
    ['Gummies', undefined],
    ['', undefined],
    [null, undefined],
    [42, undefined],
    ['constructor', undefined],
  ])('%j -> %s', (value, expected) => {
    expect(strainTypeOf(value)).toBe(expected);
  });
});

describe('strainTypeInText (a title)', () => {
  it.each([
    ['22Red - Flower - Mr Jack (S) (3.5g)', 'Sativa'],
    ['Mohave Reserve 3.5g King Street Kush (I/H)', 'Hybrid'],
    ['WYLD Sour Cherry Indica Enhanced Gummies (Mellow)', 'Indica'],
    ['OGeez The Creams Sunny Sativa Assorted Gummies', 'Sativa'],
    ['WYLD Peach Hybrid Enhanced Gummies', 'Hybrid'],
    ['Blue Dream Indica-Dominant Hybrid', 'Hybrid'],
    ['Blue Dream Sativa Dominant', 'Hybrid'],
    ['Indica/Sativa Mix Pack', 'Hybrid'],
    ['High CBD Tincture', 'CBD'],
    ['Blue Dream 3.5g', undefined],
    ['Indicator Lights Vape', undefined],
    ['CBD:THC 1:1 Lotion', undefined],
  ])('%s -> %s', (title, expected) => {
    expect(strainTypeInText(title)).toBe(expected);
  });
});

describe('ratioLead', () => {
  it.each([
    ['Wana Classic Blood Orange 20:1 CBD:THC - 100mg', 'CBD'],
    ['Camino Sparkling Pear 2:6 THC:CBD Gummies', 'CBD'],
    ['Wana Optimals 5:1:1:1 CBD:THC:CBG:CBN - 20mg', 'CBD'],
    ['Verano Tangerine 1:1 THC:CBD Mints 20pk', 'even'],
    ['Camino Mango Serenity THC:CBD 1:1 Gummies', 'even'],
    ['Effin Sleep 2:1 THC:CBN Gummies', 'THC'],
    ['Illicit Gummies Mango 10:1 CBD:THC', 'CBD'],
    ['Gron Tart Cherry 10:1 CBN:THC', 'THC'],
    ['Illicit Gummies Wild Strawberry 5:1 CBG:THC', 'THC'],
    ['WYLD Peach 2:1 CBD + Hybrid Enhanced Gummies 100:50mg', 'CBD'],
    ['WYLD Pear 1:1 CBG + Hybrid Enhanced Gummies 100mg', 'THC'],
    ['Gummies 100mg', undefined],
  ])('%s -> %s', (title, expected) => {
    expect(ratioLead(title)).toBe(expected);
  });
});

describe('dealStrainType', () => {
  it.each([
    ['the platform field', { stated: ['Indica'], title: 'Blue Dream Sativa' }, 'Indica'],
    ['the first field that names one', { stated: ['N/A', 'sativa'] }, 'Sativa'],
    [
      "the title's words when no field names one",
      { stated: ['NOT_APPLICABLE'], title: 'Mr Jack (S)' },
      'Sativa',
    ],
    [
      'CBD by figures, over the genetics',
      { stated: ['HYBRID'], title: 'Relief Balm', potencies: { thc: mg(100), cbd: mg(300) } },
      'CBD',
    ],
    ['CBD by a ratio', { stated: ['HYBRID'], title: 'Wana 20:1 CBD:THC Gummies' }, 'CBD'],
    [
      "a platform's CBD loses to THC-led figures",
      { stated: ['cbd'], title: 'Gummies', potencies: { thc: mg(100), cbd: mg(2) } },
      undefined,
    ],
    [
      "a platform's CBD with a THC-led figure falls back to the title",
      { stated: ['cbd'], title: 'Indica Gummies', potencies: { thc: mg(100), cbd: mg(2) } },
      'Indica',
    ],
    ["a platform's CBD with no figures", { stated: ['High CBD'], title: 'ACDC' }, 'CBD'],
    [
      'a balanced product is not CBD',
      {
        stated: ['ONE_TO_ONE'],
        title: 'Pain Relief 1:1 CBD:THC Lotion',
        potencies: { thc: mg(100), cbd: mg(100) },
      },
      undefined,
    ],
    [
      'a balanced hybrid stays a Hybrid',
      { stated: ['HYBRID'], title: 'Camino 1:1 THC:CBD' },
      'Hybrid',
    ],
    [
      'a trace of CBD',
      { stated: ['Sativa'], potencies: { thc: pct(24), cbd: pct(0.1) } },
      'Sativa',
    ],
    [
      "a card's words after its title",
      { title: 'Vivid Tropicana Cherry', description: '7g · Hybrid · THC 26.8%' },
      'Hybrid',
    ],
    [
      'the title before the card',
      { title: 'Gelato (I)', description: 'Sativa Saturday' },
      'Indica',
    ],
    ['nothing', { title: 'Blue Dream' }, undefined],
  ])('%s', (_case, facts, expected) => {
    expect(dealStrainType(facts)).toBe(expected);
  });
});
