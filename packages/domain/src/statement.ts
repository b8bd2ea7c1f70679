/**
 * A customer's statement of account (كشف حساب) over a period: the balance before it, every
 * document and payment in it in order with the running balance, and the balance after it.
 *
 * Debits (what the customer owes more): tax invoices and debit notes. Credits: credit notes and
 * payments marked paid (on the day they were paid). Balance = Σ debits − Σ credits, so the closing
 * balance equals the customer's `outstanding` on that day (receivables.ts). Amounts in halalas.
 */

import { riyadhDayOf } from './hijri';

export const statementLineTypes = ['invoice', 'debit', 'credit', 'payment'] as const;
export type StatementLineType = (typeof statementLineTypes)[number];

export const statementLineLabels: Record<StatementLineType, string> = {
  invoice: 'فاتورة ضريبية',
  debit: 'إشعار مدين',
  credit: 'إشعار دائن',
  payment: 'دفعة',
};

export interface StatementEntry {
  type: StatementLineType;
  /** ISO date-time: a document's issue, a payment's paid time. */
  at: string;
  /** The document number (INV-000123) or the payment's number. */
  number: string;
  amount: number;
}

export interface StatementLine extends StatementEntry {
  debit: number;
  credit: number;
  balance: number;
}

export interface Statement {
  opening: number;
  lines: StatementLine[];
  closing: number;
}

const isDebit = (type: StatementLineType) => type === 'invoice' || type === 'debit';

/**
 * The statement from every entry of the customer up to the period's end (`until`, exclusive ISO):
 * entries before `from` make the opening balance; the rest are the lines by Riyadh day, and within
 * a day documents before payments (then by time): paying a payment issues its invoice a moment
 * after, and a payment recorded in the morning for the invoice issued at noon would otherwise open
 * the day in credit.
 */
export function buildStatement(entries: readonly StatementEntry[], from: string, until: string): Statement {
  const fromTime = Date.parse(from);
  const untilTime = Date.parse(until);
  let opening = 0;
  const inPeriod: StatementEntry[] = [];
  for (const e of entries) {
    const t = Date.parse(e.at);
    if (t >= untilTime) continue;
    if (t < fromTime) opening += isDebit(e.type) ? e.amount : -e.amount;
    else inPeriod.push(e);
  }
  inPeriod.sort(
    (a, b) =>
      riyadhDayOf(new Date(a.at)).localeCompare(riyadhDayOf(new Date(b.at))) ||
      Number(a.type === 'payment') - Number(b.type === 'payment') ||
      Date.parse(a.at) - Date.parse(b.at) ||
      Number(a.type === 'payment') - Number(b.type === 'payment') ||
      a.number.localeCompare(b.number),
  );
  let balance = opening;
  const lines = inPeriod.map((e) => {
    const debit = isDebit(e.type) ? e.amount : 0;
    const credit = isDebit(e.type) ? 0 : e.amount;
    balance += debit - credit;
    return { ...e, debit, credit, balance };
  });
  return { opening, lines, closing: balance };
}
