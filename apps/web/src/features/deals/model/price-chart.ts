import { dayNumber, moneyText, type PriceObservation } from '@stl-deals/domain';

/**
 * A deal's price history drawn as a step chart: one horizontal step per day for the price it sold
 * for (a point's `salePrice`: its sale price on a deal, else its regular price) and one for the
 * regular price the menu named, a vertical riser where a price changed from one day to the next,
 * and a gap where the product was not seen (or the menu named no regular price that day). Worked
 * out here as plain numbers and path text, so the component only writes the SVG and a
 * hand-written chart needs no library.
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

/** One run of days with the same prices, for the chart's table. */
export interface PriceRun {
  /** 'Jun 1', or 'Jun 1 to Jun 9' for several days. */
  days: string;
  sale: string | null;
  regular: string | null;
}

export interface PriceChart {
  /** The price's steps as an SVG path ('' when it has none); each gap starts a new 'M'. */
  sale: string;
  regular: string;
  /** The highest and lowest price shown, at their heights (one label when they are equal). */
  priceLabels: ChartLabel[];
  /** The window's first and last day, at their places. */
  dayLabels: ChartLabel[];
  /** The text alternative: 'From $30 to $25 over 90 days; ...'. */
  summary: string;
  /** The same history as runs of days, oldest first. */
  runs: PriceRun[];
  /** Whether any day of the window has a price to draw. */
  seen: boolean;
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

/**
 * The chart of the `days` days ending on `today` (the market's day) from `points`: days in order,
 * one per day, prices validated (see `readDealHistory`). Points outside the window are left out.
 * A point's price is its `salePrice`, or its regular price where it has none (an observation of
 * the store's own, see `PriceObservation`).
 */
export function priceChart(
  points: readonly PriceObservation[],
  today: string,
  days: number,
): PriceChart {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`A chart of ${days} days`);
  const first = dayNumber(today) - (days - 1);
  const shown = points
    .map((point) => ({ point, index: dayNumber(point.day) - first }))
    .filter(({ index }) => index >= 0 && index < days);

  const prices = shown.flatMap(({ point }) =>
    [point.salePrice, point.regularPrice].filter((price): price is number => price !== null),
  );
  const plotWidth = CHART_WIDTH - PLOT.left - PLOT.right;
  const plotHeight = CHART_HEIGHT - PLOT.top - PLOT.bottom;
  const x = (index: number) => tenth(PLOT.left + (index * plotWidth) / days);
  const dayLabels: ChartLabel[] = [
    { at: x(0), text: dayText(today, -(days - 1)) },
    { at: x(days), text: dayText(today) },
  ];
  if (prices.length === 0) {
    return {
      sale: '',
      regular: '',
      priceLabels: [],
      dayLabels,
      summary: `Not seen with a price in the last ${days} days.`,
      runs: [],
      seen: false,
    };
  }

  const low = Math.min(...prices);
  const high = Math.max(...prices);
  // A little room above and below, so a flat line is not drawn on the frame.
  const room = (high - low || Math.max(high, 1)) * 0.1;
  const bottom = Math.max(0, low - room);
  const top = high + room;
  const y = (price: number) => tenth(PLOT.top + ((top - price) / (top - bottom)) * plotHeight);

  const steps = (price: (point: PriceObservation) => number | null) => {
    let path = '';
    let previous = -2;
    let height = Number.NaN;
    for (const { point, index } of shown) {
      const value = price(point);
      if (value === null) continue;
      const next = y(value);
      if (index !== previous + 1) path += ` M${x(index)} ${next}`;
      else if (next !== height) path += ` V${next}`;
      path += ` H${x(index + 1)}`;
      previous = index;
      height = next;
    }
    return path.trim();
  };

  const charged = shown
    .map(({ point }) => point.salePrice ?? point.regularPrice)
    .filter((price): price is number => price !== null);
  const daysSeen = charged.length;
  const from = charged[0]!;
  const to = charged[daysSeen - 1]!;
  const seenText = `seen on ${daysSeen} of the ${days} days`;
  const summary =
    low === high
      ? `${moneyText(low)} on every day seen over ${days} days (${seenText}).`
      : `From ${moneyText(from)} to ${moneyText(to)} over ${days} days; lowest ${moneyText(low)}, highest ${moneyText(high)} (${seenText}).`;

  return {
    sale: steps((point) => point.salePrice),
    regular: steps((point) => point.regularPrice),
    priceLabels:
      low === high
        ? [{ at: y(low), text: moneyText(low) }]
        : [
            { at: y(high), text: moneyText(high) },
            { at: y(low), text: moneyText(low) },
          ],
    dayLabels,
    summary,
    runs: priceRuns(shown),
    seen: true,
  };
}

/** Consecutive days with the same two prices, as table rows; a day not seen ends a run. */
function priceRuns(shown: ReadonlyArray<{ point: PriceObservation; index: number }>): PriceRun[] {
  const runs: Array<{
    from: string;
    to: string;
    last: number;
    sale: number | null;
    regular: number | null;
  }> = [];
  for (const { point, index } of shown) {
    if (point.salePrice === null && point.regularPrice === null) continue;
    const open = runs[runs.length - 1];
    if (
      open &&
      open.last === index - 1 &&
      open.sale === point.salePrice &&
      open.regular === point.regularPrice
    ) {
      open.to = point.day;
      open.last = index;
    } else {
      runs.push({
        from: point.day,
        to: point.day,
        last: index,
        sale: point.salePrice,
        regular: point.regularPrice,
      });
    }
  }
  return runs.map((run) => ({
    days: run.from === run.to ? dayText(run.from) : `${dayText(run.from)} to ${dayText(run.to)}`,
    sale: run.sale === null ? null : moneyText(run.sale),
    regular: run.regular === null ? null : moneyText(run.regular),
  }));
}

/** Where the plot's frame is, for the component's axis lines. */
export const PLOT_AREA = {
  left: PLOT.left,
  right: CHART_WIDTH - PLOT.right,
  top: PLOT.top,
  bottom: CHART_HEIGHT - PLOT.bottom,
} as const;
