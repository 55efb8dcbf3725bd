import type { Registry } from '@stl-deals/scraper';
import { DealsReadModel } from '../apps/server/src/collection/read-model';
import { dispensaryDeals, seeded } from './deals';

export interface PassCpuResult {
  deals: number;
  results: number;
  /** Process CPU (every thread, compression included) for the pass, coalesced as the service does. */
  coalescedCpuMs: number;
  coalescedRebuilds: number;
  /** The same pass with the whole list put together after every result. */
  perResultCpuMs: number;
}

/**
 * The read model's cost of one full pass at about `total` deals: every dispensary's result
 * arriving back to back (as when a pass's scrapes end together), until the page's list is
 * published and compressed; against the same pass rebuilt after every result.
 */
export async function benchPassCpu(registry: Registry, total: number): Promise<PassCpuResult> {
  const random = seeded(5);
  const per = Math.ceil(total / registry.dispensaries.length);
  const menus = () =>
    registry.dispensaries.map((entry) => ({
      key: entry.key,
      deals: dispensaryDeals(entry, per, random),
    }));

  async function pass(coalesce: boolean): Promise<{ cpuMs: number; rebuilds: number }> {
    const model = new DealsReadModel(registry.dispensaries);
    model.replace(menus());
    model.publish();
    await model.all('page').encoded('br');
    const results = menus();
    const rebuildsBefore = model.rebuilds;
    const before = process.cpuUsage();
    for (const result of results) {
      model.replace([result]);
      if (!coalesce) {
        model.publish();
        await model.all('page').encoded('br');
      }
    }
    await model.published();
    await model.all('page').encoded('br');
    const used = process.cpuUsage(before);
    return { cpuMs: (used.user + used.system) / 1000, rebuilds: model.rebuilds - rebuildsBefore };
  }

  await pass(true); // warm-up
  const coalesced = await pass(true);
  const perResult = await pass(false);
  return {
    deals: per * registry.dispensaries.length,
    results: registry.dispensaries.length,
    coalescedCpuMs: coalesced.cpuMs,
    coalescedRebuilds: coalesced.rebuilds,
    perResultCpuMs: perResult.cpuMs,
  };
}
