import { NotFoundError, SchemaChangedError } from '../../errors';
import { at, list, text } from '../shared/deal-fields';
import type { PlatformConfig, RequestPlan } from '../types';

/** Items per page; Weedmaps' own menus ask for 100 and stop at a shorter page (platforms.md 3.1). */
export const PAGE_SIZE = 100;

/** The two envelopes Weedmaps menus come in (platforms.md 3.1 and 3.2). */
export type MenuItems =
  { format: 'discovery'; items: unknown[] } | { format: 'jsonapi'; items: unknown[] };

/** One page of the listing's menu from the discovery API, with the specials that apply. */
export function menuItemsRequest(
  config: PlatformConfig,
  slug: string,
  page: number,
  label: string,
): RequestPlan {
  const query = `sort_by=position&page=${page}&page_size=${PAGE_SIZE}&include[]=applicable_specials`;
  return {
    label,
    url: `${config.baseUrls.weedmaps}/discovery/v1/listings/dispensaries/${slug}/menu_items?${query}`,
    accept: 'application/json',
  };
}

/** A JSON:API error answer (`errors[]`): a listing Weedmaps does not know, or a changed API. */
function failure(body: unknown): Error {
  const error = list(at(body, 'errors'))[0];
  const detail = text(at(error, 'detail')) ?? text(at(error, 'title'));
  if (text(at(error, 'status')) === '404' || /not found/i.test(detail ?? '')) {
    return new NotFoundError(`Weedmaps does not know this listing: ${detail ?? '404'}`);
  }
  return new SchemaChangedError(
    detail
      ? `Weedmaps answered an error: ${detail}`
      : 'Weedmaps answer has neither data.menu_items nor a data list',
  );
}

/**
 * The menu items of an answer: discovery's `{data: {menu_items: [...]}}` (3.1) or the JSON:API
 * `{data: [{type: 'menu_item', attributes}]}` (3.2). Anything else means the format changed.
 */
export function menuItemsOf(body: unknown): MenuItems {
  const discovery = at(body, 'data', 'menu_items');
  if (Array.isArray(discovery)) return { format: 'discovery', items: discovery as unknown[] };
  const data = at(body, 'data');
  if (Array.isArray(data)) {
    return {
      format: 'jsonapi',
      items: (data as unknown[]).filter((item) => at(item, 'type') === 'menu_item'),
    };
  }
  throw failure(body);
}

/** Whether a response the browser saw is a menu_items answer. */
export function isMenuItemsResponse(url: string, body: unknown): boolean {
  if (!url.includes('/menu_items')) return false;
  return Array.isArray(at(body, 'data', 'menu_items')) || Array.isArray(at(body, 'data'));
}
