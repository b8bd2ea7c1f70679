import { z } from 'zod';
import { dateTimeOut, idOut, moneyOut } from './common';

const agingFiguresOut = z.object({
  current: moneyOut,
  days1to30: moneyOut,
  days31to60: moneyOut,
  days61to90: moneyOut,
  over90: moneyOut,
  total: moneyOut,
});

/** `GET /api/report/aging`: each customer's open balance by days past due (packages/domain aging.ts). */
export const agingReportOut = z
  .object({
    data: z.array(agingFiguresOut.extend({ customer: idOut, customerName: z.string() })),
    /** Over every customer the filters select, not only this page. */
    totals: agingFiguresOut,
    /** Customers with an open balance (or a credit) that the filters select. */
    count: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'AgingReport' });
export type AgingReport = z.output<typeof agingReportOut>;

/** `GET /api/report/vat`: the sales side of the VAT return for a period (packages/domain vat-return.ts). */
export const vatReportOut = z
  .object({
    from: z.string(),
    to: z.string(),
    standardRated: z.object({ net: moneyOut, vat: moneyOut }),
    zeroRated: z.object({ net: moneyOut }),
    exempt: z.object({ net: moneyOut }),
    /** Supplies outside VAT, for reconciliation (not part of the return). */
    outOfScope: z.object({ net: moneyOut }),
    /** Debit notes add, credit notes subtract. */
    adjustments: z.object({ net: moneyOut, vat: moneyOut }),
    totalVat: moneyOut,
    /** The documents behind the figures (each figure drills down to them in the documents list). */
    documents: z.number().int(),
  })
  .meta({ id: 'VatReport' });
export type VatReport = z.output<typeof vatReportOut>;

// ── Aging drill-down and home summary (docs/API.md "Receivables aging: export, drill-down, summary") ──

/** `GET /api/report/aging/customer/:id`: the documents behind one customer's aging row. */
export const agingCustomerOut = z
  .object({
    customer: idOut,
    customerName: z.string(),
    /** The Riyadh day the ages are counted to. */
    today: z.string(),
    /** Equal to the customer's row in `GET /api/report/aging`. */
    figures: agingFiguresOut,
    /** Credit beyond every document (0 or negative); with the documents' current amounts it makes `current`. */
    unapplied: moneyOut,
    documents: z.array(
      z.object({
        id: idOut,
        number: z.string(),
        kind: z.enum(['invoice', 'debit']),
        issueDay: z.string(),
        dueDay: z.string(),
        amount: moneyOut,
        /** What credit notes and payments leave unpaid. */
        open: moneyOut,
        daysOverdue: z.number().int(),
        bucket: z.enum(['current', 'days1to30', 'days31to60', 'days61to90', 'over90']),
      }),
    ),
  })
  .meta({ id: 'AgingCustomer' });
export type AgingCustomer = z.output<typeof agingCustomerOut>;

/** `GET /api/report/aging/summary`: the home card's figures, from the report's own SQL. */
export const agingSummaryOut = z
  .object({
    /** Everything past due: 1–30 + 31–60 + 61–90 + over 90, over every customer. */
    overdue: moneyOut,
    /** Customers with anything more than 60 days past due. */
    customersOver60: z.number().int(),
  })
  .meta({ id: 'AgingSummary' });
export type AgingSummary = z.output<typeof agingSummaryOut>;

/** The figures of the VAT return that drill down to documents (packages/domain vat-return.ts). */
export const vatFigures = ['standardRated', 'zeroRated', 'exempt', 'outOfScope', 'adjustments'] as const;
export type VatFigure = (typeof vatFigures)[number];

/** `GET /api/report/vat/documents`: the issued documents behind one figure of the VAT return. */
export const vatDocumentsOut = z
  .object({
    from: z.string(),
    to: z.string(),
    figure: z.enum(vatFigures),
    data: z.array(
      z.object({
        _id: idOut,
        number: z.string(),
        kind: z.enum(['invoice', 'credit', 'debit']),
        issuedAt: dateTimeOut,
        customerName: z.string(),
        /** Signed as in the return: credit notes negative. */
        net: moneyOut,
        vat: moneyOut,
      }),
    ),
    /** Over every document of the figure, not only this page: equal to the figure in the return. */
    sums: z.object({ net: moneyOut, vat: moneyOut }),
    count: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'VatDocuments' });
export type VatDocuments = z.output<typeof vatDocumentsOut>;

/** `GET /api/report/visits`: the field work of a period (Riyadh days). */
export const visitsReportOut = z
  .object({
    from: z.string(),
    to: z.string(),
    /** Per Riyadh month of the visits' time: planned in it (not cancelled), done, missed. */
    months: z.array(
      z.object({
        month: z.string(),
        due: z.number().int(),
        done: z.number().int(),
        missed: z.number().int(),
      }),
    ),
    /** Open visits of the period whose time has passed. */
    overdue: z.number().int(),
    /** Each technician's booked minutes (open and done visits) against the minutes of the period's working days. */
    technicians: z.array(
      z.object({
        user: idOut,
        name: z.string(),
        visits: z.number().int(),
        bookedMinutes: z.number().int(),
        availableMinutes: z.number().int(),
        /** Customers' ratings of the period's visits they were on: how many, and their average (null with none). */
        ratings: z.number().int(),
        averageRating: z.number().nullable(),
      }),
    ),
    /** The contracts whose visits of the period were rated, lowest average first (those to look at). */
    contractRatings: z.array(
      z.object({
        customerContract: idOut,
        number: z.number().int(),
        customerName: z.string(),
        ratings: z.number().int(),
        averageRating: z.number(),
      }),
    ),
    /** What contracts invoiced per month (tax invoices and debit notes less credit notes, VAT included). */
    contractRevenue: z.array(z.object({ month: z.string(), amount: moneyOut })),
  })
  .meta({ id: 'VisitsReport' });
export type VisitsReport = z.output<typeof visitsReportOut>;
