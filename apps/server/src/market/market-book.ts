import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  addDays,
  classPrice,
  claimedDiscountsByStore,
  MARKET_CLASSES,
  MARKET_LINE_MAX_DAYS,
  MARKET_MIN_STORES,
  marketClassById,
  marketFigures,
  marketTrendPercent,
  type ClaimFacts,
  type MarketAnswer,
  type MarketClassAnswer,
  type MarketFigures,
  type MarketPrice,
} from '@stl-deals/domain';
import type { DealsRepository } from '@stl-deals/store';

/** Days of the trend: the change of a class's median over the last 30 days, today's included. */
export const MARKET_TREND_DAYS = 30;
/** Days of each class's daily median line, today's included. */
export const MARKET_SERIES_DAYS = MARKET_LINE_MAX_DAYS;
/**
 * How long a computed market is answered before it is computed again: the day's prices change
 * with each store's scrape (every half hour or so), and the median of thousands moves little.
 */
export const MARKET_MAX_AGE_MS = 5 * 60_000;

type DayFigures = ReadonlyMap<string, MarketFigures>;

export interface MarketBookOptions {
  repository: Pick<DealsRepository, 'marketObservations'>;
  /** The market day whose prices are today's (the collection's `priceDay`). */
  today: () => Promise<string>;
  /** The current deals (the published list): the claimed discounts are read from them. */
  deals: () => Iterable<ClaimFacts>;
  now: () => number;
}

/**
 * The St. Louis market, computed from the recorded menu prices and kept: never per request. A
 * computation reads today's classed prices (one query through the store's index by day) and each
 * past day of the line not yet kept, a day a turn of the event loop so that requests run between
 * them; past days do not change once recorded, so after the first computation each one reads only
 * today's. Answers are at most `MARKET_MAX_AGE_MS` old; concurrent askers share one computation.
 *
 * What it cannot know: a past day is kept as first read, so observations written for a past day
 * afterwards (a demo's backfill finishing later) are not read until the process starts again;
 * a day with no observation (no store scraped) is read again at the next computation.
 */
export class MarketBook {
  private readonly pastDays = new Map<string, DayFigures>();
  private answer: { value: MarketAnswer; at: number } | null = null;
  private running: Promise<MarketAnswer> | null = null;

  constructor(private readonly options: MarketBookOptions) {}

  current(): Promise<MarketAnswer> {
    const { answer } = this;
    if (answer && this.options.now() - answer.at < MARKET_MAX_AGE_MS) {
      return Promise.resolve(answer.value);
    }
    this.running ??= this.compute().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async compute(): Promise<MarketAnswer> {
    const today = await this.options.today();
    const todays = await this.dayFigures(today);
    const days: Array<[string, DayFigures]> = [];
    for (let back = MARKET_SERIES_DAYS - 1; back >= 1; back--) {
      const day = addDays(today, -back);
      let figures = this.pastDays.get(day);
      if (figures === undefined) {
        await nextTurn();
        figures = await this.dayFigures(day);
        if (figures.size > 0) this.pastDays.set(day, figures);
      }
      days.push([day, figures]);
    }
    days.push([today, todays]);
    const oldest = addDays(today, 1 - MARKET_SERIES_DAYS);
    for (const day of this.pastDays.keys()) if (day < oldest) this.pastDays.delete(day);

    const trendFrom = addDays(today, 1 - MARKET_TREND_DAYS);
    const classes = MARKET_CLASSES.map((each): MarketClassAnswer => {
      const series = days.flatMap(([day, figures]) => {
        const of = figures.get(each.id);
        return of?.enough ? [{ day, median: of.median }] : [];
      });
      return {
        id: each.id,
        label: each.label,
        category: each.category,
        today: todays.get(each.id) ?? null,
        trendPercent: marketTrendPercent(series.filter(({ day }) => day >= trendFrom)),
        series,
      };
    });
    const value: MarketAnswer = {
      day: today,
      minStores: MARKET_MIN_STORES,
      classes,
      claimedDiscounts: claimedDiscountsByStore([...this.options.deals()]),
    };
    this.answer = { value, at: this.options.now() };
    return value;
  }

  /** A day's figures per class, from its classed prices. */
  private async dayFigures(day: string): Promise<DayFigures> {
    const byClass = new Map<string, MarketPrice[]>();
    for (const row of await this.options.repository.marketObservations(day)) {
      if (marketClassById(row.marketClass) === undefined) continue;
      const price = classPrice(row.salePrice, row);
      const prices = byClass.get(row.marketClass);
      if (prices) prices.push({ dispensaryKey: row.dispensaryKey, price });
      else byClass.set(row.marketClass, [{ dispensaryKey: row.dispensaryKey, price }]);
    }
    const figures = new Map<string, MarketFigures>();
    for (const [id, prices] of byClass) {
      const of = marketFigures(prices);
      if (of) figures.set(id, of);
    }
    return figures;
  }
}
