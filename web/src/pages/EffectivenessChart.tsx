// A bar chart of the effectiveness report drawn by hand in SVG: one group of bars per row, one colour per search
// type; it keeps a legible size and scrolls sideways inside its box on a phone. The figures are in the table
// beside it; the chart names what it shows for screen readers and leaves the numbers to the table.
import { ScrollBox } from '../components/ScrollBox.tsx';
import { chartLayout, type ChartRow, type ChartType } from './effectiveness-chart.ts';

interface Props {
  readonly title: string;
  readonly rows: readonly ChartRow[];
  readonly types: readonly ChartType[];
  readonly max?: number;
}

export function EffectivenessChart({ title, rows, types, max = 1 }: Props) {
  const layout = chartLayout(rows, types, max);
  // On a phone the chart keeps a legible size and scrolls sideways inside its box, never the page.
  return (
    <ScrollBox label={title} className="plain">
      <svg
        className="chart"
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-label={`${title} (bar chart; the table gives the figures)`}
      >
        {layout.ticks.map((t) => (
          <g key={t.x}>
            <line className="chart-grid" x1={t.x} x2={t.x} y1={12} y2={layout.height - 4} />
            <text className="chart-tick" x={t.x} y={10} textAnchor="middle">
              {t.text}
            </text>
          </g>
        ))}
        {layout.rows.map((row) => (
          <g key={row.label}>
            <text className="chart-label" x={layout.labelWidth - 8} y={row.y + 14} textAnchor="end">
              {row.label}
            </text>
            {row.bars.map((b) => (
              <g key={b.type}>
                <rect
                  className={`chart-bar bar-${b.type}`}
                  x={b.x}
                  y={b.y}
                  width={b.width}
                  height={b.height}
                />
                <text className="chart-figure" x={b.x + b.width + 4} y={b.y + b.height - 2}>
                  {b.text}
                </text>
              </g>
            ))}
          </g>
        ))}
      </svg>
    </ScrollBox>
  );
}

/** Which colour is which search type (below each chart). */
export function ChartLegend({ types }: { types: readonly ChartType[] }) {
  return (
    <ul className="chart-legend">
      {types.map((t) => (
        <li key={t}>
          <span className={`swatch bar-${t}`} aria-hidden="true" />
          {t.replace(/_/g, ' ')}
        </li>
      ))}
    </ul>
  );
}
