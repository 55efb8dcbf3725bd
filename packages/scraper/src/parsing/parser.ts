import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import type { Platform } from '@stl-deals/domain';
import type Piscina from 'piscina';
import type { Adapter, RequestPlan } from '../adapters/types';
import { ParseLimitError, scrapeErrorFrom } from '../errors';
import type { DetectedSource } from '../discovery/detect-source';
import {
  runParseJob,
  type DetectJob,
  type MenuJob,
  type ParsedMenu,
  type ParseJob,
  type ParseOutcome,
  type PlanJob,
} from './parse-job';
import type { WorkerTask } from './parse-worker';

/**
 * Where adapters read what the transports brought back. Both methods reject with the job's
 * ScrapeError, or the signal's reason once it aborts.
 */
export interface Parser {
  plan(job: Omit<PlanJob, 'op'>, signal: AbortSignal): Promise<RequestPlan[]>;
  parse(job: Omit<MenuJob, 'op'>, signal: AbortSignal): Promise<ParsedMenu>;
  /** The menu platform a store's website embeds; null when it shows none. */
  detect(job: Omit<DetectJob, 'op'>, signal: AbortSignal): Promise<DetectedSource | null>;
  close(): Promise<void>;
}

export interface ParserPoolOptions {
  /** One job's limit, counted from when a thread starts it. */
  timeLimitMs: number;
  /** The heap a parsing thread may grow to; over it, the thread is ended. */
  memoryMb: number;
  /** Parsing threads at most. Default: one per core, at most 4. */
  threads?: number;
}

/**
 * The parsing threads' entry: the built service's `parse-worker.mjs` beside its bundle, or, run
 * from the sources (which have none), parse-worker.ts bundled once (see `threadEntry`).
 */
async function parseWorkerEntry(): Promise<URL> {
  const built = new URL('./parse-worker.mjs', import.meta.url);
  if (existsSync(built)) return built;
  const { threadEntry } = await import('../threads/thread-entry');
  return threadEntry(new URL('./parse-worker.ts', import.meta.url));
}

/** A thread idle this long exits; the next job starts a new one. */
const IDLE_THREAD_MS = 60_000;

/**
 * The service's parser: every job runs in a pool of worker threads, so a page that takes seconds
 * to read (or forever) costs one thread, never the event loop that answers visitors. A job over
 * its time limit has its thread terminated (the only way to stop a synchronous loop), a thread
 * over its heap is ended by V8; both reject with ParseLimitError, and the pool starts a fresh
 * thread for the next job.
 */
export function createParserPool(options: ParserPoolOptions): Parser {
  // Piscina is loaded and the pool made on the first job, not at start: a restarted service
  // serves its stored deals before it reads any menu.
  let pool: Promise<Piscina<WorkerTask, ParseOutcome<unknown>>> | undefined;
  const threadsReady = () =>
    (pool ??= Promise.all([import('piscina'), parseWorkerEntry()]).then(
      ([{ default: Pool }, entry]) =>
        new Pool<WorkerTask, ParseOutcome<unknown>>({
          filename: entry.href,
          minThreads: 0,
          maxThreads: options.threads ?? Math.min(availableParallelism(), 4),
          idleTimeout: IDLE_THREAD_MS,
          // The entry is plain JavaScript: a thread needs none of this process's flags, and
          // inherited ones run from the sources register tsx's loader in each thread, whose
          // esbuild process is left unreaped when the thread ends.
          execArgv: [],
          resourceLimits: {
            maxOldGenerationSizeMb: options.memoryMb,
            maxYoungGenerationSizeMb: Math.max(Math.round(options.memoryMb / 8), 8),
          },
        }),
    ));

  async function run(job: ParseJob, signal: AbortSignal): Promise<unknown> {
    const overLimit = new AbortController();
    const threads = await threadsReady();
    const { port1: started, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    started.once('message', () => {
      timer = setTimeout(() => {
        overLimit.abort(
          new ParseLimitError(`Reading the menu took over ${options.timeLimitMs} ms`),
        );
      }, options.timeLimitMs);
    });
    try {
      const outcome = await threads.run(
        { job, started: port2 },
        { transferList: [port2], signal: AbortSignal.any([signal, overLimit.signal]) },
      );
      return unwrap(outcome);
    } catch (error) {
      signal.throwIfAborted();
      overLimit.signal.throwIfAborted();
      if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new ParseLimitError(`Reading the menu needed over ${options.memoryMb} MB`);
      }
      throw error;
    } finally {
      clearTimeout(timer);
      started.close();
    }
  }

  return {
    plan: (job, signal) => run({ op: 'plan', ...job }, signal) as Promise<RequestPlan[]>,
    parse: (job, signal) => run({ op: 'parse', ...job }, signal) as Promise<ParsedMenu>,
    detect: (job, signal) =>
      run({ op: 'detect', ...job }, signal) as Promise<DetectedSource | null>,
    close: async () => {
      await (await pool)?.close({ force: true });
    },
  };
}

/**
 * The same jobs on the calling thread, with the given adapters: for tests that bring their own
 * adapters (functions cannot cross to a thread) and for the command line's one-off reads.
 */
export function inProcessParser(adapters: Partial<Record<Platform, Adapter>>): Parser {
  const run = (job: ParseJob, signal: AbortSignal) => {
    signal.throwIfAborted();
    return Promise.resolve().then(() => unwrap(runParseJob(job, adapters)));
  };
  return {
    plan: (job, signal) => run({ op: 'plan', ...job }, signal) as Promise<RequestPlan[]>,
    parse: (job, signal) => run({ op: 'parse', ...job }, signal) as Promise<ParsedMenu>,
    detect: (job, signal) =>
      run({ op: 'detect', ...job }, signal) as Promise<DetectedSource | null>,
    close: () => Promise.resolve(),
  };
}

/** The job's value, or its error rebuilt as the class it was thrown as. */
function unwrap(outcome: ParseOutcome<unknown>): unknown {
  if (outcome.ok) return outcome.value;
  if ('error' in outcome) throw scrapeErrorFrom(outcome.error);
  const error = new Error(outcome.unexpected.message);
  if (outcome.unexpected.stack) error.stack = outcome.unexpected.stack;
  throw error;
}
