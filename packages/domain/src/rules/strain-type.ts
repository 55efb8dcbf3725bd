import type { StrainType } from '../contract/constants';
import { cbdDominant, type Potencies } from './potency';

/**
 * A deal's strain type, one of Indica, Sativa, Hybrid and CBD, from the platform's strain field,
 * the product's figures and its title's words. Decided so that the type answers what a shopper
 * filters by:
 *
 * - A leaning hybrid is a Hybrid: 'Indica-dominant hybrid', 'Sativa Hybrid', 'INDICA_HYBRID',
 *   'HYBRID_SATIVA', Leafly's '(I/H)' and a bare 'Sativa Dominant' (a dominant strain is a cross)
 *   all read Hybrid. Indica and Sativa are what the platform or the title calls so without a
 *   lean.
 * - CBD is a CBD-dominant product only: more CBD than THC by its figures, a ratio that leads with
 *   CBD ('20:1 CBD:THC', 'THC:CBD 1:4'), or a platform's or title's 'High CBD' / 'CBD' where no
 *   figure says THC leads. A balanced 1:1 product is not CBD (nor any other type unless its
 *   platform or title names one), and neither is a THC product with a trace of CBD.
 * - The platform's field wins over the title's words; a platform's 'CBD' loses to figures that
 *   show more THC. Anything else (N/A, 'Not applicable', '1:1', 'Gummies') is no type.
 */

const NONE = /^(?:n ?a|none|null|unknown|not ?applicable|other|thc|one to one|1 ?1|balanced)$/;
const CBD_WORDS = /\b(?:high cbd|cbd(?: dominant| rich| only| heavy)?|hemp)\b/;

/** A platform's strain field read as a strain type; undefined for anything that names none. */
export function strainTypeOf(value: unknown): StrainType | undefined {
  if (typeof value !== 'string' || value.length > 100) return undefined;
  const words = value
    .toLowerCase()
    .replace(/[_\-/()|,:.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (words === '' || NONE.test(words)) return undefined;
  if (CBD_WORDS.test(words)) return 'CBD';
  const indica = /\b(?:indica|i)\b/.test(words);
  const sativa = /\b(?:sativa|s)\b/.test(words);
  const hybrid = /\b(?:hybrid|h|dominant|leaning)\b/.test(words);
  if (hybrid || (indica && sativa)) return 'Hybrid';
  if (indica) return 'Indica';
  if (sativa) return 'Sativa';
  return undefined;
}

// Words of a title: the strain types written out, Leafly's '(S)', '(I/H)' tokens, 'High CBD'.
const TITLE_TOKEN = /\(([ISH])(?:\s?\/\s?([ISH]))?\)/i;
const TITLE_WORDS = /\b(indica|sativa|hybrid)\b/gi;
const TITLE_LEAN = /\b(?:indica|sativa)[\s-]+(?:dominant|leaning|dom)\b/i;
const TITLE_CBD = /\b(?:high[\s-]cbd|cbd[\s-](?:dominant|rich|heavy))\b/i;

/** The strain type a title's words name; undefined when they name none, or two that clash. */
export function strainTypeInText(value: unknown): StrainType | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.slice(0, 400);
  if (TITLE_CBD.test(text)) return 'CBD';
  const token = TITLE_TOKEN.exec(text);
  if (token) return token[2] ? 'Hybrid' : strainTypeOf(token[1]);
  if (TITLE_LEAN.test(text)) return 'Hybrid';
  const named = new Set([...text.matchAll(TITLE_WORDS)].map((match) => match[1]!.toLowerCase()));
  if (named.has('hybrid') || named.size > 1) return 'Hybrid';
  return named.size === 1 ? strainTypeOf([...named][0]) : undefined;
}

const RATIO =
  /(?<![\w.:])(\d{1,3}(?:\.\d{1,2})?(?:\s?:\s?\d{1,3}(?:\.\d{1,2})?){1,3})\s?(?:\(\s?)?([a-z]{3,4}\d?(?:\s?[:/]\s?[a-z]{3,4}\d?){1,3})\b|\b([a-z]{3,4}\d?(?:\s?[:/]\s?[a-z]{3,4}\d?){1,3})\s?(?:\(\s?)?(\d{1,3}(?:\.\d{1,2})?(?:\s?:\s?\d{1,3}(?:\.\d{1,2})?){1,3})(?![\d.:]|\s?mg)/i;

const ONE_NAMED_RATIO =
  /(?<![\w.:])(\d{1,3}(?:\.\d{1,2})?)\s?:\s?(\d{1,3}(?:\.\d{1,2})?)\s?(cbd|cbn|cbg|cbc|thcv)\b(?!\s?[:/])/i;

/**
 * Which of THC and CBD a ratio in the text gives more of ('20:1 CBD:THC' CBD, '2:1 THC:CBN' THC,
 * 'THC:CBD 1:1' neither); undefined when no ratio names both.
 */
export function ratioLead(value: unknown): 'THC' | 'CBD' | 'even' | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.slice(0, 400);
  const match = RATIO.exec(text);
  // '2:1 CBD', '1:1 CBG + Hybrid': a ratio naming one cannabinoid is of it to THC.
  const one = match ? null : ONE_NAMED_RATIO.exec(text);
  if (!match && !one) return undefined;
  const numbers = (match?.[1] ?? match?.[4] ?? `${one?.[1]}:${one?.[2]}`)
    .split(':')
    .map((part) => Number(part.trim()));
  const names = (match?.[2] ?? match?.[3] ?? `${one?.[3]}:thc`)
    .split(/[:/]/)
    .map((part) => part.trim().toLowerCase());
  if (numbers.length !== names.length) return undefined;
  const share = (name: string) => {
    const index = names.indexOf(name);
    return index < 0 ? undefined : numbers[index];
  };
  const [thc, cbd] = [share('thc'), share('cbd')];
  if (thc === undefined || cbd === undefined) return thc === undefined ? undefined : 'THC';
  return cbd > thc ? 'CBD' : cbd < thc ? 'THC' : 'even';
}

/** What a deal's strain type is read from. */
export interface StrainFacts {
  /** The platform's strain field(s), in the order they are trusted. */
  stated?: ReadonlyArray<unknown>;
  /** The deal's title. */
  title?: string;
  /** More of the product's own words (a specials page card's line), read after the title. */
  description?: string;
  potencies?: Potencies;
}

/** The deal's strain type by the rules above; undefined when nothing names one. */
export function dealStrainType({ stated = [], title, description, potencies = {} }: StrainFacts) {
  const byFigures = cbdDominant(potencies);
  const lead =
    byFigures === undefined
      ? (ratioLead(title) ?? ratioLead(description))
      : byFigures
        ? 'CBD'
        : 'THC';
  if (lead === 'CBD') return 'CBD';
  const candidates = [
    ...stated.slice(0, 5).map(strainTypeOf),
    strainTypeInText(title),
    strainTypeInText(description),
  ];
  return candidates.find(
    (type): type is StrainType =>
      type !== undefined && !(type === 'CBD' && (lead === 'THC' || lead === 'even')),
  );
}
