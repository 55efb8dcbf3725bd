import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  CHART_HEIGHT,
  CHART_WIDTH,
  PLOT_AREA,
  stepIndexAt,
  type PriceChart as PriceChartModel,
} from '../model/price-chart';
import styles from './price-chart.module.css';

/** The keys that move between steps, and where each one goes from `index` of `count`. */
const STEP_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (index) => index - 1,
  ArrowDown: (index) => index - 1,
  ArrowRight: (index) => index + 1,
  ArrowUp: (index) => index + 1,
  PageDown: (index) => index - 5,
  PageUp: (index) => index + 5,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The step chart of a price history, drawn from `priceChart`'s numbers as plain SVG, with the
 * latest price marked. One step at a time is read out above it: the latest until a pointer
 * hovers or taps another step, or the arrow keys move to one. For a screen reader the chart is a
 * slider over the steps whose value is the step's day and price; the summary and the table
 * beside it say the whole history.
 */
export function PriceChart({ chart }: { chart: PriceChartModel }) {
  const { left, right, top, bottom } = PLOT_AREA;
  const { steps, latest } = chart;
  const [picked, setPicked] = useState<number | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const index = picked === null || picked >= steps.length ? steps.length - 1 : picked;
  const step = steps[index];
  // The step pointed at is highlighted; the latest price has its own mark.
  const highlighted = picked === null ? undefined : step;

  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const box = svg.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const found = stepIndexAt(steps, ((event.clientX - box.left) / box.width) * CHART_WIDTH);
    if (found >= 0) setPicked(found);
  };
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const to = STEP_KEYS[event.key];
    if (!to) return;
    event.preventDefault();
    setPicked(Math.max(0, Math.min(steps.length - 1, to(index, steps.length))));
  };

  return (
    <figure className={styles.figure}>
      {step && (
        // The slider's value says the same to a screen reader.
        <p className={styles.readout} aria-hidden="true" data-testid="price-step">
          <span className={styles.readoutDays}>{step.days}</span>{' '}
          <span className={styles.readoutPrice}>{step.price}</span>
          {step.regular !== null && step.regular !== step.price && (
            <>
              {' '}
              <span className={styles.readoutRegular}>regular {step.regular}</span>
            </>
          )}
        </p>
      )}
      <div
        className={styles.scrubber}
        role="slider"
        tabIndex={0}
        aria-label="Price by day"
        aria-valuemin={1}
        aria-valuemax={Math.max(1, steps.length)}
        aria-valuenow={index + 1}
        aria-valuetext={step?.text ?? 'No price seen'}
        onPointerDown={pick}
        onPointerMove={pick}
        // A mouse leaving gives the latest price back; a finger lifting keeps the step it tapped.
        onPointerLeave={(event) => event.pointerType === 'mouse' && setPicked(null)}
        onKeyDown={move}
      >
        <svg
          ref={svg}
          className={styles.chart}
          viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
          aria-hidden="true"
          focusable="false"
        >
          {highlighted && (
            <rect
              className={styles.band}
              x={highlighted.from}
              y={top}
              width={Math.max(1, highlighted.to - highlighted.from)}
              height={bottom - top}
            />
          )}
          <line className={styles.axis} x1={left} y1={bottom} x2={right} y2={bottom} />
          <line className={styles.axis} x1={left} y1={top} x2={left} y2={bottom} />
          {chart.priceLabels.map((label) => (
            <g key={label.text}>
              <line className={styles.grid} x1={left} y1={label.at} x2={right} y2={label.at} />
              <text className={styles.label} x={left - 4} y={label.at} dy="0.32em" textAnchor="end">
                {label.text}
              </text>
            </g>
          ))}
          {chart.dayLabels.map((label, at) => (
            <text
              key={label.text}
              className={styles.label}
              x={label.at}
              y={bottom + 15}
              textAnchor={at === 0 ? 'start' : 'end'}
            >
              {label.text}
            </text>
          ))}
          {chart.regular && <path className={styles.regular} d={chart.regular} />}
          {highlighted && (
            // A halo beneath the price's line, which stays the colour its key says.
            <line
              className={styles.picked}
              x1={highlighted.from}
              y1={highlighted.at}
              x2={highlighted.to}
              y2={highlighted.at}
            />
          )}
          {chart.sale && <path className={styles.sale} d={chart.sale} />}
          {latest && (
            <g className={styles.latest}>
              <circle cx={latest.x} cy={latest.y} r={3.5} />
              <text
                className={styles.latestLabel}
                x={latest.x}
                y={latest.above ? latest.y - 7 : latest.y + 7}
                dy={latest.above ? 0 : '0.7em'}
                textAnchor="end"
              >
                {latest.text}
              </text>
            </g>
          )}
        </svg>
      </div>
      <figcaption className={styles.legend} aria-hidden="true">
        <span className={styles.saleKey}>Price</span>
        <span className={styles.regularKey}>Regular price</span>
      </figcaption>
    </figure>
  );
}
