import { LIMITS, type Deal } from '@stl-deals/domain';
import { at, isoInstant, list, text, weekdaysIn } from '../shared/deal-fields';
import { buyXGetYIn, dollarsOffIn, dollarsOffText, percentSavedIn } from '../shared/deal-phrases';
import type { Received } from '../types';
import { payloadsOf } from './graphql';
import { specialsLink } from './links';

const MAX_SPECIALS = 200;

/**
 * Store specials: the special cards of `GetSpecialMenuCards` first, then the specials of
 * `FilteredSpecials` that no card already showed (the same special carries the same id in both).
 * Both are read leniently: they add to the menu's deals, and the `FilteredSpecials` fields are
 * unverified (research 1.2), so an unreadable list yields no specials rather than a failed scrape.
 */
export function storeSpecials(received: readonly Received[], cName: string): Deal[] {
  const cards = payloadsOf(received, 'special-cards').flatMap((payload) =>
    list(at(payload.body, 'data', 'getSpecialMenuCards', 'menuCards')).slice(0, MAX_SPECIALS),
  );
  const specials = payloadsOf(received, 'specials').flatMap((payload) =>
    list(at(payload.body, 'data', 'filteredSpecials')).slice(0, MAX_SPECIALS),
  );
  const seen = new Set<string>();
  const deals: Deal[] = [];
  for (const special of [...cards, ...specials]) {
    const deal = storeSpecial(special, cName);
    if (!deal) continue;
    const keys = [deal.id ?? deal.title, deal.title.toLowerCase()];
    if (keys.some((key) => seen.has(key))) continue;
    keys.forEach((key) => seen.add(key));
    deals.push(deal);
  }
  return deals;
}

/**
 * A card `{_id, menuDisplayName, menuDisplayDescription, specialType, endStamp}` (research 1.2),
 * or a `FilteredSpecials` entry, which may name them `name` and `description`. Cards carry no
 * numbers and no structured days: the discount and the weekdays are read from their text.
 */
function storeSpecial(special: unknown, cName: string): Deal | undefined {
  const name = text(at(special, 'menuDisplayName')) ?? text(at(special, 'name'));
  const about =
    text(at(special, 'menuDisplayDescription'), LIMITS.text) ??
    text(at(special, 'description'), LIMITS.text);
  const title = name ?? about;
  if (!title) return undefined;
  const description = name ? (about ?? '') : '';
  const id = text(at(special, '_id'), 100) ?? text(at(special, 'specialId'), 100);
  const wording = `${title} ${description}`;
  return {
    id: id ? `special:${id}` : undefined,
    title,
    description,
    price: dealPhrase(wording) ?? '',
    imageUrl: '',
    sourceUrl: specialsLink(cName),
    linkKind: 'menu',
    discountPercent: percentSavedIn(wording),
    specialName: name,
    validDays: weekdaysIn(title, description),
    endsAt: isoInstant(at(special, 'endStamp')),
  };
}

// 'N for $X', allowing a few words between, as cards write it ('4 Good Day Farm Eighths for
// $110'); the shared reader takes the count and price side by side ('2 for $60') only.
const N_FOR_PRICE = /\b(\d{1,3})\s+(?:[\p{L}&'.-]+\s+){0,4}for\s+\$\s?(\d{1,5}(?:\.\d{2})?)/iu;
const TARGET_PRICE = /\$\s?(\d{1,5}(?:\.\d{2})?)(?![\d.])/;

/**
 * The price text a special's own words state: '2 for $60', 'BOGO', 'B2G1' or 'Buy 2 Get 1' (as
 * written), '25% off', '$5 off', or a target price such as '$25'; undefined when they state none.
 */
function dealPhrase(wording: string): string | undefined {
  const bundle = N_FOR_PRICE.exec(wording);
  if (bundle) return `${bundle[1]} for $${bundle[2]}`;
  const bogo = buyXGetYIn(wording);
  // 'Bogo', 'B1G1', 'Buy one, get one free' read 'BOGO'; 'B2G1' and 'Buy 2 Get 1' as written.
  if (bogo) return bogo.buy === 1 && bogo.get === 1 ? 'BOGO' : bogo.phrase;
  const percent = percentSavedIn(wording);
  if (percent !== undefined) return `${percent}% off`;
  const dollars = dollarsOffIn(wording);
  if (dollars !== undefined) return dollarsOffText(dollars);
  const target = TARGET_PRICE.exec(wording);
  return target ? `$${target[1]}` : undefined;
}
