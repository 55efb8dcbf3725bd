import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';

export interface LoadOptions {
  durationS: number;
  connections: number;
  /**
   * autocannon worker threads. One thread of the client tops out below what the service answers
   * on two cores; the client's own ceiling (`loadCeiling`) says whether the service, not the
   * client, was the bound.
   */
  workers: number;
}

export interface LoadResult {
  requestsPerS: number;
  /** Any answer but a 200, or a socket error: a sound run has none. */
  failures: number;
}

/** Bounded load on one loopback URL: `connections` at once for `durationS` seconds, br. */
export async function loadTest(url: string, options: LoadOptions): Promise<LoadResult> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`refusing to load ${url}`);
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationS,
    headers: { 'accept-encoding': 'br' },
    workers: options.workers,
  });
  return {
    requestsPerS: result.requests.average,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * The client's ceiling for answers of `bytes`: the same load on a bare node:http server, in a
 * process of its own, that sends a prepared buffer of that size and does nothing else. A service
 * measured well below it was measured, not the client.
 */
export async function loadCeiling(bytes: number, options: LoadOptions): Promise<LoadResult> {
  const server = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createServer } from 'node:http';
       const body = Buffer.alloc(${bytes}, 97);
       const server = createServer((request, response) =>
         response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' }).end(body));
       server.listen(0, '127.0.0.1', () => console.log(server.address().port));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const [chunk] = (await once(server.stdout, 'data')) as [Buffer];
    return await loadTest(`http://127.0.0.1:${chunk.toString().trim()}/`, options);
  } finally {
    server.kill();
  }
}
