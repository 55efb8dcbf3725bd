import { onDemand, whenIdle } from '../../shared/tasks/on-demand';

/**
 * The deals page's code that is not needed to paint its first list (`on-demand-parts.ts`), in a
 * chunk of its own: the first load carries less JavaScript (the page's 100 KB budget) and runs
 * less before the first paint.
 */
export const onDemandParts = onDemand(() => import('./on-demand-parts'));

/**
 * Loads the on-demand parts when the browser is idle, once the page shows its first list (see
 * `DealsPage`): the first load asks for nothing else before its deals and first cards, and a
 * click, a failed refresh or a visitor who went offline later finds them loaded. A failure is left
 * for the first use to try again.
 */
export function preloadOnDemandParts(): void {
  whenIdle(() => void onDemandParts.load().catch(() => undefined));
}
