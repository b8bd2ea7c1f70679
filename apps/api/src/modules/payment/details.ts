import { type PaymentStatus, paymentTransitions } from '@idara/domain';
import { and, desc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { einvoices, orders } from '../../db/schema';
import { loadPayment } from './service';

type Row = Record<string, unknown>;

/**
 * A payment is a receipt: its order's summary, the moves its status may make, and the tax invoice
 * it pays — the order's latest issued invoice (a payment from before phase 2: its own phase-1
 * document), or null while none is issued.
 */
export async function paymentDetails(db: DbOrTx, id: string) {
  const payment = await loadPayment(db, id);
  const [order] = await db
    .select({
      _id: orders._id,
      number: orders.number,
      total: orders.total,
      paid: orders.paid,
      invoiced: orders.invoiced,
      adjusted: orders.adjusted,
      uninvoiced: orders.uninvoiced,
      balance: orders.balance,
      pending: orders.pending,
      outstanding: orders.outstanding,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders._id, String(payment.order)));
  const [invoice] = await db
    .select({
      _id: einvoices._id,
      number: einvoices.number,
      kind: einvoices.kind,
      scope: einvoices.scope,
      status: einvoices.status,
      phase: einvoices.phase,
      total: einvoices.total,
      issuedAt: einvoices.issuedAt,
    })
    .from(einvoices)
    .where(
      or(
        eq(einvoices.payment, id),
        and(
          eq(einvoices.order, String(payment.order)),
          eq(einvoices.kind, 'invoice'),
          eq(einvoices.phase, 2),
        ),
      ),
    )
    .orderBy(desc(einvoices.phase), desc(einvoices.seq))
    .limit(1);
  return {
    ...(payment as Row & { status: string; number: number }),
    order,
    allowedStatuses: paymentTransitions[payment.status as PaymentStatus] ?? [],
    invoice: invoice ?? null,
  };
}
