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
    /** Debit notes add, credit notes subtract. */
    adjustments: z.object({ net: moneyOut, vat: moneyOut }),
    totalVat: moneyOut,
    /** The documents behind the figures (each figure drills down to them in the documents list). */
    documents: z.number().int(),
  })
  .meta({ id: 'VatReport' });
export type VatReport = z.output<typeof vatReportOut>;

/** The figures of the VAT return that drill down to documents (packages/domain vat-return.ts). */
export const vatFigures = ['standardRated', 'zeroRated', 'exempt', 'adjustments'] as const;
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
