import { hexId, numberId, seededRandom, type Random } from '../random';
import {
  isPriceCut,
  type Menu,
  type MenuStore,
  type Product,
  type Saving,
  type SizePrice,
  type Special,
} from './model';
import { makeProducts } from './products';
import {
  MANAGER_SPECIAL,
  PRODUCT_SPECIALS,
  STORE_SPECIALS,
  type SpecialDraft,
} from './special-templates';

export interface MenuRequest {
  seed: string | number;
  store: MenuStore;
  /** End dates are set relative to this day, so they stay in the future. */
  now: Date;
}

/** Products on a menu, at least and at most; above 50 Dutchie needs a second page. */
const PRODUCTS = [36, 80] as const;
/** Product specials a store runs at once. */
const SPECIALS = [4, 8] as const;
/** A special covers a few products... */
const MAX_COVERED = 6;
/** ...and all of them together at most this share of the menu: most items sell at shelf price. */
const MAX_COVERED_SHARE = 0.4;
/** Every menu has at least this many price cuts (see MANAGER_SPECIAL). */
const MIN_PRICE_CUTS = 3;

/**
 * The menu of one store: pure, and the same for the same seed, store key and day. About a third
 * of the products carry a special; the rest are ordinary items an adapter must leave out.
 */
export function generateMenu({ seed, store, now }: MenuRequest): Menu {
  const random = seededRandom(seed, store.key);
  const products = makeProducts(random, store.key, random.int(...PRODUCTS));
  const drafts = random
    .sample(PRODUCT_SPECIALS, random.int(...SPECIALS))
    .map((template) => template(products, random))
    .filter((draft) => draft !== undefined);
  const specials: Special[] = [];
  let budget = Math.floor(products.length * MAX_COVERED_SHARE);
  for (const draft of drafts) {
    const special = finish(draft, specials.length, store.key, random, now);
    const covered = apply(special, draft, products, random, Math.min(MAX_COVERED, budget));
    if (covered > 0) specials.push(special);
    budget -= covered;
  }
  if (products.filter(isPriceCut).length < MIN_PRICE_CUTS) {
    const special = finish(MANAGER_SPECIAL, specials.length, store.key, random, now);
    const pick = (product: Product) => product.specialId === undefined;
    apply(special, { ...MANAGER_SPECIAL, covers: pick }, products, random, MIN_PRICE_CUTS);
    specials.push(special);
  }
  for (const draft of random.sample(STORE_SPECIALS, random.int(1, 3))) {
    specials.push({ ...finish(draft, specials.length, store.key, random, now), scope: 'store' });
  }
  return { store, products, specials };
}

/** Ids, badge label and end date for a draft. */
function finish(
  draft: SpecialDraft,
  index: number,
  storeKey: string,
  random: Random,
  now: Date,
): Special {
  const ending = !draft.recurring && random.chance(0.5);
  return {
    id: hexId(24, 'special', storeKey, index),
    number: numberId(100_000, 999_999, 'special', storeKey, index),
    name: draft.name,
    description: draft.description,
    label: labelOf(draft.saving),
    saving: draft.saving,
    sizes: draft.sizes ? [...draft.sizes] : undefined,
    days: draft.days,
    endsAt: ending ? endOfDayInDays(now, random.int(3, 30)) : undefined,
    scope: 'products',
  };
}

/**
 * Puts the special on up to `max` of the products it covers that carry none yet, cutting the
 * prices of the sizes it applies to; returns how many products it took.
 */
function apply(
  special: Special,
  draft: SpecialDraft,
  products: Product[],
  random: Random,
  max: number,
): number {
  const { covers } = draft;
  if (!covers || max <= 0) return 0;
  const candidates = products.filter(
    (product) =>
      product.specialId === undefined && covers(product) && takes(draft, special.saving, product),
  );
  const chosen = random.sample(candidates, max);
  for (const product of chosen) {
    product.specialId = special.id;
    product.sizes = product.sizes.map((size) =>
      appliesTo(draft, size) ? withSale(size, special.saving) : size,
    );
  }
  return chosen.length;
}

const appliesTo = (draft: SpecialDraft, size: SizePrice) =>
  draft.sizes === undefined || draft.sizes.includes(size.label);

const isCut = (saving: Saving) =>
  saving.kind === 'percent' || saving.kind === 'dollars' || saving.kind === 'target';

/** Whether the special can go on the product: a size it covers, and for a cut, a real one. */
const takes = (draft: SpecialDraft, saving: Saving, product: Product) =>
  product.sizes.some(
    (size) =>
      appliesTo(draft, size) && (!isCut(saving) || withSale(size, saving).sale !== undefined),
  );

/**
 * The size with its price cut, when the saving is one and lowers the price by at most half (no
 * store takes $5 off a $7 drink or sells a $60 ounce as a '$25 eighth').
 */
function withSale(size: SizePrice, saving: Saving): SizePrice {
  const sale = cutPrice(size.price, saving);
  return sale !== undefined && sale >= size.price / 2 && sale < size.price
    ? { ...size, sale }
    : size;
}

function cutPrice(price: number, saving: Saving): number | undefined {
  switch (saving.kind) {
    case 'percent':
      return cents(price * (1 - saving.percent / 100));
    case 'dollars':
      return cents(price - saving.dollars);
    case 'target':
      return saving.price;
    default:
      // BOGO and bundles are deals by their terms: the shelf price stays.
      return undefined;
  }
}

const cents = (value: number) => Math.round(value * 100) / 100;

export function labelOf(saving: Saving): string {
  switch (saving.kind) {
    case 'percent':
      return `${saving.percent}% Off`;
    case 'dollars':
      return `$${saving.dollars} Off`;
    case 'target':
      return `$${saving.price}`;
    case 'bogo':
      return saving.buy === 1 && saving.get === 1 ? 'BOGO' : `B${saving.buy}G${saving.get}`;
    case 'bundle':
      return `${saving.count} for $${saving.price}`;
  }
}

/** 23:59 in St. Louis (05:59 UTC the next day, ignoring daylight time) `days` after `now`. */
function endOfDayInDays(now: Date, days: number): string {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days + 1, 5, 59);
  return new Date(end).toISOString();
}
