import type { creditNoteBody, EinvoiceDetails, EinvoiceRow } from '@idara/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { downloadFile } from '../../components/export/export-store';
import { api, apiFetch } from '../../lib/api';
import { useRecordById } from '../../lib/record-query';

/** Issued tax invoices, credit notes and debit notes (docs/API.md "E-invoices"). */
export const INVOICE_PATH = '/api/invoice';
export const INVOICE_BASE = '/dashboard/invoice';
export const documentPath = (id: string) => `${INVOICE_BASE}/${id}`;

/** A row of `GET /api/invoice`. */
/** `GET /api/invoice/:id`. */
export type { EinvoiceDetails, EinvoiceRow };

export const einvoiceKey = (id: string) => ['einvoice', id] as const;

export function useEinvoice(id: string | undefined) {
  return useRecordById(einvoiceKey, id, (id) => api(`${INVOICE_PATH}/${id}`));
}

/** The server's one drawing of the document (the same HTML the PDF prints). */
export function useEinvoiceHtml(id: string | undefined) {
  return useQuery({
    queryKey: ['einvoice-html', id ?? ''],
    queryFn: async () =>
      (await apiFetch(`${INVOICE_PATH}/${id}/html`, { headers: { Accept: 'text/html' } })).text(),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY, // an issued document never changes
  });
}

/** A note's body: what the domain's `creditNoteBody` gives the form's values. */
export type NoteInput = z.output<typeof creditNoteBody>;

export function issueNote(id: string, kind: 'credit' | 'debit', input: NoteInput) {
  return api(`${INVOICE_PATH}/${id}/${kind}-note`, {
    method: 'POST',
    body: input,
    stopAlert: true,
  });
}

export function issueOrderInvoice(orderId: string) {
  return api(`/api/order/${orderId}/invoice`, { method: 'POST' });
}

export function refreshAfterDocument(queryClient: QueryClient) {
  for (const key of [
    'einvoice',
    'einvoice-html',
    INVOICE_PATH,
    '/api/order',
    '/api/payment',
    'order',
    'payment',
  ])
    void queryClient.invalidateQueries({ queryKey: [key] });
}

/** Downloads the PDF or XML with the bearer token, under the name the server gives. */
export function downloadDocument(id: string, format: 'pdf' | 'xml', fallbackName: string) {
  return downloadFile(
    `${INVOICE_PATH}/${id}/${format}`,
    format === 'pdf' ? 'application/pdf' : 'application/xml',
    fallbackName,
  );
}
