import { z } from 'zod';
import { MAX_LOCAL_MARIJUANA_TAX, MAX_SALES_TAX, TAX_RATE_STATUSES } from './constants';

/**
 * A store's tax rates as researched: the bundled table (`data/tax-rates.ts`) and an operator's
 * TAX_RATES file both have this shape, so one schema checks both. The page gets only the rates
 * and their status (`DispensaryTaxSchema`); sources and dates stay with the service and in
 * docs/tax-rates.md.
 */

/** When a source said it: a day, a month or a year; 'undated' when the page gives no date. */
const SourceDate = z
  .string()
  .regex(
    /^(?:\d{4}(?:-\d{2}(?:-\d{2})?)?|undated)$/,
    "must be YYYY-MM-DD, YYYY-MM, YYYY or 'undated'",
  );

/** One part of a store's tax: its rate in percent, where it came from and how far it is trusted. */
const taxRateFact = (max: number) =>
  z
    .strictObject({
      rate: z.number().min(0).max(max).nullable(),
      status: z.enum(TAX_RATE_STATUSES),
      /** The source's URL(s), or for an unknown rate what was looked for. */
      source: z.string().min(1).max(1000),
      date: SourceDate,
      /** What the status rests on: the inference made, the doubt left. */
      note: z.string().max(1000).optional(),
    })
    .refine(
      (fact) => (fact.rate === null) === (fact.status === 'unknown'),
      "a rate is null exactly when its status is 'unknown'",
    );

export const LocalMarijuanaTaxFactSchema = taxRateFact(MAX_LOCAL_MARIJUANA_TAX);
export const SalesTaxFactSchema = taxRateFact(MAX_SALES_TAX);
export type TaxRateFact = z.infer<typeof SalesTaxFactSchema>;

/** One store's researched rates, with the place that levies them. */
export const StoreTaxRatesSchema = z.strictObject({
  /** The municipality, or the county for an unincorporated address, that taxes a sale there. */
  jurisdiction: z.string().min(1).max(200),
  localMarijuana: LocalMarijuanaTaxFactSchema,
  sales: SalesTaxFactSchema,
});
export type StoreTaxRates = z.infer<typeof StoreTaxRatesSchema>;
