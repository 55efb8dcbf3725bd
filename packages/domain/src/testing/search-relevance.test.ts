import { describe, expect, it } from 'vitest';
import type { Deal } from '../contract/deal';
import { buildDealViews } from '../rules/deal-list';
import type { DealView } from '../rules/deal-view';
import {
  FIRST_PAGE,
  scoreSearchRelevance,
  searchRelevanceReport,
  shopperRanking,
  worstQueries,
  type RankedSearch,
} from './search-relevance';
import {
  findRef,
  meetsCondition,
  QUERY_KINDS,
  relevanceList,
  searchRelevanceSet,
  type LabelledQuery,
} from './search-relevance-set';

function deal(title: string, more: Partial<Deal> = {}): Deal {
  return {
    title,
    description: '',
    price: '$30',
    imageUrl: '',
    sourceUrl: 'https://shop.example/d',
    dispensary: 'Swade - The Grove',
    dispensaryKey: 'swade-the-grove',
    ...more,
  };
}

/** A hand-made list: two Blue Dreams, a near miss, a Wedding Cake and a store special. */
const VIEWS: DealView[] = buildDealViews(
  [
    deal('Sundro Blue Dream', { brand: 'Sundro', size: '1/8oz', grams: 3.5, category: 'flower' }),
    deal('Local Cannabis Co Blue Dream Smalls', { size: '7g', grams: 7, category: 'flower' }),
    deal('Local Cannabis Co Blue Dream Smalls', { size: '14g', grams: 14, category: 'flower' }),
    deal('Clovr Blue Frost Smalls', { description: '20% off 7g · Hybrid', category: 'flower' }),
    deal('BeLeaf Wedding Cake', {
      size: '1/8oz',
      grams: 3.5,
      category: 'flower',
      dispensary: 'Root 66 - Dogtown',
      dispensaryKey: 'root-66-dogtown',
    }),
    deal('$5 Off BeLeaf Eighths', { description: 'Any BeLeaf 3.5g.', category: 'flower' }),
  ],
  [],
  null,
);
const [sundro, smalls7, smalls14, frost, wedding, special] = VIEWS as [
  DealView,
  DealView,
  DealView,
  DealView,
  DealView,
  DealView,
];

const ref = (view: DealView) => ({
  store: view.deal.dispensaryKey,
  title: view.deal.title,
  ...(view === smalls7 || view === smalls14 ? { size: view.deal.size! } : {}),
});

function query(id: string, more: Partial<LabelledQuery>): LabelledQuery {
  return {
    id,
    query: id,
    kind: 'strain',
    means: 'test',
    mustFind: [],
    mustNotFind: [],
    ...more,
  };
}

/** A search that answers each query with the views given for it, in that order. */
const answering =
  (answers: Record<string, DealView[]>): RankedSearch =>
  (text) =>
    answers[text] ?? [];

describe('the labelled set', () => {
  const set = searchRelevanceSet();

  it('has at least 60 queries of every kind, each with deals it must not find', () => {
    expect(set.queries.length).toBeGreaterThanOrEqual(60);
    expect(new Set(set.queries.map((each) => each.kind))).toEqual(new Set(QUERY_KINDS));
    expect(set.queries.filter((each) => each.mustNotFind.length === 0)).toEqual([]);
    const typed = set.queries.map((each) => each.query);
    for (const text of [
      'blu dreem',
      'gelatoo',
      'carts',
      'vape',
      'pre roll',
      'joints',
      'gummies',
      'bogo',
      'dream blue',
      'eighth',
      '1/8',
      '3.5g',
      'quarter',
      'half',
      'ounce',
      '7g',
      'blue dr',
    ]) {
      expect(typed).toContain(text);
    }
  });

  it("is of the end-to-end suite's demo list", () => {
    expect(set).toMatchObject({ seed: 'stl-deals-e2e', at: '2026-11-27T17:00:00Z' });
  });

  it('names the field of a malformed query, and refuses an id given twice', () => {
    const bad = { ...set, queries: [query('q001', { relevant: [{ text: '(' }] })] };
    expect(() => searchRelevanceSet(bad)).toThrow(/queries\.0\.relevant\.0\.text/);
    const empty = { ...set, queries: [query('q001', {})] };
    expect(() => searchRelevanceSet(empty)).toThrow(/deals to find/);
    const twice = { ...set, queries: [query('q001', { relevant: [{ grams: [1, 2] }] })] };
    twice.queries.push(twice.queries[0]!);
    expect(() => searchRelevanceSet(twice)).toThrow('query q001 twice');
  });
});

describe('relevanceList', () => {
  it("keeps the deals worth showing on the moment's St. Louis weekday", () => {
    const friday = new Date('2026-11-27T17:00:00Z');
    const deals = [deal('Monday Madness: 20% off'), deal('Flower Friday: 2 for $80 Eighths')];
    expect(relevanceList(deals, [], friday).map((view) => view.deal.title)).toEqual([
      'Flower Friday: 2 for $80 Eighths',
    ]);
  });
});

describe('findRef', () => {
  it('finds a deal by store and title, with its size where the title is listed twice', () => {
    expect(findRef(ref(sundro), VIEWS)).toBe(sundro);
    expect(findRef(ref(smalls14), VIEWS)).toBe(smalls14);
    expect(findRef({ ...ref(smalls14), size: undefined }, VIEWS)).toBe('several deals');
    expect(findRef({ ...ref(sundro), store: 'elsewhere' }, VIEWS)).toBe('no such deal');
  });
});

describe('meetsCondition', () => {
  it('reads the words, the weight (else a weight the text states), category and store', () => {
    expect(meetsCondition(sundro, { text: '\\bblue dream\\b' })).toBe(true);
    expect(meetsCondition(frost, { text: '\\bblue dream\\b' })).toBe(false);
    expect(meetsCondition(special, { grams: [3.4, 3.6] })).toBe(true);
    expect(meetsCondition(frost, { grams: [6.8, 7.2], categories: ['flower'] })).toBe(true);
    expect(meetsCondition(frost, { grams: [6.8, 7.2], categories: ['vapes'] })).toBe(false);
    expect(meetsCondition(wedding, { stores: ['root-66-dogtown'] })).toBe(true);
  });
});

describe('scoreSearchRelevance', () => {
  const blueDream = query('q001', {
    query: 'blue dream',
    mustFind: [ref(sundro), ref(smalls7), ref(smalls14)],
    mustNotFind: [ref(frost)],
  });
  const eighth = query('q002', {
    query: 'eighth',
    kind: 'size',
    relevant: [{ grams: [3.4, 3.6] }],
    mustFind: [ref(sundro)],
    mustNotFind: [ref(smalls7)],
  });

  it('counts must-find deals found anywhere, and relevant deals on the first page', () => {
    const score = scoreSearchRelevance(
      [blueDream, eighth],
      VIEWS,
      answering({
        'blue dream': [sundro, frost, smalls7],
        // The special meets the conditions: relevant though no label names it.
        eighth: [smalls7, special, sundro, wedding],
      }),
    );
    const [first, second] = score.queries;
    expect(first).toMatchObject({ found: 2, mustFind: 3, recall: 2 / 3, relevant: 3 });
    // Three relevant deals in the list, three results: the first page is 3, two relevant.
    expect(first).toMatchObject({ firstPage: 3, firstPageRelevant: 2, precision: 2 / 3 });
    expect(first?.missed).toEqual([ref(smalls14)]);
    expect(first?.wrongFinds).toEqual([ref(frost)]);
    // Relevant: Sundro, the special and Wedding Cake (3.5 g); the 7 g must-not-find never is.
    expect(second).toMatchObject({ recall: 1, relevant: 3, firstPage: 3, firstPageRelevant: 2 });
    expect(score.overall).toMatchObject({
      queries: 2,
      mustFind: 4,
      found: 3,
      recall: 3 / 4,
      precision: (2 / 3 + 2 / 3) / 2,
      mustNotFind: 2,
      wrongFinds: 2,
    });
    expect(score.byKind.map(({ kind }) => kind)).toEqual(['strain', 'size']);
  });

  it(`reads at most ${FIRST_PAGE} results for the first page`, () => {
    const many = query('q003', { query: 'flower', relevant: [{ categories: ['flower'] }] });
    const list = Array.from({ length: 3 }, () => VIEWS).flat();
    const views = buildDealViews(
      list.map((view) => view.deal),
      [],
      null,
    );
    const score = scoreSearchRelevance([many], views, () => views);
    expect(score.queries[0]).toMatchObject({ relevant: 18, firstPage: FIRST_PAGE, precision: 1 });
  });

  it('scores a query nothing is relevant to 100% for no results, 0% for any', () => {
    const ounce = query('q004', {
      query: 'ounce',
      relevant: [{ grams: [27, 29] }],
      mustNotFind: [ref(smalls14)],
    });
    const none = scoreSearchRelevance([ounce], VIEWS, answering({}));
    expect(none.queries[0]).toMatchObject({ recall: null, precision: 1, firstPage: 0 });
    const some = scoreSearchRelevance([ounce], VIEWS, answering({ ounce: [smalls14] }));
    expect(some.queries[0]).toMatchObject({ precision: 0, wrongFinds: [ref(smalls14)] });
    // A query with no must-find deal leaves recall to the others.
    expect(some.overall.recall).toBe(1);
  });

  it('counts a label naming no single deal as missed, and lists it to be fixed', () => {
    const stale = query('q005', {
      mustFind: [{ ...ref(sundro), title: 'Sundro Blue Dreams' }],
      mustNotFind: [{ ...ref(smalls7), size: undefined }],
    });
    const score = scoreSearchRelevance([stale], VIEWS, () => [sundro]);
    expect(score.queries[0]).toMatchObject({ found: 0, recall: 0 });
    expect(score.labelProblems.map(({ problem }) => problem)).toEqual([
      'no such deal',
      'several deals',
    ]);
  });

  it('flags a must-not-find deal that meets the query’s own conditions', () => {
    const contradiction = query('q006', {
      relevant: [{ grams: [3.4, 3.6] }],
      mustNotFind: [ref(sundro)],
    });
    const score = scoreSearchRelevance([contradiction], VIEWS, answering({}));
    expect(score.labelProblems.map(({ problem }) => problem)).toEqual([
      'must not find, yet meets its conditions',
    ]);
  });
});

describe('worstQueries and the report', () => {
  const perfect = query('q001', {
    query: 'wedding cake',
    mustFind: [ref(wedding)],
    mustNotFind: [],
  });
  const poor = query('q002', {
    query: 'blu dreem',
    kind: 'typo',
    means: 'Blue Dream, misspelt',
    mustFind: [ref(sundro)],
    mustNotFind: [ref(frost)],
  });
  const score = scoreSearchRelevance(
    [perfect, poor],
    VIEWS,
    answering({ 'wedding cake': [wedding] }),
  );

  it('lists only the queries short of perfect, the worst first', () => {
    expect(worstQueries(score).map((each) => each.query.id)).toEqual(['q002']);
  });

  it('reports the figures against their floors and what each query missed', () => {
    const report = searchRelevanceReport(score, { seed: 'test', at: '2026-11-27T17:00:00Z' });
    expect(report).toContain('| Recall (must-find deals found: 1 of 2) | 50.0% (floor >= ');
    expect(report).toContain('NOT met');
    expect(report).toContain("| q002 'blu dreem' | typo | 0 | 0.0% (0/1) | 0.0% (no results) |");
    expect(report).toContain(
      "- q002 'blu dreem' (Blue Dream, misspelt): missed Sundro Blue Dream @ swade-the-grove. no results",
    );
  });
});

describe('shopperRanking', () => {
  it('runs the shopper search with every filter open, best match first', () => {
    const search = shopperRanking(VIEWS);
    expect(search('blue dream').map((view) => view.deal.title)).toEqual([
      'Sundro Blue Dream',
      'Local Cannabis Co Blue Dream Smalls',
      'Local Cannabis Co Blue Dream Smalls',
    ]);
  });
});
