import { PHONE_SOURCES, type PhoneSource } from './constants';
import { usPhoneNumber } from '../rules/phone';

// Apart from the phone's schema: the page's store panel reads phones, and a module that held
// the schema would bring zod into the page's code.

/** Whether display and href are one number of the plan, written as `usPhoneNumber` writes it. */
export function isStorePhone({ display, href }: { display: string; href: string }): boolean {
  const number = usPhoneNumber(display);
  return number !== undefined && number.display === display && number.href === href;
}

/**
 * A dispensary's `phone` read as `StorePhoneSchema.parse` would, without a schema library (for
 * a page part that shows it): the same value, unknown fields left out, or undefined when the
 * schema refuses it.
 */
export function readStorePhone(
  value: unknown,
): { source: PhoneSource; display: string; href: string } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { source, display, href } = value as Record<string, unknown>;
  if (!(PHONE_SOURCES as readonly unknown[]).includes(source)) return undefined;
  if (typeof display !== 'string' || typeof href !== 'string') return undefined;
  if (!isStorePhone({ display, href })) return undefined;
  return { source: source as PhoneSource, display, href };
}
