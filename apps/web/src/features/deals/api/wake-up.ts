import { requestOk } from '../../../shared/http/request';

export const WAKE_UP_TIMEOUT_MS = 30_000;

/**
 * `GET /` of the page's own origin: a free host wakes the sleeping backend on any request (spec
 * section 7). The answer is ignored and so is a failure; only the page moving on ends it early.
 */
export async function wakeUp(signal?: AbortSignal): Promise<void> {
  try {
    await requestOk('/', { timeoutMs: WAKE_UP_TIMEOUT_MS, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
  }
}
