import { load, type CheerioAPI, type CheerioOptions } from 'cheerio';
import { ParseLimitError } from '../../errors';

/**
 * What a page may be before any parser or selector sees it. Real specials and menu pages nest
 * under 60 deep and hold a few thousand elements; a tree parser and the selectors run on it take
 * time that grows faster than the page (a page nested 100,000 deep took 16 s), so a hostile page
 * is refused in one linear pass instead. (Its length is bounded by the transports' byte cap.)
 */
export const HTML_LIMITS = {
  depth: 400,
  elements: 150_000,
} as const;

/** Elements that never have content, so they never nest anything (HTML's void elements). */
const VOID = new Set(
  'area base br col embed hr img input link meta param source track wbr keygen'.split(' '),
);

/** Elements whose text is not markup: their content is skipped to their end tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noembed', 'noframes']);

/**
 * Elements whose end tag is optional, by family: one opening closes the open element of its
 * family (and the optional-end elements above it), as `<tr>` closes the row and cell before it.
 */
const FAMILY_OF = new Map(
  Object.entries({
    p: 'p',
    li: 'li',
    dt: 'dl',
    dd: 'dl',
    option: 'option',
    optgroup: 'optgroup',
    tr: 'tr',
    td: 'cell',
    th: 'cell',
    thead: 'section',
    tbody: 'section',
    tfoot: 'section',
    rb: 'ruby',
    rt: 'ruby',
    rp: 'ruby',
    rtc: 'ruby',
    colgroup: 'colgroup',
    caption: 'caption',
  }),
);

/** How far down the open elements an end tag looks for its start tag before it is ignored. */
const END_TAG_REACH = 8;

/**
 * The page parsed, once it is known to be within HTML_LIMITS; throws ParseLimitError otherwise.
 * Every reader of scraped HTML loads it here, never with cheerio's `load` directly.
 */
export function loadHtml(html: string, options?: CheerioOptions): CheerioAPI {
  checkHtmlShape(html);
  return load(html, options);
}

/**
 * Measures the page as a tree parser would build it, closely enough to bound it, in one pass
 * whose time grows with the page's length only: open elements are a stack, an end tag closes the
 * nearest match within END_TAG_REACH (the parser's own search is what makes mismatched end tags
 * costly), and foreign content (svg, math) honours '/>'.
 */
export function checkHtmlShape(html: string): void {
  const lower = html.toLowerCase();
  const open: string[] = [];
  let foreignDepth = 0;
  let elements = 0;
  let at = lower.indexOf('<');
  while (at !== -1) {
    const next = lower.charCodeAt(at + 1);
    if (next === 33 /* ! */) {
      const end = lower.startsWith('<!--', at)
        ? lower.indexOf('-->', at + 4)
        : lower.indexOf('>', at);
      if (end === -1) return;
      at = lower.indexOf('<', end + 1);
      continue;
    }
    const closing = next === 47; /* / */
    const nameStart = closing ? at + 2 : at + 1;
    let nameEnd = nameStart;
    while (nameEnd < lower.length && isNameChar(lower.charCodeAt(nameEnd))) nameEnd++;
    if (nameEnd === nameStart || !isLetter(lower.charCodeAt(nameStart))) {
      at = lower.indexOf('<', at + 1);
      continue;
    }
    const tagEnd = lower.indexOf('>', nameEnd);
    if (tagEnd === -1) return;
    const name = lower.slice(nameStart, nameEnd);
    if (closing) {
      closeElement(open, name);
      if ((name === 'svg' || name === 'math') && foreignDepth > 0) foreignDepth--;
      at = lower.indexOf('<', tagEnd + 1);
      continue;
    }
    if (++elements > HTML_LIMITS.elements) {
      throw new ParseLimitError(`The page has over ${HTML_LIMITS.elements} elements`);
    }
    if (RAW_TEXT.has(name)) {
      const end = lower.indexOf(`</${name}`, tagEnd + 1);
      if (end === -1) return;
      at = end;
      continue;
    }
    if (name === 'svg' || name === 'math') foreignDepth++;
    const selfClosed = foreignDepth > 0 && lower.charCodeAt(tagEnd - 1) === 47;
    if (!VOID.has(name) && !selfClosed) {
      closeSibling(open, name);
      open.push(name);
      if (open.length > HTML_LIMITS.depth) {
        throw new ParseLimitError(`The page nests elements over ${HTML_LIMITS.depth} deep`);
      }
    }
    at = lower.indexOf('<', tagEnd + 1);
  }
}

/** An optional-end element opening ends the open one of its family, within END_TAG_REACH. */
function closeSibling(open: string[], name: string): void {
  const family = FAMILY_OF.get(name);
  if (family === undefined) return;
  const reach = Math.max(open.length - END_TAG_REACH, 0);
  for (let index = open.length - 1; index >= reach; index--) {
    const below = FAMILY_OF.get(open[index] ?? '');
    if (below === undefined) return;
    if (below === family) {
      open.length = index;
      return;
    }
  }
}

function closeElement(open: string[], name: string): void {
  const reach = Math.max(open.length - END_TAG_REACH, 0);
  for (let index = open.length - 1; index >= reach; index--) {
    if (open[index] === name) {
      open.length = index;
      return;
    }
  }
}

function isLetter(code: number): boolean {
  return code >= 97 && code <= 122;
}

function isNameChar(code: number): boolean {
  return isLetter(code) || (code >= 48 && code <= 57) || code === 45 || code === 58;
}
