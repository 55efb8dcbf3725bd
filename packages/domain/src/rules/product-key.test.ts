import { describe, expect, it } from 'vitest';
import { productKey, type ProductKeyInput } from './product-key';

const deal = (title: string, fields: Omit<ProductKeyInput, 'title'> = {}): ProductKeyInput => ({
  title,
  ...fields,
});

describe('productKey: the key a product has at any store', () => {
  it('is the form, the words that name the product, and the size', () => {
    expect(
      productKey(
        deal('Proper | Pineapple Express Smalls | Smalls', {
          brand: 'Proper',
          size: '7g',
          category: 'flower',
        }),
      ),
    ).toBe('flower|express pineapple proper small|7g');
    expect(
      productKey(deal('Illicit Gelato 41 Pre-Roll 5-Pack', { size: '0.5g ea | 5-Pack' })),
    ).toBe('preroll|41 gelato illicit|2.5gx5');
  });

  it.each<[string, ProductKeyInput, ProductKeyInput]>([
    [
      'brand repeated, brand prefix and suffix',
      deal('Proper | Pineapple Express Smalls | Smalls', { brand: 'Proper', size: '7g' }),
      deal('Pineapple Express Smalls 7g - Proper'),
    ],
    [
      "'1/8 oz' and 'Eighth', the brand after the name",
      deal('Proper Blue Dream', { brand: 'Proper', size: '1/8 oz' }),
      deal('Blue Dream Eighth | Proper'),
    ],
    ["a bare '1/8'", deal('Proper Blue Dream 1/8'), deal('Proper Blue Dream 3.5g')],
    ["'1/8th'", deal('Proper Blue Dream 1/8th'), deal('Proper Blue Dream 3.5 Grams')],
    [
      'a quarter ounce',
      deal('Odd Fellow Kurple Fantasy 1/4 oz'),
      deal('Odd Fellow|Kurple Fantasy|7g'),
    ],
    ['case and punctuation', deal('PROPER - BLUE DREAM - 3.5G'), deal('Proper Blue Dream (3.5g)')],
    [
      "'&' and 'and'",
      deal('Codes Cookies & Cream 3.5g'),
      deal('Codes | Cookies and Cream | 1/8 oz'),
    ],
    [
      'accents',
      deal('Grön Lemonade Mega Pearls', { size: '100mg' }),
      deal('Gron | Lemonade MEGA Pearls | 100 mg'),
    ],
    [
      'apostrophes',
      deal("Missouri's Own Peanut Butter Breath - 3.5g"),
      deal('Missouris Own | Peanut Butter Breath', { brand: 'Missouri’s Own', size: '1/8 oz' }),
    ],
    [
      'the brand only in the brand field',
      deal('Mendo Breath Wax 1g', { brand: 'Elevated', category: 'concentrates' }),
      deal('Elevated|MendoBreath|1g Wax', { category: 'concentrates' }),
    ],
    [
      "a brand's short name and its logo spellings",
      deal('Flora Farms Sour Diesel', { brand: 'Flora Farms', size: '1/8oz' }),
      deal('Sour Diesel 3.5g', { brand: 'Flora' }),
    ],
    [
      "a company suffix ('Cannabis Co.', 'Brand')",
      deal('Mohave Cannabis Co. Mohave Reserve 3.5g King Street Kush', {
        brand: 'Mohave Cannabis Co.',
      }),
      deal('Mohave Reserve King Street Kush 1/8 oz', { brand: 'Mohave' }),
    ],
    [
      'strain types',
      deal('Kushie Brand Strawberry Cough (Sativa) - Kushie+ Gold 1G Vape Cartridge', {
        brand: 'Kushie Brand',
      }),
      deal('Kushie+ Gold Strawberry Cough Cart 1g', { brand: 'Kushie' }),
    ],
    [
      'potency',
      deal('Black Runtz 22%', { size: '1g', category: 'flower' }),
      deal('Black Runtz 1g (19% THC)', { category: 'flower' }),
    ],
    [
      'packaging',
      deal('Grow Sciences Jar 3.7g Scented Marker'),
      deal('Grow Sciences Scented Marker 3.7g'),
    ],
    [
      "a special's wording",
      deal('25% off Proper Blue Dream flower eighth', {
        brand: 'Proper',
        size: '3.5g',
        category: 'flower',
      }),
      deal('$5 off Proper Blue Dream', { brand: 'Proper', size: '1/8 oz', category: 'flower' }),
    ],
    [
      'a pack as a size field or in the title',
      deal('Kind Tree Platinum Peaches', { size: '0.5g ea | 2-Pack', category: 'pre-rolls' }),
      deal('Kind Tree | Platinum Peaches | 2pk', { size: '1g', category: 'pre-rolls' }),
    ],
    [
      "an edible's pieces and its total dose",
      deal('Select Blueberry Bites', {
        brand: 'Select',
        size: '10mg ea | 10-Pack',
        category: 'edibles',
      }),
      deal('Select Blueberry Bites 100mg', { brand: 'Select', category: 'edibles' }),
    ],
    [
      "'Pre-Roll', 'Pre Roll', 'Preroll', 'PR'",
      deal('Rooster|Rainbow Sherbert|1g preroll', { category: 'pre-rolls' }),
      deal('Rooster Rainbow Sherbert Pre Roll (1g)'),
    ],
    [
      'a cartridge filed as a concentrate',
      deal('Elevated|Candy Land|1g Cart', { category: 'concentrates' }),
      deal('Elevated Candy Land Cartridge (1g)', { category: 'vapes' }),
    ],
    [
      "'AIO' and 'All-In-One'",
      deal('MC Enjoymint - AIO Distillate - Maui Wowie (S) (1.0g)', { brand: 'MC' }),
      deal('MC Enjoymint Maui Wowie All-In-One Distillate 1g', { brand: 'MC' }),
    ],
    [
      "'#6' and '6', 'badder' and 'batter'",
      deal('Ozone Butterstuff #6 Live Badder 1g'),
      deal('Ozone Butterstuff 6 Live Batter 1g'),
    ],
  ])('one product: %s', (_, a, b) => {
    expect(productKey(a)).not.toBeNull();
    expect(productKey(a)).toBe(productKey(b));
  });

  it.each<[string, ProductKeyInput, ProductKeyInput]>([
    ['1g and 0.5g', deal('Proper Blue Dream 1g'), deal('Proper Blue Dream 0.5g')],
    [
      'the same title in two sizes',
      deal('Proper Lemon Fire MAC', { size: '3.5g' }),
      deal('Proper Lemon Fire MAC', { size: '7g' }),
    ],
    ['100mg and 200mg', deal('Wana Mango Gummies 100mg'), deal('Wana Mango Gummies 200mg')],
    ['another brand', deal('Sinse Jealousy 3.5g'), deal('Clovr Jealousy 3.5g')],
    ['a brand and no brand', deal('Proper Blue Dream 3.5g'), deal('Blue Dream 3.5g')],
    [
      'another strain',
      deal('Illicit Gelonade', { size: '1/8oz' }),
      deal('Illicit Zour Apples', { size: '1/8oz' }),
    ],
    [
      'flower and a pre-roll',
      deal('Proper Blue Dream 1g', { category: 'flower' }),
      deal('Proper Blue Dream Pre-Roll 1g', { category: 'flower' }),
    ],
    [
      'flower and pre-rolls by category',
      deal('Rooster|Rainbow Sherbert|1g', { category: 'flower' }),
      deal('Rooster|Rainbow Sherbert|1g', { category: 'pre-rolls' }),
    ],
    [
      'smalls and whole flower',
      deal('Proper Pineapple Express Smalls 7g'),
      deal('Proper Pineapple Express 7g'),
    ],
    ['shake and flower', deal('Proper Blue Dream Shake 7g'), deal('Proper Blue Dream 7g')],
    [
      'popcorn and smalls',
      deal('Proper Blue Dream Popcorn 7g'),
      deal('Proper Blue Dream Smalls 7g'),
    ],
    [
      'a cartridge and a disposable',
      deal('Galactic Runtz Cartridge 0.5g'),
      deal('Galactic Runtz All-In-One Disposable 0.5g'),
    ],
    [
      'a cartridge and wax',
      deal('Elevated|MendoBreath|1g Cart', { category: 'concentrates' }),
      deal('Elevated|MendoBreath|1g Wax', { category: 'concentrates' }),
    ],
    [
      'live resin and live rosin',
      deal('Head Change Papaya Cake Live Rosin 1g'),
      deal('Head Change Papaya Cake Live Resin 1g'),
    ],
    [
      'a pre-roll and an infused pre-roll',
      deal('Codes Zoap Pre-Roll 1g'),
      deal('Codes Zoap Infused Pre-Roll 1g'),
    ],
    [
      'a five-pack and one pre-roll of the same weight',
      deal('Illicit Gelato 41 Pre-Roll 5-Pack', { size: '0.5g ea | 5-Pack' }),
      deal('Illicit Gelato 41 Pre-Roll 2.5g'),
    ],
    [
      'a 1:1 and THC alone',
      deal('Bits 1:1 Elderberry Wellness Gummies 100mg'),
      deal('Bits Elderberry Wellness Gummies 100mg'),
    ],
    [
      'a 10:1 and a 1:1',
      deal('Gron 10:1 Tart Cherry Pearls 100mg'),
      deal('Gron 1:1 Tart Cherry Pearls 100mg'),
    ],
    [
      'a chocolate bar and gummies',
      deal('Kizmet Huckleberry Chocolate Bar 100mg'),
      deal('Kizmet Huckleberry Gummies 100mg'),
    ],
  ])('two products: %s', (_, a, b) => {
    expect(productKey(a)).not.toBe(productKey(b));
  });

  it.each<[string, ProductKeyInput]>([
    ['a store-wide special', deal('20% off all vapes')],
    ['a weekday special', deal('Munchie Monday')],
    ['a weekday special on a category', deal('Wax Wednesday: 20% Off Concentrates')],
    ['a brand special', deal('25% Off Flora Farms')],
    ['a brand special on a kind of product', deal('BOGO Robhots Gummies')],
    ['a bundle of a brand', deal('Mix & Match: 4 Good Day Farm Eighths for $110')],
    [
      'a bundle with a brand field',
      deal('2 for $60 Carts', { brand: 'Proper', category: 'vapes' }),
    ],
    ['a name with neither brand nor size', deal('Blue Dream')],
    ['a brand alone', deal('Proper', { brand: 'Proper', size: '3.5g' })],
    ['punctuation', deal(' | - | ', { size: '1g' })],
    ['an empty title', deal('')],
  ])('no product: %s', (_, input) => {
    expect(productKey(input)).toBeNull();
  });

  it('reads hostile fields as text, and a long title only so far', () => {
    expect(
      productKey(deal('constructor __proto__ 1g', { brand: '__proto__', size: 'constructor' })),
    ).toBe('flower|constructor proto|1g');
    const long = `Proper Blue Dream 3.5g ${'Runtz '.repeat(2_000)}`;
    expect(productKey(deal(long))?.length).toBeLessThan(400);
  });

  it('gives the same key however often a size or brand is read', () => {
    const input = deal('Proper Blue Dream', {
      brand: 'Proper',
      size: '1/8 oz',
      category: 'flower',
    });
    const first = productKey(input);
    for (let round = 0; round < 3; round++) expect(productKey(input)).toBe(first);
    expect(productKey({ ...input, size: '7g' })).not.toBe(first);
  });
});
