import { z } from 'zod';
import { PHONE_SOURCES, type PhoneSource } from './constants';
import { usPhoneNumber } from '../rules/phone';

/**
 * A dispensary's phone number as `GET /api/scraper/dispensaries` sends it: for reading
 * ('(314) 555-0123') and for a link that dials it ('tel:+13145550123'), the same number, with
 * where it came from (its platform's store record, else its registry entry).
 */
export const StorePhoneSchema = z
  .object({
    source: z.enum(PHONE_SOURCES),
    display: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, "a US number, '(314) 555-0123'"),
    href: z.string().regex(/^tel:\+1\d{10}$/, "a tel: link, 'tel:+13145550123'"),
  })
  .refine(isStorePhone, 'display and href are one valid US number');
export type StorePhone = z.infer<typeof StorePhoneSchema>;

/** Whether display and href are one number of the plan, written as `usPhoneNumber` writes it. */
function isStorePhone({ display, href }: { display: string; href: string }): boolean {
  const number = usPhoneNumber(display);
  return number !== undefined && number.display === display && number.href === href;
}

/**
 * A dispensary's `phone` read as `StorePhoneSchema.parse` would, without a schema library (for
 * a page part that shows it): the same value, unknown fields left out, or undefined when the
 * schema refuses it.
 */
export function readStorePhone(value: unknown): StorePhone | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { source, display, href } = value as Record<string, unknown>;
  if (!(PHONE_SOURCES as readonly unknown[]).includes(source)) return undefined;
  if (typeof display !== 'string' || typeof href !== 'string') return undefined;
  if (!isStorePhone({ display, href })) return undefined;
  return { source: source as PhoneSource, display, href };
}

/** A phone field's number as the contract sends it, from `source`; undefined when none. */
export function storePhone(value: unknown, source: PhoneSource): StorePhone | undefined {
  const number = usPhoneNumber(value);
  return number ? { source, ...number } : undefined;
}
