/**
 * `npx tsx bench/product-key.ts`: what the product key would cost the read model. Keys the
 * bench's 10,000 simulated deals (the deals the pass benchmark reads) back to back, measures the
 * read model's pass over as many deals as `npm run bench` does, and prints both and their sum
 * against the pass's budget of 1 s. Times are CPU, as the pass is measured: on a busy machine
 * wall time counts other processes' turns.
 */
import { productKey, type Deal } from '@stl-deals/domain';
import { allDeals, benchRegistry, dispensariesOf } from './deals';
import { benchPassCpu } from './pass-cpu';
import { fixed, median } from './stats';

const DEALS = 10_000;
const RUNS = 21;
/** The read model's whole pass stays under 1 s (docs/benchmarks.md). */
const PASS_BUDGET_MS = 1_000;

/** CPU milliseconds `work` takes. */
function cpuMs(work: () => void): number {
  const started = process.cpuUsage();
  work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/** The median CPU time of keying every deal, and how many keys the deals have. */
function benchProductKey(deals: readonly Deal[]) {
  const keys = deals.map(productKey); // warm-up, and the keys counted below
  const times = Array.from({ length: RUNS }, () =>
    cpuMs(() => {
      for (const deal of deals) productKey(deal);
    }),
  );
  const keyed = keys.filter((key) => key !== null);
  return { keyed: keyed.length, distinct: new Set(keyed).size, medianMs: median(times) };
}

async function main(): Promise<void> {
  const registry = await benchRegistry();
  const deals = allDeals(dispensariesOf(registry), DEALS);
  const key = benchProductKey(deals);
  const pass = await benchPassCpu(registry, DEALS);
  const total = pass.coalescedCpuMs + key.medianMs;
  const met = total < PASS_BUDGET_MS;
  process.stdout.write(
    [
      '| Measure | Value | Target |',
      '| --- | ---: | ---: |',
      `| productKey over ${deals.length} simulated deals (CPU, median of ${RUNS}) | ` +
        `${fixed(key.medianMs, 1)} ms (${fixed((key.medianMs * 1000) / deals.length, 1)} µs a deal) | |`,
      `| ... deals keyed / distinct keys | ${key.keyed} / ${key.distinct} | |`,
      `| Read model CPU per pass (${pass.results} results, ${pass.deals} deals) | ${fixed(pass.coalescedCpuMs, 0)} ms | |`,
      `| Pass with every deal keyed | ${fixed(total, 0)} ms | ` +
        `${met ? 'met' : 'NOT met'}: < ${PASS_BUDGET_MS} ms |`,
      '',
    ].join('\n'),
  );
  if (!met) process.exitCode = 1;
}

await main();
