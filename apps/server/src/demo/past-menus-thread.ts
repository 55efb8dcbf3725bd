import { parentPort, workerData } from 'node:worker_threads';
import { inProcessPlatforms } from '@stl-deals/simulator';
import { middayOf, pastMenu } from './past-menu-prices';
import type { PastMenusDay, PastMenusWork } from './past-menus';

/*
 * A thread of `readPastMenus`: rebuilds the simulator's platforms in this thread and reads every
 * store's menu of each day it is given, posting each day's prices and deals as it is done. Loaded
 * only as a thread's entry, bundled (see `threadEntry`).
 */

function readDays(work: PastMenusWork, post: (day: PastMenusDay) => void): void {
  const simulator = inProcessPlatforms(work);
  const reader = { simulator, platforms: work.platforms };
  for (const day of work.days) {
    const at = middayOf(day);
    const stores = simulator.registry.dispensaries.map((entry) => {
      try {
        return { key: entry.key, ...pastMenu(reader, entry, at) };
      } catch (error) {
        return { key: entry.key, failure: error instanceof Error ? error.message : String(error) };
      }
    });
    post({ day, stores });
  }
}

const work = workerData as PastMenusWork | undefined;
if (parentPort && work?.job === 'past-menus') {
  const port = parentPort;
  readDays(work, (day) => port.postMessage(day));
}
