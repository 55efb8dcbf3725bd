import {
  AMOUNT_IN_TEXT,
  isCounted,
  isPiece,
  measure,
  measureOf,
  namedWeightIn,
  pieceOf,
  RATIO_DOSES,
  type AmountParts,
  type Measure,
} from './size-grammar';

/**
 * What a product name says the product holds. A name often states several amounts: the pack's
 * total, one piece's serving, the doses of a ratio's cannabinoids. The size is the total; a
 * serving is a part of it ('1000mg CBD Only 60mg each' is 1000 mg, '100mg (10 x 10mg)' is 100
 * mg), and a ratio is no amount at all ('20:1 100mg' is 100 mg).
 */
export interface StatedSize {
  /** What the product holds in all, when the name states it or counts its pieces. */
  total?: Measure;
  /** The first piece's amount the name marks 'each' without counting it ('10mg each'). */
  piece?: Measure;
  /** Every piece's amount the name states: marked 'each', or counted ('10 x 10mg'). */
  servings: Measure[];
}

/** Characters of a name read: a longer one is a description, not a name. */
const MAX_NAME_CHARS = 400;

const DOSE_NUMBER = /\d+(?:\.\d+)?/g;
// A pack's count standing alone ('10pk', '20 Pack', '(10 piece)'): it multiplies a piece's
// amount marked 'each' when the name states no total.
const PACK_COUNT = /(?<![\w.])(\d{1,3})\s?-?\s?(?:pk|pack|ct|count|pcs?|pieces?)\b/i;

/** An amount and where the name states it: the first total stated is the size. */
interface Placed {
  index: number;
  measure: Measure;
}

const sum = (amounts: readonly number[]) => amounts.reduce((total, each) => total + each, 0);

/** Each written-out ratio's doses as one total ('2:1 100:50mg' holds 150 mg). */
function ratioTotals(text: string): Placed[] {
  return [...text.matchAll(RATIO_DOSES)].flatMap((match) => {
    const total = measure(sum((match[0].match(DOSE_NUMBER) ?? []).map(Number)), 'mg');
    return total ? [{ index: match.index, measure: total }] : [];
  });
}

/** The doses marked with their cannabinoids as one total, the first dose of each counted once. */
function markedTotal(doses: ReadonlyMap<string, Placed>): Placed | undefined {
  const marked = [...doses.values()];
  const total = measure(sum(marked.map((dose) => dose.measure.amount)), 'mg');
  return marked.length > 0 && total
    ? { index: Math.min(...marked.map((dose) => dose.index)), measure: total }
    : undefined;
}

/**
 * The amounts a name states, apart: its totals in order (a written-out ratio's doses summed, the
 * doses marked with their cannabinoids summed, every other total), its servings, its first piece.
 */
function amountsIn(text: string): { totals: Placed[]; servings: Measure[]; piece?: Measure } {
  const totals = ratioTotals(text);
  // A ratio's doses are read once, as its total: blanked out, keeping every other index.
  const rest = text.replace(RATIO_DOSES, (match) => ' '.repeat(match.length));
  const doses = new Map<string, Placed>();
  const servings: Measure[] = [];
  let piece: Measure | undefined;
  for (const match of rest.matchAll(AMOUNT_IN_TEXT)) {
    const parts = match.groups as unknown as AmountParts;
    const one = pieceOf(parts);
    const all = measureOf(parts);
    if (!one || !all) continue;
    if (isPiece(parts)) {
      servings.push(one);
      piece ??= one;
      continue;
    }
    if (isCounted(parts)) servings.push(one);
    const cannabinoid = parts.cannabinoid?.toLowerCase();
    if (cannabinoid && all.unit === 'mg') {
      if (!doses.has(cannabinoid)) doses.set(cannabinoid, { index: match.index, measure: all });
    } else {
      totals.push({ index: match.index, measure: all });
    }
  }
  const marked = markedTotal(doses);
  if (marked) totals.push(marked);
  return { totals: totals.sort((a, b) => a.index - b.index), servings, piece };
}

/** A pack's count times its piece's amount ('10pk 5mg each' is 50 mg). */
function countedPiece(text: string, piece: Measure | undefined): Measure | undefined {
  const count = Number(PACK_COUNT.exec(text)?.[1] ?? 0);
  return piece && count > 1 ? measure(piece.amount * count, piece.unit) : undefined;
}

/**
 * What a product name states it holds: the first total among several ('1000mg Tincture · 60mg
 * each' is 1000 mg, '5 x 0.5g' is 2.5 g), where a written-out ratio's doses and the doses marked
 * with their cannabinoids each make one total ('2:1 100:50mg' and '100mg CBD 50mg THC' are 150
 * mg); else a weight named in words; else a counted piece ('10pk 5mg each' is 50 mg). Fractions
 * read whole ('1/2 oz' is 14 g).
 */
export function statedSize(value: unknown): StatedSize {
  if (typeof value !== 'string') return { servings: [] };
  const text = value.slice(0, MAX_NAME_CHARS);
  const { totals, servings, piece } = amountsIn(text);
  const total = totals[0]?.measure ?? namedWeightIn(text) ?? countedPiece(text, piece);
  return { total, piece, servings };
}

/**
 * The size a product name states: its total, or one piece's amount ('10mg each') only when the
 * name states nothing else.
 */
export function sizeInText(value: unknown): Measure | undefined {
  const { total, piece } = statedSize(value);
  return total ?? piece;
}
