import { recordingDay, type ClockReading, type RecordingDay } from '@stl-deals/domain';
import type { DealsRepository } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import { marketDay } from './market-day';

export interface RecordingDaysOptions {
  repository: Pick<DealsRepository, 'newestObservationDay'>;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * The day the price memory records a store result under (`recordingDay` in the domain): the
 * service's clock checked against the newest day the history holds and the platform's own clock,
 * so that a clock stepped far ahead never dates rows past the real day and a clock stepped back
 * never writes over kept days. A change of the clock's reading is logged once, not per scrape.
 */
export class RecordingDays {
  private reading: ClockReading = 'ok';

  constructor(private readonly options: RecordingDaysOptions) {}

  /**
   * The day for a result the service's clock dates `at`, the platform's answers `answeredAt`
   * (undefined when they said nothing). Rejects when the store cannot be read.
   */
  async dayOf(at: Date, answeredAt?: Date): Promise<RecordingDay> {
    const clockDay = marketDay(at);
    const sourceDay =
      answeredAt !== undefined && Number.isFinite(answeredAt.getTime())
        ? marketDay(answeredAt)
        : null;
    const newestKeptDay = await this.options.repository.newestObservationDay();
    const found = recordingDay({ clockDay, newestKeptDay, sourceDay });
    this.note(found, { clockDay, newestKeptDay, sourceDay });
    return found;
  }

  /**
   * The day a result the service's clock dates `at` is recorded under, or the clock's own market
   * day when the history's newest day cannot be read (nothing is recorded on that day then: the
   * read that would record it fails the same way).
   */
  dayOrClockDay(at: Date): Promise<string> {
    return this.dayOf(at)
      .then((found) => found.day)
      .catch(() => marketDay(at));
  }

  private note(found: RecordingDay, evidence: Record<string, string | null>): void {
    if (found.clock === this.reading) return;
    this.reading = found.clock;
    if (found.clock === 'ok') {
      this.options.logger.info(evidence, "the clock agrees with the price history's days again");
    } else {
      this.options.logger.warn(
        { ...evidence, recordedDay: found.day, clock: found.clock },
        found.clock === 'ahead'
          ? 'the clock is ahead of every day it can confirm; prices are recorded under the confirmed day and nothing is pruned'
          : "the clock is behind the price history's newest day; prices are recorded under that day",
      );
    }
  }
}
