import { benchRegistry } from './deals';
import { benchEmailFanOut } from './email-fan-out';

/** The email fan-out's rows alone (`npm run bench` runs them too), as JSON. */
const registry = await benchRegistry();
for (const addresses of [2_000, 10_000]) {
  process.stdout.write(`${JSON.stringify(await benchEmailFanOut(registry, 10_000, addresses))}\n`);
}
