import { useEffect, useState } from 'react';
import type { OnDemand } from '../../../shared/tasks/on-demand';

/**
 * A module loaded on first use (see `onDemand`), once `wanted`: undefined until it has arrived
 * (and while it cannot be loaded: offline, it is tried again when wanted again). The component
 * that wants it draws without it meanwhile, rather than suspending: a click is never answered by
 * a page-wide fallback.
 */
export function useCodeWhen<M>(source: OnDemand<M>, wanted: boolean): M | undefined {
  const [code, setCode] = useState(() => source.loaded());
  useEffect(() => {
    if (!wanted || code) return;
    let current = true;
    source.load().then(
      (loaded) => {
        if (current) setCode(() => loaded);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [source, wanted, code]);
  return code;
}
