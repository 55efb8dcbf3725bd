import { onDemand, whenIdle } from '../../shared/tasks/on-demand';
import type * as Parts from './on-demand-parts';

// A bare `import()` of its own: the build writes only that form without Vite's preload helper
// (see `bareDynamicImports` in vite.config.ts), which would otherwise join the first load.
const importParts = () => import('./on-demand-parts');

/** What the parts do by themselves once loaded, whichever use loaded them. */
function started(parts: typeof Parts): typeof Parts {
  parts.followFeedLink();
  return parts;
}

/**
 * The deals page's code that is not needed to paint its first list (`on-demand-parts.ts`), in a
 * chunk of its own: the first load carries less JavaScript (the page's 100 KB budget) and runs
 * less before the first paint.
 */
export const onDemandParts = onDemand(() => importParts().then(started));

/**
 * Loads the on-demand parts when the browser is idle after the page's first paint: the page is
 * then waiting on the network, and a click, a failed load or a visitor who went offline later
 * finds them loaded. A failure is left for the first use to try again.
 */
export function preloadOnDemandParts(): void {
  whenIdle(() => void onDemandParts.load().catch(() => undefined));
}
