import { LIMITS } from '../contract/constants';

/**
 * The URL when it is an absolute http(s) URL with a host and nothing that could smuggle markup or a
 * second scheme (whitespace, control characters, quotes, angle brackets); otherwise null. Only such
 * links and images ever reach the page.
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url.length > LIMITS.url) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f"'<>\\`]/.test(url)) return null;
  return /^https?:\/\/[^/?#@:]+(?::\d{1,5})?(?:[/?#]|$)/i.test(url) ? url : null;
}

/**
 * Whether the page may load `value` as an image exactly as given: an absolute http(s) URL that
 * `safeHttpUrl` keeps unchanged, or a path on the page's own origin ('/logos/brands/wyld.svg')
 * free of the same characters. A path starting '//' or '/\' is refused: browsers read both as
 * another host.
 */
export function isImageAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > LIMITS.url) return false;
  // eslint-disable-next-line no-control-regex
  if (/^\/(?![/\\])[^\s\u0000-\u001f\u007f"'<>\\`]*$/.test(value)) return true;
  return safeHttpUrl(value) === value;
}
