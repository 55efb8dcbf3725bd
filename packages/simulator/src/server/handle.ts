import type { Platform } from '@stl-deals/domain';
import { SIMULATED_PLATFORM_NAMES, SIMULATED_PLATFORMS } from '../platforms';
import { html, text } from '../platforms/answers';
import type { Answer, AnswerContext, Routed, SimRequest } from '../platforms/types';
import type { StoreDirectory } from '../stores';
import { routeDirectory } from '../directories';
import { challengePage, hasClearance } from './challenge';
import { productImageAnswer } from './product-images';
import type { Fault, Faults } from './faults';
import type { RequestLog } from './request-log';
import { routeWebsite } from './website';

export interface HandlerDeps {
  stores: StoreDirectory;
  faults: Faults;
  log: RequestLog;
  /**
   * The answers' context; with `rotated`, Dutchie knows other hashes than clients have; with
   * `at`, the menus are that day's rather than the clock's.
   */
  context: (rotated: boolean, at?: Date) => AnswerContext;
  /** The clearance cookie's value the challenge hands out. */
  clearance: string;
  sleep: (ms: number) => Promise<void>;
}

/** Every path may be crawled: the simulator is there to be scraped. */
const ROBOTS_TXT = 'User-agent: *\nAllow: /\n';

/**
 * The answer to one request, faults applied; undefined when the fault is a hang (the caller
 * leaves the request open).
 */
export async function handle(request: SimRequest, deps: HandlerDeps): Promise<Answer | undefined> {
  const path = request.url.pathname;
  const cleared = hasClearance(request, deps.clearance);
  if (path === '/robots.txt') {
    deps.log.add({ path, cleared });
    return text(ROBOTS_TXT);
  }
  const image = productImageAnswer(path, headerValue(request, 'if-none-match'));
  if (image) {
    deps.log.add({ path, cleared });
    return image;
  }
  const found = route(request, deps.stores);
  if (!found) {
    deps.log.add({ path, cleared });
    return text('Not found', 404);
  }
  const { platform, routed } = found;
  const dispensary = routed.store?.key;
  deps.log.add({ path, platform, dispensary, cleared });
  const fault = deps.faults.take(platform, dispensary);
  if (fault.latencyMs) await deps.sleep(fault.latencyMs);
  if (fault.hang) return undefined;
  const refusal = refusalOf(fault, cleared, deps.clearance);
  if (refusal) return refusal;
  const answer = routed.answer(deps.context(fault.rotateHashes === true));
  return fault.malformed ? truncated(answer) : answer;
}

/**
 * The answer the platforms give `request` with no fault in the way, and nothing logged: for
 * reading menus in this process rather than over the network (see `Simulator.answerAt`).
 */
export function plainAnswer(
  request: SimRequest,
  stores: StoreDirectory,
  context: AnswerContext,
): Answer {
  const found = route(request, stores);
  return found ? found.routed.answer(context) : text('Not found', 404);
}

function route(
  request: SimRequest,
  stores: StoreDirectory,
): { platform: Platform; routed: Routed } | undefined {
  const directory = routeDirectory(request, stores);
  if (directory) return directory;
  const website = routeWebsite(request, stores);
  if (website) return { platform: 'html', routed: website };
  for (const platform of SIMULATED_PLATFORM_NAMES) {
    const routed = SIMULATED_PLATFORMS[platform]?.route(request, stores);
    if (routed) return { platform, routed };
  }
  return undefined;
}

function headerValue(request: SimRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The challenge, 429 or 5xx the fault puts in front of the answer, if any. */
function refusalOf(fault: Fault, cleared: boolean, clearance: string): Answer | undefined {
  if (fault.challenge && !cleared) {
    return challengePage(clearance, fault.challenge === true ? 403 : fault.challenge.status);
  }
  if (fault.retryAfterSeconds !== undefined) {
    const answer = text('Too Many Requests', 429);
    return {
      ...answer,
      headers: { ...answer.headers, 'retry-after': String(fault.retryAfterSeconds) },
    };
  }
  if (fault.status !== undefined) {
    return html(`<!doctype html><title>${fault.status}</title><h1>Server error</h1>`, fault.status);
  }
  return undefined;
}

/** The answer cut off halfway, as a dropped connection or a broken deploy leaves it. */
function truncated(answer: Answer): Answer {
  return { ...answer, body: answer.body.slice(0, Math.floor(answer.body.length / 2)) };
}
