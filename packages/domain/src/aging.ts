/**
 * Receivables aging: how long what a customer owes has been past due. The one rule, which the
 * aging report's SQL follows and a property test holds it to:
 *
 * - A customer's **debits** are their tax invoices and debit notes, each due on its due day.
 * - A **credit note** reduces the invoice it corrects (never below zero); what it credits beyond the
 *   invoice (possible after debit notes raised it) offsets that invoice's debit notes in issue
 *   order, and only what is left beyond them joins the payments.
 * - Their **payments marked paid** settle what is left **oldest due first** (then in issue order): a
 *   debit is open for what the payments do not reach.
 * - An open amount is **current** until its due day has passed, then 1–30, 31–60, 61–90 or over 90
 *   days past due (Riyadh days).
 * - Credits beyond every debit leave the customer in credit: that negative amount is shown as
 *   **current**, so the buckets always sum to the open balance, debits − credits, which is the
 *   customer's `outstanding` (receivables.ts).
 *
 * All amounts in halalas.
 */

export const agingBuckets = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof agingBuckets)[number];
export type AgingFigures = Record<AgingBucket | 'total', number>;

export const agingBucketLabels: Record<AgingBucket | 'total', string> = {
  current: 'غير مستحق بعد',
  days1to30: '1–30 يوماً',
  days31to60: '31–60 يوماً',
  days61to90: '61–90 يوماً',
  over90: 'أكثر من 90 يوماً',
  total: 'الرصيد المفتوح',
};

/** The bucket of an amount `daysPastDue` Riyadh days after its due day (0 or less: not yet due). */
export function agingBucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days1to30';
  if (daysPastDue <= 60) return 'days31to60';
  if (daysPastDue <= 90) return 'days61to90';
  return 'over90';
}

export interface AgingDocument {
  id: string;
  kind: 'invoice' | 'credit' | 'debit';
  /** Issue order (the document sequence). */
  seq: number;
  /** Due day, YYYY-MM-DD (Riyadh); unused for a credit note. */
  due: string;
  /** VAT-inclusive total, positive for every kind. */
  amount: number;
  /** A credit or debit note: the invoice it corrects. */
  corrects: string | null;
}

/** Days from `from` to `to`, both YYYY-MM-DD. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * What stays open of each debit (invoice or debit note, in the order given) once credit notes reduce
 * their invoices and `paid` settles the rest oldest due first.
 */
export function openAmounts(documents: readonly AgingDocument[], paid: number): Map<string, number> {
  const open = new Map<string, number>();
  for (const d of documents) if (d.kind !== 'credit') open.set(d.id, d.amount);
  let credit = paid;
  for (const d of documents) {
    if (d.kind !== 'credit') continue;
    const target = d.corrects === null ? undefined : open.get(d.corrects);
    const applied = target === undefined ? 0 : Math.min(target, d.amount);
    if (target !== undefined) open.set(d.corrects as string, target - applied);
    let excess = d.amount - applied;
    // Beyond its invoice, a credit offsets that invoice's debit notes first (in issue order): it
    // corrects what they added, not the customer's oldest debt.
    if (target !== undefined)
      for (const note of documents) {
        if (excess <= 0) break;
        if (note.kind !== 'debit' || note.corrects !== d.corrects) continue;
        const left = open.get(note.id) ?? 0;
        const offset = Math.min(left, excess);
        open.set(note.id, left - offset);
        excess -= offset;
      }
    credit += excess;
  }
  const debits = documents
    .filter((d) => d.kind !== 'credit')
    .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.seq - b.seq));
  for (const d of debits) {
    const left = open.get(d.id) ?? 0;
    const settled = Math.min(Math.max(credit, 0), left);
    open.set(d.id, left - settled);
    credit -= settled;
  }
  return open;
}

/** One customer's aging on `today` (YYYY-MM-DD, Riyadh) from their documents and what they paid. */
export function ageReceivable(
  documents: readonly AgingDocument[],
  paid: number,
  today: string,
): AgingFigures {
  const figures: AgingFigures = {
    current: 0,
    days1to30: 0,
    days31to60: 0,
    days61to90: 0,
    over90: 0,
    total: 0,
  };
  const open = openAmounts(documents, paid);
  let balance = 0 - paid;
  for (const d of documents) {
    if (d.kind === 'credit') {
      balance -= d.amount;
      continue;
    }
    balance += d.amount;
    figures[agingBucketOf(daysBetween(d.due, today))] += open.get(d.id) ?? 0;
  }
  // Credits beyond every debit leave the customer in credit: a negative current amount.
  const openTotal = [...open.values()].reduce((sum, v) => sum + v, 0);
  figures.current += balance - openTotal;
  figures.total = balance;
  return figures;
}

/** Sums customers' figures (the report's totals). */
export function sumAging(rows: Iterable<AgingFigures>): AgingFigures {
  const sum: AgingFigures = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 };
  for (const row of rows) for (const key of [...agingBuckets, 'total'] as const) sum[key] += row[key];
  return sum;
}
