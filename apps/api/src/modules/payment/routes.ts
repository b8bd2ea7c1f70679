import {
  fileOut,
  paymentBody,
  paymentCountsInTotals,
  paymentDetailsOut,
  paymentListOut,
  paymentOut,
  paymentStatusBody,
  paymentStatusLabels,
} from '@idara/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { einvoices, payments } from '../../db/schema';
import { AppError } from '../../http/errors';
import { labelColumn } from '../../http/export';
import { registerExportRoute } from '../../http/export-route';
import { guarded } from '../../http/guarded';
import { listWithMoneyTotals } from '../../http/list-totals';
import { requesterOf } from '../../http/pdf';
import { registerDetailsRoute, registerEditRoute } from '../../http/record-routes';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { recordActivity } from '../../lib/activity';
import { documentPdf, openSharedDocument, sendDocumentPdf } from '../invoice/document-pdf';
import { paymentDetails } from './details';
import { paymentResource } from './resource';
import { changePaymentStatus, createPayment, updatePayment } from './service';

const tags = ['payment'];

export const paymentRoutes: RoutesPlugin = async (app) => {
  app.get('/', guarded('payment:read', { tags, response: { 200: paymentListOut } }), async (req) => {
    const list = await listWithMoneyTotals(app.db, paymentResource, req.query as Record<string, unknown>, {
      // A rejected payment is money that never came: it is listed, not totalled.
      amount: sql`coalesce(sum(${payments.amount}) filter (where ${payments.status} <> 'rejected'), 0)`,
      taxAmount: sql`coalesce(sum(${payments.taxAmount}) filter (where ${payments.status} <> 'rejected'), 0)`,
    });
    return list as z.input<typeof paymentListOut>;
  });

  registerExportRoute(app, {
    entity: 'payment',
    permission: 'payment:read',
    resource: paymentResource,
    export: {
      fileName: 'المدفوعات',
      pdf: true,
      signInTotals: (r) => (paymentCountsInTotals(r.status) ? 1 : 0),
      columns: () => [
        { key: 'number', header: 'رقم السند', type: 'number' },
        { key: 'orderNumber', header: 'رقم الطلب', type: 'number' },
        { key: 'customerName', header: 'العميل', width: 28 },
        { key: 'paymentMethodName', header: 'طريقة الدفع' },
        labelColumn('status', 'الحالة', paymentStatusLabels),
        { key: 'amount', header: 'المبلغ شامل الضريبة (ر.س)', type: 'money', total: true },
        { key: 'taxAmount', header: 'الضريبة (ر.س)', type: 'money', total: true },
        { key: 'dueDate', header: 'تاريخ الاستحقاق' },
        { key: 'paidAt', header: 'تاريخ السداد', type: 'datetime' },
        { key: 'createdAt', header: 'تاريخ التسجيل', type: 'datetime' },
      ],
    },
  });

  registerDetailsRoute(app, 'payment:details', { tags, answer: paymentDetailsOut, load: paymentDetails });

  /** The document a payment's PDF shows: the invoice it pays (404 in Arabic while none is issued). */
  async function paidDocument(id: string) {
    const details = await paymentDetails(app.db, id);
    if (!details.invoice)
      throw new AppError(404, 'لم تصدر فاتورة ضريبية لهذا الطلب بعد: تصدر عند السداد أو إكمال الطلب');
    const [row] = await app.db.select().from(einvoices).where(eq(einvoices._id, details.invoice._id));
    return row;
  }

  app.get(
    '/:id/pdf',
    guarded('payment:details', { tags, params: idParams, response: { 200: fileOut('application/pdf') } }),
    async (req, reply) => {
      const row = await paidDocument(req.params.id);
      const pdf = await documentPdf(row, requesterOf(req));
      await recordActivity(app.db, actorOf(req), {
        action: 'export',
        entity: 'einvoice',
        entityId: row._id,
        summary: `تحميل الفاتورة رقم ${row.number} (PDF)`,
      });
      return sendDocumentPdf(reply, pdf, `فاتورة-${row.number}`, false);
    },
  );

  // Links sent before phase 2 named the payment: they open the invoice it pays.
  app.get(
    '/:id/invoice.pdf',
    {
      config: { public: true },
      schema: { tags, params: idParams, response: { 200: fileOut('application/pdf') } },
    },
    async (req, reply) => {
      const row = await openSharedDocument(app.db, req.params.id, req.query, paidDocument);
      return sendDocumentPdf(reply, await documentPdf(row, requesterOf(req)), `فاتورة-${row.number}`, true);
    },
  );

  app.post(
    '/',
    guarded('payment:create', { tags, body: paymentBody, response: { 201: paymentOut } }),
    async (req, reply) => {
      const { payment, orderNumber } = await app.db.transaction((tx) =>
        createPayment(tx, actorOf(req), req.body),
      );
      app.events.emit('payment.created', {
        paymentId: String(payment._id),
        number: Number(payment.number),
        orderNumber,
        amount: String(payment.amount),
        actorId: req.user?._id ?? null,
      });
      return reply.status(201).send(payment as z.input<typeof paymentOut>);
    },
  );

  registerEditRoute(app, 'payment:update', {
    tags,
    body: paymentBody,
    answer: paymentOut,
    edit: updatePayment,
  });

  // Which permission a move needs depends on the move (domain paymentTransitionPermission).
  app.post(
    '/:id/status',
    guarded('payment:details', {
      tags,
      params: idParams,
      body: paymentStatusBody,
      response: { 200: paymentDetailsOut },
    }),
    async (req) => {
      const actor = { ...actorOf(req), permissions: req.user!.permissions };
      const { payment, requestedBy, issued } = await app.db.transaction((tx) =>
        changePaymentStatus(
          tx,
          actor,
          req.params.id,
          req.body.status,
          req.body.reason,
          req.body.overrideReason,
        ),
      );
      if (issued) app.events.emit('einvoice.issued', { einvoiceId: issued, actorId: req.user?._id ?? null });
      app.events.emit('payment.status', {
        paymentId: String(payment._id),
        number: Number(payment.number),
        status: req.body.status as 'approved' | 'rejected' | 'paid',
        requestedBy,
        actorId: req.user?._id ?? null,
      });
      return (await paymentDetails(app.db, req.params.id)) as z.input<typeof paymentDetailsOut>;
    },
  );
};
