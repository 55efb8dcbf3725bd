/**
 * `npx tsx bench/market-only.ts`: the market ten times St. Louis alone (`bench/market.ts`), as
 * JSON: 390 stores of 260 deals on 39 hosts, the first load against the politeness bound.
 */
import { benchRegistry } from './deals';
import { benchMarketFirstLoad, MARKET, marketRegistry } from './market';

const market = marketRegistry(await benchRegistry(), MARKET.copies);
console.log(
  JSON.stringify(await benchMarketFirstLoad(market, MARKET.perStore, MARKET.hosts), null, 2),
);
