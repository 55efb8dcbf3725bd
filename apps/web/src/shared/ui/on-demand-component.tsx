import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import type { OnDemand } from '../tasks/on-demand';

/**
 * A component whose code is in a module loaded on first use (see `onDemand`). Once the module has
 * loaded it renders at once, with no suspense; before, it shows `fallback` (nothing unless told)
 * until the module arrives. If the module cannot be loaded (the network is down), it shows the
 * fallback and leaves the rest of the page as it is.
 */
export function onDemandComponent<M, P extends object>(
  source: OnDemand<M>,
  pick: (module: M) => ComponentType<P>,
  fallback: ReactNode = null,
): ComponentType<P> {
  function Loaded(props: P) {
    const module = source.loaded() ?? use(source.pending());
    if (!module) return fallback;
    const Component = pick(module);
    return <Component {...props} />;
  }
  return function OnDemandComponent(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
