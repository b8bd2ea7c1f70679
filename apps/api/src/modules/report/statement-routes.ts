import {
  fileOut,
  formatGregorianDate,
  riyadhDayBounds,
  riyadhDayOf,
  statementOut,
  whatsappMessageOut,
} from '@idara/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import { contentDisposition } from '../../http/export';
import { guarded } from '../../http/guarded';
import { htmlToPdf, requesterOf } from '../../http/pdf';
import { publicOrigin } from '../../http/public-origin';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { assertLinkOpens, signExpiringLink } from '../../lib/signed-links';
import { sellerAsSet } from '../invoice/parties';
import { presentMessage, pushMessage, sendToCustomer, serviceWindow } from '../whatsapp/service';
import { reportTags as tags } from './common';
import { statementHtml } from './statement-html';
import {
  assertHasHistory,
  type CustomerStatementData,
  customerStatement,
  type StatementPeriod,
  statementJson,
  statementPeriod,
} from './statement-query';

const signedQuery = statementPeriod.and(
  z.object({ sig: z.string().max(100).optional(), exp: z.string().max(10).optional() }),
);
const pdfName = (s: CustomerStatementData) => `كشف-حساب-${s.customer.name}-${s.from}-${s.to}`;
/** What a signed statement link opens: one customer's one period. */
const linkSubject = (id: string, p: StatementPeriod) => `${id}:${p.from}:${p.to}`;

async function statementPdf(app: FastifyInstance, s: CustomerStatementData, requester: string) {
  return htmlToPdf(await statementHtml(s, await sellerAsSet(app.db), new Date()), { requester });
}

const sendPdf = (reply: FastifyReply, pdf: Buffer, name: string, inline: boolean) => {
  const disposition = contentDisposition(name, 'pdf');
  return reply
    .type('application/pdf')
    .header('content-disposition', inline ? disposition.replace(/^attachment/, 'inline') : disposition)
    .header('cache-control', 'private, no-store')
    .send(pdf);
};

/** The customer statement (كشف حساب) under `/api/customer` (docs/API.md "Reports"). */
export const statementRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/:id/statement',
    guarded('report:aging', {
      tags,
      params: idParams,
      querystring: statementPeriod,
      response: { 200: statementOut },
    }),
    async (req) =>
      statementJson(await customerStatement(app.db, req.params.id, req.query as StatementPeriod)),
  );

  app.get(
    '/:id/statement.pdf',
    guarded('report:aging', {
      tags,
      params: idParams,
      querystring: statementPeriod,
      response: { 200: fileOut('application/pdf') },
    }),
    async (req, reply) => {
      const s = await customerStatement(app.db, req.params.id, req.query as StatementPeriod);
      assertHasHistory(s);
      return sendPdf(reply, await statementPdf(app, s, requesterOf(req)), pdfName(s), false);
    },
  );

  // The link a customer receives over WhatsApp: opens their statement without an account.
  app.get(
    '/:id/statement/document.pdf',
    {
      config: { public: true },
      schema: {
        tags,
        params: idParams,
        querystring: signedQuery,
        response: { 200: fileOut('application/pdf') },
      },
    },
    async (req, reply) => {
      const period = req.query as StatementPeriod & { sig?: string; exp?: string };
      await assertLinkOpens(app.db, 'statement', linkSubject(req.params.id, period), period, 'كشف الحساب');
      const s = await customerStatement(app.db, req.params.id, period);
      assertHasHistory(s);
      return sendPdf(reply, await statementPdf(app, s, requesterOf(req)), pdfName(s), true);
    },
  );

  /**
   * Sends the statement over WhatsApp: the PDF as a document inside the customer's 24-hour service
   * window, the approved `statement_link` template with its signed link outside it (kept in the
   * outbox when WhatsApp is not configured). The message and its activity row in one transaction.
   */
  app.post(
    '/:id/statement/send',
    guarded(['report:aging', 'customer:send:messages'], {
      tags,
      params: idParams,
      body: statementPeriod,
      response: { 201: whatsappMessageOut },
    }),
    async (req, reply) => {
      const period = req.body as StatementPeriod;
      if (period.to > riyadhDayOf(new Date())) {
        const message = 'لا يُرسل كشف حساب لفترة تنتهي بعد اليوم: اختر نهاية الفترة اليوم أو قبله';
        throw new AppError(422, message, { fieldErrors: { to: message } });
      }
      const s = await customerStatement(app.db, req.params.id, period);
      if (!s.customer.whatsappNumber)
        throw new AppError(
          422,
          `لا يوجد رقم واتساب للعميل «${s.customer.name}»؛ أضفه في بيانات العميل ثم أعد الإرسال`,
        );
      assertHasHistory(s);
      const { exp, sig } = await signExpiringLink(app.db, 'statement', linkSubject(s.customer._id, period));
      const link = `${publicOrigin(app.config)}/api/customer/${s.customer._id}/statement/document.pdf?from=${period.from}&to=${period.to}&exp=${exp}&sig=${sig}`;
      const json = statementJson(s);
      const day = (d: string) => formatGregorianDate(riyadhDayBounds(d).noon);
      const actor = actorOf(req);
      const { row } = await app.db.transaction(async (tx) =>
        sendToCustomer(
          tx,
          app.whatsapp.channel,
          actor,
          s.customer._id,
          (await serviceWindow(tx, s.customer._id)).open
            ? {
                kind: 'media',
                media: {
                  type: 'document',
                  link,
                  fileName: `${pdfName(s)}.pdf`,
                  caption: `كشف حساب من ${day(s.from)} إلى ${day(s.to)} — الرصيد ${json.closing} ر.س`,
                },
              }
            : {
                kind: 'template',
                template: 'statement_link',
                params: {
                  customerName: s.customer.name,
                  from: day(s.from),
                  to: day(s.to),
                  closing: json.closing,
                  link,
                },
              },
          {
            topic: `statement:${period.from}:${period.to}`,
            withinMs: 60 * 60 * 1000,
            message: `أُرسل كشف الحساب نفسه للعميل «${s.customer.name}» خلال الساعة الماضية: لا يُرسل مرتين`,
          },
        ),
      );
      const message = presentMessage(row, actor.actorName);
      await pushMessage(app, 'message', message);
      app.whatsapp.dispatcher?.kick();
      return reply.status(201).send(message);
    },
  );
};
