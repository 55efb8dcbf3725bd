/**
 * A block page: the bot check has decided, and waiting will not change it (Cloudflare's
 * "Attention Required!", see ../shared/fixtures/dutchie/dutchie-cloudflare-block-page.html).
 */
const BLOCK_PAGE = [/<title>\s*Attention Required! \| Cloudflare\s*<\/title>/i];

/** A challenge page: a script is at work, and a browser that runs it is let through. */
const CHALLENGE_PAGE = [
  /<title>\s*Just a moment\.\.\.\s*<\/title>/i,
  /cf-browser-verification/i,
  /window\._cf_chl_opt/i,
];

/**
 * Weaker markers: Cloudflare also injects its bot-detection script (under
 * /cdn-cgi/challenge-platform/) into ordinary pages, so these only count where an HTML page is
 * itself the surprise, that is where JSON was expected.
 */
const HINTS = [/Attention Required/i, /challenge-platform/i, /Just a moment\.\.\./i];

/**
 * Whether `html` is a bot check rather than the page or payload asked for. `expected` is what the
 * request asked for: any HTML where JSON was expected may be judged on the weaker hints.
 */
export function isBotCheck(html: string, expected: 'html' | 'json'): boolean {
  const markers = [...BLOCK_PAGE, ...CHALLENGE_PAGE, ...(expected === 'json' ? HINTS : [])];
  return markers.some((marker) => marker.test(html));
}

/** Whether `html` is a challenge still running its script, which a browser may pass by waiting. */
export function isChallengeRunning(html: string): boolean {
  return CHALLENGE_PAGE.some((marker) => marker.test(html));
}
