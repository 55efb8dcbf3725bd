import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageItems } from './pagination';
import { paginationButtons, type PaginationItem } from './pagination-buttons';

/** '1 2 … 5 [6] 7 … 19 20': page numbers, the current one in brackets, '…' for an ellipsis. */
function render(items: PaginationItem[]): string {
  return items
    .map((item) =>
      item.kind === 'ellipsis' ? '…' : item.current ? `[${item.page}]` : String(item.page),
    )
    .join(' ');
}

describe('pageCount', () => {
  it.each([
    // [itemCount, pageSize, expected, why]
    [0, 12, 1, 'an empty list still has page 1'],
    [1, 12, 1, 'one item'],
    [12, 12, 1, 'exactly one full page'],
    [13, 12, 2, 'one item spills onto page 2'],
    [24, 12, 2, 'two full pages'],
    [25, 24, 2, 'page size 24'],
    [100, 48, 3, 'page size 48'],
    [1000, 12, 84, 'many items'],
    [-5, 12, 1, 'a negative count reads as 0'],
    [Number.NaN, 12, 1, 'NaN count reads as 0'],
    [Number.POSITIVE_INFINITY, 12, 1, 'an infinite count reads as 0'],
    [30, 0, 3, 'page size 0 falls back to the default 12'],
    [30, -12, 3, 'a negative page size falls back to the default 12'],
    [30, Number.NaN, 3, 'NaN page size falls back to the default 12'],
    [30, 10.9, 3, 'a fractional page size is rounded down (10)'],
    [30, 0.5, 3, 'a page size that rounds to 0 falls back to the default 12'],
  ])('pageCount(%s, %s) = %s (%s)', (itemCount, pageSize, expected) => {
    expect(pageCount(itemCount, pageSize)).toBe(expected);
  });
});

describe('clampPage', () => {
  it.each<[unknown, number, number, string]>([
    [1, 5, 1, 'first page stays'],
    [3, 5, 3, 'a page in range stays'],
    [5, 5, 5, 'last page stays'],
    [6, 5, 5, 'past the end gives the last page'],
    [99, 1, 1, 'a single page'],
    [0, 5, 1, 'zero gives 1'],
    [-3, 5, 1, 'negative gives 1'],
    [2.7, 5, 2, 'a fraction is rounded down'],
    [0.5, 5, 1, 'a fraction below 1 gives 1'],
    [Number.NaN, 5, 1, 'NaN gives 1'],
    [Number.POSITIVE_INFINITY, 5, 5, 'Infinity gives the last page'],
    [Number.NEGATIVE_INFINITY, 5, 1, '-Infinity gives 1'],
    ['3', 5, 3, 'a numeric string is read as its number'],
    [' 4 ', 5, 4, 'a numeric string with spaces'],
    ['abc', 5, 1, 'a non-numeric string gives 1'],
    ['', 5, 1, 'a blank string gives 1'],
    [null, 5, 1, 'null gives 1'],
    [undefined, 5, 1, 'undefined gives 1'],
    [{}, 5, 1, 'an object gives 1'],
    [3, 0, 1, 'a page count of 0 counts as 1 page'],
    [3, Number.NaN, 1, 'a NaN page count counts as 1 page'],
    [3, 4.9, 3, 'a fractional page count is rounded down'],
  ])('clampPage(%j, %s) = %s (%s)', (page, count, expected) => {
    expect(clampPage(page, count)).toBe(expected);
  });
});

describe('pageItems', () => {
  const items = Array.from({ length: 30 }, (_, index) => index + 1);

  it.each([
    // [page, pageSize, first, last, length, why]
    [1, 12, 1, 12, 12, 'the first page'],
    [2, 12, 13, 24, 12, 'a middle page'],
    [3, 12, 25, 30, 6, 'the last page is short'],
    [4, 12, 25, 30, 6, 'past the end shows the last page'],
    [0, 12, 1, 12, 12, 'page 0 shows the first page'],
    [Number.NaN, 12, 1, 12, 12, 'NaN shows the first page'],
    [1, 24, 1, 24, 24, 'page size 24'],
    [2, 24, 25, 30, 6, 'page size 24, last page'],
    [1, 48, 1, 30, 30, 'page size 48 holds everything'],
    [2, 0, 13, 24, 12, 'page size 0 falls back to the default 12'],
  ])('page %s of size %s: %s..%s (%s items; %s)', (page, size, first, last, length) => {
    const slice = pageItems(items, page, size);
    expect(slice).toHaveLength(length);
    expect(slice[0]).toBe(first);
    expect(slice.at(-1)).toBe(last);
  });

  it('gives an empty page for an empty list and leaves its input alone', () => {
    expect(pageItems([], 1, 12)).toEqual([]);
    const input = [1, 2, 3] as const;
    const slice = pageItems(input, 1, 2);
    expect(slice).toEqual([1, 2]);
    expect(input).toEqual([1, 2, 3]);
  });
});

describe('paginationButtons', () => {
  it.each([
    // [current, count, rendered items]
    [1, 1, '[1]'],
    [1, 2, '[1] 2'],
    [2, 2, '1 [2]'],
    [1, 3, '[1] 2 3'],
    [2, 3, '1 [2] 3'],
    [1, 4, '[1] 2 3 4'],
    [1, 5, '[1] 2 … 4 5'],
    [3, 5, '1 2 [3] 4 5'],
    [5, 5, '1 2 … 4 [5]'],
    [1, 6, '[1] 2 … 5 6'],
    [3, 6, '1 2 [3] 4 5 6'],
    [4, 6, '1 2 3 [4] 5 6'],
    [6, 6, '1 2 … 5 [6]'],
    [1, 7, '[1] 2 … 6 7'],
    [4, 7, '1 2 3 [4] 5 6 7'],
    [7, 7, '1 2 … 6 [7]'],
    [1, 20, '[1] 2 … 19 20'],
    [2, 20, '1 [2] 3 … 19 20'],
    [3, 20, '1 2 [3] 4 … 19 20'],
    [4, 20, '1 2 3 [4] 5 … 19 20'],
    [5, 20, '1 2 … 4 [5] 6 … 19 20'],
    [6, 20, '1 2 … 5 [6] 7 … 19 20'],
    [10, 20, '1 2 … 9 [10] 11 … 19 20'],
    [15, 20, '1 2 … 14 [15] 16 … 19 20'],
    [16, 20, '1 2 … 15 [16] 17 … 19 20'],
    [17, 20, '1 2 … 16 [17] 18 19 20'],
    [18, 20, '1 2 … 17 [18] 19 20'],
    [19, 20, '1 2 … 18 [19] 20'],
    [20, 20, '1 2 … 19 [20]'],
    [0, 20, '[1] 2 … 19 20'],
    [25, 20, '1 2 … 19 [20]'],
    [Number.NaN, 20, '[1] 2 … 19 20'],
    [2.5, 10, '1 [2] 3 … 9 10'],
    [1, 0, '[1]'],
  ])('page %s of %s renders %s', (current, count, expected) => {
    expect(render(paginationButtons(current, count).items)).toBe(expected);
  });

  it.each([
    // [current, count, visible, previousDisabled, nextDisabled]
    [1, 1, false, true, true],
    [1, 0, false, true, true],
    [1, 2, true, true, false],
    [2, 2, true, false, true],
    [1, 20, true, true, false],
    [10, 20, true, false, false],
    [20, 20, true, false, true],
    [30, 20, true, false, true],
    [-1, 20, true, true, false],
  ])(
    'page %s of %s: visible %s, previous disabled %s, next disabled %s',
    (current, count, visible, previousDisabled, nextDisabled) => {
      expect(paginationButtons(current, count)).toMatchObject({
        visible,
        previousDisabled,
        nextDisabled,
      });
    },
  );

  it.each([
    // [current, count, ellipsis keys in order]
    [10, 20, ['ellipsis-before', 'ellipsis-after']],
    [1, 20, ['ellipsis-after']],
    [20, 20, ['ellipsis-before']],
    [4, 7, []],
  ])('page %s of %s has ellipsis keys %j', (current, count, keys) => {
    const found = paginationButtons(current, count).items.flatMap((item) =>
      item.kind === 'ellipsis' ? [item.key] : [],
    );
    expect(found).toEqual(keys);
  });
});
