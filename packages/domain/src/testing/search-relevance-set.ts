import { z } from 'zod';
import type { Deal } from '../contract/deal';
import type { Dispensary } from '../contract/dispensary';
import { DealCategorySchema } from '../contract/values';
import { weekdayAt } from '../rules/day-filter';
import { buildDealViews, splitDeals } from '../rules/deal-list';
import type { DealView } from '../rules/deal-view';
import labelled from './search-relevance-set.json';

/**
 * The labelled queries the shopper search is measured on (search-relevance-set.json): what
 * shoppers type on the demo's deals, each with the deals it must find, the deals it must not find
 * and, where a first page has more relevant deals than anyone could list by hand, the conditions
 * that make a deal relevant to it. Labels name deals by store and title, never by what the search
 * returns; the list they are of is the demo's for the set's seed and moment (`relevanceList`).
 */

/** What a query tests, for the report's figures per kind. */
export const QUERY_KINDS = [
  'strain',
  'typo',
  'product word',
  'word order',
  'brand',
  'size',
  'store',
  'prefix',
  'offer',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/**
 * One deal of the list: its store's key and its title as listed, and its size where the store
 * lists the title in more than one.
 */
const DealRefSchema = z.strictObject({
  store: z.string().min(1),
  title: z.string().min(1),
  size: z.string().min(1).optional(),
});
export type DealRef = z.infer<typeof DealRefSchema>;

const isPattern = (source: string) => {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
};

/**
 * What makes a deal relevant to a query beyond its must-find deals: every field given holds.
 * `text` is a regular expression on the deal's words (`dealWords`), `grams` the range its weight
 * falls in, `categories` and `stores` (dispensary keys) lists it is one of.
 */
const ConditionSchema = z
  .strictObject({
    text: z.string().min(1).refine(isPattern, 'a regular expression').optional(),
    categories: z.array(DealCategorySchema).min(1).optional(),
    grams: z.tuple([z.number().nonnegative(), z.number().positive()]).optional(),
    stores: z.array(z.string().min(1)).min(1).optional(),
  })
  .refine((condition) => Object.keys(condition).length > 0, 'a condition with a field');
export type RelevanceCondition = z.infer<typeof ConditionSchema>;

const QuerySchema = z
  .strictObject({
    id: z.string().regex(/^q\d{3}$/),
    query: z.string().trim().min(1),
    kind: z.enum(QUERY_KINDS),
    /** What the shopper means, in words: the labels follow it. */
    means: z.string().min(1),
    mustFind: z.array(DealRefSchema),
    mustNotFind: z.array(DealRefSchema),
    /** Deals relevant beyond `mustFind`: those that meet any of these (never a must-not-find). */
    relevant: z.array(ConditionSchema).min(1).optional(),
    note: z.string().min(1).optional(),
  })
  .refine(
    (query) => query.mustFind.length > 0 || query.relevant !== undefined,
    'a query with deals to find, or conditions saying none is relevant',
  );
export type LabelledQuery = z.infer<typeof QuerySchema>;

const SetSchema = z.strictObject({
  about: z.array(z.string()),
  /** The demo's seed and moment the labels are of: the end-to-end suite's. */
  seed: z.string().min(1),
  at: z.iso.datetime(),
  queries: z.array(QuerySchema).min(1),
});
export type RelevanceSet = z.infer<typeof SetSchema>;

/** The labelled set, validated: a malformed query is an error naming it. */
export function searchRelevanceSet(data: unknown = labelled): RelevanceSet {
  const parsed = SetSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `search-relevance-set.json: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
    );
  }
  const ids = new Set<string>();
  for (const query of parsed.data.queries) {
    if (ids.has(query.id)) throw new Error(`search-relevance-set.json: query ${query.id} twice`);
    ids.add(query.id);
  }
  return parsed.data;
}

/** The time zone the demo's day is read in, as the page and the end-to-end suite read it. */
const TIME_ZONE = 'America/Chicago';

/**
 * The list a shopper searches: the deals worth showing on the set's day (the cleaning rules and
 * the day filter), as views in the service's order, with no visitor location.
 */
export function relevanceList(
  deals: readonly Deal[],
  dispensaries: readonly Dispensary[],
  at: Date,
): DealView[] {
  const views = buildDealViews(deals, dispensaries, null);
  return splitDeals(views, weekdayAt(at, TIME_ZONE)).showable;
}

/** The deal `ref` names in `views`, or why none: no such deal, or more than one (give its size). */
export function findRef(
  ref: DealRef,
  views: readonly DealView[],
): DealView | 'no such deal' | 'several deals' {
  const found = views.filter(
    ({ deal }) =>
      deal.dispensaryKey === ref.store &&
      deal.title === ref.title &&
      (ref.size === undefined || deal.size === ref.size),
  );
  if (found.length === 0) return 'no such deal';
  return found.length > 1 ? 'several deals' : found[0]!;
}

/** A reference's text for a report: 'Title (size) @ store'. */
export function refText(ref: DealRef): string {
  return `${ref.title}${ref.size ? ` (${ref.size})` : ''} @ ${ref.store}`;
}

/**
 * A deal's words as the conditions read them: its title, brand, special, description, size and
 * strain type, lower-cased with accents dropped. Written apart from the search's own folding, so
 * that a label does not inherit the rule it measures.
 */
export function dealWords({ deal }: DealView): string {
  const parts = [
    deal.title,
    deal.brand,
    deal.specialName,
    deal.description,
    deal.size,
    deal.strainType,
  ];
  return parts
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(' · ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/**
 * What a deal weighs for a condition: its view's weight, else the first weight in grams its size
 * or description states ('Any BeLeaf 3.5g.', a specials page's '20% off 7g'), else NaN.
 */
function conditionGrams(view: DealView): number {
  const grams = view.grams ?? view.deal.grams;
  if (typeof grams === 'number' && Number.isFinite(grams)) return grams;
  const stated = /(\d+(?:\.\d+)?)\s*g\b/i.exec(`${view.deal.size ?? ''} ${view.deal.description}`);
  return stated ? Number(stated[1]) : Number.NaN;
}

const patterns = new Map<string, RegExp>();

/** Whether `view` meets every field of `condition`. */
export function meetsCondition(view: DealView, condition: RelevanceCondition): boolean {
  const { text, categories, grams, stores } = condition;
  if (categories && !categories.includes(view.category)) return false;
  if (stores && !stores.includes(view.deal.dispensaryKey)) return false;
  if (grams) {
    const weight = conditionGrams(view);
    if (!(weight >= grams[0] && weight <= grams[1])) return false;
  }
  if (text) {
    let pattern = patterns.get(text);
    if (!pattern) {
      pattern = new RegExp(text, 'u');
      patterns.set(text, pattern);
    }
    if (!pattern.test(dealWords(view))) return false;
  }
  return true;
}
