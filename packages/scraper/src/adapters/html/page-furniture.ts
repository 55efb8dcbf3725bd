import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { isCleanDeal } from '@stl-deals/domain';

/**
 * What on a dispensary's page is never a deal: code, navigation, banners, forms, age gates,
 * cookie notices and contact details. The spec's junk markers (cleaning rules) are the floor;
 * these are the rest of the ceiling.
 */

/** Elements removed before anything is read: code, embeds, site chrome and forms. */
const FURNITURE_TAGS = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'frame',
  'object',
  'embed',
  'svg',
  'canvas',
  'form',
  'select',
  'textarea',
  'input',
  'dialog',
  'nav',
  'link',
  'meta',
  'head',
].join(',');

const FURNITURE_ROLES = ['navigation', 'dialog', 'alertdialog', 'search', 'menu', 'menubar']
  .map((role) => `[role="${role}"]`)
  .join(',');

/**
 * Class and id names of site chrome in common themes (WordPress, Elementor, Shopify, YOOtheme):
 * cookie and age-gate overlays, newsletter pop-ups, menus, breadcrumbs, social links,
 * store hours and maps. Matched as whole class names, so a deal card's 'special-header' is not
 * mistaken for the site's 'site-header'.
 */
const FURNITURE_NAME = new RegExp(
  '^(?:' +
    [
      '(?:main|primary|secondary|nav|mega|mobile|sub|top|header|footer|site|off-?canvas)-?menu(?:-item|-container|-wrapper)?',
      'menu(?:-item|-main|-primary)?',
      '(?:main-|site-)?nav(?:bar|igation)?(?:-\\w+)?',
      'breadcrumbs?',
      'cookies?(?:-\\w+)*',
      '(?:cookie-?)?consent(?:-\\w+)*',
      'gdpr(?:-\\w+)*',
      'cmplz(?:-\\w+)*',
      'age-?(?:gate|check|verification|verify|modal|popup)(?:-\\w+)*',
      'verify-?age',
      '(?:\\w+-)?(?:modal|popup|pop-up|lightbox)(?:-\\w+)*',
      'newsletter(?:-\\w+)*',
      '(?:social|share)(?:-\\w+)*',
      'copyright',
      '(?:store|opening|business)-?hours',
      'hours',
      'contact(?:-\\w+)*',
      '(?:google-?)?map',
      'skip-link',
      'screen-reader-text',
      'sr-only',
      'visually-hidden',
    ].join('|') +
    ')$',
  'i',
);

/**
 * Class and id names of the chrome every page of the site repeats: the header and footer, promo
 * and announcement bars, marquees and tickers. A store's offer ('40% OFF Your Order Today!',
 * 'Veterans save 10%') is often told there alone, so they are set apart (offerChrome) rather
 * than thrown away with the rest.
 */
const CHROME_NAME = new RegExp(
  '^(?:' +
    [
      '(?:site|global|main|page|top|sticky)?-?(?:header|footer)(?:-(?:wrap(?:per)?|container|inner|bar|top|bottom|widgets?|area))?',
      'masthead',
      'colophon',
      'elementor-location-(?:header|footer)',
      '(?:announcement|promo|notice|top|alert|info|sticky)-?bar',
      'announcements?',
      'marquee',
      'ticker',
    ].join('|') +
    ')$',
  'i',
);

/** Links to the app stores: the page's 'Download on the App Store' badges. */
const APP_STORE_LINKS = ['apps.apple.com', 'itunes.apple.com', 'play.google.com']
  .map((host) => `a[href*="${host}"]`)
  .join(',');
const APP_STORE_BADGE = /\bapp\s?store\b|\bgoogle\s?play\b|\bdownload on the\b|\bget it on\b/i;

/** Removes everything a deal can never be part of, the site's header and footer included. */
export function removeFurniture($: CheerioAPI): void {
  removeChrome($);
  $(offerChrome($)).remove();
}

/**
 * Removes the chrome a deal can never be part of, all but the site's header, footer and
 * announcement strips (see `offerChrome`): code, embeds, forms, menus, overlays, contact
 * blocks and app store badges.
 */
export function removeChrome($: CheerioAPI): void {
  $(FURNITURE_TAGS).remove();
  // App store badges: their picture and link would otherwise become a deal's image and link.
  $(APP_STORE_LINKS).remove();
  $('img')
    .filter((_, image) =>
      APP_STORE_BADGE.test(`${image.attribs.alt ?? ''} ${image.attribs.src ?? ''}`.slice(0, 600)),
    )
    .remove();
  // A button is a control ('Yes, I'm 21+', 'Accept'); a long one is a clickable deal card.
  $('button')
    .filter((_, element) => $(element).text().trim().length <= 40)
    .remove();
  $(FURNITURE_ROLES).remove();
  $('[aria-modal="true"], [aria-hidden="true"], [hidden]').remove();
  $('[class], [id]')
    .filter((_, element) => namedAs(FURNITURE_NAME, element))
    .remove();
}

/**
 * The chrome every page of the site repeats, outermost only: a <header> or <footer> not an
 * article's own, role="banner" or "contentinfo", or a header, footer, promo bar, marquee or
 * ticker by its class or id. Not a deal's place on most pages, but where a store may tell its
 * offer alone (parse.ts reads it on a deals page).
 */
export function offerChrome($: CheerioAPI): Element[] {
  const strips = $('header, footer, [role], [class], [id]')
    .toArray()
    .filter(
      (element) =>
        ((element.name === 'header' || element.name === 'footer') &&
          $(element).closest('article').length === 0) ||
        element.attribs.role === 'banner' ||
        element.attribs.role === 'contentinfo' ||
        namedAs(CHROME_NAME, element),
    );
  const set = new Set(strips);
  return strips.filter((element) => !hasAncestorIn(element, set));
}

function hasAncestorIn(element: Element, set: ReadonlySet<Element>): boolean {
  for (let node = element.parent; node; node = node.parent) {
    if (set.has(node as Element)) return true;
  }
  return false;
}

function namedAs(pattern: RegExp, element: Element): boolean {
  const { class: classes, id } = element.attribs;
  const names = `${classes ?? ''} ${id ?? ''}`.split(/\s+/).filter(Boolean).slice(0, 40);
  return names.some((name) => name.length <= 80 && pattern.test(name));
}

const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\b\d{3})[\s.-]\d{3}[\s.-]\d{4}\b/;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const STREET_ADDRESS =
  /\b\d{1,6}\s+(?:[NSEW]\.?\s+)?(?:[A-Z0-9][\w'.-]*\s+){1,4}(?:St|Street|Ave|Avenue|Blvd|Boulevard|Rd|Road|Dr|Drive|Ln|Lane|Way|Pkwy|Parkway|Hwy|Highway|Ct|Court|Pl|Place|Plaza|Ter|Terrace)\b/;
const STATE_AND_ZIP = /\b(?:MO|Missouri|IL|Illinois)\s+6\d{4}\b/;
const HOURS =
  /\b(?:store|opening|business|our|holiday)\s+hours\b|(?<!happy\s)\bhours\s*(?::|of operation)|\bopen\s+(?:daily|today|now|7 days|seven days|\d)|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*[-–—]\s*(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*:?\s*\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)/i;
const LOCATION =
  /\bfind (?:your|a|the nearest) (?:location|store|dispensary)\b|\bget directions\b|\bview (?:on )?map\b/i;
const AGE_GATE =
  /\b(?:are you|you must be|i am|i'm)\s+(?:at least\s+)?(?:21|twenty-one)\b|\bage verification\b|\bverify (?:your )?age\b|\benter (?:the )?site\b/i;
const COOKIE_NOTICE =
  /\b(?:this (?:web)?site|we) uses? cookies\b|\baccept (?:all )?cookies\b|\bcookie (?:policy|settings|preferences|consent)\b|\bprivacy policy\b/i;
const CODE = /[{}]|\/\*|\*\/|<\/?[a-z][^>]*>|\bfunction\s*\(|=>/i;
const SIGN_UP = /\bnewsletter\b|\bsubscribe\b|\btext\s+\S+\s+to\s+\d{5,6}\b/i;
const COPYRIGHT = /©|\ball rights reserved\b/i;

const APP_PROMOTION =
  /\b(?:download|get|install|try)\s+(?:our|the)(?:\s+[\p{L}\p{N}'’&.-]+){0,3}?\s+app\b|\bapp\s?store\b|\bgoogle\s?play\b|\bavailable\s+on\s+(?:ios|android)\b/iu;
const REVIEW =
  /[★☆⭐]|\b[1-5](?:\.\d)?\s*(?:out of 5|\/\s?5)\b|\b\d[\d,]*\s+(?:google\s+|customer\s+)?reviews\b|\b(?:customer\s+)?reviews?\s+(?:on|from)\s+(?:google|yelp|leafly|weedmaps)\b|\btestimonials?\b/i;

/**
 * Whether a text beside a deal, inside its block, is page furniture rather than its words: an app
 * promotion ('Download our app', 'Get it on Google Play'), a review, an age gate, a cookie notice
 * or a sign-up prompt. The caller checks that it does not read as a deal itself ('Download our
 * app for 15% off' is a deal).
 */
export function isAsideText(value: string): boolean {
  return [APP_PROMOTION, REVIEW, AGE_GATE, COOKIE_NOTICE, SIGN_UP].some((pattern) =>
    pattern.test(value),
  );
}

/**
 * Whether a block's text is page furniture rather than a deal: contact details (phone, e-mail,
 * street address, hours, 'find your location'), an age gate, a cookie notice, code, a sign-up
 * prompt or a copyright line, or what the spec's cleaning rules hide.
 */
export function isFurnitureText(title: string, description: string): boolean {
  const value = `${title} ${description}`;
  return (
    [PHONE, EMAIL, STREET_ADDRESS, STATE_AND_ZIP, HOURS, LOCATION, AGE_GATE, COOKIE_NOTICE]
      .concat([CODE, SIGN_UP, COPYRIGHT])
      .some((pattern) => pattern.test(value)) || !isCleanDeal({ title, description })
  );
}
