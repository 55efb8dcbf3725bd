import type { CheerioAPI } from 'cheerio';
import { boundedJson } from '../../parsing/bounded-json';
import { loadHtml } from './html-document';
import { jsonLdRoots } from './json-ld';

// The last page parsed: plan and parse ask for the same page again and again (Leafly's first page
// each planning round, Jane's store page for two blocks), and parsing is the costly part.
let last: { html: string; $: CheerioAPI } | undefined;

function parsedPage(html: string): CheerioAPI {
  if (last?.html !== html) last = { html, $: loadHtml(html) };
  return last.$;
}

/**
 * The JSON data block `<script id="…" type="application/json">` of an HTML page, as Jane's store
 * pages carry `jane-app-secrets` (platforms.md 2.1) and Leafly's Next.js pages `__NEXT_DATA__`
 * (platforms.md 4).
 *
 * Returns undefined when the page has no such block; a block that is not JSON is undefined too,
 * since a page cut short or rewritten by a bot check is the same news to the caller. A page or a
 * block over the reading limits throws ParseLimitError.
 */
export function scriptJson(html: string, id: string): unknown {
  const $ = parsedPage(html);
  const block = $('script')
    .filter((_, element) => element.attribs.id === id)
    .first();
  if (block.length === 0) return undefined;
  return boundedJson(block.text()) ?? undefined;
}

/** The page's schema.org JSON-LD blocks (see json-ld.ts), from the same parse of the page. */
export function pageJsonLd(html: string): unknown[] {
  return jsonLdRoots(parsedPage(html));
}
