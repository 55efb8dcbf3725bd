import { readFileSync } from 'node:fs';
import {
  BUNDLED_TAX_RATES,
  LocalMarijuanaTaxFactSchema,
  SalesTaxFactSchema,
  type DispensaryTax,
  type StoreTaxRates,
  type TaxRateFact,
} from '@stl-deals/domain';
import { z } from 'zod';

/**
 * The tax rates the service sends with each dispensary, for the page's estimated price with
 * tax: the bundled, sourced table (packages/domain/src/data/tax-rates.ts, docs/tax-rates.md)
 * with an operator's TAX_RATES file laid over it, part by part.
 */

const DispensaryKey = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,79}$/,
    'must be a dispensary key: lowercase letters, digits, hyphens',
  );

/**
 * An operator's TAX_RATES file: per dispensary key, the parts to override, each in the bundled
 * table's form (rate in percent or null, status, source, date, optional note). A part left out
 * keeps the bundled one.
 */
export const TaxRatesOverrideSchema = z.record(
  DispensaryKey,
  z
    .strictObject({
      jurisdiction: z.string().min(1).max(200).optional(),
      localMarijuana: LocalMarijuanaTaxFactSchema.optional(),
      sales: SalesTaxFactSchema.optional(),
    })
    .refine(
      (entry) => entry.localMarijuana !== undefined || entry.sales !== undefined,
      'must override localMarijuana, sales or both',
    ),
);
export type TaxRatesOverride = z.infer<typeof TaxRatesOverrideSchema>;

export class TaxRatesFileError extends Error {
  override name = 'TaxRatesFileError';
}

/** The TAX_RATES file at `path`, checked; a TaxRatesFileError names the file and the field. */
export function readTaxRatesFile(path: string): TaxRatesOverride {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new TaxRatesFileError(`cannot read ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new TaxRatesFileError(`${path} is not JSON: ${(error as Error).message}`);
  }
  const result = TaxRatesOverrideSchema.safeParse(json);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    // A bad key's own message ('must be a dispensary key...') is one level down.
    const message =
      issue.code === 'invalid_key'
        ? issue.issues.map(({ message }) => message).join('; ')
        : issue.message;
    return `field '${issue.path.join('.') || '(file)'}': ${message}`;
  });
  throw new TaxRatesFileError(`${path}: ${problems.join('; ')}`);
}

const UNKNOWN: TaxRateFact = { rate: null, status: 'unknown', source: 'none', date: 'undated' };

/** The part of a fact the page reads: the rate and its status, not the source. */
const sent = ({ rate, status }: TaxRateFact) => ({ rate, status });

/** Each dispensary's tax rates as sent, made once: the table does not change while running. */
export class DispensaryTaxRates {
  private readonly sentByKey: ReadonlyMap<string, DispensaryTax>;

  constructor(
    private readonly override: TaxRatesOverride = {},
    bundled: Readonly<Record<string, StoreTaxRates>> = BUNDLED_TAX_RATES,
  ) {
    const keys = new Set([...Object.keys(bundled), ...Object.keys(override)]);
    this.sentByKey = new Map(
      [...keys].map((key) => {
        const base = bundled[key];
        const over = override[key];
        const localMarijuana = over?.localMarijuana ?? base?.localMarijuana ?? UNKNOWN;
        const sales = over?.sales ?? base?.sales ?? UNKNOWN;
        return [key, { localMarijuana: sent(localMarijuana), sales: sent(sales) }];
      }),
    );
  }

  /** A dispensary's rates as sent; undefined when neither the table nor the file knows it. */
  of(key: string): DispensaryTax | undefined {
    return this.sentByKey.get(key);
  }

  /** The file's keys that name no dispensary of `registryKeys`: a typo the operator should see. */
  overridesOutside(registryKeys: readonly string[]): string[] {
    const known = new Set(registryKeys);
    return Object.keys(this.override).filter((key) => !known.has(key));
  }
}
