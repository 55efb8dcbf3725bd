import type { Platform } from '@stl-deals/domain';

/**
 * What can go wrong with a platform or a store. Several may be set at once; they act in the order
 * a real outage shows them: latency, then a hang, a bot check, 429, 5xx, and finally a payload
 * that is rotated or malformed.
 */
export interface Fault {
  /** Milliseconds added before the answer. */
  latencyMs?: number;
  /** Never answer (the client must give up on its own). */
  hang?: boolean;
  /**
   * A Cloudflare-style JavaScript challenge in front of every page and payload: plain http gets
   * the challenge page (403 by default, or 503) with `cf-mitigated: challenge`; a browser that
   * runs its script gets a clearance cookie and, on reload, the real page.
   */
  challenge?: boolean | { status: 403 | 503 };
  /** Answer 429 Too Many Requests with this Retry-After, in seconds. */
  retryAfterSeconds?: number;
  /** Answer this status (a 5xx) instead of the payload. */
  status?: number;
  /** Dutchie no longer knows the persisted-query hashes clients have: PersistedQueryNotFound. */
  rotateHashes?: boolean;
  /** The payload cut off halfway: JSON that does not parse, HTML without its end. */
  malformed?: boolean;
  /** The fault applies to this many requests it matches, then clears (e.g. one 503 then fine). */
  times?: number;
}

/** Faults by scope; a store's own fault wins over its platform's, which wins over `all`. */
export interface FaultPlan {
  all?: Fault;
  platforms?: Partial<Record<Platform, Fault>>;
  /** By dispensary key. */
  dispensaries?: Record<string, Fault>;
}

/** What is left of one rule of the plan: its fault and, for a counted one, the uses remaining. */
interface Rule {
  fault: Fault;
  left: number;
}

/** The fault plan in force, switchable at run time; counted faults wear off as they are used. */
export class Faults {
  #all: Rule | undefined;
  #platforms = new Map<string, Rule>();
  #dispensaries = new Map<string, Rule>();

  constructor(plan: FaultPlan = {}) {
    this.set(plan);
  }

  /** Replaces the whole plan (an empty plan clears every fault). */
  set(plan: FaultPlan): void {
    this.#all = plan.all ? rule(plan.all) : undefined;
    this.#platforms = rules(plan.platforms ?? {});
    this.#dispensaries = rules(plan.dispensaries ?? {});
  }

  /** The fault for one request to `platform` about `dispensary`, using up counted rules. */
  take(platform: Platform, dispensary: string | undefined): Fault {
    const matching = [
      this.#all,
      this.#platforms.get(platform),
      dispensary === undefined ? undefined : this.#dispensaries.get(dispensary),
    ].filter((each): each is Rule => each !== undefined && each.left > 0);
    for (const each of matching) each.left -= 1;
    return Object.assign({}, ...matching.map((each) => each.fault)) as Fault;
  }
}

function rule(fault: Fault): Rule {
  return { fault, left: fault.times ?? Number.POSITIVE_INFINITY };
}

function rules(faults: Readonly<Record<string, Fault | undefined>>): Map<string, Rule> {
  return new Map(
    Object.entries(faults).flatMap(([key, fault]) => (fault ? [[key, rule(fault)]] : [])),
  );
}
