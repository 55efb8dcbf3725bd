import { describe, expect, it } from 'vitest';
import type { CacheStatus, SourceState, SourceStatus } from '../contract/cache-status';
import { countSources, coverageLine, noneReached, sourceCoverage } from './source-coverage';

const source = (key: string, state: SourceState): SourceStatus => ({
  key,
  name: key.toUpperCase(),
  state,
  dealCount: 0,
  lastSuccessAt: null,
  lastAttemptAt: null,
  error: null,
});

const status = (states: SourceState[], extra: Partial<CacheStatus> = {}): CacheStatus => ({
  ready: true,
  totalDeals: 0,
  dispensaryCount: states.length,
  sources: states.map((state, index) => source(`s${index}`, state)),
  ...extra,
});

describe('countSources', () => {
  it.each<[string, SourceState[], [number, number, number]]>([
    ['all ok', ['ok', 'ok'], [2, 0, 0]],
    ['stale and failed both fail', ['ok', 'stale', 'failed'], [1, 2, 0]],
    ['unconfigured apart', ['ok', 'unconfigured', 'failed'], [1, 1, 1]],
    ['running and pending count nowhere', ['running', 'pending', 'ok'], [1, 0, 0]],
    ['none', [], [0, 0, 0]],
  ])('%s', (_name, states, [ok, failing, unconfigured]) => {
    expect(countSources(states.map((state) => ({ state })))).toEqual({
      sourcesOk: ok,
      sourcesFailing: failing,
      sourcesUnconfigured: unconfigured,
    });
  });
});

describe('sourceCoverage', () => {
  it('has nothing to say while no dispensary fails or lacks a source', () => {
    expect(sourceCoverage(status(['ok', 'running', 'pending']))).toBeNull();
    expect(sourceCoverage({ ready: true, totalDeals: 0 })).toBeNull();
  });

  it('lists the failing and unconfigured ones in order', () => {
    const coverage = sourceCoverage(status(['ok', 'stale', 'running', 'unconfigured', 'failed']));
    expect(coverage).toMatchObject({ ok: 1, total: 5 });
    expect(coverage?.troubled.map(({ key, state }) => [key, state])).toEqual([
      ['s1', 'stale'],
      ['s3', 'unconfigured'],
      ['s4', 'failed'],
    ]);
  });

  it('takes the counts the service sent over its own counting', () => {
    const sent = status(['ok', 'failed'], {
      dispensaryCount: 39,
      sourcesOk: 30,
      sourcesFailing: 6,
      sourcesUnconfigured: 3,
    });
    expect(sourceCoverage(sent)).toMatchObject({ ok: 30, total: 39 });
  });
});

describe('coverageLine', () => {
  it.each([
    [{ ok: 27, total: 39 }, 'Deals from 27 of 39 dispensaries'],
    [{ ok: 0, total: 39 }, 'Deals from 0 of 39 dispensaries'],
    [{ ok: 0, total: 1 }, 'Deals from 0 of 1 dispensary'],
    [{ ok: 999, total: 1200 }, 'Deals from 999 of 1,200 dispensaries'],
  ])('%o -> %s', (input, line) => {
    expect(coverageLine(input)).toBe(line);
  });
});

describe('noneReached', () => {
  const coverageOf = (states: SourceState[]) => sourceCoverage(status(states))!;

  it.each<[string, SourceState[], boolean]>([
    ['every dispensary failed', ['failed', 'stale', 'failed'], true],
    ['failed beside dispensaries with no source', ['failed', 'unconfigured'], true],
    ['one succeeded', ['failed', 'ok'], false],
    ['only dispensaries with no source', ['unconfigured', 'unconfigured'], false],
  ])('%s: %s', (_name, states, expected) => {
    expect(noneReached(coverageOf(states))).toBe(expected);
  });
});
