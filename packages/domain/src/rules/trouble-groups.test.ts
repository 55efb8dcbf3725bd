import { describe, expect, it } from 'vitest';
import type { SourceState, SourceStatus } from '../contract/cache-status';
import { groupByReason } from './trouble-groups';

const source = (key: string, state: SourceState): SourceStatus => ({
  key,
  name: key.toUpperCase(),
  state,
  dealCount: 0,
  lastSuccessAt: null,
  lastAttemptAt: null,
  error: null,
});

describe('groupByReason', () => {
  const failing = (key: string, error: string | null): SourceStatus => ({
    ...source(key, 'failed'),
    error,
  });

  it('reads a reason shared by many once, in the order the status lists them', () => {
    const offline = 'The service cannot reach the internet.';
    const refused = 'The menu platform refused our request.';
    const groups = groupByReason([
      failing('a', offline),
      failing('b', refused),
      failing('c', offline),
      failing('d', null),
    ]);
    expect(groups.map(({ reason, sources }) => [reason, sources.map((s) => s.key)])).toEqual([
      [offline, ['a', 'c']],
      [refused, ['b']],
      [null, ['d']],
    ]);
  });

  it('has no groups for no troubled dispensaries', () => {
    expect(groupByReason([])).toEqual([]);
  });
});
