import {
  coveredSizes,
  oneDose,
  potencyOf,
  specialOf,
  type Menu,
  type Product,
  type ProductCategory,
  type SizePrice,
  type Special,
} from '../../menu/model';
import { hexId } from '../../random';

/**
 * The neutral menu as the Joint Commerce plugin's Elasticsearch proxy answers `_search`
 * (research/platforms.md section 7, the project's recorded payload in
 * packages/scraper/src/adapters/joint/payloads): one hit per product, each size listed once per
 * menu (recreational and medical), prices as strings.
 */

const CATEGORIES: Record<ProductCategory, string> = {
  flower: 'FLOWER',
  'pre-rolls': 'PRE_ROLLS',
  vapes: 'VAPORIZERS',
  concentrates: 'CONCENTRATES',
  edibles: 'EDIBLES',
  topicals: 'TOPICALS',
};

/** Joint syncs its sizes from the POS, which names flower weights by the ounce. */
const OUNCE_OPTIONS = new Map([
  [3.5, '1/8oz'],
  [7, '1/4oz'],
  [14, '1/2oz'],
  [28, '1oz'],
]);
const optionOf = (size: SizePrice) =>
  (size.units === 1 && size.grams !== undefined && OUNCE_OPTIONS.get(size.grams)) || size.label;

/** A UUID-shaped id, stable for its parts. */
function uuid(...parts: Array<string | number>): string {
  const hex = hexId(32, 'joint', ...parts);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const money = (amount: number) => amount.toFixed(2);

/** A `_search` answer: `size` hits from `from`. */
export function searchAnswer(menu: Menu, businessId: number, from: number, size: number) {
  const products = menu.products.slice(from, from + Math.max(1, size));
  return elasticAnswer(
    menu.products.length,
    products.map((product) => hitOf(menu, product, businessId)),
  );
}

/** What the index answers for a business it has no products of. */
export const noHits = () => elasticAnswer(0, []);

function elasticAnswer(total: number, hits: unknown[]) {
  return {
    took: 4,
    timed_out: false,
    _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
    hits: { total: { value: total, relation: 'eq' }, max_score: 0, hits },
  };
}

function hitOf(menu: Menu, product: Product, businessId: number) {
  const special = specialOf(menu, product);
  const covered = special ? coveredSizes(special, product) : [];
  const jointId = uuid('product', product.id);
  const specials = special ? [specialRecord(special)] : [];
  return {
    _index: 'ecommerce-production',
    _id: jointId,
    _score: 0,
    _source: {
      jointId,
      businessId,
      name: `${product.brand} | ${product.name} | ${product.subcategory}`,
      category: CATEGORIES[product.category],
      subCategory: product.subcategory.toUpperCase().replace(/\W+/g, '_'),
      menuType: ['RECREATIONAL', 'MEDICAL'],
      strainType: product.strainType?.toUpperCase() ?? 'NOT_APPLICABLE',
      urlFragment: product.slug,
      brandName: product.brand,
      ...potenciesOf(product),
      primaryImage: product.imageUrl ?? null,
      images: product.imageUrl ? [product.imageUrl] : [],
      variants: product.sizes.flatMap((size) =>
        (['RECREATIONAL', 'MEDICAL'] as const).map((menuType) => ({
          jointId: uuid('variant', product.id, size.label, menuType),
          productId: jointId,
          menuType,
          option: optionOf(size),
          price: money(size.price),
          specialPrice: size.sale === undefined ? null : money(size.sale),
          appliedSpecials:
            special && covered.includes(size) && size.sale !== undefined ? specials : [],
        })),
      ),
      applicableSpecials: specials,
    },
  };
}

/** A special as Joint relays it from the POS: its name carries the terms. */
function specialRecord(special: Special) {
  const { saving } = special;
  return {
    specialId: uuid('special', special.id),
    specialName: special.name,
    specialDescription: special.description,
    discountType:
      saving.kind === 'percent'
        ? 'PERCENTAGE'
        : saving.kind === 'target'
          ? 'TARGET_PRICE'
          : 'DOLLAR_AMOUNT',
    discountAmount:
      saving.kind === 'percent' ? saving.percent : saving.kind === 'dollars' ? saving.dollars : 0,
    specialImageUrl: '',
  };
}

/**
 * The shop's figures as Joint relays them (section 7): `potencyThcRangeLow` / `High` / `Unit` /
 * `DisplayValue` and CBD's, one per product (none for an edible whose sizes differ in dose).
 */
function potenciesOf(product: Product) {
  const { thc, cbd } = oneDose(product) ? potencyOf(product, product.sizes[0]) : {};
  const fields = (
    name: 'Thc' | 'Cbd',
    potency: { min: number; max: number; unit: string } | undefined,
  ) => ({
    [`potency${name}DisplayValue`]: potency
      ? `${potency.min === potency.max ? potency.min : `${potency.min}-${potency.max}`}${potency.unit}`
      : null,
    [`potency${name}RangeLow`]: potency?.min ?? null,
    [`potency${name}RangeHigh`]: potency?.max ?? null,
    [`potency${name}Unit`]: potency?.unit ?? null,
  });
  return { ...fields('Thc', thc), ...fields('Cbd', cbd) };
}
