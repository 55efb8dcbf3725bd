import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createOutboundGuard } from '../../src/outbound/guard';

/** One request as the server saw it; times in ms from performance.now(). */
/** The local test servers listen on loopback, which the outbound guard refuses unless allowed. */
export const LOOPBACK_ALLOWED = createOutboundGuard({ allow: ['127.0.0.1'] });

export interface Hit {
  path: string;
  userAgent: string;
  cookie: string;
  start: number;
  end: number;
}

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface LocalServer {
  base: string;
  hits: Hit[];
  /** Requests for `path` (the path and query as sent). */
  count(path: string): number;
  /** The most requests the server was answering at one moment. */
  maxActive(): number;
  close(): Promise<void>;
}

/**
 * A server on 127.0.0.1 (or another loopback address, which the guard allowing 127.0.0.1 still
 * refuses) and a free port. Routes are keyed by path without query; a path with no route answers
 * 404 (so robots.txt allows everything unless a test serves one).
 */
export async function startServer(
  routes: Record<string, Route>,
  host = '127.0.0.1',
): Promise<LocalServer> {
  const hits: Hit[] = [];
  let active = 0;
  let maxActive = 0;
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    const hit: Hit = {
      path,
      userAgent: request.headers['user-agent'] ?? '',
      cookie: request.headers.cookie ?? '',
      start: performance.now(),
      end: Number.NaN,
    };
    hits.push(hit);
    active += 1;
    maxActive = Math.max(maxActive, active);
    response.on('close', () => {
      active -= 1;
      hit.end = performance.now();
    });
    const route = routes[path.split('?')[0] ?? path];
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    base: `http://${host}:${(server.address() as AddressInfo).port}`,
    hits,
    count: (path) => hits.filter((hit) => hit.path === path).length,
    maxActive: () => maxActive,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const json =
  (body: unknown, headers: Record<string, string> = {}): Route =>
  (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'application/json', ...headers })
      .end(JSON.stringify(body));

export const html =
  (body: string, status = 200): Route =>
  (_request, response) =>
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);

export const status =
  (code: number, headers: Record<string, string> = {}): Route =>
  (_request, response) =>
    response.writeHead(code, headers).end();

/** Answers with each route in turn, the last one from then on. */
export function inTurn(...routes: Route[]): Route {
  let next = 0;
  return (request, response) => {
    const route = routes[Math.min(next, routes.length - 1)];
    next += 1;
    route?.(request, response);
  };
}
