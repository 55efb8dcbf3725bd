import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Answer, SimRequest } from '../platforms/types';

/** A request body larger than this is refused: no platform request comes near it. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads one request, asks `answer` for its answer and writes it; undefined (a hang) leaves the
 * response open until the client gives up or the server stops.
 */
export async function serve(
  incoming: IncomingMessage,
  response: ServerResponse,
  base: string,
  answer: (request: SimRequest) => Promise<Answer | undefined>,
): Promise<void> {
  try {
    const body = await readBody(incoming);
    if (body === undefined) {
      response.writeHead(413).end();
      return;
    }
    const request: SimRequest = {
      method: incoming.method ?? 'GET',
      url: new URL(incoming.url ?? '/', base),
      headers: incoming.headers,
      body,
    };
    const result = await answer(request);
    if (result === undefined || response.destroyed) return;
    response.writeHead(result.status, result.headers).end(result.body);
  } catch {
    if (!response.headersSent && !response.destroyed) response.writeHead(500).end();
  }
}

/** The body as text, or undefined when it is over the limit. */
async function readBody(incoming: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
