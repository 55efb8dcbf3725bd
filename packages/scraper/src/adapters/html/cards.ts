import { LIMITS, type Deal } from '@stl-deals/domain';
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { money, text, weekdaysIn } from '../shared/deal-fields';
import { resolvedHttpUrl } from '../shared/links';
import { linkFromPage } from '../shared/site-links';
import { MAX_CARD_CHARS, STRUCK_PRICE_SELECTOR, type DealBlock } from './blocks';
import { hasWords, priceOf, readsAsDeal } from './deal-text';
import { cardTexts, headingIn, isCallToAction, splitTitle, type TextParts } from './card-texts';
import { isElement, nodeLines, nodeText } from './dom-text';
import { isFurnitureText } from './page-furniture';

/** Where the page is: links and images are resolved against `base` (its <base href> or URL). */
export interface PageContext {
  $: CheerioAPI;
  pageUrl: string;
  base: string;
}

/** Parts of a card the registry's selectors point at; the heuristics find the rest. */
export interface CardParts extends TextParts {
  price?: Element;
  link?: Element;
  image?: Element;
}

/**
 * The deals of one deal block: usually one; several when the block is a run of lines each
 * reading as a deal ('Monday: 20% off edibles<br>Tuesday: 15% off vapes'), as plain WordPress
 * pages write them.
 */
export function cardDeals(page: PageContext, block: DealBlock, parts: CardParts = {}): Deal[] {
  const card = block.element;
  const lines = parts.title || block.detail || headingIn(card) ? [] : dealLines(page.$(card), card);
  const texts = lines.length >= 2 ? lines.map(splitTitle) : [cardTexts(block, parts)];
  const deals: Deal[] = [];
  for (const { title, description } of texts) {
    const deal = dealOf(page, block, parts, title, description);
    if (deal) deals.push(deal);
  }
  return deals;
}

/** Lines split by <br> in a heading-less block, when every one of them reads as a deal. */
function dealLines($card: Cheerio<Element>, card: Element): string[] {
  if ($card.find('br').length === 0) return [];
  const lines = nodeLines(card, MAX_CARD_CHARS, isCallToAction);
  return lines.length >= 2 && lines.every(readsAsDeal) ? lines : [];
}

function dealOf(
  page: PageContext,
  block: DealBlock,
  parts: CardParts,
  title: string,
  description: string,
): Deal | undefined {
  // A title of figures only ('$1 $6 83% off') names no deal: card-texts.ts looks for words first.
  if (!hasWords(title) || isFurnitureText(title, description)) return undefined;
  const $block = page.$([block.element, ...(block.detail ? [block.detail] : [])]);
  const priceSource = parts.price ? nodeText(parts.price, 200) : `${title} ${description}`;
  const price = priceOf(priceSource, struckPrice($block));
  return {
    id: text(`${title}|${description}`, LIMITS.shortText),
    title,
    description,
    price: price.price,
    imageUrl: imageOf(page, $block, parts.image) ?? '',
    sourceUrl: '',
    ...linkFromPage(linkOf(page, $block, parts.link), page.pageUrl),
    salePrice: price.salePrice,
    regularPrice: price.regularPrice,
    discountPercent: price.discountPercent,
    // A specials page's card title is the special's own name ('Munchie Monday').
    specialName: text(title),
    validDays: weekdaysIn(title, description),
  };
}

/** A price the card shows struck through: the regular one. */
function struckPrice($block: Cheerio<Element>): number | undefined {
  const struck = $block.find(STRUCK_PRICE_SELECTOR).first();
  const amount = /\$\s?(\d+(?:\.\d{1,2})?)/.exec(struck.text().slice(0, 100))?.[1];
  return money(amount);
}

/** The card's link: the selector's, its first http(s) link, or a link around it. */
function linkOf(
  page: PageContext,
  $block: Cheerio<Element>,
  link: Element | undefined,
): string | undefined {
  const candidates = [
    link,
    ...$block.find('a[href]').slice(0, 20).toArray(),
    ...$block.closest('a[href]').toArray().filter(isElement),
  ];
  for (const candidate of candidates) {
    const href = candidate?.attribs.href;
    const url = href && !href.startsWith('#') ? resolvedHttpUrl(href, page.base) : undefined;
    if (url) return url;
  }
  return undefined;
}

/** The card's image: the selector's or its first <img>. */
function imageOf(
  page: PageContext,
  $block: Cheerio<Element>,
  image: Element | undefined,
): string | undefined {
  const img = image ?? $block.find('img').get(0);
  if (!img) return undefined;
  const attribs = img.attribs;
  // Lazy-loading themes put a placeholder in `src` and the picture in a data attribute.
  const candidates = [
    attribs['data-src'],
    attribs['data-lazy-src'],
    attribs['data-original'],
    attribs.src,
    attribs.srcset?.trim().split(/\s+/)[0],
  ];
  for (const candidate of candidates) {
    const url = resolvedHttpUrl(candidate, page.base);
    if (url) return url;
  }
  return undefined;
}
