import type { Deal } from '@stl-deals/domain';
import { at, isoInstant, list, money, text } from '../shared/deal-fields';
import { isType, typedNodes } from '../shared/json-ld';
import { resolvedHttpUrl } from '../shared/links';
import { linkFromPage } from '../shared/site-links';
import { categoryOf } from '../shared/product-fields';
import { productDeal, type ProductOffer } from '../shared/product-offer';

/**
 * research/platforms.md section 12: schema.org JSON-LD on a specials page. Yoast's graph
 * (WebPage, Organization, BreadcrumbList) carries no offers and yields nothing; a `Product` with
 * an `Offer` price, or an `Offer` on its own, is a special the page lists.
 */

export function jsonLdDeals(roots: readonly unknown[], pageUrl: string): Deal[] {
  return roots
    .flatMap((root) => typedNodes(root, ['Product', 'Offer']))
    .map((node) => productDeal(offerOf(node, pageUrl)))
    .filter((deal) => deal !== undefined);
}

/** A Product (its first priced offer) or an Offer (its `itemOffered`) as a menu offer. */
function offerOf(node: unknown, pageUrl: string): ProductOffer {
  const isOffer = isType(node, 'Offer');
  const item = isOffer ? (at(node, 'itemOffered') ?? {}) : node;
  const offer = isOffer ? node : pricedOffer(at(node, 'offers'));
  const name = text(at(item, 'name')) ?? text(at(node, 'name'));
  return {
    id: text(at(item, '@id')) ?? text(at(item, 'sku')) ?? name ?? '',
    brand: text(at(item, 'brand', 'name')) ?? text(at(item, 'brand')),
    name,
    description: text(at(item, 'description'), 1000) ?? text(at(offer, 'description'), 1000),
    category: categoryOf(at(item, 'category')),
    size: text(at(item, 'size')),
    regularPrice: struckPrice(at(offer, 'priceSpecification')),
    salePrice: money(at(offer, 'price')) ?? money(at(offer, 'lowPrice')),
    specials: [
      {
        name: isOffer ? undefined : text(at(offer, 'name')),
        endsAt: isoInstant(at(offer, 'validThrough')),
      },
    ],
    listedAsSpecial:
      money(at(offer, 'price')) !== undefined || money(at(offer, 'lowPrice')) !== undefined,
    imageUrl: imageOf(at(item, 'image'), pageUrl),
    ...linkFromPage(
      resolvedHttpUrl(at(offer, 'url'), pageUrl) ?? resolvedHttpUrl(at(item, 'url'), pageUrl),
      pageUrl,
    ),
  };
}

/** The first offer with a price: `offers` may be one Offer, a list, or an AggregateOffer. */
function pricedOffer(offers: unknown): unknown {
  const candidates = [offers, ...list(offers), ...list(at(offers, 'offers'))].slice(0, 50);
  return candidates.find(
    (offer) =>
      money(at(offer, 'price')) !== undefined || money(at(offer, 'lowPrice')) !== undefined,
  );
}

/** The regular price a `priceSpecification` of type StrikethroughPrice or ListPrice gives. */
function struckPrice(specification: unknown): number | undefined {
  const specifications = Array.isArray(specification) ? list(specification) : [specification];
  const struck = specifications
    .slice(0, 20)
    .find((spec) => /strikethrough|listprice/i.test(text(at(spec, 'priceType')) ?? ''));
  return money(at(struck, 'price'));
}

/** `image` may be a URL, an ImageObject, or a list of either. */
function imageOf(image: unknown, pageUrl: string): string | undefined {
  const first = Array.isArray(image) ? list(image)[0] : image;
  return resolvedHttpUrl(typeof first === 'string' ? first : at(first, 'url'), pageUrl);
}
