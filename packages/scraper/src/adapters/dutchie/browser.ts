import type { RegistryEntry } from '../../registry';
import { at, text } from '../shared/deal-fields';
import type { PlatformConfig } from '../types';
import { isRecord, operationNameIn, productsLabel } from './graphql';

/**
 * The embedded menu's specials page: it loads the store, its special cards and the products on
 * special through the same GraphQL operations `plan` asks for (research 0, workaround (b)).
 */
export function pageUrl(entry: RegistryEntry, config: PlatformConfig): string | null {
  const cName = text(entry.platformId);
  if (!cName) return null;
  const base = config.baseUrls.dutchie.replace(/\/+$/, '');
  return `${base}/embedded-menu/${encodeURIComponent(cName)}/specials`;
}

// The `data` field each operation answers (research 1.2 and 1.4), for POSTs whose URL has no
// operationName.
const OPERATION_OF_FIELD: Record<string, string> = {
  filteredDispensaries: 'ConsumerDispensaries',
  filteredProducts: 'FilteredProducts',
  getPersonalizedProducts: 'getPersonalizedProducts',
  getSpecialMenuCards: 'GetSpecialMenuCards',
  filteredSpecials: 'FilteredSpecials',
};

const GRAPHQL_PATH = /\/graphql\/?$/;

/**
 * The label of a GraphQL answer the menu page received: by the `operationName` in its URL, else
 * by the field its `data` holds; null for everything else the page loads.
 */
export function labelOf(url: string, body: unknown): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!GRAPHQL_PATH.test(parsed.pathname)) return null;
  const operation = operationNameIn(url) ?? operationInData(body);
  switch (operation) {
    case 'ConsumerDispensaries':
      return 'store';
    case 'FilteredProducts':
      return productsLabel(pageIn(parsed) ?? 0);
    case 'getPersonalizedProducts':
      return productsLabel('personalized');
    case 'GetSpecialMenuCards':
      return 'special-cards';
    case 'FilteredSpecials':
      return 'specials';
    default:
      return null;
  }
}

function operationInData(body: unknown): string | undefined {
  const data = at(body, 'data');
  if (!isRecord(data)) return undefined;
  const field = Object.keys(data).find((key) => Object.hasOwn(OPERATION_OF_FIELD, key));
  return field === undefined ? undefined : OPERATION_OF_FIELD[field];
}

/** The `page` of a GET's URL-encoded variables, when readable. */
function pageIn(url: URL): number | undefined {
  let variables: unknown;
  try {
    variables = JSON.parse(url.searchParams.get('variables') ?? 'null') as unknown;
  } catch {
    return undefined;
  }
  const page = at(variables, 'page');
  return Number.isSafeInteger(page) && (page as number) >= 0 ? (page as number) : undefined;
}
