import {
  buildStatement,
  entityNouns,
  fromHalalas,
  type NationalAddress,
  optionalCalendarDate,
  riyadhDayBounds,
  riyadhDayOf,
  type Statement,
  type StatementEntry,
  toHalalas,
} from '@idara/domain';
import { and, eq, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { cities, customers, einvoices, payments } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { countedDocuments } from '../invoice/counted';
import { customerPartyColumns } from '../invoice/parties';
import { periodCheck } from './period-check';

/** Five years of history is as far back as a statement reaches in one request. */
const MAX_STATEMENT_DAYS = 5 * 366;

export const statementPeriod = z
  .object({ from: optionalCalendarDate, to: optionalCalendarDate })
  .superRefine(periodCheck(MAX_STATEMENT_DAYS, 'الفترة أطول من خمس سنوات؛ اختر فترة أقصر'));
export type StatementPeriod = { from: string; to: string };

export interface CustomerStatementData {
  customer: {
    _id: string;
    name: string;
    whatsappNumber: string | null;
    phoneNumber: string | null;
    /** For the printed buyer box: a company's VAT and CR numbers and its national address. */
    vatNumber: string;
    crNumber: string;
    address: NationalAddress | null;
  };
  from: string;
  to: string;
  statement: Statement;
  /** Whether the customer has any document or paid payment at all (before, in or after the period). */
  hasHistory: boolean;
}

/**
 * The facts the receivables count (receivables.ts, aging-query.ts): every issued document of the
 * customer and every payment marked paid, up to the end of the period's last Riyadh day; the
 * domain rule makes the opening balance, the ordered lines and the closing balance from them.
 */
export async function customerStatement(
  db: DbOrTx,
  customerId: string,
  period: StatementPeriod,
): Promise<CustomerStatementData> {
  const [row] = await db
    .select({
      _id: customers._id,
      whatsappNumber: customers.whatsappNumber,
      phoneNumber: customers.phoneNumber,
      ...customerPartyColumns,
    })
    .from(customers)
    .leftJoin(cities, eq(customers.city, cities._id))
    .where(eq(customers._id, customerId));
  if (!row) throw notFound(entityNouns.customer);
  const { buildingNumber, street, district, postalCode, additionalNumber, city, ...known } = row;
  const address = { buildingNumber, street, district, city: city ?? '', postalCode, additionalNumber };
  const customer = { ...known, address: Object.values(address).some((v) => v.trim()) ? address : null };
  const from = riyadhDayBounds(period.from).start;
  const end = riyadhDayBounds(period.to).end;
  const docs = await db
    .select({
      kind: einvoices.kind,
      at: einvoices.issuedAt,
      number: einvoices.number,
      total: einvoices.total,
    })
    .from(einvoices)
    .where(and(eq(einvoices.customer, customerId), lte(einvoices.issuedAt, end), countedDocuments()));
  const paid = await db
    .select({ at: payments.paidAt, number: payments.number, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.customer, customerId), eq(payments.status, 'paid'), lte(payments.paidAt, end)));
  const entries: StatementEntry[] = [
    ...docs.map((d) => ({
      type: d.kind as StatementEntry['type'],
      at: iso(d.at),
      number: d.number,
      amount: toHalalas(d.total),
    })),
    ...paid.map((p) => ({
      type: 'payment' as const,
      at: iso(p.at),
      number: String(p.number),
      amount: toHalalas(p.amount),
    })),
  ];
  let hasHistory = entries.length > 0;
  if (!hasHistory) {
    const [later] = await db
      .select({ id: einvoices._id })
      .from(einvoices)
      .where(and(eq(einvoices.customer, customerId), countedDocuments()))
      .limit(1);
    const [laterPaid] = await db
      .select({ id: payments._id })
      .from(payments)
      .where(and(eq(payments.customer, customerId), eq(payments.status, 'paid')))
      .limit(1);
    hasHistory = Boolean(later || laterPaid);
  }
  const statement = buildStatement(entries, from.toISOString(), new Date(end.getTime() + 1).toISOString());
  return { customer, from: period.from, to: period.to, statement, hasHistory };
}

/** The statement on the wire: money as decimal strings, each line dated by its Riyadh day. */
export function statementJson(s: CustomerStatementData) {
  return {
    customer: s.customer._id,
    customerName: s.customer.name,
    from: s.from,
    to: s.to,
    opening: fromHalalas(s.statement.opening),
    lines: s.statement.lines.map((l) => ({
      date: riyadhDayOf(l.at),
      type: l.type,
      number: l.number,
      debit: fromHalalas(l.debit),
      credit: fromHalalas(l.credit),
      balance: fromHalalas(l.balance),
    })),
    closing: fromHalalas(s.statement.closing),
  };
}

/** The PDF and the WhatsApp send have nothing to show for a customer without any document. */
export function assertHasHistory(s: CustomerStatementData) {
  if (!s.hasHistory)
    throw new AppError(
      422,
      `لا توجد مستندات ولا دفعات للعميل «${s.customer.name}»؛ لا يوجد كشف حساب لإرساله أو طباعته`,
    );
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
