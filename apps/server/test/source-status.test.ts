import { CacheStatusSchema } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import {
  cacheStatus,
  estimateSeconds,
  sourceState,
  type SourceFacts,
  type WorkInFlight,
} from '../src/collection/source-status';

const at = new Date('2026-11-21T18:00:00.000Z');
const source = (facts: Partial<SourceFacts> = {}): SourceFacts => ({
  key: 'a',
  name: 'A',
  dealCount: 0,
  hasSnapshot: false,
  lastAttemptAt: null,
  lastSuccessAt: null,
  lastOutcome: null,
  lastError: null,
  attemptedSinceStart: false,
  running: false,
  ...facts,
});

describe('sourceState', () => {
  it.each<[string, Partial<SourceFacts>, string]>([
    ['never attempted', {}, 'pending'],
    ['running', { running: true, hasSnapshot: true, lastOutcome: 'ok' }, 'running'],
    ['last attempt ok', { hasSnapshot: true, lastOutcome: 'ok' }, 'ok'],
    ['ok with nothing found', { hasSnapshot: true, lastOutcome: 'ok', dealCount: 0 }, 'ok'],
    ['failed with a snapshot kept', { hasSnapshot: true, lastOutcome: 'blocked' }, 'stale'],
    ['empty answer refused', { hasSnapshot: true, lastOutcome: 'empty' }, 'stale'],
    ['failed with nothing to serve', { lastOutcome: 'timeout' }, 'failed'],
    ['a snapshot without a recorded run', { hasSnapshot: true }, 'ok'],
    ['no menu source known', { unconfigured: true }, 'unconfigured'],
    ['no source, older deals kept', { unconfigured: true, hasSnapshot: true }, 'unconfigured'],
    ['a result not in the list yet', { attemptedSinceStart: true, unpublished: true }, 'running'],
  ])('%s -> %s', (_name, facts, state) => {
    expect(sourceState(source(facts))).toBe(state);
  });
});

describe('cacheStatus', () => {
  it('counts the sources that are ok, failing and unconfigured; unconfigured ones are settled', () => {
    const status = cacheStatus(
      [
        source({ key: 'a', hasSnapshot: true, lastOutcome: 'ok' }),
        source({ key: 'b', hasSnapshot: true, lastOutcome: 'timeout', lastError: 'slow' }),
        source({ key: 'c', attemptedSinceStart: true, lastOutcome: 'blocked', lastError: 'no' }),
        source({ key: 'd', unconfigured: true }),
      ],
      0,
      undefined,
    );
    expect(CacheStatusSchema.parse(status)).toEqual(status);
    expect(status).toMatchObject({
      ready: true,
      sourcesOk: 1,
      sourcesFailing: 2,
      sourcesUnconfigured: 1,
    });
    expect(status.sources?.[3]).toMatchObject({
      state: 'unconfigured',
      error: 'No menu source is known for this dispensary yet.',
    });
  });

  it('is loading, with progress, until every dispensary is settled', () => {
    const status = cacheStatus(
      [
        source({ key: 'a', hasSnapshot: true, lastOutcome: 'ok', lastSuccessAt: at, dealCount: 2 }),
        source({ key: 'b', attemptedSinceStart: true, lastOutcome: 'blocked', lastError: 'no' }),
        source({ key: 'c' }),
      ],
      2,
      40,
    );
    expect(CacheStatusSchema.parse(status)).toEqual(status);
    expect(status).toMatchObject({
      ready: false,
      totalDeals: 2,
      lastUpdate: at.toISOString(),
      dispensaryCount: 3,
      progress: { done: 2, total: 3 },
      etaSeconds: 40,
    });
    expect(status.sources?.map(({ state, error }) => [state, error])).toEqual([
      ['ok', null],
      ['failed', 'no'],
      ['pending', null],
    ]);
  });

  it('is ready once each has a snapshot or finished an attempt: all done, no estimate', () => {
    const status = cacheStatus(
      [
        source({ hasSnapshot: true }),
        source({ attemptedSinceStart: true, lastOutcome: 'timeout' }),
      ],
      0,
      12,
    );
    expect(status.ready).toBe(true);
    expect(status.progress).toEqual({ done: 2, total: 2 });
    expect(status).not.toHaveProperty('etaSeconds');
    expect(status.lastUpdate).toBe('never');
  });

  it('is not ready while a result counted as done is still to be published in the list', () => {
    const done = source({ key: 'a', hasSnapshot: true, lastOutcome: 'ok' });
    const publishing = { key: 'b', attemptedSinceStart: true, lastOutcome: 'ok' as const };
    const waiting = cacheStatus([done, source({ ...publishing, unpublished: true })], 0, undefined);
    expect(waiting).toMatchObject({ ready: false, progress: { done: 1, total: 2 } });
    // A store the list holds stays settled while its next result is on its way.
    const refreshed = source({ ...publishing, hasSnapshot: true, unpublished: true });
    expect(cacheStatus([done, refreshed], 0, undefined).ready).toBe(true);
  });

  it('leaves etaSeconds out when there is no honest estimate', () => {
    expect(cacheStatus([source()], 0, undefined)).not.toHaveProperty('etaSeconds');
  });
});

describe('estimateSeconds', () => {
  const work = (change: Partial<WorkInFlight>): WorkInFlight => ({
    runningElapsedMs: [],
    queued: 0,
    concurrency: 2,
    recentDurationsMs: [10_000],
    timeoutMs: 120_000,
    ...change,
  });

  it.each<[string, Partial<WorkInFlight>, number | undefined]>([
    ['nothing measured yet', { runningElapsedMs: [0], recentDurationsMs: [] }, undefined],
    ['nothing under way', {}, undefined],
    ['one just started', { runningElapsedMs: [0] }, 10],
    ['one half done', { runningElapsedMs: [5_000] }, 5],
    ['one running longer than typical: half the typical more', { runningElapsedMs: [30_000] }, 5],
    ['one running at the typical duration', { runningElapsedMs: [10_000] }, 5],
    ['one near its timeout: what the timeout leaves', { runningElapsedMs: [118_500] }, 2],
    ['one past its timeout: still never 0', { runningElapsedMs: [125_000] }, 1],
    [
      'measured durations of 0 ms, one running',
      { recentDurationsMs: [0], runningElapsedMs: [0] },
      1,
    ],
    ['measured durations of 0 ms, one queued', { recentDurationsMs: [0], queued: 1 }, 1],
    ['two slots, four queued', { queued: 4 }, 20],
    ['two slots, five queued', { queued: 5 }, 30],
    [
      'the queue goes to the slot that frees first',
      { runningElapsedMs: [0, 8_000], queued: 1 },
      12,
    ],
    ['the mean of recent durations', { recentDurationsMs: [4_000, 8_000], queued: 2 }, 6],
    ['one slot, running and queued', { concurrency: 1, runningElapsedMs: [2_000], queued: 2 }, 28],
  ])('%s -> %s', (_name, change, expected) => {
    expect(estimateSeconds(work(change))).toBe(expected);
  });
});
