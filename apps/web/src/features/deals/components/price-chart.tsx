import {
  CHART_HEIGHT,
  CHART_WIDTH,
  PLOT_AREA,
  type PriceChart as PriceChartModel,
} from '../model/price-chart';
import styles from './price-chart.module.css';

/**
 * The step chart of a price history, drawn from `priceChart`'s numbers as plain SVG. It is a
 * picture only (hidden from screen readers): the summary and the table beside it say the same.
 */
export function PriceChart({ chart }: { chart: PriceChartModel }) {
  const { left, right, top, bottom } = PLOT_AREA;
  return (
    <figure className={styles.figure}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        aria-hidden="true"
        focusable="false"
      >
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
        {chart.dayLabels.map((label, index) => (
          <text
            key={label.text}
            className={styles.label}
            x={label.at}
            y={bottom + 15}
            textAnchor={index === 0 ? 'start' : 'end'}
          >
            {label.text}
          </text>
        ))}
        {chart.regular && <path className={styles.regular} d={chart.regular} />}
        {chart.sale && <path className={styles.sale} d={chart.sale} />}
      </svg>
      <figcaption className={styles.legend} aria-hidden="true">
        <span className={styles.saleKey}>Price</span>
        <span className={styles.regularKey}>Regular price</span>
      </figcaption>
    </figure>
  );
}
