import {
  parseDealPriceHistory,
  PRICE_HISTORY_DEFAULT_DAYS,
  type DealPriceHistory,
} from '@stl-deals/domain';
import { queryOptions } from '@tanstack/react-query';
import { InvalidAnswerError } from '../../../shared/http/errors';
import { requestJson } from '../../../shared/http/request';

/** The days of history a chart shows, and asks for: the service's default, 90. */
export const HISTORY_DAYS = PRICE_HISTORY_DEFAULT_DAYS;

/** One call, no retries: the visitor is waiting on it, and the dialog offers to try again. */
export const HISTORY_TIMEOUT_MS = 15_000;

/**
 * A price history answer as the chart needs it: read by the contract (every price a number from
 * 0 to the contract's bound, every day a calendar day, at most a year of days), of the deal asked
 * for, and one point per day, oldest first. Throws a TypeError naming what is wrong.
 */
export function readDealHistory(input: unknown, id: string): DealPriceHistory {
  const history = parseDealPriceHistory(input);
  if (history.id !== id) throw new TypeError(`The price history is not of deal ${id}`);
  const points = [...history.points].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  for (let index = 1; index < points.length; index++) {
    // The store keeps one point per product and day: two mean the answer is wrong.
    if (points[index]!.day === points[index - 1]!.day) {
      throw new TypeError(`The price history has two points of ${points[index]!.day}`);
    }
  }
  return { ...history, points };
}

/** `GET /api/deals/{id}/history?days=90`, read by `readDealHistory`. A 404 is an unknown deal. */
export async function getDealHistory(id: string, signal?: AbortSignal): Promise<DealPriceHistory> {
  const answer = await requestJson(
    `/api/deals/${encodeURIComponent(id)}/history?days=${HISTORY_DAYS}`,
    { timeoutMs: HISTORY_TIMEOUT_MS, signal },
  );
  try {
    return readDealHistory(answer, id);
  } catch (error) {
    throw new InvalidAnswerError("The service's price history could not be read", {
      cause: error,
    });
  }
}

/** A deal's history, asked once while the page is open (the dialog's 'Try again' asks again). */
export function dealHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['deal-history', id],
    queryFn: ({ signal }) => getDealHistory(id, signal),
    staleTime: Infinity,
  });
}
