import { describe, expect, it } from 'vitest';
import { isCleanDeal, junkReason, type JunkReason } from './cleaning';

describe('junkReason', () => {
  it.each<[string, string, JunkReason | null]>([
    // text must be longer than 8 characters (title plus description)
    ['', '', 'too-short'],
    ['Sale', '', 'too-short'],
    ['12345678', '', 'too-short'],
    ['   Sale!  ', '  ', 'too-short'],
    ['123456789', '', null],
    ['Sale', 'today!', null],
    // junk markers, equal or contained, any case
    ['/* logo height */', '', 'junk-marker'],
    ['.header { /* Logo Height */ 40px }', '', 'junk-marker'],
    ['CSS Styles', '', 'junk-marker'],
    ['Custom css styles for the menu', '', 'junk-marker'],
    ['Cannabis 101Flower', '', 'junk-marker'],
    ['Find your location', 'near you', 'junk-marker'],
    ['Upcoming Cannabis Events', '', 'junk-marker'],
    ['Questions? Write to info@kindgoods.com', '', 'junk-marker'],
    ['Contact us', 'hello@store.example.org', 'junk-marker'],
    // a bare size-and-price string
    ['Blue Dream 3.5g $35', '', 'size-and-price'],
    ['Gelato 1 g - $12.50', '', 'size-and-price'],
    ['Gummies 100mg $18', '', 'size-and-price'],
    ['Tincture 30ml $40', '', 'size-and-price'],
    ['Shake 1oz $99', '', 'size-and-price'],
    ['Blue Dream 3.5g $35 - 20% off this week', '', null],
    ['Buy 2 eighths 3.5g for $35 each', '', null],
    // a product word and a number, under 25 characters, with no deal word
    ['Flower 3.5', '', 'bare-product'],
    ['Eighth 1 of 3 on shelf', '', 'bare-product'],
    ['Vape 1g Blue Dream', '', 'bare-product'],
    ['Pre-roll 5 pack', '', 'bare-product'],
    ['Flower 3.5 deal', '', null],
    ['Flower 3.5 special', '', null],
    ['Flower 3.5 $5 off', '', null],
    ['Flower 3.5 20% less', '', null],
    ['Flower 3.5g eighths all week long', '', null],
    ['Blue Dream flower 3.5', '', null],
    // real deals pass
    ['20% off all Proper Cannabis flower', '', null],
    ['BOGO Wyld gummies', 'Buy one get one free, Fridays only', null],
    ['2 for $50 Cloud Cover eighths', '', null],
  ])('%j / %j -> %s', (title, description, expected) => {
    expect(junkReason({ title, description })).toBe(expected);
    expect(isCleanDeal({ title, description })).toBe(expected === null);
  });

  // A text of megabytes, as a store written by hand or by another version may hold: the service
  // judges every text it serves, so each rule must take time in proportion to the text (a rule
  // that tried it again from every character would not end within the test's time).
  it.each<[string, string, JunkReason | null]>([
    ['letters without a number', 'a '.repeat(500_000), null],
    [
      'letters, then a size and a price',
      `${'blue dream '.repeat(100_000)}3.5g $35`,
      'size-and-price',
    ],
    ['an address-like run without a domain', `${'x'.repeat(1_000_000)}@nowhere`, null],
    [
      'an address at the end of a long run',
      `${'x'.repeat(1_000_000)}@store.example.org`,
      'junk-marker',
    ],
  ])('judges %s at a megabyte', (_, title, expected) => {
    expect(junkReason({ title, description: '' })).toBe(expected);
  });
});
