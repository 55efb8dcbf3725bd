import { LIMITS, safeHttpUrl } from '@stl-deals/domain';

/**
 * Links and images from hostile payloads: only absolute http(s) URLs pass. Longer than 1,000
 * characters is refused too: no real deep link or CDN image is, a hostile payload's is not worth
 * storing, and every string a deal holds stays within the contract's text bound.
 */
export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > LIMITS.text) return undefined;
  return safeHttpUrl(value) ?? undefined;
}

/** Candidates looked at, at most: a hostile list of images is bounded. */
const MAX_CANDIDATES = 50;

/**
 * The first usable link or image among candidates, in order (see httpUrl). A candidate that is
 * a list is not searched: a caller that means a list of images passes its items.
 */
export function firstHttpUrl(...candidates: unknown[]): string | undefined {
  for (const candidate of candidates.slice(0, MAX_CANDIDATES)) {
    const url = httpUrl(candidate);
    if (url) return url;
  }
  return undefined;
}

/**
 * `base` with path segments appended below it ('https://shop/stl' + 'discounts' ->
 * 'https://shop/stl/discounts'), each segment encoded; undefined when base is no http(s) URL.
 */
export function urlUnder(base: string | undefined, ...segments: string[]): string | undefined {
  const url = parsedUrl(base);
  if (!url) return undefined;
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = [path, ...segments.map(encodeURIComponent)].join('/');
  url.search = '';
  url.hash = '';
  return httpUrl(url.href);
}

/** An href resolved against the page it is on, when the result is an http(s) URL. */
export function resolvedHttpUrl(href: unknown, base: string | undefined): string | undefined {
  if (typeof href !== 'string' || href.length > LIMITS.url) return undefined;
  try {
    return httpUrl(new URL(href.trim(), base).href);
  } catch {
    return undefined;
  }
}

function parsedUrl(value: string | undefined): URL | undefined {
  if (!httpUrl(value)) return undefined;
  try {
    return new URL(value!);
  } catch {
    return undefined;
  }
}
