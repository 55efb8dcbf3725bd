import {
  BlockedError,
  NotFoundError,
  RetryableError,
  SchemaChangedError,
  ScrapeTimeoutError,
} from '../errors';
import type { RequestPlan } from '../adapters/types';

export interface HttpOptions {
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
}

/**
 * Carries out one planned request with a timeout and a size cap, and classifies every failure:
 * 403/406 blocked, 404/410 not found, 429/5xx and network errors retryable, a body of the wrong
 * type or bad JSON a changed schema. Returns the parsed JSON or the HTML text.
 */
export async function fetchPlanned(
  request: RequestPlan,
  options: HttpOptions,
  signal: AbortSignal,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: { 'user-agent': options.userAgent, accept: request.accept, ...request.headers },
      body: request.body ?? null,
      redirect: 'follow',
      signal: AbortSignal.any([signal, timeout]),
    });
  } catch (error) {
    if (timeout.aborted)
      throw new ScrapeTimeoutError(
        `No answer from ${host(request.url)} within ${options.timeoutMs} ms`,
      );
    if (signal.aborted) throw error;
    throw new RetryableError(
      `Network error reaching ${host(request.url)}: ${(error as Error).message}`,
    );
  }
  if (response.status === 403 || response.status === 406) {
    throw new BlockedError(`${host(request.url)} refused the request (${response.status})`);
  }
  if (response.status === 404 || response.status === 410) {
    throw new NotFoundError(`${host(request.url)} has no such menu (${response.status})`);
  }
  if (response.status === 429 || response.status >= 500) {
    throw new RetryableError(`${host(request.url)} answered ${response.status}`);
  }
  if (!response.ok)
    throw new SchemaChangedError(`${host(request.url)} answered ${response.status}`);

  const text = await readCapped(response, options.maxBytes, request.url);
  const type = response.headers.get('content-type') ?? '';
  if (request.accept === 'text/html') return text;
  if (!/json/i.test(type)) {
    throw new SchemaChangedError(
      `${host(request.url)} answered ${type || 'no content type'}, not JSON`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SchemaChangedError(`${host(request.url)} answered malformed JSON`);
  }
}

async function readCapped(response: Response, maxBytes: number, url: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new SchemaChangedError(
      `${host(url)} answered ${declared} bytes, over the ${maxBytes} cap`,
    );
  }
  const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new SchemaChangedError(`${host(url)} answered over the ${maxBytes} byte cap`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the platform';
  }
}
