import type { AnyNode, Element } from 'domhandler';
import { MIN_DEAL_TEXT_LENGTH } from '@stl-deals/domain';
import { hasPrice, hasWords, readsAsDeal } from './deal-text';
import { childElements, isHeading, MAX_DEPTH, nodeText, textLength } from './dom-text';

/** A deal card is short: longer text is an article or a whole section, not one deal. */
export const MAX_CARD_CHARS = 700;
/** Hostile pages: elements looked at, at most. */
const MAX_ELEMENTS = 50_000;
/** Elements looked at for a struck-through price inside one card-sized element. */
const MAX_STRUCK_SEARCH = 200;

/**
 * One deal's place on the page: a card element, or a heading whose deal text continues in the
 * element right after it (`detail`), as flat WordPress pages write '<h3>…</h3><p>…</p>'.
 */
export interface DealBlock {
  element: Element;
  detail?: Element;
}

/**
 * The page's deal blocks, by the default heuristic: the smallest elements whose text reads as a
 * deal are its deal texts, a heading and the text after it counting once; a block is the
 * largest element around exactly one deal text that is still card-sized (one heading at most,
 * short text). So a card, its heading and its inner paragraph are one deal, and a list of seven
 * weekday specials is seven.
 */
export function dealBlocks(root: AnyNode): DealBlock[] {
  const counts = countDealTexts(root);
  const countOf = (element: Element | undefined) => (element ? (counts.get(element) ?? 0) : 0);
  const blocks: DealBlock[] = [];
  const pickAmong = (children: Element[], depth: number): void => {
    for (let index = 0; index < children.length; index++) {
      const child = children[index]!;
      const next = children[index + 1];
      if (titlesNext(child, next, countOf)) {
        // A heading over one deal text is that deal's title; over several, its section's.
        if (countOf(next) === 1 && isCardSized(next!)) {
          blocks.push({ element: child, detail: next });
          index++;
        }
        continue;
      }
      pick(child, depth);
    }
  };
  const pick = (element: Element, depth: number): void => {
    const count = countOf(element);
    if (count === 0 || depth > MAX_DEPTH) return;
    if (count === 1 && isCardSized(element)) blocks.push({ element });
    else pickAmong(childElements(element), depth + 1);
  };
  pickAmong(childElements(root), 0);
  return blocks;
}

/** A heading that reads as a deal, followed by more deal text: the two are one deal. */
function titlesNext(
  element: Element,
  next: Element | undefined,
  countOf: (element: Element | undefined) => number,
): boolean {
  return (
    isHeading(element) &&
    countOf(element) > 0 &&
    next !== undefined &&
    !isHeading(next) &&
    countOf(next) > 0
  );
}

/**
 * How many separate deal texts each element holds: its children's, a heading and the deal text
 * after it once, or 1 when none of its children has one and its own short text reads as a deal.
 *
 * A deal text of figures only ('$1 $6 83% off', a price row with its badge) names no deal: it is
 * the price of the deal around it. Beside other deal texts it adds none (a tile's price row and
 * its special line are one deal); alone, it makes its parent one deal, itself of figures only
 * while the parent's text has no words either.
 */
function countDealTexts(root: AnyNode): Map<Element, number> {
  const counts = new Map<Element, number>();
  const figuresOnly = new Set<Element>();
  const countOf = (element: Element | undefined) => (element ? (counts.get(element) ?? 0) : 0);
  let visited = 0;
  const count = (element: Element, depth: number): number => {
    if (depth > MAX_DEPTH || visited++ > MAX_ELEMENTS) return 0;
    const children = childElements(element);
    let total = 0;
    let figures = 0;
    for (const child of children) {
      const childCount = count(child, depth + 1);
      if (figuresOnly.has(child)) figures += childCount;
      else total += childCount;
    }
    children.forEach((child, index) => {
      if (!figuresOnly.has(child) && titlesNext(child, children[index + 1], countOf)) total--;
    });
    if (total === 0 && (figures > 0 || readsAsDealBlock(element))) {
      total = 1;
      if (!hasWords(nodeText(element, MAX_CARD_CHARS))) figuresOnly.add(element);
    }
    counts.set(element, total);
    return total;
  };
  for (const child of childElements(root)) count(child, 0);
  return counts;
}

function readsAsDealBlock(element: Element): boolean {
  const length = textLength(element, MAX_CARD_CHARS);
  if (length < MIN_DEAL_TEXT_LENGTH || length > MAX_CARD_CHARS) return false;
  const value = nodeText(element, MAX_CARD_CHARS);
  // A price beside a regular price struck through is a sale, whatever the words say.
  return readsAsDeal(value) || (hasPrice(value) && hasStruckPrice(element));
}

/** Where a page strikes a regular price through: <del>, <s>, or a 'regular-price' class. */
export const STRUCK_PRICE_SELECTOR =
  'del, s, strike, [class*="regular-price"], [class*="was-price"]';
const STRUCK_TAGS = new Set(['del', 's', 'strike']);
const STRUCK_CLASS = /regular-price|was-price/i;

/** Whether an element shows a dollar amount struck through: the regular price of a sale. */
function hasStruckPrice(element: Element): boolean {
  let looked = 0;
  const walk = (current: Element, depth: number): boolean => {
    if (depth > MAX_DEPTH) return false;
    for (const child of childElements(current)) {
      if (looked++ > MAX_STRUCK_SEARCH) return false;
      const struck = STRUCK_TAGS.has(child.name) || STRUCK_CLASS.test(child.attribs.class ?? '');
      if (struck && /\$\s?\d/.test(nodeText(child, 100))) return true;
      if (walk(child, depth + 1)) return true;
    }
    return false;
  };
  return walk(element, 0);
}

/** At most one heading and short text: a section with its own heading and cards is not a card. */
function isCardSized(element: Element): boolean {
  return textLength(element, MAX_CARD_CHARS) <= MAX_CARD_CHARS && headingCount(element) <= 1;
}

function headingCount(element: Element): number {
  let count = isHeading(element) ? 1 : 0;
  const walk = (current: Element, depth: number): void => {
    if (count > 1 || depth > MAX_DEPTH) return;
    for (const child of childElements(current)) {
      if (isHeading(child)) count++;
      walk(child, depth + 1);
    }
  };
  walk(element, 0);
  return count;
}
