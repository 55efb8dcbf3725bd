import { fetch, type Agent } from 'undici';
import { robotsAnswerKind, type RobotsAnswer } from '../politeness/robots';
import type { HttpTransportOptions } from './http-options';
import { causeOf, messageOf, type NetworkWitness } from './network-failure';
import { readCapped } from './read-body';
import { MAX_REDIRECTS, redirectTarget } from './redirects';

/** A robots.txt is read this far and no further (RFC 9309 section 2.5 asks for at least 500 KiB). */
const ROBOTS_MAX_BYTES = 512 * 1024;

/**
 * robots.txt, with its redirects followed by hand like any other request (RFC 9309 2.3.1.2: at
 * least five). A redirect the guard refuses makes the file unreachable, and so the host closed.
 * Never throws: every failure is an answer RobotsCache knows how to read.
 */
export async function fetchRobots(
  robotsUrl: string,
  options: Pick<HttpTransportOptions, 'userAgent' | 'timeoutMs' | 'guard'>,
  agent: Agent,
  network: NetworkWitness,
  closing: AbortSignal,
): Promise<RobotsAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let url = robotsUrl;
  try {
    for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
      options.guard.checkUrl(url);
      const response = await fetch(url, {
        headers: { 'user-agent': options.userAgent, accept: 'text/plain' },
        redirect: 'manual',
        dispatcher: agent,
        signal: AbortSignal.any([closing, timeout]),
      });
      network.answered();
      const location = redirectTarget(response, url);
      if (location) {
        await response.body?.cancel();
        url = location;
        continue;
      }
      const kind = robotsAnswerKind(response.status);
      if (kind === 'file') {
        const { bytes } = await readCapped(response, ROBOTS_MAX_BYTES);
        return { kind, text: bytes.toString('utf8') };
      }
      await response.body?.cancel();
      return kind === 'unavailable' ? { kind } : { kind, reason: `status ${response.status}` };
    }
    return { kind: 'unreachable', reason: `over ${MAX_REDIRECTS} redirects` };
  } catch (error) {
    const reason = timeout.aborted
      ? `no answer within ${options.timeoutMs} ms`
      : messageOf(causeOf(error));
    return { kind: 'unreachable', reason, offline: network.isOffline(causeOf(error)) };
  }
}
