/**
 * Code the page loads when first used rather than with its first load: a module behind a dynamic
 * `import()`, which the build puts in a chunk of its own. The page may ask for it ahead of use
 * when the browser is idle once its first list shows (`whenIdle`, e.g. `preloadOnDemandParts`),
 * so that a click, or a failure while the visitor is offline, finds it loaded.
 */
export interface OnDemand<M> {
  /**
   * The module, loading it on the first call. A load that failed (the network was down) rejects
   * this call, and the next call tries again.
   */
  load(): Promise<M>;
  /** The module once it has loaded, else undefined: what a render reads without waiting. */
  loaded(): M | undefined;
  /**
   * `apply` to the module: in the same turn when it has loaded (a click's effect shows at once),
   * else once it has.
   */
  run<T>(apply: (module: M) => T | Promise<T>): Promise<T>;
  /**
   * For a render that must wait: the load under way, or the last one, resolving to null if it
   * failed. The same promise until `load` is called again, so a render that found it failed does
   * not try again by itself (and loop while the network is down).
   */
  pending(): Promise<M | null>;
}

export function onDemand<M>(importModule: () => Promise<M>): OnDemand<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  let settled: Promise<M | null> | undefined;
  const load = () => {
    if (loading) return loading;
    const attempt = importModule().then(
      (value) => (module = value),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    loading = attempt;
    settled = attempt.catch(() => null);
    return attempt;
  };
  return {
    load,
    loaded: () => module,
    run: (apply) => (module === undefined ? load().then(apply) : Promise.resolve(apply(module))),
    pending: () => {
      if (!settled) void load().catch(() => undefined);
      return settled!;
    },
  };
}

/**
 * Runs `task` when the browser has nothing else to do (`requestIdleCallback`, at the latest
 * after `timeoutMs`), else on a timer: work that must not compete with the page's first load.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 1);
}
