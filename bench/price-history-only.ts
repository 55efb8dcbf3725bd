/**
 * `npx tsx bench/price-history-only.ts`: the price history rows alone (`bench/price-history.ts`),
 * as JSON: the database a year fills, one store result's write, the read model's pass with the
 * price facts, the history call's latency.
 */
import { benchRegistry } from './deals';
import { benchPriceHistory } from './price-history';

const DEALS = 10_000;

const started = Date.now();
const result = await benchPriceHistory(await benchRegistry(), DEALS);
console.log(JSON.stringify({ ...result, totalS: (Date.now() - started) / 1000 }, null, 2));
