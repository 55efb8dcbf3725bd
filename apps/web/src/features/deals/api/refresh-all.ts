import { requestJson } from '../../../shared/http/request';
import type { RefreshAllAnswer } from '../model/action-messages';

export const REFRESH_ALL_TIMEOUT_MS = 120_000;

const count = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/**
 * `POST /api/scraper/refresh/all`. The spec does not show its answer; this service answers
 * `{refreshed, failed, skipped, durationMs}`, or 202 `{progress: {done, total}}` when the pass
 * outlasts its wait. The counts are read when present (null when the answer carries none), so
 * the page can say what happened.
 * Decision: the body is `{}` like the single refresh; a JSON content type with a truly empty body
 * is not valid JSON, and servers that parse bodies refuse it. The JSON content type itself is
 * required: the service refuses refreshes without it (415), as a cross-site form cannot send it.
 */
export async function refreshAllDispensaries(): Promise<RefreshAllAnswer | null> {
  let body: unknown;
  try {
    body = await requestJson('/api/scraper/refresh/all', {
      method: 'POST',
      body: {},
      timeoutMs: REFRESH_ALL_TIMEOUT_MS,
    });
  } catch (error) {
    // An answer that is no JSON still was a 2xx: the refresh ran, and no counts are known.
    if (error instanceof Error && error.name === 'InvalidAnswerError') return null;
    throw error;
  }
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const progress = record.progress as Record<string, unknown> | undefined;
  const done = count(progress?.done);
  const total = count(progress?.total);
  return {
    refreshed: count(record.refreshed),
    failed: count(record.failed),
    skipped: count(record.skipped),
    ...(done !== undefined && total !== undefined ? { progress: { done, total } } : {}),
  };
}
