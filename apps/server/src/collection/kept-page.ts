import type { DealListView } from '@stl-deals/domain';
import type { DealsRepository, PublishedView } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { isEtagForm } from '../http/etag';
import type { PreparedBody } from '../http/prepared-body';

/**
 * The views of the whole list kept for the next start: the one the page asks for, and the
 * spec's full view, so that a restart answers both before any deal is read back.
 */
const KEPT_VIEWS: readonly DealListView[] = ['page', 'full'];

/** A publication's lists as kept: the page's, made at once, and the full view, made when asked. */
export interface PublishedLists {
  page: PreparedBody;
  full(): PreparedBody;
}

/** A kept view this start may serve as it is: its brotli and ETag, by view. */
export type AdoptedViews = Partial<Record<DealListView, PublishedView>>;

/**
 * How often at most the page's list is written for the next start: some megabytes at 10,000
 * deals, by every API process of a cluster. A start after a crash may serve a list up to this old
 * until the snapshots are read back (under a second later); a shutdown writes the latest.
 */
const KEEP_PAGE_EVERY_MS = 30_000;

/** The lists the store kept, one per kept view that it holds (see `KeptPage.adopt`). */
export async function loadKeptViews(
  repository: Pick<DealsRepository, 'loadPublishedView'>,
): Promise<PublishedView[]> {
  const kept = await Promise.all(KEPT_VIEWS.map((view) => repository.loadPublishedView(view)));
  return kept.filter((view): view is PublishedView => view !== null);
}

export interface KeptPageOptions {
  repository: Pick<DealsRepository, 'savePublishedView'>;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** What the page's list is published under (see `pageFingerprint`). */
  fingerprint: string;
  /** False: nothing is kept (a cluster's workers, which serve no deals). */
  enabled: boolean;
}

/**
 * Keeps the whole list's views (the page's and the full one) for the next start, so that a
 * restart answers them without decoding every deal first. Any process of a cluster that serves
 * deals may write them: the last write wins, and each is a list that process served.
 */
export class KeptPage {
  /** The ETag of each view the store holds, when known: that list is not written again. */
  private readonly savedEtags = new Map<DealListView, string>();
  /** The latest publication not yet written, if any; writes follow one another. */
  private unsaved: PublishedLists | null = null;
  private timer: NodeJS.Timeout | undefined;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly options: KeptPageOptions) {}

  /**
   * Takes the kept views as the ones the store holds (not written again) when they are what this
   * registry and build would publish (see `pageFingerprint`): the caller then serves them as they
   * are until the snapshots are read back. None when the page's is not among them, since the
   * page is what a start must answer first (a full view alone is not served either).
   */
  adopt(kept: readonly PublishedView[]): AdoptedViews {
    const adopted: AdoptedViews = {};
    for (const view of kept) {
      const known = KEPT_VIEWS.find((name) => name === view.view);
      if (!known || view.fingerprint !== this.options.fingerprint || !isEtagForm(view.etag)) {
        continue;
      }
      adopted[known] = view;
    }
    if (!adopted.page) return {};
    for (const [view, { etag }] of Object.entries(adopted)) {
      this.savedEtags.set(view as DealListView, etag);
    }
    return adopted;
  }

  /**
   * Keeps the lists just published: written `KEEP_PAGE_EVERY_MS` later with whatever was
   * published meanwhile (the latest), after the writes before it, or at `flush`.
   */
  keep(lists: PublishedLists): void {
    if (!this.options.enabled) return;
    this.unsaved = lists;
    this.timer ??= setTimeout(() => this.writeKept(), KEEP_PAGE_EVERY_MS);
  }

  /** Writes the list waiting now, if any, and resolves once every write is done (shutdown). */
  async flush(): Promise<void> {
    if (this.timer !== undefined) this.writeKept();
    await this.saving;
  }

  private writeKept(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.saving = this.saving.then(() => this.write());
  }

  private async write(): Promise<void> {
    const lists = this.unsaved;
    this.unsaved = null;
    if (lists === null) return;
    // The page's first: it is what a start must answer, and a start serves none without it.
    for (const view of KEPT_VIEWS) {
      const body = view === 'page' ? lists.page : lists.full();
      // A start that read back what it served writes nothing.
      if (body.etag === this.savedEtags.get(view)) continue;
      if (!(await this.writeView(view, body))) return;
    }
  }

  /** Writes one view's list; false when the store refused it. */
  private async writeView(view: DealListView, body: PreparedBody): Promise<boolean> {
    const { repository, clock, logger, fingerprint } = this.options;
    try {
      await repository.savePublishedView({
        view,
        fingerprint,
        etag: body.etag,
        // The page's is compressed for its visitors already, the full view's here: both on the
        // thread pool, and kept for the clients that ask for it.
        brotli: await body.encoded('br'),
        publishedAt: clock.now().toISOString(),
      });
      this.savedEtags.set(view, body.etag);
      return true;
    } catch (error) {
      // The next start reads the snapshots back first, as without a stored list.
      logger.warn({ err: error, view }, 'the published deals could not be kept for the next start');
      return false;
    }
  }
}
