import { type EinvoiceKind, fromHalalas, toHalalas } from '@idara/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';

/**
 * What a counted document does to its order (packages/domain receivables.ts): every kind moves what
 * is invoiced; a note also moves the order's value, and with it what may still be requested
 * (`balance`). `signed` is the document's total with its sign; taking a document out of the totals
 * (FATOORA rejected it) moves them back by −signed.
 */
export async function moveOrderMoney(
  tx: Tx,
  order: Pick<typeof orders.$inferSelect, '_id' | 'invoiced' | 'adjusted' | 'balance'>,
  kind: EinvoiceKind,
  signed: number,
) {
  const note = kind !== 'invoice';
  await tx
    .update(orders)
    .set({
      invoiced: fromHalalas(toHalalas(order.invoiced) + signed),
      ...(note
        ? {
            adjusted: fromHalalas(toHalalas(order.adjusted) + signed),
            balance: fromHalalas(toHalalas(order.balance) + signed),
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(orders._id, order._id));
}
