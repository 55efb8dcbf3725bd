import { z } from 'zod';
import {
  LOCATION_SOURCES,
  MAX_LOCAL_MARIJUANA_TAX,
  MAX_SALES_TAX,
  TAX_RATE_STATUSES,
} from './constants';
import { StoreHoursSchema } from './store-hours';
import { StorePhoneSchema } from './store-phone';
import { LIMITS, PlatformSchema, ShortText } from './values';

const Latitude = z.number().min(-90).max(90);
const Longitude = z.number().min(-180).max(180);

/**
 * Where a dispensary's coordinates came from, best first: its registry entry (sourced research),
 * the menu platform's store record, a geocoder for its street address, its ZIP code's centroid.
 */
export const LocationSourceSchema = z.enum(LOCATION_SOURCES);
export type LocationSource = z.infer<typeof LocationSourceSchema>;

/**
 * One part of a dispensary's tax: its rate in percent (null while unknown) and how far it is
 * trusted. A rate is null exactly when its status is 'unknown', so the page never shows a silent 0.
 */
const taxPart = (max: number) =>
  z
    .object({
      rate: z.number().min(0).max(max).nullable(),
      status: z.enum(TAX_RATE_STATUSES),
    })
    .refine(
      (part) => (part.rate === null) === (part.status === 'unknown'),
      "a rate is null exactly when its status is 'unknown'",
    );

/**
 * The taxes of a sale at the dispensary that vary by place, for the page's estimated price with
 * tax (`outTheDoorPrice`): the local adult-use marijuana tax (0 or up to 3%; never on medical
 * sales) and the combined general sales tax at its address. The state marijuana tax is the same
 * everywhere and lives in the rule. Sources and dates: docs/tax-rates.md.
 */
export const DispensaryTaxSchema = z.object({
  localMarijuana: taxPart(MAX_LOCAL_MARIJUANA_TAX),
  sales: taxPart(MAX_SALES_TAX),
});
export type DispensaryTax = z.infer<typeof DispensaryTaxSchema>;
export type TaxRatePart = DispensaryTax['sales'];

/**
 * A dispensary as `GET /api/scraper/dispensaries` sends it. `lat`/`lng` are null (or absent) while
 * its location is unknown; distance to it is then infinite.
 */
export const DispensarySchema = z.object({
  key: z.string().min(1).max(LIMITS.key),
  name: ShortText.min(1),
  lat: Latitude.nullable().optional(),
  lng: Longitude.nullable().optional(),
  locationSource: LocationSourceSchema.optional(),
  /** True when the coordinates only place the dispensary in its area (a ZIP centroid). */
  approximate: z.boolean().optional(),

  address: ShortText.optional(),
  website: z.string().max(LIMITS.url).optional(),
  platform: PlatformSchema.optional(),
  /**
   * Where the platform came from: the registry's research source, or the store's website as the
   * service read it ('store website (Jane embed of store 4536)') with when.
   */
  platformSource: ShortText.optional(),
  /** Absent when the service has no tax rates for the dispensary: every part is then unknown. */
  tax: DispensaryTaxSchema.optional().describe(
    "The local adult-use marijuana tax and the combined sales tax at the dispensary, in percent (null while unknown), each 'verified', 'inferred' or 'unknown', for the page's estimated price with tax; absent: every part unknown.",
  ),
  /** Absent while neither its platform nor its registry entry states the dispensary's hours. */
  hours: StoreHoursSchema.optional().describe(
    "The dispensary's weekly hours in America/Chicago wall-clock time, each weekday's openings ('HH:MM'; a close not after its open is the next day's, '24:00' the end of the day; none: closed), from its platform's store record or its registry entry (source); absent: unknown.",
  ),
  /** Absent while neither its platform nor its registry entry states a valid US number. */
  phone: StorePhoneSchema.optional().describe(
    "The dispensary's phone number, for reading ('(314) 555-0123') and as a link that dials it ('tel:+13145550123'), from its platform's store record or its registry entry (source); absent: unknown.",
  ),
});
export type Dispensary = z.infer<typeof DispensarySchema>;

export const DispensaryListSchema = z.array(DispensarySchema);
