import { LIMITS } from '../contract/constants';
import { productKey, type ProductKeyInput } from './product-key';

/**
 * A product's key within one store, under which its price observations are kept (price memory):
 * the same for the same product and size across scrapes and days, different for another size.
 *
 * - The platform's own id of the product, with its variant or size where the platform has one
 *   (each adapter passes the id it keys a sized product by): 'id:<id>'. An id stays when a store
 *   renames a product or its price changes.
 * - Without an id (specials pages, menus that send none): 'name:<product key>', the cross-store
 *   product key (normalized brand, name without size and packaging words, and size; see
 *   `productKey`), so re-wordings of the same title agree.
 * - Where that key finds no product (a bare name such as 'Blue Dream' with neither brand nor
 *   size, which across stores could be anyone's), within one store the name is enough:
 *   'title:<the title folded to lower case, single spaces>'.
 *
 * Null when there is nothing to key by (no id and a blank title). Keys are at most `LIMITS.key`
 * characters (the store's bound): an id longer than `MAX_ID_CHARS` is not an id the platforms use,
 * and the product is keyed by name instead; a longer name key is cut.
 */
export function storeProductKey(
  product: ProductKeyInput & { platformId?: string | undefined },
): string | null {
  const id = product.platformId?.trim();
  if (id && id.length <= MAX_ID_CHARS) return `id:${id}`;
  const byName = productKey(product);
  if (byName !== null) return bounded(`name:${byName}`);
  const title = product.title.toLowerCase().replace(SPACES, ' ').trim();
  return title ? bounded(`title:${title}`) : null;
}

/** The longest platform id kept as one: the platforms' ids are UUIDs, numbers or short slugs. */
export const MAX_ID_CHARS = 96;

const SPACES = /\s+/g;

function bounded(key: string): string {
  return key.length <= LIMITS.key ? key : key.slice(0, LIMITS.key);
}
