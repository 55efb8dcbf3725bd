import { describe, expect, it } from 'vitest';
import type { CategoryFilter } from '../contract/options';
import type { DealCategory } from '../contract/values';
import {
  cutText,
  dispensaryChipName,
  distanceChipText,
  hasDealBadge,
  secondaryDescription,
  showCategoryChip,
} from './card';

describe('hasDealBadge', () => {
  it.each([
    // [title, description, expected, why]
    ['20% off all flower', '', true, "'off' and '%' in the title"],
    ['Blue Dream 3.5g', 'Take $5 off today', true, "'off' in the description only"],
    ['Blue Dream 3.5g', 'Save 15% today', true, "'%' in the description only"],
    ['HALF OFF EDIBLES', '', true, "'OFF' in capitals"],
    ['Off the charts', '', true, "'Off' at the start"],
    ['Everything 10% off', '', true, "'off' at the end"],
    ['$5 off gummies', '', true, "'$5 off'"],
    ['30%OFF vapes', '', true, "'30%OFF' with no space"],
    ['$5OFF carts', '', true, "'off' right after a digit"],
    ['$10-off pre-rolls', '', true, "'off' after a hyphen"],
    ['Off-peak pricing', '', true, "'off' before a hyphen"],
    ['Flash sale (off)', '', true, "'off' in parentheses"],
    ['THC 25%', '', true, "'%' alone, no discount word"],
    ['100%', '', true, "'%' is the whole text"],
    ['Coffee infused gummies', 'Rich coffee flavour', false, "'coffee' contains 'off'"],
    ['Special offer on vapes', '', false, "'offer' contains 'off'"],
    ['Kickoff sale', '', false, "'kickoff' contains 'off'"],
    ['Offshore Kush', '', false, "'Offshore' starts with 'off'"],
    ['Blue Dream 3.5g', 'Top shelf indica', false, 'neither marker'],
    ['', '', false, 'both blank'],
    ['Café off menu', '', true, "'off' next to a non-ASCII word"],
    ['Smooth offé', '', false, "'off' followed by a non-ASCII letter"],
  ])('%j / %j -> %s (%s)', (title, description, expected) => {
    expect(hasDealBadge({ title, description })).toBe(expected);
  });
});

describe('cutText', () => {
  const sixty = 'a'.repeat(60);

  it.each<[string, number | undefined, string, string]>([
    // [text, max, expected, why]
    [sixty, undefined, sixty, 'exactly 60 characters stays'],
    [`${sixty}b`, undefined, `${sixty}...`, '61 characters: first 60 plus ...'],
    [`${sixty}bcdef`, undefined, `${sixty}...`, 'longer text: first 60 plus ...'],
    ['short', undefined, 'short', 'short text stays'],
    ['', undefined, '', 'empty text stays'],
    [
      `${'a'.repeat(59)}🌿🌿`,
      undefined,
      `${'a'.repeat(59)}🌿...`,
      'an emoji at the cut is kept whole',
    ],
    ['🌿'.repeat(60), undefined, '🌿'.repeat(60), '60 emoji are 60 characters, not 120'],
    ['🌿'.repeat(61), undefined, `${'🌿'.repeat(60)}...`, '61 emoji are cut to 60'],
    [`${'a'.repeat(59)} b`, undefined, `${'a'.repeat(59)} ...`, 'a space before the cut is kept'],
    ['abcdef', 3, 'abc...', 'a custom max'],
    ['abc', 3, 'abc', 'a custom max, exactly that long'],
    ['abcdef', 3.9, 'abc...', 'a fractional max is rounded down'],
    ['abc', 0, '...', 'max 0 keeps nothing'],
    ['abc', -2, '...', 'a negative max counts as 0'],
    ['abcdef', Number.NaN, 'abcdef', 'NaN leaves the text uncut'],
    ['abcdef', Number.POSITIVE_INFINITY, 'abcdef', 'Infinity never cuts'],
  ])('cutText(%j, %s) = %j (%s)', (text, max, expected) => {
    expect(cutText(text, max)).toBe(expected);
  });
});

describe('secondaryDescription', () => {
  const seventyNine = 'd'.repeat(79);

  it.each<[string, string, string | null, string]>([
    // [title, description, expected, why]
    ['Blue Dream 3.5g', 'Top shelf indica', 'Top shelf indica', 'differs and is short'],
    ['Blue Dream 3.5g', 'Blue Dream 3.5g', null, 'same as the title'],
    ['Blue Dream 3.5g', 'BLUE DREAM 3.5G', null, 'same as the title ignoring case'],
    ['Blue Dream 3.5g ', '  blue dream 3.5g', null, 'same as the title once trimmed'],
    ['Blue Dream 3.5g', '', null, 'empty'],
    ['Blue Dream 3.5g', '   \n\t', null, 'blank'],
    ['Blue Dream', seventyNine, seventyNine, '79 characters is shorter than 80'],
    ['Blue Dream', 'd'.repeat(80), null, '80 characters is not shorter than 80'],
    ['Blue Dream', 'd'.repeat(200), null, 'long'],
    ['Blue Dream', `  ${seventyNine}  `, seventyNine, 'the length is measured trimmed'],
    ['Blue Dream', '  Top shelf  ', 'Top shelf', 'returned trimmed'],
    ['Blue Dream', '🌿'.repeat(79), '🌿'.repeat(79), 'length counts code points'],
    ['', 'Only a description', 'Only a description', 'blank title, real description'],
  ])('%j / %j -> %j (%s)', (title, description, expected) => {
    expect(secondaryDescription({ title, description })).toBe(expected);
  });
});

describe('showCategoryChip', () => {
  it.each<[CategoryFilter, DealCategory, boolean]>([
    ['all', 'flower', true],
    ['all', 'pre-rolls', true],
    ['all', 'accessories', true],
    ['all', 'other', false],
    ['flower', 'flower', false],
    ['edibles', 'flower', false],
    ['other', 'other', false],
  ])('filter %s, category %s -> %s', (filter, category, expected) => {
    expect(showCategoryChip(filter, category)).toBe(expected);
  });
});

describe('dispensaryChipName', () => {
  it.each([
    // [name, expected, why]
    ['Swade (Ellisville)', 'Swade', 'parenthesised text removed'],
    ['Good Day Farm - St. Peters', 'Good Day Farm', "' - St. Peters' removed"],
    ['Greenlight - St. Louis', 'Greenlight', "' - St. Louis' removed"],
    ['Proper Cannabis', 'Proper', "' Cannabis' removed"],
    ['Proper', 'Proper', 'nothing to strip'],
    ['🌿 Greenlight Cannabis', '🌿 Greenlight', 'a leading store emoji is kept'],
    ['🏪 Swade (Ellisville)', '🏪 Swade', 'emoji kept, parentheses removed'],
    ['Greenlight Cannabis - St. Louis', 'Greenlight', 'both suffixes'],
    ['Greenlight (North) Cannabis', 'Greenlight', 'parentheses, then the suffix at the end'],
    ['Swade (Ellisville) - St. Louis', 'Swade', 'parentheses before a suffix'],
    ['Key (Manchester) (Rd)', 'Key', 'two parenthesised parts'],
    ['Key (South (Rd))', 'Key', 'nested parentheses'],
    ['Key(South)City', 'Key City', 'parentheses inside a word leave one space'],
    ['Key  Cannabis  Co', 'Key Cannabis Co', "' Cannabis' not at the end stays; spaces collapse"],
    ['  Proper   Cannabis  ', 'Proper', 'outer spaces trimmed'],
    ['Cannabis', 'Cannabis', "'Cannabis' alone has no leading space to strip"],
    ['Proper CANNABIS', 'Proper', 'suffix matched ignoring case'],
    ['Star – St. Louis', 'Star', 'an en dash'],
    ['Star - St Peters', 'Star', 'no dot after St'],
    ['St. Louis Cannabis', 'St. Louis', "'St. Louis' with no dash is not the suffix"],
    ['Key (Manchester', 'Key (Manchester', 'an unclosed parenthesis is left'],
    ['(Closed)', '(Closed)', 'nothing left: the original name is kept'],
    ['', '', 'empty'],
  ])('%j -> %j (%s)', (name, expected) => {
    expect(dispensaryChipName(name)).toBe(expected);
  });
});

describe('distanceChipText', () => {
  it.each<[number, string | null, string]>([
    // [miles, expected, why]
    [3.2, '3.2 mi', 'one decimal'],
    [3.21, '3.2 mi', 'rounded down to one decimal'],
    [3.25, '3.3 mi', 'a half rounds up'],
    [3.96, '4.0 mi', 'rounds up into the next whole mile'],
    [5, '5.0 mi', 'a whole number keeps one decimal'],
    [0, '0.0 mi', 'zero'],
    [-0, '0.0 mi', 'negative zero reads as zero'],
    [0.04, '0.0 mi', 'very near'],
    [1234.5, '1,234.5 mi', 'thousands separated'],
    [Number.POSITIVE_INFINITY, null, 'unknown location'],
    [Number.NaN, null, 'NaN'],
    [Number.NEGATIVE_INFINITY, null, '-Infinity'],
    [-1, null, 'a negative distance'],
  ])('%s -> %j (%s)', (miles, expected) => {
    expect(distanceChipText(miles)).toBe(expected);
  });

  it.each<[number, string | null, string]>([
    [2.34, '~2.3 mi', 'a ZIP centroid: approximate, marked with a tilde'],
    [0, '~0.0 mi', 'approximate zero'],
    [Number.POSITIVE_INFINITY, null, 'unknown stays hidden, approximate or not'],
  ])('marks the distance to approximate coordinates: %s -> %s (%s)', (miles, expected) => {
    expect(distanceChipText(miles, true)).toBe(expected);
  });
});
