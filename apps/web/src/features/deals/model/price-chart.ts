import { dayNumber, moneyText, type PriceObservation } from '@stl-deals/domain';

/**
 * A deal's price history drawn as a step chart: one horizontal step per day for the price it sold
 * for (a point's `salePrice`, or its regular price where it names no sale price) and one for the
 * regular price the menu named, a vertical riser where a price changed from one day to the next,
 * and a gap where the product was not seen (or the menu named no regular price that day). The time
 * axis runs from the first day seen to today, so no part of the chart is empty for want of
 * history. Worked out here as plain numbers and path text, so the component only writes the SVG
 * and a hand-written chart needs no library.
 */

/** The SVG's own coordinates (its viewBox); it scales to the width it is given. */
export const CHART_WIDTH = 320;
export const CHART_HEIGHT = 150;
const PLOT = { left: 48, right: 8, top: 10, bottom: 24 } as const;

export interface ChartLabel {
  /** Where the label's anchor is, in chart coordinates. */
  at: number;
  text: string;
}

/**
 * One step of the chart: a run of consecutive days with the same two prices. It is what a reader
 * points at (hover, tap, arrow keys) and a row of the chart's table.
 */
export interface PriceStep {
  /** 'Jun 1', or 'Jun 1 to Jun 9' for several days. */
  days: string;
  /** The price it sold for: its sale price, else its regular price. */
  price: string;
  regular: string | null;
  /** The step's left and right edges and its price's height, in chart coordinates. */
  from: number;
  to: number;
  at: number;
  /** The step in one line, for a screen reader: 'Jun 1 to Jun 9: $25, regular $40'. */
  text: string;
}

/** The latest price seen, marked on the chart with its label. */
export interface LatestMark {
  x: number;
  y: number;
  /** '$49 today', or '$49 on Jun 2' when it was not seen today. */
  text: string;
  /** Whether the label goes above the mark (else below: too near the top). */
  above: boolean;
}

export interface PriceChart {
  /** The price's steps as an SVG path ('' when it has none); each gap starts a new 'M'. */
  sale: string;
  regular: string;
  /** The highest and lowest price shown, at their heights (one label when they are equal). */
  priceLabels: ChartLabel[];
  /** The first day seen and today, at their places (one label when they are the same day). */
  dayLabels: ChartLabel[];
  /** What matters, in words: '$49 today · 90-day low $46 · usual $52'. */
  summary: string;
  /** The steps, oldest first; the last is the latest price. */
  steps: PriceStep[];
  /** The latest price seen; null when nothing was seen. */
  latest: LatestMark | null;
  /** Whether any day of the window has a price to draw. */
  seen: boolean;
}

/** What the service knows of the deal beyond its points. */
export interface ChartFacts {
  /** The deal's usual price (its price memory's), when the history could judge it. */
  usualPrice?: number | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Jun 4' for '2025-06-04', or for the day `offset` days from it. Counted on a UTC date (no zone
 * can move a day there) rather than with the domain's `addDays`, which the page's first load does
 * not otherwise carry.
 */
export function dayText(day: string, offset = 0): string {
  const date = new Date(0);
  date.setUTCFullYear(
    Number(day.slice(0, 4)),
    Number(day.slice(5, 7)) - 1,
    Number(day.slice(8, 10)) + offset,
  );
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** Coordinates kept to a tenth: the path stays short and no renderer sees 1e-7. */
const tenth = (value: number) => Math.round(value * 10) / 10;

/** The price a point sold for: its sale price, else its regular price (null: no price). */
const charged = (point: PriceObservation) => point.salePrice ?? point.regularPrice;

/** Room for the latest price's label above its mark. */
const LABEL_ROOM = 14;

/**
 * The chart of the `days` days ending on `today` (the market's day) from `points`: days in order,
 * one per day, prices validated (see `readDealHistory`). Points outside the window are left out;
 * the time axis starts at the first day with a price.
 */
export function priceChart(
  points: readonly PriceObservation[],
  today: string,
  days: number,
  facts: ChartFacts = {},
): PriceChart {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`A chart of ${days} days`);
  const todayNumber = dayNumber(today);
  const windowStart = todayNumber - (days - 1);
  const inWindow = points
    .map((point) => ({ point, number: dayNumber(point.day) }))
    .filter(
      ({ point, number }) =>
        number >= windowStart && number <= todayNumber && charged(point) !== null,
    );
  if (inWindow.length === 0) {
    return {
      sale: '',
      regular: '',
      priceLabels: [],
      dayLabels: [],
      summary: `Not seen with a price in the last ${days} days.`,
      steps: [],
      latest: null,
      seen: false,
    };
  }

  // Day 0 of the axis is the first day seen; the axis ends after today.
  const firstNumber = inWindow[0]!.number;
  const span = todayNumber - firstNumber + 1;
  const shown = inWindow.map(({ point, number }) => ({ point, index: number - firstNumber }));

  const prices = shown.flatMap(({ point }) =>
    [charged(point), point.regularPrice].filter((price): price is number => price !== null),
  );
  const plotWidth = CHART_WIDTH - PLOT.left - PLOT.right;
  const plotHeight = CHART_HEIGHT - PLOT.top - PLOT.bottom;
  const x = (index: number) => tenth(PLOT.left + (index * plotWidth) / span);
  const firstDay = shown[0]!.point.day;
  const dayLabels: ChartLabel[] =
    span === 1
      ? [{ at: x(0), text: dayText(today) }]
      : [
          { at: x(0), text: dayText(firstDay) },
          { at: x(span), text: dayText(today) },
        ];

  const low = Math.min(...prices);
  const high = Math.max(...prices);
  // A little room above and below, so a flat line is not drawn on the frame.
  const room = (high - low || Math.max(high, 1)) * 0.1;
  const bottom = Math.max(0, low - room);
  const top = high + room;
  const y = (price: number) => tenth(PLOT.top + ((top - price) / (top - bottom)) * plotHeight);

  const path = (price: (point: PriceObservation) => number | null) => {
    let text = '';
    let previous = -2;
    let height = Number.NaN;
    for (const { point, index } of shown) {
      const value = price(point);
      if (value === null) continue;
      const next = y(value);
      if (index !== previous + 1) text += ` M${x(index)} ${next}`;
      else if (next !== height) text += ` V${next}`;
      text += ` H${x(index + 1)}`;
      previous = index;
      height = next;
    }
    return text.trim();
  };

  const steps = priceSteps(shown, x, y);
  const last = shown[shown.length - 1]!.point;
  const lastPrice = charged(last)!;
  const latestStep = steps[steps.length - 1]!;
  const latest: LatestMark = {
    x: latestStep.to,
    y: latestStep.at,
    text: latestText(lastPrice, last.day, today),
    above: latestStep.at - PLOT.top >= LABEL_ROOM,
  };

  return {
    sale: path(charged),
    regular: path((point) => point.regularPrice),
    priceLabels:
      low === high
        ? [{ at: y(low), text: moneyText(low) }]
        : [
            { at: y(high), text: moneyText(high) },
            { at: y(low), text: moneyText(low) },
          ],
    dayLabels,
    summary: chartSummary({
      latest: lastPrice,
      latestDay: last.day,
      today,
      firstDay,
      span,
      charged: shown.map(({ point }) => charged(point)!),
      usualPrice: facts.usualPrice ?? null,
    }),
    steps,
    latest,
    seen: true,
  };
}

/** '$49 today', or '$49 on Jun 2' for a price last seen before today. */
function latestText(price: number, day: string, today: string): string {
  return day === today ? `${moneyText(price)} today` : `${moneyText(price)} on ${dayText(day)}`;
}

export interface SummaryInput {
  /** The latest price seen, and its day. */
  latest: number;
  latestDay: string;
  today: string;
  /** The first day seen, and the days from it to today (both counted). */
  firstDay: string;
  span: number;
  /** The price it sold for on each day seen, oldest first. */
  charged: readonly number[];
  usualPrice: number | null;
}

/**
 * What a shopper wants to know of the history, in the order they ask it: the price now, how it
 * compares with the lowest price of the days seen, and the usual price (the deal's price memory,
 * so the chart and the card say the same). 'From $49 to $49' tells nothing; this never says it.
 */
export function chartSummary(input: SummaryInput): string {
  const { latest, charged: prices, span } = input;
  const parts = [latestText(latest, input.latestDay, input.today)];
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  if (prices.length === 1) {
    if (input.latestDay === input.today) parts.push('first seen today');
  } else if (low === high) {
    parts.push(`unchanged since ${dayText(input.firstDay)}`);
  } else if (latest === low) {
    parts.push(`lowest in ${span} days`);
  } else {
    parts.push(`${span}-day low ${moneyText(low)}`);
  }
  if (input.usualPrice !== null && Number.isFinite(input.usualPrice)) {
    parts.push(`usual ${moneyText(input.usualPrice)}`);
  }
  return parts.join(' · ');
}

interface Run {
  first: number;
  last: number;
  firstDay: string;
  lastDay: string;
  sale: number | null;
  regular: number | null;
}

/**
 * Consecutive days with the same two prices, as steps placed by `x` (a day's index on the axis)
 * and `y` (a price); a day not seen ends a run.
 */
function priceSteps(
  shown: ReadonlyArray<{ point: PriceObservation; index: number }>,
  x: (index: number) => number,
  y: (price: number) => number,
): PriceStep[] {
  const runs: Run[] = [];
  for (const { point, index } of shown) {
    const open = runs[runs.length - 1];
    if (
      open &&
      open.last === index - 1 &&
      open.sale === point.salePrice &&
      open.regular === point.regularPrice
    ) {
      open.lastDay = point.day;
      open.last = index;
    } else {
      runs.push({
        first: index,
        last: index,
        firstDay: point.day,
        lastDay: point.day,
        sale: point.salePrice,
        regular: point.regularPrice,
      });
    }
  }
  return runs.map((run) => {
    const value = (run.sale ?? run.regular)!;
    const days =
      run.firstDay === run.lastDay
        ? dayText(run.firstDay)
        : `${dayText(run.firstDay)} to ${dayText(run.lastDay)}`;
    const price = moneyText(value);
    const regular = run.regular === null ? null : moneyText(run.regular);
    return {
      days,
      price,
      regular,
      from: x(run.first),
      to: x(run.last + 1),
      at: y(value),
      text:
        regular === null || regular === price
          ? `${days}: ${price}`
          : `${days}: ${price}, regular ${regular}`,
    };
  });
}

/**
 * The step under `x` (chart coordinates), or the nearest one where `x` falls in a gap or beyond
 * the plot: a pointer anywhere over the chart names a step. -1 when there is none.
 */
export function stepIndexAt(steps: readonly PriceStep[], x: number): number {
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [index, step] of steps.entries()) {
    const distance = x < step.from ? step.from - x : x > step.to ? x - step.to : 0;
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  }
  return best;
}

/** Where the plot's frame is, for the component's axis lines. */
export const PLOT_AREA = {
  left: PLOT.left,
  right: CHART_WIDTH - PLOT.right,
  top: PLOT.top,
  bottom: CHART_HEIGHT - PLOT.bottom,
} as const;
