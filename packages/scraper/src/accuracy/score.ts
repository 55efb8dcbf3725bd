import type { Deal } from '@stl-deals/domain';
import { readSize } from '../adapters/shared/size';
import type { Label } from './corpus';

/**
 * How close a parse comes to its labels: which labelled deals it found (a deal is matched by
 * its title, and by its size where one product has several), and which of their fields it got
 * exactly right. Pure, so the report and the tests read the same numbers.
 */

/** The fields compared, each by its own notion of 'exactly right'. */
export const FIELDS = [
  'brand',
  'category',
  'size',
  'regularPrice',
  'salePrice',
  'discountPercent',
  'unitPrice',
  'specialName',
] as const;
/** The potency fields, compared only on the labels that state them (see `Label.thc`). */
export const POTENCY_FIELDS = ['thc', 'cbd'] as const;
export type PotencyField = (typeof POTENCY_FIELDS)[number];
export type Field = (typeof FIELDS)[number] | PotencyField;

export interface Matched {
  label: Label;
  deal: Deal;
  /** The fields that differ from the label. */
  wrong: Field[];
}

export interface CaseScore {
  matched: Matched[];
  /** Labelled deals the parse did not find. */
  missed: Label[];
  /** Deals the parse found that no label names. */
  extra: Deal[];
}

const fold = (value: string | undefined | null) =>
  (value ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

const cents = (value: number | undefined | null) =>
  value === undefined || value === null ? null : Math.round(value * 100);

/** Sizes are the same amount ('1/8 oz' is '3.5g'); an unreadable one equals only itself. */
function sameSize(label: string | null, deal: string | undefined): boolean {
  if (label === null || deal === undefined) return label === null && deal === undefined;
  const [a, b] = [readSize(label), readSize(deal)];
  if (!a || !b) return fold(label) === fold(deal);
  return a.unit === b.unit && Math.abs(a.amount - b.amount) <= a.amount * 0.02;
}

/** Unit prices within 1%, per the same unit. */
function sameUnitPrice(label: Label['unitPrice'], deal: Deal['unitPrice']): boolean {
  if (!label || !deal) return !label && !deal;
  return label.per === deal.per && Math.abs(label.amount - deal.amount) <= label.amount * 0.01;
}

/** A potency to the hundredth, in the same unit; null in the label is none on the deal. */
function samePotency(label: Label['thc'], deal: Deal['thc']): boolean {
  if (!label || !deal) return !label && !deal;
  return (
    label.unit === deal.unit &&
    Math.abs(label.min - deal.min) < 0.006 &&
    Math.abs(label.max - deal.max) < 0.006
  );
}

const RIGHT: Record<Field, (label: Label, deal: Deal) => boolean> = {
  thc: (label, deal) => samePotency(label.thc, deal.thc),
  cbd: (label, deal) => samePotency(label.cbd, deal.cbd),
  brand: (label, deal) => fold(label.brand) === fold(deal.brand),
  category: (label, deal) => (label.category ?? undefined) === deal.category,
  size: (label, deal) => sameSize(label.size, deal.size),
  regularPrice: (label, deal) => cents(label.regularPrice) === cents(deal.regularPrice),
  salePrice: (label, deal) => cents(label.salePrice) === cents(deal.salePrice),
  discountPercent: (label, deal) => (label.discountPercent ?? undefined) === deal.discountPercent,
  unitPrice: (label, deal) => sameUnitPrice(label.unitPrice, deal.unitPrice),
  specialName: (label, deal) => fold(label.specialName) === fold(deal.specialName),
};

/** The fields a label states: every field of `FIELDS`, and the potency ones it labels. */
export function labelledFields(label: Label): Field[] {
  return [...FIELDS, ...POTENCY_FIELDS.filter((field) => label[field] !== undefined)];
}

export function wrongFields(label: Label, deal: Deal): Field[] {
  return labelledFields(label).filter((field) => !RIGHT[field](label, deal));
}

/** Labels matched to deals one to one: same title, and the same size where titles repeat. */
export function scoreCase(labels: readonly Label[], deals: readonly Deal[]): CaseScore {
  const left = [...deals];
  const matched: Matched[] = [];
  const missed: Label[] = [];
  for (const label of labels) {
    const sameTitle = left.filter((deal) => fold(deal.title) === fold(label.title));
    const deal = sameTitle.find((each) => sameSize(label.size, each.size)) ?? sameTitle[0];
    if (!deal) {
      missed.push(label);
      continue;
    }
    left.splice(left.indexOf(deal), 1);
    matched.push({ label, deal, wrong: wrongFields(label, deal) });
  }
  return { matched, missed, extra: left };
}

/** Counts to sum over cases: deals labelled, found, matched, and each field's right ones. */
export interface Tally {
  labelled: number;
  found: number;
  matched: number;
  right: Record<Field, number>;
  /** Matched deals whose label states each potency field (the others state every field). */
  potencyLabelled: Record<PotencyField, number>;
}

const zeros = <T extends string>(fields: readonly T[]) =>
  Object.fromEntries(fields.map((field) => [field, 0])) as Record<T, number>;

export function emptyTally(): Tally {
  return {
    labelled: 0,
    found: 0,
    matched: 0,
    right: zeros<Field>([...FIELDS, ...POTENCY_FIELDS]),
    potencyLabelled: zeros(POTENCY_FIELDS),
  };
}

export function addScore(tally: Tally, score: CaseScore): Tally {
  const right = { ...tally.right };
  const potencyLabelled = { ...tally.potencyLabelled };
  for (const { label, wrong } of score.matched) {
    for (const field of labelledFields(label)) if (!wrong.includes(field)) right[field]++;
    for (const field of POTENCY_FIELDS) if (label[field] !== undefined) potencyLabelled[field]++;
  }
  return {
    labelled: tally.labelled + score.matched.length + score.missed.length,
    found: tally.found + score.matched.length + score.extra.length,
    matched: tally.matched + score.matched.length,
    right,
    potencyLabelled,
  };
}

/** Precision and recall of deal detection; 1 when there was nothing to find and nothing found. */
export const precision = (tally: Tally) => (tally.found === 0 ? 1 : tally.matched / tally.found);
export const recall = (tally: Tally) => (tally.labelled === 0 ? 1 : tally.matched / tally.labelled);
/** The share of matched deals whose field is exactly right (of those labelling it, for potency). */
export function share(tally: Tally, field: Field): number {
  const labelled = isPotencyField(field) ? tally.potencyLabelled[field] : tally.matched;
  return labelled === 0 ? 1 : tally.right[field] / labelled;
}

const isPotencyField = (field: Field): field is PotencyField =>
  (POTENCY_FIELDS as readonly string[]).includes(field);
