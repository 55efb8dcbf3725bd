import { z } from 'zod';
import { PHONE_SOURCES, type PhoneSource } from './constants';
import { isStorePhone } from './read-store-phone';
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

/** A phone field's number as the contract sends it, from `source`; undefined when none. */
export function storePhone(value: unknown, source: PhoneSource): StorePhone | undefined {
  const number = usPhoneNumber(value);
  return number ? { source, ...number } : undefined;
}
