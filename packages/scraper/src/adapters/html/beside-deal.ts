import type { AnyNode, Element } from 'domhandler';
import { MAX_CARD_CHARS } from './blocks';
import { readsAsDeal } from './deal-text';
import { childElements, isElement, MAX_DEPTH, nodeText } from './dom-text';
import { isAsideText } from './page-furniture';

/**
 * What sits beside a deal inside the block that holds it, without being its words: a quote or
 * review, an app banner, a sign-up form, an age gate, a row of navigation links. A plain page
 * puts them in the same section as its one offer, so they are left out of the deal's title and
 * description rather than removed from the page: text that reads as a deal itself ('Download our
 * app for 15% off') is never left out.
 */

const NEIGHBOUR_TAGS = new Set(['blockquote', 'figure', 'aside', 'nav', 'footer', 'form']);
const NEIGHBOUR_CLASS =
  /review|testimonial|rating|quote|app[-_]|download|newsletter|signup|subscribe/i;
/** Links looked at in a row of navigation, at most. */
const MAX_LINKS = 50;

/** Whether an element beside a deal is not part of its words. */
export function isNeighbour(element: Element): boolean {
  if (
    NEIGHBOUR_TAGS.has(element.name) ||
    NEIGHBOUR_CLASS.test(`${element.attribs.class ?? ''} ${element.attribs.id ?? ''}`)
  ) {
    return true;
  }
  const words = nodeText(element, MAX_CARD_CHARS);
  return (isAsideText(words) || isLinkRow(element)) && !readsAsDeal(words);
}

/**
 * Navigation written as plain links ('Home | Shop | Specials | Contact'): three links or more and
 * no words outside them.
 */
function isLinkRow(element: Element): boolean {
  let links = 0;
  let loose = '';
  const walk = (node: AnyNode, depth: number): void => {
    if (depth > MAX_DEPTH || links > MAX_LINKS || loose.length > MAX_CARD_CHARS) return;
    if (isElement(node) && node.name === 'a') {
      links++;
      return;
    }
    if (node.nodeType === 3 && 'data' in node) loose += node.data;
    for (const child of isElement(node) ? node.children : []) walk(child, depth + 1);
  };
  if (childElements(element).length === 0) return false;
  walk(element, 0);
  return links >= 3 && !/\p{L}{2,}/u.test(loose);
}
