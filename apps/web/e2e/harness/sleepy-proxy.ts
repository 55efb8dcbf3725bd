import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SleepyProxy {
  origin: string;
  /** How many API calls were answered 503 while the backend "slept". */
  refused: number;
  /** Ends the sleep now. */
  wake(): void;
  close(): Promise<void>;
}

/**
 * A proxy in front of the service that behaves like a backend asleep on free hosting: for
 * `sleepMs` after the first API call (or until `wake()`) it answers every API call with 503, then
 * it passes them through. The page itself (non-API paths) always passes.
 */
export async function startSleepyProxy(target: string, sleepMs: number): Promise<SleepyProxy> {
  let wokeAt: number | null = null;
  const proxy: SleepyProxy = {
    origin: '',
    refused: 0,
    wake: () => {
      wokeAt = 0;
    },
    close: () => Promise.resolve(),
  };
  const server = createServer((incoming, outgoing) => {
    const isApi = (incoming.url ?? '').startsWith('/api/');
    if (isApi) wokeAt ??= Date.now() + sleepMs;
    if (isApi && wokeAt !== null && Date.now() < wokeAt) {
      proxy.refused++;
      incoming.resume();
      outgoing.writeHead(503, 'Service Unavailable', { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: 'asleep' }));
      return;
    }
    const upstream = forward(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return proxy;
}
