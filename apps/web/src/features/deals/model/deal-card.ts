import {
  cardImages,
  categoryLabel,
  cutText,
  dealPriceMemoryCard,
  dispensaryChipName,
  distanceChipText,
  dollarsText,
  endsLabel,
  hasDealBadge,
  imagePlaceholder,
  isNewDeal,
  marketDay,
  moneyText,
  potencyText,
  priceMemoryText,
  safeHttpUrl,
  secondaryDescription,
  shownPercent,
  showsDealBadge,
  showCategoryChip,
  unitPriceText,
  usualPriceLine,
  type CategoryFilter,
  type DealView,
  type PricesWithTax,
  type ShownDiscount,
  type Weekday,
  type TimeZone,
} from '@stl-deals/domain';

/** Everything one card shows, computed by the domain's card rules (spec section 5). */
export interface DealCardView {
  /** The deal's page, or null when its sourceUrl is not http(s): the card is then no link. */
  href: string | null;
  title: string;
  /** The deal's price text, as the store words it. */
  price: string;
  /** Whether the price text is no more than the multi-buy the price row already shows. */
  priceIsOffer: boolean;
  description: string | null;
  dealBadge: boolean;
  dispensaryChip: string | null;
  distanceChip: string | null;
  categoryChip: string | null;
  /** The images to try in order: the deal's own, the logos the service sent, the category's. */
  images: string[];
  placeholder: { emoji: string; text: string };
}

/**
 * Decision: a deal with a blank title shows its description as the title (the search reads it
 * the same way, spec section 5) and then no secondary description.
 */
/** Cards worked out once per view and category filter: the same view is listed again and again. */
const CARD_VIEWS = new WeakMap<DealView, Map<CategoryFilter, DealCardView>>();

export function dealCardView(view: DealView, categoryFilter: CategoryFilter): DealCardView {
  let byFilter = CARD_VIEWS.get(view);
  if (!byFilter) {
    byFilter = new Map();
    CARD_VIEWS.set(view, byFilter);
  }
  let card = byFilter.get(categoryFilter);
  if (!card) {
    card = makeDealCardView(view, categoryFilter);
    byFilter.set(categoryFilter, card);
  }
  return card;
}

function makeDealCardView(view: DealView, categoryFilter: CategoryFilter): DealCardView {
  const { deal, category, distanceMiles, distanceApproximate } = view;
  const hasTitle = deal.title.trim() !== '';
  const secondary = hasTitle ? secondaryDescription(deal) : null;
  const offer = view.multiBuy;
  return {
    href: safeHttpUrl(deal.sourceUrl),
    title: cutText(hasTitle ? deal.title.trim() : deal.description.trim()),
    price: deal.price,
    priceIsOffer:
      offer !== undefined &&
      deal.price.replace(/\s+/g, ' ').trim().toLowerCase() === offer.toLowerCase(),
    description: secondary === null ? null : cutText(secondary),
    dealBadge: showsDealBadge(shownOf(view), hasDealBadge(deal)),
    dispensaryChip: dispensaryChipName(deal.dispensary) || null,
    distanceChip: distanceChipText(distanceMiles, distanceApproximate),
    categoryChip: showCategoryChip(categoryFilter, category) ? categoryLabel(category) : null,
    // The logos are the service's choice (`logoUrls`), as the category is: see `cardImages`.
    images: cardImages(deal, category),
    placeholder: imagePlaceholder(category),
  };
}

/**
 * What a card shows so deals compare at a glance, from the contract's extension
 * fields; each part is null when the deal does not send what it needs, so a deal with the spec's
 * fields only looks as the spec says.
 */
export interface DealFactsView {
  /**
   * The price, large: what one item costs taking the deal as offered. A multi-buy's price per
   * item ('$32.50 each', `offer` beside it), else the sale price ('$30', from `salePrice`).
   */
  sale: string | null;
  /** The multi-buy the price per item comes from, small and in sentence case ('2 for $65'). */
  offer: string | null;
  /**
   * The regular price the store claims, struck through, when the product's history cannot judge
   * the deal (`shownDiscount`'s 'claimed' basis); null when it can (`usual` stands in its place).
   */
  regular: string | null;
  /**
   * Where the history puts today's price: 'Usual $52', 'Its usual price', '$11 above its usual
   * price' (`usualPriceLine`); null when it cannot judge.
   */
  usual: string | null;
  /** '-38%': the shown discount (`shownPercent`), against the usual price when it is known. */
  discount: string | null;
  /**
   * What the product's price memory says of today's price: 'Lowest in 30 days' or 'Down $5 to
   * $49' (a drop within the last 7 days); null when its history is unknown, when neither holds, or
   * without a context (no day to count from).
   */
  memory: string | null;
  /** '$8.57/g', '$2.10/100 mg', at the price per item (a multi-buy's, see `effectiveUnitPrice`). */
  unitPrice: string | null;
  /** Size, brand and strain type, in that order, as given. */
  details: string[];
  specialName: string | null;
  isNew: boolean;
  /** 'Ends today', 'Ends Sun'. */
  ends: string | null;
}

export interface FactsContext {
  /** When the deals were loaded (epoch ms): 'New' and 'Ends' are judged from it. */
  now: number;
  timeZone: TimeZone;
  /** The weekday whose deals are listed. */
  day: Weekday;
}

/** The facts of the cards drawn, each with the context they were worked out in. */
const FACTS_VIEWS = new WeakMap<DealView, { context?: FactsContext; facts: DealFactsView }>();

/**
 * Without `context` (no load time known), no deal is called 'New' and no end is named. Worked
 * out once per view and context (one per load and day): a search brings the same cards back.
 */
export function dealFactsView(view: DealView, context?: FactsContext): DealFactsView {
  const known = FACTS_VIEWS.get(view);
  if (known && known.context === context) return known.facts;
  const facts = makeDealFactsView(view, context);
  FACTS_VIEWS.set(view, { context, facts });
  return facts;
}

function makeDealFactsView(view: DealView, context?: FactsContext): DealFactsView {
  const { deal } = view;
  const shown = shownOf(view);
  const sale = typeof deal.salePrice === 'number' ? deal.salePrice : null;
  const each = view.multiBuy && !Number.isNaN(view.sortPrice) ? view.sortPrice : null;
  const regular = shown.basis === 'claimed' ? shown.regularPrice : null;
  // A deal without a history check has no line: the market's day is not read for it.
  const remembered =
    context && deal.discountCheck
      ? dealPriceMemoryCard(deal, marketDay(context.now, context.timeZone))
      : null;
  const percent = shownPercent(shown);
  const text = (value: string | undefined) => value?.trim() || null;
  return {
    sale:
      each !== null
        ? `${dollarsText(each, { cents: true })} each`
        : sale === null
          ? null
          : moneyText(sale),
    offer: each !== null && view.multiBuy ? view.multiBuy : null,
    regular: regular === null ? null : moneyText(regular),
    usual: usualPriceLine(shown, view.sortPrice),
    discount: percent === null ? null : `-${percent}%`,
    memory: remembered ? priceMemoryText(remembered) : null,
    unitPrice: view.unitPrice ? unitPriceText(view.unitPrice) : null,
    details: [
      text(deal.size),
      text(deal.brand),
      text(deal.strainType),
      deal.thc ? potencyText('THC', deal.thc) : null,
    ].filter((part): part is string => part !== null),
    specialName: text(deal.specialName),
    isNew: context ? isNewDeal(deal, context.now) : false,
    ends: context ? endsLabel(deal, context) : null,
  };
}

/**
 * Whether a description only restates what the card already shows: each of its parts between
 * ' · ' is, case aside, one of `shown` (the special's name, the size, brand and strain).
 * Decision: such a description is not shown again (the spec's card shows the description; a line
 * that repeats the chips and tags above it only pushes the card's end further down).
 */
export function restatesCard(description: string, shown: readonly (string | null)[]): boolean {
  const said = shown.map((text) => text?.toLowerCase());
  return description
    .toLowerCase()
    .split(' · ')
    .every((part) => said.includes(part.trim()));
}

/** A view made without a verdict (by hand) claims no discount. */
const NO_CLAIM: ShownDiscount = { basis: 'claimed', percent: Number.NaN, regularPrice: null };
const shownOf = (view: DealView): ShownDiscount => view.shown ?? NO_CLAIM;

/**
 * '~$27.43 with tax' ('(estimate: sales tax unknown)' after it when a part of the store's tax is
 * unknown): the price per item with the store's taxes, when prices show with tax (the 'Prices
 * with tax' switch) and the price is known; the price sorts order by the same amount.
 */
export function taxLine(view: DealView, tax: PricesWithTax | null | undefined): string | null {
  if (!tax || Number.isNaN(view.sortPrice)) return null;
  return tax.line(view.sortPrice, view.deal.dispensaryKey);
}
