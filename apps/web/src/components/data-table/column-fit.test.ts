import { describe, expect, it } from 'vitest';
import { decideFit, type Fit, type FitColumn, hideOrder, newFitMemory } from './column-fit';

/** A payments-like list: select, number (1), customer (2), amount (1), tax (4), method (3), status (1), date (1), actions. */
const columns: FitColumn[] = [
  { id: '__select', priority: 1, fixed: true },
  { id: 'number', priority: 1, fixed: false },
  { id: 'customer', priority: 2, fixed: false },
  { id: 'amount', priority: 1, fixed: false },
  { id: 'tax', priority: 4, fixed: false },
  { id: 'method', priority: 3, fixed: false },
  { id: 'status', priority: 1, fixed: false },
  { id: 'date', priority: 1, fixed: false },
  { id: '__actions', priority: 1, fixed: true },
];
const widths: Record<string, number> = {
  __select: 44,
  number: 80,
  customer: 200,
  amount: 110,
  tax: 100,
  method: 110,
  status: 110,
  date: 150,
  __actions: 80,
};
const RESERVE = 44;

/** The table's width with the given columns given up (and the «more» column once any is). */
const tableWidth = (hidden: string[]) =>
  columns.filter((c) => !hidden.includes(c.id)).reduce((sum, c) => sum + widths[c.id], 0) +
  (hidden.length > 0 ? RESERVE : 0);

/** Decides until nothing changes, drawing the table each time as it would be drawn. */
function settle(box: number, start: Fit = { cards: false, hidden: [] }, memory = newFitMemory()) {
  let fit = start;
  for (let i = 0; i < 20; i++) {
    const table = fit.cards ? box : Math.max(box, tableWidth(fit.hidden));
    const next = decideFit(
      fit,
      columns,
      { box, table, column: (id) => widths[id], reserve: RESERVE },
      memory,
    );
    if (next === fit) return { fit, renders: i, memory };
    fit = next;
  }
  throw new Error('the layout never settles');
}

describe('which columns fit', () => {
  it('gives up the least important columns first, the last of equals first', () => {
    expect(hideOrder(columns)).toEqual(['tax', 'method', 'customer']);
  });

  it('keeps every column when they fit', () => {
    expect(settle(1200).fit).toEqual({ cards: false, hidden: [] });
  });

  it('gives up what does not fit in one pass, and never an essential column or the actions', () => {
    const { fit, renders } = settle(900);
    expect(fit).toEqual({ cards: false, hidden: ['tax', 'method'] });
    expect(renders).toBe(1);
    expect(tableWidth(fit.hidden)).toBeLessThanOrEqual(900);
  });

  it('turns rows into cards on a phone, and when even the essential columns do not fit', () => {
    expect(settle(375).fit.cards).toBe(true);
    // The essential columns and the row's toggle need 618 px.
    expect(settle(600).fit.cards).toBe(true);
    expect(settle(630).fit).toEqual({ cards: false, hidden: ['tax', 'method', 'customer'] });
  });

  it('settles at any width, whatever it came from', () => {
    for (let box = 560; box <= 1000; box += 3) {
      const fit = settle(box).fit;
      for (const from of [{ cards: true, hidden: [] }, fit, { cards: false, hidden: ['tax'] }])
        expect(settle(box, from).fit.cards).toBe(fit.cards);
    }
  });

  it('brings columns back as the box widens, and the table back after cards', () => {
    const narrow = settle(900);
    const wide = settle(1200, narrow.fit, narrow.memory);
    expect(wide.fit).toEqual({ cards: false, hidden: [] });
    const phone = settle(375, wide.fit, wide.memory);
    expect(phone.fit.cards).toBe(true);
    const again = settle(900, phone.fit, phone.memory);
    expect(again.fit).toEqual({ cards: false, hidden: ['tax', 'method'] });
  });

  it('does not bring a column back before the box is as wide as the table needed with it', () => {
    const { fit, memory } = settle(900);
    expect(settle(910, fit, memory).fit).toBe(fit);
  });
});
