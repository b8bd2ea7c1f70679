import { entityNouns } from '@idara/domain';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { einvoices } from '../../db/schema';
import { contentDisposition } from '../../http/export';
import { htmlToPdf } from '../../http/pdf';
import { assertLinkOpens } from '../../lib/signed-links';
import { documentHtml } from './document-html';
import { assertMayReachCustomer } from './sharing';

type Document = typeof einvoices.$inferSelect;

/** The document printed as a PDF, in the requester's turn of the PDF queue. */
export async function documentPdf(row: Document, requester: string) {
  return htmlToPdf(await documentHtml(row), { requester });
}

/**
 * Answers the PDF as `fileName`.pdf: a download for a signed-in user, or for a customer's `shared`
 * link shown in the browser and kept out of shared caches.
 */
export function sendDocumentPdf(reply: FastifyReply, pdf: Buffer, fileName: string, shared: boolean) {
  const disposition = contentDisposition(fileName, 'pdf');
  return reply
    .type('application/pdf')
    .header('content-disposition', shared ? disposition.replace(/^attachment/, 'inline') : disposition)
    .header('cache-control', shared ? 'private, no-store' : 'no-store')
    .send(pdf);
}

/**
 * A customer's link to an invoice document (no account: a signature over `id`): opened when the
 * signature holds and the document may reach the customer; the document is `load`ed in between.
 */
export async function openSharedDocument(
  db: DbOrTx,
  id: string,
  query: unknown,
  load: (id: string) => Promise<Document>,
) {
  await assertLinkOpens(db, 'invoice', id, query as Record<string, unknown>, entityNouns.einvoice);
  const row = await load(id);
  assertMayReachCustomer(row);
  return row;
}
