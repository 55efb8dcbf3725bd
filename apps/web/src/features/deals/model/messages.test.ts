import { describe, expect, it } from 'vitest';
import {
  HttpError,
  InvalidAnswerError,
  NoResponseError,
  RetriesExhaustedError,
} from '../../../shared/http/errors';
import { readyStatus } from '../../../test/fixtures';
import {
  attemptFailedMessage,
  cacheStartingMessage,
  cacheStillLoadingMessage,
  firstLoadEstimate,
  firstLoadNotice,
  needsConnectionAdvice,
  NOT_RESPONDING_MESSAGE,
  reconnectingMessage,
} from './messages';
import {
  failureReason,
  fetchDealsFailedMessage,
  refreshAllFailedMessage,
  refreshFailedMessage,
  refreshingMessage,
  retryFailedMessage,
} from './action-messages';

const loading = (extra = {}) => readyStatus({ ready: false, totalDeals: 0, ...extra });

describe('retry texts', () => {
  it('says the backend is waking up after the first failure', () => {
    expect(attemptFailedMessage({ attempt: 1, attempts: 3, delayMs: 2400 })).toBe(
      'Backend is waking up from sleep... This may take 30-60 seconds.',
    );
  });

  it.each([
    [4000, 'Backend is starting up... Retrying in 4 seconds (attempt 2/3)'],
    [4001, 'Backend is starting up... Retrying in 5 seconds (attempt 2/3)'],
    [4999, 'Backend is starting up... Retrying in 5 seconds (attempt 2/3)'],
  ])('counts down in whole seconds, rounded up: %i ms', (delayMs, text) => {
    expect(attemptFailedMessage({ attempt: 2, attempts: 3, delayMs })).toBe(text);
  });

  it('says which attempt reconnects', () => {
    expect(reconnectingMessage({ attempt: 2, attempts: 3 })).toBe(
      'Attempting to reconnect... (attempt 2/3)',
    );
  });
});

describe('first-load texts', () => {
  it("uses the spec's fixed estimate and 39 dispensaries when the status says nothing more", () => {
    const status = { ready: false, totalDeals: 0 };
    expect(cacheStartingMessage(status)).toBe(
      'Starting to load deals from dispensaries... This will take 17-20 minutes total.',
    );
    expect(firstLoadNotice(status)).toBe(
      'Fetching deals from all 39 dispensaries takes about 17-20 minutes on the first load. ' +
        'After that, loads are instant.',
    );
  });

  it('uses the dispensary count the status sends', () => {
    expect(firstLoadNotice(loading({ dispensaryCount: 41 }))).toContain('all 41 dispensaries');
  });

  it('states the real estimate when the status sends etaSeconds and progress', () => {
    const status = loading({ etaSeconds: 610, progress: { done: 12, total: 39 } });
    expect(firstLoadEstimate(status)).toEqual({ minutesLeft: 11, done: 12, total: 39 });
    expect(cacheStartingMessage(status)).toBe(
      'Starting to load deals from dispensaries... About 11 minutes left (12 of 39 dispensaries done).',
    );
    expect(firstLoadNotice(status)).toBe(
      'Fetching deals from all 39 dispensaries: 12 of 39 done, about 11 minutes left. ' +
        'After this first load, loads are instant.',
    );
  });

  it('never says less than a minute, and says one minute in the singular', () => {
    const status = loading({ etaSeconds: 5, progress: { done: 38, total: 39 } });
    expect(cacheStartingMessage(status)).toContain('About 1 minute left');
  });

  it('needs both etaSeconds and progress for the real estimate', () => {
    expect(firstLoadEstimate(loading({ etaSeconds: 60 }))).toBeNull();
    expect(firstLoadEstimate(loading({ progress: { done: 1, total: 2 } }))).toBeNull();
    expect(firstLoadEstimate(null)).toBeNull();
  });

  it('counts the deals so far', () => {
    expect(cacheStillLoadingMessage(120)).toBe(
      'Cache still loading... Showing 120 deals so far (will auto-refresh when complete)',
    );
  });
});

describe('error catalogue', () => {
  it.each<[string, unknown, string]>([
    ['a server answer', new HttpError(502, 'Bad Gateway'), 'Server error: 502 Bad Gateway'],
    ['a server answer without text', new HttpError(500, ''), 'Server error: 500'],
    [
      'no answer',
      new NoResponseError('x'),
      'No response from server - check if backend is running',
    ],
    [
      'exhausted retries',
      new RetriesExhaustedError(3),
      'Failed after 3 attempts. Backend may be experiencing issues.',
    ],
    ['an invalid answer', new InvalidAnswerError('Bad answer'), 'Bad answer'],
    ['an error without a message', new Error(''), 'Network connection failed'],
    ['something not an error', 'oops', 'Network connection failed'],
  ])('reason for %s', (_name, error, reason) => {
    expect(failureReason(error)).toBe(reason);
  });

  it('wraps a reason as a failed fetch, except the not-responding text', () => {
    expect(fetchDealsFailedMessage(new HttpError(404, 'Not Found'))).toBe(
      'Failed to fetch deals: Server error: 404 Not Found',
    );
    expect(fetchDealsFailedMessage(new Error(NOT_RESPONDING_MESSAGE))).toBe(
      'Backend is not responding. Please try again in a few minutes.',
    );
  });

  it('names the refresh that failed', () => {
    expect(refreshingMessage('swade')).toBe('Refreshing swade...');
    expect(refreshFailedMessage('swade', new HttpError(429, 'Too Many Requests'))).toBe(
      'Failed to refresh swade: Server error: 429 Too Many Requests',
    );
    expect(refreshAllFailedMessage(new NoResponseError('x'))).toBe(
      'Failed to refresh all dispensaries: No response from server - check if backend is running',
    );
    expect(retryFailedMessage(new RetriesExhaustedError(3))).toBe(
      'Retry failed: Failed after 3 attempts. Backend may be experiencing issues.',
    );
  });

  it.each([
    ['Backend is not responding. Please try again in a few minutes.', true],
    ['Failed to fetch deals: Failed after 3 attempts. Backend may be experiencing issues.', true],
    ['Failed to fetch deals: Network Error', true],
    ['Failed to fetch deals: Server error: 404 Not Found', false],
    ['Failed to refresh swade: Server error: 500', false],
  ])('connection advice for %j: %s', (text, expected) => {
    expect(needsConnectionAdvice(text)).toBe(expected);
  });
});
