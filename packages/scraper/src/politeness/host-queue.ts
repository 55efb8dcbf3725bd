import PQueue from 'p-queue';
import { RetryableError } from '../errors';
import type { Clock } from './clock';
import { runInSlot } from './queue-slot';

/**
 * A host's turn held across processes: while one process holds it, no other process of the
 * cluster sends a request to the host.
 */
export interface HostTurn {
  /**
   * How long ago the cluster's last request to the host ended, measured on one clock the whole
   * cluster shares (never negative; Infinity when none is known). A span, not a date: the
   * processes' own clocks need not agree with each other or stay put.
   */
  sinceLastEndMs: number;
  /** Gives the turn back; `requested`: a request was sent in it, so it ended now. */
  release(requested: boolean): Promise<void>;
}

/** Where the turns of every process of a cluster are kept (PostgreSQL in the service). */
export interface SharedHostTurns {
  take(host: string, signal: AbortSignal): Promise<HostTurn>;
}

export interface HostQueueOptions {
  /** The least time between the end of one request to a host and the start of the next. */
  minDelayMs: number;
  /** A host whose Crawl-delay asks for a longer pause than this fails the request instead. */
  maxWaitMs: number;
  /**
   * How long one request may keep its host's turn. A request still running after this (a host
   * that hangs on one store's menu) goes on under its own timeout, and the next request to the
   * host starts: one hanging menu costs its own store, not every store on the platform.
   */
  turnMs: number;
  clock: Clock;
  /** Set in a cluster: the host's turn is also taken among the processes (see SharedHostTurns). */
  shared?: SharedHostTurns;
}

interface HostState {
  queue: PQueue;
  /** When the last request to the host ended (or gave up its turn), on the monotonic clock. */
  lastEnd: number;
  /** The host's robots.txt Crawl-delay (0 when none); the longer of it and ours applies. */
  crawlDelayMs: number;
}

/**
 * Per-host politeness: requests to a host take turns, with a minimum pause between them (the
 * host's Crawl-delay when longer). Waits a host asks for after a failure (Retry-After, backoff)
 * are the asking store's own, so they are not here: see the http transport. The pause is measured
 * on the monotonic clock, and a last request that seems to lie in the future counts as just
 * ended: whatever a clock does, no wait is longer than the pause itself.
 */
export class HostQueue {
  readonly #hosts = new Map<string, HostState>();

  constructor(private readonly options: HostQueueOptions) {}

  /** Runs `task` when it is the host's turn and the pause since the last request is over. */
  async run<T>(url: string, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    const { clock, maxWaitMs, minDelayMs, turnMs } = this.options;
    const host = new URL(url).host;
    const state = this.#state(host);
    // The task's promise is wrapped so that the slot can end before the task does.
    const { running } = await runInSlot(state.queue, signal, async () => {
      const shared = await this.options.shared?.take(host, signal);
      let requested = false;
      try {
        const gap = Math.max(minDelayMs, state.crawlDelayMs);
        const now = clock.monotonicNow();
        const sharedEnd = shared
          ? now - Math.max(0, shared.sinceLastEndMs)
          : Number.NEGATIVE_INFINITY;
        const lastEnd = Math.min(now, Math.max(state.lastEnd, sharedEnd));
        const wait = lastEnd + gap - now;
        if (wait > maxWaitMs) {
          throw new RetryableError(`${host} asks for ${Math.ceil(wait / 1000)} s between requests`);
        }
        if (wait > 0) await clock.sleep(wait, signal);
        requested = true;
        const task$ = task();
        await endOrTurnOver(task$, turnMs);
        state.lastEnd = clock.monotonicNow();
        return { running: task$ };
      } finally {
        await shared?.release(requested);
      }
    });
    return running;
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
        crawlDelayMs: 0,
      };
      this.#hosts.set(host, state);
    }
    return state;
  }
}

/**
 * Resolves when `task` settles or after `ms`, whichever is first. Real time on purpose: it bounds
 * a hang, which a test clock that skips its waits would turn into no turn at all.
 */
async function endOrTurnOver(task: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const turnOver = new Promise<void>((settle) => {
    timer = setTimeout(settle, ms);
  });
  try {
    await Promise.race([task.then(noop, noop), turnOver]);
  } finally {
    clearTimeout(timer);
  }
}

function noop(): void {}
