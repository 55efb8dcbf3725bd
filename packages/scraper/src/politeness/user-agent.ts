/**
 * The User-Agent sent with every request: the product token and version, and a URL where a site's
 * owner can reach us. `contactUrl` is appended unless the User-Agent already carries it.
 */
export function honestUserAgent(userAgent: string, contactUrl?: string): string {
  const base = userAgent.trim();
  if (!contactUrl || base.includes(contactUrl)) return base;
  return `${base} (+${contactUrl})`;
}

/**
 * The product token robots.txt groups name us by: 'STLDealsBot' of 'STLDealsBot/0.1 (+https://…)'
 * (RFC 9309 section 2.2.1).
 */
export function robotsToken(userAgent: string): string {
  return /^[^\s/]+/.exec(userAgent.trim())?.[0] ?? '*';
}
