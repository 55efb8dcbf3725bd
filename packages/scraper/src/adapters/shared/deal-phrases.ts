import { priceText } from './deal-fields';

/**
 * The ways a special names its saving in free text: '25% off', 'save 10%', '$10 off', 'BOGO',
 * 'B2G1', 'Buy 1 Get 1 free', 'Buy 1 … get the 2nd …', '2 for $50', '3/$99'. Every adapter that
 * reads a special's wording reads it here: the html adapter (deal blocks in a page), the menu
 * adapters (special names such as Joint's '2 For $70 Deal', Sweed's 'Buy 1 Smokiez Get the 2nd
 * for a Penny!' or Jane's 'ENTIRE STORE 25% OFF') and Dutchie's special cards.
 */

const NUMBER_WORD = '(?:\\d{1,2}|one|two|three|four|five|six)';

const PERCENT_OFF = /(?<![\d.])(\d{1,2}(?:\.\d+)?)\s*%\s*off\b/i;
const HALF_OFF = /\bhalf[\s-]?(?:off|price)\b/i;
const PERCENT_SAVED = new RegExp(`${PERCENT_OFF.source}|\\bsave\\s+(\\d{1,2})\\s*%`, 'i');
const DOLLARS_OFF = /\$\s?(\d{1,4}(?:\.\d{1,2})?)\s*off\b/i;
// 'BOGO', 'B2G1', 'Buy one, get one free'.
const BOGO = /\b(?:bogo|b\s?[1-3]\s?g\s?[1-3])\b|\bbuy\s+one,?\s+get\s+one(?:\s+free)?\b/i;
// 'Buy 1 Get 1 free', 'Buy 2 get 1'; else 'Buy 2 Vapes Get 25% off', 'Buy 1 Edible get 2nd 50%
// Off' up to its 'get': a count after 'buy' keeps 'buy online, get it today' out.
const BUY_N_GET = new RegExp(
  `\\bbuy\\s+(?:one|\\d{1,2}),?\\s+get\\s+(?:one|\\d{1,2})(?:\\s+free)?\\b|\\bbuy\\s+${NUMBER_WORD}\\b[^.!?\\n]{0,40}?\\bget\\b`,
  'i',
);
// '2 for $50', '3/$99'; a price that runs on ('2 for $12345') is no price of four digits.
const N_FOR_PRICE = new RegExp(
  `(?<![\\d/.])\\b${NUMBER_WORD}\\s*(?:for|/)\\s*\\$\\s?\\d{1,4}(?:\\.\\d{1,2})?(?!\\d)`,
  'i',
);

/** Whole percent off a text states ('35% Off', 'half off'), 1 to 99; undefined when none. */
export function percentOffIn(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (HALF_OFF.test(value)) return 50;
  const percent = Number(PERCENT_OFF.exec(value)?.[1]);
  return percent >= 1 && percent <= 99 ? Math.round(percent) : undefined;
}

/**
 * Whole percent a text takes off or says is saved ('35% Off', 'half off', 'Veterans Save 10%'),
 * the first it states, 1 to 99; undefined when none.
 */
export function percentSavedIn(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (HALF_OFF.test(value)) return 50;
  const match = PERCENT_SAVED.exec(value);
  const percent = Number(match?.[1] ?? match?.[2]);
  return percent >= 1 && percent <= 99 ? Math.round(percent) : undefined;
}

/** Dollars off a text states ('$10 off'); undefined when none. */
export function dollarsOffIn(value: string | undefined): number | undefined {
  const dollars = Number(DOLLARS_OFF.exec(value ?? '')?.[1]);
  return dollars > 0 ? dollars : undefined;
}

/** '$10 off', '$2.50 off'. */
export const dollarsOffText = (dollars: number): string => `${priceText(dollars, undefined)} off`;

/** The BOGO phrase of a text as written ('BOGO', 'B2G1', 'Buy one, get one'), or undefined. */
export function bogoPhraseIn(value: string | undefined): string | undefined {
  return value ? phrase(BOGO.exec(value)) : undefined;
}

/**
 * The bundle or BOGO phrase of a text as written ('BOGO', '2 for $50', 'Buy 2 Vapes Get'), or
 * undefined when it names none. A bundle is a deal even when no single item's price drops.
 */
export function bundlePhraseIn(value: string | undefined): string | undefined {
  if (!value) return undefined;
  for (const pattern of [BOGO, N_FOR_PRICE, BUY_N_GET]) {
    const found = phrase(pattern.exec(value));
    if (found) return found;
  }
  return undefined;
}

function phrase(match: RegExpExecArray | null): string | undefined {
  return match ? match[0].replace(/\s+/g, ' ').trim() : undefined;
}
