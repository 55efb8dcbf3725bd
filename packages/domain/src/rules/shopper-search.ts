import { filterDeals, type DealFilters } from './deal-list';
import type { DealView } from './deal-view';
import { searchNeedle, searchText } from './search';
import {
  foldText,
  kindOf,
  meaningOf,
  queryWords,
  textWords,
  typoAllowance,
  weightRange,
  type QueryWord,
} from './shopper-words';
import { sortDeals } from './sort';

/**
 * The shopper search: every word of the query must match a word of the deal, in any order; a word
 * matches as typed, as what it also means ('carts' a vape, 'eighth' 3.5 g: `shopper-words.ts`), as
 * the start of a word (typing 'blue dr'), or, when it is none of those of any deal, with a typo
 * (`typoAllowance`). A brand's or store's name is also its words run together and its initials
 * ('florafarms', 'cwe'), and two query words may be one word of the deals ('be leaf'). How well a
 * deal matches is its score, which orders 'Relevance' while a search is typed:
 * - where: a word of the title counts most, then the brand, then the store's name, then the rest
 *   (description, special, size, category, strain type); a size searched for ('half') and met by
 *   the deal's weight counts above a title's word;
 * - how: as typed or meant before the start of a word, before a typo;
 * each query word's best (where × 3 + how), summed over the query's words. Ties keep the
 * service's order, which puts the deeper checked discount first.
 *
 * Built once per list of deals (`buildShopperIndex`): every word of every deal with the deals it
 * is in, and the words sorted, along which prefixes are ranges and typos are looked for. A query
 * word's matches are kept for the next keystrokes, which mostly change only the last word.
 */

/** Where a word stands in a deal, the best first (see the module's comment). */
const TITLE = 3;
const BRAND = 2;
const STORE = 1;
const DETAILS = 0;

/** How a word matched. */
const AS_MEANT = 2;
const AS_PREFIX = 1;
const WITH_TYPO = 0;

/** Query words whose matches are kept; more and the oldest are let go. */
const KEPT_WORDS = 64;

export interface ShopperIndex {
  readonly views: readonly DealView[];
  /** Each word and the deals it is in: the deal's index × 4 + the best place it stands there. */
  readonly postings: ReadonlyMap<string, readonly number[]>;
  /** Every word of `postings`, sorted. */
  readonly words: readonly string[];
  /** The words of `postings` that mean a word ('cart': 'cartridges', 'vapes'; see `meaningOf`). */
  readonly meaning: ReadonlyMap<string, readonly string[]>;
  /** Per query word, each deal's best match (-1: none), kept while the visitor types. */
  readonly matches: Map<string, Int8Array>;
  /** Each view's place in `views`. */
  readonly docs: ReadonlyMap<DealView, number>;
  /**
   * The spec's search texts of `views`, each and joined, and where each starts in the joined one:
   * the spec's search is one scan of it, not one per deal. Written on the first search, with the
   * last needle and the deals it was found in: a longer needle is looked for in those alone.
   */
  floor?: {
    texts: string[];
    text: string;
    starts: Int32Array;
    last: { needle: string; docs: number[] } | null;
  };
}

/** The fields of a deal, by the place a word in them stands. */
function fields(view: DealView): Array<[number, string]> {
  const { deal } = view;
  const details = [
    deal.description,
    deal.specialName,
    deal.size,
    deal.strainType,
    view.category === 'other' ? '' : view.category,
  ];
  return [
    [TITLE, deal.title],
    [BRAND, deal.brand ?? ''],
    [STORE, deal.dispensary],
    [DETAILS, details.filter(Boolean).join(' · ')],
  ];
}

/**
 * What else a brand's or a store's name is typed as: each two words run together ('florafarms'
 * for Flora Farms, 'headchange') and the initials of each part of three words or more ('cwe' for
 * 'Good Day Farm - Central West End').
 */
function nameWords(name: string): string[] {
  const more: string[] = [];
  for (const part of foldText(name).split(/\s[-|–]\s|[(),]/)) {
    const words = part.match(/[a-z0-9]+/g) ?? [];
    for (let at = 1; at < words.length; at++) more.push(words[at - 1]! + words[at]!);
    if (words.length >= 3) more.push(words.map((word) => word[0]).join(''));
  }
  return more;
}

/** The index of `views` (see the module's comment); the views' order is the result's. */
export function buildShopperIndex(views: readonly DealView[]): ShopperIndex {
  const postings = new Map<string, number[]>();
  // Store and brand names repeat from deal to deal: each text is read once.
  const read = new Map<string, string[]>();
  views.forEach((view, doc) => {
    for (const [place, text] of fields(view)) {
      if (text === '') continue;
      let words = read.get(text);
      if (!words) {
        words =
          place === BRAND || place === STORE
            ? [...textWords(text), ...nameWords(text)]
            : textWords(text);
        read.set(text, words);
      }
      for (const word of words) {
        const entry = doc * 4 + place;
        const list = postings.get(word);
        if (!list) postings.set(word, [entry]);
        else {
          const last = list[list.length - 1]!;
          // One entry per deal, at the best place the word stands in it.
          if (last >> 2 !== doc) list.push(entry);
          else if ((last & 3) < place) list[list.length - 1] = entry;
        }
      }
    }
  });
  const meaning = new Map<string, string[]>();
  const file = (word: string, under: string | null) => {
    if (under === null) return;
    const words = meaning.get(under);
    if (words) words.push(word);
    else meaning.set(under, [word]);
  };
  for (const word of postings.keys()) {
    file(word, meaningOf(word));
    file(word, kindOf(word));
  }
  return {
    views,
    postings,
    words: [...postings.keys()].sort(),
    meaning,
    matches: new Map(),
    docs: new Map(views.map((view, doc) => [view, doc])),
  };
}

/**
 * Each deal the query matches with its score (see the module's comment), in the index's order;
 * null for a query with no words (a blank one matches everything, as the spec's search does).
 */
export function searchShopperIndex(
  index: ShopperIndex,
  query: string,
): Map<DealView, number> | null {
  const scores = scoresOf(index, query);
  if (!scores) return null;
  const found = new Map<DealView, number>();
  index.views.forEach((view, doc) => {
    if (scores[doc]! >= 0) found.set(view, scores[doc]!);
  });
  return found;
}

/** Each deal's score for `query` (-1: not matched), by its place in the index; null if blank. */
function scoresOf(index: ShopperIndex, query: string): Int16Array | null {
  const words = queryWords(query);
  if (words.length === 0) return null;
  const scores = scoresOfWords(index, words);
  // Two words a name runs together ('be leaf' for BeLeaf): also read as the one word of the deals.
  for (let at = 1; at < words.length; at++) {
    const joined = words[at - 1]!.typed + words[at]!.typed;
    if (!index.postings.has(joined)) continue;
    const read = [...words.slice(0, at - 1), ...queryWords(joined), ...words.slice(at + 1)];
    const alternative = scoresOfWords(index, read);
    for (let doc = 0; doc < scores.length; doc++) {
      if (alternative[doc]! > scores[doc]!) scores[doc] = alternative[doc]!;
    }
  }
  return scores;
}

/** Each deal's score for the query's `words` (-1: one of them matched nothing). */
function scoresOfWords(index: ShopperIndex, words: readonly QueryWord[]): Int16Array {
  const perWord = words.map((word) => wordMatches(index, word));
  const scores = new Int16Array(index.views.length);
  for (let doc = 0; doc < scores.length; doc++) {
    let score = 0;
    for (const matches of perWord) {
      const match = matches[doc]!;
      if (match < 0) {
        score = -1;
        break;
      }
      score += match;
    }
    scores[doc] = score;
  }
  return scores;
}

/** Scores 0 for the deals the spec's search finds `needle` in and the words did not match. */
function addFloor(index: ShopperIndex, scores: Int16Array, needle: string): void {
  if (!index.floor) {
    const texts = index.views.map((view) => view.searchText ?? searchText(view.deal));
    const starts = new Int32Array(texts.length);
    let at = 0;
    texts.forEach((text, doc) => {
      starts[doc] = at;
      at += text.length + 1;
    });
    // A character no needle holds (the needle is trimmed) parts two texts.
    index.floor = { texts, text: texts.join('\n'), starts, last: null };
  }
  const floor = index.floor;
  const docs: number[] = [];
  if (floor.last && needle.startsWith(floor.last.needle)) {
    // Wherever the longer needle is, the shorter one is too.
    for (const doc of floor.last.docs) if (floor.texts[doc]!.includes(needle)) docs.push(doc);
  } else {
    const { text, starts } = floor;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle]! <= at) low = middle;
        else high = middle - 1;
      }
      if (docs.at(-1) !== low) docs.push(low);
    }
  }
  floor.last = { needle, docs };
  for (const doc of docs) if (scores[doc]! < 0) scores[doc] = 0;
}

const INDEXES = new WeakMap<readonly DealView[], ShopperIndex>();

/** The index of `views`, built on first use and kept as long as the array lives. */
export function shopperIndexOf(views: readonly DealView[]): ShopperIndex {
  let index = INDEXES.get(views);
  if (!index) {
    index = buildShopperIndex(views);
    INDEXES.set(views, index);
  }
  return index;
}

/**
 * The deals of `views` the filters keep, the search read by the shopper search: a deal is kept
 * when the query's words match it or the spec's search finds the query in it (so everything the
 * spec's search finds is still found). In their order. `views` may be a part of `all` (a feed's
 * one dispensary of the day's deals), whose index is the one kept.
 */
export function shopperFilterDeals(
  views: readonly DealView[],
  filters: Omit<DealFilters, 'sort'>,
  locationKnown: boolean,
  all: readonly DealView[] = views,
): DealView[] {
  return kept(shopperIndexOf(all), views, filters, locationKnown).deals;
}

/** The deals of `views` kept (see `shopperFilterDeals`), and the scores by place in `index`. */
function kept(
  index: ShopperIndex,
  views: readonly DealView[],
  filters: Omit<DealFilters, 'sort'>,
  locationKnown: boolean,
): { deals: DealView[]; scores: Int16Array | null } {
  const scores = scoresOf(index, filters.search);
  const others = { ...filters, search: '' };
  if (!scores) return { deals: filterDeals(views, others, locationKnown), scores };
  addFloor(index, scores, searchNeedle(filters.search));
  const found =
    views === index.views
      ? views.filter((_, doc) => scores[doc]! >= 0)
      : views.filter((view) => scores[index.docs.get(view) ?? -1]! >= 0);
  return { deals: filterDeals(found, others, locationKnown), scores };
}

/**
 * The visitor's filters and sort applied with the shopper search (`shopperFilterDeals`).
 * 'Relevance' orders by score, best first, equal scores in the service's order (its relevance:
 * the deeper checked discount first, then the newest); a deal the spec's search alone found
 * scores 0. Every other sort is `sortDeals`'.
 */
export function shopperSearchDeals(
  views: readonly DealView[],
  filters: DealFilters,
  locationKnown: boolean,
): DealView[] {
  const index = shopperIndexOf(views);
  const { deals, scores } = kept(index, views, filters, locationKnown);
  if (filters.sort !== 'relevance' || !scores) return sortDeals(deals, filters.sort, filters.tax);
  // Scores are small whole numbers: one bucket per score, each in the service's order (a sort by
  // comparison of thousands of deals would cost a keystroke several times as much).
  const byScore: DealView[][] = [];
  for (const view of deals) (byScore[scores[index.docs.get(view)!]!] ??= []).push(view);
  return byScore.reverse().flat();
}

function wordMatches(index: ShopperIndex, word: QueryWord): Int8Array {
  const key = `${word.typed} ${word.means.join(' ')}`;
  const known = index.matches.get(key);
  if (known) return known;
  const { views, postings, words } = index;
  const best = new Int8Array(views.length).fill(-1);
  const mark = (token: string, how: number) => {
    for (const entry of postings.get(token) ?? []) {
      const score = (entry & 3) * 3 + how;
      if (score > best[entry >> 2]!) best[entry >> 2] = score;
    }
  };
  for (const form of [word.typed, ...word.means]) {
    mark(form, AS_MEANT);
    for (const meaning of index.meaning.get(form) ?? []) mark(meaning, AS_MEANT);
  }
  for (let at = firstAtOrAfter(words, word.typed); at < words.length; at++) {
    const candidate = words[at]!;
    if (!candidate.startsWith(word.typed)) break;
    if (candidate !== word.typed) mark(candidate, AS_PREFIX);
  }
  // Typos only for a word that is no word of the deals as typed, meant or begun: 'rosin' is not
  // also a misspelt 'resin', nor 'batter' 'butter'. Its singular's too ('gumies' for 'gummy').
  const allowance = typoAllowance(word.typed);
  if (allowance > 0 && !best.some((match) => match >= 0)) {
    const forms = new Set([word.typed, ...word.means.filter((form) => !/\d/.test(form))]);
    for (const candidate of words) {
      for (const form of forms) {
        if (editsBetween(form, candidate, allowance) <= allowance) {
          mark(candidate, WITH_TYPO);
          break;
        }
      }
    }
  }
  if (word.grams !== null) {
    const [low, high] = weightRange(word.grams);
    // A size searched for is the product's weight, whatever its title says ('half' a half ounce
    // before a 'Half Off' deal of 7 g).
    const weighed = TITLE * 3 + AS_MEANT + 1;
    views.forEach((view, doc) => {
      const grams = view.grams ?? view.deal.grams ?? Number.NaN;
      if (grams >= low && grams <= high && weighed > best[doc]!) best[doc] = weighed;
    });
  }
  if (index.matches.size >= KEPT_WORDS) index.matches.clear();
  index.matches.set(key, best);
  return best;
}

/** The first place in sorted `words` at or after `word`. */
function firstAtOrAfter(words: readonly string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (words[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Words longer than this are matched as typed or as a prefix only, never with a typo. */
const LONGEST_TYPO_WORD = 40;
const rows = [0, 1, 2].map(() => new Uint8Array(LONGEST_TYPO_WORD + 1));

/**
 * How many edits turn `a` into `b` (a letter added, dropped or changed, or two neighbours swapped:
 * the optimal string alignment distance), or `most + 1` as soon as it is more than `most`.
 */
export function editsBetween(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  if (a.length > LONGEST_TYPO_WORD || b.length > LONGEST_TYPO_WORD) return a === b ? 0 : most + 1;
  let [before, row, next] = rows as [Uint8Array, Uint8Array, Uint8Array];
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    next[0] = i;
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      next[j] = value;
      if (value < smallest) smallest = value;
    }
    if (smallest > most) return most + 1;
    [before, row, next] = [row, next, before];
  }
  return Math.min(row[b.length]!, most + 1);
}

/** Whether `word` is a word of the deals, as typed or as what it means ('cart' for 'carts'). */
function isDealWord(index: ShopperIndex, word: string): boolean {
  return queryWords(word).every((read) =>
    [read.typed, ...read.means].some((form) => index.postings.has(form) || index.meaning.has(form)),
  );
}

/**
 * What the visitor may have meant when nothing matched: each word of the query that is no word of
 * the deals (a typo, a word begun) replaced by the word of the deals closest to it (up to one edit more than a match
 * allows; the word in most deals among equals), 'blu dreem' as 'blue dream'. Null when no word
 * needs replacing or none has a close word.
 */
export function suggestQuery(index: ShopperIndex, query: string): string | null {
  const typed = foldText(query).match(/[a-z0-9]+(?:[./]\d+)?/g) ?? [];
  let changed = false;
  const suggested = typed.map((word) => {
    if (/\d/.test(word) || isDealWord(index, word)) return word;
    const allowance = typoAllowance(word) + 1;
    let best = word;
    let bestEdits = allowance + 1;
    let bestCount = 0;
    for (const candidate of index.words) {
      if (/\d/.test(candidate)) continue;
      const edits = editsBetween(word, candidate, Math.min(allowance, bestEdits));
      if (edits > allowance || edits > bestEdits) continue;
      const count = index.postings.get(candidate)!.length;
      if (edits < bestEdits || count > bestCount) {
        best = candidate;
        bestEdits = edits;
        bestCount = count;
      }
    }
    changed ||= best !== word;
    return best;
  });
  return changed ? suggested.join(' ') : null;
}
