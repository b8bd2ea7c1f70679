import { fileOut } from '@idara/domain';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { htmlToPdf, requesterOf } from '../../http/pdf';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { assertLinkOpens } from '../../lib/signed-links';
import { sendDocumentPdf } from '../invoice/document-pdf';
import { loadVisitReport, noVisitWork, type VisitWorkSource } from './report-data';
import { visitReportHtml } from './report-html';

const tags = ['visit'];
const pdf = fileOut('application/pdf');
const signedQuery = z.object({ sig: z.string().max(100).optional(), exp: z.string().max(10).optional() });

/** The visit's report as a PDF, and its file name. */
export async function visitReportPdf(db: DbOrTx, id: string, requester: string, work: VisitWorkSource) {
  const report = await loadVisitReport(db, id, work);
  return {
    pdf: await htmlToPdf(await visitReportHtml(report), { requester }),
    fileName: `تقرير-الزيارة-${report.visit.number}`,
  };
}

/**
 * The visit report for the customer, through the signed link its done message carries. `work`
 * reads the visit's answers and files (the app passes the technician's stored work:
 * modules/visit/stored-work.ts). The office's and the technician's `/:id/report.pdf` is the visit
 * module's (modules/visit/report.ts), which knows whose visit it is.
 */
export const visitReportRoutes: RoutesPlugin<{ work?: VisitWorkSource }> = async (app, opts) => {
  const work = opts.work ?? noVisitWork;
  app.get(
    '/:id/document.pdf',
    {
      config: { public: true },
      schema: { tags, params: idParams, querystring: signedQuery, response: { 200: pdf } },
    },
    async (req, reply) => {
      await assertLinkOpens(app.db, 'visitReport', req.params.id, req.query, 'تقرير الزيارة');
      const { pdf, fileName } = await visitReportPdf(app.db, req.params.id, requesterOf(req), work);
      return sendDocumentPdf(reply, pdf, fileName, true);
    },
  );
};
