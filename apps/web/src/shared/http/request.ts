import { HttpError, InvalidAnswerError, NoResponseError, type ErrorAnswer } from './errors';

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** The call fails with `NoResponseError` when no full answer came within this time. */
  timeoutMs: number;
  /** The caller's own cancellation (the page moved on); its reason is thrown as is. */
  signal?: AbortSignal;
  /** Sent as JSON. The spec's POST calls send an empty JSON body, `{}`. */
  body?: unknown;
}

/**
 * A call to the service on the page's own origin (spec section 7). Every call sends a JSON content
 * type. Resolves with the response when it is 2xx and its body has been read with `read`; throws
 * `HttpError`, `NoResponseError` (network failure or timeout) or, when `read` fails,
 * `InvalidAnswerError`. The timeout covers reading the body too, since a stalled body is as good
 * as no answer.
 */
async function call<T>(
  path: string,
  options: RequestOptions,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const { method = 'GET', timeoutMs, signal, body } = options;
  signal?.throwIfAborted();
  // A timer of our own rather than AbortSignal.timeout: the same clock as the retry delays, so
  // tests can drive both with fake timers.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const forward = () => controller.abort();
  signal?.addEventListener('abort', forward, { once: true });
  try {
    let response: Response;
    try {
      response = await fetch(new URL(path, document.baseURI), {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      throw noResponse(error, timeoutMs, signal);
    }
    if (!response.ok) {
      throw new HttpError(response.status, response.statusText, await errorAnswer(response));
    }
    try {
      return await read(response);
    } catch (error) {
      if (controller.signal.aborted) throw noResponse(error, timeoutMs, signal);
      throw new InvalidAnswerError(`The server's answer to ${path} could not be read`, {
        cause: error,
      });
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/** Retry-After in seconds (a number, or an HTTP date), and the JSON error's message if any. */
async function errorAnswer(response: Response): Promise<ErrorAnswer> {
  const answer: ErrorAnswer = {};
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter !== null) {
    const seconds = /^\d+$/.test(retryAfter.trim())
      ? Number(retryAfter)
      : Math.ceil((Date.parse(retryAfter) - Date.now()) / 1000);
    if (Number.isFinite(seconds) && seconds >= 0) answer.retryAfterS = seconds;
  }
  if (response.headers.get('content-type')?.includes('json')) {
    try {
      const body = (await response.json()) as unknown;
      const message = (body as { message?: unknown } | null)?.message;
      if (typeof message === 'string' && message.trim() !== '') {
        answer.serverMessage = message.trim().slice(0, 200);
      }
    } catch {
      // An unreadable error body says nothing more than its status.
    }
  }
  return answer;
}

function noResponse(error: unknown, timeoutMs: number, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return signal.reason;
  const timedOut = error instanceof Error && error.name === 'AbortError';
  return new NoResponseError(
    timedOut ? `No answer within ${timeoutMs / 1000} s` : 'The network request failed',
    { cause: error },
  );
}

/** A call whose JSON answer the caller validates with the domain's schemas or readers. */
export function requestJson(path: string, options: RequestOptions): Promise<unknown> {
  return call(path, options, (response) => response.json() as Promise<unknown>);
}

/** `requestJson`, with the answer's status and headers (for calls whose headers tell more). */
export function requestJsonAnswer(
  path: string,
  options: RequestOptions,
): Promise<{ body: unknown; status: number; headers: Headers }> {
  return call(path, options, async (response) => ({
    body: (await response.json()) as unknown,
    status: response.status,
    headers: response.headers,
  }));
}

/** A call whose answer does not matter, only that it came and was 2xx; its body is not read. */
export function requestOk(path: string, options: RequestOptions): Promise<void> {
  return call(path, options, () => Promise.resolve());
}
