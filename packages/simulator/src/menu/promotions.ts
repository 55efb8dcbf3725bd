import { hash32, hexId, numberId, seededRandom, type Random } from '../random';
import { endOfDay } from './menu-day';
import { isPriceCut, type Product, type Saving, type SizePrice, type Special } from './model';
import {
  MANAGER_SPECIAL,
  PRODUCT_SPECIALS,
  STORE_SPECIALS,
  type SpecialDraft,
} from './special-templates';

/**
 * Which specials a store runs on a day, and what they do to its prices. A store has a few
 * promotion slots; each runs one special after another, each for a run of days, then rests a
 * few days before the next. So products go on and off sale, a special's end date is the last day
 * of its run, and the same product may come back on sale at another price.
 *
 * Some stores inflate: on some of their price cuts, the regular price they show (the 'was' the
 * cut is taken from) is raised 15-30% when the sale starts, above any price the product sold at.
 * The service's price memory exposes exactly that ('Usual $40').
 */

/** Promotion slots a store has, at least and at most. */
const SLOTS = [4, 8] as const;
/** A slot's cycle: a run of its special and then a rest, in days, at least and at most. */
const CYCLE_DAYS = [8, 20] as const;
/** The rest at the end of each cycle, in days, at least. */
const REST_DAYS = 2;
/** A special covers a few products... */
const MAX_COVERED = 6;
/** ...and all of them together at most this share of the menu: most items sell at shelf price. */
const MAX_COVERED_SHARE = 0.4;
/** Every menu has at least this many price cuts (see MANAGER_SPECIAL). */
const MIN_PRICE_CUTS = 3;
/** The manager's picks change weekly. */
const MANAGER_DAYS = 7;
/** A store-wide card with an end date names the end of its month. */
const STORE_CARD_DAYS = 30;
/** The share of stores that inflate the regular price on their price cuts. */
const INFLATING_SHARE = 0.35;
/** The chance that one price cut of an inflating store is inflated, and by how much (percent). */
const INFLATED_CUT_CHANCE = 0.6;
const MARKUP_PERCENT = [15, 30] as const;

/**
 * Puts the day's specials on `products` (setting their `specialId` and sale prices) and answers
 * every special the menu lists: product specials first, then store-wide cards.
 */
export function runSpecials(
  seed: string | number,
  storeKey: string,
  day: number,
  products: Product[],
  lasting: readonly Product[],
): Special[] {
  const slots = seededRandom(seed, storeKey, 'promotions');
  const inflates = seededRandom(seed, storeKey, 'habits').chance(INFLATING_SHARE);
  const specials: Special[] = [];
  const names = new Set<string>();
  let budget = Math.floor(products.length * MAX_COVERED_SHARE);
  const slotCount = slots.int(...SLOTS);
  for (let slot = 0; slot < slotCount; slot++) {
    const cycle = slots.int(...CYCLE_DAYS);
    const runDays = slots.int(Math.ceil(cycle / 2), cycle - REST_DAYS);
    const phase = slots.int(0, cycle - 1);
    const run = Math.floor((day + phase) / cycle);
    const firstDay = run * cycle - phase;
    if (day >= firstDay + runDays) continue; // the slot rests
    const random = seededRandom(seed, storeKey, 'promotion', slot, run);
    // Drafted from the products the store always carries, so the special is the same all run.
    const draft = random.pick(PRODUCT_SPECIALS)(lasting, random);
    if (draft === undefined || names.has(draft.name)) continue;
    const special = specialOf(storeKey, draft, random, ['slot', slot, run], firstDay + runDays - 1);
    const markup =
      inflates && isCut(draft.saving) && random.chance(INFLATED_CUT_CHANCE)
        ? random.int(...MARKUP_PERCENT)
        : 0;
    const salt = random.int(0, 0x7fffffff);
    const covered = apply(special, draft, products, {
      salt,
      markup,
      max: Math.min(MAX_COVERED, budget),
    });
    if (covered === 0) continue;
    specials.push(special);
    names.add(special.name);
    budget -= covered;
  }
  if (products.filter(isPriceCut).length < MIN_PRICE_CUTS) {
    const week = Math.floor(day / MANAGER_DAYS);
    const random = seededRandom(seed, storeKey, 'manager', week);
    const lastDay = (week + 1) * MANAGER_DAYS - 1;
    const special = specialOf(storeKey, MANAGER_SPECIAL, random, ['manager', week], lastDay);
    const draft = {
      ...MANAGER_SPECIAL,
      covers: (product: Product) => product.specialId === undefined,
    };
    apply(special, draft, products, {
      salt: random.int(0, 0x7fffffff),
      markup: 0,
      max: MIN_PRICE_CUTS,
    });
    specials.push(special);
  }
  const cards = seededRandom(seed, storeKey, 'store specials');
  const month = Math.floor(day / STORE_CARD_DAYS);
  cards.sample(STORE_SPECIALS, cards.int(1, 3)).forEach((draft, index) => {
    const lastDay = (month + 1) * STORE_CARD_DAYS - 1;
    specials.push({
      ...specialOf(storeKey, draft, cards, ['store', index], lastDay),
      scope: 'store',
    });
  });
  return specials;
}

/** A draft with its ids and label; half of the specials that end name their run's last day. */
function specialOf(
  storeKey: string,
  draft: SpecialDraft,
  random: Random,
  idParts: ReadonlyArray<string | number>,
  lastDay: number,
): Special {
  const ending = !draft.recurring && random.chance(0.5);
  return {
    id: hexId(24, 'special', storeKey, ...idParts),
    number: numberId(100_000, 999_999, 'special', storeKey, ...idParts),
    name: draft.name,
    description: draft.description,
    label: labelOf(draft.saving),
    saving: draft.saving,
    sizes: draft.sizes ? [...draft.sizes] : undefined,
    days: draft.days,
    endsAt: ending ? endOfDay(lastDay) : undefined,
    scope: 'products',
  };
}

interface Placement {
  /** Orders the candidates: the same salt picks the same products all run. */
  salt: number;
  /** Percent the shown regular price is raised by before the cut (an inflated sale); 0: none. */
  markup: number;
  max: number;
}

/**
 * Puts the special on up to `max` of the products it covers that carry none yet, cutting the
 * prices of the sizes it applies to; returns how many products it took. The products are taken in
 * an order of their own for the run, so a product taken by another slot's special leaves the
 * others where they were.
 */
function apply(
  special: Special,
  draft: SpecialDraft,
  products: Product[],
  { salt, markup, max }: Placement,
): number {
  const { covers } = draft;
  if (!covers || max <= 0) return 0;
  const chosen = products
    .filter(
      (product) =>
        product.specialId === undefined &&
        covers(product) &&
        takes(draft, special.saving, product, markup),
    )
    .sort((a, b) => hash32(salt, a.number) - hash32(salt, b.number))
    .slice(0, max);
  for (const product of chosen) {
    product.specialId = special.id;
    product.sizes = product.sizes.map((size) =>
      appliesTo(draft, size) ? withSale(size, special.saving, markup) : size,
    );
  }
  return chosen.length;
}

const appliesTo = (draft: SpecialDraft, size: SizePrice) =>
  draft.sizes === undefined || draft.sizes.includes(size.label);

const isCut = (saving: Saving) =>
  saving.kind === 'percent' || saving.kind === 'dollars' || saving.kind === 'target';

/** Whether the special can go on the product: a size it covers, and for a cut, a real one. */
const takes = (draft: SpecialDraft, saving: Saving, product: Product, markup: number) =>
  product.sizes.some(
    (size) =>
      appliesTo(draft, size) &&
      (!isCut(saving) || withSale(size, saving, markup).sale !== undefined),
  );

/**
 * The size with its price cut, when the saving is one and lowers the price by at most half (no
 * store takes $5 off a $7 drink or sells a $60 ounce as a '$25 eighth'); with a markup, the cut
 * is taken from the raised price, which the size then shows as its regular price.
 */
function withSale(size: SizePrice, saving: Saving, markup: number): SizePrice {
  const shown = markup > 0 ? Math.round((size.price * (100 + markup)) / 100) : size.price;
  const sale = cutPrice(shown, saving);
  return sale !== undefined && sale >= shown / 2 && sale < shown
    ? { ...size, price: shown, sale }
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
