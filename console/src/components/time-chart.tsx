// A time chart of a result that has a time column and number columns (as
// `count() by every(1h)` gives), drawn by uPlot. This module is its own
// chunk: the page loads it the first time a result can be charted.

import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { numberOf, type ResultSet } from '../results/result-set.js';
import type { ChartSpec } from '../results/chart-spec.js';

/** Points a chart draws at most (the first ones, in time order). */
const MAX_POINTS = 100_000;
const PALETTE = ['#2f6fdd', '#d9480f', '#2b8a3e', '#ae3ec9', '#e67700', '#0b7285', '#c2255c', '#5c940d'];

function data(rs: ResultSet, spec: ChartSpec): uPlot.AlignedData {
  const pts: number[][] = [];
  const n = Math.min(rs.rows.length, MAX_POINTS);
  for (let i = 0; i < n; i++) {
    const cells = rs.cells(i);
    const x = cells[spec.x];
    const t = x === undefined ? null : numberOf(x.value);
    if (t === null) continue;
    pts.push([t, ...spec.ys.map((k) => (cells[k] === undefined ? NaN : (numberOf(cells[k]!.value) ?? NaN)))]);
  }
  pts.sort((a, b) => a[0]! - b[0]!);
  const cols: (number | null)[][] = [pts.map((p) => p[0]!)];
  spec.ys.forEach((_, j) => cols.push(pts.map((p) => (Number.isNaN(p[j + 1]!) ? null : p[j + 1]!))));
  return cols as uPlot.AlignedData;
}

export function TimeChart({ rs, spec, version }: { rs: ResultSet; spec: ChartSpec; version: number }) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const el = host.current!;
    const css = getComputedStyle(el);
    const fg = css.getPropertyValue('--fg').trim() || '#222';
    const grid = css.getPropertyValue('--border').trim() || '#ddd';
    const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: 220,
      scales: { x: { time: true } },
      axes: [axis, axis],
      series: [
        { label: rs.columns[spec.x]!.key },
        ...spec.ys.map((k, j) => ({
          label: rs.columns[k]!.key,
          stroke: PALETTE[j % PALETTE.length]!,
          width: 2,
          points: { show: true, size: 4 },
        })),
      ],
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
    };
    const p = new uPlot(opts, data(rs, spec), el);
    plot.current = p;
    const ro = new ResizeObserver(() => p.setSize({ width: Math.max(200, el.clientWidth), height: 220 }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      p.destroy();
      plot.current = null;
    };
  }, [rs, spec.x, spec.ys.join(',')]);

  useEffect(() => {
    plot.current?.setData(data(rs, spec));
  }, [version]);

  return <div ref={host} class="chart" role="img" aria-label={`Chart of ${spec.ys.map((k) => rs.columns[k]!.key).join(', ')} over ${rs.columns[spec.x]!.key}`} />;
}
