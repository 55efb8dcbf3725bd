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
