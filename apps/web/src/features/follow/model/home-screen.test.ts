import { describe, expect, it } from 'vitest';
import { needsHomeScreen, type BrowserFacts } from './home-screen';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const facts = (over: Partial<BrowserFacts>): BrowserFacts => ({
  userAgent: IPHONE,
  maxTouchPoints: 5,
  standalone: false,
  displayStandalone: false,
  ...over,
});

describe('needsHomeScreen', () => {
  it.each<[string, Partial<BrowserFacts>, boolean]>([
    ['iPhone Safari tab', {}, true],
    ['iPhone Home Screen app (navigator.standalone)', { standalone: true }, false],
    ['iPhone standalone display mode', { displayStandalone: true }, false],
    ['iPad reporting a Mac, with touch', { userAgent: IPAD_AS_MAC }, true],
    ['a real Mac (no touch)', { userAgent: IPAD_AS_MAC, maxTouchPoints: 0 }, false],
    ['Android Chrome', { userAgent: ANDROID, standalone: undefined }, false],
  ])('%s', (_name, over, expected) => {
    expect(needsHomeScreen(facts(over))).toBe(expected);
  });
});
