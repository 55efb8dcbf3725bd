import PQueue from 'p-queue';
import { RetryableError } from '../errors';
import type { Clock } from './clock';
import { runInSlot } from './queue-slot';

export interface HostQueueOptions {
  /** The least time between the end of one request to a host and the start of the next. */
  minDelayMs: number;
  /** A host that asks for a longer pause than this fails the request instead of holding it. */
  maxWaitMs: number;
  clock: Clock;
}

interface HostState {
  queue: PQueue;
  /** When the last request to the host ended. */
  lastEnd: number;
  /** No request starts before this (a Retry-After, or the backoff after a failure). */
  notBefore: number;
  /** The host's robots.txt Crawl-delay (0 when none); the longer of it and ours applies. */
  crawlDelayMs: number;
}

/**
 * Per-host politeness: one request at a time to a host, a minimum pause between them, and a pause
 * for the whole host when it asked for one or failed, so that every store on a shared platform host
 * backs off together rather than each on its own.
 */
export class HostQueue {
  readonly #hosts = new Map<string, HostState>();

  constructor(private readonly options: HostQueueOptions) {}

  /** Runs `task` when it is the host's turn and the host's pauses are over. */
  run<T>(url: string, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    const { clock, maxWaitMs, minDelayMs } = this.options;
    const host = new URL(url).host;
    const state = this.#state(host);
    return runInSlot(state.queue, signal, async () => {
      const gap = Math.max(minDelayMs, state.crawlDelayMs);
      const wait = Math.max(state.lastEnd + gap, state.notBefore) - clock.now();
      if (wait > maxWaitMs) {
        throw new RetryableError(`${host} asked us to wait ${Math.ceil(wait / 1000)} s more`);
      }
      if (wait > 0) await clock.sleep(wait, signal);
      try {
        return await task();
      } finally {
        state.lastEnd = clock.now();
      }
    });
  }

  /** Holds every request to the URL's host for `ms` from now. */
  pause(url: string, ms: number): void {
    const state = this.#state(new URL(url).host);
    state.notBefore = Math.max(state.notBefore, this.options.clock.now() + ms);
  }

  /** Spaces the URL's host's requests by its robots.txt Crawl-delay. */
  setCrawlDelay(url: string, ms: number): void {
    this.#state(new URL(url).host).crawlDelayMs = ms;
  }

  #state(host: string): HostState {
    let state = this.#hosts.get(host);
    if (!state) {
      state = {
        queue: new PQueue({ concurrency: 1 }),
        lastEnd: Number.NEGATIVE_INFINITY,
        notBefore: Number.NEGATIVE_INFINITY,
        crawlDelayMs: 0,
      };
      this.#hosts.set(host, state);
    }
    return state;
  }
}
