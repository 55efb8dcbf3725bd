import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a dispensary's fake feed answers: deals, an HTTP failure, or nothing until released. */
export type Feed = { deals: unknown[] } | { status: number } | { hold: true };

/**
 * A local stand-in for the menu platforms' `feed` URLs (`/feed/<key>`), counting the requests
 * each dispensary receives: the counts are how tests see single-flight and cooldown.
 */
export interface FeedServer {
  readonly origin: string;
  url(key: string): string;
  set(key: string, feed: Feed): void;
  requests(key: string): number;
  /** The User-Agent of each request the dispensary's feed received, in order. */
  userAgents(key: string): string[];
  /** Answers every held request with its dispensary's feed as set now (503 if still held). */
  release(): void;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const feeds = new Map<string, Feed>();
  const counts = new Map<string, number>();
  const agents = new Map<string, string[]>();
  const held: Array<{ key: string; response: ServerResponse }> = [];

  const answer = (key: string, response: ServerResponse) => {
    const feed = feeds.get(key) ?? { status: 404 };
    if ('hold' in feed) held.push({ key, response });
    else if ('status' in feed) response.writeHead(feed.status).end();
    else {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(feed.deals));
    }
  };

  const server = createServer((request: IncomingMessage, response) => {
    const key = /^\/feed\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
    counts.set(key, (counts.get(key) ?? 0) + 1);
    agents.set(key, [...(agents.get(key) ?? []), request.headers['user-agent'] ?? '']);
    answer(key, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    url: (key) => `${origin}/feed/${key}`,
    set: (key, feed) => feeds.set(key, feed),
    requests: (key) => counts.get(key) ?? 0,
    userAgents: (key) => agents.get(key) ?? [],
    release() {
      for (const { key, response } of held.splice(0)) {
        if ('hold' in (feeds.get(key) ?? {})) response.writeHead(503).end();
        else answer(key, response);
      }
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
