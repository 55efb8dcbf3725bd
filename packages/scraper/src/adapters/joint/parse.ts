import type { RegistryEntry } from '../../registry';
import { at, list, money, text } from '../shared/deal-fields';
import { bundlePhraseIn, isSizeNamed, sizesNamedIn } from '../shared/deal-phrases';
import { firstHttpUrl, httpUrl } from '../shared/links';
import { storePageLink, type DealLink } from '../shared/site-links';
import { doseOption, productSize } from '../shared/size';
import { jointCategory } from './categories';
import { listingMenu } from '../shared/listing-deals';
import { figure, productPotencies } from '../shared/potency';
import { strainTypeOf, strainTypeText } from '../shared/product-fields';
import type { ProductOffer, Special } from '../shared/product-offer';
import { sizedPlatformId } from '../shared/product-price';
import type { ParseResult, Received } from '../types';
import { hitsIn } from './plan';

/** Bounds on a hostile answer: hits per page, sizes per product, specials and images each. */
const MAX_HITS = 1_000;
const MAX_VARIANTS = 50;
const MAX_SPECIALS = 20;
const MAX_IMAGES = 50;
/** Characters of a special's description read for the sizes it names. */
const MAX_DESCRIPTION = 1_000;

/**
 * Joint Commerce `_search` pages -> one deal per recreational size whose `specialPrice` is below
 * its `price`, or that carries an applied special, or a BOGO/bundle special the product
 * qualifies for ('2 For $70 Deal'): research section 7. Every recreational size is priced, keyed
 * by the product's and the size's `jointId`.
 */
export function parse(received: readonly Received[], entry: RegistryEntry): ParseResult {
  return listingMenu(received, {
    answer: 'Joint Commerce _search answer',
    items: hitsIn,
    maxItems: MAX_HITS,
    offers: (hit) => {
      const product = at(hit, '_source') ?? hit;
      return recreationalSizes(product).map((variant) => offerOf(product, variant, entry));
    },
  });
}

/**
 * A product lists each size once per menu; Missouri deals are for adults, so medical twins are
 * left out (a size with no menu type is kept).
 */
function recreationalSizes(product: unknown): unknown[] {
  return list(at(product, 'variants'))
    .slice(0, MAX_VARIANTS)
    .filter((variant) => !/^medical$/i.test(text(at(variant, 'menuType')) ?? ''));
}

/** Section 7's verified fields; prices are strings ('30.00'). */
function offerOf(product: unknown, variant: unknown, entry: RegistryEntry): ProductOffer {
  const productId = text(at(product, 'jointId'), 80);
  const option = text(at(variant, 'option'));
  const sizeId = text(at(variant, 'jointId'), 80) ?? option;
  const category = jointCategory(at(product, 'category'), at(product, 'subCategory'));
  const name = text(at(product, 'name'));
  const size = productSize([doseOption(option, category)], at(product, 'name'));
  return {
    id: `${productId ?? text(at(product, 'name'), 80) ?? ''}:${sizeId ?? ''}`,
    // A product without its own id is keyed by its brand, name and size, never by a name as id.
    platformId: sizedPlatformId(productId, sizeId),
    brand: text(at(product, 'brandName')),
    name,
    category,
    strainType: strainTypeOf(at(product, 'strainType')),
    strainWords: strainTypeText(at(product, 'strainType')),
    potency: potencyOf(product, category, size, name),
    size,
    regularPrice: money(at(variant, 'price')),
    salePrice: money(at(variant, 'specialPrice')),
    specials: [
      ...specialsIn(at(variant, 'appliedSpecials')),
      ...specialsIn(bundlesFor(at(product, 'applicableSpecials'), option)),
    ],
    imageUrl: firstHttpUrl(
      at(product, 'primaryImage'),
      ...list(at(product, 'images')).slice(0, MAX_IMAGES),
    ),
    ...menuLink(entry.menuUrl),
  };
}

/** A shown potency: '31.40%', '100mg', '20-24%'. */
const SHOWN = /^(\d{1,5}(?:\.\d{1,3})?)(?:\s?-\s?(\d{1,5}(?:\.\d{1,3})?))?\s?(%|mg)$/i;

/** Lab results read per product at most. */
const MAX_CANNABINOIDS = 40;

/**
 * The shop's figures (section 7): `potencyThcRangeLow` / `High` / `Unit` ('%' or 'mg') and the
 * same for CBD, which already count THCa; else its `cannabinoids[]` lab list (`{name: 'THCA
 * (Δ9-tetrahydrocannabinolic acid)', unit: '%' | 'mg/g', value}`), whose THC-D9 and THCA the
 * rules add up.
 */
function potencyOf(
  product: unknown,
  category: ProductOffer['category'],
  size: string | undefined,
  name: string | undefined,
) {
  const shop = (key: 'Thc' | 'Cbd') => {
    // The shown value ('31.40%', '100mg', '20-24%') states the unit, and the figure where the
    // range fields are missing (as in trimmed answers, which keep the high end or nothing).
    const shown = SHOWN.exec(text(at(product, `potency${key}DisplayValue`), 40) ?? '');
    const unit = at(product, `potency${key}Unit`) ?? shown?.[3];
    return (
      figure([at(product, `potency${key}RangeLow`), at(product, `potency${key}RangeHigh`)], unit) ??
      (shown ? figure([shown[1], shown[2]], unit) : undefined)
    );
  };
  const lab: Record<string, ReturnType<typeof figure>> = {};
  for (const entry of list(at(product, 'cannabinoids')).slice(0, MAX_CANNABINOIDS)) {
    const key = labName(text(at(entry, 'name'), 80));
    if (key && !lab[key]) lab[key] = figure(at(entry, 'value'), at(entry, 'unit'));
  }
  const thc = shop('Thc');
  const cbd = shop('Cbd');
  return productPotencies(
    {
      thc: thc ?? lab.thc,
      thca: thc ? undefined : lab.thca,
      cbd: cbd ?? lab.cbd,
      cbda: cbd ? undefined : lab.cbda,
    },
    { category, size, texts: [name] },
  );
}

/** 'THCA (Δ9-…)' -> thca, 'THC-D9 (Delta 9…)' -> thc, 'CBDA (…)', 'CBD (…)'; others none. */
function labName(value: string | undefined): string | undefined {
  const head = value
    ?.split('(')[0]
    ?.trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '');
  if (head === 'thca') return 'thca';
  if (head === 'thcd9' || head === 'thc' || head === 'd9thc') return 'thc';
  if (head === 'cbda') return 'cbda';
  if (head === 'cbd') return 'cbd';
  return undefined;
}

/** A special: `specialName`, `discountType` ('DOLLAR_AMOUNT', 'TARGET_PRICE', …), amount. */
function specialsIn(value: unknown): Special[] {
  return list(value)
    .slice(0, MAX_SPECIALS)
    .map((special) => {
      const type = text(at(special, 'discountType')) ?? '';
      const amount = money(at(special, 'discountAmount'));
      return {
        name: text(at(special, 'specialName')),
        percentOff: /percent/i.test(type) ? amount : undefined,
        dollarsOff: /dollar/i.test(type) ? amount : undefined,
      };
    });
}

/**
 * The product's BOGO and bundle specials ('2 For $70 Deal') that a size qualifies for. Joint lists
 * them per product, not per size: one whose name names sizes ('4 for $110 Eighths') applies to
 * those sizes only, and so does one whose description does when its name names none ('Mix and
 * match any two half-gram carts'); one that names no size applies to every size.
 */
function bundlesFor(specials: unknown, option: string | undefined): unknown[] {
  return list(specials)
    .slice(0, MAX_SPECIALS)
    .filter((special) => {
      const name = text(at(special, 'specialName'));
      if (bundlePhraseIn(name) === undefined) return false;
      const named = sizesNamedIn(name);
      const sizes =
        named.length > 0
          ? named
          : sizesNamedIn(text(at(special, 'specialDescription'), MAX_DESCRIPTION));
      return sizes.length === 0 || isSizeNamed(sizes, option);
    });
}

/**
 * Section 7: a product's page on the store's site is not documented (a GUESS `{site}/menu/…/
 * {urlFragment}`), so a deal links to the registry's menu URL, the page the plugin's menu is on.
 */
function menuLink(menuUrl: string | undefined): DealLink | undefined {
  return storePageLink(httpUrl(menuUrl));
}
