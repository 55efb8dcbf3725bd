import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isBotCheck, isChallengeRunning } from '../../src/transports/bot-check';

const FIXTURE = fileURLToPath(
  new URL(
    '../../../../../shared/fixtures/dutchie/dutchie-cloudflare-block-page.html',
    import.meta.url,
  ),
);

/** An ordinary page behind Cloudflare: its bot-detection script rides along on every page. */
const ORDINARY_PAGE =
  '<html><head><title>Specials</title></head><body><h1>20% off</h1>' +
  '<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></body></html>';

describe('isBotCheck', () => {
  it.each([
    '<title>Just a moment...</title>',
    '<title>Attention Required! | Cloudflare</title>',
    '<div id="cf-browser-verification"></div>',
    '<script>window._cf_chl_opt={cvId:"3"}</script>',
  ])('knows a challenge page by %s', (marker) => {
    expect(isBotCheck(`<html><head>${marker}</head></html>`, 'html')).toBe(true);
    expect(isBotCheck(`<html><head>${marker}</head></html>`, 'json')).toBe(true);
  });

  it('takes an ordinary Cloudflare page for a page, but not for JSON', () => {
    expect(isBotCheck(ORDINARY_PAGE, 'html')).toBe(false);
    expect(isBotCheck(ORDINARY_PAGE, 'json')).toBe(true);
  });

  it('takes a page without markers for what it is', () => {
    expect(isBotCheck('<html><body>Menu</body></html>', 'json')).toBe(false);
  });

  it('waits only for a challenge that is still running', () => {
    expect(isChallengeRunning('<title>Just a moment...</title>')).toBe(true);
    expect(isChallengeRunning('<title>Attention Required! | Cloudflare</title>')).toBe(false);
    expect(isChallengeRunning(ORDINARY_PAGE)).toBe(false);
  });

  it.skipIf(!existsSync(FIXTURE))('knows the recorded Dutchie block page, a final one', () => {
    const page = readFileSync(FIXTURE, 'utf8');
    expect(isBotCheck(page, 'html')).toBe(true);
    expect(isChallengeRunning(page)).toBe(false);
  });
});
