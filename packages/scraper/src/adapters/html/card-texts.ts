import { LIMITS } from '@stl-deals/domain';
import type { Element } from 'domhandler';
import { text } from '../shared/deal-fields';
import { MAX_CARD_CHARS, type DealBlock } from './blocks';
import { readsAsDeal } from './deal-text';
import { childElements, HEADING_TAGS, isElement, isHeading, nodeLines, nodeText } from './dom-text';

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
 * after it.
 */
export function cardTexts({ element: card, detail }: DealBlock, parts: TextParts): CardTexts {
  const heading = parts.title ?? headingIn(card);
  if (heading === card) {
    const after = detail ? nodeText(detail, LIMITS.text, isCallToAction) : detailAfter(card);
    return { title: titleText(card), description: bounded(after) };
  }
  const rest = parts.description
    ? nodeText(parts.description, LIMITS.text)
    : nodeText(card, LIMITS.text, (element) => element === heading || isCallToAction(element));
  const named = heading ?? headingBefore(card);
  return named ? { title: titleText(named), description: bounded(rest) } : untitled(card);
}

/** A card with no heading: its first line is the title when it has several, else split one. */
function untitled(card: Element): CardTexts {
  const [first = '', ...rest] = nodeLines(card, LIMITS.text, isCallToAction);
  if (rest.length === 0 || first.length < 3) return splitTitle([first, ...rest].join(' '));
  return { title: titleText(first), description: bounded(rest.join(' ')) };
}

const CALL_TO_ACTION =
  /^(?:shop(?: now| the (?:deal|menu|sale))?|details|learn more|read more|more info|view (?:deal|details|more|menu)|see (?:details|more|deal)|order(?: now| online)?|buy now|claim(?: deal| offer)?|get (?:deal|offer)|call to reserve)\W*$/i;

/** A 'Shop now' or 'Details' link: a button, not part of the deal's words. */
export function isCallToAction(element: Element): boolean {
  return element.name === 'a' && CALL_TO_ACTION.test(nodeText(element, 40));
}

const TITLE_CLASS = /(?:^|[\s_-])(?:title|heading|headline|name)(?:$|[\s_-])/i;

/** The card's heading: itself, an <h1>-<h6> in it, a titled element, or a leading <strong>. */
export function headingIn(card: Element): Element | undefined {
  if (isHeading(card)) return card;
  return headingBelow(card, 0) ?? leadingStrong(card);
}

function headingBelow(element: Element, depth: number): Element | undefined {
  if (depth > 20) return undefined;
  for (const child of childElements(element)) {
    if (isHeading(child) || TITLE_CLASS.test(child.attribs.class ?? '')) return child;
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

/** The heading right before a heading-less card, when it is a name and not a deal itself. */
function headingBefore(card: Element): Element | undefined {
  const previous = previousElement(card);
  if (!previous || !HEADING_TAGS.has(previous.name)) return undefined;
  const heading = nodeText(previous, 200);
  return heading.length <= 80 && !readsAsDeal(heading) ? previous : undefined;
}

/** The short line after a card that is a heading, when it is detail and not another deal. */
function detailAfter(card: Element): string {
  const next = nextElement(card);
  if (!next || isHeading(next)) return '';
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
 * its first ':' or dash when the part before is name-sized; otherwise all of it is the title.
 */
export function splitTitle(value: string): CardTexts {
  const match = /^(.{3,60}?)\s*(?::|\s[-–—|]\s)\s*(.+)$/.exec(value);
  if (match && !readsAsDeal(match[1]!)) {
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
