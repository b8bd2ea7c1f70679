import { fileOut } from '@idara/domain';
import type { CrudKit, RoutesApp } from '../../http/crud';
import { guardedAny } from '../../http/guarded';
import { requesterOf } from '../../http/pdf';
import { idParams } from '../../http/route-params';
import { sendDocumentPdf } from '../invoice/document-pdf';
import { visitReportPdf } from '../visit-messages/report-routes';
import { storedVisitWork } from './stored-work';

/**
 * `GET /api/visit/:id/report.pdf`: the visit report (checklist answers, photos, signature,
 * equipment) for the office (`visit:details`) and for a technician on a visit of theirs
 * (`visit:work`, to show the customer on the spot); anyone else's visit is 404.
 */
export function registerVisitReport(app: RoutesApp, kit: CrudKit) {
  app.get(
    '/:id/report.pdf',
    guardedAny(['visit:details', 'visit:work'], {
      tags: ['visit'],
      params: idParams,
      response: { 200: fileOut('application/pdf') },
    }),
    async (req, reply) => {
      kit.assertMay(req.user!, 'visit:details', await kit.load(app.db, req.params.id));
      const { pdf, fileName } = await visitReportPdf(
        app.db,
        req.params.id,
        requesterOf(req),
        storedVisitWork,
      );
      return sendDocumentPdf(reply, pdf, fileName, false);
    },
  );
}
