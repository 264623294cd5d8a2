import { describe, expect, it } from 'vitest';
import { alertScale, chartLayout, percent } from './effectiveness-chart.ts';

describe('chartLayout', () => {
  it('draws one bar per search type per row, scaled to the maximum, n/a where nothing was measured', () => {
    const layout = chartLayout(
      [
        { label: 'typo', values: { strict_match: 0.5, standard_match: 1 } },
        { label: 'initials', values: { strict_match: null, standard_match: 0 } },
      ],
      ['strict_match', 'standard_match'],
    );
    const [typo, initials] = layout.rows;
    expect(typo!.bars.map((b) => b.width)).toEqual([209, 418]);
    expect(typo!.bars.map((b) => b.text)).toEqual(['50.0%', '100.0%']);
    expect(initials!.bars.map((b) => [b.width, b.text])).toEqual([
      [0, 'n/a'],
      [0, '0.0%'],
    ]);
    expect(initials!.y).toBeGreaterThan(typo!.bars[1]!.y + typo!.bars[1]!.height);
    expect(layout.height).toBeGreaterThan(initials!.bars[1]!.y + 11);
    expect(layout.ticks.map((t) => t.text)).toEqual(['0%', '25%', '50%', '75%', '100%']);
  });

  it('shows a tiny share as a visible bar and scales alert rates to their own maximum', () => {
    const scale = alertScale([0.004, 0.013, null]);
    expect(scale).toBe(0.02);
    const layout = chartLayout(
      [{ label: 'clean', values: { fuzzy_search: 0.00001 } }],
      ['fuzzy_search'],
      scale,
    );
    expect(layout.rows[0]!.bars[0]!.width).toBe(1);
    expect(layout.ticks.map((t) => t.text)).toEqual(['0.00%', '0.50%', '1.00%', '1.50%', '2.00%']);
    expect(alertScale([0, null])).toBe(0.01);
    expect(percent(0.98765)).toBe('98.8%');
  });
});
