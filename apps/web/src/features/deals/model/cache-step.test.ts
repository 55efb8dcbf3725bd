import { describe, expect, it } from 'vitest';
import { readyStatus } from '../../../test/fixtures';
import { cacheStepMessage, dealsTimeoutMs, isCacheLoading } from './cache-step';

describe('the status branches of the all-dispensaries load', () => {
  it.each([
    ['ready', readyStatus(), 'Loading deals from cache...', 45_000, false],
    [
      'loading with no deals yet',
      readyStatus({ ready: false, totalDeals: 0 }),
      'Starting to load deals from dispensaries... This will take 17-20 minutes total.',
      180_000,
      true,
    ],
    [
      'loading with some deals',
      readyStatus({ ready: false, totalDeals: 57 }),
      'Cache still loading... Showing 57 deals so far (will auto-refresh when complete)',
      180_000,
      true,
    ],
    ['unknown (the status call failed)', null, 'Loading deals...', 45_000, false],
  ])('%s', (_name, status, message, timeoutMs, loading) => {
    expect(cacheStepMessage(status)).toBe(message);
    expect(dealsTimeoutMs(status)).toBe(timeoutMs);
    expect(isCacheLoading(status)).toBe(loading);
  });
});
