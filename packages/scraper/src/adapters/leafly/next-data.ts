import { SchemaChangedError } from '../../errors';
import { at } from '../shared/deal-fields';
import { scriptJson } from '../shared/script-json';

/** One server-rendered menu page: its items, the menu's size and the dispensary (platforms.md 4). */
export interface MenuPage {
  items: unknown[];
  totalItems: number | undefined;
  dispensary: unknown;
}

/**
 * The page's Next.js state, `<script id="__NEXT_DATA__">`. A page without it is not the menu page
 * Leafly renders (a redesign, or a bot check), so the format changed as far as we can tell.
 */
function nextData(body: unknown): unknown {
  if (typeof body !== 'string') {
    throw new SchemaChangedError('Leafly menu answer is not an HTML page');
  }
  const data = scriptJson(body, '__NEXT_DATA__');
  if (data === undefined)
    throw new SchemaChangedError('Leafly menu page has no __NEXT_DATA__ JSON');
  return data;
}

/** `props.pageProps.menuData.menuItems[]` and `totalItems`, `props.pageProps.dispensary`. */
export function menuPageOf(body: unknown): MenuPage {
  const pageProps = at(nextData(body), 'props', 'pageProps');
  const items = at(pageProps, 'menuData', 'menuItems');
  if (!Array.isArray(items)) {
    throw new SchemaChangedError('Leafly __NEXT_DATA__ has no props.pageProps.menuData.menuItems');
  }
  const total = at(pageProps, 'menuData', 'totalItems');
  return {
    items: items as unknown[],
    totalItems:
      typeof total === 'number' && Number.isInteger(total) && total >= 0 ? total : undefined,
    dispensary: at(pageProps, 'dispensary'),
  };
}
