/**
 * An Atom 1.0 document (RFC 4287) written as text. Decision: no XML library. The feeds have one
 * fixed shape of a dozen elements, and what can go wrong in writing one is escaping, which is
 * `xmlText` here, tested with a real XML parser and a feed reader's parser on hostile strings
 * (markup, entities, quotes, control characters, lone surrogates). A builder would bring a
 * dependency and its own escaping rules for the same few lines.
 */

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

export interface AtomEntry {
  /** An IRI that names this entry for good (RFC 4287 4.2.6): readers know an entry by it. */
  id: string;
  title: string;
  updated: Date;
  published?: Date;
  /** The entry's page (`rel="alternate"`). */
  link: string;
  author: string;
  category?: { term: string; label: string };
  /** HTML, each text in it escaped by whoever built it (see `htmlText`); sent as `type="html"`. */
  summaryHtml: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  updated: Date;
  /** Where this document is fetched from (`rel="self"`). */
  self: string;
  /** The same search as a web page (`rel="alternate"`, text/html). */
  alternate: string;
  author: string;
  entries: readonly AtomEntry[];
}

/**
 * What XML 1.0 may not carry at all (its `Char` production): C0 controls other than tab, line
 * feed and carriage return, lone surrogates, U+FFFE and U+FFFF. Escaping cannot express them.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * `text` as XML character data, safe in element content and in a quoted attribute alike: the
 * five special characters escaped, and what XML cannot carry replaced by U+FFFD (so a hostile
 * string shows where it was damaged rather than breaking the document). Line ends are written as
 * line feeds, as an XML parser reads every line end anyway.
 */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML_CHAR, '\uFFFD')
    .replace(/\r\n?/g, '\n')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

const HTML_ESCAPES: Record<string, string> = { ...XML_ESCAPES, "'": '&#39;' };

/**
 * `text` as HTML text, for the pieces of an HTML summary: the same five characters escaped (the
 * apostrophe by number, which every HTML reader knows). The summary is then escaped once more as
 * XML text, as `type="html"` asks.
 */
export function htmlText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** An RFC 3339 time, as Atom's date constructs take it. */
function atomTime(time: Date): string {
  return time.toISOString();
}

function element(name: string, text: string): string {
  return `<${name}>${xmlText(text)}</${name}>`;
}

function link(rel: string, href: string, type?: string): string {
  const typed = type === undefined ? '' : ` type="${xmlText(type)}"`;
  return `<link rel="${rel}"${typed} href="${xmlText(href)}"/>`;
}

function entry(item: AtomEntry): string {
  return [
    '<entry>',
    element('id', item.id),
    `<title type="text">${xmlText(item.title)}</title>`,
    element('updated', atomTime(item.updated)),
    item.published ? element('published', atomTime(item.published)) : '',
    link('alternate', item.link, 'text/html'),
    `<author>${element('name', item.author)}</author>`,
    item.category
      ? `<category term="${xmlText(item.category.term)}" label="${xmlText(item.category.label)}"/>`
      : '',
    `<summary type="html">${xmlText(item.summaryHtml)}</summary>`,
    '</entry>',
  ].join('');
}

/** The whole document, in UTF-8 as its declaration says. */
export function atomDocument(feed: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    element('id', feed.id),
    `<title type="text">${xmlText(feed.title)}</title>`,
    element('updated', atomTime(feed.updated)),
    link('self', feed.self, 'application/atom+xml'),
    link('alternate', feed.alternate, 'text/html'),
    `<author>${element('name', feed.author)}</author>`,
    ...feed.entries.map(entry),
    '</feed>\n',
  ].join('');
}
