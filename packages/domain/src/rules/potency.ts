import { MAX_POTENCY_MG, type DealCategory, type PotencyUnit } from '../contract/constants';
import type { Potency } from '../contract/deal';
import { statedSize } from './name-size';

/**
 * Reading a product's potency (THC and CBD) from what a platform or a deal's text states, and
 * the checks that keep a misread figure off the card. Each menu platform writes potency its own
 * way (Dutchie's `THCContent{unit, range}`, Jane's `percent_thc`, Sweed's `labTests`, a specials
 * page's 'THC 24.1%'); the adapters hand the numbers and unit words over as stated, and these
 * rules decide what they mean:
 *
 * - **The unit follows the product's form.** Flower, pre-rolls, vapes and concentrates are
 *   compared by percent of their weight; edibles, tinctures and topicals by milligrams in the
 *   whole package. A percent stated for an edible is a share of the gummy's weight, not its dose,
 *   and is no figure; mg/g is a tenth of a percent; mg stated for flower is a percent only when
 *   its weight is known.
 * - **Per serving is not per package.** An edible's figure no larger than one piece's dose, on a
 *   pack of several pieces ('5mg ea | 20-Pack', '10pk'), is one piece's: it is multiplied by the
 *   count. A figure the platform marks per serving without a count to multiply is no figure.
 * - **THC is total THC.** A stated total wins; else THC and THCa together (THCa counts for 0.877
 *   of its weight, as on Missouri labels), unless the THC figure is already at least that much,
 *   when it is the total itself; THCa alone counts as its 0.877.
 * - **Placeholders are no figures:** 0 (a range's 0 low end is left out), 999-style fillers, a
 *   figure above what the form can hold (flower over 50%), a package under 1 mg or under a
 *   fiftieth of the dose its name or size sells it as (1.05 on a '- 100mg' gummy is a percent
 *   stated without its unit).
 * - **A percent given as a fraction** (0.25 for 25%) is read as the percent when every
 *   cannabinoid of a percent-form product reads at most 1 and the hundredfold figures still fit
 *   the form (a 0.4% THC, 0.5% CBD hemp flower stays as stated).
 * - **A range stays a range** (`min` to `max`; one figure is `min` = `max`), rounded to 0.01.
 */

/** The unit a category's potency is compared in; undefined for a form that has none. */
export function potencyForm(category: DealCategory | undefined): PotencyUnit | undefined {
  switch (category) {
    case 'flower':
    case 'pre-rolls':
    case 'vapes':
    case 'concentrates':
      return '%';
    case 'edibles':
    case 'topicals':
      return 'mg';
    default:
      return undefined;
  }
}

/**
 * The most percent of one form a figure may read: flower and pre-rolls (infused ones reach 45%)
 * are never above 50 and 60, extracts may reach 100.
 */
const MAX_PERCENT: Partial<Record<DealCategory, number>> = {
  flower: 50,
  'pre-rolls': 60,
};

/** What Missouri labels count of THCa (and CBDa) as THC (CBD) once decarboxylated. */
export const ACID_FACTOR = 0.877;

/** The fewest milligrams a package is read to hold: less is a percent or a serving misfiled. */
const MIN_PACKAGE_MG = 1;

/** The least share of the dose an edible is sold as that a figure of one cannabinoid may be. */
const MIN_SHARE_OF_DOSE = 0.02;

/** One figure as a platform or a text states it, before these rules read it. */
export interface StatedFigure {
  /** The number, or the two ends of a range: numbers or numeric strings ('16.9'), as sent. */
  values: readonly unknown[];
  /** The unit as the platform words it ('%', 'PERCENTAGE', 'MILLIGRAMS', 'MG', 'mg/g'). */
  unit?: unknown;
  /** 'serving' where the platform or the text says the figure is one piece's. */
  per?: 'serving';
}

/** A product's stated figures, by what the platform calls them. */
export interface StatedPotencies {
  /** 'THC': a total, or delta-9 THC beside a THCa figure. */
  thc?: StatedFigure;
  /** A figure the platform calls total THC. */
  totalThc?: StatedFigure;
  thca?: StatedFigure;
  cbd?: StatedFigure;
  cbda?: StatedFigure;
}

/** What the rules need to know of the product besides its figures. */
export interface PotencyContext {
  category?: DealCategory;
  /** What the product weighs in grams, where it is sold by weight. */
  grams?: number;
  /** The product's own words that say how it is packed: its name, its size ('10mg ea | 10-Pack'). */
  packTexts?: ReadonlyArray<string | undefined>;
}

/** A product's THC and CBD as a deal carries them; each absent when nothing states it. */
export interface Potencies {
  thc?: Potency;
  cbd?: Potency;
}

type Range = readonly [min: number, max: number];
type StatedUnit = '%' | 'mg' | 'mg/g' | 'unknown';

/** A platform's filler for 'not tested': 999, 9999, 99.99 are no lab's figure. */
const PLACEHOLDER = /^9{3,}(?:\.9*)?$|^99\.9{2,}$/;
const NUMBER_TEXT = /^\s*\d{1,6}(?:\.\d{1,6})?\s*%?\s*$/;

function figureNumber(value: unknown): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && NUMBER_TEXT.test(value)
        ? Number.parseFloat(value)
        : Number.NaN;
  if (!Number.isFinite(number) || number <= 0 || PLACEHOLDER.test(String(number))) return undefined;
  return number;
}

/** The figure's numbers as a range: a 0 or a filler among them is left out. */
function rangeOf(figure: StatedFigure | undefined): Range | undefined {
  if (!figure || !Array.isArray(figure.values)) return undefined;
  const numbers = figure.values
    .slice(0, 10)
    .map(figureNumber)
    .filter((value): value is number => value !== undefined);
  return numbers.length === 0 ? undefined : [Math.min(...numbers), Math.max(...numbers)];
}

/** A unit word as one of the units the rules know; undefined when none was given. */
function unitOf(raw: unknown): StatedUnit | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') return 'unknown';
  const word = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (/^(?:%|percent(?:age)?|pct)$/.test(word)) return '%';
  if (/^(?:mg|milligrams?)$/.test(word)) return 'mg';
  if (/^(?:mg ?\/ ?g|milligrams? per gram|mg per g(?:ram)?)$/.test(word)) return 'mg/g';
  return 'unknown';
}

const scaled = (range: Range, factor: number): Range => [range[0] * factor, range[1] * factor];

/** One figure's range in the form's unit, or undefined when it cannot be one. */
function inForm(
  range: Range,
  unit: StatedUnit | undefined,
  form: PotencyUnit,
  grams: number | undefined,
): Range | undefined {
  if (form === '%') {
    if (unit === undefined || unit === '%') return range;
    if (unit === 'mg/g') return scaled(range, 0.1);
    // mg in a product of known weight: 875 mg in 3.5 g is 25%.
    if (unit === 'mg' && grams !== undefined && grams > 0) return scaled(range, 1 / (grams * 10));
    return undefined;
  }
  return unit === undefined || unit === 'mg' ? range : undefined;
}

/** How a product is packed, as its name and size say: its pieces, one's dose, the whole dose. */
interface Pack {
  pieces?: number;
  pieceMg?: number;
  packageMg?: number;
}

const PACK_COUNT = /(?<![\w.])(\d{1,3})\s?-?\s?(?:pk|pack|ct|count|pcs?|pieces?)\b/i;

function packOf(texts: ReadonlyArray<string | undefined>): Pack {
  const pack: Pack = {};
  for (const text of texts) {
    if (!text) continue;
    const stated = statedSize(text);
    const piece = stated.piece ?? stated.servings[0];
    if (stated.total?.unit === 'mg') pack.packageMg ??= stated.total.amount;
    if (piece?.unit === 'mg') pack.pieceMg ??= piece.amount;
    const count = Number(PACK_COUNT.exec(text.slice(0, 400))?.[1] ?? 0);
    if (count > 1) pack.pieces ??= count;
  }
  if (
    pack.pieces === undefined &&
    pack.packageMg &&
    pack.pieceMg &&
    pack.packageMg > pack.pieceMg
  ) {
    pack.pieces = Math.round(pack.packageMg / pack.pieceMg);
  }
  return pack;
}

const near = (value: number, target: number) => Math.abs(value - target) <= target * 0.15;

/**
 * An edible's figure as the package's: multiplied by the pieces when it is one piece's (stated
 * so, no larger than one piece's dose, or a count's share of the stated whole); undefined when
 * it is one piece's and nothing counts the pieces.
 */
function perPackage(range: Range, figure: StatedFigure, pack: Pack): Range | undefined {
  const { pieces, pieceMg, packageMg } = pack;
  if (pieces !== undefined && pieces > 1) {
    const whole = scaled(range, pieces);
    if (figure.per === 'serving') return whole;
    const withinPiece = pieceMg !== undefined && range[1] <= pieceMg * 1.05;
    const shareOfWhole =
      packageMg !== undefined && range[1] < packageMg && near(whole[1], packageMg);
    if (
      (withinPiece && (packageMg === undefined || whole[1] <= packageMg * 1.15)) ||
      shareOfWhole
    ) {
      return whole;
    }
  }
  return figure.per === 'serving' ? undefined : range;
}

/** Total THC (or CBD) from the figure and its acid: see the rules above. */
function total(main: Range | undefined, acid: Range | undefined): Range | undefined {
  if (!acid) return main;
  const decarbed = scaled(acid, ACID_FACTOR);
  if (!main || main[1] >= decarbed[1]) return main ?? decarbed;
  return [main[0] + decarbed[0], main[1] + decarbed[1]];
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The contract's potency of a range, or undefined when it breaks the form's bounds. */
function potencyOf(
  range: Range | undefined,
  unit: PotencyUnit,
  category: DealCategory | undefined,
): Potency | undefined {
  if (!range) return undefined;
  const [min, max] = [round(range[0]), round(range[1])];
  if (!(min > 0) || min > max) return undefined;
  if (unit === '%') {
    const most = (category && MAX_PERCENT[category]) ?? 100;
    return max <= most ? { min, max, unit } : undefined;
  }
  return min >= MIN_PACKAGE_MG && max <= MAX_POTENCY_MG ? { min, max, unit } : undefined;
}

type Name = keyof StatedPotencies;
const NAMES: readonly Name[] = ['thc', 'totalThc', 'thca', 'cbd', 'cbda'];

/**
 * A product's THC and CBD from its stated figures, by the rules above. The form comes from the
 * category; a product of no known form keeps a figure only in a unit it states (% or mg).
 */
export function readPotencies(stated: StatedPotencies, context: PotencyContext = {}): Potencies {
  const { category, grams } = context;
  const known = potencyForm(category);
  const figures = new Map<Name, { range: Range; unit: StatedUnit | undefined }>();
  for (const name of NAMES) {
    const range = rangeOf(stated[name]);
    if (range) figures.set(name, { range, unit: unitOf(stated[name]?.unit) });
  }
  const form = known ?? formStated(figures);
  if (!form) return {};
  if (form === '%') unfraction(figures, category);
  const pack = form === 'mg' ? packOf(context.packTexts ?? []) : {};
  const ranges = new Map<Name, Range>();
  for (const [name, { range, unit }] of figures) {
    let read = inForm(range, unit, form, grams);
    if (read && form === 'mg') read = perPackage(read, stated[name] as StatedFigure, pack);
    // Under a fiftieth of the dose the product is sold as ('- 100mg'): a percent or a serving
    // that names no unit, never the package's figure.
    if (read && form === 'mg' && pack.packageMg && read[1] < pack.packageMg * MIN_SHARE_OF_DOSE) {
      read = undefined;
    }
    if (read) ranges.set(name, read);
  }
  const thc = potencyOf(
    ranges.get('totalThc') ?? total(ranges.get('thc'), ranges.get('thca')),
    form,
    category,
  );
  const cbd = potencyOf(total(ranges.get('cbd'), ranges.get('cbda')), form, category);
  // Two figures of one product can never hold more than all of it.
  if (form === '%' && thc && cbd && thc.min + cbd.min > 100) return {};
  return { ...(thc ? { thc } : {}), ...(cbd ? { cbd } : {}) };
}

/** For a product of no known form: the one unit its figures state, if they state one. */
function formStated(figures: ReadonlyMap<Name, { unit: StatedUnit | undefined }>) {
  const units = new Set([...figures.values()].map(({ unit }) => unit));
  if (units.size !== 1) return undefined;
  const [unit] = units;
  return unit === '%' || unit === 'mg' ? unit : undefined;
}

/**
 * Percent figures given as fractions, read as percents: when every figure stated in percent (or
 * with no unit) is at most 1, and the hundredfold THC and CBD together still fit the form.
 */
function unfraction(
  figures: Map<Name, { range: Range; unit: StatedUnit | undefined }>,
  category: DealCategory | undefined,
): void {
  const percents = [...figures.entries()].filter(
    ([, { unit }]) => unit === undefined || unit === '%',
  );
  if (percents.length === 0) return;
  const top = Math.max(...percents.map(([, { range }]) => range[1]));
  if (top > 1) return;
  const most = (category && MAX_PERCENT[category]) ?? 100;
  const thcMax = Math.max(
    ...(['thc', 'totalThc', 'thca'] as const).map((name) => figures.get(name)?.range[1] ?? 0),
  );
  const cbdMax = Math.max(figures.get('cbd')?.range[1] ?? 0, figures.get('cbda')?.range[1] ?? 0);
  if ((thcMax + cbdMax) * 100 > most) return;
  for (const [name, figure] of percents)
    figures.set(name, { ...figure, range: scaled(figure.range, 100) });
}

// ---------------------------------------------------------------------------------------------
// Potency in a deal's words: 'THC 24.1%', '24.1% THC', 'Total THC: 27%', '100mg THC', 'THC 100mg',
// '10mg THC each', 'CBD 1.2%', '100mg CBD/100mg THC'.

const FIGURE = String.raw`(?<low>\d{1,4}(?:\.\d{1,3})?)(?:\s?(?:-|–|to)\s?(?<high>\d{1,4}(?:\.\d{1,3})?))?`;
const CANNABINOID = String.raw`(?<name>total\s+thc|thc-?a|(?:delta|Δ|d)[\s-]?9(?:[\s-]?thc)?|thc|cbd-?a|cbd)`;
const UNIT = String.raw`(?<unit>%|mg)`;
const EACH = String.raw`(?<each>\s?(?:each|ea\b|per\s+(?:piece|gummy|serving|unit|dose|chew|mint)))?`;
/** 'THC 24.1%', 'THC: 20-24%'; never 'THC 20% off', a ratio's 'CBD:THC 20mg' or '800mg/g'. */
const NAME_FIRST = new RegExp(
  String.raw`(?<![\w.:/])${CANNABINOID}\s?(?:[:=]\s?)?${FIGURE}\s?${UNIT}(?![\w/+])(?!\s?off\b)${EACH}`,
  'gi',
);
/** '24.1% THC', '100mg of THC', '10mg THC each'. */
const FIGURE_FIRST = new RegExp(
  String.raw`(?<![\w.:])${FIGURE}\s?${UNIT}\s?(?:of\s)?${CANNABINOID}\b(?![:/]\s?[a-z])${EACH}`,
  'gi',
);

/** Characters of a text read for potency: a deal's title and description, not a page. */
const MAX_TEXT_CHARS = 2_000;

function nameOf(raw: string): Name {
  const name = raw.toLowerCase().replace(/[\s-]+/g, '');
  if (name === 'totalthc') return 'totalThc';
  if (name === 'thca') return 'thca';
  if (name === 'cbda') return 'cbda';
  return name.startsWith('cbd') ? 'cbd' : 'thc';
}

// A threshold is a condition, not a product's figure: 'over 30% THC', 'THC 25% and up'.
const THRESHOLD_BEFORE =
  /(?:\b(?:over|above|under|below|at least|min(?:imum)?|up to|max(?:imum)?)|[<>≥≤])\s*$/i;
const THRESHOLD_AFTER = /^\s*(?:\+|and (?:up|above|higher)|or (?:more|higher|above))/i;

function isThreshold(text: string, start: number, end: number): boolean {
  return (
    THRESHOLD_BEFORE.test(text.slice(Math.max(0, start - 16), start)) ||
    THRESHOLD_AFTER.test(text.slice(end, end + 16))
  );
}

/**
 * The figures a text states, each cannabinoid's first; a unit that names none ('20% off', '100mg')
 * is none. Read with `readPotencies` as a platform's figures are.
 */
export function potencyInText(value: unknown): StatedPotencies {
  if (typeof value !== 'string') return {};
  const text = value.slice(0, MAX_TEXT_CHARS);
  const found: StatedPotencies = {};
  const matches = [...text.matchAll(NAME_FIRST), ...text.matchAll(FIGURE_FIRST)].sort(
    (a, b) => a.index - b.index,
  );
  for (const match of matches) {
    if (isThreshold(text, match.index, match.index + match[0].length)) continue;
    const groups = match.groups ?? {};
    const name = nameOf(groups.name ?? '');
    if (found[name]) continue;
    found[name] = {
      values: [groups.low, groups.high].filter((part) => part !== undefined),
      unit: groups.unit,
      ...(groups.each ? { per: 'serving' as const } : {}),
    };
  }
  return found;
}

/** A cannabinoid a name mentions besides THC ('CBN', 'CBG', '1:1'): its bare dose is not THC's. */
const OTHER_CANNABINOIDS = /\b(?:cbn|cbg|cbc|thcv|thca|cbda|delta[\s-]?8|d8)\b|\d\s?:\s?\d/i;
const NAMES_CBD = /\bcbd\b/i;
const NAMES_THC = /\bthc\b/i;

/**
 * The dose of an edible or topical whose name gives no figure with a cannabinoid ('Gummies
 * 100mg', size '100mg'): Missouri sells these by their THC, so the dose is THC's; CBD's when the
 * name names CBD and not THC; nobody's when it names another cannabinoid or a ratio.
 */
export function dosePotencies(
  name: string | undefined,
  doseMg: number | undefined,
  category: DealCategory | undefined,
): Potencies {
  if (potencyForm(category) !== 'mg' || doseMg === undefined || !name) return {};
  const text = name.slice(0, MAX_TEXT_CHARS);
  if (OTHER_CANNABINOIDS.test(text)) return {};
  const cbd = NAMES_CBD.test(text);
  if (cbd && NAMES_THC.test(text)) return {};
  const potency = potencyOf([doseMg, doseMg], 'mg', category);
  if (!potency) return {};
  return cbd ? { cbd: potency } : { thc: potency };
}

/** Whether a product holds more CBD than THC, by its figures; undefined when they cannot tell. */
export function cbdDominant(potencies: Potencies): boolean | undefined {
  const { thc, cbd } = potencies;
  if (!thc || !cbd || thc.unit !== cbd.unit) return undefined;
  return cbd.max > thc.max;
}
