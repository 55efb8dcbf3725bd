import { brandInText, sizeInText, sizeText, type Deal } from '@stl-deals/domain';

/**
 * What a specials page's deal says of its product in its own words, where the page gives no
 * field for it: its brand (one of the bundled Missouri brands, by `brandInText`'s rules against
 * false brands) and its size ('3.5g', 'eighth', '100mg'), so it joins the Brand and Size filters,
 * the unit price and the comparison across stores as a menu's deal does. The strain type and the
 * potency are read from the same words for every source (potency-pass.ts), the size helping: a
 * deal with a size is a product, whose description speaks of it.
 *
 * A size is read from the title, else the description, for a deal that names a brand or states
 * the size in its title; never from an offer with a spend threshold or a gift ('Spend $100, get a
 * free 1g pre-roll'), whose size is not what is sold. A brand or size the page's structured data
 * (JSON-LD) gave is kept.
 */
export function withProductWords(deal: Deal, storeNames: readonly string[]): Deal {
  const stated = deal.size === undefined ? sizeInWords(deal) : undefined;
  const brand =
    deal.brand ??
    brandInText({
      title: deal.title,
      description: deal.description,
      product: deal.size !== undefined || stated !== undefined,
      storeNames,
    });
  // A size in a store-wide special's words is a condition more often than a product's size
  // ('Max Out Wednesday: 25% off to your legal limit, 28 grams'): it counts for a brand's
  // product or line, or where the title itself states it.
  const size =
    deal.size ??
    (stated && (brand !== undefined || sizeInText(deal.title) !== undefined) ? stated : undefined);
  return { ...deal, ...(size ? { size } : {}), ...(brand ? { brand } : {}) };
}

/**
 * A spend threshold ('spend $100', 'orders over $50') or a gift ('get a free', 'free with'); a
 * BOGO's 'get one free' is a sale of the product.
 */
const NOT_SOLD =
  /\b(?:spend|over|above|greater than|more than|at least|min(?:imum)?|orders? of)\s+\$\s?\d|\b(?:get|receive) (?:a |an )?free\b|\bfree (?:with|when|gift)\b|\bgifts?\b/i;

function sizeInWords({ title, description }: Deal): string | undefined {
  if (NOT_SOLD.test(`${title} ${description}`.slice(0, 800))) return undefined;
  const measure = sizeInText(title) ?? sizeInText(description);
  return measure ? sizeText(measure) : undefined;
}
