/**
 * Following a search or watching a product by email: whether the service sends email (`GET
 * /api/email`, on when it has a mail server) and the sign-up (`POST /api/email/watches`), which
 * the service answers with a confirmation link sent to the address (double opt-in). The page
 * keeps nothing of the address: each email carries its own links to stop or manage it.
 */
import { serviceCall, type WatchedTarget } from './push';

/** How often an address is sent news: as it comes, or in one digest a day. */
export type EmailCadence = 'instant' | 'daily';

const CADENCES: readonly EmailCadence[] = ['instant', 'daily'];

/** What an address is to be sent news of: the page's search, or one product. */
export type EmailWatch = { search: string } | { product: WatchedTarget };

/**
 * The cadences a sign-up may choose, or null when the service sends no email. A failed call is
 * read as no email: the dialog then offers what works without it, and asks again when reopened.
 */
export async function emailCadences(): Promise<EmailCadence[] | null> {
  let answer: { enabled?: unknown; cadences?: unknown };
  try {
    answer = (await (await serviceCall('/api/email')).json()) as typeof answer;
  } catch {
    return null;
  }
  if (answer.enabled !== true || !Array.isArray(answer.cadences)) return null;
  const offered = CADENCES.filter((cadence) => (answer.cadences as unknown[]).includes(cadence));
  return offered.length > 0 ? offered : null;
}

/**
 * Asks the service to send `email` news of `watch`; resolves with the service's own words (the
 * same for every address taken, so that no one learns which addresses it keeps). A refusal (an
 * address it does not send to, too many sign-ups from this network) throws `FollowError` (see
 * `serviceCall`) with its message.
 */
export async function signUpByEmail(
  email: string,
  cadence: EmailCadence,
  watch: EmailWatch,
): Promise<string> {
  const answer = await serviceCall('/api/email/watches', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, cadence, ...watch }),
  });
  const { message } = (await answer.json().catch(() => ({}))) as { message?: unknown };
  // Taken all the same (a 2xx): the confirmation is on its way.
  if (typeof message !== 'string')
    return 'The service took the address: a confirmation link is on its way to it.';
  return message.slice(0, 300);
}
