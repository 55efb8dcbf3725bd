import { benchRegistry } from './deals';
import { benchPushFanOut } from './push-fan-out';

/** The push fan-out's rows alone (`npm run bench` runs them too), as JSON. */
const registry = await benchRegistry();
for (const subscriptions of [2_000, 10_000]) {
  process.stdout.write(
    `${JSON.stringify(await benchPushFanOut(registry, 10_000, subscriptions))}\n`,
  );
}
