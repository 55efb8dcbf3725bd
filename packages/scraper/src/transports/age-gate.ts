import type { Locator, Page } from 'playwright-core';

/** Answers that decline or leave; never clicked, whatever else they say ('No, I am not 21+'). */
const REFUSAL = String.raw`\b(?:no|not|under|exit|leave)\b`;
/** Answers that only mean something inside an age dialog. */
const GENERIC = String.raw`\s*(?:yes|enter|i confirm)\b`;
/** Answers that say 21 themselves: 'I am 21 or older', "I'm over 21", 'at least 21', '21+'. */
const TWENTY_ONE = String.raw`(?:\bi am|\bi['’]m)\s+(?:over\s+)?21\b|\bat least 21\b|\bover 21\b|\b21\s*(?:\+|or older\b|years\b)`;

/** An answer that says 21: clicked anywhere (case-insensitive, as is every text here). */
export const SAYS_21 = new RegExp(`^(?!.*${REFUSAL}).*(?:${TWENTY_ONE})`, 'i');
/**
 * An answer that says 21 or a bare 'Yes', 'Enter', 'I confirm': only clicked inside a dialog,
 * modal or overlay, since such a button on the page itself could be anything.
 */
export const DIALOG_ANSWER = new RegExp(`^(?!.*${REFUSAL})(?:${GENERIC}|.*(?:${TWENTY_ONE}))`, 'i');

/** Where sites put their age gate. */
const OVERLAY = [
  'dialog',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[aria-modal="true"]',
  '[class*="modal" i]',
  '[class*="overlay" i]',
  '[class*="age-gate" i]',
  '[class*="agegate" i]',
  '[id*="age-gate" i]',
  '[id*="agegate" i]',
].join(', ');

/** Long enough for a gate's entrance animation; a button that cannot be clicked by then is broken. */
const CLICK_TIMEOUT_MS = 5_000;

/**
 * Clicks the page's 21+ confirmation if it shows one, in the page or in a frame (embedded menus
 * carry their own gate); an answer in an overlay that says 21 first, so a newsletter pop-up's
 * 'Yes' loses to the age gate beside it. Resolves with whether it clicked.
 */
export async function passAgeGate(page: Page): Promise<boolean> {
  for (const frame of page.frames()) {
    const overlay = frame.locator(OVERLAY);
    const candidates: Locator[] = [
      overlay.getByRole('button', { name: SAYS_21 }),
      overlay.getByRole('link', { name: SAYS_21 }),
      overlay.getByRole('button', { name: DIALOG_ANSWER }),
      overlay.getByRole('link', { name: DIALOG_ANSWER }),
      frame.getByRole('button', { name: SAYS_21 }),
    ];
    for (const candidate of candidates) {
      const answer = candidate.filter({ visible: true }).first();
      if ((await answer.count()) === 0) continue;
      await answer.click({ timeout: CLICK_TIMEOUT_MS });
      return true;
    }
  }
  return false;
}
