/**
 * On an iPhone or iPad, Safari delivers Web Push only to a web app added to the Home Screen and
 * opened from there; in a Safari tab a push button cannot work. These are what the browser says
 * about itself that tell the two apart.
 */
export interface BrowserFacts {
  userAgent: string;
  maxTouchPoints: number;
  /** iOS's own flag (`navigator.standalone`): true when opened from the Home Screen. */
  standalone: boolean | undefined;
  /** `(display-mode: standalone)` matches: an installed app's window. */
  displayStandalone: boolean;
}

/** Whether this is iOS or iPadOS outside a Home Screen app, where push needs the page added. */
export function needsHomeScreen(facts: BrowserFacts): boolean {
  if (facts.standalone === true || facts.displayStandalone) return false;
  if (/\b(iPhone|iPad|iPod)\b/.test(facts.userAgent)) return true;
  // iPadOS Safari says it is a Mac; only the iPad has a touch screen among them.
  return /\bMacintosh\b/.test(facts.userAgent) && facts.maxTouchPoints > 1;
}

/** The facts of the browser the page runs in. */
export function browserFacts(): BrowserFacts {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone: (navigator as Navigator & { standalone?: boolean }).standalone,
    displayStandalone:
      typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches,
  };
}

export const HOME_SCREEN_ADVICE =
  'To get notifications on this iPhone or iPad, add this page to your Home Screen: tap Share, ' +
  'then “Add to Home Screen”, and open it from there. iPhones and iPads deliver notifications ' +
  'only to web apps on the Home Screen.';
