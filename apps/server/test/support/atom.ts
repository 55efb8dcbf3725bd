import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';

export type ParsedFeed = ReturnType<typeof parseFeed>;

/** The elements RFC 4287 requires of a feed and of each entry, as read from the XML itself. */
interface AtomShape {
  feed: Record<string, unknown> & { entry?: Array<Record<string, unknown>> };
}

const shapeParser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['entry', 'link'].includes(name),
});

/**
 * A feed as a reader gets it: the text must be well-formed XML (fast-xml-parser's validator),
 * have what Atom 1.0 requires of a feed and each entry (id, title, updated; an author, a link
 * to the entry's page), and parse as Atom 1.0 with a feed reader's parser
 * (@rowanmanning/feed-parser), whose reading is returned.
 */
export function readAtom(xml: string): ParsedFeed {
  expect(XMLValidator.validate(xml), 'well-formed XML').toBe(true);
  const { feed } = shapeParser.parse(xml) as AtomShape;
  expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
  for (const name of ['id', 'title', 'updated', 'author'])
    expect(feed, `feed ${name}`).toHaveProperty(name);
  for (const entry of feed.entry ?? []) {
    for (const name of ['id', 'title', 'updated', 'author', 'summary']) {
      expect(entry, `entry ${name}`).toHaveProperty(name);
    }
    const links = entry.link as Array<Record<string, string>>;
    expect(links.some((link) => link['@_rel'] === 'alternate' && link['@_href'])).toBe(true);
  }
  const parsed = parseFeed(xml);
  expect(parsed.meta).toEqual({ type: 'atom', version: '1.0' });
  return parsed;
}

/** The `href` of the feed's link with `rel`, read from the XML. */
export function feedLink(xml: string, rel: string): string | undefined {
  const { feed } = shapeParser.parse(xml) as AtomShape;
  const links = feed.link as Array<Record<string, string>>;
  return links.find((link) => link['@_rel'] === rel)?.['@_href'];
}

/**
 * Each entry's summary as the XML carries it (decoded once, as XML): the HTML a reader renders.
 * Feed parsers hand back their own normalization of it (@rowanmanning/feed-parser decodes its
 * entities again), which cannot tell markup from escaped text.
 */
export function entrySummaries(xml: string): string[] {
  const { feed } = shapeParser.parse(xml) as AtomShape;
  return (feed.entry ?? []).map((entry) => (entry.summary as { '#text': string })['#text']);
}
