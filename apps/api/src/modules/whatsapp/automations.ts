import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { customers, einvoices, orders } from '../../db/schema';
import { publicOrigin } from '../../http/public-origin';
import { signExpiringLink } from '../../lib/signed-links';
import { getSettings } from '../settings/service';
import { canonicalPhone, presentMessage, pushMessage, queueMessage, renderTemplate } from './service';

/** Where a customer opens an issued document without an account (signed link). */
export async function documentLink(app: FastifyInstance, einvoiceId: string) {
  const { exp, sig } = await signExpiringLink(app.db, 'invoice', einvoiceId);
  return `${publicOrigin(app.config)}/api/invoice/${einvoiceId}/document.pdf?exp=${exp}&sig=${sig}`;
}

/**
 * Messages the system sends customers on its own, each switched by a settings toggle: an order's
 * confirmation (newOrder), and each issued tax invoice or note with its signed link (payPayment),
 * once. Kept in the outbox when WhatsApp is not configured.
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

  /**
   * Customers hear about issued documents only, once each (claimed with customer_notified_at, so two
   * nodes or a repeated event never send twice): simplified ones at issue, standard ones once ZATCA
   * has cleared them (before that they are not final), documents of an unconnected business at issue.
   */
  const sendDocument = (einvoiceId: string, actorId: string | null) =>
    safely(async () => {
      if (!(await getSettings(app.db)).payPayment) return;
      const [claimed] = await app.db
        .update(einvoices)
        .set({ customerNotifiedAt: new Date() })
        .where(
          and(
            eq(einvoices._id, einvoiceId),
            isNull(einvoices.customerNotifiedAt),
            or(eq(einvoices.scope, 'simplified'), inArray(einvoices.status, ['cleared', 'not_connected'])),
            ne(einvoices.status, 'rejected'),
          ),
        )
        .returning({
          number: einvoices.number,
          customer: einvoices.customer,
          buyerName: einvoices.buyerName,
        });
      if (!claimed) return;
      await sendTemplate(
        claimed.customer,
        'invoice_link',
        {
          customerName: claimed.buyerName,
          invoiceNumber: claimed.number,
          link: await documentLink(app, einvoiceId),
        },
        actorId,
      );
    });

  app.events.on('einvoice.issued', ({ einvoiceId, actorId }) => sendDocument(einvoiceId, actorId));
  app.events.on('einvoice.cleared', ({ einvoiceId }) => sendDocument(einvoiceId, null));
}
