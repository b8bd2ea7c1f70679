import { randomUUID } from 'node:crypto';
import {
  type EinvoiceLine,
  type EinvoiceSnapshot,
  fromHalalas,
  normalizeArabic,
  paymentCountsInTotals,
  toHalalas,
  zatcaQrBase64,
} from '@idara/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { counters, customers, einvoices, orderItems, orders, payments } from '../../db/schema';
import { getSettings } from '../settings/service';

/**
 * Before phase 2 every payment was shown as a simplified tax invoice, rebuilt from the data of the
 * day on each read. Upgrading freezes each one as it read at that moment into an `einvoices` row
 * (phase 1, status `phase1`, no XML, not chained), numbered by its payment number — counted as
 * invoiced unless its payment was rejected — and starts the
 * document counter after them. Runs once: the 'einvoice' counter row marks it done.
 */
export async function migrateLegacyInvoices(db: Db) {
  await db.transaction(async (tx) => {
    // Lock the counters table row space: one process migrates, the others find the marker.
    await tx.execute(sql`lock table ${counters} in share row exclusive mode`);
    const [marker] = await tx.select().from(counters).where(eq(counters.name, 'einvoice'));
    if (marker) return;
    const settings = await getSettings(tx);
    const seller = { name: settings.companyName, vatNumber: settings.vatNumber, crNumber: '', address: null };
    const rows = await tx
      .select({ payment: payments, order: orders, buyerName: customers.name })
      .from(payments)
      .innerJoin(orders, eq(payments.order, orders._id))
      .innerJoin(customers, eq(payments.customer, customers._id))
      .orderBy(asc(payments.number));
    let last = 0;
    for (const { payment, order, buyerName } of rows) {
      const amount = toHalalas(payment.amount);
      const tax = toHalalas(payment.taxAmount);
      const net = amount - tax;
      let lines: EinvoiceLine[];
      let discount = '0.00';
      if (amount === toHalalas(order.total)) {
        lines = await tx
          .select({
            name: orderItems.name,
            quantity: orderItems.quantity,
            unitPrice: orderItems.unitPrice,
            lineTotal: orderItems.lineTotal,
          })
          .from(orderItems)
          .where(eq(orderItems.order, order._id))
          .orderBy(asc(orderItems.position));
        discount = order.discount;
      } else {
        const part = fromHalalas(net);
        lines = [
          { name: `دفعة من قيمة الطلب رقم ${order.number}`, quantity: 1, unitPrice: part, lineTotal: part },
        ];
      }
      const issuedAt = payment.createdAt;
      const number = String(payment.number);
      const snapshot: EinvoiceSnapshot = {
        kind: 'invoice',
        scope: 'simplified',
        number,
        uuid: randomUUID(),
        issuedAt: issuedAt.toISOString(),
        seller,
        buyer: { name: buyerName, vatNumber: '', crNumber: '', address: null },
        lines,
        subtotal: fromHalalas(net + toHalalas(discount)),
        discount,
        net: fromHalalas(net),
        vatRate: Number(payment.taxRate),
        vatAmount: fromHalalas(tax),
        total: fromHalalas(amount),
        billingReference: null,
        reason: '',
        order: { _id: order._id, number: order.number },
        phase: 1,
      };
      let qr: string | null = null;
      try {
        qr = zatcaQrBase64({
          sellerName: seller.name,
          vatNumber: seller.vatNumber,
          timestamp: issuedAt,
          total: snapshot.total,
          vat: snapshot.vatAmount,
        });
      } catch {
        qr = null; // what it showed then could not be encoded either
      }
      await tx.insert(einvoices).values({
        kind: 'invoice',
        scope: 'simplified',
        phase: 1,
        seq: payment.number,
        number,
        uuid: snapshot.uuid,
        order: order._id,
        customer: payment.customer,
        payment: payment._id,
        snapshot,
        buyerName,
        orderNumber: order.number,
        total: snapshot.total,
        vatAmount: snapshot.vatAmount,
        issuedAt,
        qr,
        status: 'phase1',
        searchText: normalizeArabic(`${number} ${order.number} ${buyerName}`),
      });
      // A rejected payment's invoice stays on record as it was shown, but no money was owed by it.
      if (paymentCountsInTotals(payment.status))
        await tx
          .update(orders)
          .set({ invoiced: sql`${orders.invoiced} + ${amount}` })
          .where(eq(orders._id, order._id));
      last = Math.max(last, payment.number);
    }
    await tx.insert(counters).values({ name: 'einvoice', value: last });
  });
}
