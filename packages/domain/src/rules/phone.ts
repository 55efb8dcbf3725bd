/**
 * A store's phone number as a US (North American Numbering Plan) number: written for reading,
 * '(314) 555-0123', and as a link a phone dials, 'tel:+13145550123'.
 *
 * Decided so that nothing but a real-looking number reaches a store panel:
 *
 * - The platforms write a number many ways: '(314) 555-0123', '314-555-0123', '314.555.0123',
 *   '+1 314 555 0123', '13145550123', 'tel:+1-314-555-0123', or a number 3145550123. Only digits,
 *   spaces and '()-.+/' are read; a leading 'tel:' is dropped.
 * - Ten digits, or eleven with the country code 1. The area code and the exchange begin with 2-9
 *   and are no N11 service code ('911', '411'), as the plan assigns them; anything else ('000',
 *   '123-4567', a placeholder of zeros) is no number.
 * - Letters (a vanity number, 'ext. 4', 'call us'), a second number, and anything longer than
 *   `MAX_PHONE_CHARS` are refused rather than guessed at.
 */
export interface PhoneNumber {
  /** '(314) 555-0123'. */
  display: string;
  /** 'tel:+13145550123'. */
  href: string;
}

/** Characters of a phone field read: a longer one is no phone number. */
export const MAX_PHONE_CHARS = 40;

const DIAL_CHARS = /^[\d\s()+\-./]+$/;
const PLAN = /^1?([2-9]\d{2})([2-9]\d{2})(\d{4})$/;
const N11 = /^[2-9]11$/;

/** The number a platform's or registry's phone field states, or undefined. */
export function usPhoneNumber(value: unknown): PhoneNumber | undefined {
  const written =
    typeof value === 'number' && Number.isSafeInteger(value) && value > 0
      ? String(value)
      : typeof value === 'string'
        ? value
        : undefined;
  if (written === undefined || written.length > MAX_PHONE_CHARS) return undefined;
  const dialled = written
    .trim()
    .replace(/^tel:/i, '')
    .replace(/[\u00a0\u2009\u202f]/g, ' ');
  if (!DIAL_CHARS.test(dialled) || (dialled.match(/\+/g) ?? []).length > 1) return undefined;
  if (dialled.includes('+') && !/^\+\s?1\b|^\+1/.test(dialled)) return undefined;
  const match = PLAN.exec(dialled.replace(/\D/g, ''));
  if (!match) return undefined;
  const [, area, exchange, line] = match as unknown as [string, string, string, string];
  if (N11.test(area) || N11.test(exchange)) return undefined;
  return { display: `(${area}) ${exchange}-${line}`, href: `tel:+1${area}${exchange}${line}` };
}
