/**
 * Which of a list's columns fit the width it has (issue 41): each column declares how much it
 * matters (`priority`: 1 = the row's identifier, amount, status — always shown), the table gives
 * up the least important columns first when its cells do not fit, and below `CARD_WIDTH` (or when
 * even the essential columns do not fit) each row becomes a card of labelled fields.
 *
 * The decision is measured, not guessed: the table is drawn, and when it is wider than its box the
 * columns that give way are chosen by their drawn widths. The width the table needed with a column
 * is remembered, so the column comes back once the box is that wide again.
 */

/** Below this width of the list's box, rows are cards (Mantine's `xs` breakpoint, 36em). */
export const CARD_WIDTH = 576;

/** Columns with a priority up to this one are a card's fields; the others wait behind «المزيد». */
export const CARD_PRIORITY = 2;

/** An undeclared column's priority; the first data column (the row's identifier) is 1. */
export const DEFAULT_PRIORITY = 2;

export interface FitColumn {
  id: string;
  priority: number;
  /** Selection checkboxes, row actions: never given up. */
  fixed: boolean;
}

export interface Fit {
  cards: boolean;
  /** Columns given up, in the order they were (the least important first). */
  hidden: string[];
}

/** What the table measured: its box, its own width, and each drawn column's width. */
export interface Measure {
  box: number;
  table: number;
  column: (id: string) => number;
  /** What the table gains once a first column is given up (the row's «more» toggle). */
  reserve: number;
}

/** Widths remembered between decisions: the table's width with each given-up column still drawn. */
export interface FitMemory {
  needs: Map<string, number>;
  /** The width the essential columns needed when they did not fit (cards until the box is that wide). */
  cardsUntil: number;
}

export const newFitMemory = (): FitMemory => ({ needs: new Map(), cardsUntil: 0 });

/** The columns that may give way, the first to go first: lowest priority, then the last in the row. */
export function hideOrder(columns: FitColumn[]): string[] {
  return columns
    .map((c, index) => ({ ...c, index }))
    .filter((c) => !c.fixed && c.priority > 1)
    .sort((a, b) => b.priority - a.priority || b.index - a.index)
    .map((c) => c.id);
}

const same = (a: Fit, b: Fit) =>
  a.cards === b.cards && a.hidden.length === b.hidden.length && a.hidden.every((id, i) => b.hidden[i] === id);

/**
 * The next layout from the current one and what it measured. Returns `fit` itself when nothing
 * changes, so a caller can compare by identity. `measure` is read only in table mode.
 */
export function decideFit(fit: Fit, columns: FitColumn[], measure: Measure, memory: FitMemory): Fit {
  const order = hideOrder(columns);
  const known = new Set(order);
  // Columns that left the list (a permission changed) are forgotten.
  const hidden = fit.hidden.filter((id) => known.has(id));
  const keep = (next: Fit) => (same(next, fit) ? fit : next);

  if (measure.box < CARD_WIDTH) return keep({ cards: true, hidden });
  if (fit.cards) {
    // Back to a table with every column; the next measure gives up what does not fit.
    if (measure.box >= memory.cardsUntil) return keep({ cards: false, hidden: [] });
    return keep({ cards: true, hidden });
  }

  const table = measure.table;
  if (table - measure.box > 0.5) {
    const over = table - measure.box + (hidden.length === 0 ? measure.reserve : 0);
    // Too wide: give up the least important drawn columns until their widths cover the excess.
    const next = hidden.slice();
    let freed = 0;
    for (const id of order) {
      if (freed >= over) break;
      if (next.includes(id)) continue;
      // The table's width with this column drawn and the ones before it given up (and, once
      // one is, with the toggle column the measured table did not have yet).
      // Never less than what this box had: a column given up here does not come back at this width.
      const toggle = freed > 0 && hidden.length === 0 ? measure.reserve : 0;
      memory.needs.set(id, Math.max(table - freed + toggle, measure.box + 1));
      next.push(id);
      freed += measure.column(id);
    }
    if (freed < over) {
      // Even the essential columns do not fit: cards, until the box is as wide as they need.
      const toggle = hidden.length === 0 && next.length > 0 ? measure.reserve : 0;
      memory.cardsUntil = Math.max(table - freed + toggle, measure.box + 1);
      return keep({ cards: true, hidden: next });
    }
    return keep({ cards: false, hidden: next });
  }

  // It fits: bring back the most important given-up columns while the box is as wide as they
  // needed (one never measured comes back to be measured).
  const next = hidden.slice();
  while (next.length > 0) {
    const need = memory.needs.get(next[next.length - 1]);
    if (need !== undefined && need > measure.box) break;
    next.pop();
  }
  return keep({ cards: false, hidden: next });
}
