import type { Platform } from '@stl-deals/domain';
import type { PlatformConfig } from '../adapters/types';
import { loadHtml } from '../adapters/shared/html-document';

/** What a store's website showed in a browser (or over http: its HTML alone). */
export interface PageEvidence {
  /** The page's URL once it settled. */
  url: string;
  html: string;
  /** URLs of the page's frames (embedded menus are often iframes). */
  frames: readonly string[];
  /** The page's and its frames' requests, strongest evidence: the menu's own data calls. */
  requests: readonly PageRequest[];
}

export interface PageRequest {
  url: string;
  /** The frame that made it (Sweed's storefront frame is the store's menu URL). */
  frameUrl?: string;
  /** Sweed names the store in a `storeid` header. */
  storeId?: string;
  /** A POST's body, cut short (Algolia's and Joint's filters name the store there). */
  body?: string;
}

/** The menu platform a website embeds, and how the scraper reads it there. */
export interface DetectedSource {
  platform: Platform;
  platformId?: string;
  menuUrl?: string;
  specialsUrl?: string;
  /** The store's own site, when a directory gave it (an entry without one). */
  website?: string;
  /** Where it was found and what gave it away: 'store website: Jane embed of store 4101'. */
  evidence: string;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;
const MAX_BODY = 4_096;

/**
 * The platform a store's website embeds (research: directories.md 10.2). The page's data calls
 * are read first, since a site may carry a stale embed beside the live one; then the embed
 * markup; then a link to the store's Weedmaps listing. Without any, a link to a specials page on
 * the site is the html reader's source. Undefined when nothing was found.
 */
export function detectMenuSource(
  page: PageEvidence,
  config: PlatformConfig,
): DetectedSource | undefined {
  const found = fromRequests(page, config) ?? fromMarkup(page, config);
  return found && { ...found, evidence: `store website: ${found.evidence}` };
}

/** Host names of a platform: its real ones and the configured base URL's (a simulator, a proxy). */
function hostsOf(config: PlatformConfig, base: keyof PlatformConfig['baseUrls'], real: string[]) {
  return new Set([...real, new URL(config.baseUrls[base]).host]);
}

function urlOf(value: string | undefined, page: string): URL | undefined {
  if (!value || value.length > 2048) return undefined;
  try {
    const url = new URL(value, page);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function fromRequests(page: PageEvidence, config: PlatformConfig): DetectedSource | undefined {
  for (const request of page.requests) {
    const url = urlOf(request.url, page.url);
    if (!url) continue;
    const body = (request.body ?? '').slice(0, MAX_BODY);
    if (
      /\/graphql\/?$/.test(url.pathname) &&
      url.searchParams.get('operationName') === 'FilteredProducts'
    ) {
      const id = /"dispensaryId"\s*:\s*"([A-Za-z0-9-]{1,100})"/.exec(
        url.searchParams.get('variables') ?? '',
      )?.[1];
      // The embedded menu's frame names the store by cName, which reads better than its id.
      const cName = /\/embedded-menu\/([a-z0-9-]{1,100})(?:[/?#]|$)/.exec(
        request.frameUrl ?? '',
      )?.[1];
      if (id) {
        return {
          platform: 'dutchie',
          platformId: cName ?? id,
          ...(cName
            ? { menuUrl: `${config.baseUrls.dutchie}/embedded-menu/${cName}/specials` }
            : {}),
          evidence: `Dutchie FilteredProducts call for ${id}`,
        };
      }
    }
    if (/\/1\/indexes\/[^/]*menu-products[^/]*\/query$/.test(url.pathname)) {
      const id = /\bstore_id\s*(?::|=)\s*"?(\d{1,9})\b/.exec(body)?.[1];
      if (id) return janeSource(id, config, `Jane menu query for store ${id}`);
    }
    const venue = /\/v1\/venues\/([0-9a-f]{6,40})\//.exec(url.pathname)?.[1];
    if (venue) {
      return {
        platform: 'dispense',
        platformId: venue,
        menuUrl: page.url,
        evidence: `Dispense API call for venue ${venue}`,
      };
    }
    const business = /\/wp-json\/joint-ecommerce\/v1\/products\/(\d{1,9})\/_search/.exec(
      url.pathname,
    )?.[1];
    if (business) {
      return {
        platform: 'joint',
        platformId: business,
        menuUrl: page.url,
        evidence: `Joint search call for business ${business}`,
      };
    }
    if (
      /^\/_api\/(?:proxy\/)?/.test(url.pathname) &&
      request.storeId &&
      /^\d{1,9}$/.test(request.storeId)
    ) {
      const menuUrl = urlOf(request.frameUrl, page.url)?.href ?? page.url;
      return {
        platform: 'sweed',
        platformId: request.storeId,
        menuUrl,
        evidence: `Sweed call with storeid ${request.storeId}`,
      };
    }
  }
  return undefined;
}

function janeSource(id: string, config: PlatformConfig, evidence: string): DetectedSource {
  return {
    platform: 'jane',
    platformId: id,
    menuUrl: `${config.baseUrls.jane}/embed/stores/${id}/menu`,
    evidence,
  };
}

function fromMarkup(page: PageEvidence, config: PlatformConfig): DetectedSource | undefined {
  const $ = loadHtml(page.html);
  const sources = [
    ...page.frames,
    ...$('iframe[src]')
      .map((_, element) => $(element).attr('src'))
      .get(),
    ...$('script[src]')
      .map((_, element) => $(element).attr('src'))
      .get(),
  ]
    .map((value) => urlOf(value, page.url))
    .filter((url): url is URL => url !== undefined);
  const dutchieHosts = hostsOf(config, 'dutchie', [
    'dutchie.com',
    'www.dutchie.com',
    'api.dutchie.com',
  ]);
  const janeHosts = hostsOf(config, 'jane', [
    'www.iheartjane.com',
    'iheartjane.com',
    'api.iheartjane.com',
  ]);
  for (const url of sources) {
    if (!dutchieHosts.has(url.host)) continue;
    const cName = /^\/embedded-menu\/([a-z0-9-]{1,100})(?:\/|$)/.exec(url.pathname)?.[1];
    if (cName && !cName.endsWith('.js')) {
      return {
        platform: 'dutchie',
        platformId: cName,
        menuUrl: `${config.baseUrls.dutchie}/embedded-menu/${cName}/specials`,
        evidence: `Dutchie embedded menu ${cName}`,
      };
    }
    const id = /^\/api\/v2\/embedded-menu\/([A-Za-z0-9]{1,40})\.js$/.exec(url.pathname)?.[1];
    if (id)
      return { platform: 'dutchie', platformId: id, evidence: `Dutchie embed script for ${id}` };
  }
  for (const url of sources) {
    if (!janeHosts.has(url.host)) continue;
    const id = /^\/(?:embed\/stores|v1\/stores)\/(\d{1,9})(?:\/|$)/.exec(url.pathname)?.[1];
    if (id) return janeSource(id, config, `Jane embed of store ${id}`);
  }
  const janeConfig = /window\.___JANE___\s*=[\s\S]{0,2000}?"storeId"\s*:\s*(\d{1,9})/.exec(
    page.html.slice(0, 2_000_000),
  )?.[1];
  if (janeConfig)
    return janeSource(janeConfig, config, `Jane frameless embed of store ${janeConfig}`);
  const leafly =
    $('#leafly-embed-script').attr('data-slug') ??
    sources
      .map((url) => /^\/e-menu\/([a-z0-9-]{1,100})$/.exec(url.pathname)?.[1])
      .find((slug) => slug !== undefined);
  if (leafly && SLUG.test(leafly)) {
    return {
      platform: 'leafly',
      platformId: leafly,
      menuUrl: `${config.baseUrls.leafly}/dispensary-info/${leafly}/menu`,
      evidence: `Leafly embed of ${leafly}`,
    };
  }
  const venue = $('head').attr('data-venue-id');
  if (venue && /^[0-9a-f]{6,40}$/.test(venue)) {
    return {
      platform: 'dispense',
      platformId: venue,
      menuUrl: page.url,
      evidence: `Dispense venue ${venue} on the page head`,
    };
  }
  const jointStore = /(?:^|\s)joint-store-(\d{1,9})(?:\s|$)/.exec(
    $('body').attr('class') ?? '',
  )?.[1];
  if (jointStore) {
    return {
      platform: 'joint',
      platformId: jointStore,
      menuUrl: page.url,
      evidence: `Joint store ${jointStore} on the page body`,
    };
  }
  const links = $('a[href]')
    .map((_, element) => ({
      href: urlOf($(element).attr('href'), page.url),
      text: $(element).text(),
    }))
    .get()
    .filter((link): link is { href: URL; text: string } => link.href !== undefined);
  const weedmapsHosts = hostsOf(config, 'weedmaps', ['weedmaps.com', 'www.weedmaps.com']);
  for (const { href } of links) {
    if (!weedmapsHosts.has(href.host)) continue;
    const slug = /^\/dispensaries\/([a-z0-9-]{1,100})(?:\/|$)/.exec(href.pathname)?.[1];
    if (slug)
      return {
        platform: 'weedmaps',
        platformId: slug,
        evidence: `link to the Weedmaps listing ${slug}`,
      };
  }
  const host = urlOf(page.url, page.url)?.host;
  const specials = links.find(
    ({ href, text }) =>
      href.host === host && /\b(?:specials|deals|promotions)\b/i.test(`${text} ${href.pathname}`),
  );
  if (specials) {
    return {
      platform: 'html',
      specialsUrl: specials.href.href,
      evidence: `no menu embed; specials page ${specials.href.pathname}`,
    };
  }
  return undefined;
}
