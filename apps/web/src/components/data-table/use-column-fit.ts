import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CARD_WIDTH, decideFit, type Fit, type FitColumn, newFitMemory } from './column-fit';

/** The width of the «more» toggle column a table gains once it gives up a column. */
const MORE_COLUMN_WIDTH = 44;

/**
 * The layout of a list's rows for the width its box has: a table without the columns that do not
 * fit, or cards. Measured after every render (before the browser paints it, so a table that is too
 * wide is never shown) and whenever the box or the table changes size (a window resized, a font
 * loaded). `boxRef` is the element the table may fill, `tableRef` the table in it; a header cell
 * carries its column's id in `data-column`.
 */
export function useColumnFit(columns: FitColumn[]) {
  const boxRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  // The first guess, corrected before the first paint: a phone's list is cards.
  const [fit, setFit] = useState<Fit>(() => ({
    cards: typeof window !== 'undefined' && window.innerWidth < CARD_WIDTH,
    hidden: [],
  }));
  const memory = useRef(newFitMemory());
  const latest = useRef({ fit, columns });
  latest.current = { fit, columns };

  const measure = useCallback(() => {
    const box = boxRef.current;
    const table = tableRef.current;
    if (!box || !table) return;
    const now = latest.current;
    const next = decideFit(
      now.fit,
      now.columns,
      {
        box: box.clientWidth,
        table: table.offsetWidth,
        column: (id) =>
          table.querySelector<HTMLElement>(`thead th[data-column="${CSS.escape(id)}"]`)?.offsetWidth ?? 0,
        reserve: MORE_COLUMN_WIDTH,
      },
      memory.current,
    );
    if (next !== now.fit) {
      now.fit = next;
      setFit(next);
    }
  }, []);

  // After every render: the rows, the columns or the layout itself may have changed the width.
  useLayoutEffect(measure);

  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    if (boxRef.current) observer.observe(boxRef.current);
    if (tableRef.current) observer.observe(tableRef.current);
    return () => observer.disconnect();
  }, [measure]);

  return { fit, boxRef, tableRef };
}
