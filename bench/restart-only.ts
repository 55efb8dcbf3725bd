// The restart rows of `npm run bench` alone (bench/restart.ts), to iterate on the start quickly:
// `npx tsx bench/restart-only.ts [runs]`. Prints the result and the medians.
import { benchRegistry } from './deals';
import { benchRestart } from './restart';
import { median } from './stats';

const runs = Number(process.argv[2] ?? 5);
const result = await benchRestart(await benchRegistry(), 10_000, runs, {
  durationS: 5,
  connections: 10,
  workers: 2,
});
console.log(JSON.stringify({ ...result, load: result.load.requestsPerS }, null, 1));
console.log(
  `restart median ${median(result.firstDealsMs).toFixed(0)} ms, CPU ${median(result.firstDealsCpuMs)} ms, full view ${median(result.firstFullDealsMs).toFixed(0)} ms`,
);
