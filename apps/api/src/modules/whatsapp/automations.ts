import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { customers, orders, payments } from '../../db/schema';
import { publicOrigin } from '../../http/public-origin';
import { signLink } from '../../lib/signed-links';
import { getSettings } from '../settings/service';
import { canonicalPhone, presentMessage, pushMessage, queueMessage, renderTemplate } from './service';

/** Where a customer opens their invoice without an account (signed link). */
export async function invoiceLink(app: FastifyInstance, paymentId: string) {
  return `${publicOrigin(app.config)}/api/payment/${paymentId}/invoice.pdf?sig=${await signLink(app.db, 'invoice', paymentId)}`;
}

/**
 * Messages the system sends customers on its own, each switched by the settings toggle of its event:
 * an order's confirmation (newOrder) and a receipt with the invoice link when a payment is recorded
 * (newPayment) or paid (payPayment). Kept in the outbox when WhatsApp is not configured.
 */
export function registerWhatsappAutomations(app: FastifyInstance, kick: () => void) {
  const channel = app.whatsapp.channel;

  async function sendTemplate(
    customerId: string,
    template: string,
    params: Record<string, string>,
    actorId: string | null,
  ) {
    const [customer] = await app.db
      .select({ phoneNumber: customers.phoneNumber, whatsappNumber: customers.whatsappNumber })
      .from(customers)
      .where(eq(customers._id, customerId));
    if (!customer) return;
    const { row, created } = await app.db.transaction((tx) =>
      queueMessage(tx, channel, {
        customer: customerId,
        phone: canonicalPhone(customer.whatsappNumber || customer.phoneNumber),
        kind: 'template',
        template,
        templateParams: params,
        body: renderTemplate(template, params),
        purpose: 'conversation',
        sentBy: actorId,
      }),
    );
    if (!created) return;
    await pushMessage(app, 'message', presentMessage(row));
    kick();
  }

  const safely = (work: () => Promise<void>) =>
    work().catch((err) => app.log.error({ err }, 'whatsapp automation failed'));

  app.events.on('order.created', ({ orderId, actorId }) =>
    safely(async () => {
      if (!(await getSettings(app.db)).newOrder) return;
      const [order] = await app.db
        .select({
          number: orders.number,
          total: orders.total,
          customer: orders.customer,
          name: customers.name,
        })
        .from(orders)
        .innerJoin(customers, eq(customers._id, orders.customer))
        .where(eq(orders._id, orderId));
      if (!order) return;
      await sendTemplate(
        order.customer,
        'order_confirmation',
        { customerName: order.name, orderNumber: String(order.number), total: order.total },
        actorId,
      );
    }),
  );

  const receipt = (paymentId: string, actorId: string | null) =>
    safely(async () => {
      const [payment] = await app.db
        .select({ number: payments.number, customer: payments.customer, name: customers.name })
        .from(payments)
        .innerJoin(customers, eq(customers._id, payments.customer))
        .where(eq(payments._id, paymentId));
      if (!payment) return;
      await sendTemplate(
        payment.customer,
        'invoice_link',
        {
          customerName: payment.name,
          invoiceNumber: String(payment.number),
          link: await invoiceLink(app, paymentId),
        },
        actorId,
      );
    });

  app.events.on('payment.created', ({ paymentId, actorId }) =>
    safely(async () => {
      if ((await getSettings(app.db)).newPayment) await receipt(paymentId, actorId);
    }),
  );
  app.events.on('payment.status', ({ paymentId, status, actorId }) =>
    safely(async () => {
      if (status === 'paid' && (await getSettings(app.db)).payPayment) await receipt(paymentId, actorId);
    }),
  );
}
