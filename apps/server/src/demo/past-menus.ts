import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { threadEntry, type PlatformConfig, type Registry } from '@stl-deals/scraper';
import type { PastMenu } from './past-menu-prices';

/** The simulator whose past menus are read, as a thread rebuilds it (see `inProcessPlatforms`). */
export interface SimulatedPlatformsOrigin {
  /** The registry the simulator was started on (before it addressed it). */
  registry: Registry;
  seed: string;
  /** The simulator's origin. */
  base: string;
}

/** What one thread is given. */
export interface PastMenusWork extends SimulatedPlatformsOrigin {
  job: 'past-menus';
  /** The scraper's platform configuration. */
  platforms: PlatformConfig;
  /** Market days, 'YYYY-MM-DD'. */
  days: string[];
}

/** One day's menu of every store (its prices and deals), or why a store's could not be read. */
export interface PastMenusDay {
  day: string;
  stores: Array<({ key: string } & PastMenu) | { key: string; failure: string }>;
}

export interface PastMenusOptions extends SimulatedPlatformsOrigin {
  platforms: PlatformConfig;
  days: readonly string[];
  /** Threads at most (default: one per core, at most 2); never more than there are days. */
  threads?: number;
  /** Ends the threads; the read then rejects with the signal's reason. */
  signal: AbortSignal;
  /** Told each day's prices as a thread finishes the day (in no set order of days). */
  onDay: (day: PastMenusDay) => void;
}

/**
 * Reads the simulated menus of past days as a scrape reads today's (see `pastMenu`), the
 * days spread over worker threads: the reading is CPU work (the platforms' payloads written and
 * parsed again), seconds of it, which would otherwise hold up the service's event loop and take
 * one core of two. Resolves once every day was told; rejects when a thread fails.
 */
export async function readPastMenus(options: PastMenusOptions): Promise<void> {
  const { days, signal } = options;
  signal.throwIfAborted();
  const count = Math.max(1, Math.min(options.threads ?? defaultThreads(), days.length));
  // Every count-th day to each thread, so each one's share of the work is alike.
  const shares = Array.from({ length: count }, (_, thread) =>
    days.filter((_, index) => index % count === thread),
  );
  // Demo mode runs from its sources: the thread's TypeScript is bundled once (see `threadEntry`).
  const entry = await threadEntry(new URL('./past-menus-thread.ts', import.meta.url));
  signal.throwIfAborted();
  const running = shares.map((share) => runThread(entry, share, options));
  try {
    await Promise.all(running.map(({ done }) => done));
  } finally {
    // One thread failing (or the signal) ends the others.
    await Promise.all(running.map(({ worker }) => worker.terminate()));
  }
}

const defaultThreads = () => Math.min(availableParallelism(), 2);

function runThread(
  entry: URL,
  days: string[],
  options: PastMenusOptions,
): { worker: Worker; done: Promise<void> } {
  const work: PastMenusWork = {
    job: 'past-menus',
    registry: options.registry,
    seed: options.seed,
    base: options.base,
    platforms: options.platforms,
    days,
  };
  // A bundled entry needs none of this process's flags (tsx's loader would leave an esbuild
  // process unreaped per thread; see threadEntry).
  const worker = new Worker(entry, { workerData: work, execArgv: [] });
  const done = new Promise<void>((resolve, reject) => {
    let told = 0;
    const stop = () => reject(asError(options.signal.reason));
    options.signal.addEventListener('abort', stop, { once: true });
    const settle = (end: () => void) => {
      options.signal.removeEventListener('abort', stop);
      end();
    };
    worker.on('message', (day: PastMenusDay) => {
      told += 1;
      try {
        options.onDay(day);
      } catch (error) {
        settle(() => reject(asError(error)));
      }
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() =>
        told === days.length
          ? resolve()
          : reject(
              new Error(
                `A thread reading past menus ended (${code}) after ${told} of ${days.length} days`,
              ),
            ),
      ),
    );
  });
  return { worker, done };
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
