import { describe, expect, it } from 'vitest';
import { deriveCategory } from './category';
import type { DealCategory } from '../contract/values';

const deal = (title: string, description = '', category?: DealCategory) => ({
  title,
  description,
  ...(category ? { category } : {}),
});

describe('deriveCategory', () => {
  it.each<[string, string, DealCategory]>([
    // one row per keyword of the spec's table
    ['Blue Dream flower 3.5g', '', 'flower'],
    ['Top shelf bud of the week', '', 'flower'],
    ['Every strain on the wall', '', 'flower'],
    // our additions: Missouri menus' flower words
    ['Banana Runtz Smalls 7g', '', 'flower'],
    ['Shake 28g', '', 'flower'],
    ['Popcorn nugs', '', 'flower'],
    ['$30 Vivid Eighths', '', 'flower'],
    ['20% off any edible', '', 'edibles'],
    ['Sour gummy 100mg', '', 'edibles'],
    ['Dark chocolate bar 100mg', '', 'edibles'],
    ['Cookie 10mg', '', 'edibles'],
    ['House concentrate sale', '', 'concentrates'],
    ['Sugar wax 1g', '', 'concentrates'],
    ['Shatter 1g $20', '', 'concentrates'],
    ['Live resin badder', '', 'concentrates'],
    ['Cold cure rosin', '', 'concentrates'],
    ['Disposable vape 0.5g', '', 'vapes'],
    ['510 cartridge 1g', '', 'vapes'],
    ['Any cart $25', '', 'vapes'],
    ['Battery pen with purchase', '', 'vapes'],
    ['Pre-roll 1g $5', '', 'pre-rolls'],
    ['Infused joint 1g', '', 'pre-rolls'],
    ['Hemp blunt special', '', 'pre-rolls'],
    ['Preroll 5-pack', '', 'pre-rolls'],
    ['CBD topical 500mg', '', 'topicals'],
    ['Muscle balm 250mg', '', 'topicals'],
    ['Body lotion 100mg', '', 'topicals'],
    ['Relief cream 2oz', '', 'topicals'],
    ['Any accessory 50% off', '', 'accessories'],
    ['Glass pipe clearance', '', 'accessories'],
    ['Metal grinder $10', '', 'accessories'],
    ['Rolling papers 2 for 1', '', 'accessories'],
    ['Happy hour at the store', '', 'other'],
    ['', '', 'other'],
  ])('%j / %j -> %s', (title, description, expected) => {
    expect(deriveCategory(deal(title, description))).toBe(expected);
  });

  it.each<[string, string, DealCategory]>([
    // keywords are read in the description too
    ['Weekend special', '30% off every gummy', 'edibles'],
    ['Deal of the day', 'Buy one get one on carts', 'vapes'],
  ])('reads the description: %j / %j -> %s', (title, description, expected) => {
    expect(deriveCategory(deal(title, description))).toBe(expected);
  });

  it.each<[string, DealCategory]>([
    // order when several match: pre-rolls, vapes, concentrates, edibles, topicals, accessories, flower
    ['Flower pre-roll 1g', 'pre-rolls'],
    ['Live resin cart', 'vapes'],
    ['Live resin joint', 'pre-rolls'],
    ['Rosin gummy 10mg', 'concentrates'],
    ['Chocolate cream balm', 'edibles'],
    ['Grinder and flower bundle', 'accessories'],
    ['Balm with pipe', 'topicals'],
    ['Vape pen and wax', 'vapes'],
  ])('most specific first: %j -> %s', (title, expected) => {
    expect(deriveCategory(deal(title))).toBe(expected);
  });

  it.each<[string, DealCategory]>([
    // whole words only, plurals allowed
    ['We are open late', 'other'],
    ['Cartoon night', 'other'],
    ['Budget picks', 'other'],
    ['Pipeline news', 'other'],
    ['Penny sale', 'other'],
    ['Carts 2 for $50', 'vapes'],
    ['Gummies 100mg', 'edibles'],
    ['Vape pens', 'vapes'],
    ['Prerolls 3 for $20', 'pre-rolls'],
    ['Pre-Rolls 3 for $20', 'pre-rolls'],
    ['PRE ROLL special', 'pre-rolls'],
    ['Accessories 20% off', 'accessories'],
    ['FLOWER FRIDAY', 'flower'],
  ])('whole-word matching: %j -> %s', (title, expected) => {
    expect(deriveCategory(deal(title))).toBe(expected);
  });

  it.each<[string, string, DealCategory]>([
    // strain names never make flower an edible or a topical
    ['Vivid Ice Cream Cake Smalls', '', 'flower'],
    ['Ice Cream Cake 3.5g', '', 'flower'],
    ['Girl Scout Cookies 3.5g', '', 'flower'],
    ['Girl Scout Cookies', 'Indoor, hand trimmed', 'flower'],
    ['GMO Cookies eighth', '', 'flower'],
    ['Wedding Cake 7g', '', 'flower'],
    ['Gelato 41 1/8 oz', '', 'flower'],
    ['Lemon Cherry Gelato', 'Hybrid, 28% THC', 'flower'],
    ['Cookies and Cream shake', '', 'flower'],
    // their other forms keep their own keywords
    ['Wedding Cake live resin cart', '', 'vapes'],
    ['Girl Scout Cookies pre-roll 1g', '', 'pre-rolls'],
    ['Ice Cream Cake gummies', '', 'edibles'],
    ['Gelato rosin 1g', '', 'concentrates'],
    // strong signals before the weak keywords: a flower weight, a dose in mg
    ['Half off smalls', 'any strain', 'flower'],
    ['Chocolate chip cookie 100mg', '', 'edibles'],
    ['Cookie dough bites 10 mg', '', 'edibles'],
    ['Cucumber cream 2oz', '', 'topicals'],
    ['Sugar cookie', '', 'edibles'],
  ])('strain names and strong signals: %j / %j -> %s', (title, description, expected) => {
    expect(deriveCategory(deal(title, description))).toBe(expected);
  });

  it.each<[string, DealCategory, DealCategory]>([
    ['Blue Dream 3.5g', 'flower', 'flower'],
    ['Live resin cart', 'concentrates', 'concentrates'],
    ['Happy hour', 'edibles', 'edibles'],
  ])('a sent category wins over keywords: %j sent %s -> %s', (title, sent, expected) => {
    expect(deriveCategory(deal(title, '', sent))).toBe(expected);
  });
});
