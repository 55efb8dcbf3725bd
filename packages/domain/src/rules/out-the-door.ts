import { MAX_MONEY } from '../contract/constants';
import type { DispensaryTax } from '../contract/dispensary';
import { dollarsText } from './number-text';

/**
 * The estimated out-the-door price of a shelf price in Missouri: what the register adds for
 * the state marijuana tax, the local marijuana tax and the general sales tax. The page imports
 * this in its first load, so it holds no table: each store's rates come with the dispensary list
 * (`Dispensary.tax`), and their sources and dates are in docs/tax-rates.md.
 */

/** An adult-use ('rec') or a medical ('med') sale. */
export type TaxMode = 'rec' | 'med';

/** A part of the tax that can be unknown for a store. */
export type TaxPart = 'local-marijuana' | 'sales';

/**
 * Missouri's marijuana tax in percent (Constitution Art. XIV): 6 on adult-use sales, 4 on
 * medical ones, the same everywhere (dor.mo.gov/taxation/business/marijuana.html).
 */
export const STATE_MARIJUANA_TAX: Readonly<Record<TaxMode, number>> = { rec: 6, med: 4 };

export interface OutTheDoor {
  /** Shelf price plus every known part, in US dollars, whole cents. */
  total: number;
  /** The percent added: the sum of the known parts. */
  rate: number;
  /** True when a part that applies is unknown: `total` then leaves it out. */
  estimate: boolean;
  /** The parts left out because they are unknown, in a fixed order. */
  missing: TaxPart[];
}

/** Rates are kept in thousandths of a percent, so sums and products stay whole numbers. */
const MILLI = 1000;

/**
 * The shelf price with the store's taxes. Each rate is taken on the shelf price and the rates
 * are added, not compounded (no tax on a tax): neither the Department of Revenue's pages nor
 * the news read say otherwise, and the 20.988% total reported for the Florissant store
 * (6 + 3 + 3 + 8.988) is a plain sum. That is an inference, written down in docs/tax-rates.md.
 * The shelf price is read in whole cents and the total rounded once, half up.
 *
 * The local marijuana tax applies to adult-use sales only; a medical sale never misses it. A
 * part whose rate is unknown (or a store with no rates at all) is left out and named in
 * `missing`, never counted as 0. A price or rate that is not a number in range is a RangeError.
 */
export function outTheDoorPrice(
  shelfPrice: number,
  rates: DispensaryTax | undefined,
  mode: TaxMode,
): OutTheDoor {
  if (!Number.isFinite(shelfPrice) || shelfPrice < 0 || shelfPrice > MAX_MONEY) {
    throw new RangeError(`A shelf price must be from 0 to ${MAX_MONEY} dollars; got ${shelfPrice}`);
  }
  if (mode !== 'rec' && mode !== 'med') {
    throw new RangeError(`A sale is 'rec' or 'med'; got ${String(mode)}`);
  }
  const missing: TaxPart[] = [];
  let milli = milliPercent(STATE_MARIJUANA_TAX[mode], 'state marijuana');
  if (mode === 'rec') {
    const local = rates?.localMarijuana.rate ?? null;
    if (local === null) missing.push('local-marijuana');
    else milli += milliPercent(local, 'local marijuana');
  }
  const sales = rates?.sales.rate ?? null;
  if (sales === null) missing.push('sales');
  else milli += milliPercent(sales, 'sales');

  const cents = Math.round(shelfPrice * 100);
  const taxCents = Math.round((cents * milli) / (100 * MILLI));
  return {
    total: (cents + taxCents) / 100,
    rate: milli / MILLI,
    estimate: missing.length > 0,
    missing,
  };
}

function milliPercent(rate: number, part: string): number {
  if (!Number.isFinite(rate) || rate < 0 || rate > 100) {
    throw new RangeError(`The ${part} tax rate must be a percent from 0 to 100; got ${rate}`);
  }
  return Math.round(rate * MILLI);
}

/**
 * The card's line: '~$27.43 with tax', and for an estimate the parts it leaves out, so the card
 * says both that it is one and why: '~$26.50 with tax (estimate: sales tax unknown)'.
 */
export function outTheDoorText(price: Pick<OutTheDoor, 'total' | 'missing'>): string {
  return `~${dollarsText(price.total, { cents: true })} with tax${estimateNote(price.missing)}`;
}

/**
 * ' (estimate: local tax unknown)', ' (estimate: local and sales tax unknown)': what an estimate
 * leaves out, after a price; empty when nothing is missing. 'Local tax' is the local marijuana
 * tax (the only local tax the table keeps apart from the sales tax).
 */
export function estimateNote(missing: readonly TaxPart[]): string {
  if (missing.length === 0) return '';
  const local = missing.includes('local-marijuana');
  const sales = missing.includes('sales');
  const parts = local && sales ? 'local and sales tax' : local ? 'local tax' : 'sales tax';
  return ` (estimate: ${parts} unknown)`;
}
