import { describe, expect, it } from 'vitest';
import { recentResults } from './recent-results';

describe('recentResults', () => {
  it('computes a key once and answers it again from memory', () => {
    const remember = recentResults<string>(4);
    let calls = 0;
    const compute = () => `value ${++calls}`;
    expect(remember('a', compute)).toBe('value 1');
    expect(remember('a', compute)).toBe('value 1');
    expect(remember('b', compute)).toBe('value 2');
    expect(calls).toBe(2);
  });

  it('forgets everything once the limit is reached, and computes again', () => {
    const remember = recentResults<number>(2);
    let calls = 0;
    const compute = () => ++calls;
    remember('a', compute);
    remember('b', compute);
    remember('c', compute);
    expect(calls).toBe(3);
    expect(remember('a', compute)).toBe(4);
    expect(remember('c', compute)).toBe(3);
  });
});
