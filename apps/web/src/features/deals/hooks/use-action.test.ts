import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAction } from './use-action';

/** `change` in an act that lets the promises it settles run their callbacks. */
const settling = (change: () => void) =>
  act(async () => {
    change();
    await Promise.resolve();
  });

/** A run the test ends by hand. */
function heldRun() {
  const ends: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const run = vi.fn(
    (_arg: string) => new Promise<void>((resolve, reject) => ends.push({ resolve, reject })),
  );
  return { run, ends };
}

describe('useAction', () => {
  it('is pending while a run is under way, with a start that stays the same', async () => {
    const { run, ends } = heldRun();
    const { result, rerender } = renderHook(() => useAction(run));
    const { start } = result.current;
    expect(result.current.pending).toBe(false);

    act(() => start('swade'));
    expect(run).toHaveBeenCalledWith('swade');
    expect(result.current.pending).toBe(true);
    rerender();
    expect(result.current.start).toBe(start);

    await settling(() => ends[0]!.resolve());
    expect(result.current.pending).toBe(false);
  });

  it('stays pending until every run it started has ended', async () => {
    const { run, ends } = heldRun();
    const { result } = renderHook(() => useAction(run));
    act(() => result.current.start('a'));
    act(() => result.current.start('b'));
    await settling(() => ends[0]!.resolve());
    expect(result.current.pending).toBe(true);
    await settling(() => ends[1]!.resolve());
    expect(result.current.pending).toBe(false);
  });

  it('hands a failure to onError with what the run was started with, and ends', async () => {
    const { run, ends } = heldRun();
    const onError = vi.fn();
    const { result } = renderHook(() => useAction(run, onError));
    act(() => result.current.start('swade'));
    const failure = new Error('Request failed with status 429');
    await settling(() => ends[0]!.reject(failure));
    expect(onError).toHaveBeenCalledWith(failure, 'swade');
    expect(result.current.pending).toBe(false);
  });

  it('runs what the latest render gave it', async () => {
    const first = vi.fn(() => Promise.resolve());
    const second = vi.fn(() => Promise.resolve());
    const { result, rerender } = renderHook(({ run }) => useAction(run), {
      initialProps: { run: first },
    });
    rerender({ run: second });
    await settling(() => result.current.start());
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
