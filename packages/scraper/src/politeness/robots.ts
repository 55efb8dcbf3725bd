import robotsParser from 'robots-parser';
import { BlockedError, OfflineError, RetryableError } from '../errors';
import type { Clock } from './clock';
import { untilAborted } from './until-aborted';

/**
 * A robots.txt that forbids the URL to our User-Agent token. It is a BlockedError (the site refused
 * us, and its status says so), but the scraper never falls back to the browser for it: a browser
 * would not make the refusal any less meant.
 */
export class RobotsDisallowedError extends BlockedError {
  override name = 'RobotsDisallowedError';
  override readonly browserMayPass = false;
}

/** What fetching a robots.txt gave, in RFC 9309's terms (section 2.3.1). */
export type RobotsAnswer =
  | { kind: 'file'; text: string }
  | { kind: 'unavailable' }
  /** `offline`: the machine reaches no network at all (see the http transport's NetworkWitness). */
  | { kind: 'unreachable'; reason: string; offline?: boolean };

/**
 * 2xx: the file's rules apply. 4xx other than 429 ("unavailable", a 404 above all): no rules, all is
 * allowed. 429, 5xx (and a network error or timeout, decided by the caller): "unreachable", and the
 * RFC says a crawler MUST then assume complete disallow, so we crawl nothing on that host until it
 * answers.
 */
export function robotsAnswerKind(status: number): RobotsAnswer['kind'] {
  if (status >= 200 && status < 300) return 'file';
  if (status >= 400 && status < 500 && status !== 429) return 'unavailable';
  return 'unreachable';
}

type Rules =
  | { kind: 'parsed'; robot: ReturnType<typeof robotsParser> }
  | { kind: 'allow-all' }
  | { kind: 'unreachable'; reason: string; offline?: boolean };

/**
 * How long an unreachable robots.txt is remembered before it is asked again: long enough that the
 * stores sharing a platform host do not each ask it, short enough that a blip costs one round.
 */
const UNREACHABLE_TTL_MS = 60_000;

export interface RobotsCacheOptions {
  /** Our User-Agent's product token (see robotsToken). */
  token: string;
  /** How long a robots.txt that answered is trusted. */
  ttlMs: number;
  clock: Clock;
  /** Fetches one robots.txt; a rejection counts as unreachable. */
  load: (robotsUrl: string) => Promise<RobotsAnswer>;
}

/** robots.txt, fetched once per origin (concurrent callers share the fetch) and kept `ttlMs`. */
export class RobotsCache {
  /** `expires` is on the monotonic clock. */
  readonly #entries = new Map<string, { expires: number; rules: Promise<Rules> }>();

  constructor(private readonly options: RobotsCacheOptions) {}

  /**
   * Resolves with the origin's Crawl-delay in ms (0 when it names none) when our token may fetch
   * `url`; throws RobotsDisallowedError when it may not, and RetryableError while the origin's
   * robots.txt cannot be read.
   */
  async check(url: string, signal: AbortSignal): Promise<{ crawlDelayMs: number }> {
    const robotsUrl = new URL('/robots.txt', url).href;
    const rules = await untilAborted(this.#rules(robotsUrl), signal);
    return judge(rules, url, this.options.token);
  }

  #rules(robotsUrl: string): Promise<Rules> {
    const { clock, load, ttlMs } = this.options;
    const cached = this.#entries.get(robotsUrl);
    if (cached && cached.expires > clock.monotonicNow()) return cached.rules;
    const entry = {
      expires: Number.POSITIVE_INFINITY,
      rules: load(robotsUrl).then(
        (answer) => rulesOf(robotsUrl, answer),
        (error: unknown): Rules => ({ kind: 'unreachable', reason: (error as Error).message }),
      ),
    };
    this.#entries.set(robotsUrl, entry);
    void entry.rules.then((rules) => {
      entry.expires =
        clock.monotonicNow() +
        (rules.kind === 'unreachable' ? Math.min(ttlMs, UNREACHABLE_TTL_MS) : ttlMs);
    });
    return entry.rules;
  }
}

function rulesOf(robotsUrl: string, answer: RobotsAnswer): Rules {
  switch (answer.kind) {
    case 'file':
      return { kind: 'parsed', robot: robotsParser(robotsUrl, answer.text) };
    case 'unavailable':
      return { kind: 'allow-all' };
    case 'unreachable':
      return answer;
  }
}

function judge(rules: Rules, url: string, token: string): { crawlDelayMs: number } {
  const { host, pathname, search } = new URL(url);
  switch (rules.kind) {
    case 'allow-all':
      return { crawlDelayMs: 0 };
    case 'unreachable':
      throw new (rules.offline ? OfflineError : RetryableError)(
        `robots.txt of ${host} could not be read (${rules.reason}); nothing there is fetched until it can`,
      );
    case 'parsed':
      if (rules.robot.isAllowed(url, token) === false) {
        throw new RobotsDisallowedError(
          `robots.txt of ${host} disallows ${pathname}${search} for ${token}`,
        );
      }
      return { crawlDelayMs: crawlDelayMs(rules.robot.getCrawlDelay(token)) };
  }
}

/** A Crawl-delay in seconds, as ms; a malformed or negative one is no delay. */
function crawlDelayMs(seconds: number | undefined): number {
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}
