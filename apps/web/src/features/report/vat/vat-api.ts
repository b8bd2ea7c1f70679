import type { VatFigure } from '@idara/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/report/vat` for the period (docs/API.md "VAT return"); errors shown in place. */
export function useVatReturn(from: string, to: string) {
  return useQuery({
    queryKey: ['report', 'vat', from, to],
    queryFn: ({ signal }) => api('/api/report/vat', { query: { from, to }, stopAlert: true, signal }),
  });
}

/** One page of the documents behind a figure, with the sums over all of them. */
export function useVatDocuments(from: string, to: string, figure: VatFigure | null, page: number) {
  return useQuery({
    queryKey: ['report', 'vat', 'documents', from, to, figure, page],
    enabled: figure !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api('/api/report/vat/documents', {
        query: { from, to, figure: figure as VatFigure, page, limit: DOCUMENTS_PAGE },
        stopAlert: true,
        signal,
      }),
  });
}

export const DOCUMENTS_PAGE = 20;
