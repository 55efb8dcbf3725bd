/**
 * The ways a special names its saving in free text: '25% off', '$10 off', 'BOGO', 'B2G1',
 * 'Buy 1 … get the 2nd …', '2 for $50', '3/$99'. Shared by the html adapter (deal blocks in a
 * page) and the menu adapters (special names such as Joint's '2 For $70 Deal' or Sweed's
 * 'Buy 1 Smokiez Get the 2nd for a Penny!').
 *
 * Lives in sweed/ only because this change may not touch adapters/shared; it belongs there.
 */

const NUMBER_WORD = '(?:\\d{1,2}|one|two|three|four|five|six)';

const PERCENT_OFF = /(?<![\d.])(\d{1,2}(?:\.\d+)?)\s*%\s*off\b/i;
const HALF_OFF = /\bhalf[\s-]?(?:off|price)\b/i;
const DOLLARS_OFF = /\$\s?(\d{1,4}(?:\.\d{1,2})?)\s*off\b/i;
const BOGO = /\b(?:bogo|b\s?[1-3]\s?g\s?[1-3])\b|\bbuy\s+one,?\s+get\s+one\b/i;
// 'Buy 2 Vapes Get 25% off', 'Buy 1 Edible get 2nd 50% Off': a count after 'buy' keeps
// 'buy online, get it today' out.
const BUY_N_GET = new RegExp(`\\bbuy\\s+${NUMBER_WORD}\\b[^.!?\\n]{0,40}?\\bget\\b`, 'i');
const N_FOR_PRICE = new RegExp(
  `(?<![\\d/.])\\b${NUMBER_WORD}\\s*(?:for|/)\\s*\\$\\s?\\d{1,4}(?:\\.\\d{1,2})?`,
  'i',
);

/** Whole percent off a text states ('35% Off', 'half off'), 1 to 99; undefined when none. */
export function percentOffIn(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (HALF_OFF.test(value)) return 50;
  const percent = Number(PERCENT_OFF.exec(value)?.[1]);
  return percent >= 1 && percent <= 99 ? Math.round(percent) : undefined;
}

/** Dollars off a text states ('$10 off'); undefined when none. */
export function dollarsOffIn(value: string | undefined): number | undefined {
  const dollars = Number(DOLLARS_OFF.exec(value ?? '')?.[1]);
  return dollars > 0 ? dollars : undefined;
}

/**
 * The bundle or BOGO phrase of a text as written ('BOGO', '2 for $50', 'Buy 2 Vapes Get'), or
 * undefined when it names none. A bundle is a deal even when no single item's price drops.
 */
export function bundlePhraseIn(value: string | undefined): string | undefined {
  if (!value) return undefined;
  for (const pattern of [BOGO, N_FOR_PRICE, BUY_N_GET]) {
    const match = pattern.exec(value);
    if (match) return match[0].replace(/\s+/g, ' ').trim();
  }
  return undefined;
}
