// The geometry of the effectiveness page's bar charts (pure, so it is tested without a browser): one group of
// horizontal bars per row (a manipulation, or the clean names), one bar per search type, scaled to `max`.

/** The search types in the order the charts and tables show them, strictest first. */
export const CHART_TYPES = ['strict_match', 'standard_match', 'permissive_match', 'fuzzy_search'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export interface ChartRow {
  readonly label: string;
  /** Shares in [0, 1] per search type; null or absent: not measured. */
  readonly values: Partial<Record<ChartType, number | null>>;
}

export interface Bar {
  readonly type: ChartType;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The figure printed after the bar ("98.0%", "n/a"). */
  readonly text: string;
}

export interface ChartLayout {
  readonly width: number;
  readonly height: number;
  readonly labelWidth: number;
  readonly rows: readonly { readonly label: string; readonly y: number; readonly bars: readonly Bar[] }[];
  /** Gridlines: x and the share they stand for. */
  readonly ticks: readonly { readonly x: number; readonly text: string }[];
}

const WIDTH = 640;
const LABEL = 170;
const FIGURE = 52;
const BAR = 11;
const GAP = 2;
const ROW_GAP = 12;
const TOP = 18;

export const percent = (x: number | null | undefined, digits = 1): string =>
  x === null || x === undefined ? 'n/a' : `${(100 * x).toFixed(digits)}%`;

/** Bars of `rows` for `types`, scaled so that `max` fills the plot (recall: 1; alert rates: their largest). */
export function chartLayout(rows: readonly ChartRow[], types: readonly ChartType[], max = 1): ChartLayout {
  const plot = WIDTH - LABEL - FIGURE;
  const scale = max > 0 ? plot / max : 0;
  const rowHeight = types.length * (BAR + GAP) - GAP;
  const laid = rows.map((row, r) => {
    const y = TOP + r * (rowHeight + ROW_GAP);
    const bars = types.map((type, i): Bar => {
      const v = row.values[type];
      return {
        type,
        x: LABEL,
        y: y + i * (BAR + GAP),
        width: v === null || v === undefined ? 0 : Math.max(v > 0 ? 1 : 0, Math.min(plot, v * scale)),
        height: BAR,
        text: percent(v),
      };
    });
    return { label: row.label, y, bars };
  });
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => ({
    x: LABEL + f * plot,
    text: percent(f * max, max < 0.1 ? 2 : 0),
  }));
  return {
    width: WIDTH,
    height: TOP + rows.length * (rowHeight + ROW_GAP),
    labelWidth: LABEL,
    rows: laid,
    ticks,
  };
}

/** The scale of the alert-rate chart: the largest rate rounded up to a whole percent (at least 1 %). */
export function alertScale(rates: readonly (number | null)[]): number {
  const top = Math.max(0, ...rates.map((r) => r ?? 0));
  return Math.max(0.01, Math.ceil(top * 100) / 100);
}
