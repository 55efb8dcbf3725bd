import type { Response } from 'playwright-core';
import type { RawPayload } from '../parsing/parse-job';
import { dateHeader } from './date-header';

export interface CaptureLimits {
  /** A JSON response larger than this is left out, as the http transport would refuse it. */
  maxBytes: number;
  /** JSON responses kept at most, and their bytes in all: a page cannot fill the memory. */
  maxResponses: number;
  maxTotalBytes: number;
}

export interface JsonCapture {
  /** Give it every response of the page. */
  onResponse: (response: Response) => void;
  /** JSON responses seen so far, read or not. */
  seen(): number;
  /** The JSON responses, undecoded and unlabelled, in the order they arrived, once all are in. */
  received(): Promise<RawPayload[]>;
}

/**
 * Keeps the page's JSON responses as text. Which of them are the platform's payloads is for the
 * adapter's `labelOf` to say, in the parsing thread, since it has to read them to know.
 */
export function captureJson(limits: CaptureLimits): JsonCapture {
  const pending: Promise<RawPayload | null>[] = [];
  let totalBytes = 0;
  return {
    onResponse(response) {
      if (pending.length >= limits.maxResponses) return;
      if (!isJson(response)) return;
      pending.push(
        response.body().then(
          (bytes) => {
            if (bytes.byteLength > limits.maxBytes) return null;
            if (totalBytes + bytes.byteLength > limits.maxTotalBytes) return null;
            totalBytes += bytes.byteLength;
            const answeredAt = dateHeader(response.headers().date ?? null);
            return {
              label: null,
              url: response.url(),
              kind: 'json',
              body: bytes,
              ...(answeredAt !== undefined ? { answeredAt } : {}),
            };
          },
          // The page navigated away or dropped the request: there is no body left to read.
          () => null,
        ),
      );
    },
    seen: () => pending.length,
    async received() {
      // A response can arrive while earlier bodies are read: wait until none is left unread.
      let read = 0;
      while (read < pending.length) {
        read = pending.length;
        await Promise.all(pending);
      }
      const all = await Promise.all(pending);
      return all.filter((payload) => payload !== null);
    },
  };
}

/** A response that says it is JSON (application/json, +json, GraphQL's answers). */
export function isJson(response: Response): boolean {
  return /json/i.test(response.headers()['content-type'] ?? '');
}
