import {
  cardImages,
  categoryLabel,
  cutText,
  dealPriceMemoryCard,
  dispensaryChipName,
  distanceChipText,
  endsLabel,
  hasDealBadge,
  imagePlaceholder,
  isNewDeal,
  marketDay,
  moneyText,
  multiBuyText,
  priceMemoryText,
  usualPriceText,
  safeHttpUrl,
  secondaryDescription,
  showCategoryChip,
  unitPriceText,
  type CategoryFilter,
  type DealView,
  type PricesWithTax,
  type Weekday,
  type TimeZone,
} from '@stl-deals/domain';

/** Everything one card shows, computed by the domain's card rules (spec section 5). */
export interface DealCardView {
  /** The deal's page, or null when its sourceUrl is not http(s): the card is then no link. */
  href: string | null;
  title: string;
  /** The price text, or the multi-buy's price line when the text is just the offer ('2 for $65'). */
  price: string;
  /** '$32.50 each in 2 for $65' when the price text says more than the offer; else null. */
  each: string | null;
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
  const each = offer ? multiBuyText(view.sortPrice, offer) : null;
  const offerOnly = offer !== undefined && deal.price.replace(/\s+/g, ' ').trim() === offer;
  return {
    href: safeHttpUrl(deal.sourceUrl),
    title: cutText(hasTitle ? deal.title.trim() : deal.description.trim()),
    price: offerOnly && each ? each : deal.price,
    each: offerOnly ? null : each,
    description: secondary === null ? null : cutText(secondary),
    dealBadge: hasDealBadge(deal),
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
  /** The sale price, large ('$30'), from `salePrice`. */
  sale: string | null;
  /**
   * The regular price, struck through, when it is above the sale price; null when the product's
   * own history shows that price was not charged (`usual` stands in its place).
   */
  regular: string | null;
  /**
   * 'Usual $40' ('Its usual price' when today's price is that price): for a claimed regular price
   * more than 5% above every price charged in the last 30 days (`discountCheck: 'inflated'`), the
   * usual price in its place.
   */
  usual: string | null;
  /** '-33%'; against the usual price when it stands in for the claimed one. */
  discount: string | null;
  /**
   * What the product's price memory says of today's price: 'Lowest in 30 days' or 'Price
   * dropped $5' (a drop within the last 7 days); null when its history is unknown, when neither
   * holds, or without a context (no day to count from).
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
  const sale = typeof deal.salePrice === 'number' ? deal.salePrice : null;
  const regular =
    typeof deal.regularPrice === 'number' && (sale === null || deal.regularPrice > sale)
      ? deal.regularPrice
      : null;
  // A deal without a history check has no line: the market's day is not read for it.
  const remembered =
    context && deal.discountCheck
      ? dealPriceMemoryCard(deal, marketDay(context.now, context.timeZone))
      : null;
  const inflated = remembered?.kind === 'usual-price' ? remembered : null;
  const discount = inflated ? inflated.percentOff : (view.discountPercent ?? Number.NaN);
  const text = (value: string | undefined) => value?.trim() || null;
  return {
    sale: sale === null ? null : moneyText(sale),
    regular: sale === null || regular === null || inflated ? null : moneyText(regular),
    usual: inflated ? usualPriceText(inflated) : null,
    discount: Number.isNaN(discount) || discount <= 0 ? null : `-${discount}%`,
    memory: remembered && !inflated ? priceMemoryText(remembered) : null,
    unitPrice: view.unitPrice ? unitPriceText(view.unitPrice) : null,
    details: [text(deal.size), text(deal.brand), text(deal.strainType)].filter(
      (part): part is string => part !== null,
    ),
    specialName: text(deal.specialName),
    isNew: context ? isNewDeal(deal, context.now) : false,
    ends: context ? endsLabel(deal, context) : null,
  };
}

/**
 * '~$27.43 with tax' ('(estimate: sales tax unknown)' after it when a part of the store's tax is
 * unknown): the price per item with the store's taxes, when prices show with tax (the 'Prices
 * with tax' switch) and the price is known; the price sorts order by the same amount.
 */
export function taxLine(view: DealView, tax: PricesWithTax | null | undefined): string | null {
  if (!tax || Number.isNaN(view.sortPrice)) return null;
  return tax.line(view.sortPrice, view.deal.dispensaryKey);
}
