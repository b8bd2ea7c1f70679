import {
  creditNoteBody,
  einvoiceCountsInTotals,
  einvoiceDetailsOut,
  einvoiceKindLabels,
  einvoiceListOut,
  einvoiceScopeLabels,
  einvoiceSignInTotals,
  einvoiceStatusLabels,
  entityNouns,
  fileOut,
  fromHalalas,
} from '@idara/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { einvoices } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { contentDisposition, labelColumn } from '../../http/export';
import { registerExportRoute } from '../../http/export-route';
import { guarded } from '../../http/guarded';
import { listWithMoneyTotals } from '../../http/list-totals';
import { requesterOf } from '../../http/pdf';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { recordActivity } from '../../lib/activity';
import { countedDocuments } from './counted';
import { documentHtml } from './document-html';
import { documentPdf, openSharedDocument, sendDocumentPdf } from './document-pdf';
import { creditableOf, issueNote, issueOrderInvoice } from './issue';
import { einvoiceResource } from './resource';

const tags = ['invoice'];

/** A document as the API shows it: the frozen row, its notes, and what a credit note may still take. */
export async function einvoiceDetails(db: DbOrTx, id: string) {
  const [row] = await db.select().from(einvoices).where(eq(einvoices._id, id));
  if (!row) throw notFound(entityNouns.einvoice);
  const notes = await db
    .select({
      _id: einvoices._id,
      kind: einvoices.kind,
      number: einvoices.number,
      total: einvoices.total,
      issuedAt: einvoices.issuedAt,
      status: einvoices.status,
    })
    .from(einvoices)
    .where(eq(einvoices.corrects, id))
    .orderBy(einvoices.seq);
  const { xml: _xml, searchText: _s, ...rest } = row;
  const details = {
    ...rest,
    icv: row.phase === 2 ? row.seq : null,
    statusLabel: einvoiceStatusLabels[row.status as keyof typeof einvoiceStatusLabels] ?? row.status,
    notes,
    creditable: row.kind === 'invoice' ? fromHalalas((await creditableOf(db, row)).total) : '0.00',
  };
  // The row's kind, scope and status are text columns holding the domain's values.
  return details as typeof details & z.input<typeof einvoiceDetailsOut>;
}

async function loadRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(einvoices).where(eq(einvoices._id, id));
  if (!row) throw notFound(entityNouns.einvoice);
  return row;
}

export const invoiceRoutes: RoutesPlugin = async (app) => {
  const emitIssued = (id: string, actorId: string | null) =>
    app.events.emit('einvoice.issued', { einvoiceId: id, actorId });

  app.get('/', guarded('invoice:read', { tags, response: { 200: einvoiceListOut } }), async (req) => {
    const query = req.query as Record<string, unknown>;
    // Credit notes take away from what was invoiced, and rejected documents count nowhere; the totals say so.
    const signed = (col: typeof einvoices.total | typeof einvoices.vatAmount) =>
      sql`coalesce(sum(case when not (${countedDocuments()}) then 0 when ${einvoices.kind} = 'credit' then -${col} else ${col} end), 0)`;
    const list = await listWithMoneyTotals(app.db, einvoiceResource, query, {
      total: signed(einvoices.total),
      vatAmount: signed(einvoices.vatAmount),
    });
    return list as z.input<typeof einvoiceListOut>;
  });

  registerExportRoute(app, {
    entity: 'einvoice',
    permission: 'invoice:read',
    resource: einvoiceResource,
    export: {
      fileName: 'الفواتير',
      pdf: true,
      signInTotals: (r) => (einvoiceCountsInTotals(r.status) ? einvoiceSignInTotals(r.kind) : 0),
      columns: () => [
        { key: 'number', header: 'الرقم' },
        labelColumn('kind', 'النوع', einvoiceKindLabels),
        labelColumn('scope', 'الفئة', einvoiceScopeLabels),
        { key: 'orderNumber', header: 'رقم الطلب', type: 'number' },
        { key: 'buyerName', header: 'المشتري', width: 28 },
        labelColumn('status', 'الحالة', einvoiceStatusLabels),
        { key: 'total', header: 'الإجمالي شامل الضريبة (ر.س)', type: 'money', total: true },
        { key: 'vatAmount', header: 'الضريبة (ر.س)', type: 'money', total: true },
        { key: 'issuedAt', header: 'تاريخ الإصدار', type: 'datetime' },
      ],
    },
  });

  app.get(
    '/:id',
    guarded('invoice:details', { tags, params: idParams, response: { 200: einvoiceDetailsOut } }),
    async (req) => einvoiceDetails(app.db, req.params.id),
  );

  app.get(
    '/:id/xml',
    guarded('invoice:details', { tags, params: idParams, response: { 200: fileOut('application/xml') } }),
    async (req, reply) => {
      const row = await loadRow(app.db, req.params.id);
      if (!row.xml) throw new AppError(404, 'هذه الوثيقة من المرحلة الأولى وليس لها ملف XML');
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', contentDisposition(row.number, 'xml'))
        .send(row.xml);
    },
  );

  app.get(
    '/:id/html',
    guarded('invoice:details', { tags, params: idParams, response: { 200: fileOut('text/html') } }),
    async (req, reply) => {
      const row = await loadRow(app.db, req.params.id);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await documentHtml(row));
    },
  );

  app.get(
    '/:id/pdf',
    guarded('invoice:details', { tags, params: idParams, response: { 200: fileOut('application/pdf') } }),
    async (req, reply) => {
      const row = await loadRow(app.db, req.params.id);
      const pdf = await documentPdf(row, requesterOf(req));
      await recordActivity(app.db, actorOf(req), {
        action: 'export',
        entity: 'einvoice',
        entityId: row._id,
        summary: `تحميل ${einvoiceKindLabels[row.kind as keyof typeof einvoiceKindLabels]} رقم ${row.number} (PDF)`,
      });
      return sendDocumentPdf(reply, pdf, row.number, false);
    },
  );

  // The link a customer gets: no account, a signature over this document's id.
  app.get(
    '/:id/document.pdf',
    {
      config: { public: true },
      schema: { tags, params: idParams, response: { 200: fileOut('application/pdf') } },
    },
    async (req, reply) => {
      const row = await openSharedDocument(app.db, req.params.id, req.query, (id) => loadRow(app.db, id));
      return sendDocumentPdf(reply, await documentPdf(row, requesterOf(req)), row.number, true);
    },
  );

  for (const kind of ['credit', 'debit'] as const) {
    app.post(
      `/:id/${kind}-note`,
      guarded(`invoice:${kind}`, {
        tags,
        params: idParams,
        body: creditNoteBody,
        response: { 201: einvoiceDetailsOut },
      }),
      async (req, reply) => {
        const row = await app.db.transaction((tx) =>
          issueNote(tx, actorOf(req), req.params.id, kind, req.body),
        );
        emitIssued(row._id, req.user?._id ?? null);
        return reply.status(201).send(await einvoiceDetails(app.db, row._id));
      },
    );
  }
};

/** `POST /api/order/:id/invoice`: the order's tax invoice now, for what is not yet invoiced. */
export const orderInvoiceRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/:id/invoice',
    guarded('invoice:issue', { tags, params: idParams, response: { 201: einvoiceDetailsOut } }),
    async (req, reply) => {
      const row = await app.db.transaction((tx) => issueOrderInvoice(tx, actorOf(req), req.params.id));
      if (!row) throw new AppError(409, 'لا يوجد ما يُفوتر في هذا الطلب: قيمته كلها مفوترة');
      app.events.emit('einvoice.issued', { einvoiceId: row._id, actorId: req.user?._id ?? null });
      return reply.status(201).send(await einvoiceDetails(app.db, row._id));
    },
  );
};
