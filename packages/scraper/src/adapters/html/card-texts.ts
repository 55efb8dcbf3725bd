import { LIMITS } from '@stl-deals/domain';
import type { AnyNode, Element } from 'domhandler';
import { text } from '../shared/deal-fields';
import { isNeighbour } from './beside-deal';
import { MAX_CARD_CHARS, type DealBlock } from './blocks';
import { hasWords, readsAsDeal } from './deal-text';
import {
  childElements,
  HEADING_TAGS,
  isElement,
  isHeading,
  MAX_DEPTH,
  nodeLines,
  nodeText,
} from './dom-text';

/**
 * A deal card's words: its title (the special's name, such as 'Munchie Monday') and the rest
 * of its text as the description, as the page's layout says them.
 */

export interface CardTexts {
  title: string;
  description: string;
}

/** The elements the registry's selectors give for a card's title and description. */
export interface TextParts {
  title?: Element;
  description?: Element;
}

/**
 * Title and description of a card: its heading (or the selector's title) and the rest of its
 * text, call-to-action links left out. A heading-less card borrows the heading just before it
 * ('<h3>Munchie Monday</h3><p>20% off edibles</p>'); a card that is a heading takes the text
 * after it. A title is words a person reads as the deal's name, never a bare run of prices and
 * percents ('$1 $6 83% off', a tile's leading price row): see `named`.
 */
export function cardTexts(block: DealBlock, parts: TextParts): CardTexts {
  const { element: card, detail } = block;
  const heading = parts.title ?? headingIn(card);
  if (heading === card) {
    const after = detail ? nodeText(detail, LIMITS.text, notDealWords) : detailAfter(card);
    return named({ title: titleText(card), description: bounded(after) }, block);
  }
  if (!parts.title && heading && namesPage(heading)) return named(offerTexts(card, heading), block);
  const rest = parts.description
    ? nodeText(parts.description, LIMITS.text)
    : nodeText(card, LIMITS.text, (element) => element === heading || notDealWords(element));
  const before = heading ?? headingBefore(card);
  const texts = before ? { title: titleText(before), description: bounded(rest) } : untitled(card);
  return named(texts, block);
}

/** Left out of a deal's words: call-to-action buttons and what sits beside it (beside-deal.ts). */
const notDealWords = (element: Element): boolean => isCallToAction(element) || isNeighbour(element);

/**
 * The page's own <h1> (its only one) when it is a name and no deal: 'Specials', 'Deals &
 * Specials'. It names the page, not the one offer a plain specials page shows beneath it.
 */
function namesPage(heading: Element): boolean {
  return (
    heading.name === 'h1' && !readsAsDeal(nodeText(heading, 200)) && h1Count(rootOf(heading)) === 1
  );
}

/**
 * A block under the page's heading: its line that reads as a deal is the title ('Shop Green Leaf
 * online for 10% off'), split when it leads with a name; its other words are the description.
 */
function offerTexts(card: Element, heading: Element): CardTexts {
  const lines = nodeLines(
    card,
    LIMITS.text,
    (element) => element === heading || notDealWords(element),
  );
  const index = Math.max(0, lines.findIndex(readsAsDeal));
  const offer = splitTitle(lines[index] ?? '');
  const rest = lines.filter((_, each) => each !== index);
  return { title: offer.title, description: bounded([offer.description, ...rest].join(' ')) };
}

function rootOf(element: Element): AnyNode {
  let node: AnyNode = element;
  for (let depth = 0; node.parent && depth <= MAX_DEPTH * 2; depth++) node = node.parent;
  return node;
}

/** Elements looked at when counting a page's <h1>s. */
const MAX_COUNTED = 50_000;
// Each page is counted once, however many of its blocks ask.
const h1Counts = new WeakMap<AnyNode, number>();

function h1Count(root: AnyNode): number {
  const known = h1Counts.get(root);
  if (known !== undefined) return known;
  let count = 0;
  let visited = 0;
  const walk = (node: AnyNode, depth: number): void => {
    for (const child of childElements(node)) {
      if (count > 1 || depth > MAX_DEPTH || visited++ > MAX_COUNTED) return;
      if (child.name === 'h1') count++;
      walk(child, depth + 1);
    }
  };
  walk(root, 0);
  h1Counts.set(root, count);
  return count;
}

/** A card with no heading: its first line is the title when it has several, else split one. */
function untitled(card: Element): CardTexts {
  const [first = '', ...rest] = nodeLines(card, LIMITS.text, notDealWords);
  if (rest.length === 0 || first.length < 3) return splitTitle([first, ...rest].join(' '));
  return { title: titleText(first), description: bounded(rest.join(' ')) };
}

/**
 * Texts whose title has no words (only prices, percents, sizes and 'off') take the block's first
 * line that has words as the title, the other lines as the description: a tile that leads with
 * '$1 $6 83% off' and names its product below is that product's deal. A block of figures only
 * takes the short text just before it ('<a>Proper Jealousy</a><div>$25 $35</div>'); without
 * one its title stays as it is, and the deal is left out (cards.ts).
 */
function named(texts: CardTexts, { element, detail }: DealBlock): CardTexts {
  if (hasWords(texts.title)) return texts;
  const lines = [element, ...(detail ? [detail] : [])].flatMap((node) =>
    nodeLines(node, LIMITS.text, isCallToAction),
  );
  const index = lines.findIndex((line) => hasWords(line) && line.length <= MAX_TITLE_CHARS);
  if (index >= 0) {
    const rest = lines.filter((_, each) => each !== index);
    return { title: titleText(lines[index]), description: bounded(rest.join(' ')) };
  }
  const name = nameBefore(element);
  return name ? { title: titleText(name), description: bounded(lines.join(' ')) } : texts;
}

/** Longer than this, a line is a sentence about the deal rather than its name. */
const MAX_TITLE_CHARS = 120;

/** The nearest short text with words before an element (its product's name), if any. */
function nameBefore(element: Element): string | undefined {
  let previous = previousElement(element);
  for (let step = 0; previous && step < 3; step++, previous = previousElement(previous)) {
    const value = nodeText(previous, MAX_TITLE_CHARS + 1);
    if (!value) continue;
    return value.length <= MAX_TITLE_CHARS && hasWords(value) && !readsAsDeal(value)
      ? value
      : undefined;
  }
  return undefined;
}

const CALL_TO_ACTION =
  /^(?:shop(?: now| the (?:deal|menu|sale))?|details|learn more|read more|more info|view (?:deal|details|more|menu)|see (?:details|more|deal)|order(?: now| online)?|buy now|claim(?: deal| offer)?|get (?:deal|offer)|call to reserve)\W*$/i;

/** A 'Shop now' or 'Details' link: a button, not part of the deal's words. */
export function isCallToAction(element: Element): boolean {
  return element.name === 'a' && CALL_TO_ACTION.test(nodeText(element, 40));
}

const TITLE_CLASS = /(?:^|[\s_-])(?:title|heading|headline|name)(?:$|[\s_-])/i;

/**
 * The card's heading: itself, an <h1>-<h6> in it, a titled element, or a leading <strong>; one
 * of figures only ('<h4>$25 <s>$35</s></h4>', a price styled as a heading) names nothing.
 */
export function headingIn(card: Element): Element | undefined {
  if (isHeading(card)) return card;
  return headingBelow(card, 0) ?? leadingStrong(card);
}

function headingBelow(element: Element, depth: number): Element | undefined {
  if (depth > 20) return undefined;
  for (const child of childElements(element)) {
    // An app banner's or review's own heading names no deal.
    if (isNeighbour(child)) continue;
    const titled = isHeading(child) || TITLE_CLASS.test(child.attribs.class ?? '');
    if (titled && hasWords(nodeText(child, 200))) return child;
    const found = headingBelow(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function leadingStrong(card: Element): Element | undefined {
  const first = childElements(card)[0];
  if (!first || !['strong', 'b'].includes(first.name)) return undefined;
  const strong = nodeText(first, 200);
  return strong && nodeText(card, MAX_CARD_CHARS).startsWith(strong) ? first : undefined;
}

/**
 * Whether an element closes the section its heading opened: nothing or another heading follows
 * it. A heading titles the element after it only then; over several cards it is a section's
 * (or the page's) heading, not one deal's name.
 */
function closesSection(element: Element): boolean {
  const next = nextElement(element);
  return next === undefined || isHeading(next);
}

/**
 * The heading right before a heading-less card, when it is a name and not a deal itself, not the
 * page's own <h1>, and titles this card alone.
 */
function headingBefore(card: Element): Element | undefined {
  const previous = previousElement(card);
  if (!previous || !HEADING_TAGS.has(previous.name) || previous.name === 'h1') return undefined;
  const heading = nodeText(previous, 200);
  return heading.length <= 80 && !readsAsDeal(heading) && closesSection(card)
    ? previous
    : undefined;
}

/**
 * The short line after a card that is a heading, when it is the heading's own detail: not
 * another deal, not a review or banner beside it, and the last thing before the next heading.
 */
function detailAfter(card: Element): string {
  const next = nextElement(card);
  if (!next || isHeading(next) || isNeighbour(next) || !closesSection(next)) return '';
  const detail = nodeText(next, MAX_CARD_CHARS);
  return detail.length <= 300 && !readsAsDeal(detail) ? detail : '';
}

function previousElement(element: Element): Element | undefined {
  let node = element.prev;
  while (node && !isElement(node)) node = node.prev;
  return node ?? undefined;
}

function nextElement(element: Element): Element | undefined {
  let node = element.next;
  while (node && !isElement(node)) node = node.next;
  return node ?? undefined;
}

/**
 * A heading-less text as title and description: 'Flower Friday: 20% off eighths' splits at
 * its first ':' or dash when the part before is a name (words, name-sized, no deal itself);
 * otherwise all of it is the title.
 */
export function splitTitle(value: string): CardTexts {
  const match = /^(.{3,60}?)\s*(?::|\s[-–—|]\s)\s*(.+)$/.exec(value);
  if (match && hasWords(match[1]!) && !readsAsDeal(match[1]!)) {
    return { title: titleText(match[1]), description: bounded(match[2]!) };
  }
  return { title: bounded(value), description: '' };
}

function titleText(heading: Element | string | undefined): string {
  const value =
    typeof heading === 'string' ? heading : heading ? nodeText(heading, LIMITS.text) : '';
  return bounded(value.replace(/\s*[:\-–—|]\s*$/, ''));
}

const bounded = (value: string): string => text(value, LIMITS.text) ?? '';
