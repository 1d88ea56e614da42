// Whether a result can be drawn as a time chart: one column that holds
// only times (the x axis) and columns that hold only numbers (the lines).

import type { ResultSet } from './result-set.js';

export interface ChartSpec {
  /** The time column. */
  readonly x: number;
  /** The number columns, eight at most. */
  readonly ys: readonly number[];
}

export function chartSpec(rs: ResultSet): ChartSpec | null {
  if (rs.rows.length < 1) return null;
  const x = rs.columns.findIndex((c) => c.time);
  if (x < 0) return null;
  const ys: number[] = [];
  rs.columns.forEach((c, k) => {
    if (k !== x && c.numeric && ys.length < 8) ys.push(k);
  });
  return ys.length === 0 ? null : { x, ys };
}
