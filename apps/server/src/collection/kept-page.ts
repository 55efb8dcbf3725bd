import type { DealsRepository, PublishedView } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { isEtagForm } from '../http/etag';
import type { PreparedBody } from '../http/prepared-body';

/** The view of the whole list kept for the next start: the one the page asks for. */
const PAGE_VIEW = 'page';

/**
 * How often at most the page's list is written for the next start: some megabytes at 10,000
 * deals, by every API process of a cluster. A start after a crash may serve a list up to this old
 * until the snapshots are read back (under a second later); a shutdown writes the latest.
 */
const KEEP_PAGE_EVERY_MS = 30_000;

/** The page's list the store kept, if any (see `KeptPage.adopt`). */
export function loadKeptPage(
  repository: Pick<DealsRepository, 'loadPublishedView'>,
): Promise<PublishedView | null> {
  return repository.loadPublishedView(PAGE_VIEW);
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
 * Keeps the page's list for the next start, so that a restart answers the page without decoding
 * every deal first. Any process of a cluster that serves deals may write it: the last write
 * wins, and each is a list that process served.
 */
export class KeptPage {
  /** The ETag of the page's list the store holds, when known: that list is not written again. */
  private savedEtag: string | null = null;
  /** The latest page's list not yet written, if any; writes follow one another. */
  private unsaved: PreparedBody | null = null;
  private timer: NodeJS.Timeout | undefined;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly options: KeptPageOptions) {}

  /**
   * Takes the kept list as the one the store holds (not written again) when it is the one this
   * registry and build would publish (see `pageFingerprint`): then the caller serves it as it is
   * until the snapshots are read back. False, and nothing taken, otherwise.
   */
  adopt(kept: PublishedView | null): kept is PublishedView {
    if (kept?.fingerprint !== this.options.fingerprint || !isEtagForm(kept.etag)) return false;
    this.savedEtag = kept.etag;
    return true;
  }

  /**
   * Keeps the list just published: written `KEEP_PAGE_EVERY_MS` later with whatever was
   * published meanwhile (the latest), after the writes before it, or at `flush`.
   */
  keep(page: PreparedBody): void {
    if (!this.options.enabled) return;
    this.unsaved = page;
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
    const page = this.unsaved;
    this.unsaved = null;
    // A start that read back what it served writes nothing.
    if (page === null || page.etag === this.savedEtag) return;
    const { repository, clock, logger, fingerprint } = this.options;
    try {
      await repository.savePublishedView({
        view: PAGE_VIEW,
        fingerprint,
        etag: page.etag,
        // Compressed for the page's visitors already (on the thread pool), not again.
        brotli: await page.encoded('br'),
        publishedAt: clock.now().toISOString(),
      });
      this.savedEtag = page.etag;
    } catch (error) {
      // The next start reads the snapshots back first, as without a stored list.
      logger.warn({ err: error }, 'the published deals could not be kept for the next start');
    }
  }
}
