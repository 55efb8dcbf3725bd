import { describe, expect, it } from 'vitest';
import { countLine, type CountLineInput } from './count-line';

describe('countLine', () => {
  it.each<[CountLineInput, string, string]>([
    [{ shown: 12, total: 12 }, 'Found 12 deals', 'nothing filtered, no search'],
    [{ shown: 12, total: 12, search: '' }, 'Found 12 deals', 'empty search'],
    [{ shown: 1, total: 1 }, 'Found 1 deal', 'one deal is singular'],
    [{ shown: 0, total: 0 }, 'Found 0 deals', 'zero is plural'],
    [{ shown: 2, total: 2 }, 'Found 2 deals', 'two is plural'],
    [
      { shown: 3, total: 3, search: 'gummy' },
      'Found 3 deals matching "gummy"',
      'searching mentions the search',
    ],
    [
      { shown: 3, total: 50, search: 'gummy' },
      'Found 3 deals matching "gummy" (of 50 total)',
      'searching and filtered',
    ],
    [{ shown: 7, total: 50 }, 'Found 7 deals (of 50 total)', 'filtered, no search'],
    [{ shown: 1, total: 50 }, 'Found 1 deal (of 50 total)', 'one of many'],
    [{ shown: 0, total: 50 }, 'Found 0 deals (of 50 total)', 'everything filtered out'],
    [
      { shown: 1, total: 9, search: 'Blue Dream' },
      'Found 1 deal matching "Blue Dream" (of 9 total)',
      'singular while searching',
    ],
    [
      { shown: 4, total: 9, search: '  wax  ' },
      'Found 4 deals matching "wax" (of 9 total)',
      'the search is trimmed',
    ],
    [{ shown: 9, total: 9, search: '   ' }, 'Found 9 deals', 'a blank search is no search'],
    [
      { shown: 2, total: 9, search: 'say "hi"' },
      'Found 2 deals matching "say "hi"" (of 9 total)',
      'quotes in the search are shown as typed',
    ],
    [
      { shown: 1234, total: 1234567 },
      'Found 1,234 deals (of 1,234,567 total)',
      'thousands separators',
    ],
    [{ shown: 1000, total: 1000 }, 'Found 1,000 deals', 'a separator without a filter'],
    [{ shown: 10, total: 5 }, 'Found 10 deals', 'shown above total adds nothing'],
  ])('%j -> %s (%s)', (input, expected) => {
    expect(countLine(input)).toBe(expected);
  });
});
