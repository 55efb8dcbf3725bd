import {
  categoryLabel,
  cutText,
  dispensaryChipName,
  distanceChipText,
  hasDealBadge,
  imageCandidates,
  imagePlaceholder,
  safeHttpUrl,
  secondaryDescription,
  showCategoryChip,
  type CategoryFilter,
  type DealView,
} from '@stl-deals/domain';

/** Everything one card shows, computed by the domain's card rules (spec section 5). */
export interface DealCardView {
  /** The deal's page, or null when its sourceUrl is not http(s): the card is then no link. */
  href: string | null;
  title: string;
  price: string;
  description: string | null;
  dealBadge: boolean;
  dispensaryChip: string | null;
  distanceChip: string | null;
  categoryChip: string | null;
  images: string[];
  placeholder: { emoji: string; text: string };
}

/**
 * Decision: a deal with a blank title shows its description as the title (the search reads it
 * the same way, spec section 5) and then no secondary description.
 */
export function dealCardView(view: DealView, categoryFilter: CategoryFilter): DealCardView {
  const { deal, category, distanceMiles, distanceApproximate } = view;
  const hasTitle = deal.title.trim() !== '';
  const secondary = hasTitle ? secondaryDescription(deal) : null;
  return {
    href: safeHttpUrl(deal.sourceUrl),
    title: cutText(hasTitle ? deal.title.trim() : deal.description.trim()),
    price: deal.price,
    description: secondary === null ? null : cutText(secondary),
    dealBadge: hasDealBadge(deal),
    dispensaryChip: dispensaryChipName(deal.dispensary) || null,
    distanceChip: distanceChipText(distanceMiles, distanceApproximate),
    categoryChip: showCategoryChip(categoryFilter, category) ? categoryLabel(category) : null,
    images: imageCandidates(deal, category),
    placeholder: imagePlaceholder(category),
  };
}
