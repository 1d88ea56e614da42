// The results as a grid that renders only the rows in view (virtual
// scrolling: rows have one fixed height, so the rows in view follow from
// the scroll position). Each cell's type shows on hover, each column's
// types on its header. The grid takes the keyboard's focus to scroll.

import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ResultSet } from '../results/result-set.js';

export const ROW_HEIGHT = 26;
const OVERSCAN = 8;

function width(key: string): number {
  return Math.min(360, Math.max(80, key.length * 9 + 24));
}

export function ResultsTable({ rs, version }: { rs: ResultSet; version: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(400);
  // Columns widen to fit what they show on screen; they never narrow while a result lasts.
  const widths = useRef<number[]>([]);

  useLayoutEffect(() => {
    const el = box.current!;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    setHeight(el.clientHeight);
    return () => ro.disconnect();
  }, []);
  useEffect(() => {
    widths.current = [];
    setTop(0);
    if (box.current !== null) box.current.scrollTop = 0;
  }, [rs]);

  const n = rs.rows.length;
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(n, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
  const cols = rs.columns;
  const rows = [];
  for (let i = first; i < last; i++) {
    const cells = rs.cells(i);
    rows.push({ i, cells });
    cells.forEach((c, k) => {
      const w = Math.min(360, Math.max(widths.current[k] ?? width(cols[k]!.key), (c?.text.length ?? 0) * 8 + 20));
      widths.current[k] = w;
    });
  }
  const template = cols.map((c, k) => `${widths.current[k] ?? width(c.key)}px`).join(' ');
  const total = cols.reduce((a, c, k) => a + (widths.current[k] ?? width(c.key)), 0);

  return (
    <div
      ref={box}
      class="grid"
      role="table"
      aria-label="Query results"
      aria-rowcount={n + 1}
      aria-colcount={cols.length}
      tabIndex={0}
      data-version={version}
      onScroll={(e) => setTop(e.currentTarget.scrollTop)}
    >
      <div class="grid-head" role="rowgroup" style={{ width: `${total}px` }}>
        <div class="grid-row" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
          {cols.map((c) => (
            <div role="columnheader" class="grid-cell" title={[...c.types].join(' | ')}>
              {c.key}
            </div>
          ))}
        </div>
      </div>
      <div class="grid-body" role="rowgroup" style={{ height: `${n * ROW_HEIGHT}px`, width: `${total}px` }}>
        {rows.map(({ i, cells }) => (
          <div key={i} class="grid-row" role="row" aria-rowindex={i + 2} style={{ top: `${i * ROW_HEIGHT}px`, gridTemplateColumns: template }}>
            {cols.map((_, k) => {
              const c = cells[k];
              if (c === undefined) return <div role="cell" class="grid-cell absent" />;
              return (
                <div role="cell" class={`grid-cell${c.isNull ? ' null' : ''}`} title={c.type} data-type={c.type}>
                  {c.text}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
