import {
  coveredSizes,
  potencyOf,
  specialOf,
  type Menu,
  type Product,
  type SizePrice,
  type Special,
} from '../../menu/model';
import { slugOf } from '../../menu/products';

/**
 * The neutral menu as a Sweed POS storefront answers `GetProductList` (research/platforms.md
 * section 5, the project's recorded payloads in packages/scraper/src/adapters/sweed/payloads):
 * products with their sizes as `variants`, each with `price`, `promoPrice` and its `promos`.
 */

const CATEGORIES = {
  flower: 'Flower',
  'pre-rolls': 'Pre-Rolls',
  vapes: 'Vaporizers',
  concentrates: 'Concentrates',
  edibles: 'Edibles',
  topicals: 'Topicals',
} as const;

/** Category ids as a store's Sweed catalog numbers them. */
const CATEGORY_IDS = {
  flower: 3101,
  'pre-rolls': 3102,
  vapes: 3103,
  concentrates: 3104,
  edibles: 3105,
  topicals: 3106,
} as const;

/** `Route/Resolve`: the storefront URL's store. */
export const routeOf = (storeId: number, basePath: string) => ({ storeId, basePath });

/** What `Route/Resolve` answers for a URL that is no storefront. */
export const noRoute = { storeId: null, basePath: null };

/** Page `page` (1-based) of `pageSize` products. */
export function productListPage(menu: Menu, page: number, pageSize: number) {
  const size = Math.max(1, pageSize);
  const first = (Math.max(1, page) - 1) * size;
  return {
    list: menu.products.slice(first, first + size).map((product) => productOf(menu, product)),
    total: menu.products.length,
    page,
    pageSize: size,
    filters: [],
    sortingMethods: [
      { id: 1, name: 'Featured' },
      { id: 2, name: 'Price: Low to High' },
    ],
  };
}

function productOf(menu: Menu, product: Product) {
  const special = specialOf(menu, product);
  const covered = special ? coveredSizes(special, product) : [];
  return {
    id: product.number,
    name: product.name,
    description: `${product.brand} ${product.name}, made in Missouri.`,
    category: {
      id: CATEGORY_IDS[product.category],
      name: CATEGORIES[product.category],
      canonicalName: slugOf(CATEGORIES[product.category]),
    },
    subcategory: { id: CATEGORY_IDS[product.category] + 100, name: product.subcategory },
    images: product.imageUrl ? [product.imageUrl] : [],
    brand: { name: product.brand, filter: null, tagId: null },
    strain: product.strainType
      ? { name: product.name, prevalence: { name: product.strainType } }
      : null,
    productType: { name: product.subcategory },
    canonicalName: product.slug,
    variants: product.sizes.map((size, index) =>
      variantOf(product, size, index, special && covered.includes(size) ? special : undefined),
    ),
  };
}

/** A size: '0.5g x 5' packs read '0.5g ea | 5-Pack', as Sweed names them. */
const sizeName = (size: SizePrice) =>
  size.units > 1 && size.grams !== undefined
    ? `${size.grams / size.units}g ea | ${size.units}-Pack`
    : size.label;

function variantOf(product: Product, size: SizePrice, index: number, special?: Special) {
  return {
    id: product.number * 10 + index,
    name: sizeName(size),
    images: [],
    labTests: labTestsOf(product, size),
    saleType: 'Both',
    unitSize:
      size.grams !== undefined
        ? { value: size.grams, unitAbbr: 'G' }
        : { value: size.milligrams ?? 0, unitAbbr: 'MG' },
    unitsInPackage: size.units,
    price: size.price,
    promoPrice: size.sale ?? null,
    discount: size.sale === undefined ? 0 : Math.round((1 - size.sale / size.price) * 100) / 100,
    promos: special ? [promoOf(special)] : [],
    isPacked: true,
  };
}

function promoOf(special: Special) {
  const { saving } = special;
  const days = special.days?.map((day) => day[0]!.toUpperCase() + day.slice(1)).join(', ') ?? '';
  const until = special.endsAt ? `Till ${special.endsAt.slice(0, 10)}` : '';
  return {
    id: special.number,
    name: special.name,
    shortName: special.label,
    description: special.description,
    isBogo: saving.kind === 'bogo',
    startDate: null,
    endDate: special.endsAt ?? null,
    discountAmount: null,
    discountPercent: null,
    displayInCatalog: true,
    displayInDiscountMenu: true,
    scheduleDisplayText: {
      rangeType: '',
      days,
      datePart: until,
      timePart: '',
      full: [days, until].filter(Boolean).join(' '),
    },
    isActiveBySchedule: true,
  };
}

/** A size's `labTests` (section 5): `{thc: {value: [low, high?], unitAbbr: '%' | 'MG'}, cbd}`. */
function labTestsOf(product: Product, size: SizePrice) {
  const { thc, cbd } = potencyOf(product, size);
  if (!thc && !cbd) return null;
  const lab = (potency: { min: number; max: number; unit: string } | undefined) =>
    potency
      ? {
          value: potency.min === potency.max ? [potency.min] : [potency.min, potency.max],
          unitAbbr: potency.unit === '%' ? '%' : 'MG',
        }
      : null;
  return { thc: lab(thc), cbd: lab(cbd) };
}
