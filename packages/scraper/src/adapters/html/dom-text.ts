import type { AnyNode, Element, Text } from 'domhandler';

/**
 * Reading a parsed page's text the way a visitor sees it. Hostile pages can nest thousands of
 * levels deep, so every walk stops at `MAX_DEPTH` instead of overflowing the stack.
 */

export const MAX_DEPTH = 200;

/** Elements that start a new line on screen: their text never runs into a neighbour's. */
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

// domhandler's node types by DOM nodeType (1 element, 3 text), so no runtime import is needed.
export const isElement = (node: AnyNode): node is Element => node.nodeType === 1;
const isText = (node: AnyNode): node is Text => node.nodeType === 3;

export const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
export const isHeading = (element: Element): boolean => HEADING_TAGS.has(element.name);

/** The element children of a node. */
export function childElements(node: AnyNode): Element[] {
  return 'children' in node ? node.children.filter(isElement) : [];
}

/** Elements left out of a text, such as a heading already used as the title. */
export type Skip = (element: Element) => boolean;

/**
 * A node's visible text with blocks kept apart and white space collapsed, leaving out what
 * `skip` says; collection stops past `max` characters.
 */
export function nodeText(node: AnyNode, max: number, skip?: Skip): string {
  return blockText(node, max, skip).replace(/\s+/g, ' ').trim().slice(0, max);
}

/** The lines a reader sees in a node: one per block element or <br>. */
export function nodeLines(node: AnyNode, max: number, skip?: Skip): string[] {
  return blockText(node, max, skip)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** Text with a line break at every block boundary and <br>, other white space as spaces. */
function blockText(node: AnyNode, max: number, skip?: Skip): string {
  const parts: string[] = [];
  let length = 0;
  const walk = (current: AnyNode, depth: number): void => {
    if (depth > MAX_DEPTH || length > max) return;
    if (skip && depth > 0 && isElement(current) && skip(current)) return;
    if (isText(current)) {
      parts.push(current.data.replace(/\s+/g, ' '));
      length += current.data.length;
      return;
    }
    if (!('children' in current)) return;
    const block = isElement(current) && BLOCK_TAGS.has(current.name);
    if (block) parts.push('\n');
    for (const child of current.children) walk(child, depth + 1);
    if (block) parts.push('\n');
  };
  walk(node, 0);
  return parts.join('');
}

/** How many characters of text a node holds, counted up to `max` (enough to compare). */
export function textLength(node: AnyNode, max: number): number {
  let length = 0;
  const walk = (current: AnyNode, depth: number): void => {
    if (depth > MAX_DEPTH || length > max) return;
    if (isText(current)) length += current.data.trim().length;
    else if ('children' in current) for (const child of current.children) walk(child, depth + 1);
  };
  walk(node, 0);
  return length;
}
