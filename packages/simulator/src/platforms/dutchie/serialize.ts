import {
  coveredSizes,
  isPriceCut,
  oneDose,
  potencyOf,
  specialOf,
  type Menu,
  type Product,
  type ProductCategory,
  type SimPotency,
  type SizePrice,
  type Special,
} from '../../menu/model';
import { WEEKDAYS } from '@stl-deals/domain';
import { oneSpanADay, twelveHour } from '../hours-forms';
import { parenthesizedPhone } from '../phone-forms';
import type { SimStore } from '../../stores';

/**
 * The neutral menu in Dutchie's consumer GraphQL shapes (research/platforms.md section 1, and the
 * project's recorded payloads in packages/scraper/src/adapters/dutchie/payloads).
 */

const PRODUCT_TYPES: Record<ProductCategory, string> = {
  flower: 'Flower',
  'pre-rolls': 'Pre-Rolls',
  vapes: 'Vaporizers',
  concentrates: 'Concentrate',
  edibles: 'Edible',
  topicals: 'Topicals',
};

/** Dutchie names flower weights by the ounce: '1/8oz', '1/4oz', '1/2oz', '1oz'. */
const OUNCE_OPTIONS = new Map([
  [3.5, '1/8oz'],
  [7, '1/4oz'],
  [14, '1/2oz'],
  [28, '1oz'],
]);

const optionOf = (size: SizePrice) =>
  (size.units === 1 && size.grams !== undefined && OUNCE_OPTIONS.get(size.grams)) || size.label;

/** Epoch milliseconds as a string, as Dutchie sends `startStamp`/`endStamp`; null when open-ended. */
const stamp = (iso: string | undefined) => (iso === undefined ? null : String(Date.parse(iso)));

/** `ConsumerDispensaries`: the store, with [lng, lat] when the registry knows them. */
export function storeLookup(store: SimStore) {
  const { lat, lng, address, name } = store.menuStore;
  return {
    data: {
      filteredDispensaries: [
        {
          id: store.hexId,
          cName: store.slug,
          name,
          address: address ?? '',
          status: 'open',
          location: {
            ln1: address?.split(',')[0] ?? '',
            city: 'St. Louis',
            state: 'MO',
            country: 'United States',
            // Dutchie's placeholder for a store without coordinates is 0,0.
            geometry: {
              coordinates: [lng ?? 0, lat ?? 0],
              __typename: 'Dispensaries_location_geometry',
            },
            __typename: 'Dispensaries_location',
          },
          phone: parenthesizedPhone(store.phone),
          timezone: 'America/Chicago',
          pickupHours: dayBoundsOf(store),
          deliveryHours: noDays(),
          effectiveHours: {
            pickupHours: dayBoundsOf(store),
            deliveryHours: noDays(),
            __typename: 'EffectiveHours',
          },
          recDispensary: true,
          medicalDispensary: true,
          __typename: 'Dispensaries',
        },
      ],
    },
  };
}

const DAY_NAMES = WEEKDAYS.map((day) => day[0]!.toUpperCase() + day.slice(1));

/**
 * The store's week as Dutchie's `dayBounds` ('7:00 AM' to '6:00 PM', `active` false on a closed
 * day, as a real 2022 ConsumerDispensaries answer has them): one stretch a day.
 */
interface DayBounds {
  active: boolean | null;
  start: string;
  end: string;
  __typename: 'dayBounds';
}

function dayBoundsOf(store: SimStore) {
  const days = oneSpanADay(store.hours);
  return {
    ...Object.fromEntries(
      WEEKDAYS.map((day, index): [string, DayBounds] => {
        const span = days[day];
        return [
          DAY_NAMES[index]!,
          span
            ? {
                active: true,
                start: twelveHour(span.opens),
                end: twelveHour(span.closes),
                __typename: 'dayBounds',
              }
            : { active: false, start: '00:00 AM', end: '00:00 AM', __typename: 'dayBounds' },
        ];
      }),
    ),
    __typename: 'Dispensaries_profile_hours',
  };
}

/** A service the store does not offer (delivery): every day inactive, as Dutchie writes it. */
function noDays() {
  return {
    ...Object.fromEntries(
      DAY_NAMES.map((day): [string, DayBounds] => [
        day,
        { active: null, start: '00:00 AM', end: '00:00 AM', __typename: 'dayBounds' },
      ]),
    ),
    __typename: 'Dispensaries_profile_hours',
  };
}

/** The answer for a dispensary id Dutchie does not know. */
export const unknownStoreLookup = { data: { filteredDispensaries: [] } };

/** `FilteredProducts` page `page` (0-based) of `perPage` products. */
export function productsPage(menu: Menu, store: SimStore, page: number, perPage: number) {
  const size = Math.max(1, perPage);
  const products = menu.products.slice(page * size, (page + 1) * size);
  return {
    data: {
      filteredProducts: {
        products: products.map((product) => productOf(menu, store, product)),
        queryInfo: {
          totalCount: menu.products.length,
          totalPages: Math.ceil(menu.products.length / size),
          __typename: 'QueryInfo',
        },
        __typename: 'FilteredProductsResponse',
      },
    },
  };
}

function productOf(menu: Menu, store: SimStore, product: Product) {
  const special = specialOf(menu, product);
  const options = product.sizes.map(optionOf);
  const prices = product.sizes.map((size) => size.price);
  const specialPrices = isPriceCut(product) ? product.sizes.map((s) => s.sale ?? s.price) : [];
  return {
    _id: product.id,
    id: product.id,
    AdditionalOptions: [],
    brand: { id: product.id.slice(0, 12), name: product.brand, __typename: 'Brand' },
    brandName: product.brand,
    DispensaryID: store.hexId,
    Image: product.imageUrl ?? null,
    images: product.imageUrl
      ? [{ url: product.imageUrl, active: true, __typename: 'Products_Images' }]
      : [],
    medicalOnly: false,
    Name: product.name,
    Options: options,
    Prices: prices,
    recPrices: prices,
    recSpecialPrices: specialPrices,
    medicalPrices: prices,
    medicalSpecialPrices: specialPrices,
    special: special !== undefined,
    specialData: special ? specialDataOf(special, product) : null,
    Status: 'Active',
    strainType: product.strainType ?? 'N/A',
    subcategory: product.subcategory.toLowerCase().replace(/\s+/g, '-'),
    ...contentOf(product),
    type: PRODUCT_TYPES[product.category],
    cName: product.slug,
    __typename: 'Products',
  };
}

/** A price cut is a sale special; BOGO and bundles are Dutchie's 'bogo' specials. */
function specialDataOf(special: Special, product: Product) {
  const options = coveredSizes(special, product).map(optionOf);
  const common = {
    specialId: special.id,
    specialName: special.name,
    endStamp: stamp(special.endsAt),
    menuType: 'both',
    stackingMode: 'non-stacking',
  };
  const { saving } = special;
  if (saving.kind === 'bogo' || saving.kind === 'bundle') {
    const bundle = saving.kind === 'bundle';
    const bogo = {
      ...common,
      specialType: 'bogo',
      menuDisplayName: null,
      qualifyingOptions: options,
      bogoConditions: [
        { totalQuantity: { enabled: true, quantity: bundle ? saving.count : saving.buy } },
      ],
      bogoRewards: [
        bundle
          ? { discountType: 'targetPrice', discountAmount: saving.price, quantity: 1 }
          : { discountType: 'percentDiscount', discountAmount: 100, quantity: saving.get },
      ],
      __typename: 'Products_specialData_bogoSpecials',
    };
    return { saleSpecials: null, bogoSpecials: [bogo], __typename: 'Products_specialData' };
  }
  const sale = {
    ...common,
    specialType: 'sale',
    discount:
      saving.kind === 'percent'
        ? saving.percent
        : saving.kind === 'dollars'
          ? saving.dollars
          : saving.price,
    percentDiscount: saving.kind === 'percent',
    dollarDiscount: saving.kind === 'dollars',
    targetPrice: saving.kind === 'target',
    eligibleProductOptions: special.sizes === undefined ? null : options,
    __typename: 'Products_specialData_saleSpecials',
  };
  return { saleSpecials: [sale], bogoSpecials: null, __typename: 'Products_specialData' };
}

const specialType = (special: Special) =>
  special.saving.kind === 'bogo' || special.saving.kind === 'bundle' ? 'bogo' : 'sale';

/** `GetSpecialMenuCards`: one card per special, product and store-wide alike. */
export function specialMenuCards(menu: Menu) {
  return {
    data: {
      getSpecialMenuCards: {
        menuCards: menu.specials.map((special) => ({
          _id: special.id,
          menuDisplayName: special.name,
          menuDisplayDescription: special.description,
          specialType: specialType(special),
          recurringSchedule: special.days ? { days: special.days } : null,
          startStamp: null,
          endStamp: stamp(special.endsAt),
          __typename: 'SpecialMenuCard',
        })),
        __typename: 'SpecialMenuCards',
      },
    },
  };
}

/** `FilteredSpecials`: the same specials under their list names (the card's twin by `_id`). */
export function filteredSpecials(menu: Menu) {
  return {
    data: {
      filteredSpecials: menu.specials.map((special) => ({
        _id: special.id,
        specialId: special.id,
        name: special.name,
        description: special.description,
        menuDisplayName: special.name,
        menuDisplayDescription: special.description,
        specialType: specialType(special),
        isRecurring: special.days !== undefined,
        recurringSchedule: special.days ? { days: special.days } : null,
        endStamp: stamp(special.endsAt),
        __typename: 'Specials',
      })),
    },
  };
}

/** Apollo's answer to a hash it does not know (research section 0), with HTTP 200. */
export const persistedQueryNotFound = {
  errors: [
    { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
  ],
};

/** What Dutchie answers for a dispensary id it does not know. */
export const unknownDispensary = {
  errors: [{ message: 'Dispensary not found', extensions: { code: 'NOT_FOUND' } }],
  data: null,
};

/**
 * `THCContent` and `CBDContent` (research 1.4): `{unit, range}`, one per product, 'PERCENTAGE'
 * for flower-like forms and 'MILLIGRAMS' for edibles and topicals. A product sold in doses of
 * several sizes states none: its one figure could not be every size's.
 */
function contentOf(product: Product) {
  const { thc, cbd } = oneDose(product) ? potencyOf(product, product.sizes[0]) : {};
  const content = (potency: SimPotency | undefined) =>
    potency
      ? {
          unit: potency.unit === '%' ? 'PERCENTAGE' : 'MILLIGRAMS',
          range: potency.min === potency.max ? [potency.min] : [potency.min, potency.max],
          __typename: 'ProductPotency',
        }
      : null;
  return { THCContent: content(thc), CBDContent: content(cbd) };
}
