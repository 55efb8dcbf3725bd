import { LIMITS } from '@stl-deals/domain';

/**
 * The page's URL names the product whose stores are compared: '?product=<productKey>', so a shared
 * link opens the comparison over the list. It is no filter (the list behind it is the same, and the
 * page number stays): the filters' URL code keeps it as it keeps any parameter not its own.
 */
export const PRODUCT_PARAM = 'product';

/** The product a URL query asks to compare, or null (none, blank, or longer than a product key). */
export function readProductParam(query: string): string | null {
  const key = new URLSearchParams(query).get(PRODUCT_PARAM)?.trim() ?? '';
  return key !== '' && key.length <= LIMITS.shortText ? key : null;
}

/** `query` asking to compare `productKey`, or to compare nothing (null); the rest as it was. */
export function withProductParam(query: string, productKey: string | null): string {
  const params = new URLSearchParams(query);
  if (productKey === null) params.delete(PRODUCT_PARAM);
  else params.set(PRODUCT_PARAM, productKey);
  const text = params.toString();
  return text ? `?${text}` : '';
}
