import { html, scriptJson } from '../platforms/answers';
import type { Answer, SimRequest } from '../platforms/types';

/** The cookie Cloudflare sets once its challenge is passed. */
const CLEARANCE_COOKIE = 'cf_clearance';
/** How long the page 'verifies you are human' before it sets the cookie and reloads. */
const VERIFY_MS = 800;

/** Whether the request carries the clearance this simulator hands out. */
export function hasClearance(request: SimRequest, token: string): boolean {
  const header = request.headers.cookie;
  const cookies = (Array.isArray(header) ? header.join('; ') : (header ?? '')).split(/;\s*/);
  return cookies.includes(`${CLEARANCE_COOKIE}=${token}`);
}

/**
 * Cloudflare's managed challenge as a client meets it: status 403 (or 503) with
 * `cf-mitigated: challenge`, and a 'Just a moment...' page whose script earns the clearance
 * cookie and reloads. The token is only assembled by the script, so a client that does not run
 * JavaScript never holds it.
 */
export function challengePage(token: string, status: 403 | 503): Answer {
  const scrambled = [...token].reverse().join('');
  return html(
    `<!doctype html>
<html lang="en-US">
  <head>
    <title>Just a moment...</title>
    <meta http-equiv="content-type" content="text/html; charset=UTF-8" />
    <meta name="robots" content="noindex,nofollow" />
  </head>
  <body>
    <div class="main-wrapper" role="main">
      <h1>Verifying you are human. This may take a few seconds.</h1>
      <noscript>Enable JavaScript and cookies to continue</noscript>
    </div>
    <script>
      window._cf_chl_opt = { cType: 'managed', cRay: ${scriptJson(token.slice(0, 16))} };
      setTimeout(() => {
        const token = ${scriptJson(scrambled)}.split('').reverse().join('');
        document.cookie = '${CLEARANCE_COOKIE}=' + token + '; path=/; SameSite=Lax';
        location.reload();
      }, ${VERIFY_MS});
    </script>
  </body>
</html>
`,
    status,
    { 'cf-mitigated': 'challenge', 'cache-control': 'private, no-store', server: 'cloudflare' },
  );
}
