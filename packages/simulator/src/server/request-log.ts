import type { Platform } from '@stl-deals/domain';

/** One request the simulator received. */
export interface LoggedRequest {
  /** The path without the query. */
  path: string;
  platform?: Platform;
  dispensary?: string;
  /** Whether it carried the challenge's clearance cookie, which only a browser that ran it has. */
  cleared: boolean;
}

/** Which requests to count; every field given must match. */
export interface RequestFilter {
  platform?: Platform;
  dispensary?: string;
  /** A path ('/api-3/graphql'), or a prefix of paths ending in '*' ('/sites/*'). */
  path?: string;
  cleared?: boolean;
}

/** The requests received so far, for tests that check what a client asked and how often. */
export class RequestLog {
  readonly #requests: LoggedRequest[] = [];

  add(request: LoggedRequest): void {
    this.#requests.push(request);
  }

  count(filter: RequestFilter = {}): number {
    return this.#requests.filter((request) => matches(request, filter)).length;
  }
}

function matches(request: LoggedRequest, filter: RequestFilter): boolean {
  if (filter.platform !== undefined && request.platform !== filter.platform) return false;
  if (filter.dispensary !== undefined && request.dispensary !== filter.dispensary) return false;
  if (filter.cleared !== undefined && request.cleared !== filter.cleared) return false;
  if (filter.path === undefined) return true;
  return filter.path.endsWith('*')
    ? request.path.startsWith(filter.path.slice(0, -1))
    : request.path === filter.path;
}
