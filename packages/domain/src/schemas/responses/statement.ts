import { z } from 'zod';
import { statementLineTypes } from '../../statement';
import { idOut, moneyOut } from './common';

/** `GET /api/customer/:id/statement`: the customer's statement of account (packages/domain statement.ts). */
export const statementOut = z
  .object({
    customer: idOut,
    customerName: z.string(),
    from: z.string(),
    to: z.string(),
    /** The balance before `from`: debits (invoices, debit notes) minus credits (credit notes, paid payments). */
    opening: moneyOut,
    lines: z.array(
      z.object({
        /** The Riyadh day (YYYY-MM-DD) of the document's issue or the payment's receipt. */
        date: z.string(),
        type: z.enum(statementLineTypes),
        number: z.string(),
        debit: moneyOut,
        credit: moneyOut,
        /** The running balance after this line. */
        balance: moneyOut,
      }),
    ),
    /** The balance at the end of `to`; the next period's opening. */
    closing: moneyOut,
  })
  .meta({ id: 'CustomerStatement' });
export type CustomerStatement = z.output<typeof statementOut>;
