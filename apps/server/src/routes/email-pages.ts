import type { FastifyReply } from 'fastify';
import { htmlText } from '../follow/atom';

/**
 * The few pages an email's links open: plain server-written HTML of escaped text, no script,
 * each change made by a button (a form posting to the service itself), never by opening the
 * link, since mail scanners open the links of every message they check.
 */

export interface PageButton {
  /** The path and query the form posts to (the link's own secret in it). */
  action: string;
  label: string;
}

/** An answer of one page: a heading, paragraphs of text, and buttons. */
export function sendPage(
  reply: FastifyReply,
  status: number,
  title: string,
  paragraphs: readonly string[],
  buttons: readonly PageButton[] = [],
  listHtml = '',
): FastifyReply {
  const body =
    `<h1>${htmlText(title)}</h1>` +
    paragraphs.map((text) => `<p>${htmlText(text)}</p>`).join('') +
    listHtml +
    buttons
      .map(
        (button) =>
          `<form method="post" action="${htmlText(button.action)}"><button type="submit">${htmlText(button.label)}</button></form>`,
      )
      .join('') +
    '<p><a href="/">STL Deals</a></p>';
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${htmlText(title)} · STL Deals</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}' +
    'button{font:inherit;padding:.5rem 1rem;margin:.25rem 0;cursor:pointer}li{margin:.5rem 0}</style>' +
    `</head><body>${body}</body></html>`;
  // The links carry their address's secret: no cache keeps the page, no referrer names it.
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** A list item of the manage page: its words and one button. */
export function listItem(text: string, button: PageButton): string {
  return (
    `<li>${htmlText(text)}<form method="post" action="${htmlText(button.action)}">` +
    `<button type="submit">${htmlText(button.label)}</button></form></li>`
  );
}
