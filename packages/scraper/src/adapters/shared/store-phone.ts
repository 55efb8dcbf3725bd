import { usPhoneNumber } from '@stl-deals/domain';
import { at } from './deal-fields';
import { typedNodes } from './json-ld';

/**
 * A store's phone number from the fields the platforms state it in (Dutchie's dispensary
 * `phone`, a Weedmaps listing's `phone_number`, a Jane store's `phone`, schema.org `telephone`),
 * as the service keeps it: E.164 ('+13145550123'), by the domain's rule (`usPhoneNumber`: a US
 * number, anything else refused).
 */

/** A phone field's number in E.164, or undefined when it states no valid US number. */
export function e164Phone(value: unknown): string | undefined {
  return usPhoneNumber(value)?.href.slice('tel:'.length);
}

/** A store record's number: null when the record was read and states none the rule accepts. */
export const recordPhone = (value: unknown): string | null => e164Phone(value) ?? null;

/** schema.org types a store's own node has (LocalBusiness and the kinds a dispensary uses). */
const BUSINESS_TYPES = [
  'LocalBusiness',
  'Store',
  'MedicalBusiness',
  'Pharmacy',
  'HealthAndBeautyBusiness',
];

/**
 * The store's number in a page's JSON-LD: the `telephone` of its first business node that states
 * one; null when one states a number the rule refuses; undefined when none states any (the page
 * says nothing of a phone). An `Organization`'s number is a company's, not a store's, and is not
 * read.
 */
export function jsonLdTelephone(roots: readonly unknown[]): string | null | undefined {
  const stated = roots
    .flatMap((root) => typedNodes(root, BUSINESS_TYPES))
    .slice(0, 20)
    .map((node) => at(node, 'telephone'))
    .find((telephone) => telephone !== undefined && telephone !== null && telephone !== '');
  return stated === undefined ? undefined : recordPhone(stated);
}
