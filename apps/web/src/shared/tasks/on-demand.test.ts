import { describe, expect, it, vi } from 'vitest';
import { onDemand, whenIdle } from './on-demand';

/** An importer the test settles by hand, counting its calls. */
function controlledImport<M>() {
  const calls: { resolve: (module: M) => void; reject: (error: Error) => void }[] = [];
  const importModule = vi.fn(
    () => new Promise<M>((resolve, reject) => calls.push({ resolve, reject })),
  );
  return { importModule, calls };
}

describe('onDemand', () => {
  it('imports the module once, on first use, and hands the same one to every caller', async () => {
    const { importModule, calls } = controlledImport<{ name: string }>();
    const source = onDemand(importModule);
    expect(importModule).not.toHaveBeenCalled();
    expect(source.loaded()).toBeUndefined();

    const first = source.load();
    const second = source.load();
    expect(importModule).toHaveBeenCalledTimes(1);
    const module = { name: 'parts' };
    calls[0]!.resolve(module);
    expect(await first).toBe(module);
    expect(await second).toBe(module);
    expect(source.loaded()).toBe(module);
    expect(await source.load()).toBe(module);
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('runs a use of the loaded module in the same turn, and waits for it otherwise', async () => {
    const { importModule, calls } = controlledImport<{ value: number }>();
    const source = onDemand(importModule);
    const used: number[] = [];
    const waiting = source.run((module) => used.push(module.value));
    expect(used).toEqual([]);
    calls[0]!.resolve({ value: 1 });
    await waiting;
    expect(used).toEqual([1]);

    void source.run((module) => used.push(module.value + 1));
    expect(used).toEqual([1, 2]);
  });

  it('rejects a failed load, and tries again on the next load', async () => {
    const { importModule, calls } = controlledImport<string>();
    const source = onDemand(importModule);
    const failed = source.load();
    calls[0]!.reject(new Error('Failed to fetch dynamically imported module'));
    await expect(failed).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(source.loaded()).toBeUndefined();

    const again = source.load();
    expect(importModule).toHaveBeenCalledTimes(2);
    calls[1]!.resolve('parts');
    expect(await again).toBe('parts');
  });

  it('gives a render null for a failed load, and does not try again by itself', async () => {
    const { importModule, calls } = controlledImport<string>();
    const source = onDemand(importModule);
    const pending = source.pending();
    expect(source.pending()).toBe(pending);
    calls[0]!.reject(new Error('offline'));
    expect(await pending).toBeNull();
    expect(await source.pending()).toBeNull();
    expect(importModule).toHaveBeenCalledTimes(1);

    // The next explicit load (a visitor's action) tries again, and renders see its outcome.
    const loading = source.load();
    const next = source.pending();
    calls[1]!.resolve('parts');
    await loading;
    expect(await next).toBe('parts');
  });
});

describe('whenIdle', () => {
  it('runs the task when the browser is idle, at the latest after the timeout', () => {
    const requestIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdle);
    try {
      const task = vi.fn();
      whenIdle(task, 500);
      expect(requestIdle).toHaveBeenCalledWith(task, { timeout: 500 });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('runs the task on a timer where the browser has no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    try {
      const task = vi.fn();
      whenIdle(task);
      expect(task).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(task).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
