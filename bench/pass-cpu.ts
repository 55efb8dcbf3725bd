import { addDays, type Deal } from '@stl-deals/domain';
import type { Registry } from '@stl-deals/scraper';
import type { DealsRepository } from '@stl-deals/store';
import { PriceFacts } from '../apps/server/src/collection/price-facts';
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
    await model.replace(menus());
    model.publish();
    await model.all('page').encoded('br');
    const results = menus();
    const rebuildsBefore = model.rebuilds;
    const before = process.cpuUsage();
    for (const result of results) {
      await model.replace([result]);
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

export interface FactsPassResult {
  deals: number;
  results: number;
  /** A pass with nothing kept yet (as at start): every product's 30 days read. */
  wholeCpuMs: number;
  /** The first pass of a new day: each product's day just ended read (one query a store). */
  newDayCpuMs: number;
  /** A later pass the same day, prices unchanged: the day's facts are kept, nothing is read. */
  sameDayCpuMs: number;
}

/**
 * The read model's pass as the service runs it with the price memory: each store result's deals
 * get their facts (`PriceFacts`, on `repository`'s history) before the read model takes them,
 * until the page's list is published and compressed; the process's CPU, SQLite's reads included
 * (better-sqlite3 reads on this thread). With nothing kept (the day before `day`), then on
 * `day` (a new day), then on `day` again.
 */
export async function benchPassCpuWithFacts(
  registry: Registry,
  deals: ReadonlyMap<string, Deal[]>,
  repository: Pick<DealsRepository, 'priceHistory'>,
  day: string,
): Promise<FactsPassResult> {
  const model = new DealsReadModel(registry.dispensaries);
  await model.replace([...deals].map(([key, list]) => ({ key, deals: list })));
  model.publish();
  await model.all('page').encoded('br');

  async function pass(facts: PriceFacts, on: string): Promise<number> {
    const before = process.cpuUsage();
    for (const [key, list] of deals) {
      await model.replace([{ key, deals: await facts.withFacts(key, list, on) }]);
    }
    await model.published();
    await model.all('page').encoded('br');
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  }

  const newFacts = () => new PriceFacts({ repository, logger: { warn: () => {} } });
  const dayBefore = addDays(day, -1);
  await pass(newFacts(), dayBefore); // warm-up
  const facts = newFacts();
  const wholeCpuMs = await pass(facts, dayBefore);
  const newDayCpuMs = await pass(facts, day);
  const sameDayCpuMs = await pass(facts, day);
  return {
    deals: [...deals.values()].reduce((sum, list) => sum + list.length, 0),
    results: deals.size,
    wholeCpuMs,
    newDayCpuMs,
    sameDayCpuMs,
  };
}
