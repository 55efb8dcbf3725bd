import { at } from '../shared/deal-fields';
import type { Adapter } from '../types';
import { labelOf, pageUrl } from './browser';
import { parse } from './parse';
import { plan } from './plan';

/** The label a saved GraphQL answer travels under, by the operation field in its `data`. */
function recognize(body: unknown): string | null {
  // A browser capture of the menu may hold its products as `getPersonalizedProducts` (research 1.4).
  if (at(body, 'data', 'filteredProducts') !== undefined) return 'products:0';
  if (at(body, 'data', 'getPersonalizedProducts') !== undefined) return 'products:0';
  if (at(body, 'data', 'getSpecialMenuCards') !== undefined) return 'special-cards';
  if (at(body, 'data', 'filteredSpecials') !== undefined) return 'specials';
  if (at(body, 'data', 'filteredDispensaries') !== undefined) return 'store';
  return null;
}

export const dutchieAdapter: Adapter = { plan, parse, recognize, browser: { pageUrl, labelOf } };
