import { describe, expect, it } from 'vitest';
import type { DealView } from './deal-view';
import { alsoAt, alsoAtText, productStores } from './product-stores';

/** A deal view from 'title:product:store:price[:miles]' ('-' for no product key, 'NaN' for no price). */
function view(spec: string, rank: number): DealView {
  const [title = '', product = '-', store = '', price = 'NaN', miles = 'Infinity'] =
    spec.split(':');
  return {
    deal: {
      title,
      description: '',
      price: '',
      imageUrl: '',
      sourceUrl: `https://example.com/${title}`,
      dispensary: store.toUpperCase(),
      dispensaryKey: store,
      ...(product === '-' ? {} : { productKey: product }),
    },
    category: 'flower',
    distanceMiles: Number(miles),
    sortPrice: Number(price),
    rank,
  };
}

const views = (specs: string[]) => specs.map(view);

/** Each product's stores as 'product: title title', products in the order first met. */
function grouped(specs: string[]): string[] {
  return [...productStores(views(specs))].map(
    ([key, offers]) => `${key}: ${offers.map((offer) => offer.deal.title).join(' ')}`,
  );
}

describe('productStores', () => {
  it.each<[string, string[], string[]]>([
    ['no deals, no products', [], []],
    ['a deal without a product key is left out', ['a:-:s1:20'], []],
    ['one store', ['a:p:s1:20'], ['p: a']],
    ['cheapest store first', ['a:p:s1:30', 'b:p:s2:25', 'c:p:s3:27.5'], ['p: b c a']],
    [
      "a store's cheapest deal of the product stands for it",
      ['a:p:s1:30', 'b:p:s2:25', 'c:p:s1:22', 'd:p:s1:24'],
      ['p: c b'],
    ],
    ['a deal with no known price after every priced one', ['a:p:s1:NaN', 'b:p:s2:40'], ['p: b a']],
    [
      "a store's priced deal stands for it over an unpriced one",
      ['a:p:s1:NaN', 'b:p:s1:40', 'c:p:s2:45'],
      ['p: b c'],
    ],
    ['the same price: nearer first', ['a:p:s1:25:8', 'b:p:s2:25:2.5', 'c:p:s3:25'], ['p: b a c']],
    ['the same price and distance: the service order', ['a:p:s1:25', 'b:p:s2:25'], ['p: a b']],
    ['products apart', ['a:p:s1:25', 'b:q:s1:10', 'c:p:s2:20', 'd:q:s2:12'], ['p: c a', 'q: b d']],
  ])('%s', (_, specs, expected) => {
    expect(grouped(specs)).toEqual(expected);
  });

  it('leaves the views as they were', () => {
    const list = views(['a:p:s1:30', 'b:p:s2:25']);
    const before = list.map((item) => item.deal.title);
    productStores(list);
    expect(list.map((item) => item.deal.title)).toEqual(before);
  });
});

describe('alsoAt', () => {
  const LIST = [
    'a:p:s1:30',
    'b:p:s2:25',
    'c:p:s3:27.5',
    'd:p:s1:31',
    'e:q:s1:10',
    'f:-:s2:10',
    'g:r:s1:NaN',
    'h:r:s2:NaN',
    'i:t:s1:40',
    'j:t:s2:32.5',
  ];
  const list = views(LIST);
  const products = productStores(list);
  const byTitle = (title: string) => list.find((item) => item.deal.title === title)!;
  const textOf = (title: string) => {
    const also = alsoAt(products, byTitle(title));
    return also === null ? null : alsoAtText(also);
  };

  it.each<[string, string, string | null]>([
    ['other stores, their lowest price', 'a', 'Also at 2 stores from $25'],
    ["the cheapest store's card counts the others", 'b', 'Also at 2 stores from $27.50'],
    [
      "the card's own store is never counted, however many deals it has there",
      'd',
      'Also at 2 stores from $25',
    ],
    ['a product at its store alone', 'e', null],
    ['no product key', 'f', null],
    ['no price known at the other store', 'g', 'Also at 1 store'],
    ['one other store, with cents', 'i', 'Also at 1 store from $32.50'],
  ])('%s', (_, title, text) => {
    expect(textOf(title)).toBe(text);
  });

  it('names the product and the numbers', () => {
    expect(alsoAt(products, byTitle('a'))).toEqual({ productKey: 'p', stores: 2, from: 25 });
  });

  it('is null for a product the groups do not know (another list)', () => {
    expect(alsoAt(new Map(), byTitle('a'))).toBeNull();
  });
});
