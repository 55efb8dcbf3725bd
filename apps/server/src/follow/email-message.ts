import { safeHttpUrl, type DealView } from '@stl-deals/domain';
import type { EmailCadence } from '@stl-deals/store';
import { htmlText } from './atom';
import { dealName, entryPrice, SITE } from './deal-feed';

/**
 * The service's emails, each with a plain-text and an HTML part saying the same, the operator's
 * postal address at the foot, a link to manage or stop every email of the address, and a
 * one-click unsubscribe (RFC 8058: `List-Unsubscribe` with an https URL and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`) for what the message is about. Every text
 * from a menu is escaped into the HTML part; the address itself is written into no part.
 */

/** What every message is written with: the operator's settings. */
export interface EmailSettings {
  /** EMAIL_FROM. */
  from: string;
  /** EMAIL_POSTAL_ADDRESS. */
  postalAddress: string;
  /** Scheme and host the links start with (the first PUBLIC_ORIGIN). */
  origin: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The pages an address's links open (routes/email.ts serves them). */
export const EMAIL_PATHS = {
  confirm: '/email/confirm',
  manage: '/email/manage',
  unsubscribe: '/email/unsubscribe',
} as const;

/** A link's query of `params`, as URLSearchParams writes it. */
export function linkQuery(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

/** The secret-carrying links of an address and its watches. */
export const emailLinks = {
  confirm: (origin: string, watchId: string, token: string) =>
    `${origin}${EMAIL_PATHS.confirm}?${linkQuery({ w: watchId, t: token })}`,
  manage: (origin: string, addressId: string, token: string) =>
    `${origin}${EMAIL_PATHS.manage}?${linkQuery({ a: addressId, t: token })}`,
  /** Stops `watchIds`; none given: every watch of the address. */
  unsubscribe: (origin: string, addressId: string, token: string, watchIds: readonly string[]) =>
    `${origin}${EMAIL_PATHS.unsubscribe}?${linkQuery({
      a: addressId,
      t: token,
      ...(watchIds.length > 0 ? { w: watchIds.join(',') } : {}),
    })}`,
};

/** The address a message goes to, and the secret its links carry. */
export interface Recipient {
  address: string;
  addressId: string;
  token: string;
}

/** Deals listed per watch in a message; the rest are on the page it links to. */
export const LISTED_DEALS = 10;

const cadenceWords: Record<EmailCadence, string> = {
  instant: 'as the deals come (at most one email an hour)',
  daily: 'in one email a day',
};

/** A header's value on one line, bounded: a subject made of menu text cannot break the header. */
function headerText(text: string, max = 150): string {
  const line = text.replace(/[\r\n\t]+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function footer(settings: EmailSettings, manage: string): { text: string; html: string } {
  const text = [
    '--',
    `${SITE} · ${settings.postalAddress}`,
    `Manage or stop all email to this address: ${manage}`,
  ].join('\n');
  const html =
    `<hr><p style="color:#555;font-size:13px">${htmlText(SITE)} · ${htmlText(settings.postalAddress)}<br>` +
    `<a href="${htmlText(manage)}">Manage or stop all email to this address</a></p>`;
  return { text, html };
}

function page(body: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8"></head>' +
    `<body style="font-family:sans-serif;line-height:1.4;max-width:640px">${body}</body></html>`
  );
}

function oneClick(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * The confirmation of a sign-up (double opt-in): what was asked (`what`: 'new deals of “zebra”,
 * Flower'), how often, and the link that confirms it until `expiresAt`. Its one-click
 * unsubscribe stops the watch waiting for it.
 */
export function confirmationMessage(
  settings: EmailSettings,
  to: Recipient,
  watch: { id: string; confirmToken: string; what: string; cadence: EmailCadence },
  expiresAt: Date,
): EmailMessage {
  const confirm = emailLinks.confirm(settings.origin, watch.id, watch.confirmToken);
  const manage = emailLinks.manage(settings.origin, to.addressId, to.token);
  const stop = emailLinks.unsubscribe(settings.origin, to.addressId, to.token, [watch.id]);
  const until = expiresAt.toUTCString();
  const foot = footer(settings, manage);
  const text = [
    `Someone, we hope you, asked ${SITE} to email this address about ${watch.what}, ${cadenceWords[watch.cadence]}.`,
    '',
    `To confirm, open this link (it works until ${until}):`,
    confirm,
    '',
    'If it was not you, ignore this message: nothing more is sent, and what was asked is forgotten after a day.',
    '',
    foot.text,
  ].join('\n');
  const html = page(
    `<p>Someone, we hope you, asked ${htmlText(SITE)} to email this address about ${htmlText(watch.what)}, ${htmlText(cadenceWords[watch.cadence])}.</p>` +
      `<p><a href="${htmlText(confirm)}">Confirm</a> (the link works until ${htmlText(until)}).</p>` +
      '<p>If it was not you, ignore this message: nothing more is sent, and what was asked is forgotten after a day.</p>' +
      foot.html,
  );
  return {
    to: to.address,
    subject: headerText(`Confirm: ${SITE} email about ${watch.what}`),
    text,
    html,
    headers: oneClick(stop),
  };
}

/** One watch's part of a news message. */
export interface NewsSection {
  watchId: string;
  /** The search's feed title, or the product's name. */
  title: string;
  /** What is new in one line ('3 new flower deals at Swade, Proper: from $18'). */
  summary: string;
  /** Its deals, newest or cheapest first; the first `LISTED_DEALS` are listed. */
  deals: readonly DealView[];
  /** The page path of the search or of the product's comparison ('/?category=flower'). */
  pagePath: string;
}

function dealLine(view: DealView): { text: string; html: string } {
  const name = dealName(view.deal);
  const price = entryPrice(view);
  const store = view.deal.dispensary;
  const link = safeHttpUrl(view.deal.sourceUrl);
  const words = `${name} · ${price} · ${store}`;
  return {
    text: `- ${words}${link ? `\n  ${link}` : ''}`,
    html: link
      ? `<li><a href="${htmlText(link)}">${htmlText(name)}</a> · <strong>${htmlText(price)}</strong> · ${htmlText(store)}</li>`
      : `<li>${htmlText(name)} · <strong>${htmlText(price)}</strong> · ${htmlText(store)}</li>`,
  };
}

/**
 * One message of news for an address: a section per watch (its title, what is new, its first
 * deals, the page, and a link that stops it), the footer. Its one-click unsubscribe stops the
 * watches it tells of.
 */
export function newsMessage(
  settings: EmailSettings,
  to: Recipient,
  sections: readonly NewsSection[],
): EmailMessage {
  const { origin } = settings;
  const manage = emailLinks.manage(origin, to.addressId, to.token);
  const ids = sections.map((section) => section.watchId);
  const foot = footer(settings, manage);
  const texts: string[] = [];
  const htmls: string[] = [];
  for (const section of sections) {
    const lines = section.deals.slice(0, LISTED_DEALS).map(dealLine);
    const more = section.deals.length - lines.length;
    const pageUrl = `${origin}${section.pagePath}`;
    const stop = emailLinks.unsubscribe(origin, to.addressId, to.token, [section.watchId]);
    texts.push(
      [
        section.title,
        section.summary,
        ...lines.map((line) => line.text),
        ...(more > 0 ? [`and ${more} more`] : []),
        `On the page: ${pageUrl}`,
        `Stop this one: ${stop}`,
        '',
      ].join('\n'),
    );
    htmls.push(
      `<h2 style="font-size:18px">${htmlText(section.title)}</h2><p>${htmlText(section.summary)}</p>` +
        `<ul>${lines.map((line) => line.html).join('')}</ul>` +
        (more > 0 ? `<p>and ${more} more</p>` : '') +
        `<p><a href="${htmlText(pageUrl)}">On the page</a> · <a href="${htmlText(stop)}">Stop this one</a></p>`,
    );
  }
  const [first] = sections;
  const subject =
    sections.length === 1 && first
      ? `${first.title}: ${first.summary}`
      : `${SITE}: news of ${sections.length} things you follow`;
  return {
    to: to.address,
    subject: headerText(subject),
    text: `${texts.join('\n')}\n${foot.text}`,
    html: page(htmls.join('') + foot.html),
    headers: oneClick(emailLinks.unsubscribe(origin, to.addressId, to.token, ids)),
  };
}
