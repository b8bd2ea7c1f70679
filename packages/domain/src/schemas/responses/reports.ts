import { z } from 'zod';
import { idOut, moneyOut } from './common';

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
